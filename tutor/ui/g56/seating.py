"""The seats of 56 and its deck, for the first lesson of the 56 track: 4, 6 or 8 players, two
teams in alternate seats, counter-clockwise play, and the deck for each player count.

``seating_56(players=6)`` returns a widget: a player-count picker; a round table (SVG) with the
seats ``0 .. n-1`` placed counter-clockwise from the dealer's right (seat 0 on the dealer's
right, the dealer seat ``n-1``), each in its partnership's colour (Red: the even seats, Black:
the odd seats, the engine's permanent names), arrows for the counter-clockwise turn order, the
dealer and the seat that calls first and leads marked; the same facts as text (the seats in
turn order, the teams); and beneath, the deck for that player count from the engine's own
tables: the ranks kept, the cards, the hand, the tricks, the points of each card and the total
of 56.  Every fact comes from the engine (``Game56`` and a dealt ``State56``, 56-SEATS).

Stable hooks for browser tests (inside the widget's root, class ``tt-seat56``):

========================================  =================================================
``.tt-seat56-players`` (toggle buttons)   "4 players", "6 players", "8 players"
``.tt-seat56-table``                      the round table (``svg[role=img]`` with a label)
``.tt-seat56-seat``                       one seat of the drawing (``data-seat``,
                                          ``tt-seat56-red`` / ``tt-seat56-black``)
``.tt-seat56-order li``                   the seats in turn order, as text
``.tt-seat56-teams``                      the two teams, as text
``.tt-seat56-deck``                       the deck for this player count
``.tt-seat56-points``                     the points of each card and the total
``.tt-seat56-error``                      a failed callback's message
========================================  =================================================
"""

from __future__ import annotations

import math
import random

from ...engine.state import ChooseDealer
from ...games.g56.game import PARTNERSHIPS, Game56, State56
from ...games.g56.play import card_points
from ...games.g56.tables import COPIES, PLAYERS, POINTS, SUITS
from .. import widgets
from ..aria import Choices
from ..boundary import ErrorLine, safe
from ..style import esc, rule_html, style_widgets

PLAYER_CHOICES = (("4 players", 4), ("6 players", 6), ("8 players", 8))
TEAM_COLOUR = {"Red": "#c8102e", "Black": "#222"}
VIEW_W, VIEW_H = 400, 360  # the drawing's viewBox (room for a word beside a seat), scaled
CX, CY = VIEW_W / 2, VIEW_H / 2  # the middle of the table


# -- the facts, from the engine ----------------------------------------------------------------
def seating_facts(players: int) -> dict:
    """Who sits where for ``players`` (4, 6 or 8), read from the engine: a hand dealt by seat
    ``n-1``, so each seat's number is its number in the hand (56-SEATS).  Returns ``seats``
    (one dict per seat in turn order: ``seat``, ``partnership`` (Red or Black), ``team`` (0 or
    1 in this hand), ``dealer``, ``calls_first``, ``leads``, ``left``: the dealer's left),
    ``dealer``, ``first_call``, ``first_lead`` and ``teams`` ({partnership: (team, seats)})."""
    game = Game56(players)
    n = game.n
    st = State56.initial(game)
    st.play(ChooseDealer(n - 1))
    st.chance(random.Random(0))  # the deal (which cards are where does not matter here)
    if st.phase != "auction" or st.hand_dealer != n - 1:
        raise RuntimeError("the engine did not deal a hand")  # pragma: no cover
    dealer, first_call, first_lead = st.hand_dealer, st.to_act, st.first  # 56-AUCTION, -LEAD
    seats = [{"seat": st.hand_seat(seat), "partnership": st.game.names[seat % 2],
              "team": st.team_of(seat), "dealer": seat == dealer,
              "calls_first": seat == first_call, "leads": seat == first_lead,
              "left": seat == (dealer - 1) % n}
             for seat in range(n)]  # turn order: seat s + 1 sits on the right of seat s
    teams = {p: (st.team_of(st.game.names.index(p)),
                 [s["seat"] for s in seats if s["partnership"] == p]) for p in PARTNERSHIPS}
    return {"players": n, "seats": seats, "dealer": dealer, "first_call": first_call,
            "first_lead": first_lead, "teams": teams}


