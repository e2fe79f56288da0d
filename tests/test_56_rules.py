"""Unit tests of the 56 engine, one or more per rule of rules/56.md; each names its rule ID."""

from __future__ import annotations

import random
import re

import pytest
from wording import ANY, input_error, said

from tutor.engine import settings as settings_mod
from tutor.engine.cards import parse_card, parse_cards
from tutor.engine.errors import IllegalAction, InputError
from tutor.engine.state import Call, Play
from tutor.games.g56 import (
    SETTINGS,
    card_points,
    check_card,
    explain_auction,
    legal_cards,
    parse_call,
    ranking,
    run_auction,
    settle,
)
from tutor.games.g56.auction import Auction56
from tutor.games.g56.game import Game56, State56, play_random_hand
from tutor.games.g56.tables import deck_facts, deck_ranks

C = parse_cards



def not_a_call(text: str) -> str:
    return said("{text} is not a call of 56 (pass, double, redouble, or a bid such as 30S, S30, "
                "30NT, 30NOES, +2S, +1NOES)", text=repr(text))


def st(**rules):
    return settings_mod.build(SETTINGS, rules)


def auction(n, calls, **rules):
    return run_auction(n, calls, st(**rules))


def illegal(n, calls, **rules):
    with pytest.raises(IllegalAction) as e:
        auction(n, calls, **rules)
    return e.value.index, e.value.rule


def test_every_rule_id_of_the_spec_has_a_test_here(shared):
    spec = shared("rules", "56.md").read_text(encoding="utf-8")
    ids = set(re.findall(r"\*\*(56-[A-Z0-9-]+)\.?\*\*", spec))  # anywhere: 56-CALLS too
    names = re.findall(r"^def (test_\w+)", open(__file__, encoding="utf-8").read(), re.M)
    mine = " ".join(names).replace("_", "-") + " "
    missing = sorted(i for i in ids if not re.search(re.escape(i) + r"-[a-z]", mine))
    assert len(ids) >= 40 and not missing, f"no test named after {missing}"


# -- 1. players, teams, seats, dealer ----------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 5, 7, 9, "6", True])
def test_56_PLAYERS_only_4_6_8(n):
    with pytest.raises(InputError, match="56-PLAYERS"):
        Game56(n)


def test_56_TEAMS_two_teams_in_alternate_seats():
    a = auction(6, [])
    assert [a.team_of(s) for s in range(6)] == [0, 1, 0, 1, 0, 1]


def test_56_SEATS_seat_0_is_the_dealers_right_and_calls_first():
    s = Game56(4).new_game(random.Random(2))
    assert s.to_act == (s.dealer + 1) % 4 == s.first
    assert s.team_of(s.dealer) == 1 and s.team_of(s.first) == 0


def test_56_DEALER_passes_to_the_right():
    s = Game56(4).new_game(random.Random(4))
    d = s.dealer
    play_random_hand(s, random.Random(5))
    assert s.is_terminal or s.dealer == (d + 1) % 4


def test_56_DIRECTION_changes_nothing_but_the_drawing():
    a = Game56(4, {"direction": "cw"}).new_game(random.Random(1))
    b = Game56(4).new_game(random.Random(1))
    assert a.hands == b.hands and a.to_act == b.to_act


# -- 2. cards ------------------------------------------------------------------------------------
def test_56_DECK_sizes_by_player_count_and_settings():
    assert deck_facts(4, st()) == {"cards": 48, "hand": 12, "tricks": 12, "points": 56}
    assert deck_facts(6, st()) == {"cards": 48, "hand": 8, "tricks": 8, "points": 56}
    assert deck_facts(8, st()) == {"cards": 64, "hand": 8, "tricks": 8, "points": 56}
    assert deck_facts(4, st(deck_4p=32)) == {"cards": 32, "hand": 8, "tricks": 8, "points": 56}
    assert deck_facts(8, st(deck_8p=48)) == {"cards": 48, "hand": 6, "tricks": 6, "points": 56}
    assert deck_ranks(8, st()) == ("J", "9", "A", "10", "K", "Q", "8", "7")


