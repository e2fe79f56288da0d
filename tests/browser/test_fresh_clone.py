"""The README's two commands, from a fresh clone, as a new user runs them.

A clone of this repository's last commit, in a folder with nothing beside it (no
``../shared``), with none of this checkout's environment: no ``.venv`` on PATH, no
VIRTUAL_ENV, no JUPYTER_PATH.  There:

1. ``make serve`` makes its own ``.venv`` with the package alone (no test extra) and starts
   the app; a lesson page and the start page load in Chromium with their widgets and answer a
   click.  (Once, ``make serve`` brought no ipykernel and every page answered 500 "No Jupyter
   kernel for language 'python' found", while CI, whose ``make test`` installs more, was green.)
2. ``make test-fast`` then passes in the same clone: collection and every spec-reading test
   work without ``../shared`` (they once failed at once: "the shared specs must sit beside the
   checkout").  The full ``make test`` is what CI runs on its own clone; the fast subset is
   enough to show that nothing needs more than the clone.

Commit first: the clone holds only what is committed.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from voila_harness import (
    LOAD_TIMEOUT,
    REPO,
    WIDGET,
    free_port,
    open_notebook,
    render_url,
    wait_until,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.fresh,
              pytest.mark.timeout(1800)]

INSTALL_TIMEOUT = 900  # s: a new .venv with Voila and its dependencies, from pip's cache or not
LESSON = "55/03-following.ipynb"


def user_environment() -> dict[str, str]:
    """This process's environment as a new user's shell has it: no trace of this checkout's
    virtualenv or of the Makefile's exports."""
    env = {k: v for k, v in os.environ.items()
           if k not in {"VIRTUAL_ENV", "JUPYTER_PATH", "PYTHONPATH", "MAKEFLAGS", "MFLAGS",
                        "MAKELEVEL", "PYTEST_CURRENT_TEST", "PYTEST_ADDOPTS"}}
    ours = {str(REPO / ".venv" / "bin"), str(Path(sys.executable).parent)}
    env["PATH"] = os.pathsep.join(p for p in env.get("PATH", "").split(os.pathsep)
                                  if p and p not in ours)
    return env


def processes_under(folder: Path) -> list[int]:
    """Every process whose command line names ``folder`` (the clone's voila and kernels)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                cmd = Path(f"/proc/{entry}/cmdline").read_bytes().decode(errors="replace")
            except OSError:
                continue
            if str(folder) in cmd:
                found.append(int(entry))
    return found


@pytest.fixture(scope="module")
def clone(tmp_path_factory) -> Path:
    """A clone of HEAD in an empty folder: nothing sits beside it."""
    where = tmp_path_factory.mktemp("fresh") / "trick-tutor"
    subprocess.run(["git", "clone", "--quiet", "--no-hardlinks", str(REPO), str(where)],
                   check=True, env=user_environment())
    assert not (where.parent / "shared").exists()
    assert not (where / ".venv").exists()
    return where


@pytest.fixture(scope="module")
def served(clone):
    """``make serve`` in the clone, as the README says, on a free port."""
    port = free_port()
    log = clone.parent / "make-serve.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen(["make", "serve", f"PORT={port}"], cwd=clone,
                                env=user_environment(), stdout=out, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, start_new_session=True)
    url = f"http://127.0.0.1:{port}/"

    def up():
        if proc.poll() is not None:
            raise AssertionError(f"make serve exited with {proc.returncode}:\n"
                                 f"{log.read_text(errors='replace')[-4000:]}")
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                return response.status == 200
        except OSError:
            return False

    try:
        wait_until(up, INSTALL_TIMEOUT, "make serve to install and answer", interval=1)
        yield url, log
    finally:
        try:
            os.killpg(proc.pid, signal.SIGTERM)  # make and Voila; Voila stops its kernels
            proc.wait(20)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            pass
        time.sleep(1)
        for pid in processes_under(clone):
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass


def test_make_serve_installs_no_test_tools(clone, served):
    site = list((clone / ".venv" / "lib").glob("python3*/site-packages"))
    assert site, "make serve made no .venv"
    assert not list(site[0].glob("pytest*")), "make serve installed the test extra"
    assert list(site[0].glob("ipykernel*")), "make serve installed no kernel"


def test_make_serve_serves_the_lessons(new_page, served):
    url, log = served
    seen = new_page(base_url=url)
    page = seen.page
    open_notebook(page, render_url(url, LESSON), timeout=LOAD_TIMEOUT)
    assert "No Jupyter kernel" not in page.content()
    buttons = page.locator(".jupyter-widgets button:visible")
    assert buttons.count() > 3
    page.goto(url, timeout=LOAD_TIMEOUT)  # "/" opens the start page
    page.wait_for_selector(WIDGET, timeout=LOAD_TIMEOUT)
    page.get_by_role("radio", name="Hearts").click()
    page.wait_for_function(f"document.querySelectorAll('{WIDGET}').length === 13")
    assert seen.errors == []
    text = log.read_text(errors="replace")
    assert "Traceback" not in text and "No Jupyter kernel" not in text


def test_make_test_fast_passes_with_nothing_beside_the_clone(clone, served):
    """After make serve (so its .venv is reused and gets the test extra on top)."""
    env = user_environment()
    env.pop("CI", None)
    result = subprocess.run(["make", "test-fast"], cwd=clone, env=env, capture_output=True,
                            text=True, timeout=INSTALL_TIMEOUT + 600)
    tail = (result.stdout + result.stderr)[-4000:]
    assert result.returncode == 0, tail
    assert " passed" in result.stdout and "error" not in result.stdout.splitlines()[-1], tail
