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

Under the house rule ``cot`` the surrender offer after the auction (56-D-COT) is a ``cot:`` line:
the calls made in it, ``play_on``, ``surrender accept`` or ``surrender refuse`` (``surrender``
alone: the bidders have not answered; ``cot:`` alone: the defenders have not chosen).
Without it the defenders are taken to have played on (56-D-POSITION).

A finished hand is a position too: with every trick played (the hands empty), or a surrender
accepted, it is the hand just settled, and ``tables`` are the tables *before* it (the state
moves them, and may end the match); a deal that a house rule throws in (``redeal_no_points``,
``redeal_all_jacks``) is the hand thrown in.  ``dealer`` is always the dealer of the hand shown.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ...engine import settings as settings_mod
from ...engine.cards import Card, format_cards
from ...engine.errors import IllegalAction, InputError
from ...engine.messages import many, msg, nmsg, render
from ...engine.notation import Lines, header
from ...engine.state import Call, ChooseDealer, Deal, Play
from .auction import Auction56, parse_call
from .game import AUCTION, COT_CALLS, COT_OFFER, DEAL, OVER, Game56, State56
from .play import check_cards
from .tables import SETTINGS

KEYS = ("players", "dealer", "rules", "tables", "calls", "cot")


@dataclass(frozen=True)
class Position56:
    players: int
    hands: tuple[tuple[Card, ...], ...]
    dealer: int | None = None  # None: the last seat
    rules: tuple[tuple[str, object], ...] = ()
    tables: tuple[int, int] | None = None  # Red (even seats), Black
    calls: tuple[str, ...] = ()
    tricks: tuple[tuple[Card, ...], ...] = field(default=())
    cot: tuple[str, ...] | None = None  # the surrender offer's calls (None: played on)

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
    """Read a position; an :class:`InputError` says what is wrong and on which line."""
    return read_position(text)[0]


def read_position(text: str) -> tuple[Position56, State56]:
    """Read a position and give its state too: reading checks every rule by building the
    state (:func:`position_to_state`), which is kept rather than built again."""
    lines = Lines(text, "56", KEYS)
    n = lines.players()
    try:
        pos = Position56(players=n, hands=lines.hand_cards(n), dealer=lines.int("dealer"),
                         rules=lines.rules(), tables=lines.ints("tables"),
                         calls=lines.words("calls"), tricks=lines.trick_cards(),
                         cot=lines.words("cot") if lines.get("cot") is not None else None)
        state = position_to_state(pos)  # every rule checked
    except InputError as e:
        raise lines.locate(e) from None
    return pos, state


def format_position(pos: Position56) -> str:
    out = header("56", pos)
    if pos.tables is not None:
        out.append("tables: " + " ".join(map(str, pos.tables)))
    out += [f"hand {s}: {format_cards(h)}".rstrip() for s, h in enumerate(pos.hands)]
    if pos.calls:
        out.append("calls: " + " ".join(pos.calls))
    if pos.cot is not None:
        out.append(f"cot: {' '.join(pos.cot)}".rstrip())
    out += [f"trick: {format_cards(t)}" for t in pos.tricks]
    return "\n".join(out) + "\n"


def position_to_state(pos: Position56) -> State56:
    """The :class:`State56` at this position, by replaying the deal it implies."""
    game = pos.game()
    n, dealer = game.n, pos.dealer_seat
    if not 0 <= dealer < n:
        raise InputError(render(msg("the dealer must be a seat 0-{last}, not {dealer}",
                                    last=n - 1, dealer=dealer)), "dealer")
    for s, h in enumerate(pos.hands):
        check_cards(h, game.ranks, f"hand {s}")
    for i, t in enumerate(pos.tricks, 1):
        check_cards(t, game.ranks, f"trick {i}")
    held = Counter(c for h in pos.hands for c in h) + Counter(c for t in pos.tricks for c in t)
    for c, k in held.items():
        if k > 2:
            raise InputError(render(nmsg("{card} appears {n} time; every card exists only "
                                         "twice (56-COPIES)", "{card} appears {n} times; every "
                                         "card exists only twice (56-COPIES)", k, card=str(c))),
                             _place(pos, c))
    missing = Counter(game.deck) - held
    first = (dealer + 1) % n
    played: list[list[Card]] = [[] for _ in range(n)]
    seq = []
    if pos.tricks:
        from .play import ranking  # the contract's ranking decides who led each trick
        state = _through_auction(pos, game, dealer)
        if state.phase != "play":
            raise InputError(render(msg("tricks were played, so the auction must be finished")),
                             "calls")
        rk = ranking(state.contract.denomination)
        leader = first
        for i, t in enumerate(pos.tricks, 1):
            if not 1 <= len(t) <= n or (len(t) < n and i < len(pos.tricks)):
                raise InputError(render(msg("a trick has one card from each of the {players} "
                                            "players, not {n}", players=n, n=len(t))),
                                 f"trick {i}")
            for j, c in enumerate(t):
                seat = (leader + j) % n
                played[seat].append(c)
                seq.append((i, seat, c))
            if len(t) == n:
                leader = (leader + rk.winner_index(t)) % n
        if len(pos.tricks) > game.hand_size:
            raise InputError(render(msg("a hand has {tricks} tricks, not {n}",
                                        tricks=game.hand_size, n=len(pos.tricks))), "tricks")
    for s in range(n):
        need = game.hand_size - len(played[s])
        if len(pos.hands[s]) != need:
            if played[s]:
                said = msg("seat {seat} should hold {need} cards ({dealt} dealt, {played} "
                           "played), not {n}", seat=s, need=need, dealt=game.hand_size,
                           played=len(played[s]), n=len(pos.hands[s]))
            else:
                said = msg("seat {seat} should hold {need} cards ({dealt} dealt), not {n}",
                           seat=s, need=need, dealt=game.hand_size, n=len(pos.hands[s]))
            raise InputError(render(said), f"hand {s}")
    if missing:
        c = sorted(missing)[0]
        raise InputError(render(msg("every card is dealt in 56, but {card} is nowhere (the deck "
                                    "has two of each card)", card=str(c))), "hand 0")
    originals = [tuple(played[s]) + tuple(pos.hands[s]) for s in range(n)]
    state = State56.initial(game)
    state.play(ChooseDealer(dealer))
    state.play(Deal(originals))
    if state.phase == DEAL and (pos.calls or pos.cot is not None):  # thrown in at once
        raise InputError(render(msg("under the house rules this deal is thrown in and dealt "
                                    "again, so there are no calls")), "calls")
    _calls(state, pos)
    _cot(state, pos)
    for i, seat, card in seq:
        try:
            state.play(Play(seat, card))
        except IllegalAction as e:
            raise InputError(render(msg("seat {seat} may not play {card}: {why} [{rule}]",
                                        seat=seat, card=str(card), why=e.message, rule=e.rule)),
                             f"trick {i}") from None
    return state


