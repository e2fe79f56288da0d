"""tutor.teach.g56.bidding: the bid explainer reads and explains typed auctions (and names the
call that is wrong), and the two bidding questions know their answers and agree with the bots."""

from __future__ import annotations

import random
import time

import pytest

from tutor.engine.cards import Card
from tutor.engine.errors import InputError
from tutor.engine.rulebook import rule_text
from tutor.games.g56 import explain_auction, parse_call, run_auction
from tutor.games.g56.bot import choose
from tutor.games.g56.conventions import holds_what_it_shows
from tutor.games.g56.game import Game56
from tutor.teach.g56.bidding import (
    MAKERS,
    CallError,
    describes,
    explain_calls,
    read_auction,
    split_calls,
)
from tutor.teach.questions import Question

SEEDS = range(60)


# -- the explainer ---------------------------------------------------------------------------------
def test_a_written_auction_is_explained_call_by_call():
    rows = explain_calls("28S pass +2H pass 32NT double")
    assert [r.call for r in rows] == ["28S", "pass", "+2H", "pass", "32NT", "double"]
    assert [r.seat for r in rows] == [0, 1, 2, 3, 4, 5]
    assert [r.team for r in rows] == [0, 1, 0, 1, 0, 1]
    assert [r.level for r in rows] == [28, None, 30, None, 32, None]
    assert rows[2].spoken == "Plus Two Hearts" and rows[2].style_name == "Plus N Suit"
    assert rows[0].style_name == "Number Suit" and rows[1].style_name == ""
    assert rows[4].style == "number_nt" and rows[4].shows == "all_round"
    # the meaning is the conventions' own sentence
    a = run_auction(6, ["28S", "pass", "+2H", "pass", "32NT", "double"], Game56(6).settings)
    assert [r.text for r in rows] == [m.text for m in explain_auction(a)]
    assert rows[2].gist == "Shows exactly 2 top hearts (J♥ J♥) and no other hearts."
    assert rows[2].cards == ("JH", "JH") and rows[0].cards == ("JS",)


def test_the_summary_says_what_each_team_has_shown_so_far():
    rows = explain_calls("28S pass +2H pass 32NT double")
    first = rows[0].summary
    assert first[0].startswith("Team 0 (seats 0, 2 and 4) has shown: J♠ (a jack of spades")
    assert first[1] == "Team 1 (seats 1, 3 and 5) has shown nothing yet."
    team0, team1 = rows[-1].summary
    assert "J♥ J♥ (two jacks of hearts: seat 2)" in team0
    assert "seat 2 has no other hearts" in team0
    assert "seat 4: all-round strength" in team0
    assert "seat 5 doubled, expecting the opponents' 32 to fail" in team1
    # a team's top cards in a suit add up across partners, in the conventions' order
    rows = explain_calls("28S pass 29S", 4)
    assert "J♠ J♠ (two jacks of spades: seats 0 and 2)" in rows[-1].summary[0]
    rows = explain_calls("28D pass 29NOES", 4)
    assert "seat 2: no diamonds at all" in rows[-1].summary[0]


def test_spoken_words_and_separators_read_like_the_written_calls():
    written = explain_calls("30S pass +2H pass 33NT")
    for text in ("thirty spades, pass, plus two hearts, pass, thirty three no trumps",
                 "thirty spades pass plus two hearts pass thirty-three no-trumps",
                 "30S; pass | +2H\npass 33NT"):
        assert [r.call for r in explain_calls(text)] == [r.call for r in written], text
    assert split_calls("spades thirty two pass") == ["spades thirty two", "pass"]
    assert split_calls("twenty eight spades plus one noes") == ["twenty eight spades",
                                                                "plus one noes"]
    assert split_calls("28S xx yy pass") == ["28S", "xx yy", "pass"]


def test_a_partial_auction_an_empty_one_and_the_dealer():
    assert explain_calls("") == []
    a, calls = read_auction("28S pass", 4)
    assert not a.done and a.to_act == 2 and calls == ["28S", "pass"]
    rows = explain_calls("28S pass", 6, dealer=2)
    assert [r.seat for r in rows] == [3, 4] and [r.team for r in rows] == [0, 1]
    a, _ = read_auction("pass pass pass pass", 4)
    assert a.done and a.contract.bidder is None


