"""The ranking explorer without a browser: the orders, the comparison, the pickers."""

from __future__ import annotations

import html
import re

import pytest
from wording import said

from tutor.engine.cards import Card
from tutor.engine.errors import InputError
from tutor.ui import explorer as explorer_mod
from tutor.ui import ranking_explorer
from tutor.ui.explorer import RankingExplorer, compare_html, orders_html


def chips(fragment: str) -> list[str]:
    return re.findall(r'class="tt-chip[^"]*" role="img" aria-label="([^"]+)"', fragment)


def card(t: str) -> Card:
    return Card.parse(t)


def spoken(*cards: str) -> list[str]:
    """The names of ``cards`` ("5S"...), as a chip's label says them."""
    return [card(c).spoken for c in cards]


def pts(n: int) -> str:
    """A card's points beside it, as the column shows them."""
    return f'<span class="tt-pts">{said.n("{n} pt", "{n} pts", n)}</span>'


def test_55_shows_the_trumps_and_three_plain_suits_in_columns():
    out = orders_html("55", "S")
    assert len(re.findall(r'class="tt-column[ "]', out)) == 4
    names = chips(out)
    assert names[:4] == spoken("5S", "JS", "AH", "AS")
    assert len(names) == 14 + 12 + 13 + 13  # the A♥ is a trump, not a heart
    assert "55-RANK-TRUMP" in out and "55-RANK-PLAIN" in out


def test_56_shows_j_9_a_10_k_q_with_points_and_the_trump_column():
    out = orders_html("56", "H")
    names = chips(out)
    assert names[:6] == spoken("JS", "9S", "AS", "10S", "KS", "QS")
    assert out.count("tt-column-trump") == 1
    assert said("{suit} (trumps)", suit=said("Hearts")) in out
    assert pts(3) in out and pts(2) in out and pts(1) in out and pts(0) in out
    assert "tt-column-trump" not in orders_html("56", "NT")


@pytest.mark.parametrize("game, trump, a, b, led, winner, first, rule", [
    ("55", "S", "AH", "KS", "AH", "A♥", False, "55-RANK-TRUMP"),
    ("55", "D", "KH", "QH", "KH", "K♥", False, "55-RANK-PLAIN"),
    ("55", "C", "2C", "AS", "AS", "2♣", False, "55-TRICK-WIN"),
    ("56", "NT", "9S", "AS", "AS", "9♠", False, "56-RANK"),
    ("56", "H", "QH", "JS", "JS", "Q♥", False, "56-TRICK"),
    ("56", "S", "JD", "JD", "JD", "J♦", True, "56-IDENTICAL"),  # the one played first
])
def test_which_card_wins_and_why(game, trump, a, b, led, winner, first, rule):
    out = html.unescape(compare_html(game, trump, card(a), card(b), card(led)))
    if first:
        winner = said("{card} (played first)", card=winner)
    assert said("{card} wins.", card=winner) in out and rule in out


def test_neither_card_can_win():
    out = html.unescape(compare_html("55", "S", card("2H"), card("3H"), card("4D")))
    neither = said("Neither {a} nor {b} can win this trick: neither is a trump nor {a_suit}, "
                   "so a card of the led suit or a trump takes it.", a="2♥", b="3♥",
                   a_suit=said.p("one card of a suit", "a diamond"))
    assert neither in out and "55-TRICK-WIN" in out


def test_the_widget_follows_its_pickers():
    w = ranking_explorer()
    assert isinstance(w, RankingExplorer)
    assert said("{card} wins.", card="A♥") in html.unescape(w.result.value)
    w.trump_pick.value = "H"
    assert chips(w.orders.value)[0] == card("5H").spoken
    w.card_a.value, w.card_b.value, w.led.value = "KS", "QS", "second"
    assert said("{card} wins.", card="K♠") in html.unescape(w.result.value)
    w.game_pick.value = "56"
    assert [v for _, v in w.trump_pick.options][-1] == "NT"
    assert w.trump_pick.value == "H"
    assert chips(w.orders.value)[:6] == spoken("JS", "9S", "AS", "10S", "KS", "QS")
    note = said("In every suit, trumps included: J 9 A 10 K Q (then 8 7 with 8 players and 64 "
                "cards). Points: J 3, 9 2, A 1, 10 1, the others 0: 28 in each of the two packs, "
                "56 in all the cards dealt.")
    assert note in html.unescape(w.orders.value)
    w.trump_pick.value = "NT"
    w.card_a.value, w.card_b.value, w.led.value = "10D", "AD", "10D"
    assert said("{card} wins.", card="A♦") in html.unescape(w.result.value)
    w.game_pick.value = "55"
    assert w.trump_pick.value == "S"  # 55 has no no-trump
    w.four.value = True
    assert "tt-s-blue" in w.orders.value and w.error.value == ""


def test_55_needs_two_different_cards():
    out = html.unescape(compare_html("55", "S", card("AH"), card("AH"), card("AH")))
    assert said("{game} uses a single pack: pick two different cards.", game="55") in out


def test_bad_arguments():
    with pytest.raises(InputError):
        ranking_explorer(game="57")
    assert ranking_explorer("56", "NT").trump_pick.value == "NT"
    assert ranking_explorer("55", "♦").trump_pick.value == "D"


def test_a_failing_callback_shows_a_message(monkeypatch):
    w = ranking_explorer()

    def broken(*args, **kwargs):
        raise RuntimeError("no ranking")

    monkeypatch.setattr(explorer_mod, "compare_html", broken)
    w.card_b.value = "QS"
    assert said("Sorry, that did not work: {problem}", problem="no ranking") in w.error.value
    monkeypatch.undo()
    w.card_b.value = "KS"
    assert w.error.value == ""
