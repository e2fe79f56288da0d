"""Hostile text from users (issue #10): rules nested deeper than Python's stack, digits of other
scripts, and text far longer than any position or auction; each gets a clear input error."""

from __future__ import annotations

import html

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.engine.cards import parse_card, parse_cards
from tutor.engine.errors import InputError
from tutor.engine.settings import build
from tutor.games.g55 import notation as n55
from tutor.games.g55.auction import parse_call as parse_call_55
from tutor.games.g55.auction import run_auction as run_auction_55
from tutor.games.g55.tables import SETTINGS as SETTINGS_55
from tutor.games.g56 import notation as n56
from tutor.games.g56.auction import parse_call as parse_call_56
from tutor.teach.bidding56 import CallError, read_auction
from tutor.teach.content import BOARD_POSITIONS
from tutor.ui.board import TeachersBoard, load_position


def saved(game: str) -> str:
    """A saved board position of ``game`` without its rules line."""
    text = next(p.text for p in BOARD_POSITIONS if p.game == game)
    return "\n".join(line for line in text.splitlines() if not line.startswith("rules:"))


def with_rules(game: str, rules: str) -> str:
    """The saved position with ``rules`` as its line 2 (after the game line)."""
    first, rest = saved(game).split("\n", 1)
    assert first.startswith("game:")
    return f"{first}\nrules: {rules}\n{rest}"


# -- rules nested too deeply -----------------------------------------------------------------
DEEP = [
    "teams=" + "[" * 100_000,
    "teams=" + "[" * 100_000 + "]" * 100_000,
    "sixty=" + "[" * 900 + "]" * 900,
    "teams=" + "{" * 50_000,
    "[" * 100_000 + "=1",
]


@pytest.mark.parametrize("game, mod", [("55", n55), ("56", n56)])
@pytest.mark.parametrize("rules", DEEP, ids=range(len(DEEP)))
def test_rules_nested_too_deeply_are_an_input_error_naming_the_line(game, mod, rules):
    with pytest.raises(InputError) as e:
        mod.parse_position(with_rules(game, rules))
    msg = str(e.value)
    assert msg.startswith("line 2"), msg[:300]
    assert "recursion" not in msg and len(msg) < 500, msg[:300]


@pytest.mark.parametrize("game, mod", [("55", n55), ("56", n56)])
def test_the_nesting_check_leaves_ordinary_rules_alone(game, mod):
    rules = "teams=[[0, 2], [1, 3]]" if game == "55" else 'start_tables=7'
    pos = mod.parse_position(with_rules(game, rules))
    assert pos.rules
    # brackets inside a JSON string are not nesting
    with pytest.raises(InputError, match="line 2") as e:
        mod.parse_position(with_rules(game, 'teams="' + "[" * 50 + '"'))
    assert "nested" not in str(e.value)


def test_the_teachers_board_says_what_is_wrong_and_where():
    b = TeachersBoard()
    assert b.load(with_rules("55", "teams=" + "[" * 19_000)) is False
    msg = html.unescape(b.load_message.value)
    assert "line 2" in msg and "nested too deeply" in msg
    assert "recursion" not in msg and b.error.value == ""
    with pytest.raises(InputError, match="line 2.*nested too deeply"):
        load_position(with_rules("56", "teams=" + "[" * 19_000))


# -- digits: 0-9 only -----------------------------------------------------------------------
OTHER_DIGITS = {"fullwidth": "０１２３４５６７８９", "arabic_indic": "٠١٢٣٤٥٦٧٨٩",
                "persian": "۰۱۲۳۴۵۶۷۸۹", "devanagari": "०१२३४५६७८९", "bengali": "০১২৩৪৫৬৭৮৯"}


def other(number: int, script: str) -> str:
    """``number`` written in the digits of ``script``."""
    return "".join(OTHER_DIGITS[script][int(d)] for d in str(number))


@pytest.mark.parametrize("script", OTHER_DIGITS)
@pytest.mark.parametrize("form", ["{n}S", "S{n}", "{n}NT", "{n}NOES", "+{k}H", "+{k}NOES",
                                  "{n} spades", "spades {n}", "plus {k} hearts", "{n} noes"])