def deck_facts_56(players: int) -> dict:
    """The deck for ``players`` from the engine's tables (56-DECK, 56-POINTS): the ranks kept
    (high to low), the cards, per suit, the hand, the tricks, the cards left over (the tables)
    and the points of each rank kept, per suit of one pack and of the whole deck."""
    game = Game56(players)
    ranks = game.ranks
    return {"players": game.n, "ranks": ranks, "cards": len(game.deck),
            "per_suit": len(ranks) * COPIES, "hand": game.hand_size, "tricks": game.hand_size,
            "per_trick": game.n, "left_over": game.left_over,
            "points": [(r, POINTS[r]) for r in ranks],
            "suit_points": sum(POINTS[r] for r in ranks),
            "pack_points": sum(POINTS[r] for r in ranks) * len(SUITS),
            "total": card_points(game.deck)}


# -- drawing ---------------------------------------------------------------------------------
def _xy(index: int, n: int, radius: float) -> tuple[float, float]:
    """Where the ``index``-th place counter-clockwise from the bottom is (the dealer sits at
    the bottom, place 0; seat 0 is place 1, on the dealer's right)."""
    angle = math.radians(270 + index * 360 / n)  # counter-clockwise, as seen from above
    return CX + radius * math.cos(angle), CY - radius * math.sin(angle)


def _place(seat: int, n: int) -> int:
    return (seat + 1) % n  # the dealer (seat n-1) at place 0, seat 0 at place 1


def _arrow(seat: int, n: int, radius: float, clear: float) -> str:
    """A counter-clockwise arc on the ring of seats from ``seat`` to the next seat, ``clear``
    (in the drawing's units) kept free at each end for the seats' discs."""
    step = 360 / n
    gap = math.degrees(clear / radius)
    a0 = math.radians(270 + _place(seat, n) * step + gap)
    a1 = math.radians(270 + (_place(seat, n) + 1) * step - gap)
    x0, y0 = CX + radius * math.cos(a0), CY - radius * math.sin(a0)
    x1, y1 = CX + radius * math.cos(a1), CY - radius * math.sin(a1)
    # sweep-flag 0: the screen's negative-angle direction, i.e. counter-clockwise
    return (f'<path class="tt-seat56-arrow" d="M {x0:.1f} {y0:.1f} A {radius:.0f} {radius:.0f} '
            f'0 0 0 {x1:.1f} {y1:.1f}" fill="none" stroke="#1f5fa8" stroke-width="3" '
            'marker-end="url(#tt-seat56-head)"/>')


def _label(text: str, place: int, n: int, radius: float, disc: float, colour: str) -> str:
    """A word outside the ring by a seat: beside it on the left and right of the table, below
    or above it at the bottom and the top (clear of the arrows, which run along the ring)."""
    x, y = _xy(place, n, radius)
    cos = (x - CX) / radius
    if cos > 0.3:
        x, y, anchor = x + disc + 6, y + 5, "start"
    elif cos < -0.3:
        x, y, anchor = x - disc - 6, y + 5, "end"
    else:
        y, anchor = (y + disc + 18 if y > CY else y - disc - 8), "middle"
    return (f'<text class="tt-seat56-label" x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}" '
            f'font-size="15" font-weight="700" fill="{colour}">{esc(text)}</text>')


GOLD, BLUE = "#8a6508", "#1f5fa8"  # the dealer's ring, seat 0's ring (dark enough for text)


