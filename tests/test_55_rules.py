"""Unit tests of the 55 engine, one or more per rule of rules/55.md; each names its rule ID."""

from __future__ import annotations

import random
import re

import pytest
from wording import ANY, input_error, said

from tutor.engine import settings as settings_mod
from tutor.engine.cards import SUIT_WORDS, parse_card, parse_cards
from tutor.engine.errors import IllegalAction, InputError
from tutor.engine.state import Call, Play
from tutor.games.g55 import (
    SETTINGS,
    Discard,
    Game55,
    NameTrump,
    check_card,
    legal_cards,
    plain_order,
    ranking,
    run_auction,
    score_hand,
    top_three,
    trump_order,
)

C = parse_cards
DEFAULT = settings_mod.build(SETTINGS)



def not_a_call(text: str) -> str:
    return said("{text} is not a call of 55 (pass, hold, 10, 15, 20, 25 or 60)", text=repr(text))


def legal(trump, trick, hand, **rules):
    st = settings_mod.build(SETTINGS, rules)
    return set(map(str, legal_cards(C(hand), C(trick), ranking(trump), st.renege_mode,
                                    st.ah_lead_forces_hearts)))


def why(trump, trick, hand, card, **rules):
    st = settings_mod.build(SETTINGS, rules)
    return check_card(C(hand), C(trick), parse_card(card), ranking(trump), st.renege_mode,
                      st.ah_lead_forces_hearts)


def auction(n, calls, **rules):
    return run_auction(n, calls, settings_mod.build(SETTINGS, rules))


def test_every_rule_id_of_the_spec_has_a_test_here(shared):
    spec = shared("rules", "55.md").read_text(encoding="utf-8")
    ids = set(re.findall(r"\*\*(55-[A-Z0-9-]+)\.?\*\*", spec))
    names = re.findall(r"^def (test_\w+)", open(__file__, encoding="utf-8").read(), re.M)
    mine = " ".join(names).replace("_", "-") + " "
    missing = sorted(i for i in ids if not re.search(re.escape(i) + r"-[a-z]", mine))
    assert not missing, f"no test named after {missing}"


# -- 1. deck, players, seats, teams, deal ----------------------------------------------------
def test_55_DECK_and_55_UNDEALT_counts():
    for n in range(2, 10):
        s = Game55(n).new_game(random.Random(n))
        assert all(len(h) == 5 for h in s.hands) and len(s.kitty) == 5
        assert len(s.stock) == 52 - 5 * (n + 1)


@pytest.mark.parametrize("n", [0, 1, 10, "4", True])
def test_55_PLAYERS_outside_2_to_9_is_an_input_error(n):
    with pytest.raises(InputError, match="55-PLAYERS"):
        Game55(n)


def test_55_SEATS_bidding_and_play_go_clockwise_from_the_dealers_left():
    s = Game55(4).new_game(random.Random(1))
    d = s.dealer
    assert s.to_act == (d + 1) % 4
    s.play(Call((d + 1) % 4, "pass"))
    assert s.to_act == (d + 2) % 4


def test_55_TEAMS_sides_pool_points_and_must_split_the_seats():
    g = Game55(4, {"teams": [[0, 2], [1, 3]]})
    assert g.sides == 2 and g.side_of == [0, 1, 0, 1]
    split = said("the sides {sides} do not split the seats 0-{last} exactly", sides=ANY, last=3)
    with input_error(split):
        Game55(4, {"teams": [[0, 2], [1]]})
    with input_error(split):
        Game55(4, {"teams": [[0, 1, 2, 3]]})


def test_55_DEAL_packets_and_kitty_after_the_dealer():
    s = Game55(3, {"deal_packets": [2, 3]}).new_game(random.Random(3))
    deal = s.history[1]
    assert len(deal.hands) == 3 and len(deal.extra[0]) == 5
    with pytest.raises(InputError):
        Game55(3, {"deal_packets": [4, 1]})


