"""The seats and the deck of 56 (tutor.ui.g56.seating), without a browser: the round table puts the
seats counter-clockwise from the dealer's right in the engine's Red/Black colours, says the same
as text, and the deck beneath comes from the engine's tables (rules/56.md 56-SEATS, 56-DECK,
56-POINTS); the picker switches; a failing callback shows a message."""

from __future__ import annotations

import html
import math
import re

import ipywidgets as widgets
import pytest
from stylesheet import rules_of
from wording import said

from tutor.engine.messages import Many, many
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


def deck_for(players: int) -> str:
    """The deck's title."""
    return said.n("The deck for {n} player", "The deck for {n} players", players)


def has(widget, cls: str) -> bool:
    return cls in widget._dom_classes


def seats_drawn(svg: str) -> list[dict]:
    return [{"team": t, "seat": int(s), "title": title, "x": float(x), "y": float(y),
             "ring": ring} for t, s, title, x, y, ring in SEAT.findall(svg)]


def text_of(page: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)).replace("&#x27;", "'")


def listed(seats) -> Many:
    """Seats as a list ("0, 2 and 4"), a message's parameter."""
    return many(str(s) for s in seats)


RED, BLACK = PARTNERSHIPS  # message ids, and the engine's names of the partnerships
# what the drawing says of the table (a plural: the number of players)
TABLE_LABEL = ("A round table of {n} player seen from above. The dealer, seat {dealer}, sits "
               "at the bottom; seat 0 sits on the dealer's right, and the seats go on "
               "counter-clockwise: {order}. Red sits in seats {red}, Black in seats {black}, "
               "so every player has an opponent on each side. Seat {first_call} calls first "
               "and seat {first_lead} leads to the first trick.",
               "A round table of {n} players seen from above. The dealer, seat {dealer}, sits "
               "at the bottom; seat 0 sits on the dealer's right, and the seats go on "
               "counter-clockwise: {order}. Red sits in seats {red}, Black in seats {black}, "
               "so every player has an opponent on each side. Seat {first_call} calls first "
               "and seat {first_lead} leads to the first trick.")


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
    lines = said("counter-\nclockwise ↺").split("\n")  # the words in the middle, a line each
    assert len(lines) == 2 and all(f">{html.escape(line)}</text>" in svg for line in lines)


@pytest.mark.parametrize("players", [4, 6, 8])
def test_teams_dealer_and_first_seat_match_the_engine(players):
    svg = table_svg(players)
    seats = seats_drawn(svg)
    f = seating_facts(players)
    assert f["dealer"] == players - 1 and f["first_call"] == f["first_lead"] == 0
    for s in seats:
        name = PARTNERSHIPS[s["seat"] % 2]  # the engine's permanent names: Red even, Black odd
        title = ("Seat {seat}, {team}: dealer" if s["seat"] == players - 1 else
                 "Seat {seat}, {team}: calls first and leads" if s["seat"] == 0 else
                 "Seat {seat}, {team}")
        assert s["team"] == name.lower()
        assert html.unescape(s["title"]) == said(title, seat=s["seat"], team=said(name))
    assert seats[-1]["ring"] == seating.GOLD and seats[0]["ring"] == seating.BLUE
    assert all(s["ring"] == "#fff" for s in seats[1:-1])
    assert re.findall(r'class="tt-seat56-label"[^>]*>([^<]+)<', svg) == [said("first"),
                                                                         said("dealer")]
    # team 0 of the hand is the dealer's opponents (the even seats, Red)
    assert f["teams"] == {RED: (0, list(range(0, players, 2))),
                          BLACK: (1, list(range(1, players, 2)))}
    assert [s["team"] for s in f["seats"]] == [s % 2 for s in range(players)]