@pytest.mark.parametrize("n, rules", [(4, {}), (6, {}), (8, {}), (4, {"deck_4p": 32}),
                                      (8, {"deck_8p": 48})])
def test_56_DEAL_every_card_dealt_and_56_POINTS_total_56(n, rules):
    g = Game56(n, rules)
    s = g.new_game(random.Random(n))
    cards = [c for h in s.hands for c in h]
    assert sorted(cards) == sorted(g.deck) and card_points(cards) == 56
    assert all(len(h) == g.hand_size for h in s.hands)


def test_56_COPIES_two_of_each_card_never_three():
    assert Game56(4).deck.count(parse_card("JS")) == 2
    from tutor.games.g56.play import check_cards
    with pytest.raises(InputError, match="56-COPIES"):
        check_cards(C("JS JS JS"))
    with input_error(said("{card} is not a card of this 56 deck (ranks {ranks})", card="2C",
                          ranks=ANY)):
        check_cards(C("2C"))


def test_56_RANK_is_J_9_A_10_K_Q_8_7():
    rk = ranking("NT")
    assert rk.winner_index(C("10D KD AD QD")) == 2
    assert rk.winner_index(C("7C 8C")) == 1
    assert ranking("S").winner_index(C("KS 9S AS JH")) == 1


def test_56_POINTS_card_values():
    assert card_points(C("JS 9S AS 10S KS QS")) == 7
    assert card_points(C("8D 7C")) == 0


def test_56_TABLES_start_at_12_each():
    s = Game56(6).new_game(random.Random(3))
    assert s.tables == [12, 12]
    assert Game56(6, {"start_tables": 5}).new_game(random.Random(3)).tables == [5, 5]
    assert [Game56(n).left_over for n in (4, 6, 8)] == [56, 56, 40]


# -- 3. auction ----------------------------------------------------------------------------------
def test_56_AUCTION_turns_go_round_and_round():
    a = auction(4, ["28S", "pass", "pass", "29H", "pass"])
    assert a.to_act == 1 and not a.done


def test_56_CALLS_are_pass_bid_double_redouble():
    """56-CALLS: four kinds of call, and nothing else is a call."""
    a = Auction56(6, 5, Game56(6).settings)
    assert {parse_call(c).kind for c in ("pass", "28S", "double")} == {"pass", "bid", "double"}
    a.call("28S")
    a.call("double")
    a.call("redouble")
    assert a.done and a.calls[-1][1].kind == "redouble"
    for bad in ("hold", "no bid", "28"):
        with pytest.raises(InputError):
            parse_call(bad)


def test_56_PASS_is_not_final():
    a = auction(4, ["pass", "28H", "pass", "pass", "29C"])
    assert a.to_act == 1 and a.legal_calls()["min"] == 30


def test_56_BID_RANGE_is_28_to_56():
    assert illegal(4, ["27S"]) == (0, "56-BID-RANGE")
    assert illegal(4, ["55S", "+2H"]) == (1, "56-BID-RANGE")
    assert illegal(4, ["57S"]) == (0, "56-BID-RANGE")


def test_56_BID_HIGHER_number_only():
    assert illegal(4, ["30H", "30S"]) == (1, "56-BID-HIGHER")
    assert illegal(4, ["30H", "30NT"]) == (1, "56-BID-HIGHER")
    assert auction(4, ["30H", "31C"]).high == 31
    assert auction(4, ["30H", "pass", "31H"]).high_seat == 2  # over a partner is fine


def test_56_STYLE_six_spoken_styles():
    styles = {t: parse_call(t).style for t in ["30S", "S30", "30NT", "30NOES", "+2S", "+1NOES"]}
    assert styles == {"30S": "number_suit", "S30": "suit_number", "30NT": "number_nt",
                      "30NOES": "number_noes", "+2S": "plus_suit", "+1NOES": "plus_noes"}
    assert parse_call("thirty spades") == parse_call("30S")
    assert parse_call("Plus Two Spades") == parse_call("+2S")
    assert parse_call("30S").spoken() == "Thirty Spades"  # English golden: a call in words
    with input_error(not_a_call("30X")):
        parse_call("30X")