def test_55_NO_ROB_no_card_is_turned_up():
    s = Game55(4).new_game(random.Random(4))
    assert s.trump is None and s.phase == "auction"


def test_55_NEXT_DEALER_passes_to_the_left():
    g = Game55(3)
    s = g.new_game(random.Random(5))
    d = s.dealer
    from tutor.games.g55 import play_random_hand
    play_random_hand(s, random.Random(6))
    assert s.is_terminal or s.dealer == (d + 1) % 3


# -- 2. ranking -------------------------------------------------------------------------------
def test_55_AH_is_always_a_trump_and_never_a_heart():
    for t in "SHDC":
        rk = ranking(t)
        assert rk.is_trump[parse_card("AH").index]
        assert rk.effective_suit(parse_card("AH")) == t
    assert "AH" not in map(str, plain_order("H", "S"))


def test_55_TOP3_five_jack_ace_of_hearts():
    assert list(map(str, top_three("D"))) == ["5D", "JD", "AH"]
    assert list(map(str, top_three("H"))) == ["5H", "JH", "AH"]
    assert str(trump_order("C")[3]) == "AC"


def test_55_TRUMP_SUIT_fourteen_or_thirteen_trumps():
    assert [len(trump_order(t)) for t in "SHDC"] == [14, 13, 14, 14]


def test_55_RANK_TRUMP_tables():
    assert " ".join(map(str, trump_order("C"))) == "5C JC AH AC KC QC 2C 3C 4C 6C 7C 8C 9C 10C"
    assert " ".join(map(str, trump_order("D"))) == "5D JD AH AD KD QD 10D 9D 8D 7D 6D 4D 3D 2D"


def test_55_RANK_PLAIN_high_in_red_low_in_black():
    assert " ".join(map(str, plain_order("D", "S"))) == "KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D AD"
    assert " ".join(map(str, plain_order("S", "H"))) == "KS QS JS AS 2S 3S 4S 5S 6S 7S 8S 9S 10S"
    with input_error(said("{suit} are trumps, so they have no plain order",
                          suit=SUIT_WORDS["D"])):
        plain_order("D", "D")
    ace_high = plain_order("D", "S", plain_ace_high=True)
    assert str(ace_high[0]) == "AD" and str(trump_order("S")[2]) == "AH"


# -- 3. play ----------------------------------------------------------------------------------
def test_55_LEAD_dealers_left_leads_whoever_won_the_auction():
    g = Game55(4)
    s = g.new_game(random.Random(11))
    d = s.dealer
    for _ in range(3):
        s.play(Call(s.to_act, "pass"))
    s.play(Call(d, "20"))
    for c in list(s.hands[d])[:5]:
        s.play(Discard(d, c))
    s.play(NameTrump(d, "S"))
    assert s.phase == "play" and s.to_act == (d + 1) % 4
    assert legal("S", "", "2C 3D 4H 5S") == {"2C", "3D", "4H", "5S"}


def test_55_FOLLOW_PLAIN_follow_or_trump():
    assert legal("S", "9D", "KD 3D 7S QC 4H") == {"KD", "3D", "7S"}
    bad = why("S", "9D", "KD 3D 7S QC 4H", "QC")
    assert bad.rule == "55-FOLLOW-PLAIN" and {str(c) for c in bad.alternatives} == {"KD", "3D",
                                                                                    "7S"}


def test_55_RUFF_a_trump_is_always_allowed_and_never_forced_on_a_plain_lead():
    assert legal("C", "8D 5C", "JC 4D QS") == {"JC", "4D"}
    assert why("C", "8D", "JC 4D", "JC") is None


def test_55_VOID_no_card_of_the_led_suit_means_any_card():
    assert legal("S", "9D", "7S QC 4H 3C") == {"7S", "QC", "4H", "3C"}
    # the A♥ is not a heart: a player whose only "heart" is the A♥ is void
    assert legal("D", "KH", "AH QC 3S") == {"AH", "QC", "3S"}


