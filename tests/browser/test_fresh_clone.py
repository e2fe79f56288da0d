"""The README's two commands, from a fresh clone, as a new user runs them.

A clone of this repository's last commit, in a folder with nothing beside it (no
``../shared``), with none of this checkout's environment: no ``.venv`` on PATH, no
VIRTUAL_ENV, no JUPYTER_PATH.  There:

1. ``make serve`` makes its own ``.venv`` with the package alone (no test extra) and starts
   the app; a lesson page and the start page load in Chromium with their widgets and answer a
   click.  (Once, ``make serve`` brought no ipykernel and every page answered 500 "No Jupyter
   kernel for language 'python' found", while CI, whose ``make test`` installs more, was green.)
2. ``make test`` would work there, shown without running the suite a second time: the test
   extra goes into the same ``.venv`` by the Makefile's own target (``make .venv/.stamp-test``,
   what ``make test`` does first); pytest then collects the whole suite, ``tests`` and the
   notebooks' nbval cells as ``make test`` names them, with no error (every module imports
   without ``../shared``: the tests once failed at once with "the shared specs must sit beside
   the checkout"); and a handful of real tests pass in the clone, those that read the specs
   (the rule cases of ``tests/acceptance``, the rules text ``tutor/rules``) and drive the
   engine.  The full ``make test`` is what CI runs on its own clone.

pip keeps its cache as a user's pip does (``~/.cache/pip``; a ``PIP_NO_CACHE_DIR`` of this
process is not passed on), so after the first run a new ``.venv`` costs the install, not the
downloads and builds.  Commit first: the clone holds only what is committed.
"""

from __future__ import annotations

import os
import re
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
# make test's own arguments for what it runs (Makefile: pytest ... --nbval-lax tests lessons)
SUITE = ["--nbval-lax", "tests", "lessons"]
# Real tests run in the clone: the rule cases (tests/acceptance) through the engine, the rules
# text (tutor/rules) against the engine's rule IDs and the reference, the layers of the package,
# the games' rules (some 20 s on a busy 2-core machine).
HANDFUL = ["tests/test_cases.py", "tests/test_rulebook_ids.py", "tests/test_rules_text.py",
           "tests/test_layers.py", "tests/test_55_rules.py", "tests/test_56_rules.py"]


def user_environment() -> dict[str, str]:
    """This process's environment as a new user's shell has it: no trace of this checkout's
    virtualenv, of the Makefile's exports or of this pytest (an xdist worker's PYTEST_XDIST_*),
    and pip's cache left on."""
    env = {k: v for k, v in os.environ.items()
           if k not in {"VIRTUAL_ENV", "JUPYTER_PATH", "PYTHONPATH", "MAKEFLAGS", "MFLAGS",
                        "MAKELEVEL", "PYTEST_CURRENT_TEST", "PYTEST_ADDOPTS",
                        "PIP_NO_CACHE_DIR"} and not k.startswith("PYTEST_")}
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


def in_clone(clone: Path) -> dict[str, str]:
    """The environment ``make test`` gives pytest in the clone: the clone's ``.venv`` first on
    PATH, its template folder on JUPYTER_PATH (the Makefile's exports), no CI (a skip the clone
    cannot avoid, such as the copies of ../shared unchecked, is no failure here)."""
    env = user_environment()
    env.pop("CI", None)
    env["PATH"] = os.pathsep.join([str(clone / ".venv" / "bin"), env.get("PATH", "")])
    env["JUPYTER_PATH"] = str(clone / "share" / "jupyter")
    return env


def run(clone: Path, args: list[str], timeout: float) -> subprocess.CompletedProcess:
    return subprocess.run(args, cwd=clone, env=in_clone(clone), capture_output=True,
                          text=True, timeout=timeout, stdin=subprocess.DEVNULL)


@pytest.fixture(scope="module")
def clone_python(clone, served) -> Path:
    """The test extra installed in the clone's ``.venv`` as ``make test`` installs it (after
    ``make serve``, so its ``.venv`` is reused and gets the extra on top)."""
    result = run(clone, ["make", ".venv/.stamp-test"], INSTALL_TIMEOUT)
    assert result.returncode == 0, (result.stdout + result.stderr)[-4000:]
    assert (clone / ".venv" / ".stamp-test").exists()
    return clone / ".venv" / "bin" / "python"


def test_make_test_collects_the_whole_suite(clone, clone_python):
    """Every test module imports and collects in the clone, and every lesson's nbval cells."""
    result = run(clone, [str(clone_python), "-m", "pytest", "--collect-only", "-q", *SUITE],
                 600)
    out = result.stdout + result.stderr
    assert result.returncode == 0, out[-4000:]
    last = result.stdout.strip().splitlines()[-1]
    counted = re.fullmatch(r"(\d+) tests? collected in .*", last)
    assert counted, out[-4000:]  # "N tests collected, M errors in ..." when a module fails
    assert int(counted[1]) > 2000, last
    notebooks = {str(p.relative_to(clone)) for p in (clone / "lessons").rglob("*.ipynb")
                 if ".ipynb_checkpoints" not in p.parts}
    listed = {line.split("::")[0] for line in result.stdout.splitlines() if "::" in line}
    assert notebooks and notebooks <= listed, sorted(notebooks - listed)


def test_a_handful_of_tests_pass_in_the_clone(clone, clone_python):
    """The tests that read the specs and drive the engine, run for real in the clone."""
    result = run(clone, [str(clone_python), "-m", "pytest", "-q", "-p", "no:cacheprovider",
                         *HANDFUL], 600)
    out = result.stdout + result.stderr
    assert result.returncode == 0, out[-4000:]
    last = result.stdout.strip().splitlines()[-1]
    passed = re.match(r"(\d+) passed", last)
    assert passed and not re.search(r"failed|error|skipped", last), last
    assert int(passed[1]) > 200, last