def test_56_PLUS_needs_a_standing_bid():
    assert illegal(4, ["+2S"]) == (0, "56-PLUS")
    assert illegal(4, ["28S", "+0S"]) == (1, "56-PLUS")
    a = auction(4, ["28D", "+2S"])
    assert (a.high, a.calls[1][1].denomination) == (30, "S")
    a = auction(4, ["28D", "double", "+2D"])
    assert a.high == 30 and not a.doubled


def test_56_NOES_is_played_in_no_trumps():
    a = auction(4, ["28D", "+1NOES", "pass", "pass", "pass"])
    assert (a.contract.bid, a.contract.denomination, a.contract.noes) == (29, "NT", True)


def test_56_DOUBLE_only_the_other_teams_bid_once():
    assert illegal(4, ["double"]) == (0, "56-DOUBLE")
    assert illegal(4, ["30S", "pass", "double"]) == (2, "56-DOUBLE")
    assert illegal(4, ["30S", "double", "pass", "double"]) == (3, "56-DOUBLE")
    assert auction(4, ["30S", "pass", "pass", "double"]).doubled


def test_56_REDOUBLE_by_the_doubled_team_ends_the_auction():
    a = auction(4, ["30S", "double", "redouble"])
    assert a.done and a.contract.multiplier == 4
    assert auction(4, ["30S", "double", "redouble"], redouble_mult=3).contract.multiplier == 3
    assert illegal(4, ["30S", "double", "pass", "redouble"]) == (3, "56-REDOUBLE")


def test_56_CANCEL_a_new_bid_wipes_out_the_double():
    assert illegal(4, ["30S", "double", "31S", "pass", "redouble"]) == (4, "56-REDOUBLE")
    a = auction(4, ["30S", "double", "31S", "pass", "pass", "pass"])
    assert a.contract.multiplier == 1


def test_56_END_n_minus_1_passes_and_56_is_not_the_end():
    assert auction(6, ["30S", "pass", "pass", "pass", "pass", "pass"]).done
    assert not auction(6, ["30S", "double", "pass", "pass", "pass", "pass"]).done
    a = auction(4, ["56S"])
    assert not a.done and a.legal_calls() == {"calls": ["pass", "double"], "min": None,
                                              "max": None}
    with pytest.raises(InputError, match="56-END"):
        auction(4, ["30S", "double", "redouble", "pass"])


def test_56_ALL_PASS_team_0_plays_28_no_trumps():
    a = auction(4, ["pass"] * 4)
    c = a.contract
    assert (c.bidder, c.team, c.bid, c.denomination, c.multiplier) == (None, 0, 28, "NT", 1)


def test_56_CONTRACT_number_denomination_team_multiplier():
    c = auction(4, ["30H", "31C", "double", "pass", "pass", "pass"]).contract
    assert (c.bidder, c.team, c.bid, c.denomination, c.multiplier) == (1, 1, 31, "C", 2)


def test_56_CONV_meanings_as_data_and_sentences():
    ms = explain_auction(auction(4, ["28D", "+2D", "29NOES" if False else "31NOES", "C33"]))
    assert ms[0].shows == "top_cards" and ms[0].cards == ("JD",) and "J♦" in ms[0].text
    assert ms[1].shows == "exact_top_cards" and ms[1].count == 2
    assert ms[2].shows == "void" and ms[2].suit == "D"
    assert ms[3].shows == "strength_without_top" and ms[3].suit == "C"
    jump = explain_auction(auction(4, ["30S"]))[0]
    assert jump.count == 3 and jump.cards == ("JS", "JS", "9S")
    first_noes = explain_auction(auction(4, ["28NOES"]))[0]
    assert first_noes.shows == "agreement"
    assert explain_auction(auction(4, ["40NT"]))[0].honours


