"""A text notation for a 56 position (same line format as 55's, see ``tutor.engine.notation``)::

    game: 56
    players: 4
    dealer: 3
    rules: start_tables=10
    tables: 10 10
    hand 0: JS 9S AS 10S KS QS JH 9H AH 10H KH QH
    hand 1: ...
    calls: 28S pass +2H pass pass pass
    trick: JS QS AS 10S

Hands are the cards held now; ``tables`` are Red's (even seats) then Black's; calls are in
their written styles (``30S``, ``S30``, ``30NT``, ``30NOES``, ``+2S``, ``+1NOES``, ``pass``,
``double``, ``redouble``); ``trick:`` lines are the tricks in play order (seat 0 of the hand
leads the first, the winner of each the next).  Errors name the line and the card.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ...engine import settings as settings_mod
from ...engine.cards import Card, format_cards
from ...engine.errors import IllegalAction, InputError
from ...engine.notation import Lines, header
from ...engine.state import Call, ChooseDealer, Deal, Play
from .auction import parse_call
from .game import AUCTION, COT_OFFER, DEAL, Game56, State56
from .play import check_cards
from .tables import SETTINGS

KEYS = ("players", "dealer", "rules", "tables", "calls")


@dataclass(frozen=True)
class Position56:
    players: int
    hands: tuple[tuple[Card, ...], ...]
    dealer: int | None = None  # None: the last seat
    rules: tuple[tuple[str, object], ...] = ()
    tables: tuple[int, int] | None = None  # Red (even seats), Black
    calls: tuple[str, ...] = ()
    tricks: tuple[tuple[Card, ...], ...] = field(default=())

    def __post_init__(self):
        # no dealer line means the last seat (55-SEATS, 56-SEATS): say so, so that a position
        # read without one equals the same position written out (which names the dealer)
        if self.dealer is None and type(self.players) is int:
            object.__setattr__(self, "dealer", self.players - 1)
        rules = settings_mod.build(SETTINGS, dict(self.rules)).changed()
        object.__setattr__(self, "rules", tuple(rules.items()))
        object.__setattr__(self, "calls", tuple(str(parse_call(c)) for c in self.calls))

    @property
    def dealer_seat(self) -> int:
        return self.players - 1 if self.dealer is None else self.dealer

    def game(self) -> Game56:
        return Game56(self.players, dict(self.rules), self.tables)


def parse_position(text: str) -> Position56:
    lines = Lines(text, "56", KEYS)
    n = lines.players()
    try:
        pos = Position56(players=n, hands=lines.hand_cards(n), dealer=lines.int("dealer"),
                         rules=lines.rules(), tables=lines.ints("tables"),
                         calls=lines.words("calls"), tricks=lines.trick_cards())
        position_to_state(pos)
    except InputError as e:
        raise lines.locate(e) from None
    return pos


def format_position(pos: Position56) -> str:
    out = header("56", pos)
    if pos.tables is not None:
        out.append("tables: " + " ".join(map(str, pos.tables)))
    out += [f"hand {s}: {format_cards(h)}".rstrip() for s, h in enumerate(pos.hands)]
    if pos.calls:
        out.append("calls: " + " ".join(pos.calls))
    out += [f"trick: {format_cards(t)}" for t in pos.tricks]
    return "\n".join(out) + "\n"


def position_to_state(pos: Position56) -> State56:
    """The :class:`State56` at this position, by replaying the deal it implies."""
    game = pos.game()
    n, dealer = game.n, pos.dealer_seat
    if not 0 <= dealer < n:
        raise InputError(f"the dealer must be a seat 0-{n - 1}, not {dealer}", "dealer")
    for s, h in enumerate(pos.hands):
        check_cards(h, game.ranks, f"hand {s}")
    for i, t in enumerate(pos.tricks, 1):
        check_cards(t, game.ranks, f"trick {i}")
    held = Counter(c for h in pos.hands for c in h) + Counter(c for t in pos.tricks for c in t)
    for c, k in held.items():
        if k > 2:
            raise InputError(f"{c} appears {k} times; every card exists only twice (56-COPIES)",
                             _place(pos, c))
    missing = Counter(game.deck) - held
    first = (dealer + 1) % n
    played: list[list[Card]] = [[] for _ in range(n)]
    seq = []
    if pos.tricks:
        from .play import ranking  # the contract's ranking decides who led each trick
        state = _through_auction(pos, game, dealer)
        if state.phase != "play":
            raise InputError("tricks were played, so the auction must be finished", "calls")
        rk = ranking(state.contract.denomination)
        leader = first
        for i, t in enumerate(pos.tricks, 1):
            if not 1 <= len(t) <= n or (len(t) < n and i < len(pos.tricks)):
                raise InputError(f"a trick has one card from each of the {n} players, not "
                                 f"{len(t)}", f"trick {i}")
            for j, c in enumerate(t):
                seat = (leader + j) % n
                played[seat].append(c)
                seq.append((i, seat, c))
            if len(t) == n:
                leader = (leader + rk.winner_index(t)) % n
        if len(pos.tricks) == game.hand_size and len(pos.tricks[-1]) == n:
            raise InputError("every trick has been played: a position shows a hand still in "
                             "play", "tricks")
    for s in range(n):
        need = game.hand_size - len(played[s])
        if len(pos.hands[s]) != need:
            raise InputError(f"seat {s} should hold {need} cards ({game.hand_size} dealt"
                             + (f", {len(played[s])} played" if played[s] else "")
                             + f"), not {len(pos.hands[s])}", f"hand {s}")
    if missing:
        c = sorted(missing)[0]
        raise InputError(f"every card is dealt in 56, but {c} is nowhere (the deck has two of "
                         "each card)", "hand 0")
    originals = [tuple(played[s]) + tuple(pos.hands[s]) for s in range(n)]
    state = State56.initial(game)
    state.play(ChooseDealer(dealer))
    state.play(Deal(originals))
    if state.phase == DEAL:
        raise InputError("under the house rules this deal is thrown in and dealt again",
                         "rules")
    _calls(state, pos)
    if state.phase == COT_OFFER:
        state.play(Call(state.to_act, "play_on"))
    for i, seat, card in seq:
        try:
            state.play(Play(seat, card))
        except IllegalAction as e:
            raise InputError(f"seat {seat} may not play {card}: {e.message} [{e.rule}]",
                             f"trick {i}") from None
    return state


def _through_auction(pos: Position56, game: Game56, dealer: int) -> State56:
    """A state with any deal, only to learn the contract the calls give."""
    state = State56.initial(game)
    state.play(ChooseDealer(dealer))
    size = game.hand_size
    state.play(Deal(tuple(tuple(game.deck[i * size:(i + 1) * size]) for i in range(game.n))))
    if state.phase == DEAL:  # a house-rule redeal of this made-up deal: ignore it
        state.phase = AUCTION
    _calls(state, pos)
    return state


def _calls(state: State56, pos: Position56) -> None:
    for i, c in enumerate(pos.calls):
        if state.phase != AUCTION:
            raise InputError(f"call {i + 1} ({c}) comes after the end of the auction (56-END)",
                             "calls")
        try:
            state.play(Call(state.to_act, c))
        except IllegalAction as e:
            raise InputError(f"call {i + 1} ({c}) is illegal: {e.message} [{e.rule}]",
                             "calls") from None


def _place(pos: Position56, card: Card) -> str:
    for s, h in enumerate(pos.hands):
        if card in h:
            return f"hand {s}"
    return next(f"trick {i}" for i, t in enumerate(pos.tricks, 1) if card in t)


def state_to_position(state: State56) -> Position56:
    if state.phase in ("choose_dealer", "deal", "match_over") or state.auction is None:
        raise InputError(f"no hand is in progress (phase {state.phase})", "state")
    g = state.game
    tricks = [tuple(cs) for _, cs, _ in state.tricks]
    if state.trick:
        tricks.append(tuple(state.trick))
    return Position56(players=g.n, hands=tuple(tuple(h) for h in state.hands),
                      dealer=state.dealer, rules=tuple(g.settings.changed().items()),
                      tables=tuple(state.tables), calls=tuple(c for _, c in state.auction_calls),
                      tricks=tuple(tricks))


__all__ = ["Position56", "parse_position", "format_position", "position_to_state",
           "state_to_position"]
