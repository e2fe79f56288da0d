"""The lesson notebooks are thin: one import cell from tutor.ui, then one call per code cell,
prose in markdown, no outputs committed.  And every page links back to the lesson map."""

from __future__ import annotations

import ast
import json
import re
from html import escape
from pathlib import Path

import ipywidgets as widgets
import pytest
from wording import said

import tutor.ui
from tutor.teach.content import PAGES, TRACKS, page
from tutor.ui import lesson_map, page_header
from tutor.ui.board import TeachersBoard
from tutor.ui.explorer import RankingExplorer
from tutor.ui.hand import HandWidget
from tutor.ui.quiz import QuizWidget
from tutor.ui.table import TableWidget

LESSONS = Path(__file__).resolve().parent.parent / "lessons"
NOTEBOOKS = sorted(p for p in LESSONS.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)


def rel(path: Path) -> str:
    return path.relative_to(LESSONS).as_posix()


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def code_cells(nb: dict) -> list[str]:
    return ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]


def test_the_lessons_are_there():
    names = {rel(p) for p in NOTEBOOKS}
    assert {"index.ipynb", "board.ipynb", "explorer.ipynb", "practice.ipynb"} <= names
    assert {p.notebook for p in PAGES} == names  # every page listed, every listed page there
    for track in TRACKS:  # every lesson track has lessons, in its own folder
        lessons = [p for p in PAGES if p.track == track.id]
        assert lessons and all(p.notebook.startswith(f"{track.id}/") for p in lessons
                               if track.id is not None), track


@pytest.mark.parametrize("path", NOTEBOOKS, ids=rel)
def test_a_notebook_is_thin(path):
    nb = load(path)
    cells = code_cells(nb)
    assert cells, "a lesson has code cells"
    first = ast.parse(cells[0])
    assert first.body and all(isinstance(s, ast.ImportFrom) and s.module == "tutor.ui"
                              and s.level == 0 for s in first.body), cells[0]
    names = {a.name for s in first.body for a in s.names}
    assert names <= set(tutor.ui.__all__)
    for src in cells[1:]:
        tree = ast.parse(src)
        assert len(tree.body) == 1, src
        stmt = tree.body[0]
        assert isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call), src
        assert isinstance(stmt.value.func, ast.Name) and stmt.value.func.id in names, src


@pytest.mark.parametrize("path", NOTEBOOKS, ids=rel)
def test_no_outputs_are_committed_and_the_metadata_is_set(path):
    nb = load(path)
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            assert cell["outputs"] == [] and cell["execution_count"] is None
    assert nb["metadata"]["kernelspec"]["name"] == "python3"
    assert nb["metadata"].get("title")
    assert any(c["cell_type"] == "markdown" for c in nb["cells"])


@pytest.mark.parametrize("path", [p for p in NOTEBOOKS if p.name != "index.ipynb"], ids=rel)
def test_every_page_has_the_header(path):
    """A notebook names its own page by the page's id in lessons.toml."""
    assert f'page_header("{page(rel(path)).id}")' in code_cells(load(path))


@pytest.mark.parametrize("path", [p for p in NOTEBOOKS if "/" in rel(p)], ids=rel)
def test_every_lesson_ends_with_an_exercise_and_the_footer(path):
    """A lesson of a track: a worked example or a guided hand to try, a checked exercise of at
    least five questions, and the footer (rules of the lesson, the next lesson)."""
    from tutor.teach.content import EXERCISES
    cells = code_cells(load(path))
    assert cells[-1] == f'lesson_footer("{page(rel(path)).id}")'
    exercises = [c for c in cells if c.startswith("exercise_widget(")]
    assert len(exercises) == 1, cells
    name = ast.literal_eval(ast.parse(exercises[0]).body[0].value.args[0])
    assert next(e for e in EXERCISES if e.name == name).count >= 5
    assert any(c.startswith(("worked_example(", "guided_hand(", "house_rules(", "seating_56(",
                             "bid_explainer(", "guided_hand_56(")) for c in cells), \
        "a lesson lets the learner try"


