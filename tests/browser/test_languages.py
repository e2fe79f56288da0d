"""The page's language, on the session's Voila (issue #38; the languages themselves: #40).

- a link with ``?lang=en-XA`` (the pseudo-language: every message accented, longer, in
  brackets) gives the whole page in it: ``<html lang>``, the skip link, the lesson's prose (the
  notebook's markdown, block by block through the catalog) and every widget; the choice is kept
  in the browser (the pseudo-language until it closes), so the next page, with no ``?lang=``,
  is in it too; the start page, whose kernel Voila preheats in English before anyone asks, is
  in it too; ``?lang=en`` goes back, kept for a year;
- a language the tutor does not have, asked by a link or by the browser, gives English, and
  nothing breaks.

Every page in the pseudo-language (no English outside the brackets, nothing that scrolls
sideways on a phone, axe-clean, the lesson walked through by its words): the page pass,
``test_page_pass.py``, which opens each page in it.
"""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect
from test_page_pass import english_shown
from voila_harness import open_notebook, render_url

from tutor.teach import i18n

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(600)]

PSEUDO = i18n.PSEUDO


def test_a_link_in_the_pseudo_language_words_the_whole_page_and_is_kept(new_page, server_url):
    seen = new_page()
    page = seen.page
    open_notebook(page, render_url(server_url, "55/04-renege.ipynb") + f"?lang={PSEUDO}")
    assert page.evaluate("document.documentElement.lang") == PSEUDO
    expect(page.locator("h2").first).to_contain_text("[Whéñ à trümp îš léd·······]")  # prose
    assert page.locator(".tt-skip").inner_text().startswith("[Škîp")
    expect(page.locator(".tt-table").first).to_contain_text("[Šéàt")  # a widget's words
    assert english_shown(page) == []
    cookie = {c["name"]: c for c in page.context.cookies()}["tutor_lang"]
    assert cookie["value"] == PSEUDO
    assert cookie["expires"] == -1  # the pseudo-language: until the browser closes
    # the next page, with no ?lang=: the browser's choice
    open_notebook(page, render_url(server_url, "55/02-trumps.ipynb"))
    assert page.evaluate("document.documentElement.lang") == PSEUDO
    assert english_shown(page) == []
    # the start page: not the preheated English one
    open_notebook(page, render_url(server_url, "index.ipynb"))
    expect(page.locator(".tt-tile").first).to_be_visible()
    assert page.evaluate("document.documentElement.lang") == PSEUDO
    assert english_shown(page) == []
    # ?lang=en goes back, and is kept (for a year: a real choice)
    open_notebook(page, render_url(server_url, "55/04-renege.ipynb") + "?lang=en")
    assert page.evaluate("document.documentElement.lang") == "en"
    expect(page.locator("h2").first).to_contain_text("When a trump is led")
    cookie = {c["name"]: c for c in page.context.cookies()}["tutor_lang"]
    assert cookie["value"] == "en" and cookie["expires"] > time.time() + 300 * 86400
    assert seen.errors == []


@pytest.mark.parametrize("asked", ["?lang=zz", "?lang=%3Cb%3Efr", ""])
def test_a_language_the_tutor_has_not_gives_english(new_page, server_url, asked):
    seen = new_page(extra_http_headers={"Accept-Language": "zz-ZZ, yy;q=0.8"})
    page = seen.page
    open_notebook(page, render_url(server_url, "55/04-renege.ipynb") + asked)
    assert page.evaluate("document.documentElement.lang") == "en"
    expect(page.locator("h2").first).to_contain_text("When a trump is led")
    assert "tutor_lang" not in {c["name"] for c in page.context.cookies()}
    assert "<b>fr" not in page.content()  # what was asked is not written into the page
    assert seen.errors == []
