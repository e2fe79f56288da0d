"""Every page of ``lessons/`` in one pass (issue #37): each notebook is loaded once, in one
tab with one kernel, and every check the browser tests make of every page is made on it, in an
order that keeps each check valid.

The pass opens each page in a language other than English, by a link (``?lang=``) in a
browser with no cookie, as a shared link is opened: the pseudo-language (``en-XA``, issue #38:
every message accented, about 35% longer, in brackets) and the tutor's five languages (issue
#40) in turn, page by page (``in_turn``: four pages each, lessons of both games).  So the same
load proves that the page is whole in another language and that its words fit, and the
walk-through goes through the lesson by the words of the page's language
(``wording.Words``).  ``make test-languages`` is the pass over every page in every language:
the 120 pages more in one tab per language going from page to page, each with every check its
language can fail (loads, no English, axe, a phone's width): about six minutes on two cores.
It is not in ``make test``: on CI's two cores those 120 pages cost about 3.2 s of CPU each (the
load 1.6, axe 1.1, the rest 0.5; bench/suite_cpu.py), and with them the suite took 16:33
(ci44; 13:55 without).  Every page's text in every language is made sure of in ``make test``
without a browser: every text of every page (and of what its buttons bring up) goes through
the catalog (``tests/test_pseudo_language.py``, every notebook run in the pseudo-language),
and every catalog is whole (``tests/test_catalogs.py``).  English is the message ids
themselves; every page runs in English in nbval and in the static site's own kernel
(``test_site``), and the functional browser tests use English pages, and French
(``test_languages``).

1. ``load``: the page loads with all its widgets and what it waits for (``test_pages.ready``),
   shows no "Traceback" and no "Sorry, that did not work" (in English or in the page's
   language), and has logged no console or page error;
2. ``language``: ``<html lang>`` and the tab's title are the page's language, and no English
   shows: in the pseudo-language outside its brackets (``i18n.english_left``: runs of three
   English words, the games' names) but the few pieces ``tests/data/pseudo_budget.json``
   still allows; in a language of the tutor's, no message's English
   (``wording.untranslated``); the start page offers every language in its own name;
3. ``payload``: nothing it received (``watch.received_text``) holds a traceback or a line of
   the notebook's source (``test_payload.assert_no_traceback_or_source``);
4. ``self-contained``: no request left the server, and the kernel's websocket (ws://
   .../api/kernels/) was opened;
5. ``axe``: axe-core over the whole page (the window as tall as the page, ``test_axe``): no
   serious or critical node but those ``test_axe.EXPECTED`` allows, and every rule it allows
   still fails (else it is a fix to take off the list);
6. ``phone``: resized to a phone (390x844), the page does not scroll sideways and no seat at
   a table's side is a column of cards (a screenshot of it is kept in ``test-artefacts``);
   then back to the laptop's size;
7. ``walk-through`` (the lessons of a track): ``test_lessons.go_through_lesson``, the worked
   example, the exercise and the footer, as a learner goes through the lesson.  It changes the
   page; then the page still shows no error, and what it brought up (hints, verdicts, reasons)
   no English;
8. ``closed``: the tab is closed as a learner closes it, and its kernel is shut down (Voila's
   beacon on ``beforeunload``, which carries the ``_xsrf`` cookie: the page was opened by a
   deep link in a browser with no cookie, as a shared link is; the server refused the beacon
   of such a page once and its kernel stayed, ``test_kernels``).

A failure names its check and its notebook: ``[phone] 56/03-trumps.ipynb: ...``.

``test_the_pass_fails_each_check_by_name`` breaks a loaded page in one way per check and sees
each check fail under its name."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect
from test_axe import EXPECTED, audit, describe, severe, tall_window, unexpected
from test_lessons import go_through_lesson
from test_pages import ready
from test_payload import assert_no_traceback_or_source
from voila_harness import (
    ARTEFACTS,
    REPO,
    lesson_notebooks,
    open_notebook,
    page_kernel_id,
    render_url,
    wait_until,
)
from watch import Watched, received_text
from wording import Words, untranslated

from tutor.teach import i18n
from tutor.teach.prose import page_title

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(600)]

PHONE = {"width": 390, "height": 844}
LANG = i18n.PSEUDO  # the language the pass opens each page in
WORDS = Words(LANG)


def error_words(words: Words) -> tuple[str, ...]:
    """What a page shows where something failed, in English and in ``words``' language."""
    return ("Traceback", "Sorry, that did not work",
            words.around("Sorry, that did not work: {problem}", "problem")[0])


