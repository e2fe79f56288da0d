"""Rule cases check the form of every input before any rule is applied (issue #11, items 17
and 18; shared/acceptance/README.md "Input errors", 55.md section 8, 56.md section 7).

A call list is read whole first: a call of another shape anywhere in it is an input error,
even after an illegal call; only then are the rules applied and the first illegal call named.
Case files write calls exactly as the README lists them, numbers in digits: the spoken forms
("thirty spades", "30 Dice") are for the learner's text boxes, which still take them."""

from __future__ import annotations

import pytest
from wording import said

from tutor.cases import answer
from tutor.engine.errors import where_words
from tutor.engine.text import quoted


def _55_auction(calls, players=4, **extra):
    return answer({"id": "t", "game": "55", "ask": "auction", "players": players,
                   "calls": calls, **extra})


def _56(ask, calls, players=4, **extra):
    return answer({"id": "t", "game": "56", "ask": ask, "players": players, "calls": calls,
                   **extra})


def _is_error(got) -> bool:
    return isinstance(got, dict) and got.get("error") is True


def _error(where: str, problem: str) -> str:
    """An input error of a case as the runner reports it: where (in the code's form), what."""
    return said("{where}: {problem}", where=where_words(where), problem=problem)


def _not_a_55_call(call) -> str:
    return said("{call} is not a call of 55: a call is written pass, hold, 10, 15, 20, 25 or 60 "
                "(55-BID-VALUES)", call=quoted(call))


# -- 55 (item 17) --------------------------------------------------------------------------
@pytest.mark.parametrize("calls", [
    ["Pass"], ["PASS"], ["pass", "Hold"], [" pass"], ["pass "], ["10 "], ["010"], ["10.0"],
    [10], [None], [["pass"]], ["１０"], ["pass", "pass", "pass", "HOLD"], ["30"],
])
def test_55_auction_a_call_not_written_as_the_readme_lists_it_is_an_input_error(calls):
    got = _55_auction(calls)
    assert _is_error(got), got
    i, bad = next((i, c) for i, c in enumerate(calls) if c not in (
        "pass", "hold", "10", "15", "20", "25", "60"))
    assert got["message"] == _error(f"calls, call {i + 1}", _not_a_55_call(bad))


@pytest.mark.parametrize("calls", [
    ["hold", "30"], ["hold", "Pass"], ["pass", "hold", "pass", "pass", "twenty"],
    ["15", "10", "x"],
])
def test_55_auction_a_malformed_call_after_an_illegal_one_is_an_input_error(calls):
    got = _55_auction(calls)
    assert _is_error(got), got


def test_55_auction_the_malformed_call_is_named_by_its_place():
    got = _55_auction(["hold", "30"])
    assert got["message"] == _error("calls, call 2", _not_a_55_call("30"))


@pytest.mark.parametrize("calls, illegal_at, rule", [
    (["hold"], 0, "55-BID-HOLD"),
    (["hold", "pass", "pass"], 0, "55-BID-HOLD"),  # calls after it are only read for form
    (["15", "10", "pass"], 1, "55-BID-RAISE"),
])
def test_55_auction_well_formed_calls_that_break_a_rule_are_still_illegal(calls, illegal_at,
                                                                          rule):
    assert _55_auction(calls) == {"illegal_at": illegal_at, "rule": rule}


def test_55_auction_well_formed_calls_still_answer():
    assert _55_auction(["pass", "15", "pass", "hold", "pass"]) == {
        "done": True, "bidder": 3, "bid": 15}
    assert _55_auction(["15", "20", "pass", "pass"]) == {"done": True, "bidder": 1, "bid": 20}
    assert _is_error(_55_auction(["15", "20", "pass", "pass", "pass"]))  # after the end


# -- 56 (item 18) --------------------------------------------------------------------------
NOT_WRITTEN = [
    "thirty spades", "30 Dice", "30DICE", "30D ", " 30D", "30s", "s30", "30nt", "30Noes",
    "30 S", "3 0S", "+ 2S", "+2 S", "30♠", "♠30", "+2♥", "Pass", "PASS", "Double", "redouble!",
    "28", "S", "NT", "+S", "28NOTRUMPS", "28NOS", "+2", "２８S", "٢٨S", "30S\n", "",
    "plus two spades", "spades thirty", "thirty no-trumps",
]


@pytest.mark.parametrize("call", NOT_WRITTEN)
def test_56_auction_a_call_not_in_a_written_form_is_an_input_error(call):
    got = _56("auction", [call])
    assert _is_error(got), got


