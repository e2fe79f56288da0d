"""Every page in the pseudo-language (issue #38): each notebook's cells are run with the
tutor's messages worded in ``en-XA`` (``tutor.teach.i18n.pseudo``: every message accented,
longer and in brackets), and every text its widgets hold -- HTML, labels, tooltips, options,
the buttons of a row -- is read: what is left outside the brackets did not come through the
catalog.

Some text is not in the catalog yet (the lessons' TOML content: positions' goals, lesson
titles, rule texts); ``tests/data/pseudo_budget.json`` holds, per page, how many pieces of
English it still shows, and like the text budget it may only fall (``python
tests/test_pseudo_language.py`` writes it)."""

from __future__ import annotations

import html
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from ipywidgets.widgets.widget import _instances  # every widget made (Widget.widgets: deprecated)

from tutor.teach import i18n

ROOT = Path(__file__).resolve().parents[1]
LESSONS = ROOT / "lessons"
NOTEBOOKS = sorted(p for p in LESSONS.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
BUDGET = ROOT / "tests" / "data" / "pseudo_budget.json"

_TAGS = re.compile(r"<(style|script)\b.*?</\1>|<[^<>]*>", re.S | re.I)
TEXT_KEYS = ("value", "description", "tooltip", "placeholder", "group_name", "text",
             "_options_labels", "items", "label", "aria_label", "lost_text", "title")


def _texts(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _texts(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _texts(v)


def english_left(path: Path) -> list[str]:
    """The runs of English words the widgets of the notebook at ``path`` show when the
    tutor speaks the pseudo-language."""
    code = ["".join(c["source"]) for c in json.loads(path.read_text(encoding="utf-8"))["cells"]
            if c["cell_type"] == "code"]
    before = set(_instances)
    i18n.use(i18n.PSEUDO)
    cwd = os.getcwd()
    try:
        os.chdir(LESSONS)
        namespace: dict = {}
        for source in code:
            exec(compile(source, str(path), "exec"), namespace)  # noqa: S102 - our lessons
    finally:
        os.chdir(cwd)
        i18n.use(i18n.ENGLISH)
    found = []
    for key, w in list(_instances.items()):
        if key in before:
            continue
        state = w.get_state()
        for name in TEXT_KEYS:
            for text in _texts(state.get(name)):
                found += i18n.english_left(html.unescape(_TAGS.sub(" ", text)))
    return found


def _name(path: Path) -> str:
    return path.relative_to(LESSONS).as_posix()


def _budget() -> dict[str, int]:
    return json.loads(BUDGET.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def shown() -> dict[str, list[str]]:
    """What every page shows, read in a process of its own: a page's cells worded in the
    pseudo-language must leave nothing behind for the other tests (a text kept by a cache)."""
    run = subprocess.run([sys.executable, __file__, "--json"], capture_output=True, text=True,
                         timeout=300, cwd=ROOT)
    assert run.returncode == 0, run.stderr[-3000:]
    return json.loads(run.stdout)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_name)
def test_a_page_shows_no_more_english_than_its_budget(path, shown):
    left = shown[_name(path)]
    allowed = _budget().get(_name(path), 0)
    assert len(left) <= allowed, (f"{len(left)} pieces of English outside the catalog, "
                                  f"budget {allowed}: {sorted(set(left))[:30]}")
    assert len(left) == allowed, (f"{_name(path)} shows {len(left)} pieces of English now, "
                                  f"not {allowed}: lower its budget (python {__file__})")


def test_the_check_sees_english_and_nothing_else():
    words = "[Šçöré: 0 / 0····] K♦ 10♥ 55-RENEGE · [Thé [šéàt 1··] plàýéd···] Seat 2 led the ace"
    assert i18n.english_left(words) == ["Seat 2 led the ace"[7:]]
    assert i18n.english_left("[Šéàt 1 (Red)··] Red [Bláck··] Redouble") == ["Red"]


if __name__ == "__main__":  # write the budget as it stands (--json: print what each shows)
    if sys.argv[1:] == ["--json"]:
        print(json.dumps({_name(p): english_left(p) for p in NOTEBOOKS}))
        sys.exit(0)
    counts = {_name(p): n for p in NOTEBOOKS if (n := len(english_left(p)))}
    BUDGET.write_text(json.dumps(counts, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{BUDGET.relative_to(ROOT)}: {sum(counts.values())} pieces on {len(counts)} pages")