ERROR_WORDS = error_words(WORDS)
# the tutor's languages
LANGUAGES = [lang for lang in i18n.languages() if lang not in (i18n.ENGLISH, i18n.PSEUDO)]
# the pass's languages, page by page in turn (pass_pages): the pseudo-language and the tutor's
PASS_LANGUAGES = [*LANGUAGES, i18n.PSEUDO]
# pieces of English a page in the pseudo-language may still show (see english_shown)
BUDGET = json.loads((REPO / "tests" / "data" / "pseudo_budget.json").read_text(encoding="utf-8"))
SHUTDOWN_TIMEOUT = 15  # s: the beacon is one POST; the kernel process exits in about a second
TRACK_LESSON = "55/01-cards.ipynb"  # the pass's own test: a short lesson with a walk-through

# The sideways overflow of the document once it has held still for three frames in a row (a
# resize lays the page out again; give it up to a second).
SETTLED_OVERFLOW = """() => new Promise(done => {
  const overflow = () => document.documentElement.scrollWidth
                         - document.documentElement.clientWidth;
  let last = overflow(), still = 0, frames = 0;
  const step = () => {
    const now = overflow();
    still = now === last ? still + 1 : 0;
    last = now;
    if (still >= 3 || ++frames > 60) done(now); else requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
})"""


# A compact table on a phone (issue #39): a seat at the table's side is a small badge, its
# hand face up as chips that wrap, never a column of cards as tall as the screen (a hand of 8
# as chips with the seat's name, badges and count is about 170px).
SIDE_SEAT_MAX = 260
TALL_SIDE_SEATS = """(most) => [...document.querySelectorAll(
    '.tt-area-left .tt-seat, .tt-area-right .tt-seat')]
  .map(e => [e.getAttribute('aria-label'), Math.round(e.getBoundingClientRect().height)])
  .filter(([, h]) => h > most)"""


@contextmanager
def check(name: str, notebook: str) -> Iterator[None]:
    """Say which check failed on which notebook (Playwright's timeouts too)."""
    try:
        yield
    except (AssertionError, PlaywrightError) as error:
        raise AssertionError(f"[{name}] {notebook}: {error}") from error


def assert_no_error_shown(seen: Watched, errors: tuple[str, ...] = ERROR_WORDS) -> None:
    text = seen.page.inner_text("body")
    shown = [words for words in errors if words in text]
    assert shown == [], f"the page shows {shown}"
    assert seen.errors == [], f"console or page errors: {seen.errors}"


def english_shown(page) -> list[str]:
    """The pieces of English the page shows (its visible text) outside the brackets of the
    pseudo-language."""
    return i18n.english_left(page.locator("body").inner_text())


def assert_english_within_budget(page, notebook: str) -> None:
    left = english_shown(page)
    assert len(left) <= BUDGET.get(notebook, 0), f"English shows: {left[:20]}"


def load(seen: Watched, server_url: str, notebook: str, lang: str = LANG,
         quiet: bool = True) -> None:
    with check("load", notebook):
        open_notebook(seen.page, render_url(server_url, notebook, f"lang={lang}", steps=True),
                      quiet=quiet)
    check_loaded(seen, notebook, error_words(Words(lang)))


def check_loaded(seen: Watched, notebook: str, errors: tuple[str, ...] = ERROR_WORDS) -> None:
    with check("load", notebook):
        if "/" in notebook:  # a lesson, in steps: its end drawn (on the last step), the bar
            seen.page.locator(ready(notebook)).first.wait_for(state="attached")
            seen.page.locator(".tt-steps-where").wait_for(state="visible")
        else:
            seen.page.locator(ready(notebook)).first.wait_for(state="visible")
        assert_no_error_shown(seen, errors)