@pytest.mark.parametrize("call", [30, 30.0, None, True, ["30S"], {"bid": "30S"}])
def test_56_auction_a_call_that_is_not_text_is_an_input_error(call):
    assert _is_error(_56("auction", [call]))


@pytest.mark.parametrize("call", NOT_WRITTEN)
def test_56_auction_a_malformed_call_after_an_illegal_one_is_an_input_error(call):
    got = _56("auction", ["27S", call])
    assert _is_error(got), got


@pytest.mark.parametrize("calls, expect", [
    (["30S", "S30"], {"illegal_at": 1, "rule": "56-BID-HIGHER"}),
    (["27S", "28S"], {"illegal_at": 0, "rule": "56-BID-RANGE"}),
    (["57NT"], {"illegal_at": 0, "rule": "56-BID-RANGE"}),
    (["1000000000000S"], {"illegal_at": 0, "rule": "56-BID-RANGE"}),  # a number, too high
    (["28S", "+0S"], {"illegal_at": 1, "rule": "56-PLUS"}),
    (["28S", "+1NT"], {"illegal_at": 1, "rule": "56-PLUS-NT"}),
    (["+1NOES"], {"illegal_at": 0, "rule": "56-PLUS"}),
    (["28S", "pass", "double"], {"illegal_at": 2, "rule": "56-DOUBLE"}),
])
def test_56_auction_well_formed_calls_that_break_a_rule_are_still_illegal(calls, expect):
    assert _56("auction", calls) == expect


def test_56_auction_every_written_form_is_read():
    calls = ["28S", "pass", "S29", "pass", "30NT", "pass", "31NOES", "pass", "+2H", "pass",
             "+1NOES", "double", "redouble"]
    assert _56("auction", calls) == {"done": True, "bidder": 2, "team": 0, "bid": 34,
                                     "denomination": "NT", "multiplier": 4}
    assert _56("auction", ["028D", "pass", "pass", "pass"])["bid"] == 28  # digits all the same
    assert _56("auction", ["28S", "+1NT"], rules={"allow_plus_nt": True})["done"] is False


@pytest.mark.parametrize("calls, index", [
    (["30S", "30X"], 0),
    (["30S", "thirty spades"], 0),
    (["30S", "30 Dice"], 0),
    (["thirty spades"], 0),
    (["28S", "Pass", "30S"], 2),
    (["28S", "27S", "30s"], 0),  # an illegal call after the index, then a malformed one
])
def test_56_explain_bid_any_malformed_call_of_the_list_is_an_input_error(calls, index):
    got = _56("explain_bid", calls, index=index)
    assert _is_error(got), got


def test_56_explain_bid_calls_after_the_end_of_the_auction_are_an_input_error():
    got = _56("explain_bid", ["30S", "pass", "pass", "pass", "31S"], index=0)
    assert _is_error(got), got


def test_56_explain_bid_well_formed_lists_are_still_explained():
    want = {"style": "number_suit", "level": 28, "denomination": "S"}
    assert _56("explain_bid", ["28S"], index=0) == want
    # calls after the index need only be well formed: an illegal one there changes nothing
    assert _56("explain_bid", ["28S", "27S"], index=0) == want
    assert _56("explain_bid", ["28S", "pass", "+2H"], index=2) == {
        "style": "plus_suit", "level": 30, "denomination": "H"}
    assert _is_error(_56("explain_bid", ["27S", "28S"], index=1))  # after an illegal call


def test_the_learners_text_boxes_still_read_calls_in_words():
    # the strict reading is the case runner's own; the auction's reader takes spoken calls
    from tutor.games.g56.auction import parse_call

    assert str(parse_call("thirty spades")) == "30S"
    assert str(parse_call("30 Dice")) == "30D"
    assert str(parse_call("Pass")) == "pass"