def test_55_TRUMP_LEAD_an_ordinary_trump_forces_a_trump():
    assert legal("S", "7S", "5S AS KD 2C") == {"5S", "AS"}
    assert why("S", "7S", "5S AS KD 2C", "KD").rule == "55-TRUMP-LEAD"
    assert why("H", "AH", "KH 7C 8S", "7C").rule == "55-TRUMP-LEAD"


def test_55_RENEGE_compared_with_the_led_card_only():
    assert legal("S", "7S", "5S AH KD 2C 9H") == {"5S", "AH", "KD", "2C", "9H"}
    assert legal("S", "JS", "AH KD 2C") == {"AH"}
    assert why("S", "JS", "AH KD 2C", "KD").rule == "55-RENEGE"
    assert legal("S", "7S 5S", "AH KD 2C") == {"AH", "KD", "2C"}  # the 5 was played, not led
    assert legal("C", "AH", "5C JC 9D") == {"5C", "JC", "9D"}  # an A♥ lead is a trump lead


def test_55_RENEGE_house_rule_modes():
    assert legal("S", "2S JS", "AH 9C", renege_mode="highest_in_trick") == {"AH"}
    assert legal("S", "2S JS", "AH 9C") == {"AH", "9C"}
    assert legal("S", "7S", "JS 9C", renege_mode="five_only") == {"JS"}
    assert why("S", "7S", "JS 9C", "9C", renege_mode="five_only").rule == "55-TRUMP-LEAD"
    assert legal("S", "7S", "5S 9C", renege_mode="none") == {"5S"}
    assert legal("S", "7S", "5S 9C", renege_mode="five_only") == {"5S", "9C"}


def test_55_AH_LEAD_house_rule_forces_a_heart():
    assert legal("S", "AH", "KH 4H 9C") == {"KH", "4H", "9C"}
    assert legal("S", "AH", "KH 4H 9C", ah_lead_forces_hearts=True) == {"KH", "4H"}
    assert legal("S", "AH", "5S 7H 9C", ah_lead_forces_hearts=True) == {"5S", "7H"}
    assert why("S", "AH", "KH 4H 9C", "9C", ah_lead_forces_hearts=True).rule == "55-AH-LEAD"


def test_55_TRICK_WIN_best_trump_else_best_of_the_led_suit():
    rk = ranking("S")
    assert rk.winner_index(C("9D KD 2S AH")) == 3
    assert ranking("C").winner_index(C("10H 2H AD KH")) == 3
    assert ranking("D").winner_index(C("10C 2C AC 5C")) == 2
    assert ranking("H").winner_index(C("6D AS 4D")) == 0
    result = rk.trick_result(C("9D KD 2S AH"))
    assert result.reason == "best_trump" and result.rule == "55-TRICK-WIN"
    why_lost = {str(c.loser): c.reason for c in result.comparisons}
    assert why_lost == {"9D": "trump_beats_plain", "KD": "trump_beats_plain",
                        "2S": "higher_trump"}


def test_card_not_in_hand_is_an_input_error():
    with pytest.raises(InputError):
        why("S", "7S", "AH KD", "2C")


# -- 4. auction -------------------------------------------------------------------------------
def test_55_BID_VALUES_only_10_15_20_25_60():
    with input_error(not_a_call("30")):
        auction(4, ["15", "30"])
    assert auction(4, ["pass", "pass", "pass"]).legal_calls() == ["10", "15", "20", "25", "60"]


def test_55_BID_ORDER_first_circuit_then_the_dealer():
    a = auction(4, ["10", "15"])
    assert a.to_act == 2
    s = Game55(4).new_game(random.Random(2))
    wrong = (s.to_act + 1) % 4
    bad = s.check(Call(wrong, "10"))
    assert bad.rule == "55-BID-ORDER" and bad.reason == "not_your_turn"


