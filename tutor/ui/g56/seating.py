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

from ...engine.cards import RANK_WORDS
from ...engine.messages import many, msg, nmsg, render
from ...engine.state import ChooseDealer
from ...games.g56.game import PARTNERSHIPS, Game56, State56
from ...games.g56.play import card_points
from ...games.g56.tables import COPIES, PLAYERS, POINTS, SUITS
from .. import widgets
from ..aria import Choices
from ..boundary import ErrorLine, safe
from ..cards import worded_html
from ..html import Markup, part
from ..style import esc, rule_html, style_widgets

PLAYER_CHOICES = (4, 6, 8)
TEAM_COLOUR = {"Red": "#c8102e", "Black": "#222"}
VIEW_W, VIEW_H = 400, 360  # the drawing's viewBox (room for a word beside a seat), scaled
CX, CY = VIEW_W / 2, VIEW_H / 2  # the middle of the table
TEMPLATE = "seating56.html.j2"  # the seats and the deck as text


# -- the facts, from the engine ----------------------------------------------------------------
def _h(message) -> str:
    """A message worded and escaped for HTML."""
    return esc(render(message))


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
    ]
    # the words in the middle of the table, a line each as the message breaks them
    lines = render(msg("counter-\nclockwise ↺")).split("\n")
    for i, line in enumerate(lines):
        y = CY - 4 + 20 * i - 10 * (len(lines) - 2)
        parts.append(f'<text x="{CX:.0f}" y="{y:.0f}" text-anchor="middle" font-size="16" '
                     f'fill="#fff" font-weight="600">{esc(line)}</text>')
    parts += [_arrow(s["seat"], n, ring, disc + 5) for s in f["seats"]]
    for s in f["seats"]:
        seat, team = s["seat"], s["partnership"]
        place = _place(seat, n)
        x, y = _xy(place, n, ring)
        role = s["dealer"] or s["calls_first"]
        title = msg("Seat {seat}, {team}: dealer", seat=seat, team=msg(team)) if s["dealer"] else \
            msg("Seat {seat}, {team}: calls first and leads", seat=seat, team=msg(team)) \
            if s["calls_first"] else msg("Seat {seat}, {team}", seat=seat, team=msg(team))
        edge = GOLD if s["dealer"] else BLUE if s["calls_first"] else "#fff"
        parts.append(
            f'<g class="tt-seat56-seat tt-seat56-{team.lower()}" data-seat="{seat}">'
            f"<title>{_h(title)}</title>"
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{disc:.0f}" fill="{TEAM_COLOUR[team]}" '
            f'stroke="{edge}" stroke-width="{5 if role else 2}"/>'
            f'<text x="{x:.1f}" y="{y + 7:.1f}" text-anchor="middle" font-size="20" '
            f'font-weight="700" fill="#fff">{seat}</text></g>')
        if role:
            word = msg("dealer") if s["dealer"] else msg("first")
            parts.append(_label(render(word), place, n, ring, disc, edge))
    red, black = f["teams"]["Red"][1], f["teams"]["Black"][1]
    label = nmsg("A round table of {n} player seen from above. The dealer, seat {dealer}, sits "
                 "at the bottom; seat 0 sits on the dealer's right, and the seats go on "
                 "counter-clockwise: {order}. Red sits in seats {red}, Black in seats {black}, "
                 "so every player has an opponent on each side. Seat {first_call} calls first "
                 "and seat {first_lead} leads to the first trick.",
                 "A round table of {n} players seen from above. The dealer, seat {dealer}, sits "
                 "at the bottom; seat 0 sits on the dealer's right, and the seats go on "
                 "counter-clockwise: {order}. Red sits in seats {red}, Black in seats {black}, "
                 "so every player has an opponent on each side. Seat {first_call} calls first "
                 "and seat {first_lead} leads to the first trick.", n, dealer=f["dealer"],
                # the seats in the order they play, one after the other
                order=many((str(s["seat"]) for s in f["seats"]), "sequence"), red=_seats(red),
                black=_seats(black), first_call=f["first_call"], first_lead=f["first_lead"])
    return (f'<svg class="tt-seat56-table" viewBox="0 0 {VIEW_W} {VIEW_H}" role="img" '
            f'aria-label="{_h(label)}" xmlns="http://www.w3.org/2000/svg">'
            f'{"".join(parts)}</svg>')


def _seats(seats) -> str:
    return render(many(str(s) for s in seats))


def _seat_words(s: dict):
    """One seat in turn order, with what it does: "Seat 0 (Red), on the dealer's right: calls
    first in the auction and leads to the first trick."  (At 4, 6 or 8 players a seat is at
    most one of the dealer's right, the dealer's left and the dealer.)"""
    seat, team = s["seat"], s["partnership"]
    if s["calls_first"] and s["leads"]:
        return msg("Seat {seat} ({team}), on the dealer's right: calls first in the auction and "
                   "leads to the first trick.", seat=seat, team=msg(team))
    if s["calls_first"]:
        return msg("Seat {seat} ({team}), on the dealer's right: calls first in the auction.",
                   seat=seat, team=msg(team))
    if s["leads"]:
        return msg("Seat {seat} ({team}), on the dealer's right: leads to the first trick.",
                   seat=seat, team=msg(team))
    if s["left"]:
        return msg("Seat {seat} ({team}), on the dealer's left.", seat=seat, team=msg(team))
    if s["dealer"]:
        return msg("Seat {seat} ({team}), the dealer: deals every card, starting with seat 0, "
                   "and calls last in the first round.", seat=seat, team=msg(team))
    return msg("Seat {seat} ({team}).", seat=seat, team=msg(team))