def table_svg(players: int) -> str:
    """The round table for ``players``: the seats counter-clockwise from the dealer's right in
    their teams' colours, arrows for the turn order, the dealer and seat 0 marked."""
    f = seating_facts(players)
    n = f["players"]
    ring, disc = 122.0, 21.0
    parts = [
        '<defs><marker id="tt-seat56-head" viewBox="0 0 10 10" refX="7" refY="5" '
        'markerWidth="4" markerHeight="4" orient="auto"><path d="M 0 0 L 10 5 L 0 10 z" '
        'fill="#1f5fa8"/></marker></defs>',
        f'<circle cx="{CX:.0f}" cy="{CY:.0f}" r="{ring - disc - 12:.0f}" fill="#1d6b43" '
        'stroke="#0f4a2c" stroke-width="3"/>',
        f'<text x="{CX:.0f}" y="{CY - 4:.0f}" text-anchor="middle" font-size="16" fill="#fff" '
        'font-weight="600">counter-</text>',
        f'<text x="{CX:.0f}" y="{CY + 16:.0f}" text-anchor="middle" font-size="16" '
        'fill="#fff" font-weight="600">clockwise ↺</text>',
    ]
    parts += [_arrow(s["seat"], n, ring, disc + 5) for s in f["seats"]]
    for s in f["seats"]:
        seat, team = s["seat"], s["partnership"]
        place = _place(seat, n)
        x, y = _xy(place, n, ring)
        role = "dealer" if s["dealer"] else "calls first and leads" if s["calls_first"] else ""
        edge = GOLD if s["dealer"] else BLUE if s["calls_first"] else "#fff"
        parts.append(
            f'<g class="tt-seat56-seat tt-seat56-{team.lower()}" data-seat="{seat}">'
            f"<title>{esc(f'Seat {seat}, {team}' + (f': {role}' if role else ''))}</title>"
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{disc:.0f}" fill="{TEAM_COLOUR[team]}" '
            f'stroke="{edge}" stroke-width="{5 if role else 2}"/>'
            f'<text x="{x:.1f}" y="{y + 7:.1f}" text-anchor="middle" font-size="20" '
            f'font-weight="700" fill="#fff">{seat}</text></g>')
        if role:
            parts.append(_label("dealer" if s["dealer"] else "first", place, n, ring, disc,
                                edge))
    red, black = f["teams"]["Red"][1], f["teams"]["Black"][1]
    label = (f"A round table of {n} players seen from above. The dealer, seat {f['dealer']}, "
             "sits at the bottom; seat 0 sits on the dealer's right, and the seats go on "
             f"counter-clockwise: {', '.join(str(s['seat']) for s in f['seats'])}. Red sits "
             f"in seats {_seats(red)}, Black in seats {_seats(black)}, so every player has "
             f"an opponent on each side. Seat {f['first_call']} calls first and seat "
             f"{f['first_lead']} leads to the first trick.")
    return (f'<svg class="tt-seat56-table" viewBox="0 0 {VIEW_W} {VIEW_H}" role="img" '
            f'aria-label="{esc(label)}" xmlns="http://www.w3.org/2000/svg">'
            f'{"".join(parts)}</svg>')


def _seats(seats) -> str:
    seats = [str(s) for s in seats]
    return ", ".join(seats[:-1]) + " and " + seats[-1] if len(seats) > 1 else seats[0]


def order_html(players: int) -> str:
    """The seats in turn order with what each does, and the two teams: the drawing as text."""
    f = seating_facts(players)
    n = f["players"]
    items = []
    for s in f["seats"]:
        seat, team = s["seat"], s["partnership"]
        what = []
        if s["calls_first"] or s["leads"]:
            does = " and ".join(w for w, on in (("calls first in the auction", s["calls_first"]),
                                                ("leads to the first trick", s["leads"])) if on)
            what.append(f"on the dealer's right: {does}")
        if s["left"]:
            what.append("on the dealer's left")
        if s["dealer"]:
            what.append("the dealer: deals every card, starting with seat 0, and calls last "
                        "in the first round")
        words = f"Seat {seat} ({team})" + (f", {'; '.join(what)}" if what else "")
        items.append(f'<li><span class="tt-seat56-num tt-seat56-{team.lower()}" '
                     f'aria-hidden="true">{seat}</span>{esc(words)}.</li>')
    size = n // 2
    who = {0: "the dealer's opponents", 1: "the dealer's team"}
    teams = "".join(
        f'<li><span class="tt-seat56-dot tt-seat56-{p.lower()}" aria-hidden="true">'
        f"</span><b>{p}</b>: seats {_seats(seats)}: team {team} of this hand, {who[team]}.</li>"
        for p, (team, seats) in f["teams"].items())
    teams = f'<ul class="tt-seat56-teams">{teams}</ul>'
    partner = "Partners sit opposite each other." if n == 4 else \
        f"Each team has {size} players, in alternate seats: you never sit next to a partner."
    return (f'<div class="tt-label">Turn order: counter-clockwise</div>'
            f'<ol class="tt-seat56-order">{"".join(items)}</ol>'
            f'<div class="tt-label">The teams ({size} v {size})</div>{teams}'
            f'<p class="tt-muted">{esc(partner)} After the hand the deal passes to the right: '
            "seat 0 deals the next hand, so the team numbers swap while Red and Black stay "
            "the same players.</p>")


