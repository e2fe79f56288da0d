"""The table: the seats around it, the trick in the middle, who leads, and who won the last
trick and why (``state.explain_trick``).  ``table_widget(state, viewer)`` draws every hand face
up (``viewer=None``) or one seat's view (the others face down); ``.refresh()`` redraws.

A finished hand is drawn as it was played: once it is scored or settled the engine has moved
the deal on (``state.dealer`` is the next dealer), so the dealer badge and, for 56, the
contract's partnership come from the hand on the table (``state.hand_dealer``, the state's
teams) until the next deal; the next dealer is named in the middle."""

from __future__ import annotations

from ..engine.messages import msg, nmsg, render
from ..games.registry import hand_over, spec_of
from ..teach.table import hand_dealer, table_facts
from . import widgets
from .boundary import ErrorLine, safe
from .cards import backs_html, card_chip, card_svg, cards_html, number_words, worded_html
from .style import esc, rule_html, style_widgets

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


def _seat_html(state, seat: int, viewer, size: str, four: bool) -> str:
    hand = state.hands[seat]
    badges = []
    cls = "tt-seat"
    facts = table_facts(state)
    team = facts.teams[seat]
    if team:
        cls += f" tt-seat-{team.lower()}"
        badges.append(f'<span class="tt-badge tt-badge-{team.lower()}">{_h(msg(team))}</span>')
    if hand_dealer(state) == seat:
        badges.append('<span class="tt-badge">' + _h(msg("dealer")) + "</span>")
    if facts.bidder == seat:
        badges.append('<span class="tt-badge tt-badge-gold">' + _h(msg("bidder")) + "</span>")
    if state.to_act == seat and not hand_over(state):
        cls += " tt-seat-turn"
        turn = msg("to play") if facts.playing else msg("to act")
        badges.append(f'<span class="tt-badge tt-badge-turn">{_h(turn)}</span>')
    name = render(msg("Seat {seat} (you)", seat=seat) if viewer == seat else
                  msg("Seat {seat}", seat=seat))
    none = '<span class="tt-muted">' + _h(msg("no cards")) + "</span>"
    if viewer is None or viewer == seat:
        shown = sorted(hand, key=lambda c: c.index)
        cards = cards_html(shown, size, four, fan=True,
                           label=render(msg("seat {seat}'s hand", seat=seat))) if shown else none
    else:
        n = len(hand)
        hidden = nmsg("seat {seat}: {number} card face down",
                      "seat {seat}: {number} cards face down", n, seat=seat,
                      number=number_words(n))
        cards = backs_html(n, size, label=render(hidden)) if hand else none
    won = sum(1 for _, _, w in state.tricks if w == seat)
    meta = render(nmsg("{n} card · tricks won: {won}", "{n} cards · tricks won: {won}", len(hand),
                       won=won))
    return (f'<div class="{cls}" role="group" aria-label="{esc(name)}">'
            f'<div class="tt-seat-name">{esc(name)} {"".join(badges)}</div>{cards}'
            f'<div class="tt-seat-meta">{meta}</div></div>')


def _h(message) -> str:
    """A message worded and escaped for HTML."""
    return esc(render(message))


def _caption(seat: int, led: bool, won: bool):
    """Under a card of a trick: "Seat 2 led", "Seat 3 · won"..."""
    if led:
        return msg("Seat {seat} led · won", seat=seat) if won else \
            msg("Seat {seat} led", seat=seat)
    return msg("Seat {seat} · won", seat=seat) if won else msg("Seat {seat}", seat=seat)


def _played_html(cards, leader: int, n: int, four: bool, size: str, won: int | None = None,
                 ) -> str:
    out = []
    for i, c in enumerate(cards):
        seat = (leader + i) % n
        cap = render(_caption(seat, i == 0, i == won))
        cls = "tt-played" + (" tt-played-won" if i == won else "")
        face = card_svg(c, size, four, label=render(
            msg("{card}, played by seat {seat}", card=c.spoken, seat=seat)))
        out.append(f'<div class="{cls}">{face}<span>{esc(cap)}</span></div>')
    return f'<div class="tt-trick">{"".join(out)}</div>'


