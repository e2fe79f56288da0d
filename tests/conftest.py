"""Shared test helpers."""

from __future__ import annotations

import pytest
from spec_files import spec_file


@pytest.fixture
def shared():
    """``shared(folder, name)``: the project's copy of a spec file (tests/spec_files.py)."""
    return spec_file
