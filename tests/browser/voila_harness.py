"""A real Voila server on the lessons and a headless Chromium: shared by the browser tests and
``scripts/screenshots.py``.  Voila runs with the same settings as ``make serve`` (``voila.json``
at the repo root, the ``tutor`` template from ``share/jupyter``), on a free loopback port."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
WIDGET = ".tt-trump-ladder .tt-chip"  # present once the start page's widget has rendered


def free_port() -> int:
    """A loopback port that nobody listens on (the kernel picks it)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def voila_command(port: int) -> list[str]:
    return [sys.executable, "-m", "voila", "lessons", f"--port={port}", "--Voila.ip=127.0.0.1",
            "--Voila.port_retries=0", "--no-browser"]


def voila_env() -> dict[str, str]:
    """The environment with the repo's ``share/jupyter`` first on JUPYTER_PATH (the template)."""
    env = dict(os.environ)
    paths = [str(REPO / "share" / "jupyter"), env.get("JUPYTER_PATH", "")]
    env["JUPYTER_PATH"] = os.pathsep.join(p for p in paths if p)
    return env


def _wait_until_up(url: str, proc: subprocess.Popen, log: Path, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"Voila exited with {proc.returncode}:\n{log.read_text()}")
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.3)
    raise RuntimeError(f"Voila did not answer {url} in {timeout:.0f} s:\n{log.read_text()}")


@contextmanager
def voila_server(log: Path, timeout: float = 90) -> Iterator[str]:
    """Start Voila in its own process group; yield its base URL; then stop the whole group."""
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    with open(log, "wb") as out:
        proc = subprocess.Popen(voila_command(port), cwd=REPO, env=voila_env(), stdout=out,
                                stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                start_new_session=True)
    previous = signal.signal(signal.SIGTERM, _interrupt)  # a killed run still stops Voila
    try:
        _wait_until_up(url, proc, log, timeout)
        yield url
    finally:
        signal.signal(signal.SIGTERM, previous)
        _stop(proc)


def _interrupt(signum, frame):
    raise KeyboardInterrupt(f"signal {signum}")


def _stop(proc: subprocess.Popen) -> None:
    """SIGTERM the process group (Voila and its kernels), SIGKILL it if it lingers."""
    for sig, grace in ((signal.SIGTERM, 15), (signal.SIGKILL, 5)):
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            break
        try:
            proc.wait(grace)
            break
        except subprocess.TimeoutExpired:
            continue
    try:  # kernels that outlived Voila in the same group
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def launch_chromium(playwright):
    """Debian's Chromium, headless, with no traffic of its own (this machine has no network)."""
    if not Path(CHROMIUM).exists():
        raise RuntimeError(f"{CHROMIUM} is missing: apt-get install chromium")
    return playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
