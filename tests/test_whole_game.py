"""Whole games against the tutor (tutor.teach.guided.GuidedGame): a game of 55 to the target
and a match of 56, hand after hand, with the scores carried, the seats renumbered from each
hand's dealer, and a finished trick kept on the table until the learner moves on."""

from __future__ import annotations

import re

import pytest
from wording import said

from tutor.engine.errors import InputError
from tutor.engine.messages import capfirst
from tutor.teach.g55.guided import GuidedHand55
from tutor.teach.g56.guided import RESULT_WORDS, GuidedHand56
from tutor.teach.guided import GuidedGame


def play_out(gg: GuidedGame, limit: int = 400) -> None:
    """The learner plays as the bot would, moving on after every trick and hand."""
    for _ in range(limit * 60):
        if gg.over:
            return
        h = gg.hand
        if h.over:
            gg.next_hand()
        elif h.paused:
            h.next_trick()
        else:
            assert h.learner_to_act
            h.play(h.bot(h.state))
    raise AssertionError("the game did not end")


def game55(seed, players=4, rules=None):
    return GuidedGame(GuidedHand55(seed=seed, players=players, rules=rules), seed)


def tables(k: int) -> str:
    return said.n("{n} table", "{n} tables", k)


# how a 56 hand's result line ends (the learner's team's tables now), by (all passed, made)
RESULTS = RESULT_WORDS  # by (all passed, made)


@pytest.mark.parametrize("players,rules", [
    (3, None), (4, None), (5, None), (4, {"teams": [[0, 2], [1, 3]]}),
    (6, {"teams": [[0, 2, 4], [1, 3, 5]]}), (4, {"target_score": 110}),
])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_55_game_runs_to_the_target_and_the_scores_follow_the_players(seed, players, rules):
    gg = game55(seed, players, rules)
    play_out(gg)
    last = gg.hand
    s, g = last.state, last.state.game
    target = g.settings.target_score
    assert s.winner is not None and s.scores[s.winner] >= target
    # every player's (side's) score is the sum of its hands, followed by where it sits from
    # the learner, which the renumbering from each hand's dealer must keep
    totals: dict[str, int] = {}
    for h in gg.hands:
        hs = h.state
        for side in range(hs.game.sides):
            name = h.name_in_game(side, False)
            totals[name] = totals.get(name, 0) + hs.last_score.deltas[side]
    final = {last.name_in_game(i, False): s.scores[i] for i in range(g.sides)}
    assert totals == final
    # each hand starts where the one before ended, numbered from its own dealer
    for before, after in zip(gg.hands, gg.hands[1:]):
        assert after.state.hand_dealer == after.state.n - 1
        assert after.seat == (before.seat - 1) % players
        assert sorted(after.state.game.start_scores) == sorted(before.state.scores)
    lines = gg.summary()
    assert len(lines) == gg.number + 2
    assert lines[0] == said("Hand {number}: {result}", number=1,
                            result=gg.hands[0].result_line())
    won = dict(player=last.name_in_game(s.winner, False), score=s.scores[s.winner])
    assert lines[-1] in {capfirst(said("{player} win the game with {score}.", **won)),
                         capfirst(said("{player} wins the game with {score}.", **won))}


def test_the_same_seed_plays_the_same_game():
    a, b = game55(7), game55(7)
    play_out(a)
    play_out(b)
    assert a.summary() == b.summary()
    assert [h.seed for h in a.hands] == [h.seed for h in b.hands]
    assert len(set(h.seed for h in a.hands)) == a.number  # each hand dealt afresh


def test_a_finished_trick_waits_for_the_learner_before_a_bot_leads():
    gg = game55(3)
    h = gg.hand
    saw_pause = 0
    while not h.over:
        if h.paused:
            saw_pause += 1
            s = h.state
            assert not s.trick and s.tricks and s.to_act != h.seat  # the trick on the table
            assert not h.learner_to_act
            with pytest.raises(InputError, match=re.escape(
                    said("the trick is finished: press Next trick first"))):
                h.play(h.bot(s))
            n = len(s.tricks)
            h.next_trick()
            assert len(h.state.tricks) == n  # moving on plays no trick by itself
            continue
        h.play(h.bot(h.state))
    assert saw_pause >= 1
    with pytest.raises(InputError):
        h.next_trick()  # nothing waits once the hand is over


def test_a_single_guided_hand_does_not_pause():
    h = GuidedHand55(seed=3)
    while not h.over:
        assert not h.paused
        h.play(h.bot(h.state))


def test_next_hand_only_between_hands_and_never_after_the_game():
    gg = game55(4)
    with pytest.raises(InputError, match=re.escape(said("finish this hand first"))):
        gg.next_hand()
    play_out(gg)
    with pytest.raises(InputError, match=re.escape(said("the game is over: start a new one"))):
        gg.next_hand()