def order_html(players: int) -> str:
    """The seats in turn order with what each does, and the two teams: the drawing as text."""
    f = seating_facts(players)
    n = f["players"]
    size = n // 2
    partner = msg("Partners sit opposite each other.") if n == 4 else \
        nmsg("Each team has {n} player, in alternate seats: you never sit next to a partner.",
             "Each team has {n} players, in alternate seats: you never sit next to a partner.",
             size)
    after = msg("After the hand the deal passes to the right: seat 0 deals the next hand, so "
                "the team numbers swap while Red and Black stay the same players.")
    return part(
        TEMPLATE, "order", title=msg("Turn order: counter-clockwise"),
        seats=[{"seat": s["seat"], "colour": s["partnership"].lower(),
                "words": _seat_words(s)} for s in f["seats"]],
        sides=msg("The teams ({size} v {size})", size=size),
        teams=[{"colour": p.lower(), "words": Markup(worded_html(_team_words(p, team, seats)))}
               for p, (team, seats) in f["teams"].items()],
        partner=partner, after=after)


def _team_words(partnership: str, team: int, seats):
    """"<b>Red</b>: seats 0, 2 and 4: team 0 of this hand, the dealer's opponents."."""
    if team == 0:
        return msg("<b>{partnership}</b>: seats {seats}: team {team} of this hand, the dealer's "
                   "opponents.", partnership=msg(partnership), seats=_seats(seats), team=team)
    return msg("<b>{partnership}</b>: seats {seats}: team {team} of this hand, the dealer's "
               "team.", partnership=msg(partnership), seats=_seats(seats), team=team)


def deck_html(players: int) -> str:
    """The deck for ``players`` from the engine's tables, and the points of every card."""
    d = deck_facts_56(players)
    ranks = " ".join(d["ranks"])
    rows = ((msg("Ranks kept"), msg("{ranks} in every suit, high to low (each card twice: two "
                                    "packs)", ranks=ranks)),
            (msg("Cards"), msg("{cards} ({per_suit} in each suit)", cards=d["cards"],
                               per_suit=d["per_suit"])),
            (msg("Each hand"), nmsg("{n} card", "{n} cards", d["hand"])),
            (msg("Tricks"), nmsg("{n} trick of {per_trick} cards", "{n} tricks of {per_trick} "
                                 "cards", d["tricks"], per_trick=d["per_trick"])),
            (msg("Left over"), nmsg("{n} low card, used as the tables (counters)",
                                    "{n} low cards, used as the tables (counters)",
                                    d["left_over"])))
    words = many((f"{r} {p}" for r, p in d["points"]), "sequence")  # "J 3, 9 2...": ranks, points
    total = nmsg("One suit of one pack: {n} point; one pack: {pack}; the whole deck: {total}. "
                 "That is the 56.", "One suit of one pack: {n} points; one pack: {pack}; the "
                 "whole deck: {total}. That is the 56.", d["suit_points"],
                 pack=d["pack_points"], total=d["total"])
    return part(
        TEMPLATE, "deck",
        title=nmsg("The deck for {n} player", "The deck for {n} players", d["players"]),
        facts=rows, points=msg("Card points"),
        listed=msg("Card points: {points}", points=words),
        chips=[{"rank": r, "points": p, "said": _points(r, p)} for r, p in d["points"]],
        total=total,
        ranking=msg("The ace beats the ten although both score 1; the king beats the queen "
                    "although neither scores."),
        rules=Markup(rule_html("56-DECK", open_text=False)
                     + rule_html("56-POINTS", open_text=False)))


def _points(rank: str, points: int):
    """A rank's card points, as a reader says them: "jack: 3 points"."""
    return nmsg("{rank}: {n} point", "{rank}: {n} points", points, rank=_rank_word(rank))


def _rank_word(rank: str) -> str:
    """A rank in words, as a card's name says it: "jack"."""
    return render(RANK_WORDS[rank]) if rank in RANK_WORDS else rank


# -- the widget ------------------------------------------------------------------------------
class Seating56Widget(widgets.VBox):
    """The seats and the deck of 56 for 4, 6 or 8 players (see the module's docstring)."""

    def __init__(self, players: int = 6):
        self.error = ErrorLine("tt-seat56-error")
        self.picker = Choices(
            options=[(render(nmsg("{n} player", "{n} players", n)), n) for n in PLAYER_CHOICES],
            value=players, description=render(msg("Players:")),
            tooltips=[render(nmsg("{n} player: two teams of {size}",
                                  "{n} players: two teams of {size}", n, size=n // 2))
                      for n in PLAYER_CHOICES],
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
        key = msg("Arrows: the turn order. Gold ring: the dealer. Blue ring: calls first and "
                  "leads.")
        self.table.value = part(TEMPLATE, "board", drawing=Markup(table_svg(players)), key=key,
                                order=order_html(players),
                                rule=Markup(rule_html("56-SEATS", open_text=False)))
        self.deck.value = deck_html(players)


def seating_56(players: int = 6) -> widgets.Widget:
    """The seats, teams and counter-clockwise turn order of 56 round a table, and the deck,
    for 4, 6 or 8 players (a picker switches).  Returns the widget (not displayed)."""
    if isinstance(players, bool) or players not in PLAYERS:
        raise ValueError(f"56 is for 4, 6 or 8 players, not {players!r} (56-PLAYERS)")
    return Seating56Widget(players)


__all__ = ["seating_56", "Seating56Widget", "seating_facts", "deck_facts_56",
           "table_svg", "deck_html"]
