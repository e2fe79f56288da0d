"""The lesson tracks (55 and 56) without a browser: the lesson questions ask what their lesson
is about (and the engine agrees with every answer), the worked examples answer tries with the
rules, the house-rule comparisons really differ, and the lesson widgets work and never show a
traceback."""

from __future__ import annotations

import random

import pytest
from wording import said

from tutor.engine.cards import SUIT_SYMBOL, SUIT_WORDS, SUITS, Card
from tutor.engine.errors import InputError
from tutor.engine.messages import capfirst
from tutor.games.g55.play import legal_cards, ranking
from tutor.teach import house_rules as rule_words
from tutor.teach.content import COMPARISONS, EXAMPLES, EXERCISES, PAGES, TRACKS, validate
from tutor.teach.examples import ExampleRun, compare
from tutor.teach.g55.questions import MAKERS
from tutor.teach.questions import SEED_LIMIT, Quiz, fresh_seed, make_question
from tutor.ui import house_rules, lesson_footer, plain_ladder, trump_ladders, worked_example
from tutor.ui.example import HouseRules, WorkedExample
from tutor.ui.style import esc

SEEDS = range(40)
AH = Card("A", "H")


def cards(ids) -> list[Card]:
    return [Card.parse(i) for i in ids]


def test_the_content_is_valid():
    assert validate() == []


@pytest.mark.parametrize("kind", sorted(MAKERS))
def test_lesson_questions_are_reproducible_and_their_answer_is_right(kind):
    for seed in SEEDS:
        q = make_question(kind, "55", seed)
        assert q == make_question(kind, "55", seed)
        assert set(q.answer) <= {c.id for c in q.choices}
        right = q.answer[0] if q.mode == "one" else list(q.answer)
        assert q.grade(right).correct
        if q.mode == "many" and len(q.answer) < len(q.choices):
            wrong = [c.id for c in q.choices if c.id not in q.answer][:1] + list(q.answer)
            fb = q.grade(wrong)
            assert not fb.correct and fb.wrong and fb.rule.startswith("55-")
        assert len(q.hints) == 3 and q.hints[1].rule


def legal_of(q) -> set[str]:
    """What the engine itself says may be played in a legal-card question's position."""
    ctx = q.context
    rk = ranking(ctx["trump"])
    mode = ctx["rules"].get("renege_mode", "led")
    ah = ctx["rules"].get("ah_lead_forces_hearts", False)
    return {str(c) for c in legal_cards(cards(ctx["hand"]), cards(ctx["trick"]), rk, mode, ah)}


def test_plain_lead_questions_have_a_plain_card_led_and_all_three_cases():
    seen = set()
    for seed in SEEDS:
        q = make_question("legal_cards:plain_lead", "55", seed)
        rk = ranking(q.context["trump"])
        led = Card.parse(q.context["trick"][0])
        assert not rk.is_trump[led.index]
        assert set(q.answer) == legal_of(q)
        seen.add(q.rule)
    assert {"55-FOLLOW-PLAIN", "55-VOID"} <= seen


def test_trump_lead_questions_always_hold_a_top_trump_and_show_each_case():
    cases = set()
    for seed in SEEDS:
        q = make_question("legal_cards:trump_lead", "55", seed)
        rk = ranking(q.context["trump"])
        trick, hand = cards(q.context["trick"]), cards(q.context["hand"])
        assert rk.is_trump[trick[0].index]
        top = set(rk.trump_order[:3])
        assert top & set(hand)
        assert set(q.answer) == legal_of(q)
        everything = len(q.answer) == len(hand)
        higher_played = any(rk.trump_rank[c.index] < min(rk.trump_rank[h.index] for h in hand
                                                         if h in top) for c in trick[1:]
                            if rk.is_trump[c.index])
        cases.add((everything, q.rule, higher_played))
    assert (True, "55-RENEGE", False) in cases  # a top trump kept back
    assert (False, "55-RENEGE", False) in cases  # a top trump forced by the led card
    assert any(c[1] == "55-TRUMP-LEAD" for c in cases)  # an ordinary trump must answer
    assert (True, "55-RENEGE", True) in cases  # a higher trump played does not force