def test_the_race_says_who_is_close_and_what_a_60_would_do():
    h = GuidedHand55(seed=2, seat=1, scores=[50, 0, 20, 0])
    text = " ".join(h.race_lines())
    race, _ = said.around("The race to {target} (55-GAME-TARGET): {scores}.", "scores",
                          target=55)
    assert race in text
    right = said("the player on your right")  # seat 0 sits on seat 1's right
    assert said("{player} {score}", player=said("{player} (seat {seat})", player=right, seat=0),
                score=50) in text
    assert capfirst(said("{player} needs {points}: {tricks} could win the game, for a player who "
                         "did not bid counts its points as it takes them (55-GAME-RACE).",
                         player=right, points=said.n("{n} more point", "{n} more points", 5),
                         tricks=said.n("{n} trick", "{n} tricks", 1))) in text
    sixty = dict(made=60, cost=60, failed=-60)
    assert said("A 60 made (all five tricks, 55-SCORE-SIXTY) would take you to {made} and win "
                "the game; a 60 failed would cost {cost}, to {failed}.", **sixty) in text
    far = " ".join(GuidedHand55(seed=2, seat=1, rules={"target_score": 110}).race_lines())
    # nobody is close to 110: nobody "needs 5 more points"
    assert not any(said.n("{n} more point", "{n} more points", k) in far for k in range(1, 16))
    assert said("A 60 made (all five tricks, 55-SCORE-SIXTY) would take you to {made}; a 60 "
                "failed would cost {cost}, to {failed}.", **sixty) in far


def test_the_strength_goes_on_to_the_next_hand():
    gg = game55(5)
    gg.hand.set_strength("strong")
    while not gg.hand.over:
        h = gg.hand
        h.next_trick() if h.paused else h.play(h.bot(h.state))
    if not gg.over:
        gg.next_hand()
        assert gg.hand.strength == "strong"


@pytest.mark.parametrize("players,rules", [
    (4, {"start_tables": 3}), (6, {"start_tables": 2}),
    (8, {"start_tables": 3, "tiers": "alt_40_55"}),
])
def test_a_56_match_runs_until_a_team_has_no_tables(players, rules):
    gg = GuidedGame(GuidedHand56(players=players, seed=11, rules=rules), 11)
    play_out(gg)
    s = gg.hand.state
    total = 2 * rules["start_tables"]
    assert sorted(s.tables) == [0, total]
    for before, after in zip(gg.hands, gg.hands[1:]):
        # the learner's team keeps its tables although its seats change parity
        assert after.state.game.start_tables[after.seat % 2] == \
            before.state.tables[before.seat % 2]
        assert after.seat == (before.seat - 1) % players
    # Red and Black are permanent (56-SEATS): the learner's name stays while the seats move
    assert len({h.partnership for h in gg.hands}) == 1
    assert len({h.team for h in gg.hands}) == (2 if gg.number > 1 else 1)
    mine = s.tables[gg.hand.seat % 2]
    text = " ".join(gg.summary())
    b = gg.hand.settlement_breakdown()  # the last hand's result: the learner's tables now
    _, now, end = said.pieces(RESULTS[b["contract"]["all_pass"], b["made"]], "paid", "tables",
                              player="", bid=0, denomination="", stake="", points=0, payer="")
    assert now + tables(mine) + end in gg.summary()[-3]
    zero = gg.hand.game.settings.elimination == "zero_tables"
    won = {(True, True): "Your team has won the match: the other team has no tables left "
                         "(56-ELIM).",
           (False, True): "The other team has won the match: your team has no tables left "
                          "(56-ELIM).",
           (True, False): "Your team has won the match (56-ELIM).",
           (False, False): "The other team has won the match (56-ELIM)."}[bool(mine), zero]
    assert said(won) in text


def test_the_56_race_names_the_bids_that_would_end_the_match():
    h = GuidedHand56(players=4, seed=3, seat=1, tables=(5, 1), rules={"start_tables": 3})
    text = " ".join(h.race_lines())
    assert said("The match (56-TABLES): your team has {mine}, the other team {theirs}, of "
                "{total}.", mine=tables(1), theirs=tables(5), total=6) in text
    assert said("Your team has {left} left: a failed bid of yours of {fail} or more or a made "
                "bid against you of {made} or more would end the match (56-TIERS; a double or "
                "redouble multiplies the stake).", left=tables(1), fail=28, made=28) in text


@pytest.mark.slow  # make test-fast leaves it to make test (issue #37)
@pytest.mark.parametrize("make", [
    lambda: game55(3), lambda: game55(2, 4, {"teams": [[0, 2], [1, 3]]}),
    lambda: GuidedGame(GuidedHand56(seed=2), 2)])
def test_the_end_of_a_game_tells_its_story_in_numbers(make):
    """Issue #36 §4: the scores hand by hand (each the engine's), the turning hand (the
    largest swing in the learner's lead), who won, and the next steps."""
    gg = make()
    play_out(gg)
    st = gg.story()
    assert len(st["hands"]) == len(gg.hands) and st["names"][0] == st["you"]
    last = st["hands"][-1]["standings"]
    assert last == {n: v for n, v, _ in gg.hand.standings()}
    assert sorted(last) == sorted(st["names"])
    prev = st["start"]
    for h, hand in zip(st["hands"], gg.hands):
        assert h["standings"] == {n: v for n, v, _ in hand.standings()}
        lead = (h["standings"][st["you"]]
                - max(v for n, v in h["standings"].items() if n != st["you"]))
        assert h["lead_after"] == lead and h["swing"] == lead - h["lead_before"]
        assert h["lead_before"] == (prev[st["you"]]
                                    - max(v for n, v in prev.items() if n != st["you"]))
        prev = h["standings"]
    swings = [abs(h["swing"]) for h in st["hands"]]
    assert st["turning"] == swings.index(max(swings)) + 1
    assert st["winner"] in st["names"]
    kinds = [s["kind"] for s in st["steps"]]
    assert kinds == ["again", "lesson", "review"]
    from tutor.teach.content import page
    assert page(st["steps"][1]["page"]).notebook  # a real lesson
