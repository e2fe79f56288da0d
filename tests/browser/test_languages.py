"""The page's language, on the session's Voila (issue #38; the languages themselves: #40).

- a link with ``?lang=en-XA`` (the pseudo-language: every message accented, longer, in
  brackets) gives the whole page in it: ``<html lang>``, the skip link, the lesson's prose (the
  notebook's markdown, block by block through the catalog) and every widget; the choice is kept
  in the browser (the pseudo-language until it closes), so the next page, with no ``?lang=``,
  is in it too; the start page, whose kernel Voila preheats in English before anyone asks, is
  in it too; ``?lang=en`` goes back, kept for a year;
- a language the tutor does not have, asked by a link or by the browser, gives English, and
  nothing breaks;
- the tutor's languages (#40): a first visit follows the browser's ``Accept-Language`` and
  the start page's menu changes it; and in French what the English tests do, on a phone: a
  guided hand with the coach and its review, class mode (a teacher in English, learners in
  French and Japanese: question, choices, verdict), the review of what is due and a practice
  question; at each of those states no message shows its English.

Every page in a language other than English, in turn (no English left, nothing that scrolls
sideways on a phone, axe-clean, the lesson walked through by its words): the page pass,
``test_page_pass.py``.  The states a page reaches by its buttons, every text through the
catalog: ``tests/test_pseudo_language.py``.
"""

from __future__ import annotations

import re
import time

import pytest
from guiding import first_legal, play_guided_hand
from playwright.sync_api import expect
from quizzing import pick
from test_page_pass import PHONE, SETTLED_OVERFLOW, english_shown
from voila_harness import ARTEFACTS, LOAD_TIMEOUT, open_notebook, render_url
from watch import click

from tutor.teach import i18n
from tutor.teach.coach import ASK_CARD

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(600)]

PSEUDO = i18n.PSEUDO


def test_a_link_in_the_pseudo_language_words_the_whole_page_and_is_kept(new_page, server_url):
    seen = new_page()
    page = seen.page
    open_notebook(page, render_url(server_url, "55/04-renege.ipynb", f"lang={PSEUDO}"))
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
    open_notebook(page, render_url(server_url, "55/04-renege.ipynb", "lang=en"))
    assert page.evaluate("document.documentElement.lang") == "en"
    expect(page.locator("h2").first).to_contain_text("When a trump is led")
    cookie = {c["name"]: c for c in page.context.cookies()}["tutor_lang"]
    assert cookie["value"] == "en" and cookie["expires"] > time.time() + 300 * 86400
    assert seen.errors == []


@pytest.mark.parametrize("asked", ["?lang=zz", "?lang=%3Cb%3Efr", ""])
def test_a_language_the_tutor_has_not_gives_english(new_page, server_url, asked):
    seen = new_page(extra_http_headers={"Accept-Language": "zz-ZZ, yy;q=0.8"})
    page = seen.page
    open_notebook(page, render_url(server_url, "55/04-renege.ipynb", asked))
    assert page.evaluate("document.documentElement.lang") == "en"
    expect(page.locator("h2").first).to_contain_text("When a trump is led")
    assert "tutor_lang" not in {c["name"] for c in page.context.cookies()}
    assert "<b>fr" not in page.content()  # what was asked is not written into the page
    assert seen.errors == []


def assert_worded(state: str, phone, lang: str = PSEUDO, **others) -> None:
    """At ``state``: no English on the phone's page nor on the ``others`` (by who holds them),
    and the phone does not scroll sideways.  English: outside the pseudo-language's brackets,
    or a message's English in a language of the tutor's (``wording.untranslated``)."""
    from wording import untranslated

    for who, page in {"learner": phone, **others}.items():
        left = english_shown(page) if lang == PSEUDO else \
            untranslated(page.locator("body").inner_text(), lang)
        assert left == [], f"{state}, the {who}'s page: English shows: {left[:20]}"
    overflow = phone.evaluate(SETTLED_OVERFLOW)
    assert overflow <= 2, f"{state}: the phone scrolls sideways by {overflow}px"


