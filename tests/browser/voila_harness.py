"""A real Voila server on the lessons and a headless Chromium: shared by the browser tests,
``bench/voila_pages.py`` and ``scripts/screenshots.py``.  Voila runs with the same settings as
``make serve`` (``voila.json`` at the repo root, the ``tutor`` template from ``share/jupyter``),
on a free loopback port.

Also here: the lessons (discovered), waiting for a notebook page to be ready, the kernel
processes of one Voila server (read from /proc) and their memory."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

REPO = Path(__file__).resolve().parents[2]
LESSONS = REPO / "lessons"
ARTEFACTS = REPO / "test-artefacts"  # screenshots the browser tests leave behind (gitignored)
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
WIDGET = ".tt-trump-ladder .tt-chip"  # present once the start page's widget has rendered
# The first thing a learner can press: a button of a widget (not a static button in a cell).
INTERACTIVE = (".jupyter-widgets:is(.widget-button, .widget-toggle-button, button), "
               ".jupyter-widgets :is(.widget-button, .widget-toggle-button, button)")
WIDGET_VIEW_MIME = "application/vnd.jupyter.widget-view+json"
LOAD_TIMEOUT = 120_000  # ms: the first kernel start on a busy CI machine can be slow

T = TypeVar("T")


def free_port() -> int:
    """A loopback port that nobody listens on (the kernel picks it)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def voila_command(port: int, root: str | Path = "lessons", extra: Iterable[str] = ()) -> list[str]:
    """``make serve``'s command line on ``port`` (``extra`` options override voila.json)."""
    return [sys.executable, "-m", "voila", str(root), f"--port={port}", "--Voila.ip=127.0.0.1",
            "--Voila.port_retries=0", "--no-browser", *extra]


def voila_env() -> dict[str, str]:
    """The environment with the repo's ``share/jupyter`` first on JUPYTER_PATH (the template)."""
    env = dict(os.environ)
    paths = [str(REPO / "share" / "jupyter"), env.get("JUPYTER_PATH", "")]
    env["JUPYTER_PATH"] = os.pathsep.join(p for p in paths if p)
    return env


def lesson_notebooks(root: Path = LESSONS) -> list[str]:
    """Every notebook Voila serves from ``root``, as paths relative to it, the start page
    first; new lessons are picked up without touching the tests."""
    found = sorted(p.relative_to(root).as_posix() for p in root.rglob("*.ipynb")
                   if ".ipynb_checkpoints" not in p.parts)
    return sorted(found, key=lambda name: name != "index.ipynb")


def render_url(base_url: str, notebook: str, query: str = "", steps: bool = False) -> str:
    """The page of ``notebook``, with ``query`` ("lang=fr").  A lesson of a track opens as one
    page (``steps=off``: the step bar's "Whole lesson", static/steps.js) unless ``steps``:
    the tests of a widget find it wherever it is; the page pass and the steps' own tests
    (test_steps.py) open lessons in steps, as a learner does."""
    lesson = "/" in notebook.strip("/")
    parts = [q for q in (query.lstrip("?&"), "steps=off" if lesson and not steps else "") if q]
    return f"{base_url}voila/render/{notebook}" + ("?" + "&".join(parts) if parts else "")


def voila_config(path: Path = REPO / "voila.json") -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def pool_sizes(notebooks: Iterable[str], config: dict | None = None) -> dict[str, int]:
    """How many preheated kernels Voila keeps waiting for each notebook under ``config``
    (voila.json by default): ``VoilaKernelManager.kernel_pools_config`` when
    ``VoilaConfiguration.preheat_kernel`` is on, as voila/voila_kernel_manager.py reads it."""
    config = voila_config() if config is None else config
    voila = config.get("VoilaConfiguration", {})
    if not voila.get("preheat_kernel", False):
        return {name: 0 for name in notebooks}
    manager = config.get("VoilaKernelManager", {})
    pools = manager.get("kernel_pools_config",
                        {"default": {"pool_size": voila.get("default_pool_size", 1)}})
    default = pools.get("default", {})
    denied = manager.get("preheat_denylist", [])
    sizes = {}
    for name in notebooks:
        size = pools.get(name, default).get("pool_size", default.get("pool_size", 1))
        if any(pattern in name or re.match(pattern, name) for pattern in denied):
            size = 0
        sizes[name] = max(size, 0)
    return sizes


