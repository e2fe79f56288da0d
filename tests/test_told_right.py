"""What a learner is told must be right (issue #11): every question can be answered from what
it shows, seats are numbered as the lessons teach, and no raw Python value, setting name or
literal markdown reaches a learner in a question, its feedback or a worked example."""

from __future__ import annotations

import re

import pytest
from wording import said

from tutor.engine.cards import Card
from tutor.engine.messages import many
from tutor.games import g55, g56
from tutor.games.g55.auction import Auction
from tutor.games.g55.game import Game55
from tutor.games.g55.scoring import score_hand
from tutor.games.g56.auction import Auction56
from tutor.games.g56.game import Game56
from tutor.games.g56.play import card_points
from tutor.games.g56.settle import settle
from tutor.teach.content import EXAMPLES
from tutor.teach.examples import ExampleRun
from tutor.teach.questions import GAMES, KINDS, lesson_kinds, make_question
from tutor.ui.quiz import QuizWidget, context_html

ALL = [(k, g) for k in KINDS for g in GAMES] + sorted(lesson_kinds().items())
SEEDS = range(40)
SETTING_NAMES = sorted({n for n in (*g55.SETTINGS, *g56.SETTINGS) if "_" in n})
RAW = re.compile(r"\{'|\[|\]|\bNone\b|\bTrue\b|\bFalse\b|(?<![\w*])\*[A-Za-z][^*\n]*\*(?!\*)|"
                 + "|".join(SETTING_NAMES))


def _cards(ids) -> list[Card]:
    return [Card.parse(i) for i in ids]


def _text(html: str) -> str:
    return re.sub(r"<[^>]+>", " ", html)


ANY = "\x01"  # a value the test does not know, in a message worded with said(...)


def _says(text: str, worded: str) -> bool:
    """``text`` holds the message ``worded`` (said(...) with ANY for the values not known)."""
    return re.search(".*?".join(map(re.escape, worded.split(ANY))), text) is not None


# The sentences that say who deals: (singular, plural), {n} players and {dealer} the seat
DEALS = (("{n} player: seat {dealer} deals, and seat 0 (on the dealer's right) speaks first.",
          "{n} players: seat {dealer} deals, and seat 0 (on the dealer's right) speaks first."),
         ("{n} player: seat {dealer} deals, and seat 0 (on the dealer's left) speaks first.",
          "{n} players: seat {dealer} deals, and seat 0 (on the dealer's left) speaks first."),
         ("{n} player, seat {dealer} deals.", "{n} players, seat {dealer} deals."),
         ("Calls so far ({n} player, seat {dealer} deals)",
          "Calls so far ({n} players, seat {dealer} deals)"))


def _wrong_dealers() -> list[str]:
    """Every sentence of :data:`DEALS` with a dealer other than seat n-1."""
    return [said.n(one, more, n, dealer=d) for one, more in DEALS for n in range(2, 10)
            for d in range(10) if d != n - 1]


YOU_ARE = ("You are seat {seat}.", "You are seat {seat}, the dealer.",
           "You are seat {seat}, in {side}.", "You are seat {seat}, the dealer, in {side}.",
           "You are seat {seat}, in {side} with {partners}.",
           "You are seat {seat}, the dealer, in {side} with {partners}.")


# -- the answer follows from what the question shows --------------------------------------------
def _ranking(q):
    ctx = q.context
    if q.game == "55":
        return g55.ranking(ctx["trump"], bool((ctx.get("rules") or {}).get("plain_ace_high")))
    return g56.ranking(ctx.get("trump") or "NT")


def _solve(q) -> tuple[str, ...] | None:
    """The answer worked out from the question's context alone (the facts it draws), by the
    rules as the lessons teach them: seat n-1 deals, 56 team 0 is the even seats.  None for
    a kind this check does not solve."""
    ctx, kind = q.context, q.base_kind
    if kind == "trick_winner":
        return (str(_ranking(q).trick_result(_cards(ctx["trick"])).index),)
    if kind == "legal_cards":
        hand, trick = _cards(ctx["hand"]), _cards(ctx["trick"])
        if q.game == "55":
            rules = ctx.get("rules") or {}
            legal = g55.legal_cards(hand, trick, _ranking(q), rules.get("renege_mode", "led"),
                                    bool(rules.get("ah_lead_forces_hearts")))
        else:
            legal = g56.play.legal_cards(hand, trick)
        return tuple(sorted({str(c) for c in legal}))
    if kind == "find_trumps":
        rk = _ranking(q)
        return tuple(sorted(c for c in ctx["hand"] if rk.is_trump[Card.parse(c).index]))
    if kind == "legal_calls":
        n, rules = ctx["players"], ctx.get("rules") or {}
        if q.game == "55":
            a = Auction(n, n - 1, Game55(n, rules).settings)
        else:
            a = Auction56(n, n - 1, Game56(n, rules).settings)
        for _, call in ctx["calls"]:
            a.call(call)
        return tuple(sorted(c.id for c in q.choices if a.check(c.id) is None))
    if kind == "score_hand" and q.game == "55":
        n = ctx["players"]
        tricks = [(w, _cards(cs)) for w, cs in ctx["tricks"]]
        sc = score_hand(n, ctx["bidder"], ctx["bid"], ctx["trump"], tricks,
                        Game55(n).settings)
        return (str(sc.deltas[sc.bidding_side]),)
    if kind == "score_hand":
        team = ctx["team"]
        points = sum(card_points(_cards(cs)) for w, cs in ctx["tricks"] if w % 2 == team)
        s = settle(ctx["tables"], team, ctx["bid"], ctx["multiplier"], points,
                   Game56(ctx["players"]).settings)
        return (str(s.paid if s.payer != team else -s.paid),)
    return None