@pytest.mark.parametrize("players", [4, 6, 8])
def test_the_drawing_has_a_text_alternative(players):
    w = seating_56(players)
    svg_label = html.unescape(re.search(
        r'<svg class="tt-seat56-table"[^>]*role="img" aria-label="([^"]+)"',
        w.table.value).group(1))
    assert svg_label == said.n(*TABLE_LABEL, players, dealer=players - 1,
                               order=many((str(s) for s in range(players)), "sequence"),
                               red=listed(range(0, players, 2)),
                               black=listed(range(1, players, 2)), first_call=0, first_lead=0)
    items = re.findall(r'<ol class="tt-seat56-order">(.*?)</ol>', w.table.value)[0]
    lines = [text_of(li).strip() for li in re.findall(r"<li>(.*?)</li>", items)]
    assert len(lines) == players
    assert lines[0] == "0 " + said("Seat {seat} ({team}), on the dealer's right: calls first in "
                                   "the auction and leads to the first trick.", seat=0,
                                   team=said(RED))
    dealer, left = players - 1, players - 2  # the dealer's seat (Black), and on their left (Red)
    assert lines[-1] == f"{dealer} " + said("Seat {seat} ({team}), the dealer: deals every card, "
                                            "starting with seat 0, and calls last in the first "
                                            "round.", seat=dealer, team=said(BLACK))
    assert lines[-2] == f"{left} " + said("Seat {seat} ({team}), on the dealer's left.",
                                          seat=left, team=said(RED))
    text = text_of(w.table.value)
    half = players // 2
    assert said("The teams ({size} v {size})", size=half) in text
    opponents = said("<b>{partnership}</b>: seats {seats}: team {team} of this hand, the "
                     "dealer's opponents.", partnership=said(RED),
                     seats=listed(range(0, players, 2)), team=0)
    assert text_of(opponents) in text
    assert (said("Partners sit opposite each other.") in text) == (players == 4)
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
    assert deck_for(players) in text
    rows = [(said("Ranks kept"), said("{ranks} in every suit, high to low (each card twice: two "
                                      "packs)", ranks=ranks)),
            (said("Cards"), said("{cards} ({per_suit} in each suit)", cards=cards,
                                 per_suit=per_suit)),
            (said("Each hand"), said.n("{n} card", "{n} cards", hand)),
            (said("Tricks"), said.n("{n} trick of {per_trick} cards",
                                    "{n} tricks of {per_trick} cards", tricks, per_trick=players)),
            (said("Left over"), said.n("{n} low card, used as the tables (counters)",
                                       "{n} low cards, used as the tables (counters)", left))]
    for name, value in rows:  # each row of the table: its name, then its value
        assert f"{name} {value}" in text
    total = said.n("One suit of one pack: {n} point; one pack: {pack}; the whole deck: {total}. "
                   "That is the 56.", "One suit of one pack: {n} points; one pack: {pack}; the "
                   "whole deck: {total}. That is the 56.", 7, pack=28, total=56)
    assert total in text and "56-DECK" in text and "56-POINTS" in text
    chips = re.findall(r'<li[^>]*aria-label="([^"]+)"', deck_html(players))
    words = ("jack", "nine", "ace", "ten", "king", "queen", "eight", "seven")  # message ids
    assert chips == [said.n("{rank}: {n} point", "{rank}: {n} points", POINTS[r],
                            rank=said.p("rank", w)) for w, r in zip(words, ranks.split())]
    points = many(["J 3", "9 2", "A 1", "10 1", "K 0", "Q 0", "8 0", "7 0"][:len(chips)],
                  "sequence")
    listed_points = html.escape(said("Card points: {points}", points=points))
    assert f'aria-label="{listed_points}"' in deck_html(players)


def test_the_widget_and_its_picker():
    w = seating_56()
    assert isinstance(w, widgets.VBox) and isinstance(w, Seating56Widget)
    assert has(w, "tt-app") and has(w, "tt-seat56") and has(w.picker, "tt-seat56-players")
    assert w.players == 6 and [label for label, _ in w.picker.options] == \
        [said.n("{n} player", "{n} players", n) for n in (4, 6, 8)]
    # its looks are in tutor.css: no CSS but the stylesheet's one copy (none under Voila)
    assert w.children[0].value == style_html()
    assert all("<style" not in str(getattr(c, "value", "")) for c in w.children[1:])
    assert len(seats_drawn(w.table.value)) == 6 and deck_for(6) in w.deck.value
    w.picker.value = 8
    assert w.players == 8 and len(seats_drawn(w.table.value)) == 8
    assert deck_for(8) in w.deck.value and "J 9 A 10 K Q 8 7" in w.deck.value
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
    sorry = said("Sorry, that did not work: {problem}", problem=html.escape("no <deck>"))
    assert sorry in w.error.value and "&lt;deck&gt;" in w.error.value
    assert "Traceback" not in w.error.value
    monkeypatch.undo()
    w.picker.value = 8
    assert w.error.value == "" and deck_for(8) in w.deck.value


@pytest.mark.parametrize("bad", [5, 2, True, "6", None])
def test_bad_player_counts_are_named(bad):
    with pytest.raises(ValueError, match="4, 6 or 8 players"):
        seating_56(bad)


def test_no_method_shadows_the_widget_machinery():
    base = set(dir(widgets.VBox))
    mine = {n for n in vars(Seating56Widget) if not n.startswith("__")
            and callable(vars(Seating56Widget)[n])}
    assert not mine & base