@pytest.mark.parametrize("lang", ["fr"])
def test_a_guided_hand_and_the_coach_in_another_language_on_a_phone(new_page, server_url,
                                                                     lang):
    """A guided hand of 55 played to its score on a phone, the coach asked at the first card
    and the hand reviewed at the end, in French (a functional test in a language of the
    tutor's, issue #40; ``lang`` may be the pseudo-language too): at each of those states no
    English shows and nothing scrolls sideways."""
    from wording import Words

    words = Words(lang)
    seen = new_page(viewport=PHONE, is_mobile=True, has_touch=True)
    page = seen.page
    open_notebook(page, render_url(server_url, "55/08-guided.ipynb", f"lang={lang}"))
    box = page.locator(".tt-guided").first
    click(box.locator("button", has_text=words("Deal me a new hand")))
    states = []

    def worded(state: str) -> None:
        assert_worded(state, page, lang=lang)
        states.append(state)

    def coach_first(box, text, hand, words):
        if "coach" not in states:
            click(box.locator("button", has_text=words(ASK_CARD)))
            expect(box.locator(".tt-coach-note")).to_contain_text(
                words.around("Play the {card}.", "card")[0].removeprefix("["))
            worded("coach")
        first_legal(box, text, hand, words)
        if "first card" not in states:
            worded("first card")

    play_guided_hand(box, play=coach_first, words=words)
    worded("the score")
    click(box.locator("button", has_text=words("Review my play")))
    review = box.get_by_role("region", name=words("The coach's review of the hand"))
    expect(review.locator("li").first).to_be_visible(timeout=LOAD_TIMEOUT)
    worded("the review")
    ARTEFACTS.mkdir(exist_ok=True)
    page.screenshot(path=ARTEFACTS / f"languages-{lang}-guided-review.png", full_page=True)
    assert states == ["coach", "first card", "the score", "the review"], states
    assert seen.errors == []


# -- the tutor's languages (issue #40) ------------------------------------------------------------


def test_a_first_visit_follows_the_browsers_languages_and_the_menu_changes_it(new_page,
                                                                            server_url):
    seen = new_page(extra_http_headers={"Accept-Language": "sv-SE, sv;q=0.9, en;q=0.5"})
    page = seen.page
    open_notebook(page, render_url(server_url, "index.ipynb"))
    assert page.evaluate("document.documentElement.lang") == "sv"
    page.locator("nav.tt-languages a[lang=fr]").click()
    page.wait_for_function("document.documentElement && document.documentElement.lang === 'fr'",
                           timeout=LOAD_TIMEOUT)  # (between two pages: no documentElement)
    open_notebook(page, render_url(server_url, "55/04-renege.ipynb"))  # the choice kept
    assert page.evaluate("document.documentElement.lang") == "fr"
    assert seen.errors == []


def test_class_mode_with_each_learner_in_their_own_language(new_page, server_url):
    """Class mode in many languages at once (issue #40): a teacher in English, one learner on
    a phone in French and one in Japanese.  Each learner sees the question, the choices and
    the verdict in their own language, with no English message left; the teacher's tally
    counts both answers, by choice, whatever the language."""
    from wording import Words, untranslated

    english = Words()
    teacher = new_page().page
    open_notebook(teacher, render_url(server_url, "class.ipynb", "lang=en"))
    teacher.get_by_role("button", name=english("Start a class")).click()
    code_box = teacher.locator(".tt-class-code")
    expect(code_box).to_have_text(re.compile(r"^[A-Z]{5}$"))
    code = code_box.inner_text()
    learners = {}
    for lang, nick in (("fr", "Ana"), ("ja", "Ken")):
        words = Words(lang)
        seen = new_page(viewport=PHONE, is_mobile=True, has_touch=True)
        open_notebook(seen.page, render_url(server_url, "join.ipynb") + f"?code={code}&lang={lang}")
        box = seen.page.locator(".tt-class-learner")
        box.get_by_role("textbox", name=words("Nickname")).fill(nick)
        box.get_by_role("button", name=words("Join")).click()
        learners[lang] = (seen, box, words)
    expect(teacher.locator(".tt-class-joined")).to_contain_text("2")
    teacher.get_by_role("button", name=english("Ask the class")).click()
    for lang, (seen, box, words) in learners.items():
        send = box.get_by_role("button", name=words("Send my answer"))
        expect(send).to_be_visible()
        assert seen.page.evaluate("document.documentElement.lang") == lang
        left = untranslated(seen.page.locator("body").inner_text(), lang)
        assert left == [], f"{lang}, the question: English shows: {left[:10]}"
        # every choice picked in turn: an answer whatever the question's mode (one, many, an
        # order, which Send takes only whole)
        buttons = box.locator(".tt-cardrow button")
        expect(buttons.first).to_be_visible()
        pick(box, list(range(buttons.count())))
        send.click()
        expect(send).to_be_disabled()
    expect(teacher.locator(".tt-class-teacher")).to_contain_text(
        english("{answered} of {joined} answered", answered=2, joined=2))
    teacher.get_by_role("button", name=english("Reveal the answers")).click()
    for lang, (seen, box, words) in learners.items():
        verdict = re.compile(f"{re.escape(words('Right!'))}|{re.escape(words('Not quite.'))}")
        expect(box.locator(".tt-msg-ok, .tt-msg-bad").filter(has_text=verdict)).to_be_visible()
        left = untranslated(seen.page.locator("body").inner_text(), lang)
        assert left == [], f"{lang}, the reveal: English shows: {left[:10]}"
        ARTEFACTS.mkdir(exist_ok=True)
        seen.page.screenshot(path=ARTEFACTS / f"languages-{lang}-class-reveal-phone.png")
        assert seen.errors == []