@pytest.mark.parametrize("text, players, where, rule, words", [
    ("28S pass 27S", 6, "call 3, '27S'", "56-BID-RANGE", "A bid is 28 to 56"),
    ("28S 28H", 6, "call 2, '28H'", "56-BID-HIGHER", "higher in number"),
    ("28S pass double", 6, "call 3, 'double'", "56-DOUBLE", "own team"),
    ("+2H", 6, "call 1, '+2H'", "56-PLUS", "no bid stands"),
    ("28S redouble", 4, "call 2, 'redouble'", "56-REDOUBLE", "doubled bid"),
    ("28S pass pass pass pass", 4, "call 5, 'pass'", "56-END", "ended with call 4"),
])
def test_an_illegal_call_is_named_with_its_position_and_rule(text, players, where, rule, words):
    with pytest.raises(InputError) as info:
        explain_calls(text, players)
    e = info.value
    assert isinstance(e, CallError) and str(e).startswith(where + ": ")
    assert e.rule == rule and f"[{rule}]" in str(e) and words in str(e)
    assert e.index == int(where.split()[1].rstrip(",")) - 1


@pytest.mark.parametrize("text, where", [
    ("28S xx pass", "call 2, 'xx'"),
    ("thirty spadez pass", "call 1, 'thirty spadez'"),
    ("28S pass 30Z", "call 3, '30Z'"),
])
def test_a_mistyped_call_is_named(text, where):
    with pytest.raises(InputError) as info:
        explain_calls(text)
    assert str(info.value).startswith(where + ": this is not a call of 56")
    assert info.value.rule is None and "30S" in str(info.value)


@pytest.mark.parametrize("players", [5, 2, "6", True, None])
def test_a_wrong_player_count_is_an_input_error(players):
    with pytest.raises(InputError, match="4, 6 or 8 players"):
        explain_calls("28S", players)


def test_a_dealer_who_is_no_seat_and_text_that_is_no_text():
    with pytest.raises(InputError, match="dealer"):
        explain_calls("28S", 4, dealer=4)
    with pytest.raises(InputError, match="auction"):
        explain_calls(["28S"])


def test_house_rules_reach_the_explainer():
    with pytest.raises(InputError, match="56-PLUS-NT"):
        explain_calls("28S +1NT")
    assert explain_calls("28S +1NT", rules={"allow_plus_nt": True})[1].level == 29


# -- the questions ---------------------------------------------------------------------------------
@pytest.mark.parametrize("kind", sorted(MAKERS))
def test_questions_are_reproducible_and_well_formed(kind):
    make = MAKERS[kind]
    assert rule_text("56-CONV")
    for seed in range(25):
        q = make("56", seed)
        assert isinstance(q, Question) and q == make("56", seed)
        assert q.kind == kind and q.game == "56" and q.seed == seed and q.mode == "one"
        assert 3 <= len(q.choices) <= 5 and len(q.answer) == 1
        ids = [c.id for c in q.choices]
        assert len(set(ids)) == len(ids) and q.answer[0] in ids
        assert len({c.label for c in q.choices}) == len(ids)
        assert q.rule == "56-CONV" and q.reason
        assert [h.level for h in q.hints] == [1, 2, 3]
        assert "56-CONV" in q.hints[1].text and q.hints[1].rule == "56-CONV"
        assert q.hints[2].highlight == q.answer
        assert set(q.meanings) == set(ids) - set(q.answer)
        for key in ("players", "dealer", "calls", "seat"):
            assert key in q.context
        assert q.context["players"] in (4, 6, 8)
    assert len({make("56", s).prompt for s in range(10)}) > 5  # seeds give different questions


@pytest.mark.parametrize("kind", sorted(MAKERS))
def test_grading_right_and_wrong(kind):
    for seed in range(10):
        q = MAKERS[kind]("56", seed)
        fb = q.grade(q.answer[0])
        assert fb.correct and fb.points == 1.0 and fb.rule == "56-CONV" and fb.rule_text
        assert fb.reason == q.reason and fb.answer == q.answer
        assert q.grade(q.answer[0], hints_used=2).points == 0.5
        wrong = next(c.id for c in q.choices if c.id not in q.answer)
        fb = q.grade(wrong)
        assert not fb.correct and fb.points == 0.0
        assert fb.wrong == (q.meanings[wrong],)
        with pytest.raises(InputError):
            q.grade("no such choice")


@pytest.mark.parametrize("kind", sorted(MAKERS))
def test_the_bidding_questions_are_for_56_only(kind):
    with pytest.raises(InputError, match="56"):
        MAKERS[kind]("55", 1)


def _conventions_tells(calls, players, dealer):
    """What the last call tells, as the conventions word it (a phrase: "shows ...")."""
    a = run_auction(players, [c for _, c in calls], Game56(players).settings, dealer)
    return explain_auction(a)[-1].tells