def test_56_PASS_FINAL_house_rule():
    assert illegal(4, ["pass", "28S", "pass", "pass", "29S"], pass_is_final=True) == \
        (4, "56-PASS-FINAL")
    a = auction(4, ["28S", "pass", "pass", "pass"], pass_is_final=True)
    assert a.done
    a = auction(4, ["pass", "28S", "pass", "pass"], pass_is_final=True)
    assert a.legal_calls() == {"calls": ["pass", "double"], "min": None, "max": None}


def test_56_FORCED_BID_house_rules():
    assert illegal(4, ["pass", "pass", "pass"], all_pass="force_last_nondealer") == \
        (2, "56-FORCED-BID")
    assert illegal(4, ["pass"], all_pass="force_first_bidder") == (0, "56-FORCED-BID")
    assert "pass" not in auction(4, [], all_pass="force_first_bidder").legal_calls()["calls"]


def test_56_PLUS_NT_house_rule():
    assert illegal(4, ["28S", "+1NT"]) == (1, "56-PLUS-NT")
    assert auction(4, ["28S", "+1NT"], allow_plus_nt=True).high == 29


def test_56_PARTNER_MIN_house_rule():
    assert illegal(4, ["30S", "pass", "31S"], partner_overcall_min=40) == (2, "56-PARTNER-MIN")
    assert auction(4, ["30S", "pass", "40S"], partner_overcall_min=40).high == 40
    assert auction(4, ["30S", "31S"], partner_overcall_min=40).high == 31


def test_illegal_call_order_of_rules():
    # a Plus N No-trumps that is also over the range names 56-PLUS-NT first
    assert illegal(4, ["55S", "+5NT"]) == (1, "56-PLUS-NT")


# -- 4. play ---------------------------------------------------------------------------------------
def _playing(n=4, seed=1):
    s = Game56(n).new_game(random.Random(seed))
    s.play(Call(s.to_act, "28S"))
    for _ in range(n - 1):
        s.play(Call(s.to_act, "pass"))
    return s


def test_56_LEAD_seat_0_leads_whoever_won_the_auction():
    s = Game56(4).new_game(random.Random(8))
    s.play(Call(s.to_act, "pass"))
    s.play(Call(s.to_act, "28S"))
    for _ in range(3):
        s.play(Call(s.to_act, "pass"))
    assert s.phase == "play" and s.to_act == s.first


def test_56_FOLLOW_the_suit_led():
    assert set(legal_cards(C("QS JH"), C("AS"))) == {parse_card("QS")}
    bad = check_card(C("QS JH"), C("AS"), parse_card("JH"))
    assert bad.rule == "56-FOLLOW" and bad.alternatives == [parse_card("QS")]
    assert check_card(C("AH JS 10D"), C("QH JS"), parse_card("JS")).rule == "56-FOLLOW"


def test_56_VOID_any_card_no_duty_to_trump():
    assert set(map(str, legal_cards(C("JH KD"), C("AS")))) == {"JH", "KD"}


def test_56_TRICK_highest_trump_else_highest_of_the_suit_led():
    assert ranking("H").winner_index(C("10S AS KS QH JS JD")) == 3
    assert ranking("NT").winner_index(C("KH JS JC JD QH 9S")) == 0
    r = ranking("H").trick_result(C("AC QH 9H JC"))
    assert r.index == 2 and r.rule == "56-TRICK"


def test_56_IDENTICAL_the_first_played_wins():
    assert ranking("NT").winner_index(C("9C JC JH AC JC 10C")) == 1
    assert ranking("D").winner_index(C("AS 9D 9D JS QS 10S")) == 1
    r = ranking("D").trick_result(C("AS 9D 9D"))
    assert any(c.reason == "first_played" and c.rule == "56-IDENTICAL" for c in r.comparisons)