def test_55_BID_RAISE_higher_never_equal():
    with pytest.raises(IllegalAction) as e:
        auction(4, ["15", "15"])
    assert e.value.rule == "55-BID-RAISE" and e.value.index == 1
    with pytest.raises(IllegalAction) as e:
        auction(4, ["20", "pass", "pass", "20"])
    assert e.value.rule == "55-BID-RAISE"


def test_55_BID_OUT_passed_and_outbid_players_never_return():
    a = auction(4, ["15", "pass", "20", "hold"])
    assert a.to_act == 2 and a.legal_calls() == ["pass", "25", "60"]
    s = Game55(4).new_game(random.Random(9))
    first = s.to_act
    s.play(Call(first, "pass"))
    bad = s.check(Call(first, "10"))
    assert bad.rule == "55-BID-OUT"


def test_55_BID_DEALER_pass_hold_or_raise():
    a = auction(4, ["15", "pass", "pass"])
    assert a.to_act == 3 and a.legal_calls() == ["pass", "hold", "20", "25", "60"]
    a = auction(4, ["15", "20", "pass", "pass"])
    assert (a.done, a.bidder, a.bid) == (True, 1, 20)


def test_55_BID_HOLD_dealer_only_and_the_house_minimum():
    with pytest.raises(IllegalAction) as e:
        auction(4, ["10", "hold"])
    assert e.value.rule == "55-BID-HOLD"
    with pytest.raises(IllegalAction) as e:
        auction(4, ["10", "pass", "pass", "hold"], min_dealer_hold=15)
    assert e.value.rule == "55-BID-HOLD"


def test_55_BID_HELD_held_bidder_answers_and_the_dealer_speaks_again():
    a = auction(4, ["10", "pass", "15", "hold", "20", "hold", "pass"])
    assert (a.bidder, a.bid) == (3, 20)
    a = auction(2, ["10", "hold", "15", "pass"])
    assert (a.bidder, a.bid) == (0, 15)
    a = auction(4, ["10", "15", "pass", "hold"], reentry_after_hold="all_not_passed")
    assert a.to_act == 0  # outbid, not passed: may speak again under the house rule
    a = auction(4, ["10", "15", "pass", "hold", "pass", "pass"],
                reentry_after_hold="all_not_passed")
    assert (a.done, a.bidder, a.bid) == (True, 3, 15)


def test_55_BID_DEALER_RAISE_closes_unless_the_house_rule_says_otherwise():
    a = auction(4, ["pass", "25", "pass", "60"])
    assert (a.bidder, a.bid) == (3, 60)
    a = auction(4, ["10", "pass", "pass", "15"])
    assert (a.done, a.bidder, a.bid) == (True, 3, 15)
    a = auction(4, ["10", "pass", "pass", "15"], dealer_raise_closes=False)
    assert not a.done and a.to_act == 0 and a.legal_calls() == ["pass", "20", "25", "60"]


def test_55_BID_SIXTY_cannot_be_exceeded():
    a = auction(4, ["60"])
    assert a.legal_calls() == ["pass"]
    a = auction(4, ["60", "pass", "pass", "hold"])
    assert (a.done, a.bidder, a.bid) == (True, 3, 60)


def test_55_BID_ALLPASS_the_dealer_must_bid():
    with pytest.raises(IllegalAction) as e:
        auction(4, ["pass"] * 4)
    assert e.value.rule == "55-BID-ALLPASS"
    with pytest.raises(IllegalAction) as e:
        auction(4, ["pass", "pass", "pass", "hold"])
    assert e.value.rule == "55-BID-ALLPASS"
    a = auction(4, ["pass"] * 4, all_pass="redeal_next_dealer")
    assert (a.done, a.bidder, a.bid) == (True, None, None)


def test_55_BID_END_no_call_after_the_end():
    with pytest.raises(InputError, match="55-BID-END"):
        auction(4, ["15", "20", "pass", "pass", "pass"])


