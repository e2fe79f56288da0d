"""Guided hands of 55 (tutor.teach.guided): whole hands against the bots, the scripted
lessons, the goal checks and what the learner reads."""

from __future__ import annotations

import pytest

from tutor.engine.cards import Card
from tutor.engine.errors import IllegalAction, InputError
from tutor.engine.state import Call, Play
from tutor.games.g55.notation import parse_position
from tutor.teach.guided import GOALS, SCRIPTED, GuidedHand, script


def play_out(g: GuidedHand) -> None:
    steps = 0
    while not g.over:
        assert g.learner_to_act
        actions = g.learner_actions()
        assert actions and all(a.seat == g.seat for a in actions)
        g.play(actions[0])
        steps += 1
        assert steps < 100


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("seed", [1, 2, 7, 42])
def test_a_whole_hand_is_played_to_the_score(players, seed):
    g = GuidedHand(seed=seed, players=players)
    assert g.seed == seed and g.state.n == players
    play_out(g)
    assert len(g.state.tricks) == 5 and not g.learner_actions()
    b = g.score_breakdown()
    sc = g.state.last_score
    assert b["made"] == sc.made and b["bid"] == sc.bid
    assert [d["delta"] for d in b["sides"]] == list(sc.deltas)
    assert [d["tricks"] for d in b["sides"]] == list(sc.tricks)
    assert sum(d["tricks"] for d in b["sides"]) == 5
    assert [d["points"] for d in b["sides"]] == list(sc.points)
    assert b["lines"] and any("(you)" in x for x in b["lines"])
    narration = g.narration()
    for t in g.trick_explanations():
        assert f"Seat {t['winner']} wins trick {t['number']} with {t['card'].unicode}." \
            in narration
        assert t["rule"] and t["text"]
    with pytest.raises(InputError):
        g.play(Play(g.seat, Card.parse("2C")))


def test_the_same_seed_deals_the_same_hand():
    a, b = GuidedHand(seed=11), GuidedHand(seed=11)
    assert a.state.hands == b.state.hands and a.narration() == b.narration()
    play_out(a)
    play_out(b)
    assert a.state.last_score == b.state.last_score


def test_advance_bots_returns_only_new_lines_and_hides_the_others_cards():
    g = GuidedHand(seed=3)
    seen = list(g.narration())
    new = g.play(g.learner_actions()[0])
    assert g.narration() == seen + new
    other = (g.seat + 1) % g.state.n
    assert not any(f"Seat {other} holds" in t for t in g.narration())
    assert any(f"Seat {g.seat} holds" in t for t in g.narration())


def test_an_illegal_learner_action_propagates_with_reason_rule_and_alternatives():
    for seed in range(1, 60):
        g = GuidedHand(seed=seed)
        while not g.over:
            s = g.state
            if s.phase == "play":
                legal = set(s.legal_cards(g.seat))
                bad = [c for c in s.hands[g.seat] if c not in legal]
                if bad:
                    with pytest.raises(IllegalAction) as e:
                        g.play(Play(g.seat, bad[0]))
                    assert e.value.rule.startswith("55-") and e.value.alternatives
                    assert s.hands[g.seat].count(bad[0]) == 1  # nothing changed
                    return
            g.play(g.learner_actions()[0])
    pytest.fail("no seed gave the learner an illegal card")


def test_a_call_out_of_range_is_refused():
    g = GuidedHand(seed=1)
    assert g.state.phase == "auction" and g.learner_to_act
    with pytest.raises(IllegalAction):
        g.play(Call(g.seat, "10"))  # the high bid is already 15


@pytest.mark.parametrize("sc", SCRIPTED, ids=lambda s: s.name)
def test_the_scripted_positions_parse_and_start_with_the_learner(sc):
    pos = parse_position(sc.position)
    assert sc.check in GOALS and sc.goal
    g = GuidedHand(script=sc.name)
    assert g.state.n == pos.players and g.learner_to_act and g.goal == sc.goal
    assert g.goal_met() is None
    play_out(g)
    assert g.goal_met() in (True, False) and g.score_breakdown() is not None


def test_keep_the_jack_goal():
    sc = script("keep-the-jack")
    good = GuidedHand(script=sc.name)
    assert {a.card for a in good.learner_actions()} == {Card.parse("JD"), Card.parse("QD")}
    good.play(Play(0, Card.parse("QD")))
    assert good.goal_met() is True
    bad = GuidedHand(script=sc.name)
    bad.play(Play(0, Card.parse("JD")))
    assert bad.state.tricks[1][2] == 0  # the jack wins too, but gives it up
    assert bad.goal_met() is False


def test_make_the_bid_goal():
    g = GuidedHand(script="bid-your-hand")
    g.play(Call(0, "pass"))
    assert g.goal_met() is False  # somebody else bids
    g = GuidedHand(script="bid-your-hand")
    g.play(Call(0, "25"))
    while g.state.phase == "auction" and g.learner_to_act:
        g.play(next(a for a in g.learner_actions() if a.call != "pass"))
    assert g.state.bidder == 0 and g.state.phase == "discard"
    keep = {Card.parse(x) for x in ("5H", "JH", "AH", "KH", "QH")}
    from tutor.games.g55.game import Discard, NameTrump
    for c in [c for c in g.state.hands[0] if c not in keep]:
        g.play(Discard(0, c))
    g.play(NameTrump(0, "H"))
    play_out(g)
    assert g.goal_met() is g.state.last_score.made


def test_win_tricks_goal():
    g = GuidedHand(script="draw-the-trumps")
    for c in ("5S", "JS", "KS", "AH"):
        if not g.over and g.learner_to_act:
            g.play(Play(0, Card.parse(c)))
    play_out(g)
    won = sum(1 for _, _, w in g.state.tricks if w == 0)
    assert g.goal_met() is (won >= 4)


def test_bad_inputs_are_named():
    with pytest.raises(InputError):
        GuidedHand(script="no-such-lesson")
    with pytest.raises(InputError):
        GuidedHand(seed=1, check="no_such_goal")
    with pytest.raises(InputError):
        GuidedHand(seed=1, seat=4)
    with pytest.raises(InputError):
        GuidedHand(seed="x")


def test_a_position_with_a_custom_goal():
    g = GuidedHand(position=script("keep-the-jack").position, goal="Win it",
                   check="win_trick_keep_jack", check_args={"trick": 2})
    assert g.goal == "Win it" and g.seed is None and g.goal_met() is None
