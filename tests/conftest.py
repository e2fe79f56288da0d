"""Shared test helpers."""

from __future__ import annotations

import os
import tempfile

import pytest
from spec_files import spec_file

# Class mode's store (tutor/classroom/store.py) goes to a folder of this test run, never to the
# user's own data folder; the Voila servers the browser tests start inherit it.
os.environ.setdefault("TUTOR_DATA_DIR", tempfile.mkdtemp(prefix="tutor-test-data-"))


@pytest.fixture
def shared():
    """``shared(folder, name)``: the project's copy of a spec file (tests/spec_files.py)."""
    return spec_file