def test_the_lessons_cite_rule_ids_that_exist_in_the_rules_text():
    """Every rule ID a lesson names -- in its prose, its widgets' content or its page entry --
    is a clause of the project's rules text."""
    import re

    from tutor.engine.rulebook import rules
    from tutor.teach.content import COMPARISONS, EXAMPLES, EXERCISES

    pattern = re.compile(r"\b(5[56]-[A-Z][A-Z0-9-]*[A-Z0-9])\b")
    cited = set()
    for path in NOTEBOOKS:
        for cell in load(path)["cells"]:
            cited |= set(pattern.findall("".join(cell["source"])))
    for item in PAGES + EXAMPLES + COMPARISONS + EXERCISES:
        cited |= set(getattr(item, "rules", ()))
        cited |= set(pattern.findall(getattr(item, "caption", "") + getattr(item, "summary", "")))
    known = set(rules("55")) | set(rules("56"))
    assert cited, "the lessons cite rules"
    assert sorted(cited - known) == []


def test_the_start_page_has_the_map_and_the_trump_ladder():
    cells = code_cells(load(LESSONS / "index.ipynb"))
    assert "lesson_map()" in cells and "trump_ladder()" in cells


def test_the_map_links_every_page_with_plain_relative_hrefs():
    # (outside Voila the map carries the stylesheet: its card faces name the SVG namespace)
    html = re.sub(r"<style>.*?</style>", "", lesson_map().value, flags=re.S)
    title = {t.id: escape(said(t.title)) for t in TRACKS}  # "55", "56", None: the tools
    assert html.index(title["55"]) < html.index('tt-tile" href="55/01-cards.ipynb"') < \
        html.index(title[None])
    # a learner who has not begun: Continue starts them on the first lesson
    first = next(p for p in PAGES if p.notebook == "55/01-cards.ipynb")
    link = re.search(r'<a class="tt-continue-link" href="55/01-cards.ipynb">(.*?)</a>', html)
    start, _ = said.around("Start here: {page}", "page")
    assert link and link.group(1).startswith(escape(start))
    assert escape(said(first.title)) in link.group(1)
    for p in PAGES:
        if p.notebook != "index.ipynb":
            assert f'href="{p.notebook}"' in html and p.title in html.replace("&#x27;", "'")
    assert 'href="/' not in html and "http" not in html


def test_the_header_links_back_to_the_map():
    html = page_header("board.ipynb").value
    assert 'href="index.ipynb"' in html and said("← Lesson map") in html
    assert escape(said(page("board").title)) in html
    assert 'href="index.ipynb"' in page_header("unknown.ipynb").value
    assert 'href="../index.ipynb"' in page_header("55/04-renege.ipynb").value
    assert page_header("55-renege").value == page_header("55/04-renege.ipynb").value
    assert page_header("board").value == html


def test_widget_classes_do_not_shadow_the_widget_machinery():
    """A subclass method named like one of ipywidgets' own (``set_state``, ``_compare``...)
    would break syncing with the browser."""
    base = set(dir(widgets.VBox))
    for cls in (TeachersBoard, RankingExplorer, QuizWidget, HandWidget, TableWidget):
        mine = {n for n in vars(cls) if not n.startswith("__") and not n.startswith("_trait")
                and n not in vars(widgets.VBox) and callable(vars(cls)[n])}
        assert not mine & base, (cls.__name__, mine & base)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=rel)
def test_every_error_line_of_a_page_has_its_place(path, monkeypatch):
    """A composite's error line is no widget until a callback fails (boundary.ErrorLine);
    one made but never placed would leave that failure on no page."""
    from tutor.ui import boundary

    made = []
    init = boundary.ErrorLine.__init__

    def recording(self, *classes):
        init(self, *classes)
        made.append(self)

    monkeypatch.setattr(boundary.ErrorLine, "__init__", recording)
    monkeypatch.chdir(LESSONS)
    namespace: dict = {}
    for source in code_cells(load(path)):
        exec(compile(source, str(path), "exec"), namespace)  # noqa: S102 - our own lessons
    assert all(isinstance(line.box, widgets.Box) for line in made)