def test_redeal_house_rules_move_or_keep_the_deal():
    for rule, step in (("redeal_next_dealer", 1), ("redeal_same_dealer", 0)):
        s = Game55(3, {"all_pass": rule}).new_game(random.Random(1))
        d = s.dealer
        for _ in range(3):
            s.play(Call(s.to_act, "pass"))
        assert s.phase == "deal" and s.dealer == (d + step) % 3


# -- 5. kitty and trump -----------------------------------------------------------------------
def _won_auction(rules=None, seed=3):
    s = Game55(4, rules).new_game(random.Random(seed))
    d = s.dealer
    for _ in range(3):
        s.play(Call(s.to_act, "pass"))
    s.play(Call(d, "15"))
    return s, d


def test_55_KITTY_the_bidder_takes_it_without_showing_it():
    s, d = _won_auction()
    assert len(s.hands[d]) == 10 and s.kitty == []
    other = (d + 1) % 4
    seen = " ".join(s.view(other)["events"])
    kitty_cards = s.history[1].extra[0]
    assert not any(c.unicode in seen for c in kitty_cards if c not in s.hands[other])
    assert len(s.view(other)["hand"]) == 5 and s.view(other)["hand_sizes"][d] == 10


def test_55_DISCARD_five_dead_cards():
    s, d = _won_auction()
    assert s.phase == "discard"
    for c in list(s.hands[d])[:5]:
        s.play(Discard(d, c))
    assert len(s.hands[d]) == 5 and len(s.discards) == 5 and s.phase == "trump"
    assert s.view((d + 1) % 4)["discards"] == [] and len(s.view(d)["discards"]) == 5


def test_55_TRUMP_NAME_any_suit_no_no_trump():
    s, d = _won_auction()
    for c in list(s.hands[d])[:5]:
        s.play(Discard(d, c))
    assert {a.suit for a in s.legal_actions()} == set("SHDC")
    with input_error(said("{suit} is not a suit: 55 has no no-trump (55-TRUMP-NAME)",
                          suit="'NT'")):
        s.play(NameTrump(d, "NT"))
    s.play(NameTrump(d, "H"))
    assert s.trump == "H" and s.phase == "play"


def test_trump_before_kitty_and_others_draw_house_rules():
    s, d = _won_auction({"trump_before_kitty": True, "others_draw_max": 2})
    assert s.phase == "trump" and len(s.hands[d]) == 5
    s.play(NameTrump(d, "C"))
    assert s.phase == "discard" and len(s.hands[d]) == 10
    for c in list(s.hands[d])[:5]:
        s.play(Discard(d, c))
    assert s.phase == "draw" and s.to_act == (d + 1) % 4
    p = s.to_act
    s.play(Discard(p, s.hands[p][0]))
    s.play(Discard(p, s.hands[p][0]))
    assert s.check(Discard(p, s.hands[p][0])).rule == "55-DISCARD"
    stock = list(s.stock)
    from tutor.games.g55 import Draw
    s.play(Draw(p))
    assert len(s.hands[p]) == 5 and s.hands[p][-2:] == stock[:2]


# -- 6. scoring -------------------------------------------------------------------------------
def _score(bid, trump, tricks, n=3, bidder=0, before=None, target=None, **rules):
    st = settings_mod.build(SETTINGS, rules)
    return score_hand(n, bidder, bid, trump, [(w, C(cs)) for w, cs in tricks], st, before,
                      target)


HAND = [(0, "5S AH 8D"), (1, "6D KD 7D"), (0, "6C 10C 3C"), (2, "4C 4D QC"), (0, "7H 10H AD")]


def test_55_SCORE_TRICK_and_55_SCORE_BONUS():
    sc = _score(15, "S", HAND)
    assert sc.points == (20, 5, 5) and str(sc.best_trump) == "5S" and sc.bonus_side == 0


