"""Hostile text from users (issue #10): rules nested deeper than Python's stack, digits of other
scripts, and text far longer than any position or auction; each gets a clear input error."""

from __future__ import annotations

import html
import logging
import random
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st
from wording import ANY, fits, said

from tutor.engine.cards import parse_card, parse_cards
from tutor.engine.errors import InputError, where_words
from tutor.engine.notation import MAX_RULE_DEPTH
from tutor.engine.settings import build
from tutor.engine.text import quoted
from tutor.games.g55 import notation as n55
from tutor.games.g55.auction import parse_call as parse_call_55
from tutor.games.g55.auction import run_auction as run_auction_55
from tutor.games.g55.tables import SETTINGS as SETTINGS_55
from tutor.games.g56 import notation as n56
from tutor.games.g56.auction import parse_call as parse_call_56
from tutor.teach.content import BOARD_POSITIONS
from tutor.teach.g56.bidding import MAX_AUCTION, CallError, explain_calls, read_auction, split_calls
from tutor.ui.board import TeachersBoard, load_position
from tutor.ui.g56.bidding import BidExplainer
from tutor.ui.style import style_html


def nested() -> tuple[str, str]:
    """What the rules nested too deeply are told."""
    return (said.n("the rules are nested too deeply (at most {n} level of brackets)",
                   "the rules are nested too deeply (at most {n} levels of brackets)",
                   MAX_RULE_DEPTH),
            said("the rules are nested too deeply"))


def not_a_call(game: str, text: str) -> str:
    """What a text that is no call of ``game`` is told."""
    if game == "55":
        return said("{text} is not a call of 55 (pass, hold, 10, 15, 20, 25 or 60)",
                    text=quoted(text))
    return said("{text} is not a call of 56 (pass, double, redouble, or a bid such as 30S, S30, "
                "30NT, 30NOES, +2S, +1NOES)", text=quoted(text))


def not_a_card(message: str, token: str) -> bool:
    """``message`` tells that ``token`` is not a card (whichever way it is not)."""
    return any(fits(message, said(m, text=quoted(token), card=ANY, suit=ANY, rank=ANY)) for m in (
        "{text} is not a card (expected text such as '10H')",
        "{text} is not a card: a card is a rank then a suit, such as 10H",
        "{text} is not a card (the rank comes first: {card})",
        "{text} is not a card: {suit} is not a suit (S, H, D, C or ♠ ♥ ♦ ♣)",
        "{text} is not a card: {rank} is not a rank (2-10, T, J, Q, K, A)"))


def not_a_number(text: str) -> str:
    return said("{text} is not a whole number (write it with the digits 0-9)", text=quoted(text))


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
    assert e.value.where.startswith("line 2"), msg[:300]
    assert "recursion" not in msg and len(msg) < 500, msg[:300]  # not Python's RecursionError


@pytest.mark.parametrize("game, mod", [("55", n55), ("56", n56)])
def test_the_nesting_check_leaves_ordinary_rules_alone(game, mod):
    rules = "teams=[[0, 2], [1, 3]]" if game == "55" else 'start_tables=7'
    pos = mod.parse_position(with_rules(game, rules))
    assert pos.rules
    # brackets inside a JSON string are not nesting
    with pytest.raises(InputError) as e:
        mod.parse_position(with_rules(game, 'teams="' + "[" * 50 + '"'))
    assert e.value.where.startswith("line 2") and e.value.message not in nested()


def test_the_teachers_board_says_what_is_wrong_and_where():
    b = TeachersBoard()
    assert b.load(with_rules("55", "teams=" + "[" * 19_000)) is False
    msg = html.unescape(b.load_message.value)
    assert said("Could not load the position: {problem}", problem=said(
        "{where}: {problem}", where=where_words("line 2 (rules)"), problem=nested()[0])) in msg
    assert "recursion" not in msg and b.error.value == ""  # not Python's RecursionError
    with pytest.raises(InputError) as e:
        load_position(with_rules("56", "teams=" + "[" * 19_000))
    assert e.value.where == "line 2 (rules)" and e.value.message == nested()[0]


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
    with pytest.raises(InputError) as e:
        parse_call_56(written)
    assert e.value.message == not_a_call("56", written)
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
        with pytest.raises(InputError) as e:
            parse_call_55(other(bid, script))
        assert e.value.message == not_a_call("55", other(bid, script))
        assert parse_call_55(str(bid)) == str(bid)
    with pytest.raises(InputError) as e:
        run_auction_55(4, [other(10, script)], build(SETTINGS_55))
    assert e.value.where.startswith("call 1,")


