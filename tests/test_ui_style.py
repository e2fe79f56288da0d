"""tutor.ui.style: one stylesheet file, linked by the Voila template, carried by the widgets
only outside Voila."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from tutor.ui import style
from tutor.ui.style import style_html, style_widget

REPO = Path(__file__).resolve().parents[1]
TEMPLATE = REPO / "share" / "jupyter" / "voila" / "templates" / "tutor"
SHEET = TEMPLATE / "static" / "tutor.css"
FIRST_RULE = ".tt-app { max-width: 100%;"  # the stylesheet's first rule


@pytest.fixture
def voila(monkeypatch):
    """A kernel as Voila starts it (Voila sets VOILA_BASE_URL, among others)."""
    monkeypatch.setenv("VOILA_BASE_URL", "/")


@pytest.fixture
def jupyter(monkeypatch):
    """A kernel as JupyterLab starts it: no VOILA_ variable."""
    monkeypatch.delenv("VOILA_BASE_URL", raising=False)


# -- one stylesheet -------------------------------------------------------------------------------
def test_the_stylesheet_is_the_template_file():
    assert style.stylesheet_paths()[0] == SHEET and SHEET.is_file()
    text = style.stylesheet()
    assert text == SHEET.read_text(encoding="utf-8")
    assert text.startswith('@charset "utf-8";') and FIRST_RULE in text
    assert text.count("{") == text.count("}") and "@media (max-width: 640px)" in text


def test_no_python_file_holds_a_copy_of_it():
    copies = [str(p.relative_to(REPO)) for p in (REPO / "tutor").rglob("*.py")
              if FIRST_RULE in p.read_text(encoding="utf-8")]
    assert copies == []


def test_under_voila_the_widgets_carry_no_css(voila):
    assert style.page_links_stylesheet()
    assert style_html() == ""
    w = style_widget()
    assert w.value == "" and w.layout.height == "0px" and w.layout.margin == "0"


def test_elsewhere_every_top_level_widget_carries_the_stylesheet(jupyter):
    assert not style.page_links_stylesheet()
    assert style_html() == f"<style>{SHEET.read_text(encoding='utf-8')}</style>"
    assert style_widget().value == style_html()
    assert style_widget().layout.height == "0px"


def test_the_page_header_carries_classes_only_under_voila(voila):
    from tutor.ui import lesson_map, page_header

    for w in (page_header("55/04-renege.ipynb"), lesson_map()):
        assert "<style" not in w.value and 'class="tt-app' in w.value


def test_the_template_links_it_once_per_page():
    index = (TEMPLATE / "index.html.j2").read_text(encoding="utf-8")
    body = re.search(r"{%-? block body_header -?%}(.*?){%-? endblock body_header -?%}", index, re.S)
    assert body and 'resources.include_css("static/tutor.css")' in body.group(1)
    assert index.count("tutor.css") == 2  # the link, and the comment that explains it
    page = (TEMPLATE / "page.html").read_text(encoding="utf-8")
    assert page.count('include_css("static/tutor.css")') == 1


def test_a_wheel_installs_every_template_file():
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    installed = {f for files in project["tool"]["setuptools"]["data-files"].values()
                 for f in files}
    on_disk = {p.relative_to(REPO).as_posix() for p in TEMPLATE.rglob("*") if p.is_file()}
    assert on_disk == installed
    for folder, files in project["tool"]["setuptools"]["data-files"].items():
        assert all(Path(f).parent.as_posix() == folder for f in files)