def test_56_PLAYOUT_all_tricks_are_played_and_pooled():
    s = _playing(6, 2)
    rng = random.Random(3)
    while s.phase == "play":
        s.play(s.legal_actions()[rng.randrange(len(s.legal_actions()))])
    assert s.hand_no == 1 and s.last_settlement is not None
    assert sum(1 for _ in s.tricks) == 8


def test_an_action_of_another_phase_is_illegal_under_the_rule_of_the_phase():
    s = Game56(6).new_game(random.Random(5))
    seat = s.to_act
    for action in (Play(seat, s.hands[seat][0]), Call(seat, "play_on")):
        bad = s.check(action)
        assert bad.reason == "wrong_phase" and bad.rule == "56-AUCTION"
        assert bad.legal_actions == s.legal_actions()
    with input_error(not_a_call("thirty bananas")):
        s.check(Call(seat, "thirty bananas"))
    assert s.legal_actions().summary() == s.auction.legal_calls()
    s = _playing(6, 5)
    bad = s.check(Call(s.to_act, "pass"))
    assert bad.reason == "wrong_phase" and bad.rule == "56-LEAD"
    assert bad.legal_actions == s.legal_actions()


def test_illegal_card_in_the_state_reason_rule_alternatives():
    s = _playing(4, 5)
    while s.phase == "play":
        seat = s.to_act
        legal = set(s.legal_cards())
        wrong = [c for c in s.hands[seat] if c not in legal]
        if wrong:
            bad = s.check(Play(seat, wrong[0]))
            assert bad.rule == "56-FOLLOW" and set(bad.alternatives) == legal
            return
        s.play(Play(seat, sorted(legal)[0]))
    pytest.fail("no illegal card came up")


# -- 5. scoring in tables -----------------------------------------------------------------------
def test_56_MADE_at_least_the_bid():
    assert settle([12, 12], 0, 34, 1, 34, st()).made
    assert not settle([12, 12], 0, 34, 1, 33, st()).made


def test_56_TIERS_default_and_alternatives():
    assert [settle([12, 12], 0, b, 1, 56, st()).owed for b in (28, 39, 40, 47, 48, 55, 56)] == \
        [1, 1, 2, 2, 3, 3, 4]
    assert [settle([12, 12], 0, b, 1, 0, st()).owed for b in (28, 40, 48, 56)] == [2, 3, 4, 5]
    assert settle([12, 12], 0, 55, 1, 56, st(tiers="alt_40_55")).owed == 2
    assert settle([12, 12], 0, 49, 1, 56, st(tiers="alt_40_48")).owed == 3


def test_56_MULT_doubled_and_redoubled():
    assert settle([12, 12], 0, 40, 2, 40, st()).tables == (16, 8)
    assert settle([20, 4], 0, 56, 4, 0, st()).owed == 20
    assert settle([20, 4], 0, 56, 3, 0, st(redouble_mult=3)).owed == 15


def test_56_TRANSFER_tables_move_never_vanish():
    for pts in range(0, 57, 7):
        s = settle([12, 12], 1, 44, 2, pts, st())
        assert sum(s.tables) == 24


def test_56_PAY_ALL_at_most_what_is_held():
    s = settle([12, 12], 0, 56, 4, 56, st())
    assert (s.owed, s.paid, s.tables, s.match_winner) == (16, 12, (24, 0), 0)


def test_56_ELIM_zero_tables_or_cannot_pay():
    assert settle([12, 12], 0, 47, 4, 30, st()).match_winner == 1
    assert settle([2, 22], 0, 28, 1, 0, st(elimination="cannot_pay")).match_winner is None
    assert settle([2, 22], 0, 40, 1, 0, st(elimination="cannot_pay")).match_winner == 1
    assert settle([2, 22], 0, 28, 1, 0, st()).match_winner == 1


def test_56_MATCH_ends_only_by_elimination():
    g = Game56(4, {"start_tables": 2})
    s = g.new_game(random.Random(9))
    rng = random.Random(10)
    for _ in range(200):
        play_random_hand(s, rng)
        if s.is_terminal:
            break
    assert s.is_terminal and sorted(s.tables) == [0, 4] and s.winner == s.tables.index(4)
    assert s.legal_actions() == []


