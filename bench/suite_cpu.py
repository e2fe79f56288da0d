"""Where the test suite's CPU goes (issue #37): a pytest plugin that charges each test the
processor time its worker and every process below it used while it ran (the worker itself,
its Voila servers and their kernels, its Chromium, a site build, a fresh clone's pip), and
writes one JSON line per test.  On a machine the suite keeps busy, CPU is what a test costs:
wall time only says how long it waited for the others.

    make bench-suite                     # the whole suite, then the 25 dearest tests and modules
    python -m pytest -p bench.suite_cpu ... ; python bench/suite_cpu.py report FILE

The output file is ``$TUTOR_SUITE_CPU`` (default ``test-artefacts/suite-cpu.jsonl``).  A
process that ended during a test is counted through its parent's ``cutime`` once the parent
has waited for it (Python's subprocess does); one whose parent is gone is not seen."""

from __future__ import annotations

import json
import os
import sys
import time
from collections import Counter
from pathlib import Path

TICK = os.sysconf("SC_CLK_TCK")
OUT = Path(os.environ.get("TUTOR_SUITE_CPU", "test-artefacts/suite-cpu.jsonl"))


def _stat(pid: int) -> tuple[int, float] | None:
    """(parent pid, CPU seconds of the process and of its children it has waited for)."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2:].split()
    ppid = int(fields[1])
    utime, stime, cutime, cstime = (int(x) for x in fields[11:15])
    return ppid, (utime + stime + cutime + cstime) / TICK


def tree_cpu(root: int) -> float:
    """CPU seconds of ``root`` and every live process below it (their waited-for children
    included)."""
    stats = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            s = _stat(int(entry))
            if s is not None:
                stats[int(entry)] = s
    children: dict[int, list[int]] = {}
    for pid, (ppid, _) in stats.items():
        children.setdefault(ppid, []).append(pid)
    total, todo = 0.0, [root]
    while todo:
        pid = todo.pop()
        if pid in stats:
            total += stats[pid][1]
        todo.extend(children.get(pid, ()))
    return total


_started: dict[str, tuple[float, float]] = {}
_charging = [True]


def pytest_configure(config):
    # under pytest-xdist the controller hears every test's start and end too: only the worker
    # that runs a test charges it (the controller's tree holds every worker)
    distributed = getattr(config.option, "numprocesses", None) or getattr(config.option, "dist",
                                                                          "no") != "no"
    _charging[0] = "PYTEST_XDIST_WORKER" in os.environ or not distributed


def pytest_runtest_logstart(nodeid, location):
    if _charging[0]:
        _started[nodeid] = (tree_cpu(os.getpid()), time.monotonic())


def pytest_runtest_logfinish(nodeid, location):
    cpu0, t0 = _started.pop(nodeid, (None, None))
    if cpu0 is None:
        return
    # (a process whose parent went before it, at the end of a module, takes its time with it:
    # never below nothing)
    row = {"test": nodeid, "cpu": round(max(0.0, tree_cpu(os.getpid()) - cpu0), 2),
           "wall": round(time.monotonic() - t0, 2)}
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with OUT.open("a", encoding="utf-8") as f:  # each worker appends whole lines
        f.write(json.dumps(row) + "\n")


def report(path: Path, top: int = 25) -> None:
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
    total = sum(r["cpu"] for r in rows)
    print(f"{len(rows)} tests, {total:.0f} CPU s in all "
          f"({sum(r['wall'] for r in rows):.0f} s of test time)")
    modules: Counter = Counter()
    for r in rows:
        modules[r["test"].split("::")[0]] += r["cpu"]
    print(f"\nthe {top} dearest modules (CPU s, share)")
    for name, cpu in modules.most_common(top):
        print(f"{cpu:8.1f} {100 * cpu / total:5.1f}%  {name}")
    print(f"\nthe {top} dearest tests (CPU s, wall s)")
    for r in sorted(rows, key=lambda r: -r["cpu"])[:top]:
        print(f"{r['cpu']:8.1f} {r['wall']:7.1f}  {r['test']}")


if __name__ == "__main__":
    if len(sys.argv) >= 2 and sys.argv[1] == "report":
        report(Path(sys.argv[2]) if len(sys.argv) > 2 else OUT)
    else:
        sys.exit(__doc__)