# --------------------------------------------------------------------------- the server


@dataclass
class VoilaServer:
    """A running Voila: its base URL, its process id (kernels are its children) and its log."""

    url: str
    pid: int
    log: Path

    def kernels(self) -> dict[str, int]:
        return kernel_processes(self.pid)

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")


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
def running_voila(log: Path, *, root: str | Path = "lessons", extra: Iterable[str] = (),
                  cwd: Path = REPO, timeout: float = 90,
                  port: int | None = None) -> Iterator[VoilaServer]:
    """Start Voila on ``root`` in its own process group, from ``cwd`` (where it reads
    ``voila.json``), on ``port`` (default: a free one); yield it; then stop it and every
    kernel it started."""
    port = port or free_port()
    url = f"http://127.0.0.1:{port}/"
    with open(log, "wb") as out:
        proc = subprocess.Popen(voila_command(port, root, extra), cwd=cwd, env=voila_env(),
                                stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                start_new_session=True)
    previous = signal.signal(signal.SIGTERM, _interrupt)  # a killed run still stops Voila
    try:
        _wait_until_up(url, proc, log, timeout)
        yield VoilaServer(url, proc.pid, log)
    finally:
        signal.signal(signal.SIGTERM, previous)
        _stop(proc)


@contextmanager
def voila_server(log: Path, timeout: float = 90) -> Iterator[str]:
    """``running_voila`` with ``make serve``'s settings, yielding only its base URL."""
    with running_voila(log, timeout=timeout) as server:
        yield server.url


def _interrupt(signum, frame):
    raise KeyboardInterrupt(f"signal {signum}")


def _stop(proc: subprocess.Popen) -> None:
    """SIGTERM Voila's process group (Voila shuts its kernels down), SIGKILL it if it lingers.
    Kernels run in sessions of their own, so any that outlive Voila are killed one by one."""
    kernels = set(kernel_processes(proc.pid).values())
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
    try:  # anything left in Voila's own group
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    for pid in kernels:  # kernels that outlived Voila (they are orphans now, not our children)
        if _is_kernel(pid):
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass


# --------------------------------------------------------------------------- kernels (/proc)

_KERNEL_FILE = re.compile(r"kernel-([0-9a-f-]{36})\.json\b")


def _cmdline(pid: int) -> list[str]:
    try:
        raw = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return []
    return [part.decode(errors="replace") for part in raw.split(b"\0") if part]


def _ppid(pid: int) -> int | None:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    # "pid (comm) state ppid ...": comm may hold spaces and parentheses, so split after it
    return int(stat.rsplit(")", 1)[1].split()[1])


def _kernel_id(pid: int) -> str | None:
    args = _cmdline(pid)
    if not any("ipykernel" in arg for arg in args):
        return None
    for arg in args:
        match = _KERNEL_FILE.search(arg)
        if match:
            return match.group(1)
    return None


def _is_kernel(pid: int) -> bool:
    return _kernel_id(pid) is not None


def kernel_processes(server_pid: int) -> dict[str, int]:
    """The running kernels of one Voila server: {kernel id: pid}.

    A kernel is a child process of the Voila process (jupyter_client starts it with
    ``python -m ipykernel_launcher -f .../kernel-<id>.json``), or of its kernel zygote
    (``tutor_server.zygote``, whose forks take that command as their process title); its id
    is read from that connection-file argument.  Other servers' kernels on the same machine
    are not counted."""
    parents = {int(e): _ppid(int(e)) for e in os.listdir("/proc") if e.isdigit()}
    ours, grew = {server_pid}, True
    while grew:  # the server's descendants: kernels forked by its zygote too
        more = {pid for pid, parent in parents.items() if parent in ours} - ours
        ours |= more
        grew = bool(more)
    kernels = {}
    for pid in ours - {server_pid}:
        kernel_id = _kernel_id(pid)
        if kernel_id is not None:
            kernels[kernel_id] = pid
    return kernels


def rss_mib(pid: int) -> float | None:
    """The resident set size of a process in MiB (VmRSS from /proc), None once it has gone."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    match = re.search(r"^VmRSS:\s+(\d+)\s+kB", status, re.MULTILINE)
    return int(match.group(1)) / 1024 if match else None


def cpu_ticks(pid: int) -> int | None:
    """User plus system CPU time of a process, in clock ticks."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return int(fields[11]) + int(fields[12])