@contextmanager
def every_step_shown(page):
    """A lesson in steps with every step shown at once while a check looks at the whole page
    (axe, a phone's width): what a learner meets step by step is all checked.  The steps
    hidden are hidden again after."""
    hidden = page.evaluate("""() => {
        const cells = [...document.querySelectorAll('.tt-step-hidden')];
        cells.forEach(c => c.classList.remove('tt-step-hidden'));
        return cells.map(c => c.getAttribute('data-tt-step')); }""")
    try:
        yield
    finally:
        page.evaluate("""(steps) => document.querySelectorAll('[data-tt-step]').forEach(
            c => { if (steps.includes(c.getAttribute('data-tt-step')))
                       c.classList.add('tt-step-hidden'); })""", hidden)


def english_left_in(page, notebook: str, lang: str) -> list[str]:
    """The English the page shows beyond what its language allows: in the pseudo-language
    what is outside its brackets beyond the page's budget; in a language of the tutor's the
    English of any message it words otherwise (``wording.untranslated``)."""
    if lang == i18n.PSEUDO:
        left = english_shown(page)
        return left if len(left) > BUDGET.get(notebook, 0) else []
    return untranslated(page.locator("body").inner_text(), lang)


def check_language(seen: Watched, notebook: str, lang: str = LANG) -> None:
    with check("language", notebook):
        shown = seen.page.evaluate("document.documentElement.lang")
        assert shown == lang, f"<html lang={shown!r}>, not {lang!r}"
        title = json.loads((REPO / "lessons" / notebook).read_text(encoding="utf-8"))[
            "metadata"]["title"]  # the browser's tab
        assert seen.page.title() == page_title(title, i18n.translations(lang)), \
            f"the tab says {seen.page.title()!r}"
        with every_step_shown(seen.page):
            left = english_left_in(seen.page, notebook, lang)
        assert left == [], f"English shows: {left[:20]}"


def check_payload(seen: Watched, notebook: str) -> None:
    with check("payload", notebook):
        assert_no_traceback_or_source(received_text(seen.page), notebook)


def check_self_contained(seen: Watched, notebook: str) -> None:
    with check("self-contained", notebook):
        seen.assert_self_contained()
        assert any(url.startswith("ws://") and "/api/kernels/" in url for url in seen.urls), \
            f"no kernel websocket among {len(seen.urls)} requests"


def check_axe(seen: Watched, notebook: str) -> None:
    with check("axe", notebook), every_step_shown(seen.page):
        tall_window(seen.page)
        results = audit(seen.page)
        found = severe(results)
        bad = unexpected(notebook, found)
        assert not bad, f"serious or critical nodes {dict(found)}\n{describe(results, bad)}"
        # an expected rule that no longer fails is a fix to take off the list
        for rule, (_why, pages) in EXPECTED.items():
            assert notebook not in pages or rule in found, f"{rule} passes on {notebook} now"
        assert seen.errors == [], f"console or page errors during the audit: {seen.errors}"


def check_phone(seen: Watched, notebook: str, laptop: dict, lang: str = LANG) -> None:
    """Resized to a phone, the page does not scroll sideways; then it is back to ``laptop``
    (the size it was loaded at)."""
    with check("phone", notebook):
        seen.page.set_viewport_size(PHONE)
        ARTEFACTS.mkdir(exist_ok=True)
        name = f"{lang}-{notebook.removesuffix('.ipynb')}".replace("/", "-")
        seen.page.screenshot(path=ARTEFACTS / f"phone-{name}.png")  # as a learner opens it
        with every_step_shown(seen.page):
            overflow = seen.page.evaluate(SETTLED_OVERFLOW)
            tall = seen.page.evaluate(TALL_SIDE_SEATS, SIDE_SEAT_MAX)
        assert overflow <= 2, f"scrolls sideways by {overflow}px on a phone {PHONE}"
        assert tall == [], (f"a seat at a table's side taller than {SIDE_SEAT_MAX}px on a "
                            f"phone (a column of cards, not a compact table): {tall}")
        seen.page.set_viewport_size(laptop)
        seen.page.evaluate(SETTLED_OVERFLOW)