# Letters that str.upper()/str.lower() turn into ASCII: the long s (ſ -> S), the Kelvin sign
# (K -> k), the dotless i (ı -> I).
LOOKALIKES = ["10ſ", "Kſ", "\u212aS", "ıs", "Aſ"]


@pytest.mark.parametrize("token", LOOKALIKES)
def test_cards_take_only_ascii_letters(token):
    with pytest.raises(InputError) as e:
        parse_card(token)
    assert not_a_card(e.value.message, token), e.value.message


@pytest.mark.parametrize("call", ["28ſ", "ſ28", "+1ſ", "28 ſpades", "\u212a", "paſs",
                                  "thirty ſpades"])
def test_56_calls_take_only_ascii_letters(call):
    with pytest.raises(InputError) as e:
        parse_call_56(call)
    assert e.value.message == not_a_call("56", call)


def test_55_calls_take_only_ascii_letters():
    for call in ("paſs", "hold\u212a", "HOLD", "Pass"):
        if call.isascii():
            assert parse_call_55(call) == call.lower()
        else:
            with pytest.raises(InputError) as e:
                parse_call_55(call)
            assert e.value.message == not_a_call("55", call)


@pytest.mark.parametrize("script", OTHER_DIGITS)
@pytest.mark.parametrize("rank", ["10", "2", "9"])
def test_card_ranks_take_only_ascii_digits(script, rank):
    for suit in ("H", "♥"):
        token = other(int(rank), script) + suit
        with pytest.raises(InputError) as e:
            parse_card(token)
        assert not_a_card(e.value.message, token), e.value.message
        assert f"'{token}'" in str(e.value)
        with pytest.raises(InputError) as e:
            parse_cards(f"KD {token}")
        assert e.value.where.startswith("card 2")
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
        with pytest.raises(InputError) as e:
            mod.parse_position(bad)
        assert e.value.where.startswith(f"line {no}")
        assert e.value.message == not_a_number(other(number, script))
    # a hand's seat
    hand_line = next(line for line in text.split("\n") if line.startswith("hand 0:"))
    bad = text.replace(hand_line, hand_line.replace("hand 0:", f"hand {other(0, script)}:"))
    with pytest.raises(InputError) as e:
        mod.parse_position(bad)
    assert e.value.message == not_a_number(other(0, script))


def test_numbers_with_underscores_signs_or_huge_are_not_read():
    text = saved("55")
    not_whole = "{text} is not a whole number (write it with the digits 0-9)"
    for value, words in [("4_0", not_whole), ("+4", not_whole), (" 4 4", not_whole),
                         ("4" * 5000, "{text} is too large a number")]:
        bad, no = set_line(text, "players", value)
        with pytest.raises(InputError) as e:
            n55.parse_position(bad)
        assert e.value.where.startswith(f"line {no}")
        assert fits(e.value.message, said(words, text=ANY)), e.value.message
        assert len(str(e.value)) < 200


def test_the_bid_explainer_names_a_call_with_other_digits():
    with pytest.raises(CallError) as e:
        read_auction("28S ２９S pass")
    assert e.value.index == 1 and "'２９S'" in str(e.value)
    assert str(e.value).startswith(said("call {number}, {token}", number=2, token="'２９S'"))


# -- text far longer than any auction or position ---------------------------------------------
def huge_auction(size: int = 1_000_000) -> str:
    """A realistic start, then ``size`` characters of words that are no calls (all different,
    so an echo of any part of it can be found)."""
    rng = random.Random(7)
    words = []
    total = 0
    while total < size:
        w = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randint(3, 9)))
        words.append(w)
        total += len(w) + 1
    return ("28S pass +2H pass " + " ".join(words))[:size]


