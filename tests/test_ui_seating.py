"""The seats and the deck of 56 (tutor.ui.g56.seating), without a browser: the round table puts the
seats counter-clockwise from the dealer's right in the engine's Red/Black colours, says the same
as text, and the deck beneath comes from the engine's tables (rules/56.md 56-SEATS, 56-DECK,
56-POINTS); the picker switches; a failing callback shows a message."""

from __future__ import annotations

import math
import re

import ipywidgets as widgets
import pytest
from stylesheet import rules_of

from tutor.games.g56.game import PARTNERSHIPS, Game56
from tutor.games.g56.tables import POINTS, deck_facts
from tutor.ui.g56 import seating
from tutor.ui.g56.seating import (
    Seating56Widget,
    deck_facts_56,
    deck_html,
    seating_56,
    seating_facts,
    table_svg,
)
from tutor.ui.style import style_html

# rules/56.md 56-DECK: players -> (ranks kept, cards, per suit, hand, tricks, left over)
SPEC = {4: ("J 9 A 10 K Q", 48, 12, 12, 12, 56), 6: ("J 9 A 10 K Q", 48, 12, 8, 8, 56),
        8: ("J 9 A 10 K Q 8 7", 64, 16, 8, 8, 40)}
SEAT = re.compile(r'<g class="tt-seat56-seat tt-seat56-(red|black)" data-seat="(\d)">'
                  r"<title>([^<]*)</title><circle cx=\"([\d.]+)\" cy=\"([\d.]+)\" r=\"\d+\" "
                  r'fill="[^"]+" stroke="([^"]+)"')


def has(widget, cls: str) -> bool:
    return cls in widget._dom_classes


def seats_drawn(svg: str) -> list[dict]:
    return [{"team": t, "seat": int(s), "title": title, "x": float(x), "y": float(y),
             "ring": ring} for t, s, title, x, y, ring in SEAT.findall(svg)]


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#x27;", "'")


@pytest.mark.parametrize("players", [4, 6, 8])
def test_the_seats_go_counter_clockwise_from_the_dealers_right(players):
    svg = table_svg(players)
    seats = seats_drawn(svg)
    assert [s["seat"] for s in seats] == list(range(players))
    cx, cy = seating.CX, seating.CY
    dealer = seats[-1]
    assert abs(dealer["x"] - cx) < 0.5 and dealer["y"] > cy  # the dealer at the bottom
    # seat 0 on the dealer's right (the dealer faces the middle: their right is the screen's)
    assert seats[0]["x"] > dealer["x"]
    angles = [math.degrees(math.atan2(cy - s["y"], s["x"] - cx)) % 360 for s in seats]
    for a, b in zip([angles[-1]] + angles, angles):  # each next seat one step anticlockwise
        assert (b - a) % 360 == pytest.approx(360 / players, abs=0.5)
    # the arrows: one per seat, counter-clockwise arcs (SVG sweep-flag 0) with a head
    arcs = re.findall(r'class="tt-seat56-arrow" d="M [\d.]+ [\d.]+ A (\d+) \1 0 0 0 ', svg)
    assert len(arcs) == players and svg.count('marker-end="url(#tt-seat56-head)"') == players
    assert "counter-" in svg and "clockwise ↺" in svg


@pytest.mark.parametrize("players", [4, 6, 8])
def test_teams_dealer_and_first_seat_match_the_engine(players):
    svg = table_svg(players)
    seats = seats_drawn(svg)
    f = seating_facts(players)
    assert f["dealer"] == players - 1 and f["first_call"] == f["first_lead"] == 0
    for s in seats:
        name = PARTNERSHIPS[s["seat"] % 2]  # the engine's permanent names: Red even, Black odd
        assert s["team"] == name.lower() and s["title"].startswith(f"Seat {s['seat']}, {name}")
    assert seats[-1]["ring"] == seating.GOLD and "dealer" in seats[-1]["title"]
    assert seats[0]["ring"] == seating.BLUE and "calls first and leads" in seats[0]["title"]
    assert all(s["ring"] == "#fff" for s in seats[1:-1])
    assert re.findall(r'class="tt-seat56-label"[^>]*>(\w+)<', svg) == ["first", "dealer"]
    # team 0 of the hand is the dealer's opponents (the even seats, Red)
    assert f["teams"] == {"Red": (0, list(range(0, players, 2))),
                          "Black": (1, list(range(1, players, 2)))}
    assert [s["team"] for s in f["seats"]] == [s % 2 for s in range(players)]


@pytest.mark.parametrize("players", [4, 6, 8])
def test_the_drawing_has_a_text_alternative(players):
    w = seating_56(players)
    svg_label = re.search(r'<svg class="tt-seat56-table"[^>]*role="img" aria-label="([^"]+)"',
                          w.table.value).group(1).replace("&#x27;", "'")
    assert f"A round table of {players} players" in svg_label
    assert "seat 0 sits on the dealer's right" in svg_label and "counter-clockwise" in svg_label
    assert f"The dealer, seat {players - 1}" in svg_label
    items = re.findall(r'<ol class="tt-seat56-order">(.*?)</ol>', w.table.value)[0]
    lines = [text_of(li).strip() for li in re.findall(r"<li>(.*?)</li>", items)]
    assert len(lines) == players
    assert lines[0].startswith("0 Seat 0 (Red), on the dealer's right: calls first in the "
                               "auction and leads to the first trick")
    assert lines[-1].startswith(f"{players - 1} Seat {players - 1} (Black), the dealer")
    assert "on the dealer's left" in lines[-2]
    text = text_of(w.table.value)
    half = players // 2
    assert f"The teams ({half} v {half})" in text
    assert "team 0 of this hand, the dealer's opponents" in text
    assert ("Partners sit opposite each other" in text) == (players == 4)
    assert "56-SEATS" in text
    assert 'aria-hidden="true"' in w.table.value  # the number discs are not read twice