def wait_until(condition: Callable[[], T], timeout: float, what: str, interval: float = 0.2) -> T:
    """Poll ``condition`` until it returns something true; return that, or fail after
    ``timeout`` seconds saying ``what`` was awaited."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}")
        time.sleep(interval)


def wait_for_settled_kernels(server: VoilaServer, count: int, timeout: float = 90,
                             quiet: float = 1.0) -> dict[str, int]:
    """Wait until the server runs exactly ``count`` kernels and none has used the CPU (beyond
    a tick) for ``quiet`` seconds: a page's kernel is gone, a preheated pool is full and idle."""
    deadline = time.monotonic() + timeout
    while True:
        kernels = server.kernels()
        if len(kernels) == count:
            before = {pid: cpu_ticks(pid) for pid in kernels.values()}
            time.sleep(quiet)
            after = server.kernels()
            if after == kernels and all(
                    cpu_ticks(pid) is not None and cpu_ticks(pid) - ticks <= 1
                    for pid, ticks in before.items()):
                return kernels
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout:.0f} s waiting for {count} idle "
                                 f"kernel(s); running: {server.kernels()}")
        time.sleep(0.2)


# --------------------------------------------------------------------------- the browser


def launch_chromium(playwright):
    """Debian's Chromium, headless, with no traffic of its own (this machine has no network)."""
    if not Path(CHROMIUM).exists():
        raise RuntimeError(f"{CHROMIUM} is missing: apt-get install chromium")
    return playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)


def page_kernel_id(page) -> str:
    """The id of the kernel behind a rendered notebook page (from its page config)."""
    return page.evaluate(
        "JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")


def open_notebook(page, url: str, timeout: float = LOAD_TIMEOUT, quiet: bool = True) -> None:
    """Go to a notebook page and wait until it is ready to look at: Voila has shown the
    cells, every widget output of the notebook has rendered, the network is quiet (half a
    second with no request: ``quiet=False`` does not wait for it) and the fonts are
    loaded."""
    response = page.goto(url, timeout=timeout)
    assert response is not None and response.ok, f"{url}: {response and response.status}"
    widgets = response.text().count(f'"{WIDGET_VIEW_MIME}"')  # widget outputs in the cells
    page.wait_for_function(
        """(widgets) => !document.getElementById('loading')
             && document.getElementById('rendered_cells')?.style.display !== 'none'
             && document.querySelectorAll('.jp-OutputArea-output:has(.jupyter-widgets)').length
                >= widgets""",
        arg=widgets, timeout=timeout, polling=100)
    if quiet:
        page.wait_for_load_state("networkidle", timeout=timeout)
    page.evaluate("document.fonts.ready.then(() => true)")


# The height of everything on the page: Voila's lab template scrolls inside #rendered_cells
# (a panel as tall as the window), so the document itself is never taller than the window.
CONTENT_HEIGHT = """() => Math.max(document.documentElement.scrollHeight,
    ...[...document.querySelectorAll('*')]
        .filter(e => ['auto', 'scroll'].includes(getComputedStyle(e).overflowY))
        .map(e => e.scrollHeight + e.getBoundingClientRect().top))"""


def screenshot_all(page, path: Path) -> None:
    """A screenshot of the whole page, not just the window: the window is made as tall as
    the content (its width, which the layout depends on, stays), then restored."""
    viewport = page.viewport_size
    height = page.evaluate(CONTENT_HEIGHT)
    if viewport and height > viewport["height"]:
        page.set_viewport_size({"width": viewport["width"], "height": int(height) + 1})
        page.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    page.screenshot(path=path, full_page=True)
    if viewport and height > viewport["height"]:
        page.set_viewport_size(viewport)


def save_artefact(page, name: str) -> Path | None:
    """A whole-page screenshot into test-artefacts/<name>.png (None if the page is closed)."""
    if page.is_closed():
        return None
    ARTEFACTS.mkdir(exist_ok=True)
    path = ARTEFACTS / (re.sub(r"[^A-Za-z0-9._-]+", "_", name).strip("_") + ".png")
    screenshot_all(page, path)
    return path


def close_tab(page, timeout: float = 15) -> None:
    """Close a tab the way a learner does: the page's beforeunload handlers run (Voila's
    shutdown beacon), then the tab goes."""
    if page.is_closed():
        return
    with page.expect_event("close", timeout=timeout * 1000):
        page.close(run_before_unload=True)
