"""The bid explainer widget without a browser: typing, the builder buttons, the player count,
bad input (a message, the last good table kept, a log line) and the error boundary."""

from __future__ import annotations

import html
import logging
import re

import ipywidgets as widgets
import pytest
from stylesheet import rules_of
from wording import said

from tutor.engine.errors import InputError
from tutor.engine.messages import capfirst
from tutor.engine.text import quoted
from tutor.games.g56.auction import parse_call
from tutor.teach.g56.bidding import CALL_FORMS
from tutor.ui.g56 import bidding as bidding_mod
from tutor.ui.g56.bidding import BidExplainer, bid_explainer, button_label, written_call
from tutor.ui.style import style_html


def text(w: widgets.HTML) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", w.value))


def rows(w: BidExplainer) -> list[str]:
    """The calls in the table, written, in order."""
    return re.findall(r'<span class="tt-bid-written">([^<]+)</span>', w.table.value)


def walk(w):
    yield w
    for c in getattr(w, "children", ()):
        yield from walk(c)


def in_name(word: str) -> str:
    """A word of a bid's name: 'Twenty', 'Spades'."""
    return said.p("in a bid's name", word)


def suits(name: str) -> str:
    return said.p("suit", name)


def at_call(number: int, token: str) -> str:
    """Where a typed auction went wrong: "call 3, '27S'"."""
    return said("call {number}, {token}", number=number, token=quoted(token))


def error_at(number: int, token: str, problem: str) -> str:
    """A typed auction's error: "call 3, '27S': seat 2 may not ..."."""
    return said("{where}: {problem}", where=at_call(number, token), problem=problem)


def refused(number: int, token: str, problem: str) -> str:
    """The message of a call refused, the last table kept."""
    return said("{error} The table still shows the last auction that could be read.",
                error=error_at(number, token, problem))


AUCTION_OVER = "The auction is over: {contract}."


def test_the_widget_builds_with_its_own_styles_and_is_not_displayed():
    w = bid_explainer()
    assert isinstance(w, widgets.Widget) and isinstance(w, BidExplainer)
    assert "tt-app" in w._dom_classes and "tt-bid" in w._dom_classes
    # its styles: in tutor.css (a phone's among them), none in the widget but the stylesheet's
    # one copy outside Voila
    rules = rules_of("tt-bid")
    assert any(s.startswith(".tt-bid-table") for m, s, _ in rules if m is None)
    assert any(s.startswith(".tt-bid-table") for m, s, _ in rules if m and "max-width" in m)
    assert w.children[0].value == style_html()
    assert all("<style" not in str(getattr(c, "value", "")) for c in w.children[1:])
    assert rows(w) == [] and said("No calls yet: type an auction above or build it with the "
                                  "buttons.") in html.unescape(w.table.value)
    assert said("Nobody has bid yet.") in text(w.status)
    assert w.players == 6 and w.error.value == "" and w.message.value == ""


def test_no_fixed_widths_so_it_fits_a_phone():
    w = bid_explainer("28S pass")
    for x in walk(w):
        layout = getattr(x, "layout", None)
        width = getattr(layout, "width", None) if layout is not None else None
        assert width in (None, "", "auto", "100%"), (type(x).__name__, width)
    rules = rules_of("tt-bid")
    assert any(re.fullmatch(r"@media \(max-width: \d+px\)", m or "") for m, _, _ in rules)
    classes = {c for _, selector, _ in rules for c in re.findall(r"\.(tt-[\w-]+)", selector)}
    assert classes and all(c.startswith("tt-bid-") or c in ("tt-app",) for c in classes)