@pytest.mark.parametrize("players", [4, 6, 8])
def test_the_deck_comes_from_the_engines_tables(players):
    ranks, cards, per_suit, hand, tricks, left = SPEC[players]
    d = deck_facts_56(players)
    game = Game56(players)
    assert " ".join(d["ranks"]) == ranks and d["ranks"] == game.ranks
    assert (d["cards"], d["per_suit"], d["hand"], d["tricks"], d["left_over"]) == \
        (cards, per_suit, hand, tricks, left)
    e = deck_facts(players, game.settings)
    assert (d["cards"], d["hand"], d["tricks"], d["total"]) == \
        (e["cards"], e["hand"], e["tricks"], e["points"])
    assert d["points"] == [(r, POINTS[r]) for r in ranks.split()]
    assert (d["suit_points"], d["pack_points"], d["total"]) == (7, 28, 56)
    text = text_of(deck_html(players))
    assert f"The deck for {players} players" in text
    assert f"{ranks} in every suit, high to low" in text
    assert f"Cards {cards} ({per_suit} in each suit)" in text
    assert f"Each hand {hand} cards" in text
    assert f"Tricks {tricks} tricks of {players} cards" in text
    assert f"Left over {left} low cards" in text
    assert "the whole deck: 56" in text and "56-DECK" in text and "56-POINTS" in text
    chips = re.findall(r'aria-label="(\w+): (\d) points?"', deck_html(players))
    assert chips == [(w, str(POINTS[r])) for w, r in
                     zip(("jack", "nine", "ace", "ten", "king", "queen", "eight", "seven"),
                         ranks.split())]
    assert "J 3, 9 2, A 1, 10 1, K 0, Q 0" in deck_html(players)


def test_the_widget_and_its_picker():
    w = seating_56()
    assert isinstance(w, widgets.VBox) and isinstance(w, Seating56Widget)
    assert has(w, "tt-app") and has(w, "tt-seat56") and has(w.picker, "tt-seat56-players")
    assert w.players == 6 and [label for label, _ in w.picker.options] == \
        ["4 players", "6 players", "8 players"]
    # its looks are in tutor.css: no CSS but the stylesheet's one copy (none under Voila)
    assert w.children[0].value == style_html()
    assert all("<style" not in str(getattr(c, "value", "")) for c in w.children[1:])
    assert len(seats_drawn(w.table.value)) == 6 and "The deck for 6 players" in w.deck.value
    w.picker.value = 8
    assert w.players == 8 and len(seats_drawn(w.table.value)) == 8
    assert "The deck for 8 players" in w.deck.value and "J 9 A 10 K Q 8 7" in w.deck.value
    w.show(4)  # the method moves the picker too
    assert w.picker.value == 4 and len(seats_drawn(w.table.value)) == 4
    assert w.error.value == ""
    assert len(seats_drawn(seating_56(players=4).table.value)) == 4


def test_the_css_is_the_widgets_own_and_fits_a_phone():
    rules = rules_of("tt-seat56")  # in tutor.css, scoped by the widget's class
    assert len(rules) > 20
    for _media, selector, _body in rules:
        for part in selector.split(","):
            assert part.strip().startswith(".tt-seat56 "), part
            assert all(c.startswith("tt-seat56-") for c in re.findall(r"\.(tt-[\w-]+)", part)
                       if c != "tt-seat56"), part
    assert any(media == "@media (max-width: 480px)" for media, _, _ in rules)
    [table] = [body for media, selector, body in rules
               if selector == ".tt-seat56 .tt-seat56-table" and media is None]
    assert 'viewBox="0 0 ' in table_svg(6) and "height: auto" in table  # it scales


def test_a_failing_callback_shows_a_message_not_a_traceback(monkeypatch):
    w = seating_56(6)

    def broken(players):
        raise RuntimeError("no <deck>")

    monkeypatch.setattr(seating, "deck_html", broken)
    w.picker.value = 4
    assert "Sorry, that did not work" in w.error.value and "&lt;deck&gt;" in w.error.value
    assert "Traceback" not in w.error.value
    monkeypatch.undo()
    w.picker.value = 8
    assert w.error.value == "" and "The deck for 8 players" in w.deck.value


@pytest.mark.parametrize("bad", [5, 2, True, "6", None])
def test_bad_player_counts_are_named(bad):
    with pytest.raises(ValueError, match="4, 6 or 8 players"):
        seating_56(bad)


def test_no_method_shadows_the_widget_machinery():
    base = set(dir(widgets.VBox))
    mine = {n for n in vars(Seating56Widget) if not n.startswith("__")
            and callable(vars(Seating56Widget)[n])}
    assert not mine & base