def check_walk_through(seen: Watched, server_url: str, notebook: str,
                       lang: str = LANG) -> None:
    with check("walk-through", notebook):
        words = Words(lang)
        go_through_lesson(seen.page, server_url, notebook, words)
        assert_no_error_shown(seen, error_words(words))
        # what the walk-through brought up (hints, verdicts, reasons, the rule) is worded too
        with every_step_shown(seen.page):
            left = english_left_in(seen.page, notebook, lang)
        assert left == [], f"English shows: {left[:20]}"


def check_closed(seen: Watched, server, kernel: str, notebook: str) -> None:
    """The tab closed as a learner closes it, its kernel goes, and the server took the beacon."""
    with check("closed", notebook):
        assert kernel in server.kernels(), f"kernel {kernel} is not among the server's"
        seen.close()  # beforeunload: Voila's beacon asks the server to shut the kernel down
        wait_until(lambda: kernel not in server.kernels(), SHUTDOWN_TIMEOUT,
                   f"kernel {kernel} to shut down after its tab closed")
        assert f"403 POST /voila/api/shutdown/{kernel}" not in server.log_text()
        assert seen.errors == [], f"console or page errors: {seen.errors}"


def in_turn(notebook: str, lang: str) -> bool:
    """Whether ``lang`` is ``notebook``'s language in the pass: each page in one language, the
    pass's languages (``PASS_LANGUAGES``) in turn page by page (so each has lessons of both
    games; the start page in Catalan)."""
    pages = lesson_notebooks()
    return PASS_LANGUAGES[pages.index(notebook) % len(PASS_LANGUAGES)] == lang


def pass_pages() -> list[tuple[str, str]]:
    """(page, language): every page once, in its language in turn (``in_turn``); with
    ``TUTOR_PAGE_LANGUAGES=all`` (``make test-languages``) every page in every language of the
    pass (144 pages)."""
    every = os.environ.get("TUTOR_PAGE_LANGUAGES") == "all"
    return [(page, lang) for page in lesson_notebooks() for lang in PASS_LANGUAGES
            if every or in_turn(page, lang)]


@pytest.mark.parametrize("notebook,lang", pass_pages())
def test_page_pass(new_page, tabs, server, notebook, lang):
    """One page in one language.  In its turn (``in_turn``) every check, in a browser of its
    own, opened by a link as a shared link is: it loads with no error, its language
    (``<html lang>``, the tab's title, no English), the payload, the requests, axe over the
    whole page, a phone's width, the lesson's walk-through, the tab closed and its kernel gone.
    In every other language (``make test-languages``) every check its language can fail (it
    loads with no error, its language, axe, a phone's width), in one tab per language going
    from page to page as a learner does (``watch.Tabs``: a load about 1.6 s, not 2.7 s)."""
    server_url = server.url
    full = in_turn(notebook, lang)
    if full:
        seen = new_page()  # a laptop's window in a fresh context (tests/browser/conftest.py)
        assert seen.page.context.cookies() == []  # as a link opened in a new browser
    else:
        seen = tabs.tab(lang, notebook)
    laptop = dict(seen.page.viewport_size)
    load(seen, server_url, notebook, lang, quiet=full)
    kernel = page_kernel_id(seen.page)
    check_language(seen, notebook, lang)
    if notebook == "index.ipynb":  # the start page: every language in its own name
        with check("menu", notebook):
            expect(seen.page.locator("nav.tt-languages a")).to_have_count(len(LANGUAGES) + 1)
            if lang != i18n.PSEUDO:
                expect(seen.page.locator("nav.tt-languages a[aria-current]")).to_have_text(
                    i18n.own_name(lang))
            assert seen.page.locator("nav.tt-languages a[lang=ja]").inner_text() == "日本語"
    if full:
        check_payload(seen, notebook)
        check_self_contained(seen, notebook)
    check_axe(seen, notebook)
    check_phone(seen, notebook, laptop, lang)
    if full:
        if "/" in notebook:  # a lesson of a track
            check_walk_through(seen, server_url, notebook, lang)
        check_closed(seen, server, kernel, notebook)
    else:
        with check("load", notebook):
            assert seen.errors == [], f"console or page errors: {seen.errors}"
        # the tab waits for its next page on a blank one: the page left (its kernel shut down
        # by the beacon), so that no other tab of the worker holds a page polling its kernel
        seen.page.goto("about:blank")