def test_house_rule_questions_differ_from_the_standard_rules():
    for seed in SEEDS:
        q = make_question("legal_cards:house", "55", seed)
        rules = q.context["rules"]
        assert rules and q.prompt.startswith(said.n(
            "House rule: {rules}.", "House rules: {rules}.", len(rules), rules="; ".join(
                rule_words.words("55", k, v, q.context["players"]) for k, v in rules.items())))
        rk = ranking(q.context["trump"])
        standard = {str(c) for c in legal_cards(cards(q.context["hand"]),
                                                cards(q.context["trick"]), rk)}
        assert set(q.answer) == legal_of(q) != standard
        w = make_question("trick_winner:house", "55", seed)
        trick = cards(w.context["trick"])
        std, high = ranking(w.context["trump"]), ranking(w.context["trump"], True)
        assert int(w.answer[0]) == high.winner_index(trick) != std.winner_index(trick)


def test_plain_questions_have_no_trump_and_find_trumps_includes_the_ace_of_hearts():
    with_ah = 0
    for seed in SEEDS:
        q = make_question("trick_winner:plain", "55", seed)
        rk = ranking(q.context["trump"])
        assert not any(rk.is_trump[c.index] for c in cards(q.context["trick"]))
        f = make_question("find_trumps", "55", seed)
        rk = ranking(f.context["trump"])
        assert set(f.answer) == {c for c in f.context["hand"] if rk.is_trump[Card.parse(c).index]}
        with_ah += "AH" in f.answer and f.context["trump"] != "H"
        o = make_question("card_order:plain", "55", seed)
        rk = ranking(o.context["trump"])
        ranks = [rk.plain_rank[c.index] for c in cards(o.answer)]
        assert ranks == sorted(ranks) and -1 not in ranks
    assert with_ah > len(SEEDS) / 2


def test_lesson_kinds_are_checked():
    with pytest.raises(InputError) as e:
        make_question("legal_cards:trump_lead", "56", 1)
    assert e.value.message == said("question kind {kind} is for {game}, not {other}",
                                   kind=repr("legal_cards:trump_lead"), game="55",
                                   other="56")
    with pytest.raises(InputError) as e:
        Quiz(("legal_cards:nonsense",), "55")
    before, after = said.around("unknown question kind {kind} (known: {kinds})", "kinds",
                                kind=repr("legal_cards:nonsense"))
    assert e.value.message.startswith(before) and e.value.message.endswith(after)


@pytest.mark.parametrize("exercise", [e for e in EXERCISES if e.name[:3] in ("55-", "56-")],
                         ids=lambda e: e.name)
def test_every_exercise_runs_to_the_end(exercise):
    quiz = Quiz(exercise.kinds, exercise.game, exercise.seed, exercise.count)
    for i in range(exercise.count):
        q = quiz.question
        quiz.answer(q.answer[0] if q.mode == "one" else list(q.answer))
        if i < exercise.count - 1:
            quiz.next()
    assert quiz.finished and quiz.score == exercise.count
    with pytest.raises(InputError):
        quiz.next()


@pytest.mark.parametrize("exercise", EXERCISES, ids=lambda e: e.name)
def test_every_exercise_runs_to_the_end_from_any_seed(exercise):
    """A learner's exercise has a fresh seed (1 .. SEED_LIMIT): a sample of them, the ends of
    the range included, all ask ``count`` questions whose answers are right."""
    rng = random.Random(exercise.name)
    for seed in [1, SEED_LIMIT] + [rng.randint(1, SEED_LIMIT) for _ in range(6)]:
        quiz = Quiz(exercise.kinds, exercise.game, seed, exercise.count)
        for i in range(exercise.count):
            q = quiz.question
            assert set(q.answer) <= {c.id for c in q.choices} and q.hints, (seed, q.kind)
            quiz.answer(q.answer[0] if q.mode == "one" else list(q.answer))
            if i < exercise.count - 1:
                quiz.next()
        assert quiz.score == exercise.count, seed
    assert 1 <= fresh_seed() <= SEED_LIMIT


# -- worked examples ----------------------------------------------------------------------------
@pytest.mark.parametrize("example", EXAMPLES, ids=lambda x: x.name)
def test_every_choice_of_every_example_is_answered_by_the_engine(example):
    run = ExampleRun(example)
    options = run.call_options() if run.phase == "auction" else [str(c) for c in run.hand()]
    verdicts = set()
    for choice in options:
        run.reset()
        bad = run.check(choice)
        out = run.attempt(choice)
        assert out.ok == (bad is None)
        verdicts.add(out.ok)
        if not out.ok:
            assert out.rule == bad.rule and out.alternatives and out.text
            assert run.learner_to_act  # an illegal try costs nothing: try again
        else:
            assert out.text and out.followed
            if run.phase != "auction" or out.trick:
                assert not run.learner_to_act  # one card, one try
    assert True in verdicts


