"""Shared test helpers."""

from __future__ import annotations

import os
import tempfile

import pytest
from spec_files import spec_file
from suite_groups import shares

# Class mode's store (tutor/classroom/store.py) goes to a folder of this test run, never to the
# user's own data folder; the Voila servers the browser tests start inherit it.
os.environ.setdefault("TUTOR_DATA_DIR", tempfile.mkdtemp(prefix="tutor-test-data-"))


@pytest.fixture
def shared():
    """``shared(folder, name)``: the project's copy of a spec file (tests/spec_files.py)."""
    return spec_file


# -- under CI=true a skip is a failure, but for these reasons ----------------------------------
# (a part of the reason each skip's message holds -> why CI may skip for it)
ALLOWED_SKIPS = {
    "is not beside this checkout": "the spec folder ../shared is not in every clone of main",
}
_skipped: list[tuple[str, str]] = []


def pytest_runtest_logreport(report):
    if report.skipped:
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(
            report.longrepr)
        _skipped.append((report.nodeid, str(reason)))


def pytest_sessionfinish(session, exitstatus):
    if os.environ.get("CI") != "true":
        return
    bad = [(node, why) for node, why in _skipped
           if not any(allowed in why for allowed in ALLOWED_SKIPS)]
    if bad:
        lines = "\n".join(f"  {node}: {why}" for node, why in bad)
        print(f"\nCI=true: {len(bad)} tests skipped for a reason CI does not allow "
              f"(tests/conftest.py ALLOWED_SKIPS):\n{lines}")
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


# -- both cores: pytest-xdist, ``-n 2 --dist loadgroup`` (make test) ---------------------------
# Tests are spread one by one over the workers, each with its own session Voila and Chromium
# (tests/browser/conftest.py), except those that share something costlier than one test: a test
# module that makes a fixture of its own for more than one test (a server of its settings, the
# static site built once, the hub, the fresh clone) goes whole to one worker, so it is made
# once; so does a notebook (nbval: its cells in order in one kernel).  The groups are decided
# here, by the scheduler, from the test's path: xdist's own ``xdist_group`` marks do nothing
# under pytest 9 (xdist 3.8 renames ``item._nodeid``, which pytest 9 no longer reads).
#
# The groups are handed out in the order of the collection, which puts the longest first (a
# worker that takes a long group last would finish alone): the browser groups, the other browser
# tests, the other groups, then the rest one by one, the short tests that even the two workers'
# ends out.
def pytest_collection_modifyitems(config, items):
    if config.getvalue("dist") != "loadgroup":
        return

    def rank(item) -> int:
        path = item.nodeid.split("::", 1)[0]
        browser = item.get_closest_marker("browser") is not None
        return (0 if browser else 2) + (0 if shares(path) else 1)

    items[:] = [item for _, item in sorted(enumerate(items), key=lambda pair: (
        rank(pair[1]), pair[0]))]


def pytest_xdist_make_scheduler(config, log):
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadScopeScheduling

    config.option.loadscopereorder = False  # the collection's order (above), not group sizes

    class SharedScheduling(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            path = nodeid.split("::", 1)[0]
            return path if shares(path) else nodeid

    return SharedScheduling(config, log)
