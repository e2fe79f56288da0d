"""make test's two workers (pytest-xdist, tests/conftest.py): a test module that keeps a fixture
for more than one test goes whole to one worker, so the fixture is made once; so does a
notebook under nbval; every other test goes on its own."""

from __future__ import annotations

from suite_groups import shares


def test_what_shares_a_worker():
    for path in ("tests/browser/test_site.py", "tests/browser/test_hub.py",
                 "tests/browser/test_fresh_clone.py", "tests/browser/test_kernels.py",
                 "tests/browser/test_server_limits.py", "tests/test_guided_review.py",
                 "lessons/55/04-renege.ipynb", "lessons/index.ipynb"):
        assert shares(path), path
    for path in ("tests/test_cards.py", "tests/browser/test_page_pass.py",
                 "tests/browser/conftest.py", "tests/no_such_file.py"):
        assert not shares(path), path
