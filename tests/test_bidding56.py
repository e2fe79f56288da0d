"""tutor.teach.g56.bidding: the bid explainer reads and explains typed auctions (and names the
call that is wrong), and the two bidding questions know their answers and agree with the bots."""

from __future__ import annotations

import random
import time

import pytest
from wording import said

from tutor.engine.cards import Card
from tutor.engine.errors import InputError
from tutor.engine.messages import capfirst, many
from tutor.engine.rulebook import rule_text
from tutor.engine.text import quoted
from tutor.games.g56 import explain_auction, parse_call, run_auction
from tutor.games.g56.auction import STYLE_NAME
from tutor.games.g56.bot import choose
from tutor.games.g56.conventions import holds_what_it_shows
from tutor.games.g56.game import Game56
from tutor.teach.g56.bidding import (
    CALL_FORMS,
    MAKERS,
    CallError,
    _options,
    _why_not,
    describes,
    explain_calls,
    read_auction,
    split_calls,
)
from tutor.teach.questions import Question

SEEDS = range(60)


def suits(name: str) -> str:
    return said.p("suit", name)


def team_name(team: int, seats) -> str:
    """'Team 0 (seats 0, 2 and 4)'."""
    return said("Team {team} (seats {seats})", team=team, seats=many(seats))


def top_words(cards: str, ranks: str, suit: str, seats) -> str:
    """A team's top cards of a suit: 'J♥ J♥ (two jacks of hearts: seat 2)'."""
    return said("{cards} ({ranks} of {suit}: {who})", cards=cards, ranks=ranks, suit=suits(suit),
                who=said.n("seat {seats}", "seats {seats}", len(seats), seats=many(seats)))


def jacks(k: int) -> str:
    return said.n("a jack", "{count} jacks", k, count=said(("one", "two")[k - 1]))


def where(number: int, token: str) -> str:
    """Where a typed auction went wrong, as its error starts: "call 3, '27S': "."""
    at = said("call {number}, {token}", number=number, token=quoted(token))
    return said.around("{where}: {problem}", "problem", where=at)[0]


# -- the explainer ---------------------------------------------------------------------------------
def test_a_written_auction_is_explained_call_by_call():
    rows = explain_calls("28S pass +2H pass 32NT double")
    assert [r.call for r in rows] == ["28S", "pass", "+2H", "pass", "32NT", "double"]
    assert [r.seat for r in rows] == [0, 1, 2, 3, 4, 5]
    assert [r.team for r in rows] == [0, 1, 0, 1, 0, 1]
    assert [r.level for r in rows] == [28, None, 30, None, 32, None]
    assert rows[2].spoken == said("Plus {number} {suit}", number=said.p("in a bid's name", "Two"),
                                  suit=said.p("in a bid's name", "Hearts"))
    assert said(rows[2].style_name) == said("Plus N Suit")  # the style's name, a message id
    assert said(rows[0].style_name) == said("Number Suit") and rows[1].style_name == ""
    assert rows[4].style == "number_nt" and rows[4].shows == "all_round"
    # the meaning is the conventions' own sentence
    a = run_auction(6, ["28S", "pass", "+2H", "pass", "32NT", "double"], Game56(6).settings)
    assert [r.text for r in rows] == [m.text for m in explain_auction(a)]
    assert rows[2].gist == capfirst(said("{tells}.", tells=said.n(
        "shows exactly {n} top {one} ({cards}) and no other {suits}",
        "shows exactly {n} top {suits} ({cards}) and no other {suits}", 2,
        one=said.p("suit, singular", "heart"), cards="J♥ J♥", suits=suits("hearts"))))
    assert rows[2].cards == ("JH", "JH") and rows[0].cards == ("JS",)