def test_55_SCORE_BONUS_goes_to_the_best_trump_in_play():
    sc = _score(20, "S", [(1, "7H JS 7S"), (0, "AC 8S KS"), (0, "10C 5D 3D"),
                          (0, "6H 4D 5H"), (0, "AS 3S QS")], before=[100, 100, 0], target=110)
    assert sc.bonus_side == 1 and str(sc.best_trump) == "JS"


def test_55_SCORE_NO_TRUMP_hand_worth_25():
    sc = _score(25, "D", [(0, "KS 7S 8S"), (0, "3S 2H 5S"), (0, "9S 3C 6C"), (0, "QH 8H 7H"),
                          (0, "2C 10C 3H")])
    assert sc.best_trump is None and sum(sc.points) == 25 and sc.deltas == (25, 0, 0)


def test_55_SCORE_OTHERS_add_their_points_and_the_cap():
    sc = _score(20, "H", [(0, "9H 6H 3C"), (0, "8H KC 2S"), (1, "10D JH 8D"), (2, "2D 9D 4S"),
                          (0, "7C 4C 10C")])
    assert sc.deltas == (-20, 10, 5)
    capped = _score(20, "H", [(0, "9H 6H 3C"), (0, "8H KC 2S"), (1, "10D JH 8D"),
                              (2, "2D 9D 4S"), (0, "7C 4C 10C")], before=[0, 45, 0],
                    non_bidder_cap=50)
    assert capped.deltas == (-20, 5, 5)


def test_55_SCORE_BID_made_scores_points_failed_loses_the_bid():
    assert _score(15, "S", HAND).deltas == (20, 5, 5)
    assert _score(15, "S", HAND, bidder_scores="bid").deltas == (15, 5, 5)
    assert _score(25, "S", HAND).deltas == (-25, 5, 5)


def test_55_SCORE_SIXTY_all_five_or_nothing():
    five = [(0, "3C 9H AS"), (0, "7C QS 7D"), (0, "10D 5D KH"), (0, "10H 2S 3S"), (0, "5S 7S 8S")]
    assert _score(60, "C", five).deltas == (60, 0, 0)
    four = [(0, "AS 9S 8S"), (0, "KD 4D 3D"), (1, "KC QS 5C"), (0, "2D KH 4S"), (0, "4H 8C JC")]
    assert _score(60, "S", four).deltas == (-60, 5, 0)
    assert _score(60, "S", four, sixty=[60, -30]).deltas == (-30, 5, 0)


def test_55_SCORE_ALL_FIVE_on_a_lower_bid_scores_30():
    five = [(0, "3C 9H AS"), (0, "7C QS 7D"), (0, "10D 5D KH"), (0, "10H 2S 3S"), (0, "5S 7S 8S")]
    assert _score(25, "C", five).deltas == (30, 0, 0)


def test_55_SCORE_NEGATIVE_scores_carry_below_zero():
    s = Game55(3, scores=[5, 0, 0])
    assert s.start_scores == (5, 0, 0)
    sc = _score(25, "S", HAND, before=[5, 0, 0])
    assert 5 + sc.deltas[0] == -20


def test_55_SCORE_TEAMS_partners_pool():
    tricks = [(0, "9H 6H 2H 3H"), (1, "5D 8S 10H 7H"), (2, "8D 5S 3S 2C"), (3, "KH JS 4C 4H"),
              (0, "9C AS QH QC")]
    sc = _score(20, "S", tricks, n=4, teams=[[0, 2], [1, 3]], before=[0, 0])
    assert sc.deltas == (20, 10)


# -- 7. end of the game -----------------------------------------------------------------------
def test_55_GAME_START_at_zero_and_55_GAME_TARGET_default_55():
    g = Game55(3)
    assert g.start_scores == (0, 0, 0) and g.settings.target_score == 55
    with pytest.raises(InputError):
        Game55(3, {"target_score": 0})
    with input_error(said("a score already reaches the target {target}", target=55)):
        Game55(3, scores=[55, 0, 0])


