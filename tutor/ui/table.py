"""The table: the seats around it, the trick in the middle, who leads, and who won the last
trick and why (``state.explain_trick``).  ``table_widget(state, viewer)`` draws every hand face
up (``viewer=None``) or one seat's view (the others face down); ``.refresh()`` redraws.

A finished hand is drawn as it was played: once it is scored or settled the engine has moved
the deal on (``state.dealer`` is the next dealer), so the dealer badge and, for 56, the
contract's partnership come from the hand on the table (``state.hand_dealer``, the state's
teams) until the next deal; the next dealer is named in the middle."""

from __future__ import annotations

from ..engine.messages import many, msg, nmsg, render
from ..games.registry import hand_over, spec_of
from ..teach.table import hand_dealer, table_facts
from . import widgets
from .boundary import ErrorLine, safe
from .cards import (
    backs_html,
    card_chip,
    card_svg,
    cards_html,
    chips_html,
    number_words,
    worded_html,
)
from .html import Markup, part
from .style import rule_html, style_widgets

# Offsets from the bottom seat, clockwise: bottom, left (going up), top (left to right),
# right (going down).
LAYOUT = {
    1: ([0], [], [], []),
    2: ([0], [], [1], []),
    3: ([0], [1], [], [2]),
    4: ([0], [1], [2], [3]),
    5: ([0], [1], [2, 3], [4]),
    6: ([0], [1, 2], [3], [4, 5]),
    7: ([0], [1, 2], [3, 4], [5, 6]),
    8: ([0], [1, 2], [3, 4, 5], [6, 7]),
    9: ([0], [1, 2], [3, 4, 5, 6], [7, 8]),
}


def trump_words(state) -> str:
    """``Trumps: ♠ spades · seat 2 bid 20`` / ``Contract: 30 in ♥ hearts, ...``."""
    return table_facts(state).trump_words


def seat_order(state, bottom: int) -> tuple[list[int], list[int], list[int], list[int]]:
    """The seats of each side of the table: bottom, left, top, right."""
    n = state.n
    b, left, top, right = LAYOUT[n]
    seats = [[(bottom + k) % n for k in side] for side in (b, left, top, right)]
    bottom_, left, top, right = seats
    if table_facts(state).counter_clockwise:
        # the next seat is to the right: the mirror image (the left column lists its seats
        # from the bottom up, the right one from the top down)
        return bottom_, right[::-1], top[::-1], left[::-1]
    return bottom_, left, top, right


def phase_words(state) -> str:
    """``Seat 1 to play`` / ``The hand is over · seat 0 deals next``."""
    return table_facts(state).phase_words


class TableWidget(widgets.VBox):
    """The table of a game state; ``viewer`` None shows every hand, a seat only its own."""

    def __init__(self, state, viewer: int | None = None, size: str = "normal",
                 four_colour: bool = False):
        self.board = widgets.HTML(layout=widgets.look(width="100%"))
        self.error = ErrorLine()
        super().__init__([*style_widgets(), self.board],
                         layout=widgets.look(width="100%"),
                         _dom_classes=("tt-app",))
        self.error.place(self, after=self.board)
        self.state = state
        self.viewer = viewer
        self.size = size
        self.four_colour = four_colour
        safe(self._draw, self.error)()

    def refresh(self) -> None:
        safe(self._draw, self.error)()

    def show_state(self, state, viewer: int | None = None) -> None:
        self.state, self.viewer = state, viewer
        self.refresh()

    def set_viewer(self, viewer: int | None) -> None:
        self.viewer = viewer
        self.refresh()

    def set_size(self, size: str) -> None:
        self.size = size
        if size == "large":
            self.add_class("tt-large")
        else:
            self.remove_class("tt-large")
        self.refresh()

    # -- drawing -------------------------------------------------------------------------------
    def _draw(self) -> None:
        self.board.value = table_html(self.state, self.viewer, self.size, self.four_colour)


def _seat(state, seat: int, viewer, size: str, four: bool) -> dict:
    """A seat, for the template: its name, its badges (team, dealer, bidder, turn), its cards
    (faces, or backs in another seat's view; ``None``: no cards) and its count."""
    hand = state.hands[seat]
    badges = []
    facts = table_facts(state)
    team = facts.teams[seat]
    if team:
        badges.append({"kind": team.lower(), "words": msg(team)})
    if hand_dealer(state) == seat:
        badges.append({"kind": None, "words": msg("dealer")})
    if facts.bidder == seat:
        badges.append({"kind": "gold", "words": msg("bidder")})
    turn = state.to_act == seat and not hand_over(state)
    if turn:
        badges.append({"kind": "turn",
                       "words": msg("to play") if facts.playing else msg("to act")})
    if not hand:
        cards = None
    elif viewer is None or viewer == seat:
        shown = sorted(hand, key=lambda c: c.index)
        label = render(msg("seat {seat}'s hand", seat=seat))
        cards = Markup(cards_html(shown, size, four, fan=True, label=label)
                       + chips_html(shown, four, label))
    else:
        n = len(hand)
        hidden = nmsg("seat {seat}: {number} card face down",
                      "seat {seat}: {number} cards face down", n, seat=seat,
                      number=number_words(n))
        cards = Markup(backs_html(n, size, label=render(hidden)))
    won = sum(1 for _, _, w in state.tricks if w == seat)
    return {"team": team.lower() if team else None, "turn": turn, "you": viewer == seat,
            "name": msg("Seat {seat} (you)", seat=seat) if viewer == seat else
            msg("Seat {seat}", seat=seat),
            "badges": badges, "cards": cards,
            "meta": nmsg("{n} card · tricks won: {won}", "{n} cards · tricks won: {won}",
                         len(hand), won=won)}