def deck_html(players: int) -> str:
    """The deck for ``players`` from the engine's tables, and the points of every card."""
    d = deck_facts_56(players)
    ranks = " ".join(d["ranks"])
    rows = (("Ranks kept", f"{ranks} in every suit, high to low (each card twice: two packs)"),
            ("Cards", f"{d['cards']} ({d['per_suit']} in each suit)"),
            ("Each hand", f"{d['hand']} cards"),
            ("Tricks", f"{d['tricks']} tricks of {d['per_trick']} cards"),
            ("Left over", f"{d['left_over']} low cards, used as the tables (counters)"))
    facts = "".join(f"<tr><th scope=\"row\">{esc(k)}</th><td>{esc(v)}</td></tr>"
                    for k, v in rows)
    chips = "".join(
        f'<li class="{"tt-seat56-scores" if p else ""}" aria-label="{esc(_rank_word(r))}: '
        f'{p} point{"s" if p != 1 else ""}"><span class="tt-seat56-rank" aria-hidden="true">'
        f'{esc(r)}</span><span class="tt-seat56-pts" aria-hidden="true">{p}</span></li>'
        for r, p in d["points"])
    words = ", ".join(f"{r} {p}" for r, p in d["points"])
    return (f'<div class="tt-seat56-deck" role="region" aria-label="The deck for '
            f'{d["players"]} players">'
            f'<h3 class="tt-title">The deck for {d["players"]} players</h3>'
            f'<table class="tt-seat56-facts">{facts}</table>'
            f'<div class="tt-label">Card points</div>'
            f'<ul class="tt-seat56-points" aria-label="Card points: {esc(words)}">{chips}</ul>'
            f'<p class="tt-seat56-total">One suit of one pack: {d["suit_points"]} points; one '
            f'pack: {d["pack_points"]}; the whole deck: {d["total"]}. That is the 56.</p>'
            f'<p class="tt-muted">The ace beats the ten although both score 1; the king beats '
            f"the queen although neither scores.</p>"
            f'{rule_html("56-DECK", open_text=False)}{rule_html("56-POINTS", open_text=False)}'
            "</div>")


_RANK_WORDS = {"J": "jack", "9": "nine", "A": "ace", "10": "ten", "K": "king", "Q": "queen",
               "8": "eight", "7": "seven"}


def _rank_word(rank: str) -> str:
    return _RANK_WORDS.get(rank, rank)


# -- the widget ------------------------------------------------------------------------------
class Seating56Widget(widgets.VBox):
    """The seats and the deck of 56 for 4, 6 or 8 players (see the module's docstring)."""

    def __init__(self, players: int = 6):
        self.error = ErrorLine("tt-seat56-error")
        self.picker = Choices(
            options=list(PLAYER_CHOICES), value=players, description="Players:",
            tooltips=["4 players: two teams of 2", "6 players: two teams of 3",
                      "8 players: two teams of 4"],
            layout=widgets.look(width="auto", display="flex", flex_flow="row wrap"))
        self.picker.add_class("tt-seat56-players")
        self.table = widgets.HTML(layout=widgets.look(width="100%"))
        self.table.add_class("tt-seat56-board")
        self.deck = widgets.HTML(layout=widgets.look(width="100%"))
        self.deck.add_class("tt-seat56-deckbox")
        self.picker.observe(safe(lambda ch: self.show(ch["new"]), self.error), names="value")
        super().__init__([*style_widgets(), self.picker, self.table, self.deck],
                         layout=widgets.look(width="100%"))
        self.add_class("tt-app")
        self.add_class("tt-seat56")
        self.error.place(self, after=self.picker)
        safe(self.show, self.error)(players)

    @property
    def players(self) -> int:
        return int(self.picker.value)

    def show(self, players: int) -> None:
        """Draw the table and the deck for ``players`` (and move the picker to it)."""
        if players not in PLAYERS:
            raise ValueError(f"56 is for 4, 6 or 8 players, not {players!r}")
        if self.picker.value != players:
            self.picker.value = players  # its observer draws
            return
        self.table.value = (
            '<div class="tt-seat56-layout"><figure class="tt-seat56-figure">'
            f"{table_svg(players)}"
            '<figcaption class="tt-muted">Arrows: the turn order. Gold ring: the dealer. '
            "Blue ring: calls first and leads.</figcaption></figure>"
            f'<div class="tt-seat56-text">{order_html(players)}</div></div>'
            f'{rule_html("56-SEATS", open_text=False)}')
        self.deck.value = deck_html(players)


def seating_56(players: int = 6) -> widgets.Widget:
    """The seats, teams and counter-clockwise turn order of 56 round a table, and the deck,
    for 4, 6 or 8 players (a picker switches).  Returns the widget (not displayed)."""
    if isinstance(players, bool) or players not in PLAYERS:
        raise ValueError(f"56 is for 4, 6 or 8 players, not {players!r} (56-PLAYERS)")
    return Seating56Widget(players)


__all__ = ["seating_56", "Seating56Widget", "seating_facts", "deck_facts_56",
           "table_svg", "deck_html"]