def test_typing_a_good_auction_fills_the_table():
    w = bid_explainer()
    w.text.value = "28S pass +2H pass 32NT double"
    assert rows(w) == ["28S", "pass", "+2H", "pass", "32NT", "double"]
    table = text(w.table)
    twenty_eight = in_name("Twenty-Eight")  # a number of a bid's name, a message of its own
    assert said.p("a call: its number, then its suit", "{number} {suit}", number=twenty_eight,
                  suit=in_name("Spades")) in table
    assert said("Plus {number} {suit}", number=in_name("Two"), suit=in_name("Hearts")) in table
    assert capfirst(said("{tells}.", tells=said.n(
        "shows exactly {n} top {one} ({cards}) and no other {suits}",
        "shows exactly {n} top {suits} ({cards}) and no other {suits}", 2,
        one=said.p("suit, singular", "heart"), cards="J♥ J♥", suits=suits("hearts")))) in table
    assert said("Team {team}", team=0) in table and said("Team {team}", team=1) in table
    assert said("Seat {seat}", seat=5) in table
    summary = text(w.summary)
    assert said("{cards} ({ranks} of {suit}: {who})", cards="J♥ J♥",
                ranks=said.n("a jack", "{count} jacks", 2, count=said("two")),
                suit=suits("hearts"), who=said.n("seat {seats}", "seats {seats}", 1, seats="2")) \
        in summary
    assert said("seat {seat} doubled, expecting the opponents' {bid} to fail", seat=5, bid=32) \
        in summary
    assert said("The standing bid is {bid}, doubled, by seat {seat} (team {team}).", bid=32,
                seat=4, team=0) in text(w.status)
    assert w.message.value == "" and w.error.value == ""


def test_the_starting_text_and_words():
    w = bid_explainer("thirty spades, plus two hearts", players=4)
    assert rows(w) == ["30S", "+2H"] and w.players == 4


def test_a_bad_auction_shows_why_keeps_the_table_and_is_logged(caplog):
    w = bid_explainer("28S pass +2H")
    before = w.table.value
    with caplog.at_level(logging.WARNING, logger="tutor.ui"):
        w.text.value = "28S pass 27S"
    msg = text(w.message)
    assert refused(3, "27S", said(
        "seat {seat} may not bid {bid} here. {reason} [{rule}]", seat=2,
        bid=said.within(parse_call("27S").spoken), rule="56-BID-RANGE",
        reason=said("A bid is {low} to {high}; this one is {level}.", low=28, high=56,
                    level=27))) in msg
    assert "56-BID-RANGE" in msg and "tt-rule-id" in w.message.value  # the rule box
    assert w.table.value == before and rows(w) == ["28S", "pass", "+2H"]
    assert w.error.value == "" and "Traceback" not in w.message.value
    assert any(at_call(3, "27S") in r.getMessage() for r in caplog.records)
    w.text.value = "28S xx"
    assert refused(2, "xx", said("this is not a call of 56: write {forms}",
                                 forms=said(CALL_FORMS))) in text(w.message)
    assert w.table.value == before
    w.text.value = "28S pass"  # fixed: the message goes, the table follows
    assert w.message.value == "" and rows(w) == ["28S", "pass"]


def test_the_builder_buttons_append_calls():
    w = bid_explainer()
    w.level.value = 28
    w.bid_buttons[("number_suit", "S")].click()
    assert w.text.value == "28S" and rows(w) == ["28S"]
    w.call_buttons["pass"].click()
    assert w.level.value == 29  # moved up to the lowest bid
    plus = w.bid_buttons[("plus_suit", "H")]
    w.level.value = 30
    assert plus.description == "+2♥" and not plus.disabled
    plus.click()
    assert w.text.value == "28S pass +2H" and rows(w)[-1] == "+2H"
    w.call_buttons["double"].click()
    assert rows(w) == ["28S", "pass", "+2H", "double"]
    w.call_buttons["redouble"].click()
    assert w.text.value == "28S pass +2H double redouble"
    assert said(AUCTION_OVER, contract=said(
        "{bid} {denomination}, redoubled, by seat {seat} (team {team})", bid=30,
        denomination=suits("hearts"), seat=2, team=0)) in text(w.status)


def test_an_illegal_button_leaves_the_text_alone():
    w = bid_explainer("28S")
    w.call_buttons["double"].click()  # seat 1 may double the other team's bid
    assert w.text.value == "28S double"
    w.call_buttons["double"].click()  # but not twice
    assert w.text.value == "28S double" and "56-DOUBLE" in text(w.message)
    assert rows(w) == ["28S", "double"]


def test_plus_buttons_need_a_standing_bid():
    w = bid_explainer()
    b = w.bid_buttons[("plus_suit", "S")]
    assert b.disabled and b.description == "+N♠"
    assert button_label("plus_noes", "NT", 31, 28) == said("+{n} Noes", n=3)
    assert written_call("plus_noes", "NT", 31, 28) == "+3NOES"
    assert written_call("plus_suit", "S", 28, None) is None
    assert [written_call(s, d, 30, None) for s, d in (("number_suit", "D"),
            ("suit_number", "D"), ("number_nt", "NT"), ("number_noes", "NT"))] == \
        ["30D", "D30", "30NT", "30NOES"]
    assert not w.add_bid("plus_suit", "S") and said(
        "A Plus call adds to a standing bid: choose a level above it (56-PLUS).") \
        in text(w.message)