def _through_auction(pos: Position56, game: Game56, dealer: int) -> State56:
    """A state with any deal, only to learn the contract the calls give."""
    state = State56.initial(game)
    state.play(ChooseDealer(dealer))
    size = game.hand_size
    state.play(Deal(tuple(tuple(game.deck[i * size:(i + 1) * size]) for i in range(game.n))))
    if state.phase == DEAL:  # a house-rule redeal of this made-up deal: ignore it
        state.auction = Auction56(game.n, dealer, game.settings)
        state.phase, state._to_act = AUCTION, state.auction.to_act
    _calls(state, pos)
    _cot(state, pos)
    return state


def _cot(state: State56, pos: Position56) -> None:
    """The surrender offer (56-D-COT): its calls, or played on when the position has none."""
    if pos.cot is not None and state.phase not in COT_CALLS:
        said = msg("the auction is not over, so there is no cot line") \
            if state.phase == AUCTION else \
            msg("there is no surrender offer at this table (house rule cot), so there is no cot "
                "line")
        raise InputError(render(said), "cot")
    if pos.cot is None:
        if state.phase == COT_OFFER:
            state.play(Call(state.to_act, "play_on"))
        return
    for word in pos.cot:
        if state.phase not in COT_CALLS:
            raise InputError(render(msg("{word} comes after the surrender offer is over",
                                        word=word)), "cot")
        choices = COT_CALLS[state.phase]
        if word not in choices:
            raise InputError(render(msg("{word} is not a choice here ({choices})",
                                        word=repr(word), choices=many(choices, "or"))), "cot")
        state.play(Call(state.to_act, word))


def _calls(state: State56, pos: Position56) -> None:
    for i, c in enumerate(pos.calls):
        if state.phase != AUCTION:
            raise InputError(render(msg("call {number} ({call}) comes after the end of the "
                                        "auction (56-END)", number=i + 1, call=c)), "calls")
        try:
            state.play(Call(state.to_act, c))
        except IllegalAction as e:
            raise InputError(render(msg("call {number} ({call}) is illegal: {why} [{rule}]",
                                        number=i + 1, call=c, why=e.message, rule=e.rule)),
                             "calls") from None


def _place(pos: Position56, card: Card) -> str:
    for s, h in enumerate(pos.hands):
        if card in h:
            return f"hand {s}"
    return next(f"trick {i}" for i, t in enumerate(pos.tricks, 1) if card in t)


def state_to_position(state: State56) -> Position56:
    """The position of the hand on the table: in progress (after the deal), or finished
    (settled, the match perhaps over, or thrown in by a house rule), until the next deal."""
    if state.hand_dealer is None:
        raise InputError(render(msg("no hand has been dealt (phase {phase})",
                                    phase=state.phase)), "state")
    g = state.game
    tricks = [tuple(cs) for _, cs, _ in state.tricks]
    if state.trick:
        tricks.append(tuple(state.trick))
    tables = list(state.tables)
    if state.phase in (DEAL, OVER) and state.auction is not None:  # settled: the tables before
        s = state.last_settlement
        payer = state.partnership_of_team(s.payer)
        tables[payer] += s.paid
        tables[1 - payer] -= s.paid
    cot = None
    if g.settings.cot and state.auction is not None and state.auction.done:
        start = len(state.history) - 1 - next(
            i for i, a in enumerate(reversed(state.history)) if type(a) is Deal)
        cot = tuple(a.call for a in state.history[start + 1:]
                    if type(a) is Call and a.call in _COT_WORDS)
    return Position56(players=g.n, hands=tuple(tuple(h) for h in state.hands),
                      dealer=state.hand_dealer, rules=tuple(g.settings.changed().items()),
                      tables=tuple(tables), calls=tuple(c for _, c in state.auction_calls),
                      tricks=tuple(tricks), cot=cot)


_COT_WORDS = frozenset(w for words in COT_CALLS.values() for w in words)


__all__ = ["Position56", "parse_position", "read_position", "format_position", "position_to_state",
           "state_to_position"]