def test_an_example_explains_the_renege_and_finishes_the_trick():
    run = ExampleRun(next(x for x in EXAMPLES if x.name == "55-higher-played"))
    out = run.attempt("10S")
    assert out.ok and "55-RENEGE" in out.text
    assert out.trick == trick_words(run, 1, "5H")  # the 5♥ played
    with pytest.raises(InputError) as e:
        run.attempt("2S")
    assert e.value.message == said("this example is finished: press Start again to try another "
                                   "choice")
    run.reset()
    assert run.learner_to_act and run.attempt("2S").ok


def trick_words(run, seat: int, card: str) -> str:
    """What an example says of its last trick, from the trick: ``seat`` won it with ``card``
    (and, in a game of card points, the points it holds)."""
    _, cards, winner = run.state.tricks[-1]
    result = run.state.rk.trick_result(cards)
    assert winner == seat and cards[result.index] == Card.parse(card)
    said_trick = said("Seat {seat} wins the trick with the {card}: {why}.", seat=seat,
                      card=cards[result.index].unicode, why=result.why)
    points = run.spec.hooks.get("trick_points")
    if points is None:
        return said_trick
    return said_trick + " " + said.n("The trick holds {n} card point.",
                                     "The trick holds {n} card points.", points(cards))


def test_the_score_example_ends_the_hand_with_the_breakdown():
    run = ExampleRun(next(x for x in EXAMPLES if x.name == "55-score"))
    out = run.attempt("AC")
    assert out.score and out.score["made"] and out.score["outcome"]["took"] == 30
    assert said.n("{player} bid {bid} and made it with {points} point.",
                  "{player} bid {bid} and made it with {points} points.", 30,
                  player=said("Seat {seat}", seat=2), bid=20, points=30) in out.score["lines"]


def test_an_example_never_shows_other_players_cards():
    run = ExampleRun(next(x for x in EXAMPLES if x.name == "55-auction-dealer"))
    out = run.attempt("pass")  # seat 1 wins and takes the kitty, unseen by the learner
    assert said("Seat {seat} takes the five kitty cards.", seat=1) in out.followed
    before = ExampleRun(run.example).state.hands[1]
    kitty = [c.unicode for c in run.state.hands[1] if c not in before]
    assert kitty and not any(k in " ".join(out.followed + run.narration()) for k in kitty)


@pytest.mark.parametrize("comparison", COMPARISONS, ids=lambda c: c.name)
def test_every_house_rule_changes_the_result(comparison):
    cols = compare(comparison)
    assert cols[0].standard and not any(c.standard for c in cols[1:])
    assert all(c.summary != cols[0].summary for c in cols[1:])


# -- widgets ------------------------------------------------------------------------------------
def test_worked_example_widget_answers_a_wrong_and_a_right_card():
    w = worked_example("55-follow")
    assert isinstance(w, WorkedExample)
    w.attempt(Card.parse("QD"))
    assert said("Not allowed.") in w.result.value and "55-FOLLOW-PLAIN" in w.result.value
    w.legal_toggle.value = True
    marked = {str(c): b._dom_classes for b, c in w.buttons}
    assert "tt-legal" in marked["KS"] and "tt-dim" in marked["QD"]
    w.attempt(Card.parse("6H"))
    assert esc(said.between("{action} is allowed: {reason}", "action", "reason")) \
        in w.result.value
    _, cards, winner = w.run.state.tricks[-1]
    assert esc(trick_words(w.run, winner, str(cards[w.run.state.rk.trick_result(cards).index]))) \
        in w.details.value
    assert all(b.disabled for b, _ in w.buttons)
    w.again.click()
    assert not any(b.disabled for b, _ in w.buttons) and w.result.value == ""


def test_worked_example_widget_calls_and_errors():
    w = worked_example("55-auction-held")
    labels = [b.description for b, _ in w.buttons]
    assert labels[:2] == [said("Pass"), said("Hold")]
    w.attempt("hold")
    assert "55-BID-HOLD" in w.result.value
    w.attempt("nonsense")
    assert "Traceback" not in w.error.value + w.result.value
    missing = worked_example("no-such-example")
    assert "no-such-example" in missing.children[1].value


