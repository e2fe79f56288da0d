"""The ranking explorer without a browser: the orders, the comparison, the pickers."""

from __future__ import annotations

import html
import re

import pytest

from tutor.engine.cards import Card
from tutor.engine.errors import InputError
from tutor.ui import explorer as explorer_mod
from tutor.ui import ranking_explorer
from tutor.ui.explorer import RankingExplorer, compare_html, orders_html


def chips(fragment: str) -> list[str]:
    return re.findall(r'class="tt-chip[^"]*" role="img" aria-label="([^"]+)"', fragment)


def card(t: str) -> Card:
    return Card.parse(t)


def test_55_shows_the_trumps_and_three_plain_suits_in_columns():
    out = orders_html("55", "S")
    assert len(re.findall(r'class="tt-column[ "]', out)) == 4
    names = chips(out)
    assert names[:4] == ["five of spades", "jack of spades", "ace of hearts", "ace of spades"]
    assert len(names) == 14 + 12 + 13 + 13  # the A♥ is a trump, not a heart
    assert "55-RANK-TRUMP" in out and "55-RANK-PLAIN" in out


def test_56_shows_j_9_a_10_k_q_with_points_and_the_trump_column():
    out = orders_html("56", "H")
    names = chips(out)
    assert names[:6] == ["jack of spades", "nine of spades", "ace of spades", "ten of spades",
                         "king of spades", "queen of spades"]
    assert out.count("tt-column-trump") == 1 and "Hearts (trumps)" in out
    assert "3 pts" in out and "2 pts" in out and "1 pt<" in out and "0 pts" in out
    assert "tt-column-trump" not in orders_html("56", "NT")


@pytest.mark.parametrize("game, trump, a, b, led, winner, rule", [
    ("55", "S", "AH", "KS", "AH", "A♥", "55-RANK-TRUMP"),
    ("55", "D", "KH", "QH", "KH", "K♥", "55-RANK-PLAIN"),
    ("55", "C", "2C", "AS", "AS", "2♣", "55-TRICK-WIN"),
    ("56", "NT", "9S", "AS", "AS", "9♠", "56-RANK"),
    ("56", "H", "QH", "JS", "JS", "Q♥", "56-TRICK"),
    ("56", "S", "JD", "JD", "JD", "J♦ (played first)", "56-IDENTICAL"),
])
def test_which_card_wins_and_why(game, trump, a, b, led, winner, rule):
    out = html.unescape(compare_html(game, trump, card(a), card(b), card(led)))
    assert f"{winner} wins." in out and rule in out


def test_neither_card_can_win():
    out = html.unescape(compare_html("55", "S", card("2H"), card("3H"), card("4D")))
    assert "Neither 2♥ nor 3♥ can win" in out and "55-TRICK-WIN" in out


def test_the_widget_follows_its_pickers():
    w = ranking_explorer()
    assert isinstance(w, RankingExplorer)
    assert "A♥ wins." in html.unescape(w.result.value)
    w.trump_pick.value = "H"
    assert chips(w.orders.value)[0] == "five of hearts"
    w.card_a.value, w.card_b.value, w.led.value = "KS", "QS", "second"
    assert "K♠ wins." in html.unescape(w.result.value)
    w.game_pick.value = "56"
    assert [v for _, v in w.trump_pick.options][-1] == "NT"
    assert w.trump_pick.value == "H" and "J 9 A 10 K Q" in w.orders.value
    w.trump_pick.value = "NT"
    w.card_a.value, w.card_b.value, w.led.value = "10D", "AD", "10D"
    assert "A♦ wins." in html.unescape(w.result.value)
    w.game_pick.value = "55"
    assert w.trump_pick.value == "S"  # 55 has no no-trump
    w.four.value = True
    assert "tt-s-blue" in w.orders.value and w.error.value == ""


def test_55_needs_two_different_cards():
    out = compare_html("55", "S", card("AH"), card("AH"), card("AH"))
    assert "single pack" in out


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
    assert "Sorry, that did not work: no ranking" in w.error.value
    monkeypatch.undo()
    w.card_b.value = "KS"
    assert w.error.value == ""