def test_the_review_and_the_practice_in_french(new_page, server_url):
    """The review and the practice in French (a functional test in a language of the
    tutor's, issue #40): a learner whose browser holds two kinds of question answered three
    days ago sees the map say, in French, that two are due; the review asks both and ends
    saying what is left; the practice asks a question and gives its verdict; no message in
    English at any of those states."""
    from datetime import UTC, datetime, timedelta

    from test_memory import KEY, at_origin
    from wording import Words, untranslated

    from tutor.teach import progress, review

    lang = "fr"
    words = Words(lang)
    then = datetime.now(UTC) - timedelta(days=3)
    items = {}
    for game, kind, rule, right in [("55", "legal_cards:trump_lead", "55-RENEGE", False),
                                    ("56", "trick_points", "56-POINTS", True)]:
        items[progress.review_key(game, kind, rule)] = {
            **review.reviewed(None, game, kind, rule, right, 0, then), "t": 1}
    seen = new_page()
    page = seen.page
    at_origin(page, server_url)
    page.evaluate(f"t => localStorage.setItem({KEY!r}, t)", progress.dump(items))
    open_notebook(page, render_url(server_url, "index.ipynb", f"lang={lang}"))
    due = page.locator("a.tt-due-link")
    expect(due).to_contain_text(words("Due for review: {n}", n=2))
    due.click()
    expect(page.locator(".tt-header-title")).to_contain_text(words("Review"),
                                                            timeout=LOAD_TIMEOUT)
    assert page.evaluate("document.documentElement.lang") == lang
    box = page.locator(".tt-review")
    expect(box.locator(".tt-review-status")).to_contain_text(words("{n} due for review", n=2))
    quiz = box.locator(".tt-quiz")

    def answer() -> None:
        buttons = quiz.locator(".tt-cardrow button")
        expect(buttons.first).to_be_enabled()
        pick(quiz, list(range(buttons.count())))
        quiz.get_by_role("button", name=words("Check"), exact=True).click()
        verdict = re.compile(f"{re.escape(words('Right!'))}|{re.escape(words('Not quite.'))}")
        expect(quiz.locator(".tt-msg-ok, .tt-msg-bad").filter(has_text=verdict)).to_be_visible()
        left = untranslated(page.locator("body").inner_text(), lang)
        assert left == [], f"English shows: {left[:10]}"

    answer()
    quiz.get_by_role("button", name=words("Next question"), exact=True).click()
    expect(quiz.locator(".tt-msg-ok, .tt-msg-bad")).to_have_count(0)
    answer()
    expect(quiz.locator(".tt-quiz-top")).to_contain_text(words("all answered"))
    more = quiz.get_by_role("button", name=words("New questions"), exact=True)
    nothing = quiz.locator(".tt-msg-ok").filter(
        has_text=words("Nothing more is due now: well done. Come back later."))
    expect(more.or_(nothing)).to_be_visible()
    open_notebook(page, render_url(server_url, "practice.ipynb"))  # French: the choice kept
    assert page.evaluate("document.documentElement.lang") == lang
    quiz = page.locator(".tt-quiz").first
    answer()
    assert seen.errors == []