def test_bid_meaning_right_answer_is_the_conventions_text():
    for seed in SEEDS:
        q = MAKERS["bid_meaning"]("56", seed)
        ctx = q.context
        calls, n, dealer = ctx["calls"], ctx["players"], ctx["dealer"]
        partner, you = ctx["partner"], ctx["you"]
        assert calls[-1][0] == partner and ctx["seat"] == you != partner
        assert (you - partner) % 2 == 0  # the same team
        a = run_auction(n, [c for _, c in calls], Game56(n).settings, dealer)
        assert [s for s, _ in a.calls] == [s for s, _ in calls]  # the seats are the engine's
        assert a.calls[-1][1].is_bid
        right = next(c.label for c in q.choices if c.id == q.answer[0])
        tells = _conventions_tells(calls, n, dealer)
        assert right == f"Partner's bid {tells}."
        assert explain_auction(a)[-1].text == q.reason
        # the other choices are what other bids would have said there, not partner's bid
        for c in q.choices:
            if c.id != q.answer[0]:
                assert tells not in c.label
                assert "would have said" in q.meanings[c.id]


def test_bid_meaning_hides_its_answer():
    for seed in range(20):
        q = MAKERS["bid_meaning"]("56", seed)
        right = next(c.label for c in q.choices if c.id == q.answer[0])
        assert [c.id for c in q.choices] == list("abcde"[:len(q.choices)])
        assert right not in q.prompt and right not in repr(q.context)
        assert q.reason not in q.prompt
    firsts = {MAKERS["bid_meaning"]("56", s).answer[0] for s in range(30)}
    assert len(firsts) >= 3  # the right answer is not always in the same place


def test_bid_choice_answer_is_legal_and_what_the_bots_would_mean():
    styles = set()
    for seed in SEEDS:
        q = MAKERS["bid_choice"]("56", seed)
        ctx = q.context
        n, dealer, seat = ctx["players"], ctx["dealer"], ctx["seat"]
        hand = [Card.parse(c) for c in ctx["hand"]]
        assert len(hand) == Game56(n).hand_size
        assert all(ctx["hand"].count(c) <= 2 for c in ctx["hand"])
        a = run_auction(n, [c for _, c in ctx["calls"]], Game56(n).settings, dealer)
        assert not a.done and a.to_act == seat
        answer = q.answer[0]
        assert a.check(answer) is None  # legal
        run_auction(n, [c for _, c in ctx["calls"]] + [answer], Game56(n).settings, dealer)
        assert holds_what_it_shows(a, answer, hand) and describes(a, answer, hand)
        for c in q.choices:
            assert a.check(c.id) is None
            if c.id != answer:  # every other choice would tell partner something untrue
                assert not holds_what_it_shows(a, c.id, hand), (seed, c.id)
                assert "But you" in q.meanings[c.id]
        styles.add(explain_auction(run_auction(
            n, [c for _, c in ctx["calls"]] + [answer], Game56(n).settings,
            dealer))[-1].style)
    assert {"number_suit", "suit_number", "number_nt"} <= styles


def test_what_the_tutor_calls_describing_is_what_the_bots_bid():
    """Every bid the bots make describes the bidder's hand (``describes``), so the
    bid_choice answers teach the bots' own bidding."""
    checked = 0
    for seed in range(25):
        for n in (4, 6, 8):
            s = Game56(n).new_game(random.Random(seed))
            while s.phase == "auction":
                action = choose(s)
                call = parse_call(action.call)
                if call.is_bid:
                    assert describes(s.auction, action.call, s.hands[s.to_act]), (seed, n,
                                                                                  action.call)
                    checked += 1
                s.push(action)
    assert checked > 50


def test_describes_follows_the_conventions():
    a, _ = read_auction("", 4)
    hand = [Card.parse(c) for c in "JS 9S AS KS JH QH 9D AD 10D KD QC 10C".split()]
    assert describes(a, "28S", hand)  # the top spade, with other spades
    assert not describes(a, "29S", hand)  # two top spades: only one J♠ held
    assert not describes(a, "S28", hand)  # Suit Number denies the J♠
    assert describes(a, "D28", hand)  # diamonds without the J♦: 9♦ A♦ and length
    assert describes(a, "28NT", hand)  # Jacks in two suits, no long suit
    b, _ = read_auction("28D", 4)
    assert not describes(b, "29NOES", hand)  # holds diamonds: no void


def test_questions_are_made_quickly():
    for kind, make in MAKERS.items():
        start = time.process_time()  # CPU time: other work on the machine does not count
        for seed in range(30):
            make("56", 1000 + seed)
        mean = (time.process_time() - start) / 30
        assert mean < 0.05, (kind, mean)  # about 10 ms on the 2-core development machine
