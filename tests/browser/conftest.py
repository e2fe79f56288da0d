"""Fixtures for the browser tests: one Voila server and one Chromium for the whole session,
a fresh page per test that records console errors, page errors and every request it makes."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from playwright.sync_api import sync_playwright
from voila_harness import launch_chromium, voila_server


@pytest.fixture(scope="session")
def server_url(tmp_path_factory) -> str:
    with voila_server(tmp_path_factory.mktemp("voila") / "voila.log") as url:
        yield url


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as playwright:
        chromium = launch_chromium(playwright)
        yield chromium
        chromium.close()


@dataclass
class Watched:
    """A page and what it did: ``errors`` (console errors and uncaught exceptions), ``urls``."""

    page: object
    errors: list[str] = field(default_factory=list)
    urls: list[str] = field(default_factory=list)


@pytest.fixture
def watched(browser) -> Watched:
    context = browser.new_context(viewport={"width": 1366, "height": 800})
    page = context.new_page()
    page.set_default_timeout(30_000)
    seen = Watched(page)

    def on_console(msg) -> None:
        if msg.type == "error":
            seen.errors.append(f"console: {msg.text} ({msg.location.get('url')})")

    page.on("console", on_console)
    page.on("pageerror", lambda exc: seen.errors.append(f"pageerror: {exc}"))
    page.on("request", lambda request: seen.urls.append(request.url))
    page.on("websocket", lambda ws: seen.urls.append(ws.url))
    yield seen
    context.close()
