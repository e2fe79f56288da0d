"""The tutor on the static site (``make site``, Pyodide in the browser), without a browser:
links lead to the pages' ``.html`` files, and class mode says it needs the server."""

from __future__ import annotations

import pytest

from tutor.ui import classroom, nav, pages


@pytest.fixture
def static(monkeypatch):
    monkeypatch.setattr(pages, "STATIC", True)
    monkeypatch.setattr(classroom, "STATIC", True)


def test_links_name_the_notebooks_under_voila():
    assert pages.href("55/04-renege.ipynb") == "55/04-renege.ipynb"
    assert pages.href("board.ipynb?position=x") == "board.ipynb?position=x"


def test_links_name_the_html_files_on_the_static_site(static):
    assert pages.href("55/04-renege.ipynb") == "55/04-renege.html"
    assert pages.href("board.ipynb?position=a.b") == "board.html?position=a.b"
    assert pages.page_url("join.ipynb", code="ABCD") == "join.html?code=ABCD"
    html = nav.map_html({})
    assert 'href="55/01-cards.html"' in html and ".ipynb" not in html
    assert 'href="../index.html"' in nav.header_html("55-renege")
    go = nav._continue({})  # where Continue leads, on the map
    assert go is not None and go["href"] == "55/01-cards.html"


def test_class_mode_says_it_needs_the_server_on_the_static_site(static):
    for page in (classroom.class_teacher(), classroom.class_join()):
        assert "Class mode needs the tutor&#x27;s server" in page.value
        assert "make serve" in page.value