# -- house rules ------------------------------------------------------------------------------
def test_cot_surrender_and_double_stakes():
    assert settle([12, 12], 0, 30, 1, 56, st(cot=True), all_tricks=True).owed == 2
    assert settle([12, 12], 0, 30, 1, 20, st(cot=True), cot="accepted").tables == (13, 11)
    assert settle([12, 12], 0, 30, 1, 50, st(cot=True), cot="refused").owed == 4
    s = Game56(4, {"cot": True}).new_game(random.Random(1))
    s.play(Call(s.to_act, "28S"))
    for _ in range(3):
        s.play(Call(s.to_act, "pass"))
    assert s.phase == "cot_offer" and s.team_of(s.to_act) == 1
    for wrong in ("accept", "pass", "30S"):  # a call of another step or phase: illegal
        bad = s.check(Call(s.to_act, wrong))
        assert bad.reason == "wrong_phase" and bad.rule == "56-D-COT"
        assert bad.legal_actions == s.legal_actions()
    with pytest.raises(InputError):
        s.check(Call(s.to_act, "give up"))  # no call of 56 at all
    bad = s.check(Play(s.to_act, s.hands[s.to_act][0]))
    assert bad.reason == "wrong_phase" and bad.rule == "56-D-COT"
    s.play(Call(s.to_act, "surrender"))
    assert s.phase == "cot_answer" and s.to_act == s.first
    bad = s.check(Call((s.to_act + 1) % 4, "accept"))
    assert bad.reason == "not_your_turn" and bad.rule == "56-D-COT"
    s.play(Call(s.to_act, "accept"))
    assert s.tables == [13, 11] or s.tables == [11, 13]


def test_redeal_house_rules_throw_the_hand_in():
    g = Game56(8, {"redeal_no_points": True})
    rng = random.Random(0)
    redeals = 0
    for _ in range(30):
        s = g.new_game(rng)
        redeals += sum(e.kind == "redeal" for e in s.events)
        assert all(card_points(h) > 0 for h in s.hands) and s.phase == "auction"
    assert redeals > 0


def test_56_ELIM_cannot_pay_a_team_with_no_tables_is_still_in_the_match():
    assert Game56(4, {"elimination": "cannot_pay"}, tables=(0, 24)).start_tables == (0, 24)
    with input_error(said("tables are two whole numbers of {low} or more adding up to {total} "
                          "(the even seats' first), not {tables}", low=1, total=24,
                          tables=ANY)):
        Game56(4, tables=(0, 24))  # zero_tables: that team has lost


def test_unknown_setting_and_bad_values_are_input_errors():
    with input_error(said("unknown house rule {name} (known: {known})", name="'kitty'",
                          known=ANY)):
        Game56(4, {"kitty": True})
    with pytest.raises(InputError):
        Game56(4, {"deck_4p": 36})
    with pytest.raises(InputError):
        Game56(4, {"partner_overcall_min": 27})


def test_every_house_rule_of_the_spec_table_is_a_setting(shared):
    spec = shared("rules", "56.md").read_text(encoding="utf-8")
    table = spec[spec.index("## 6. House-rule settings"):spec.index("## 7.")]
    assert sorted(re.findall(r"^\| `([a-z_0-9]+)` \|", table, re.M)) == sorted(SETTINGS)


def test_views_show_the_contract_and_hide_other_hands():
    s = _playing(4, 6)
    v = s.view(0)
    assert v["contract"]["denomination"] == "S" and v["tables"] == [12, 12]
    assert len(v["meanings"]) == 4 and parse_call("28S").spoken() in v["meanings"][0]
    others = {c for t in range(1, 4) for c in s.hands[t]} - set(s.hands[0])
    text = " ".join(v["events"])
    assert not any(c.unicode in text for c in others)
    assert isinstance(s, State56)