# -- every case kind reads its inputs in the format's shapes ---------------------------------
BASES = {
    "55": {
        "trump_order": {"trump": "S"},
        "plain_order": {"suit": "H", "trump": "S"},
        "deck": {"players": 4},
        "legal": {"trump": "S", "trick": ["9D"], "hand": ["KD", "2C"]},
        "why_illegal": {"trump": "S", "trick": ["9D"], "hand": ["KD", "2C"], "card": "2C"},
        "winner": {"trump": "S", "trick": ["9D", "KD"]},
        "auction": {"players": 4, "calls": ["pass"]},
        "score": {"players": 3, "bidder": 0, "bid": 20, "trump": "S", "tricks": [
            {"winner": 0, "cards": ["5S", "2H", "3H"]}, {"winner": 0, "cards": ["JS", "4H", "6H"]},
            {"winner": 1, "cards": ["KD", "AD", "2D"]}, {"winner": 2, "cards": ["3C", "4C", "KC"]},
            {"winner": 0, "cards": ["AH", "5H", "7H"]}]},
    },
    "56": {
        "rank_order": {"players": 4},
        "deck": {"players": 4},
        "card_points": {"cards": ["JS", "9S"]},
        "legal": {"trump": "S", "trick": ["9D"], "hand": ["KD", "JC"]},
        "why_illegal": {"trump": "S", "trick": ["9D"], "hand": ["KD", "JC"], "card": "JC"},
        "winner": {"trump": "S", "trick": ["9D", "KD"]},
        "auction": {"players": 4, "calls": ["28S"]},
        "explain_bid": {"players": 4, "calls": ["28S"], "index": 0},
        "settle": {"players": 4, "bidding_team": 0, "bid": 28, "multiplier": 1, "points": 30,
                   "tables": [12, 12]},
    },
}
KINDS = [(game, ask) for game, asks in BASES.items() for ask in asks]


def _case(game, ask, **changes):
    return {"id": "t", "game": game, "ask": ask, **BASES[game][ask], **changes}


@pytest.mark.parametrize("game, ask", KINDS)
def test_every_kind_answers_its_well_formed_base_case(game, ask):
    assert not _is_error(answer(_case(game, ask)))
    assert not _is_error(answer(_case(game, ask, rules={})))


@pytest.mark.parametrize("rules", [None, False, 0, "", [], "pass_is_final", [["teams", 1]]])
@pytest.mark.parametrize("game, ask", KINDS)
def test_rules_that_are_not_an_object_are_an_input_error_in_every_kind(game, ask, rules):
    got = answer(_case(game, ask, rules=rules))
    assert _is_error(got), got
    assert got["message"] == _error("rules", said(
        'the rules of a case are an object of house-rule settings, such as '
        '{{"pass_is_final": true}}, not {rules}', rules=quoted(rules)))


CARD_LISTS = [(g, a, k) for g, a in KINDS for k in ("trick", "hand", "cards")
              if k in BASES[g][a]]


@pytest.mark.parametrize("value", ["", "KD 2C", {}, {"KD": 1, "2C": 1}])
@pytest.mark.parametrize("game, ask, key", CARD_LISTS)
def test_a_card_list_that_is_not_a_json_list_is_an_input_error(game, ask, key, value):
    got = answer(_case(game, ask, **{key: value}))
    assert _is_error(got), got


@pytest.mark.parametrize("cards", ["5S 2H 3H", {"5S": 1, "2H": 1, "3H": 1}])
def test_55_score_the_cards_of_a_trick_are_a_json_list(cards):
    case = _case("55", "score")
    case["tricks"] = [dict(t) for t in case["tricks"]]
    case["tricks"][0]["cards"] = cards
    assert _is_error(answer(case))


@pytest.mark.parametrize("field, value", [("bid", 20.0), ("bid", True), ("bidder", 0.0),
                                          ("target", 55.0)])
def test_55_score_numbers_are_whole_numbers(field, value):
    assert _is_error(answer(_case("55", "score", **{field: value})))


@pytest.mark.parametrize("field, value", [
    ("multiplier", 1.0), ("multiplier", 2.0), ("multiplier", 4.0), ("multiplier", True),
    ("bidding_team", 0.0), ("bidding_team", 1.0), ("bidding_team", False), ("bid", 28.0),
    ("points", 30.0), ("tables", [12.0, 12.0]),
])
def test_56_settle_numbers_are_whole_numbers(field, value):
    got = answer(_case("56", "settle", **{field: value}))
    assert _is_error(got), got


# -- cards and suits are written in the notation of the format -------------------------------
# Rank then suit: 2-10, J, Q, K, A (T for 10), suits S H D C (♠ ♥ ♦ ♣ accepted); another case,
# spaces or another spelling is an input error, as "Pass" is for a call.
CARD_FIELDS = CARD_LISTS + [(g, a, "card") for g, a in KINDS if "card" in BASES[g][a]]