# --------------------------------------------------------------------------- the pass itself

def add(page, tag: str, id_: str, text: str, style: str = "",
        parent: str = "#rendered_cells") -> None:
    """Put an element at the end of ``parent`` (by default the lesson's cells)."""
    page.evaluate("""([tag, id, text, style, parent]) => {
        const e = document.createElement(tag); e.id = id; e.textContent = text;
        e.style.cssText = style; document.querySelector(parent).appendChild(e); }""",
                  [tag, id_, text, style, parent])


def test_the_pass_fails_each_check_by_name(new_page, server_url):
    """One lesson, loaded once, broken in one way per check (a line of English; a console
    error; a traceback shown; a request to another host, recorded but never sent; a
    grey-on-white line; a block wider than a phone; a seat as tall as a column of cards; a
    wrong lesson title): each check fails, saying its name and the notebook.  Each fault is
    undone before the next is put in."""
    notebook = TRACK_LESSON
    seen = new_page()
    page, laptop = seen.page, dict(seen.page.viewport_size)
    load(seen, server_url, notebook)

    def fails(name: str, run, *words: str) -> None:
        with pytest.raises(AssertionError) as failed:
            run()
        message = str(failed.value)
        assert message.startswith(f"[{name}] {notebook}: "), message
        assert all(w in message for w in words), message

    add(page, "p", "tt-pass-english", "Words left in English")
    fails("language", lambda: check_language(seen, notebook), "Words left in English")
    page.evaluate("document.getElementById('tt-pass-english').remove()")

    page.evaluate("console.error('a fault put in by the test')")
    fails("load", lambda: check_loaded(seen, notebook), "a fault put in by the test")
    seen.errors.clear()

    add(page, "pre", "tt-pass-leak", "Traceback (most recent call last):")
    fails("payload", lambda: check_payload(seen, notebook), "Traceback")
    page.evaluate("document.getElementById('tt-pass-leak').remove()")

    offsite = "https://cdn.example.com/lib.js"
    seen.urls.append(offsite)  # recorded, never requested (the fixture checks real requests)
    fails("self-contained", lambda: check_self_contained(seen, notebook), offsite)
    seen.urls.remove(offsite)

    add(page, "p", "tt-pass-faint", "faint words", "color:#bbb;background:#fff")
    fails("axe", lambda: check_axe(seen, notebook), "color-contrast", "tt-pass-faint")
    page.evaluate("document.getElementById('tt-pass-faint').remove()")
    page.set_viewport_size(laptop)

    add(page, "div", "tt-pass-wide", "", "width:900px;height:4px", parent="body")
    fails("phone", lambda: check_phone(seen, notebook, laptop), "sideways")
    page.evaluate("document.getElementById('tt-pass-wide').remove()")
    page.set_viewport_size(laptop)

    page.evaluate("""() => { const area = document.createElement('div');
        area.id = 'tt-pass-column'; area.className = 'tt-area-left';
        area.innerHTML = '<div class="tt-seat" aria-label="Seat 9" style="height:700px"></div>';
        document.querySelector('#rendered_cells').appendChild(area); }""")
    fails("phone", lambda: check_phone(seen, notebook, laptop), "Seat 9", "column of cards")
    page.evaluate("document.getElementById('tt-pass-column').remove()")
    page.set_viewport_size(laptop)

    page.evaluate("document.querySelector('.tt-header-title').textContent = 'Not this lesson'")
    fails("walk-through", lambda: check_walk_through(seen, server_url, notebook),
          "Not this lesson")
