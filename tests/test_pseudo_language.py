"""Every page in the pseudo-language (issue #38): each notebook's cells are run with the
tutor's messages worded in ``en-XA`` (``tutor.teach.i18n.pseudo``: every message accented,
longer and in brackets), and every text its widgets hold -- HTML, labels, tooltips, options,
the buttons of a row -- is read: what is left outside the brackets did not come through the
catalog.  Then the states a learner reaches are walked: every button the page shows (not
hidden, nor in a hidden box) is clicked once in turn -- a hint, a choice, Check, the next
question, a guided hand's cards and calls, the coach, class mode's buttons -- and the texts are
read again after each click (about 270 clicks over the 24 pages).  The browser's own pass over
every page, each in one of the languages in turn: ``tests/browser/test_page_pass.py``.

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
    found: list[str] = []
    try:
        os.chdir(LESSONS)
        namespace: dict = {}
        for source in code:
            exec(compile(source, str(path), "exec"), namespace)  # noqa: S102 - our lessons
        found += _english_shown(before)
        # the states a learner reaches: every button the page shows, clicked once in turn
        # (a hint, a pick, Check, the next question, a card of a guided hand, the coach...),
        # and what the page shows after each click read again
        for button in _buttons(before)[:MAX_CLICKS]:
            if _live(button) and not button.disabled and _shown(button, _parents(before)):
                button.click()
                found += _english_shown(before)
    finally:
        os.chdir(cwd)
        i18n.use(i18n.ENGLISH)
    return sorted(set(found))  # each piece once, in whichever states it shows


MAX_CLICKS = 80  # per page: the buttons of its first screen and of what they open


def _english_shown(before: set) -> list[str]:
    """The pieces of English (outside the pseudo-language's brackets) in the text of every
    widget made since ``before`` (each piece once per widget state)."""
    found = []
    for key, w in list(_instances.items()):
        if key in before:
            continue
        state = w.get_state()
        for name in TEXT_KEYS:
            for text in _texts(state.get(name)):
                found += i18n.english_left(html.unescape(_TAGS.sub(" ", text)))
    return found


def _live(button) -> bool:
    """Is ``button`` still on the page (a redraw closes widgets and replaces a row's
    buttons)?"""
    row = getattr(button, "row", None)
    if row is not None:
        return button in row.buttons and row.comm is not None
    return button.comm is not None


def _parents(before: set) -> dict[int, object]:
    """id(widget) -> the box that holds it, for the widgets made since ``before``."""
    out = {}
    for key, w in list(_instances.items()):
        if key not in before:
            for child in getattr(w, "children", ()) or ():
                out[id(child)] = w
    return out


def _shown(button, parents: dict[int, object]) -> bool:
    """Is ``button`` shown (a learner can press it): neither it, its row nor any box that
    holds it hidden or laid out as none?"""
    if getattr(button, "hidden", False):
        return False
    w = getattr(button, "row", button)
    while w is not None:
        layout = getattr(w, "layout", None)
        if layout is not None and layout.display == "none":
            return False
        w = parents.get(id(w))
    return True


def _buttons(before: set) -> list:
    """Every button of the widgets made since ``before``: ipywidgets' and the tutor's own
    (a Pressable, each button of a ButtonRow)."""
    from ipywidgets import Button

    from tutor.ui.aria import ButtonRow, Pressable

    out = []
    for key, w in list(_instances.items()):
        if key in before:
            continue
        if isinstance(w, (Button, Pressable)):
            out.append(w)
        elif isinstance(w, ButtonRow):
            out += w.buttons
    return out


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
