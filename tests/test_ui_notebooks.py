"""The lesson notebooks are thin: one import cell from tutor.ui, then one call per code cell,
prose in markdown, no outputs committed.  And every page links back to the lesson map."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import ipywidgets as widgets
import pytest

import tutor.ui
from tutor.teach.content import PAGES
from tutor.ui import lesson_map, page_header
from tutor.ui.board import TeachersBoard
from tutor.ui.explorer import RankingExplorer
from tutor.ui.hand import HandWidget
from tutor.ui.quiz import QuizWidget
from tutor.ui.table import TableWidget

LESSONS = Path(__file__).resolve().parent.parent / "lessons"
NOTEBOOKS = sorted(LESSONS.glob("*.ipynb"))


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def code_cells(nb: dict) -> list[str]:
    return ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]


def test_the_lessons_are_there():
    names = {p.name for p in NOTEBOOKS}
    assert {"index.ipynb", "board.ipynb", "explorer.ipynb", "practice.ipynb"} <= names
    assert {p.notebook for p in PAGES} <= names


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
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


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_no_outputs_are_committed_and_the_metadata_is_set(path):
    nb = load(path)
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            assert cell["outputs"] == [] and cell["execution_count"] is None
    assert nb["metadata"]["kernelspec"]["name"] == "python3"
    assert nb["metadata"].get("title")
    assert any(c["cell_type"] == "markdown" for c in nb["cells"])


@pytest.mark.parametrize("path", [p for p in NOTEBOOKS if p.name != "index.ipynb"],
                         ids=lambda p: p.name)
def test_every_page_has_the_header(path):
    assert f'page_header("{path.name}")' in code_cells(load(path))


def test_the_start_page_has_the_map_and_the_trump_ladder():
    cells = code_cells(load(LESSONS / "index.ipynb"))
    assert "lesson_map()" in cells and "trump_ladder()" in cells


def test_the_map_links_every_page_with_plain_relative_hrefs():
    html = lesson_map().value
    for p in PAGES:
        if p.notebook != "index.ipynb":
            assert f'href="{p.notebook}"' in html and p.title in html.replace("&#x27;", "'")
    assert 'href="/' not in html and "http" not in html


def test_the_header_links_back_to_the_map():
    html = page_header("board.ipynb").value
    assert 'href="index.ipynb"' in html and "← Lesson map" in html
    assert "Teacher&#x27;s board" in html or "Teacher's board" in html
    assert 'href="index.ipynb"' in page_header("unknown.ipynb").value


def test_widget_classes_do_not_shadow_the_widget_machinery():
    """A subclass method named like one of ipywidgets' own (``set_state``, ``_compare``...)
    would break syncing with the browser."""
    base = set(dir(widgets.VBox))
    for cls in (TeachersBoard, RankingExplorer, QuizWidget, HandWidget, TableWidget):
        mine = {n for n in vars(cls) if not n.startswith("__") and not n.startswith("_trait")
                and n not in vars(widgets.VBox) and callable(vars(cls)[n])}
        assert not mine & base, (cls.__name__, mine & base)