def samples(text: str) -> list[str]:
    """Pieces of ``text`` that only an echo of more than a short snippet would contain."""
    return [text[i:i + 60] for i in (0, 50_000, len(text) // 2, len(text) - 60)]


def widget_texts(w) -> list[str]:
    """Every text a widget tree shows or holds (values, labels, tooltips)."""
    out = []
    for attr in ("value", "description", "tooltip", "placeholder"):
        v = getattr(w, attr, None)
        if isinstance(v, str):
            out.append(v)
    for child in getattr(w, "children", ()):
        out += widget_texts(child)
    return out


def test_the_teach_layer_refuses_an_auction_longer_than_the_cap_at_once():
    text = huge_auction()
    for read in (read_auction, explain_calls, split_calls):
        with pytest.raises(InputError) as e:
            read(text)
        msg = str(e.value)
        assert e.value.message == too_long(text)
        assert len(msg) < 200
    # at the cap it is read (and its bad word named in a short snippet)
    with pytest.raises(CallError) as e:
        read_auction(text[:MAX_AUCTION])
    assert fits(e.value.message, said("this is not a call of 56: write {forms}", forms=ANY))
    assert len(str(e.value)) < 400


def too_long(text: str) -> str:
    """What an auction longer than the cap is told."""
    return said("an auction is at most {limit} characters; this one has {length}",
                limit=f"{MAX_AUCTION:,}", length=f"{len(text):,}")


def test_a_bad_call_is_quoted_as_a_short_snippet():
    token = "x" * 1_500
    with pytest.raises(CallError) as e:
        read_auction(f"28S {token}")
    msg = str(e.value)
    assert "'" + "x" * 40 + "…'" in msg and "x" * 41 not in msg
    assert e.value.index == 1


def test_the_bid_explainer_answers_1_mb_without_echoing_or_logging_it(caplog):
    b = BidExplainer("28S pass")
    assert [r.call for r in b.rows] == ["28S", "pass"]
    text = huge_auction()
    caplog.set_level(logging.DEBUG, logger="tutor.ui")
    b.text.value = text  # as typed in the box: the widget's own handler runs
    msg = html.unescape(b.message.value)
    assert too_long(text) in msg
    assert b.error.value == ""
    assert b.text.value == "28S pass"  # the last auction read, not the paste
    assert [r.call for r in b.rows] == ["28S", "pass"]
    # (outside Voila the widget carries the stylesheet, card faces and all: not an echo)
    shown = [s for s in widget_texts(b) if s != style_html()]
    assert max(map(len, shown)) < 20_000
    assert not any(piece in t for piece in samples(text) for t in shown)
    logged = [r.getMessage() for r in caplog.records]
    assert logged and all(len(m) < 500 for m in logged)
    assert not any(piece in m for piece in samples(text) for m in logged)
    assert any(str(len(text)) in m for m in logged)  # the length is logged instead
    # the page still works
    assert b.set_text("28S pass +2H") and [r.call for r in b.rows][-1] == "+2H"


def test_the_bid_explainer_logs_a_bad_call_without_the_auction(caplog):
    b = BidExplainer()
    caplog.set_level(logging.DEBUG, logger="tutor.ui")
    text = "28S " + "y" * 1_900
    assert b.set_text(text) is False
    assert b.text.value == text  # within the cap: kept in the box to be corrected
    msg = html.unescape(b.message.value)
    assert said("call {number}, {token}", number=2, token=quoted("y" * 1_900)) in msg
    assert "y" * 41 not in msg
    assert all("y" * 41 not in r.getMessage() for r in caplog.records)


@pytest.mark.parametrize("key, value", [
    ("game", "5" * 19_000),
    ("players", "9" * 19_000),
    ("hand 0", "Q" * 19_000 + "S"),
    ("x" * 19_000, None),
    ("rules", "z" * 19_000 + "=1"),
    ("rules", "teams=" + "[" * 19_000),
], ids=["game", "players", "card", "no-key", "rule-name", "rule-depth"])
def test_the_board_quotes_a_short_snippet_of_a_long_bad_line(key, value):
    if value is None:  # a line that is no "key: value"
        text, no = saved("55").replace("\n", f"\n{key}\n", 1), 2
    else:
        text, no = set_line(saved("55"), key, value)
    b = TeachersBoard()
    assert b.load(text) is False
    msg = html.unescape(b.load_message.value)
    loading = said.around("Could not load the position: {problem}", "problem")[0]
    assert re.sub(r"<[^>]+>", "", msg).startswith(loading + said("line {n}", n=no)), msg[:300]
    assert len(msg) < 600, msg[:600]