def test_55_GAME_PLAYOUT_the_hand_is_played_to_the_end():
    # seat 1 reaches 110 in trick 1, yet every trick is scored and the bidder's result counts
    sc = _score(20, "S", [(1, "7H JS 7S"), (0, "AC 8S KS"), (0, "10C 5D 3D"),
                          (0, "6H 4D 5H"), (0, "AS 3S QS")], before=[100, 100, 0], target=110)
    assert sc.winner == 1 and sc.deltas == (20, 10, 0)


def test_55_GAME_RACE_secured_order_and_the_variants():
    tricks = [(0, "4D 7S AD"), (0, "QS 8C 3C"), (1, "3S AH 2H"), (2, "7C 8H 5C"),
              (2, "6H 8D JC")]
    assert _score(10, "H", tricks, before=[45, 50, 0]).winner == 0
    assert _score(10, "H", tricks, before=[45, 50, 0], race_rule="highest_total").winner == 1
    assert _score(10, "H", tricks, before=[45, 50, 0], race_rule="bidder_first").winner == 0
    assert _score(10, "H", tricks, before=[45, 50, 0], only_bidder_can_win=True).winner == 0
    late = [(1, "7C 2S 8H"), (0, "8C 9C 2H"), (0, "9D 6D 5H"), (0, "6C 10S 8S"),
            (0, "KH 2C 7H")]
    # the bidder's 25 is secured only at trick 5; seat 1 reached 55 at trick 1
    assert _score(25, "S", late, before=[50, 45, 0]).winner == 1
    assert _score(25, "S", late, before=[50, 45, 0], race_rule="bidder_first").winner == 1
    # seat 0 bids 15 and secures it at trick 4; seat 1 reaches 55 at trick 2.  Counted
    # retroactively, seat 0's first trick already took it to 55.
    race = [(0, "KD 4D 3D"), (1, "7C 5S 8C"), (0, "2H 3H KH"), (0, "QC 9C 10C"),
            (2, "9D 10D QD")]
    assert _score(15, "S", race, before=[50, 45, 0]).winner == 1
    assert _score(15, "S", race, before=[50, 45, 0], race_rule="retroactive").winner == 0


def test_55_GAME_CONTINUE_next_hand_when_nobody_reaches_the_target():
    from tutor.games.g55 import play_random_hand
    s = Game55(3).new_game(random.Random(21))
    play_random_hand(s, random.Random(22))
    assert s.phase == "deal" and s.winner is None and s.hand_no == 1
    s.chance(random.Random(23))
    assert s.hand_no == 2 and s.phase == "auction"


def test_unknown_house_rule_and_bad_values_are_input_errors():
    with input_error(said("unknown house rule {name} (known: {known})", name="'reneging'",
                          known=ANY)):
        Game55(4, {"reneging": "led"})
    with input_error(said("{value} is not a value of {name} (allowed: {allowed})",
                          value='"sometimes"', name="renege_mode", allowed=ANY)):
        Game55(4, {"renege_mode": "sometimes"})
    with pytest.raises(InputError):
        Game55(4, {"ah_lead_forces_hearts": 1})


def test_every_house_rule_of_the_spec_table_is_a_setting_with_its_default(shared):
    spec = shared("rules", "55.md").read_text(encoding="utf-8")
    table = spec[spec.index("## 9. House rules"):spec.index("## 10.")]
    names = re.findall(r"^\| `([a-z_]+)` \|", table, re.M)
    assert sorted(names) == sorted(SETTINGS)
    assert DEFAULT.target_score == 55 and DEFAULT.renege_mode == "led"
    assert DEFAULT.sixty == (60, -60) and DEFAULT.deal_packets == (2, 3)


