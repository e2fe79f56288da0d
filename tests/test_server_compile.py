"""The server byte-compiles the tutor package once (tutor_server.app_config.compile_tutor), so
that no page's kernel compiles its modules again: on machines with PYTHONDONTWRITEBYTECODE set
an editable install otherwise has no .pyc files at all, and every kernel compiled some 40
modules before its first widget."""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys
from pathlib import Path

import pytest

pytest.importorskip("jupyter_server")

from tutor_server.app_config import compile_tutor  # noqa: E402

PKG = Path(__file__).resolve().parent.parent / "tutor"


def test_every_module_of_the_package_has_a_fresh_pyc():
    assert compile_tutor()
    for source in PKG.rglob("*.py"):
        cached = Path(importlib.util.cache_from_source(str(source)))
        assert cached.is_file(), source
        # a .pyc's header holds its source's mtime: Python uses it only while they agree
        mtime = int(source.stat().st_mtime) & 0xFFFFFFFF
        assert cached.read_bytes()[8:12] == mtime.to_bytes(4, "little"), source


def test_a_copy_without_pyc_files_gets_them(tmp_path, monkeypatch):
    copy = tmp_path / "tutor"
    shutil.copytree(PKG, copy, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(sys, "path", [str(tmp_path), *sys.path])
    monkeypatch.setitem(os.environ, "PYTHONDONTWRITEBYTECODE", "1")
    found = importlib.util.find_spec  # compile_tutor finds the package the way import would
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name: found(name) if name != "tutor" else
                        importlib.machinery.PathFinder.find_spec("tutor", [str(tmp_path)]))
    assert not list(copy.rglob("*.pyc"))
    assert compile_tutor()
    assert len(list(copy.rglob("*.pyc"))) == len(list(copy.rglob("*.py")))