def _center_html(state, four: bool, size: str) -> str:
    facts = table_facts(state)
    parts = [f'<div class="tt-center-title">{esc(facts.trump_words)}</div>']
    n = state.n
    trick_size = "normal" if size == "normal" else "large"
    if state.trick:
        parts.append("<div>" + render(msg("Seat {seat} leads this trick.", seat=state.leader))
                     + "</div>")
        parts.append(_played_html(state.trick, state.leader, n, four, trick_size))
    elif state.tricks:
        k = len(state.tricks)
        leader, cards, winner = state.tricks[-1]
        result = state.explain_trick(k)
        wins = msg("Trick {number}: seat {seat} wins with {card}", number=k, seat=winner)
        parts.append(f"<div>{worded_html(wins, card=card_chip(result.card, four))}</div>")
        parts.append(_played_html(cards, leader, n, four, trick_size, result.index))
        losers = [i for i in range(len(cards)) if i != result.index]
        lines = [msg("Seat {seat}'s {card} loses: {reason}.", seat=(leader + i) % n,
                     card=cards[i].unicode, reason=c.text)
                 for c, i in zip(result.comparisons, losers)]
        why = "".join(f"<li>{_h(t)}</li>" for t in lines)
        parts.append('<div class="tt-why"><b>' + _h(msg("Why:")) + f"</b> {esc(result.text)}."
                     + (f"<ul>{why}</ul>" if why else "")
                     + rule_html(result.rule, open_text=False) + "</div>")
    elif facts.playing:
        parts.append("<div>" + render(msg("Seat {seat} leads to the first trick.",
                                          seat=state.leader)) + "</div>")
    if state.trick and state.tricks:
        k = len(state.tricks)
        _, _, w = state.tricks[-1]
        last = state.explain_trick(k)
        said = msg("Last trick: seat {seat} won with {card}: {reason}.", seat=w, reason=last.text)
        parts.append(f'<div class="tt-center-last">'
                     f"{worded_html(said, card=card_chip(last.card, four))} "
                     f'<span class="tt-rule-id">{esc(last.rule)}</span></div>')
    calls = getattr(state, "auction_calls", [])
    if calls and not facts.playing and not hand_over(state):
        # the calls in the order made, as the auction's record
        said = ", ".join(render(msg("seat {seat}: {call}", seat=s, call=c)) for s, c in calls)
        parts.append("<div>" + _h(msg("Calls so far: {calls}", calls=said)) + "</div>")
    if facts.result and hand_over(state):
        parts.append(f'<div class="tt-why">{esc(facts.result)}</div>')
    parts.append(f'<div class="tt-badge tt-badge-turn">{esc(facts.phase_words)}</div>')
    return ('<div class="tt-center" role="group" aria-label="' + _h(msg("the table")) + '">'
            + "".join(parts) + "</div>")


def table_html(state, viewer: int | None = None, size: str = "normal",
               four_colour: bool = False) -> str:
    """The whole table as HTML (the seats around, the trick in the middle)."""
    if viewer is not None and not (isinstance(viewer, int) and 0 <= viewer < state.n):
        raise ValueError(f"{viewer!r} is not a seat of this table (0-{state.n - 1})")
    bottom = viewer if viewer is not None else 0
    b, left, top, right = seat_order(state, bottom)

    def area(name: str, seats: list[int]) -> str:
        inner = "".join(_seat_html(state, s, viewer, size, four_colour) for s in seats)
        return f'<div class="tt-area tt-area-{name}">{inner}</div>' if seats else ""

    label = render(nmsg("A table of {game} with {n} player", "A table of {game} with {n} players",
                        state.n, game=spec_of(state).name))
    return (f'<div class="tt-table" role="group" aria-label="{esc(label)}">'
            f'{area("top", top)}{area("left", left)}{_center_html(state, four_colour, size)}'
            f'{area("right", right)}{area("bottom", b)}</div>')


def table_widget(state, viewer: int | None = None, size: str = "normal",
                 four_colour: bool = False) -> TableWidget:
    """The table of ``state``: every hand face up (``viewer=None``) or ``viewer``'s view."""
    return TableWidget(state, viewer, size, four_colour)