@pytest.mark.parametrize("kind, game", ALL)
def test_every_answer_follows_from_what_the_question_shows(kind, game):
    solved = 0
    for seed in SEEDS:
        q = make_question(kind, game, seed)
        answer = _solve(q)
        if answer is None:
            continue
        solved += 1
        assert tuple(sorted(answer)) == tuple(sorted(q.answer)), (kind, game, seed, q.prompt)
    if kind.split(":")[0] in ("trick_winner", "legal_cards", "find_trumps", "legal_calls",
                              "score_hand"):
        assert solved == len(SEEDS)


@pytest.mark.parametrize("kind, game", ALL)
def test_seats_are_numbered_from_the_dealer_as_the_lessons_teach(kind, game):
    """55-SEATS, 56-SEATS: the dealer is seat n-1.  A question that names a dealer names that
    seat; a 56 score question says which seats make each team and what each team held."""
    wrong = _wrong_dealers()
    for seed in SEEDS:
        q = make_question(kind, game, seed)
        n = q.context.get("players")
        if "dealer" in q.context:
            assert q.context["dealer"] == n - 1, (kind, seed)
        assert not [w for w in wrong if w in q.prompt], (kind, seed, q.prompt)
        if q.base_kind == "score_hand" and game == "56":
            evens = [str(s) for s in range(0, n, 2)]
            assert said("{side}: {seats}.", side=said("Team {number}", number=0), seats=said.n(
                "seat {seats}", "seats {seats}", len(evens), seats=many(evens))) in q.prompt
            held = q.context["tables"]
            assert said.n("Before this hand team 0 held {n} table and team 1 held {other}.",
                          "Before this hand team 0 held {n} tables and team 1 held {other}.",
                          held[0], other=held[1]) in q.prompt, q.prompt
        if "seat" in q.context and q.base_kind in ("legal_cards", "legal_calls"):
            seat = q.context["seat"]
            assert any(_says(q.prompt, said(m, seat=seat, side=ANY, partners=ANY))
                       for m in YOU_ARE), (kind, seed, q.prompt)


# -- nothing raw reaches the learner ------------------------------------------------------------
def _wrong_pick(q):
    ids = [c.id for c in q.choices]
    if q.mode == "one":
        return next(i for i in ids if i not in q.answer)
    if q.mode == "order":
        return list(reversed(q.answer)) if len(q.answer) > 1 else list(q.answer)
    extra = [i for i in ids if i not in q.answer][:1]
    return list(q.answer)[1:] + extra or extra


@pytest.mark.parametrize("kind, game", ALL)
def test_questions_and_their_feedback_show_no_raw_values(kind, game):
    for seed in range(12):
        q = make_question(kind, game, seed)
        texts = [q.prompt, q.reason, _text(context_html(q)), *(h.text for h in q.hints),
                 *q.meanings.values(), *(c.label for c in q.choices)]
        for t in texts:
            assert not RAW.search(t), (kind, seed, t)
    quiz = QuizWidget(kinds=(kind,), game=game, seed=7)
    pick = _wrong_pick(quiz.question)
    quiz.picked = list(pick) if isinstance(pick, list) else [pick]
    quiz.check()
    shown = _text(quiz.feedback.value)
    assert not quiz.quiz.attempt.feedback.correct and said("Not quite.") in shown
    assert not RAW.search(shown), shown


def test_every_worked_example_says_every_try_in_words():
    for ex in EXAMPLES:
        options = ExampleRun(ex)
        options = options.call_options() if options.phase == "auction" else options.hand()
        for o in options:
            run = ExampleRun(ex)
            out = run.attempt(o)
            texts = [out.text, *out.alternatives, out.trick or "", *out.followed,
                     *((out.score or {}).get("lines") or ())]
            for t in texts:
                assert not RAW.search(str(t)), (ex.name, o, t)
            if not out.ok:
                # the alternatives are said once, below
                assert said.around("Legal: {cards}.", "cards")[0] not in out.text


# -- feedback speaks about the learner's own picks ----------------------------------------------
def test_many_feedback_explains_the_picks_then_marks_the_missed():
    """Issue #11 item 6: only 8♥ picked; the feedback explains the 8♥ (not a card the learner
    did not pick), and lists each missed card as missed."""
    for seed in range(60):
        q = make_question("legal_cards:plain_lead", "55", seed)
        wrong = [c.id for c in q.choices if c.id not in q.answer]
        if wrong and len(q.answer) >= 2:
            break
    fb = q.grade([wrong[0]])
    assert len(fb.wrong) == 1 and fb.wrong[0].startswith(Card.parse(wrong[0]).unicode)
    assert len(fb.missed) == len(q.answer)
    assert all(m.startswith(Card.parse(a).unicode) for m, a in zip(fb.missed, sorted(
        q.answer, key=lambda i: [c.id for c in q.choices].index(i))))
    for other in wrong[1:]:
        assert Card.parse(other).unicode not in fb.reason.split(";")[0]
    quiz = QuizWidget(kinds=("legal_cards:plain_lead",), game="55", seed=0)
    qq = quiz.question
    bad = [c.id for c in qq.choices if c.id not in qq.answer]
    quiz.picked = bad[:1] if bad else list(qq.answer)[:1]
    quiz.check()
    if bad:
        assert said("What your answer meant:") in quiz.feedback.value
    assert said("You missed:") in quiz.feedback.value
    marks = {c.id: b._dom_classes for b, c in quiz.choice_buttons}
    for a in qq.answer:
        assert ("tt-right" in marks[a]) == (a in quiz.picked)
        assert ("tt-missed" in marks[a]) == (a not in quiz.picked)
