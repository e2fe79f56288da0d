"""The table: the seats around it, the trick in the middle, who leads, and who won the last
trick and why (``state.explain_trick``).  ``table_widget(state, viewer)`` draws every hand face
up (``viewer=None``) or one seat's view (the others face down); ``.refresh()`` redraws.

A finished hand is drawn as it was played: once it is scored or settled the engine has moved
the deal on (``state.dealer`` is the next dealer), so the dealer badge and, for 56, the
contract's partnership come from the hand on the table (``state.hand_dealer``, the state's
teams) until the next deal; the next dealer is named in the middle."""

from __future__ import annotations

import ipywidgets as widgets

from ..engine.cards import SUIT_NAME, SUIT_SYMBOL
from ..games.g56.game import PARTNERSHIPS, State56
from ..games.registry import spec_of
from .boundary import safe
from .cards import backs_html, card_chip, card_svg, cards_html
from .style import esc, rule_html, style_widget

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


def is_56(state) -> bool:
    return isinstance(state, State56)


def hand_dealer(state) -> int | None:
    """The dealer of the hand on the table: the finished hand's dealer between hands (the
    engine's ``dealer`` is then the next one), else ``state.dealer``."""
    dealer = getattr(state, "hand_dealer", None)
    return state.dealer if dealer is None else dealer


def trump_words(state) -> str:
    """``Trumps: ♠ spades`` / ``No trumps`` / ``Trumps not named yet``."""
    if is_56(state):
        c = state.contract
        if c is None:
            return "Contract: not decided yet"
        what = "no trumps" if c.denomination == "NT" else \
            f"{SUIT_SYMBOL[c.denomination]} {SUIT_NAME[c.denomination]}"
        mult = {1: "", 2: ", doubled", 3: ", redoubled", 4: ", redoubled"}.get(c.multiplier, "")
        who = "nobody bid (28 for team 0)" if c.bidder is None else f"seat {c.bidder}"
        return (f"Contract: {c.bid} in {what}{mult}, {who}, team {c.team} "
                f"({PARTNERSHIPS[state.partnership_of_team(c.team)]})")
    if state.trump is None:
        return "Trumps: not named yet" + (f" (seat {state.bidder} bid {state.bid})"
                                          if state.bidder is not None else "")
    return (f"Trumps: {SUIT_SYMBOL[state.trump]} {SUIT_NAME[state.trump]} · seat "
            f"{state.bidder} bid {state.bid}")


def seat_order(state, bottom: int) -> tuple[list[int], list[int], list[int], list[int]]:
    """The seats of each side of the table: bottom, left, top, right."""
    n = state.n
    b, left, top, right = LAYOUT[n]
    seats = [[(bottom + k) % n for k in side] for side in (b, left, top, right)]
    bottom_, left, top, right = seats
    if is_56(state) and getattr(state.game.settings, "direction", "ccw") == "ccw":
        # the next seat is to the right: the mirror image (the left column lists its seats
        # from the bottom up, the right one from the top down)
        return bottom_, right[::-1], top[::-1], left[::-1]
    return bottom_, left, top, right


def phase_words(state) -> str:
    ph = state.phase
    if ph == "play":
        return f"Seat {state.to_act} to play"
    if ph == "auction":
        return f"Auction: seat {state.to_act} to call"
    if ph == "discard":
        return f"Seat {state.to_act} (the bidder) is discarding"
    if ph == "trump":
        return f"Seat {state.to_act} (the bidder) names trumps"
    if ph == "draw":
        return f"Seat {state.to_act} is exchanging cards"
    if ph in ("cot_offer", "cot_answer"):
        return f"Seat {state.to_act} to answer (surrender or play on)"
    if ph == "deal":
        nxt = state.dealer
        return "The hand is over" + (f" · seat {nxt} deals next"
                                     if nxt is not None and nxt != hand_dealer(state) else "")
    if ph in ("game_over", "match_over"):
        return "The game is over"
    return ph