def _with_card(game, ask, key, card):
    """The base case with its first card of ``key`` written as ``card`` (a card that is in
    neither the trick nor the hand of the base case)."""
    case = _case(game, ask)
    if key == "card" or (key == "hand" and "card" in case):
        case["card"] = card  # the card asked about is the one written oddly, in the hand
        key = "hand"
    case[key] = [card] + case[key][1:]
    return case


@pytest.mark.parametrize("card", ["qd", "Qd", "qD", " QD", "QD ", "Q D", "10d", "td", "1OD",
                                  "QDD", "QＤ", "\u212aD", "Q♢", "Q♤", "Q♦\ufe0e", "♦Q"])
@pytest.mark.parametrize("game, ask, key", CARD_FIELDS)
def test_a_card_in_another_spelling_is_an_input_error(game, ask, key, card):
    got = answer(_with_card(game, ask, key, card))
    assert _is_error(got), got


@pytest.mark.parametrize("card", ["QD", "Q♦", "Q♦\ufe0f", "10D", "TD"])
@pytest.mark.parametrize("game, ask, key", CARD_FIELDS)
def test_a_card_in_the_notation_is_read(game, ask, key, card):
    got = answer(_with_card(game, ask, key, card))
    assert not _is_error(got), got


def test_an_odd_card_is_named_with_its_place():
    got = answer(_case("55", "legal", hand=["KD", "2c"]))
    assert got["message"] == _error("hand, card 2", said(
        "{value} is not written as a case file writes a card: {card}", value="'2c'", card="2C"))
    got = answer(_case("55", "legal", hand=["KD", "1X"]))
    assert got["message"] == _error("hand, card 2", said(
        "{text} is not a card: {suit} is not a suit (S, H, D, C or ♠ ♥ ♦ ♣)", text="'1X'",
        suit="'X'"))


TRUMPS = [(g, a) for g, a in KINDS if "trump" in BASES[g][a]]


@pytest.mark.parametrize("trump", ["s", " S", "S ", "Spades", "spades", "♤", "nt", "N"])
@pytest.mark.parametrize("game, ask", TRUMPS)
def test_a_trump_in_another_spelling_is_an_input_error(game, ask, trump):
    got = answer(_case(game, ask, trump=trump))
    assert _is_error(got), got


@pytest.mark.parametrize("trump", ["S", "♠", "♠\ufe0f"])
@pytest.mark.parametrize("game, ask", TRUMPS)
def test_a_trump_in_the_notation_is_read(game, ask, trump):
    assert not _is_error(answer(_case(game, ask, trump=trump)))


def test_56_no_trumps_is_written_nt():
    assert not _is_error(answer(_case("56", "legal", trump="NT")))
    assert _is_error(answer(_case("55", "legal", trump="NT")))  # 55 has no no-trump


@pytest.mark.parametrize("suit, error", [("H", False), ("♥", False), ("h", True), ("H ", True),
                                         ("Hearts", True)])
def test_55_plain_order_suit_is_written_in_the_notation(suit, error):
    assert _is_error(answer(_case("55", "plain_order", suit=suit))) is error


# -- a position must fit the table it names ---------------------------------------------------
@pytest.mark.parametrize("changes", [
    {"trick": ["9D", "QD", "AD", "10D"]},  # a trick of 4 is complete at a table of 4
    {"hand": ["KD", "JC", "JS", "9S", "AS", "10S", "KS", "QS", "JH", "9H", "AH", "10H", "KH"]},
])
@pytest.mark.parametrize("ask", ["legal", "why_illegal"])
def test_56_a_position_that_does_not_fit_the_players_is_an_input_error(ask, changes):
    case = _case("56", ask, players=4, **changes)
    assert _is_error(answer(case))
    del case["players"]
    assert not _is_error(answer(case))  # without a table it is a position of some table


def test_56_winner_a_trick_longer_than_the_table_is_an_input_error():
    trick = ["9D", "QD", "AD", "10D", "KD"]
    assert _is_error(answer(_case("56", "winner", players=4, trick=trick)))
    assert answer(_case("56", "winner", players=6, trick=trick)) == {"winner": 0, "points": 4}
    assert not _is_error(answer(_case("56", "winner", trick=trick)))


def test_55_winner_a_completed_trick_has_one_card_per_player_when_players_are_given():
    assert _is_error(answer(_case("55", "winner", players=3)))
    assert _is_error(answer(_case("55", "winner", players=1)))
    assert answer(_case("55", "winner", players=2)) == {"winner": 1}
