"""Shared test helpers."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"


def shared_file(*parts: str) -> Path:
    """A file of ../shared (the specs and rule cases), which sits beside the checkout."""
    path = SHARED.joinpath(*parts)
    assert path.exists(), f"{path} is missing: the shared specs must sit beside the checkout"
    return path


@pytest.fixture
def shared():
    return shared_file
