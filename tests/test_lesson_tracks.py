"""The lesson tracks (55 and 56) without a browser: the lesson questions ask what their lesson
is about (and the engine agrees with every answer), the worked examples answer tries with the
rules, the house-rule comparisons really differ, and the lesson widgets work and never show a
traceback."""

from __future__ import annotations

import random

import pytest

from tutor.engine.cards import Card
from tutor.engine.errors import InputError
from tutor.games.g55.play import legal_cards, ranking
from tutor.teach.content import COMPARISONS, EXAMPLES, EXERCISES, PAGES, validate
from tutor.teach.examples import ExampleRun, compare
from tutor.teach.g55.questions import MAKERS
from tutor.teach.questions import SEED_LIMIT, Quiz, fresh_seed, make_question
from tutor.ui import house_rules, lesson_footer, plain_ladder, trump_ladders, worked_example
from tutor.ui.example import HouseRules, WorkedExample

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
        assert rules and q.prompt.startswith("House rule:")
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
    with pytest.raises(InputError, match="for 55, not 56"):
        make_question("legal_cards:trump_lead", "56", 1)
    with pytest.raises(InputError, match="unknown question kind"):
        Quiz(("legal_cards:nonsense",), "55")


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
    assert out.trick.startswith("Seat 1 wins the trick")  # the 5♥ played
    with pytest.raises(InputError, match="Start again"):
        run.attempt("2S")
    run.reset()
    assert run.learner_to_act and run.attempt("2S").ok


def test_the_score_example_ends_the_hand_with_the_breakdown():
    run = ExampleRun(next(x for x in EXAMPLES if x.name == "55-score"))
    out = run.attempt("AC")
    assert out.score and out.score["made"] and "30 points" in " ".join(out.score["lines"])


def test_an_example_never_shows_other_players_cards():
    run = ExampleRun(next(x for x in EXAMPLES if x.name == "55-auction-dealer"))
    out = run.attempt("pass")  # seat 1 wins and takes the kitty, unseen by the learner
    assert "Seat 1 takes the five kitty cards." in out.followed
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
    assert "Not allowed" in w.result.value and "55-FOLLOW-PLAIN" in w.result.value
    w.legal_toggle.value = True
    marked = {str(c): b._dom_classes for b, c in w.buttons}
    assert "tt-legal" in marked["KS"] and "tt-dim" in marked["QD"]
    w.attempt(Card.parse("6H"))
    assert "is allowed" in w.result.value and "wins the trick" in w.result.value
    assert all(b.disabled for b, _ in w.buttons)
    w.again.click()
    assert not any(b.disabled for b, _ in w.buttons) and w.result.value == ""


def test_worked_example_widget_calls_and_errors():
    w = worked_example("55-auction-held")
    labels = [b.description for b, _ in w.buttons]
    assert labels[:2] == ["Pass", "Hold"]
    w.attempt("hold")
    assert "55-BID-HOLD" in w.result.value
    w.attempt("nonsense")
    assert "Traceback" not in w.error.value + w.result.value
    missing = worked_example("no-such-example")
    assert "no-such-example" in missing.children[1].value


def test_the_56_examples_count_the_trick_and_settle_the_hand():
    run = ExampleRun(next(x for x in EXAMPLES if x.name == "56-twin"))
    out = run.attempt("JH")
    assert "first" in " ".join(out.followed + [out.trick]) or "Seat 1 wins" in out.trick
    assert "card points" in out.trick
    run = ExampleRun(next(x for x in EXAMPLES if x.name == "56-score"))
    out = run.attempt(run.hand()[0])
    assert out.score and "tables" in out.score["summary"]
    run = ExampleRun(next(x for x in EXAMPLES if x.name == "56-partner"))
    out = run.attempt("double")
    assert not out.ok and out.rule == "56-DOUBLE"
    assert run.call_label("+2S") == "Plus Two Spades"


def test_house_rules_widget_shows_every_comparison():
    w = house_rules("55")
    assert isinstance(w, HouseRules)
    for i in range(len(w.items)):
        w.picker.value = i
        assert w.error.value == "" and "tt-compare-col" in w.columns.value
    assert "No renege" not in w.columns.value  # the last one drawn is not the first
    w.picker.value = 0
    assert "No renege" in w.columns.value and "tt-standard" in w.columns.value
    assert "no house rules" in house_rules("77").children[1].value


def test_the_footer_links_the_track_in_order():
    track = [p for p in PAGES if p.track == "55"]
    first = lesson_footer(track[0].notebook).value
    assert 'href="../index.ipynb"' in first and f'href="../{track[1].notebook}"' in first
    assert 'rel="prev"' not in first and "After this lesson" in first
    last = lesson_footer(track[-1].notebook).value
    assert f'href="../{track[-2].notebook}" rel="prev"' in last
    # no dead end: the last lesson of 55 leads to the first of 56, and to practice
    first_56 = [p for p in PAGES if p.track == "56"][0]
    assert f'href="../{first_56.notebook}" rel="next"' in last and "Next: Learn 56, " in last
    assert 'href="../practice.ipynb">Or practise: ' in last
    last_56 = lesson_footer([p for p in PAGES if p.track == "56"][-1].notebook).value
    assert 'href="../practice.ipynb" rel="next">Or practise: ' in last_56
    for r in track[3].rules:
        assert r in lesson_footer(track[3].notebook).value


def test_ladders():
    html = trump_ladders().value
    assert html.count("trumps</h4>") == 4 and "14 trumps" in html and "13 trumps" in html
    box = plain_ladder("H")  # (its first child: the stylesheet's carrier, tutor.ui.style)
    assert "Hearts (" not in box.children[2].value and "Spades" in box.children[2].value
    box.children[1].value = "S"
    assert "Hearts (" in box.children[2].value and "A♥ is a trump" in box.children[2].value
