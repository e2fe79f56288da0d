"""The tutor is self-contained: no page asks anything of any host but the tutor's own server
(no CDN, no fonts, no analytics), whether it is the start page, the lesson list or a lesson
opened by a deep link.  The ``new_page`` fixture checks this for every page of every browser
test.  Every lesson opened by a deep link (its render URL) is checked in ``test_page_pass.py``
(its "self-contained" check: no request left the server, the kernel's websocket was opened), in
the one load of each page for all the checks of every page (issue #37); here, the lesson list."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from voila_harness import LOAD_TIMEOUT, WIDGET, render_url

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(300)]


def test_the_lesson_list_stays_on_the_server(watched, server_url):
    """Voila's file list, /voila/tree, leads to the start page, whose lesson map lists the
    lessons (tutor_server.app_config: the contents API it read answers 404)."""
    page = watched.page
    page.goto(f"{server_url}voila/tree", timeout=LOAD_TIMEOUT)
    page.wait_for_selector(WIDGET, timeout=LOAD_TIMEOUT)
    expect(page).to_have_url(render_url(server_url, "index.ipynb"))
    page.wait_for_load_state("networkidle", timeout=LOAD_TIMEOUT)
    watched.assert_self_contained()
    assert watched.errors == []