def _caption(seat: int, led: bool, won: bool):
    """Under a card of a trick: "Seat 2 led", "Seat 3 · won"..."""
    if led:
        return msg("Seat {seat} led · won", seat=seat) if won else \
            msg("Seat {seat} led", seat=seat)
    return msg("Seat {seat} · won", seat=seat) if won else msg("Seat {seat}", seat=seat)


def _played(cards, leader: int, n: int, four: bool, size: str, won: int | None = None,
            ) -> list[dict]:
    """The cards of a trick, for the template: each face, with its seat under it."""
    out = []
    for i, c in enumerate(cards):
        seat = (leader + i) % n
        face = card_svg(c, size, four, label=render(
            msg("{card}, played by seat {seat}", card=c.spoken, seat=seat)))
        out.append({"face": Markup(face), "caption": _caption(seat, i == 0, i == won),
                    "won": i == won})
    return out


def _center(state, four: bool, size: str) -> dict:
    """The middle of the table, for the template: the trump line, who leads and the trick
    so far (or the last trick and why it was won), the calls, the result and the phase."""
    facts = table_facts(state)
    n = state.n
    trick_size = "normal" if size == "normal" else "large"
    lead = trick = why = last = calls = None
    if state.trick:
        lead = msg("Seat {seat} leads this trick.", seat=state.leader)
        trick = _played(state.trick, state.leader, n, four, trick_size)
    elif state.tricks:
        k = len(state.tricks)
        leader, cards, winner = state.tricks[-1]
        result = state.explain_trick(k)
        wins = msg("Trick {number}: seat {seat} wins with {card}", number=k, seat=winner)
        lead = Markup(worded_html(wins, card=card_chip(result.card, four)))
        trick = _played(cards, leader, n, four, trick_size, result.index)
        losers = [i for i in range(len(cards)) if i != result.index]
        why = {"head": msg("Why:"), "text": result.text,
               "lines": [msg("Seat {seat}'s {card} loses: {reason}.", seat=(leader + i) % n,
                             card=cards[i].unicode, reason=c.text)
                         for c, i in zip(result.comparisons, losers)],
               "rule": Markup(rule_html(result.rule, open_text=False))}
    elif facts.playing:
        lead = msg("Seat {seat} leads to the first trick.", seat=state.leader)
    if state.trick and state.tricks:
        k = len(state.tricks)
        _, _, w = state.tricks[-1]
        was = state.explain_trick(k)
        said = msg("Last trick: seat {seat} won with {card}: {reason}.", seat=w, reason=was.text)
        last = {"words": Markup(worded_html(said, card=card_chip(was.card, four))),
                "rule": was.rule}
    made = getattr(state, "auction_calls", [])
    if made and not facts.playing and not hand_over(state):
        # the calls in the order made, as the auction's record
        calls = msg("Calls so far: {calls}", calls=many(
            (msg("seat {seat}: {call}", seat=s, call=c) for s, c in made), "sequence"))
    return {"label": msg("the table"), "title": facts.trump_words, "lead": lead,
            "trick": trick, "why": why, "last": last, "calls": calls,
            "result": facts.result if facts.result and hand_over(state) else None,
            "phase": facts.phase_words}


def table_html(state, viewer: int | None = None, size: str = "normal",
               four_colour: bool = False) -> str:
    """The whole table as HTML (the seats around, the trick in the middle): the template
    ``table.html.j2``."""
    if viewer is not None and not (isinstance(viewer, int) and 0 <= viewer < state.n):
        raise ValueError(f"{viewer!r} is not a seat of this table (0-{state.n - 1})")
    bottom = viewer if viewer is not None else 0
    b, left, top, right = seat_order(state, bottom)

    def seats(side: list[int]) -> list[dict]:
        return [_seat(state, s, viewer, size, four_colour) for s in side]

    return part("table.html.j2", "table",
                label=nmsg("A table of {game} with {n} player",
                           "A table of {game} with {n} players", state.n,
                           game=spec_of(state).name),
                top=seats(top), left=seats(left), middle=_center(state, four_colour, size),
                right=seats(right), bottom=seats(b), no_cards=msg("no cards"))


def table_widget(state, viewer: int | None = None, size: str = "normal",
                 four_colour: bool = False) -> TableWidget:
    """The table of ``state``: every hand face up (``viewer=None``) or ``viewer``'s view."""
    return TableWidget(state, viewer, size, four_colour)
