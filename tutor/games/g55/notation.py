"""A text notation for a 55 position, for teachers to type and the tutor to show.

Example (every line is ``key: value``; ``#`` starts a comment; blank lines are ignored)::

    game: 55
    players: 4
    dealer: 3
    rules: target_score=110 renege_mode=five_only
    scores: 0 0 0 0
    hand 0: KD 3D 7S QC 4H
    hand 1: 9D 2S 5C 8H AH
    hand 2: 10S JD QD 2H 6C
    hand 3: 3C 4S 9S 7D KS
    kitty: 2C 3S 8C JC 5D
    calls: 10 pass 15 hold 20 pass
    discards: 2C 3S 8C JC 5D
    trump: S
    trick: 9D KD 2S AH

Hands are the cards held *now*.  ``trick:`` lines list the tricks in play order, each in the
order its cards were played; the leader of the first is given by the rules (55-LEAD) and each
later trick is led by the winner of the one before.  ``kitty`` and ``discards`` may be left out
when nobody knows them.  Every line is checked against the rules, and an error names the line
and the card.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...engine import settings as settings_mod
from ...engine.cards import Card, find_duplicate, format_cards, parse_suit
from ...engine.errors import IllegalAction, InputError
from ...engine.notation import Lines, header
from ...engine.state import Call, ChooseDealer, Deal, Play
from .auction import parse_call, run_auction
from .game import DEAL, Discard, Draw, Game55, NameTrump, State55
from .tables import HAND_SIZE, KITTY_SIZE, SETTINGS


@dataclass(frozen=True)
class Position55:
    """One moment of a hand of 55, as a teacher writes it."""

    players: int
    hands: tuple[tuple[Card, ...], ...]
    dealer: int | None = None  # None: the last seat (n - 1)
    rules: tuple[tuple[str, object], ...] = ()  # settings that differ from the defaults
    scores: tuple[int, ...] | None = None
    kitty: tuple[Card, ...] | None = None
    calls: tuple[str, ...] = ()
    discards: tuple[Card, ...] | None = None
    trump: str | None = None
    tricks: tuple[tuple[Card, ...], ...] = field(default=())

    def __post_init__(self):
        # no dealer line means the last seat (55-SEATS, 56-SEATS): say so, so that a position
        # read without one equals the same position written out (which names the dealer)
        if self.dealer is None and type(self.players) is int:
            object.__setattr__(self, "dealer", self.players - 1)
        # settings in the order of the spec's table, values normalised (lists become tuples)
        rules = settings_mod.build(SETTINGS, dict(self.rules)).changed()
        object.__setattr__(self, "rules", tuple(rules.items()))

    @property
    def dealer_seat(self) -> int:
        return self.players - 1 if self.dealer is None else self.dealer

    def game(self) -> Game55:
        return Game55(self.players, dict(self.rules), self.scores)


# -- parsing and formatting ----------------------------------------------------------------
KEYS = ("players", "dealer", "rules", "scores", "kitty", "calls", "discards", "trump")


def parse_position(text: str) -> Position55:
    """Read a position; an :class:`InputError` says what is wrong and on which line."""
    lines = Lines(text, "55", KEYS)
    n = lines.players()
    trump = lines.get("trump")
    kw = dict(players=n, hands=lines.hand_cards(n), rules=lines.rules(),
              dealer=lines.int("dealer"), scores=lines.ints("scores"), kitty=lines.cards("kitty"),
              discards=lines.cards("discards"), calls=lines.words("calls"),
              trump=None if trump is None else parse_suit(trump, where=lines.at("trump")),
              tricks=lines.trick_cards())
    try:
        pos = Position55(**kw)
        position_to_state(pos)  # every rule checked
    except InputError as e:
        raise lines.locate(e) from None
    return pos


def format_position(pos: Position55) -> str:
    """The canonical text of a position (``parse_position`` reads it back)."""
    out = header("55", pos)
    if pos.scores is not None:
        out.append("scores: " + " ".join(map(str, pos.scores)))
    out += [f"hand {s}: {format_cards(h)}".rstrip() for s, h in enumerate(pos.hands)]
    if pos.kitty is not None:
        out.append(f"kitty: {format_cards(pos.kitty)}".rstrip())
    if pos.calls:
        out.append("calls: " + " ".join(pos.calls))
    if pos.discards is not None:
        out.append(f"discards: {format_cards(pos.discards)}".rstrip())
    if pos.trump is not None:
        out.append(f"trump: {pos.trump}")
    out += [f"trick: {format_cards(t)}" for t in pos.tricks]
    return "\n".join(out) + "\n"


# -- to and from a game state -----------------------------------------------------------------
def position_to_state(pos: Position55) -> State55:
    """A :class:`State55` at this position, built by replaying a deal consistent with it.

    Unknown pieces (a kitty or discards not given, the undealt stock's order) are filled in
    with cards nobody holds; under ``others_draw_max`` nobody is taken to have exchanged.
    """
    game = pos.game()
    n, dealer = game.n, pos.dealer_seat
    if not 0 <= dealer < n:
        raise InputError(f"the dealer must be a seat 0-{n - 1}, not {dealer}", "dealer")
    st = game.settings
    calls = [parse_call(c) for c in pos.calls]
    try:
        auction = run_auction(n, calls, st, dealer)
    except IllegalAction as e:
        raise InputError(f"call {e.index + 1} ({calls[e.index]}) is illegal: {e.message} "
                         f"[{e.rule}]", "calls") from None
    bidder = auction.bidder if auction.done else None
    if auction.done and bidder is None:
        raise InputError("nobody bid: the hand was thrown in, so there is nothing to show",
                         "calls")
    if not auction.done and (pos.trump or pos.tricks or pos.discards):
        raise InputError("the auction is not finished (seat "
                         f"{auction.to_act} to call), so there can be no trump, discards or "
                         "tricks yet", "calls")
    # once taken, the kitty's cards are in the bidder's hand, discards or tricks
    kitty_taken = bidder is not None and (not st.trump_before_kitty or pos.trump is not None)
    every = [c for h in pos.hands for c in h] + list(pos.discards or ()) + \
        [c for t in pos.tricks for c in t] + ([] if kitty_taken else list(pos.kitty or ()))
    dup = find_duplicate(every)
    if dup is not None:
        places = _places(pos, dup)
        raise InputError(f"{dup} appears twice in the position ({' and '.join(places)})",
                         places[-1])
    if pos.kitty is not None and len(pos.kitty) != KITTY_SIZE:
        raise InputError(f"the kitty has {KITTY_SIZE} cards, not {len(pos.kitty)}", "kitty")
    if pos.discards is not None and len(pos.discards) > KITTY_SIZE:
        raise InputError(f"the bidder discards {KITTY_SIZE} cards, not {len(pos.discards)}",
                         "discards")

    # who played what: the leaders follow from the rules and the winners
    if pos.tricks and pos.trump is None:
        raise InputError("tricks were played, so trumps must have been named", "trump")
    played: list[list[Card]] = [[] for _ in range(n)]
    seq: list[tuple[int, Card]] = []
    leader = None
    if pos.tricks:
        b, d = bidder, dealer
        leader = {"dealer_left": (d + 1) % n, "bidder": b, "bidder_left": (b + 1) % n,
                  "bidder_right": (b - 1) % n}[st.first_lead]
        for i, t in enumerate(pos.tricks, 1):
            if not 1 <= len(t) <= n or (len(t) < n and i < len(pos.tricks)):
                raise InputError(f"a trick has one card from each of the {n} players, not "
                                 f"{len(t)}" + ("" if i == len(pos.tricks) else
                                                " (only the last trick may be unfinished)"),
                                 f"trick {i}")
            for j, c in enumerate(t):
                seat = (leader + j) % n
                played[seat].append(c)
                seq.append((seat, c))
            if len(t) == n:
                from .play import ranking
                leader = (leader + ranking(pos.trump, st.plain_ace_high).winner_index(t)) % n
        if len(pos.tricks) > 5 or (len(pos.tricks) == 5 and len(pos.tricks[-1]) == n):
            raise InputError("a hand has five tricks; a position shows a hand still in play "
                             "(at most four finished tricks and the fifth under way)", "tricks")

    used = set(every) | set(pos.kitty or ())
    spare = [c for c in sorted(Card._interned.values()) if c not in used]
    discards = list(pos.discards) if pos.discards is not None else []
    if bidder is not None and kitty_taken and pos.discards is None and (
            pos.trump is not None or pos.tricks):
        held = set(pos.hands[bidder]) | set(played[bidder])
        discards = [c for c in pos.kitty or () if c not in held]
        need = KITTY_SIZE - len(discards)
        discards, spare = discards + spare[:need], spare[need:]
    originals = []
    for s in range(n):
        have = len(pos.hands[s]) + len(played[s])
        if s == bidder and kitty_taken:
            need = 2 * HAND_SIZE - len(discards)
            what = (f"the bidder holds its 5 cards and the kitty's 5, less {len(discards)} "
                    f"discarded")
        else:
            need = HAND_SIZE
            what = "each player is dealt 5 cards"
        if have != need:
            raise InputError(f"seat {s} should hold {need - len(played[s])} cards ({what}"
                             + (f", {len(played[s])} played" if played[s] else "")
                             + f"), not {len(pos.hands[s])}", f"hand {s}")
        originals.append(list(played[s]) + list(pos.hands[s]))
    if bidder is not None and kitty_taken:
        ten = originals[bidder] + discards
        if pos.kitty is not None:
            stray = [c for c in pos.kitty if c not in ten]
            if stray:
                raise InputError(f"{stray[0]} was in the kitty, so the bidder (seat {bidder}) "
                                 "must hold, have played or discarded it", "kitty")
            kitty = list(pos.kitty)
        else:
            kitty = (discards + [c for c in ten if c not in discards])[:KITTY_SIZE]
        originals[bidder] = [c for c in ten if c not in kitty]
    else:
        kitty = list(pos.kitty) if pos.kitty is not None else spare[:KITTY_SIZE]
        if pos.kitty is None:
            spare = spare[KITTY_SIZE:]
    stock = [c for c in spare if c not in kitty]

    state = State55.initial(game)
    history = [ChooseDealer(dealer),
               Deal(tuple(tuple(h) for h in originals), (tuple(kitty), tuple(stock)))]
    history += [Call(s, c) for s, c in auction.calls]
    if bidder is not None:
        if st.trump_before_kitty and pos.trump is not None:
            history.append(NameTrump(bidder, pos.trump))
        history += [Discard(bidder, c) for c in discards]
        if not st.trump_before_kitty and pos.trump is not None:
            history.append(NameTrump(bidder, pos.trump))
    for a in history:
        state.play(a)
    while state.phase == "draw":
        state.play(Draw(state.to_act))
    for k, (seat, card) in enumerate(seq):
        trick_no = k // n + 1
        try:
            state.play(Play(seat, card))
        except IllegalAction as e:
            raise InputError(f"seat {seat} may not play {card}: {e.message} [{e.rule}]",
                             f"trick {trick_no}") from None
    assert state.phase != DEAL
    return state


def _places(pos: Position55, card: Card) -> list[str]:
    """Every place a card is written in a position, in the order of the notation."""
    out = [f"hand {s}" for s, h in enumerate(pos.hands) for c in h if c is card]
    out += ["kitty" for c in pos.kitty or () if c is card]
    out += ["discards" for c in pos.discards or () if c is card]
    out += [f"trick {i}" for i, t in enumerate(pos.tricks, 1) for c in t if c is card]
    return out


def state_to_position(state: State55) -> Position55:
    """The position of a state in the middle of a hand (after the deal)."""
    if state.phase in ("choose_dealer", "deal", "game_over"):
        raise InputError(f"no hand is in progress (phase {state.phase})", "state")
    deal = next(a for a in reversed(state.history) if isinstance(a, Deal))
    g = state.game
    tricks = [tuple(cs) for _, cs, _ in state.tricks]
    if state.trick:
        tricks.append(tuple(state.trick))
    return Position55(
        players=g.n, hands=tuple(tuple(h) for h in state.hands), dealer=state.dealer,
        rules=tuple((k, v) for k, v in g.settings.changed().items()),
        scores=tuple(state.scores), kitty=tuple(deal.extra[0]),
        calls=tuple(c for _, c in state.auction.calls),
        discards=tuple(state.discards) if state.bidder is not None and state.kitty_taken
        else None,
        trump=state.trump, tricks=tuple(tricks))


__all__ = ["Position55", "parse_position", "format_position", "position_to_state",
           "state_to_position"]
