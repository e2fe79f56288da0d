"""One stylesheet, served once (issue #12): every page links the tutor's stylesheet
(share/jupyter/voila/templates/tutor/static/tutor.css) as a cacheable static file, and no widget
sends CSS of it over the websocket; so too the card buttons' faces (tutor-cards.css, beside it).
bench/page_bytes.py measures the same in bytes."""

from __future__ import annotations

import re

import pytest
from voila_harness import LOAD_TIMEOUT, REPO, WIDGET, open_notebook, render_url

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(300)]

SHEET = REPO / "share/jupyter/voila/templates/tutor/static/tutor.css"
CARDS = REPO / "share/jupyter/voila/templates/tutor/static/tutor-cards.css"
FIRST_RULE = ".tt-app { max-width: 100%;"
LINKS = "[...document.querySelectorAll('link[rel=stylesheet]')].filter(l => " \
        "l.href.includes('/voila/templates/tutor/static/tutor.css')).length"
CASCADE = """() => {
  // is the tutor's stylesheet after every stylesheet of the head, in document order?
  const link = document.querySelector('link[href*="/static/tutor.css"]');
  const head = [...document.head.querySelectorAll('style, link[rel=stylesheet]')];
  return !!link && head.every(el => el.compareDocumentPosition(link)
                                    & Node.DOCUMENT_POSITION_FOLLOWING);
}"""


def frames_text(watched) -> str:
    return "\n".join(f if isinstance(f, str) else f.decode("utf-8", "replace")
                     for f in watched.frames)


def sheet_responses(watched, name: str = "tutor.css"):
    return [r for r in watched.responses if f"/static/{name}" in r.url]


def check_cached_file(response, path) -> None:
    assert response.ok and response.headers["content-type"].startswith("text/css")
    assert re.search(r"[?&]v=[0-9a-f]{8,}", response.url)  # the file's hash: cached for long
    max_age = re.search(r"max-age=(\d+)", response.headers.get("cache-control", ""))
    assert max_age and int(max_age.group(1)) >= 86400 * 30
    assert response.body().decode("utf-8") == path.read_text(encoding="utf-8")


@pytest.mark.parametrize("notebook", ["55/04-renege.ipynb", "56/05-conventions.ipynb"])
def test_a_lesson_links_the_stylesheet_once_and_no_widget_sends_it(watched, server_url,
                                                                   notebook):
    page = watched.page
    open_notebook(page, render_url(server_url, notebook))
    assert page.evaluate(LINKS) == 1
    assert page.evaluate(CASCADE)  # where each widget's copy used to be: after the head's
    [response] = sheet_responses(watched)
    check_cached_file(response, SHEET)
    [cards] = sheet_responses(watched, "tutor-cards.css")
    check_cached_file(cards, CARDS)
    text = frames_text(watched)
    assert FIRST_RULE not in text  # no widget carries the stylesheet
    assert "<style" not in text and "data:image/svg+xml" not in text  # nor any CSS, nor faces
    assert page.evaluate("[...document.querySelectorAll('style')]"
                         f".filter(s => s.textContent.includes({FIRST_RULE!r})).length") == 0
    # and it applies: the header's layout and a rule box's ID badge
    header = page.locator(".tt-header").first
    assert header.evaluate("e => getComputedStyle(e).display") == "flex"
    badge = page.locator(".tt-rule-id").first
    badge.wait_for(state="attached", timeout=LOAD_TIMEOUT)
    assert badge.evaluate("e => getComputedStyle(e).backgroundColor") == "rgb(31, 95, 168)"
    if notebook.startswith("55/"):  # its worked examples and questions: card buttons
        card = page.locator(".tt-cardbtn").first
        card.wait_for(state="attached", timeout=LOAD_TIMEOUT)
        face = card.evaluate("e => getComputedStyle(e).backgroundImage")
        assert face.startswith('url("data:image/svg+xml,'), face  # its face, from the file
    assert watched.errors == []


def test_the_start_page_links_it_too(watched, server_url):
    page = watched.page
    page.goto(server_url, timeout=LOAD_TIMEOUT)  # "/" -> the start page, preheated kernel
    page.wait_for_selector(WIDGET, timeout=LOAD_TIMEOUT)
    page.wait_for_load_state("networkidle", timeout=LOAD_TIMEOUT)
    assert page.evaluate(LINKS) == 1 and page.evaluate(CASCADE)
    assert FIRST_RULE not in frames_text(watched)
    lesson_map = page.locator(".tt-map").first  # the lesson map's tiles: a grid
    assert lesson_map.evaluate("e => getComputedStyle(e).display") == "grid"


def test_the_lesson_list_links_it(watched, server_url):
    page = watched.page
    page.goto(f"{server_url}voila/tree", timeout=LOAD_TIMEOUT)
    page.wait_for_load_state("networkidle", timeout=LOAD_TIMEOUT)
    assert page.evaluate(LINKS) == 1
    [response] = sheet_responses(watched)
    assert response.ok


def test_a_second_page_takes_it_from_the_cache(watched, server_url):
    page = watched.page
    cdp = page.context.new_cdp_session(page)  # Chromium's own account of its cache
    cdp.send("Network.enable")
    sent: list[str] = []
    cached: set[str] = set()
    cdp.on("Network.requestWillBeSent", lambda e: sent.append(e["requestId"])
           if "/static/tutor.css" in e["request"]["url"] else None)
    cdp.on("Network.requestServedFromCache", lambda e: cached.add(e["requestId"]))
    cdp.on("Network.responseReceived", lambda e: cached.add(e["requestId"])
           if e["response"].get("fromDiskCache") or e["response"].get("fromMemoryCache")
           else None)
    open_notebook(page, render_url(server_url, "55/04-renege.ipynb"))
    assert len(sent) == 1 and sent[0] not in cached  # the first page fetches it
    open_notebook(page, render_url(server_url, "56/05-conventions.ipynb"))
    assert page.evaluate(LINKS) == 1
    assert all(request in cached for request in sent[1:])  # the second takes it from the cache
