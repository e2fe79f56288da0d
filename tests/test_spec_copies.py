"""The project's copies of the shared specs are the shared specs.

``../shared`` (rules text and rule cases) is the authority; the package ships the rules text
and the tests carry the rule cases, so that a user's clone, with nothing beside it, can run
every test.  Whenever ``../shared`` sits beside the checkout (always in CI), every file of
its ``rules`` and ``acceptance`` folders must have an identical copy here, and no copy may be
left over from a file the specs no longer have."""

from __future__ import annotations

import pytest
from spec_files import COPIES, SHARED

FOLDERS = {"rules": "*.md", "acceptance": "*"}

needs_shared = pytest.mark.skipif(not SHARED.is_dir(),
                                  reason=f"{SHARED} is not beside this checkout")


@needs_shared
@pytest.mark.parametrize("folder", sorted(FOLDERS))
def test_copies_are_identical(folder):
    originals = sorted(p for p in (SHARED / folder).glob(FOLDERS[folder]) if p.is_file())
    assert originals, f"nothing in {SHARED / folder}"
    differ = [p.name for p in originals
              if not (COPIES[folder] / p.name).is_file()
              or (COPIES[folder] / p.name).read_bytes() != p.read_bytes()]
    assert not differ, (f"copy shared/{folder}/{differ} to {COPIES[folder]} "
                        f"(the project's copies differ or are missing)")


@needs_shared
def test_no_stale_rule_cases():
    mine = {p.name for p in COPIES["acceptance"].iterdir() if p.is_file()}
    theirs = {p.name for p in (SHARED / "acceptance").iterdir() if p.is_file()}
    assert mine <= theirs, f"tests/acceptance has files shared/ does not: {mine - theirs}"


def test_the_copies_are_there():
    """Without ../shared the copies are all the tests have: both games' rules and cases."""
    for game in ("55", "56"):
        assert (COPIES["rules"] / f"{game}.md").is_file()
        assert (COPIES["acceptance"] / f"{game}.json").is_file()