def test_words_typed_stay_words_when_a_button_adds_a_call():
    w = bid_explainer("thirty spades")
    w.call_buttons["pass"].click()
    assert w.text.value == "thirty spades, pass" and rows(w) == ["30S", "pass"]


def test_the_player_count_undo_and_clear():
    w = bid_explainer("28S pass pass pass")
    assert said.around(AUCTION_OVER, "contract")[0] not in text(w.status)
    w.players_pick.value = 4
    contract = said("{bid} {denomination}, by seat {seat} (team {team})", bid=28,
                    denomination=suits("spades"), seat=0, team=0)
    assert said(AUCTION_OVER, contract=contract) in text(w.status)
    w.undo_button.click()
    assert w.text.value == "28S pass pass" and rows(w) == ["28S", "pass", "pass"]
    w.clear_button.click()
    assert w.text.value == "" and rows(w) == []
    w.text.value = "28S pass pass pass pass"
    assert error_at(5, "pass", said(
        "the auction already ended with call {number}: the contract is {contract}; no call "
        "may follow its end [56-END]", number=4, contract=contract)) in text(w.message)
    assert "56-END" in text(w.message)
    w.players_pick.value = 6
    assert w.message.value == "" and len(rows(w)) == 5


def test_a_wrong_player_count_is_refused():
    with pytest.raises(InputError, match=re.escape(said(
            "56 is for 4, 6 or 8 players, not {players} (56-PLAYERS)", players=repr(5)))):
        bid_explainer("", 5)


def test_every_callback_is_behind_the_error_boundary(monkeypatch, caplog):
    w = bid_explainer("28S")

    def broken(*_args, **_kwargs):
        raise RuntimeError("engine trouble")

    monkeypatch.setattr(bidding_mod, "explain", broken)
    with caplog.at_level(logging.ERROR, logger="tutor.ui"):
        w.explain_button.click()
    assert said("Sorry, that did not work: {problem}", problem="engine trouble") \
        in html.unescape(w.error.value)
    assert rows(w) == ["28S"]
    for b in [w.call_buttons["pass"], w.undo_button, w.clear_button,
              w.bid_buttons[("number_nt", "NT")]]:
        w.error.value = ""
        b.click()
        assert "engine trouble" in w.error.value
    w.error.value = ""
    w.text.value = "28S pass"
    assert "engine trouble" in w.error.value
    w.error.value = ""
    w.players_pick.value = 8
    assert "engine trouble" in w.error.value
    assert caplog.records


# -- the bidding questions in the quiz widget ----------------------------------------------------
@pytest.mark.parametrize("kind", ["bid_meaning", "bid_choice"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_quiz_widget_shows_a_bidding_question_without_its_answer(kind, seed, monkeypatch):
    """Until the kinds are registered in tutor.teach.questions, a quiz of another kind is
    handed these questions: they draw, hide the answer until Check and grade."""
    from tutor.teach.g56.bidding import MAKERS
    from tutor.teach.questions import Quiz
    from tutor.ui.quiz import QuizWidget

    monkeypatch.setattr(Quiz, "_question", lambda self, i: MAKERS[kind]("56", seed * 10 + i))
    w = QuizWidget(("legal_calls",), "56", seed)
    q = w.question
    assert q.kind == kind
    everything = html.unescape("\n".join(
        str(getattr(x, name)) for x in walk(w) for name in ("value", "description", "tooltip")
        if isinstance(getattr(x, name, None), str)))
    assert q.prompt in everything
    assert q.reason not in everything and said("The answer:") not in everything
    for h in q.hints:
        assert h.text not in everything
    assert [c.label for _, c in w.choice_buttons] == [c.label for c in q.choices]
    wrong = next(i for i, c in enumerate(q.choices) if c.id not in q.answer)
    w.choice_buttons[wrong][0].click()
    w.check_button.click()
    feedback = html.unescape(w.feedback.value)
    assert said("Not quite.") in feedback and "56-CONV" in feedback
    assert q.meanings[q.choices[wrong].id] in feedback
