"""What a page did and what it was sent: console errors, every request (is the tutor
self-contained?), and every byte of text it received (is anything leaking to the browser?).

``watch(page, server_url)`` starts recording; ``received_text(page)`` returns all the text the
page has received so far: the websocket frames (the kernel's comm messages), the bodies of the
documents and API calls the server answered, and the DOM as it stands.  Use it to check that
something (a traceback, a notebook's source, a quiz's answer) never reached the browser:

    assert "the answer" not in received_text(page)
"""

from __future__ import annotations

import json
import re
import time
import weakref
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from playwright.sync_api import Error as PlaywrightError
from voila_harness import close_tab, save_artefact

# Bodies worth reading: the pages and the API answers (the JavaScript bundles are static).
TEXT_RESOURCES = {"document", "xhr", "fetch"}
_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*\\(?:[^"\\]|\\.)*"')  # JSON strings with escapes

_WATCHED: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


@dataclass
class Watched:
    """A page and what it did: ``errors`` (console errors and uncaught exceptions), ``urls``
    (every request and websocket), ``frames`` (websocket frames received), ``responses``."""

    page: object
    server_url: str
    name: str = "page"
    errors: list[str] = field(default_factory=list)
    urls: list[str] = field(default_factory=list)
    frames: list[str | bytes] = field(default_factory=list)
    responses: list[object] = field(default_factory=list)

    def offsite(self) -> list[str]:
        """The requests that went anywhere but the tutor's own server."""
        return offsite(self.urls, self.server_url)

    def assert_self_contained(self) -> None:
        assert self.urls, "no request was recorded"
        assert self.offsite() == [], f"requests left the server: {self.offsite()}"

    def close(self) -> None:
        """Leave a screenshot in test-artefacts/, check no request left the server, then close
        the tab as a learner does (Voila's beforeunload beacon shuts the kernel down)."""
        save_artefact(self.page, self.name)
        close_tab(self.page)


class Tabs:
    """One tab per language, in a browser of its own (a context: its own cookie), going from
    page to page as a learner does: the page left shuts its kernel down (Voila's beacon), and
    Voila's scripts come from the tab's cache (a load about 1.6 s here, not 2.7 s in a new
    browser).  A tab closed is opened again in the same browser (its cache kept)."""

    def __init__(self, browser, server_url: str, viewport: dict):
        self.browser, self.server_url, self.viewport = browser, server_url, viewport
        self.contexts: dict[str, object] = {}
        self.tabs: dict[str, Watched] = {}
        self.offsite: list[str] = []  # requests of every page that left the server

    def tab(self, lang: str, notebook: str) -> Watched:
        seen = self.tabs.get(lang)
        if seen is None or seen.page.is_closed():
            if lang not in self.contexts:
                self.contexts[lang] = self.browser.new_context(viewport=self.viewport)
            page = self.contexts[lang].new_page()
            page.set_default_timeout(30_000)
            seen = self.tabs[lang] = watch(page, self.server_url)
        # what this page does and receives, from its load on (the last page's was checked;
        # its requests that left the server are kept, for the end)
        self.offsite += seen.offsite()
        for recorded in (seen.errors, seen.urls, seen.frames, seen.responses):
            recorded.clear()
        seen.name = f"page_pass-{lang}-{notebook}"
        return seen

    def close(self) -> list[str]:
        """Close every tab; return every request that left the server, of every page."""
        offsite = self.offsite
        for seen in self.tabs.values():
            offsite += seen.offsite()
            if not seen.page.is_closed():
                seen.close()  # a screenshot, then the tab closes and its kernel with it
        for context in self.contexts.values():
            context.close()
        return offsite


def offsite(urls, server_url: str) -> list[str]:
    """The URLs (requests, websockets) that do not go to ``server_url``'s host and port."""
    server = urlsplit(server_url).netloc
    return [url for url in urls
            if urlsplit(url).scheme not in ("data", "blob", "about") and
            urlsplit(url).netloc != server]


# A page being left (a reload, a link, a closed tab) shuts its kernel down (Voila's beacon) while
# its widgets may still try to tell the kernel something (a focus handed back, a value synced):
# ipywidgets then logs "Could not send widget sync message" as an error, which nobody sees and
# which is no fault of the page.  From the moment the page starts to go, its console errors are
# logged as warnings, marked so.
LEAVING = """(() => {
  const leaving = () => { window.__ttLeaving = true; };
  window.addEventListener("beforeunload", leaving, true);
  window.addEventListener("pagehide", leaving, true);
  const error = console.error.bind(console);
  console.error = (...args) => window.__ttLeaving
    ? console.warn("[while the page was being left]", ...args) : error(...args);
})();"""


def watch(page, server_url: str, name: str = "page") -> Watched:
    """Start recording what ``page`` does and receives (call it before navigating)."""
    seen = Watched(page, server_url, name)

    def on_console(msg) -> None:
        if msg.type == "error":
            seen.errors.append(f"console: {msg.text} ({msg.location.get('url')})")

    def on_websocket(ws) -> None:
        seen.urls.append(ws.url)
        ws.on("framereceived", lambda payload: seen.frames.append(payload))

    page.add_init_script(LEAVING)
    page.on("console", on_console)
    page.on("pageerror", lambda exc: seen.errors.append(f"pageerror: {exc}"))
    page.on("request", lambda request: seen.urls.append(request.url))
    page.on("websocket", on_websocket)
    page.on("response", lambda response: seen.responses.append(response))
    _WATCHED[page] = seen
    return seen


def _as_text(data: str | bytes) -> str:
    # Jupyter's websocket protocol (v1.kernel.websocket.jupyter.org) sends binary frames: a
    # table of offsets, then the channel name and the message's JSON parts as UTF-8.
    return data if isinstance(data, str) else data.decode("utf-8", errors="replace")


def _unescaped(text: str) -> str:
    """The JSON string literals of ``text`` that hold escapes, decoded (``\\u00e9`` -> é,
    ``\\"`` -> "), so that a search finds a text however it was encoded."""
    out = []
    for literal in _JSON_STRING.findall(text):
        try:
            out.append(json.loads(literal))
        except ValueError:
            continue
    return "\n".join(out)


def received_text(page) -> str:
    """All the text ``page`` has received: websocket frames, the bodies of the server's
    documents and API answers, and the current DOM (markup and visible text), each also
    with its JSON escapes decoded.  The page must have been set up with ``watch``."""
    seen = _WATCHED.get(page)
    if seen is None:
        raise ValueError("received_text needs a page set up with watch(page, server_url)")
    chunks = [_as_text(frame) for frame in seen.frames]
    for response in seen.responses:
        if response.request.resource_type in TEXT_RESOURCES:
            try:
                chunks.append(response.text())
            except Exception:  # a redirect or an aborted request has no body
                continue
    if not page.is_closed():
        chunks.append(page.content())
        chunks.append(page.locator("body").inner_text())
    return "\n".join(chunks + [_unescaped(chunk) for chunk in chunks])


# -- driving a page that redraws itself ------------------------------------------------------
def settle(box, quiet: float = 0.4, limit: float = 15.0) -> str:
    """Wait until the widget's text has not changed for ``quiet`` seconds; return it."""
    text, since, start = box.inner_text(), time.monotonic(), time.monotonic()
    while time.monotonic() - start < limit:
        time.sleep(0.1)
        now = box.inner_text()
        if now != text:
            text, since = now, time.monotonic()
        elif time.monotonic() - since >= quiet:
            break
    return text


def click(target) -> bool:
    """Click if the element is still there (the page may have redrawn meanwhile)."""
    try:
        target.click(timeout=3_000)
        return True
    except PlaywrightError:
        return False