def _first_illegal_card(seed: int):
    """(state, seat, an illegal card) at the first turn of a seeded 3-player hand that has
    one, or None."""
    s = Game55(3).new_game(random.Random(seed))
    while s.phase != "play":
        s.play(s.legal_actions()[0] if s.phase != "auction" else
               next(a for a in s.legal_actions() if a.call != "pass"))
    while s.phase == "play":
        seat = s.to_act
        legal_now = s.legal_cards()
        illegal = [c for c in s.hands[seat] if c not in legal_now]
        if illegal:
            return s, seat, illegal[0]
        s.play(Play(seat, legal_now[0]))
    return None


def test_illegal_play_in_the_state_carries_reason_rule_and_alternatives():
    found = next(f for f in map(_first_illegal_card, range(50)) if f is not None)
    s, seat, card = found
    legal_now = s.legal_cards()
    bad = s.check(Play(seat, card))
    assert bad.rule.startswith("55-") and set(bad.alternatives) == set(legal_now)
    assert bad.legal_actions == [Play(seat, c) for c in legal_now]
    before = s.copy()
    with pytest.raises(IllegalAction):
        s.play(Play(seat, card))
    assert s == before  # nothing changed


def test_a_card_during_the_auction_breaks_55_TRUMP_NAME_when_play_begins():
    s = Game55(4).new_game(random.Random(2))
    seat = s.to_act
    bad = s.check(Play(seat, s.hands[seat][0]))
    assert bad.reason == "wrong_phase" and bad.rule == "55-TRUMP-NAME"
    assert bad.reason_text == said(
        "{action} is not possible now: {why}.",
        action=said("Play {card}", card=s.hands[seat][0].unicode),
        why=said("the auction is on, and play begins only after it, once the bidder has taken "
                 "the kitty, discarded and named trumps"))
    assert bad.legal_actions == s.legal_actions()
    other = (seat + 1) % 4  # out of turn too: the kind of action is what is wrong
    assert s.check(Play(other, s.hands[other][0])).rule == "55-TRUMP-NAME"
    with input_error(not_a_call("thirty")):
        s.check(Call(seat, "thirty"))  # text that is no call of 55 stays an input error


def test_a_call_during_play_is_illegal_under_the_rule_of_play():
    s = Game55(3).new_game(random.Random(0))
    while s.phase != "play":
        s.play(s.legal_actions()[0] if s.phase != "auction" else
               next(a for a in s.legal_actions() if a.call != "pass"))
    for action in (Call(s.to_act, "pass"), Call((s.to_act + 1) % 3, "15")):
        bad = s.check(action)
        assert bad.reason == "wrong_phase" and bad.rule == "55-LEAD"
        assert bad.legal_actions == s.legal_actions()
    with pytest.raises(InputError):
        s.check(Call(s.to_act, "double"))


def test_after_the_game_every_action_is_illegal_under_55_GAME_TARGET():
    s = Game55(2, {"target_score": 5}).new_game(random.Random(4))
    from tutor.games.g55 import play_random_hand
    while not s.is_terminal:
        play_random_hand(s, random.Random(len(s.history)))
    bad = s.check(Call(0, "pass"))
    assert bad.reason == "game_over" and bad.rule == "55-GAME-TARGET"
    assert bad.legal_actions == [] and bad.alternatives == []


def test_55_TRICK_WIN_the_state_explains_each_trick():
    s = Game55(3).new_game(random.Random(31))
    from tutor.games.g55 import play_random_hand
    while not s.tricks:
        s.play(s.legal_actions()[0] if s.phase != "auction" else
               next(a for a in s.legal_actions() if a.call != "pass"))
    r = s.explain_trick(1)
    assert r.rule == "55-TRICK-WIN" and len(r.comparisons) == 2
    assert r.text == said("{card} wins: {why}", card=r.card.unicode, why=r.why)
    with pytest.raises(InputError):
        s.explain_trick(5)
    with input_error(said("{card} is not a Card (read text with tutor.engine.cards.parse_card)",
                          card=repr("KD"))):
        s.check(Play(s.to_act, "KD"))
    play_random_hand(s, random.Random(1))