def test_the_56_examples_count_the_trick_and_settle_the_hand():
    run = ExampleRun(next(x for x in EXAMPLES if x.name == "56-twin"))
    out = run.attempt("JH")
    assert out.trick == trick_words(run, 1, "JH")  # the first J♥ played: seat 1's
    run = ExampleRun(next(x for x in EXAMPLES if x.name == "56-score"))
    out = run.attempt(run.hand()[0])
    st, team = run.state.last_settlement, run.state.contract.team
    signed = st.paid if st.payer != team else -st.paid
    assert out.score and signed < 0 and not out.score["made"]
    assert out.score["summary"] == said.n("The bidders lose {n} table.",
                                          "The bidders lose {n} tables.", -signed)
    run = ExampleRun(next(x for x in EXAMPLES if x.name == "56-partner"))
    out = run.attempt("double")
    assert not out.ok and out.rule == "56-DOUBLE"
    assert run.call_label("+2S") == "Plus Two Spades"  # English golden: a call said in words


def test_house_rules_widget_shows_every_comparison():
    w = house_rules("55")
    assert isinstance(w, HouseRules)
    for i in range(len(w.items)):
        w.picker.value = i
        assert w.error.value == "" and "tt-compare-col" in w.columns.value
    first = esc(said(w.items[0].variants[-1].label))  # the first comparison's last column
    assert first not in w.columns.value  # the last one drawn is not the first
    w.picker.value = 0
    assert first in w.columns.value and "tt-standard" in w.columns.value
    assert esc(said("no house rules to compare for {game}", game=repr("77"))) \
        in house_rules("77").children[1].value


def test_the_footer_links_the_track_in_order():
    track = [p for p in PAGES if p.track == "55"]
    first = lesson_footer(track[0].notebook).value
    assert 'href="../index.ipynb"' in first and f'href="../{track[1].notebook}"' in first
    assert 'rel="prev"' not in first
    assert said.around("<b>After this lesson</b> you can {what}", "what")[0] in first
    assert esc(said(track[0].after)) in first
    last = lesson_footer(track[-1].notebook).value
    assert f'href="../{track[-2].notebook}" rel="prev"' in last
    # no dead end: the last lesson of 55 leads to the first of 56, and to practice
    first_56 = [p for p in PAGES if p.track == "56"][0]
    titles = {t.id: t.title for t in TRACKS}
    assert f'href="../{first_56.notebook}" rel="next">' + esc(said(
        "Next: {track}, {lesson} →", track=said(titles["56"]), lesson=said(first_56.title))) \
        in last
    practice = next(p for p in PAGES if p.notebook == "practice.ipynb")
    or_practise = esc(said("Or practise: {page} →", page=said(practice.title)))
    assert 'href="../practice.ipynb">' + or_practise in last
    last_56 = lesson_footer([p for p in PAGES if p.track == "56"][-1].notebook).value
    assert 'href="../practice.ipynb" rel="next">' + or_practise in last_56
    for r in track[3].rules:
        assert r in lesson_footer(track[3].notebook).value


def _heading(suit: str) -> str:
    """A suit as a ladder's heading: "♠ Spades"."""
    return f"{SUIT_SYMBOL[suit]} {capfirst(said.p('suit', SUIT_WORDS[suit].id))}"


def _plain_heading(suit: str) -> str:
    """A plain suit's heading, with how it ranks."""
    return f"<h4>{esc(_heading(suit))} (" + esc(said({
        "H": "high in red: 10 above 2; the A♥ is a trump",
        "D": "high in red: 10 above 2, the ace last",
        "S": "low in black: 2 above 10, the ace after the jack",
        "C": "low in black: 2 above 10, the ace after the jack"}[suit])) + ")</h4>"


def test_ladders():
    html = trump_ladders().value
    assert html.count("<h4>") == 4
    for suit in SUITS:  # every suit 13 cards and the A♥ trumps: hearts 13, the others 14
        n = 13 if suit == "H" else 14
        head = said.n("{suit} (red): {n} trump", "{suit} (red): {n} trumps", n,
                      suit=_heading(suit)) if suit in "HD" else \
            said.n("{suit} (black): {n} trump", "{suit} (black): {n} trumps", n,
                   suit=_heading(suit))
        assert f"<h4>{esc(head)}</h4>" in html, head
    box = plain_ladder("H")  # (its first child: the stylesheet's carrier, tutor.ui.style)
    assert _plain_heading("H") not in box.children[2].value
    assert _plain_heading("S") in box.children[2].value
    box.children[1].value = "S"
    assert _plain_heading("H") in box.children[2].value  # the A♥ is a trump
