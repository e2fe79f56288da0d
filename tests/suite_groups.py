"""Which tests share a worker under ``make test`` (pytest-xdist, ``--dist loadgroup``; the
scheduler is tests/conftest.py's ``pytest_xdist_make_scheduler``)."""

from __future__ import annotations

import functools
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_SHARES = re.compile(r"""@pytest\.fixture\(\s*scope\s*=\s*["'](module|class|package|session)""")


@functools.cache
def shares(path: str) -> bool:
    """Does the test file at ``path`` (relative to the rootdir) keep something for more than
    one test: a notebook, or a module with a fixture of a wider scope than a test?"""
    if path.endswith(".ipynb"):
        return True
    file = ROOT / path
    return (path.endswith(".py") and file.name != "conftest.py" and file.is_file()
            and _SHARES.search(file.read_text(encoding="utf-8")) is not None)
