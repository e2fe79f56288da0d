"""Fixtures for the browser tests: one Voila server and one Chromium for the whole session,
fresh pages (each in a fresh browser context, so no cookies) that record console errors, page
errors, every request and everything received.

Every page a test opens through ``watched`` or ``new_page`` is checked when the test ends: no
request may have left the server (the tutor is self-contained), and a screenshot of it is left
in ``test-artefacts/``.  Its tab is then closed as a learner closes it, so its kernel goes."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect, sync_playwright
from voila_harness import launch_chromium, running_voila
from watch import Tabs, Watched, watch

LAPTOP = {"width": 1366, "height": 800}

# A busy CI machine can take a while to answer a click over the kernel's websocket.
expect.set_options(timeout=30_000)


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    """The Voila of ``make serve`` (a ``VoilaServer``: url, pid, log)."""
    with running_voila(tmp_path_factory.mktemp("voila") / "voila.log") as running:
        yield running


@pytest.fixture(scope="session")
def server_url(server) -> str:
    return server.url


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as playwright:
        chromium = launch_chromium(playwright)
        yield chromium
        chromium.close()


@pytest.fixture
def new_page(browser, server_url, request):
    """``new_page(base_url=server_url, viewport=LAPTOP, **context_options) -> Watched``: a
    page in a fresh browser context, watched from the start."""
    made: list[tuple[object, Watched]] = []
    test = re.sub(r"^test_", "", request.node.module.__name__.rsplit(".", 1)[-1])
    test = f"{test}-{request.node.name}"

    def make(base_url: str = server_url, viewport: dict = LAPTOP, **options) -> Watched:
        context = browser.new_context(viewport=viewport, **options)
        page = context.new_page()
        page.set_default_timeout(30_000)
        name = test if not made else f"{test}-{len(made) + 1}"
        seen = watch(page, base_url, name)
        made.append((context, seen))
        return seen

    yield make
    offsite = []
    for context, seen in made:
        offsite += seen.offsite()
        try:
            seen.close()  # a screenshot, then the tab closes and its kernel with it
        finally:
            context.close()
    assert offsite == [], f"requests left the server: {offsite}"


@pytest.fixture
def watched(new_page) -> Watched:
    """One page on the session's server (see ``new_page``)."""
    return new_page()


@pytest.fixture(scope="session")
def tabs(browser, server_url):
    """One tab per language, each in a browser context of its own, kept by this worker for
    the whole run (``watch.Tabs``: the page pass goes from page to page in them, as a learner
    does).  Here, not in the test's module, so the page pass is not one group for one worker
    (``tests/suite_groups.py``)."""
    made = Tabs(browser, server_url, LAPTOP)
    yield made
    offsite = made.close()
    assert offsite == [], f"requests left the server: {offsite}"