class TableWidget(widgets.VBox):
    """The table of a game state; ``viewer`` None shows every hand, a seat only its own."""

    def __init__(self, state, viewer: int | None = None, size: str = "normal",
                 four_colour: bool = False):
        self.board = widgets.HTML(layout=widgets.Layout(width="100%"))
        self.error = widgets.HTML()
        super().__init__([style_widget(), self.board, self.error],
                         layout=widgets.Layout(width="100%"))
        self.add_class("tt-app")
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
    if is_56(state):
        team = PARTNERSHIPS[seat % 2]
        cls += f" tt-seat-{team.lower()}"
        badges.append(f'<span class="tt-badge tt-badge-{team.lower()}">{team}</span>')
    if hand_dealer(state) == seat:
        badges.append('<span class="tt-badge">dealer</span>')
    bidder = state.contract.bidder if is_56(state) and state.contract else \
        getattr(state, "bidder", None)
    if bidder == seat:
        badges.append('<span class="tt-badge tt-badge-gold">bidder</span>')
    if state.to_act == seat and state.phase not in ("deal", "game_over", "match_over"):
        cls += " tt-seat-turn"
        badges.append('<span class="tt-badge tt-badge-turn">to play</span>'
                      if state.phase == "play" else
                      '<span class="tt-badge tt-badge-turn">to act</span>')
    name = f"Seat {seat}" + (" (you)" if viewer == seat else "")
    if viewer is None or viewer == seat:
        shown = sorted(hand, key=lambda c: c.index)
        cards = cards_html(shown, size, four, fan=True, label=f"seat {seat}'s hand") if shown \
            else '<span class="tt-muted">no cards</span>'
    else:
        cards = backs_html(len(hand), size, label=f"seat {seat}'s hand: {len(hand)} cards "
                           "face down") if hand else '<span class="tt-muted">no cards</span>'
    won = sum(1 for _, _, w in state.tricks if w == seat)
    meta = f"{len(hand)} card{'s' if len(hand) != 1 else ''} · tricks won: {won}"
    return (f'<div class="{cls}" role="group" aria-label="{esc(name)}">'
            f'<div class="tt-seat-name">{esc(name)} {"".join(badges)}</div>{cards}'
            f'<div class="tt-seat-meta">{meta}</div></div>')


def _played_html(cards, leader: int, n: int, four: bool, size: str, won: int | None = None,
                 ) -> str:
    out = []
    for i, c in enumerate(cards):
        seat = (leader + i) % n
        cap = f"Seat {seat}" + (" led" if i == 0 else "") + (" · won" if i == won else "")
        cls = "tt-played" + (" tt-played-won" if i == won else "")
        face = card_svg(c, size, four, label=f"{c.spoken}, played by seat {seat}")
        out.append(f'<div class="{cls}">{face}<span>{esc(cap)}</span></div>')
    return f'<div class="tt-trick">{"".join(out)}</div>'


def _center_html(state, four: bool, size: str) -> str:
    parts = [f'<div class="tt-center-title">{esc(trump_words(state))}</div>']
    n = state.n
    trick_size = "normal" if size == "normal" else "large"
    if state.trick:
        parts.append(f"<div>Seat {state.leader} leads this trick.</div>")
        parts.append(_played_html(state.trick, state.leader, n, four, trick_size))
    elif state.tricks:
        k = len(state.tricks)
        leader, cards, winner = state.tricks[-1]
        result = state.explain_trick(k)
        parts.append(f"<div>Trick {k}: seat {winner} wins with "
                     f"{card_chip(result.card, four)}</div>")
        parts.append(_played_html(cards, leader, n, four, trick_size, result.index))
        losers = [i for i in range(len(cards)) if i != result.index]
        lines = [f"Seat {(leader + i) % n}'s {cards[i].unicode} loses: {c.text}"
                 for c, i in zip(result.comparisons, losers)]
        why = "".join(f"<li>{esc(t)}.</li>" for t in lines)
        parts.append(f'<div class="tt-why"><b>Why:</b> {esc(result.text)}.'
                     + (f"<ul>{why}</ul>" if why else "")
                     + rule_html(result.rule, open_text=False) + "</div>")
    elif state.phase == "play":
        parts.append(f"<div>Seat {state.leader} leads to the first trick.</div>")
    if state.trick and state.tricks:
        k = len(state.tricks)
        _, _, w = state.tricks[-1]
        last = state.explain_trick(k)
        parts.append(f'<div class="tt-muted" style="color:#e6f2ea">Last trick: seat {w} won '
                     f"with {card_chip(last.card, four)}: {esc(last.text)}. "
                     f'<span class="tt-rule-id">{esc(last.rule)}</span></div>')
    calls = getattr(state, "auction_calls", [])
    if state.phase in ("auction", "discard", "trump", "draw") and calls:
        said = ", ".join(f"seat {s}: {c}" for s, c in calls)
        parts.append(f"<div>Calls so far: {esc(said)}</div>")
    over = [e.text for e in state.events if e.kind in ("score", "settle", "game_won",
                                                        "match_won")]
    if state.phase in ("deal", "game_over", "match_over") and over:
        parts.append(f'<div class="tt-why">{esc(over[-1])}</div>')
    parts.append(f'<div class="tt-badge tt-badge-turn">{esc(phase_words(state))}</div>')
    return f'<div class="tt-center" role="group" aria-label="the table">{"".join(parts)}</div>'


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

    label = f"A table of {spec_of(state).name} with {state.n} players"
    return (f'<div class="tt-table" role="region" aria-label="{esc(label)}">'
            f'{area("top", top)}{area("left", left)}{_center_html(state, four_colour, size)}'
            f'{area("right", right)}{area("bottom", b)}</div>')


def table_widget(state, viewer: int | None = None, size: str = "normal",
                 four_colour: bool = False) -> TableWidget:
    """The table of ``state``: every hand face up (``viewer=None``) or ``viewer``'s view."""
    return TableWidget(state, viewer, size, four_colour)
