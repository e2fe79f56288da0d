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


def test_a_site_page_in_a_language_links_to_itself_in_every_other(static):
    """The start page's choice of languages on the site: each language's page in its own
    folder (English's at the top), relative to the page, with ``?lang=`` (which the site's
    template keeps); under Voila, the page with ``?lang=``."""
    assert pages.in_language("index.ipynb", "fr", "en") == "fr/index.html?lang=fr"
    assert pages.in_language("index.ipynb", "en", "fr") == "../index.html?lang=en"
    assert pages.in_language("index.ipynb", "sv", "fr") == "../sv/index.html?lang=sv"
    assert pages.in_language("55/04-renege.ipynb", "ja", "fr") == \
        "../../ja/55/04-renege.html?lang=ja"
    assert pages.in_language("55/04-renege.ipynb", "en", "en") == "../55/04-renege.html?lang=en"


def test_links_to_a_language_under_voila():
    assert pages.in_language("index.ipynb", "fr", "en") == "index.ipynb?lang=fr"


def test_a_site_page_knows_its_language_by_its_folder(static):
    """The site's kernel works in its notebook's folder on JupyterLite's drive: a folder named
    after a language of the tutor is that language; English's pages are at the top."""
    for cwd, lang in [("/drive/fr/55", "fr"), ("/drive/fr", "fr"), ("/drive/ja", "ja"),
                      ("/drive", None), ("/drive/55", None), ("/drive/zz/55", None),
                      ("/home/fr", None), ("/drivefr", None)]:
        assert pages.site_language(cwd) == lang, cwd
    assert pages.site_language() is None  # this test's own folder


def test_a_page_under_voila_has_no_folder_language():
    assert pages.site_language("/drive/fr") is None