def test_the_summary_says_what_each_team_has_shown_so_far():
    rows = explain_calls("28S pass +2H pass 32NT double")
    first = rows[0].summary
    assert first[0] == said("{team} has shown: {facts}.", team=team_name(0, [0, 2, 4]),
                            facts=top_words("J♠", jacks(1), "spades", [0]))
    assert first[1] == said("{team} has shown nothing yet.", team=team_name(1, [1, 3, 5]))
    team0, team1 = rows[-1].summary
    assert top_words("J♥ J♥", jacks(2), "hearts", [2]) in team0
    assert said("seat {seat} has no other {suit}", seat=2, suit=suits("hearts")) in team0
    assert said("seat {seat}: all-round strength, no particularly good suit", seat=4) in team0
    assert said("seat {seat} doubled, expecting the opponents' {bid} to fail", seat=5, bid=32) \
        in team1
    # a team's top cards in a suit add up across partners, in the conventions' order
    rows = explain_calls("28S pass 29S", 4)
    assert top_words("J♠ J♠", jacks(2), "spades", [0, 2]) in rows[-1].summary[0]
    rows = explain_calls("28D pass 29NOES", 4)
    assert said("seat {seat}: no {suit} at all", seat=2, suit=suits("diamonds")) \
        in rows[-1].summary[0]


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


@pytest.mark.parametrize("text, players, number, token, rule, reason", [
    ("28S pass 27S", 6, 3, "27S", "56-BID-RANGE", "out_of_range"),
    ("28S 28H", 6, 2, "28H", "56-BID-HIGHER", "not_higher"),
    ("28S pass double", 6, 3, "double", "56-DOUBLE", "double_own_team"),
    ("+2H", 6, 1, "+2H", "56-PLUS", "plus_without_bid"),
    ("28S redouble", 4, 2, "redouble", "56-REDOUBLE", "nothing_to_redouble"),
    ("28S pass pass pass pass", 4, 5, "pass", "56-END", "ended"),
])
def test_an_illegal_call_is_named_with_its_position_and_rule(text, players, number, token, rule,
                                                             reason):
    with pytest.raises(InputError) as info:
        explain_calls(text, players)
    e = info.value
    assert isinstance(e, CallError) and str(e).startswith(where(number, token))
    assert e.rule == rule and f"[{rule}]" in str(e) and e.reason == reason
    assert e.index == number - 1 and e.token == token


@pytest.mark.parametrize("text, number, token", [
    ("28S xx pass", 2, "xx"),
    ("thirty spadez pass", 1, "thirty spadez"),
    ("28S pass 30Z", 3, "30Z"),
])
def test_a_mistyped_call_is_named(text, number, token):
    with pytest.raises(InputError) as info:
        explain_calls(text)
    assert str(info.value) == where(number, token) + said(
        "this is not a call of 56: write {forms}", forms=said(CALL_FORMS))
    assert info.value.rule is None and "30S" in str(info.value)


@pytest.mark.parametrize("players", [5, 2, "6", True, None])
def test_a_wrong_player_count_is_an_input_error(players):
    with pytest.raises(InputError) as info:
        explain_calls("28S", players)
    assert info.value.where == "players" and said(
        "56 is for 4, 6 or 8 players, not {players} (56-PLAYERS)", players=repr(players)) \
        in str(info.value)


def test_a_dealer_who_is_no_seat_and_text_that_is_no_text():
    with pytest.raises(InputError) as info:
        explain_calls("28S", 4, dealer=4)
    assert info.value.where == "dealer" and said(
        "the dealer is a seat from 0 to {last}, not {dealer}", last=3, dealer=repr(4)) \
        in str(info.value)
    with pytest.raises(InputError) as info:
        explain_calls(["28S"])
    assert info.value.where == "auction"


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
        assert right == said("Partner's bid {tells}.", tells=tells)
        m = explain_auction(a)[-1]
        assert m.text == q.reason
        # the other choices are what other bids would have said there, not partner's bid
        for c in q.choices:
            if c.id != q.answer[0]:
                assert tells not in c.label
                start, *_, end = said.pieces(
                    "“{statement}” is what {bid} ({call}, {style}) would have said. Partner bid "
                    "{partner_bid} ({partner_call}, {partner_style}): {meaning}.", "bid", "call",
                    "style", statement=c.label, partner_bid=m.spoken, partner_call=m.call,
                    partner_style=STYLE_NAME[m.style], meaning=tells)
                assert q.meanings[c.id].startswith(start) and q.meanings[c.id].endswith(end)


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
                o = next(o for o in _options(a, hand) if o.call == c.id)
                assert q.meanings[c.id] == said(
                    "{bid} ({call}, {style}) would tell partner: {meaning}. But {why_not}.",
                    bid=c.label, call=c.id, style=STYLE_NAME[o.style],
                    meaning=said.within(lambda o=o: o.meaning.tells),
                    why_not=said.within(lambda o=o, hand=hand: _why_not(o, hand)))
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
