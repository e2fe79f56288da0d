"""Where the tests find the specs: the project's own copies of ``../shared``.

The specs live in ``../shared`` beside the checkout of the project's own repository, but a
user's clone has nothing beside it: the tests read the project's own copies, the rules text
the package ships (``tutor/rules``) and the rule cases in ``tests/acceptance``.
``tests/test_spec_copies.py`` checks that those copies are the shared ones whenever
``../shared`` is there (it always is in CI)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"  # the authority, when it sits beside the checkout
COPIES = {"rules": ROOT / "tutor" / "rules", "acceptance": ROOT / "tests" / "acceptance"}


def spec_file(folder: str, name: str) -> Path:
    """The project's copy of ``../shared/<folder>/<name>`` (rules text or rule cases)."""
    path = COPIES[folder] / name
    assert path.exists(), f"{path} is missing (a copy of shared/{folder}/{name})"
    return path