def test_56_calls_take_only_ascii_digits(script, form):
    written = form.format(n=other(28, script), k=other(2, script))
    with pytest.raises(InputError, match="not a call of 56") as e:
        parse_call_56(written)
    assert f"'{written}'" in str(e.value)  # the token is named
    ascii_form = form.format(n=28, k=2)
    assert parse_call_56(ascii_form).is_bid  # the same call in 0-9 is one


@given(st.text(st.characters(whitelist_categories=("Nd",)), min_size=1, max_size=3)
       .filter(lambda t: not t.isascii()),
       st.sampled_from(["{d}S", "S{d}", "+{d}S", "{d}NT", "{d} hearts", "plus {d} noes"]))
def test_no_digit_of_another_script_makes_a_56_call(digits, form):
    with pytest.raises(InputError):
        parse_call_56(form.format(d=digits))


@pytest.mark.parametrize("script", OTHER_DIGITS)
def test_55_bids_take_only_ascii_digits(script):
    for bid in (10, 15, 20, 25, 60):
        with pytest.raises(InputError, match="not a call of 55"):
            parse_call_55(other(bid, script))
        assert parse_call_55(str(bid)) == str(bid)
    with pytest.raises(InputError, match="call 1"):
        run_auction_55(4, [other(10, script)], build(SETTINGS_55))


@pytest.mark.parametrize("script", OTHER_DIGITS)
@pytest.mark.parametrize("rank", ["10", "2", "9"])
def test_card_ranks_take_only_ascii_digits(script, rank):
    for suit in ("H", "♥"):
        token = other(int(rank), script) + suit
        with pytest.raises(InputError, match="not a card") as e:
            parse_card(token)
        assert f"'{token}'" in str(e.value)
        with pytest.raises(InputError, match="card 2"):
            parse_cards(f"KD {token}")
        assert parse_card(rank + suit).rank == rank


def set_line(text: str, key: str, value: str) -> tuple[str, int]:
    """``text`` with its ``key:`` line set to ``value`` (added after the first line if there
    is none); and that line's number."""
    lines = text.split("\n")
    found = [i for i, line in enumerate(lines) if line.split(":")[0].strip() == key]
    if found:
        no = found[0]
    else:
        no = 1
        lines.insert(no, "")
    lines[no] = f"{key}: {value}"
    return "\n".join(lines), no + 1


@pytest.mark.parametrize("script", ["fullwidth", "arabic_indic", "devanagari"])
@pytest.mark.parametrize("game, mod", [("55", n55), ("56", n56)])
def test_position_numbers_take_only_ascii_digits(script, game, mod):
    text = saved(game)
    pos = mod.parse_position(text)
    for key, number in [("players", pos.players), ("dealer", pos.dealer_seat)]:
        good, _ = set_line(text, key, str(number))
        assert mod.parse_position(good) == pos
        bad, no = set_line(text, key, other(number, script))
        with pytest.raises(InputError, match=f"line {no}.*not a whole number.*0-9"):
            mod.parse_position(bad)
    # a hand's seat
    hand_line = next(line for line in text.split("\n") if line.startswith("hand 0:"))
    bad = text.replace(hand_line, hand_line.replace("hand 0:", f"hand {other(0, script)}:"))
    with pytest.raises(InputError, match="not a whole number"):
        mod.parse_position(bad)


def test_numbers_with_underscores_signs_or_huge_are_not_read():
    text = saved("55")
    for value, words in [("4_0", "not a whole number"), ("+4", "not a whole number"),
                         (" 4 4", "not a whole number"), ("4" * 5000, "too large")]:
        bad, no = set_line(text, "players", value)
        with pytest.raises(InputError, match=f"line {no}.*{words}") as e:
            n55.parse_position(bad)
        assert len(str(e.value)) < 200


def test_the_bid_explainer_names_a_call_with_other_digits():
    with pytest.raises(CallError, match="call 2") as e:
        read_auction("28S ２９S pass")
    assert e.value.index == 1 and "'２９S'" in str(e.value)
