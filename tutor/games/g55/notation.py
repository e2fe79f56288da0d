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

Under the house rule ``others_draw_max`` the other players' exchanges are ``exchange N:``
lines, one for each seat that has exchanged, in turn order from the dealer's left: the cards
it discarded, ``for``, the cards it drew (``exchange 1: 2C 3S for 8C JC``; ``none`` for a seat
that kept its cards); the seat exchanging now lists its discards so far, without ``for``
(nothing yet: ``exchange 1:``).  Without any such line nobody is taken to have exchanged.

A finished hand is a position too: with its five tricks played (the hands empty) it is the hand
just scored, and ``scores`` are the scores *before* it (the state adds the hand's points, and
may end the game); with every call made and nobody bidding (a redeal ``all_pass``) it is the
hand thrown in.  ``dealer`` is always the dealer of the hand shown.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...engine import settings as settings_mod
from ...engine.cards import Card, find_duplicate, format_cards, parse_cards, parse_suit
from ...engine.errors import IllegalAction, InputError
from ...engine.messages import many, msg, nmsg, render
from ...engine.notation import Lines, header
from ...engine.state import Call, ChooseDealer, Deal, Play
from ...engine.text import ascii_lower
from .auction import parse_call, run_auction
from .game import DEAL, OVER, Discard, Draw, Game55, NameTrump, State55
from .tables import HAND_SIZE, KITTY_SIZE, SETTINGS, first_leader


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
    # others_draw_max: (seat, discarded, drawn) by seat; drawn is None while the seat exchanges
    exchanges: tuple[tuple[int, tuple[Card, ...], tuple[Card, ...] | None], ...] = ()

    def __post_init__(self):
        # no dealer line means the last seat (55-SEATS, 56-SEATS): say so, so that a position
        # read without one equals the same position written out (which names the dealer)
        if self.dealer is None and type(self.players) is int:
            object.__setattr__(self, "dealer", self.players - 1)
        # settings in the order of the spec's table, values normalised (lists become tuples)
        rules = settings_mod.build(SETTINGS, dict(self.rules)).changed()
        object.__setattr__(self, "rules", tuple(rules.items()))
        object.__setattr__(self, "exchanges", tuple(sorted(
            (s, tuple(d), None if r is None else tuple(r)) for s, d, r in self.exchanges)))

    @property
    def dealer_seat(self) -> int:
        return self.players - 1 if self.dealer is None else self.dealer

    def game(self) -> Game55:
        return Game55(self.players, dict(self.rules), self.scores)


# -- parsing and formatting ----------------------------------------------------------------
KEYS = ("players", "dealer", "rules", "scores", "kitty", "calls", "discards", "trump")


def parse_position(text: str) -> Position55:
    """Read a position; an :class:`InputError` says what is wrong and on which line."""
    return read_position(text)[0]


def read_position(text: str) -> tuple[Position55, State55]:
    """Read a position and give its state too: reading checks every rule by building the
    state (:func:`position_to_state`), which is kept rather than built again."""
    lines = Lines(text, "55", KEYS, ("exchange",))
    n = lines.players()
    trump = lines.get("trump")
    kw = dict(players=n, hands=lines.hand_cards(n), rules=lines.rules(),
              dealer=lines.int("dealer"), scores=lines.ints("scores"), kitty=lines.cards("kitty"),
              discards=lines.cards("discards"), calls=lines.words("calls"),
              trump=None if trump is None else parse_suit(trump, where=lines.at("trump")),
              tricks=lines.trick_cards(),
              exchanges=tuple(_read_exchange(seat, value, f"line {no} (exchange {seat})")
                              for seat, (no, value) in sorted(lines.by_seat["exchange"].items())))
    try:
        pos = Position55(**kw)
        state = position_to_state(pos)  # every rule checked
    except InputError as e:
        raise lines.locate(e) from None
    return pos, state


def _read_exchange(seat: int, value: str, where: str):
    """``2C 3S for 8C JC`` (done), ``none`` (done, nothing exchanged), ``2C`` (under way)."""
    words = ascii_lower(value).split()
    if words == ["none"]:
        return seat, (), ()
    if "for" in words:
        i = words.index("for")
        if not words[:i] or words.count("for") > 1:
            raise InputError(render(msg("an exchange is the cards discarded, 'for', the cards "
                                        "drawn (or 'none')")), where)
        parts = value.split()
        return seat, tuple(parse_cards(" ".join(parts[:i]), where=where)), \
            tuple(parse_cards(" ".join(parts[i + 1:]), where=where))
    return seat, tuple(parse_cards(value, where=where)), None


def _exchange_text(discarded, drawn) -> str:
    if drawn is None:
        return format_cards(discarded)
    return f"{format_cards(discarded)} for {format_cards(drawn)}" if discarded else "none"


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
    out += [f"exchange {seat}: {_exchange_text(d, r)}".rstrip() for seat, d, r in pos.exchanges]
    out += [f"trick: {format_cards(t)}" for t in pos.tricks]
    return "\n".join(out) + "\n"


# -- to and from a game state -----------------------------------------------------------------
def position_to_state(pos: Position55) -> State55:
    """A :class:`State55` at this position, built by replaying a deal consistent with it.

    Unknown pieces (a kitty or discards not given, the undealt stock's order) are filled in
    with cards nobody holds; under ``others_draw_max`` without ``exchange`` lines nobody is
    taken to have exchanged.
    """
    game = pos.game()
    n, dealer = game.n, pos.dealer_seat
    if not 0 <= dealer < n:
        raise InputError(render(msg("the dealer must be a seat 0-{last}, not {dealer}",
                                    last=n - 1, dealer=dealer)), "dealer")
    st = game.settings
    calls = [parse_call(c) for c in pos.calls]
    try:
        auction = run_auction(n, calls, st, dealer)
    except IllegalAction as e:
        raise InputError(render(msg("call {number} ({call}) is illegal: {reason} [{rule}]",
                                    number=e.index + 1, call=calls[e.index], reason=e.message,
                                    rule=e.rule)), "calls") from None
    bidder = auction.bidder if auction.done else None
    if auction.done and bidder is None and (pos.trump or pos.tricks or pos.discards):
        raise InputError(render(msg("nobody bid: the hand was thrown in, so there can be no "
                                    "trump, discards or tricks")), "calls")
    if not auction.done and (pos.trump or pos.tricks or pos.discards):
        raise InputError(render(msg("the auction is not finished (seat {seat} to call), so there "
                                    "can be no trump, discards or tricks yet",
                                    seat=auction.to_act)), "calls")
    # once taken, the kitty's cards are in the bidder's hand, discards or tricks
    kitty_taken = bidder is not None and (not st.trump_before_kitty or pos.trump is not None)
    exchanges = _check_exchanges(pos, game, bidder, dealer)
    every = [c for h in pos.hands for c in h] + list(pos.discards or ()) + \
        [c for t in pos.tricks for c in t] + ([] if kitty_taken else list(pos.kitty or ())) + \
        [c for _, d, _ in exchanges for c in d]
    dup = find_duplicate(every)
    if dup is not None:
        places = _places(pos, dup)
        raise InputError(render(msg("{card} appears twice in the position ({places})",
                                    card=str(dup), places=many(places))), places[-1])
    if pos.kitty is not None and len(pos.kitty) != KITTY_SIZE:
        raise InputError(render(msg("the kitty has {size} cards, not {count}", size=KITTY_SIZE,
                                    count=len(pos.kitty))), "kitty")
    if pos.discards is not None and len(pos.discards) > KITTY_SIZE:
        raise InputError(render(msg("the bidder discards {size} cards, not {count}",
                                    size=KITTY_SIZE, count=len(pos.discards))), "discards")

    # who played what: the leaders follow from the rules and the winners
    if pos.tricks and pos.trump is None:
        raise InputError(render(msg("tricks were played, so trumps must have been named")),
                         "trump")
    played: list[list[Card]] = [[] for _ in range(n)]
    seq: list[tuple[int, Card]] = []
    leader = None
    if pos.tricks:
        leader = first_leader(st.first_lead, n, dealer, bidder)
        for i, t in enumerate(pos.tricks, 1):
            if not 1 <= len(t) <= n or (len(t) < n and i < len(pos.tricks)):
                raise InputError(render(
                    msg("a trick has one card from each of the {n} players, not {count}",
                        n=n, count=len(t)) if i == len(pos.tricks) else
                    msg("a trick has one card from each of the {n} players, not {count} (only "
                        "the last trick may be unfinished)", n=n, count=len(t))), f"trick {i}")
            for j, c in enumerate(t):
                seat = (leader + j) % n
                played[seat].append(c)
                seq.append((seat, c))
            if len(t) == n:
                from .play import ranking
                leader = (leader + ranking(pos.trump, st.plain_ace_high).winner_index(t)) % n
        if len(pos.tricks) > HAND_SIZE:
            raise InputError(render(msg("a hand has {size} tricks, not {count}", size=HAND_SIZE,
                                        count=len(pos.tricks))), "tricks")

    used = set(every) | set(pos.kitty or ())
    spare = [c for c in sorted(Card._interned.values()) if c not in used]
    discards = list(pos.discards) if pos.discards is not None else []
    if bidder is not None and kitty_taken and pos.discards is None and (
            pos.trump is not None or pos.tricks):
        held = set(pos.hands[bidder]) | set(played[bidder])
        discards = [c for c in pos.kitty or () if c not in held]
        need = KITTY_SIZE - len(discards)
        discards, spare = discards + spare[:need], spare[need:]
    swapped = {seat: (d, r or ()) for seat, d, r in exchanges}
    for seat, (_, drawn) in swapped.items():
        kept = list(pos.hands[seat]) + played[seat]
        for c in drawn:
            if c not in kept:
                raise InputError(render(msg("seat {seat} drew {card}, so it must hold it or have "
                                            "played it", seat=seat, card=str(c))),
                                 f"exchange {seat}")
            kept.remove(c)
    originals = []
    for s in range(n):
        out_, in_ = swapped.get(s, ((), ()))
        have = len(pos.hands[s]) + len(played[s]) + len(out_) - len(in_)
        bidder_ = s == bidder and kitty_taken
        need = 2 * HAND_SIZE - len(discards) if bidder_ else HAND_SIZE
        if have != need:
            raise InputError(render(_should_hold(
                s, need - have + len(pos.hands[s]), len(pos.hands[s]),
                len(discards) if bidder_ else None, len(played[s]),
                (len(out_), len(in_)) if s in swapped else None)), f"hand {s}")
        cards = list(played[s]) + list(pos.hands[s])
        for c in in_:
            cards.remove(c)
        originals.append(cards + list(out_))
    if bidder is not None and kitty_taken:
        ten = originals[bidder] + discards
        if pos.kitty is not None:
            stray = [c for c in pos.kitty if c not in ten]
            if stray:
                raise InputError(render(msg("{card} was in the kitty, so the bidder (seat "
                                            "{seat}) must hold, have played or discarded it",
                                            card=str(stray[0]), seat=bidder)), "kitty")
            kitty = list(pos.kitty)
        else:
            kitty = (discards + [c for c in ten if c not in discards])[:KITTY_SIZE]
        originals[bidder] = [c for c in ten if c not in kitty]
    else:
        kitty = list(pos.kitty) if pos.kitty is not None else spare[:KITTY_SIZE]
        if pos.kitty is None:
            spare = spare[KITTY_SIZE:]
    # the cards drawn in the exchanges came off the top of the stock, in turn order
    stock = [c for seat, _, r in exchanges for c in r or ()] + \
        [c for c in spare if c not in kitty]

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
    if exchanges:
        for seat, d, r in exchanges:
            try:
                for c in d:
                    state.play(Discard(seat, c))
                if r is not None:
                    state.play(Draw(seat))
            except IllegalAction as e:
                raise InputError(render(msg("seat {seat} may not exchange so: {reason} [{rule}]",
                                            seat=seat, reason=e.message, rule=e.rule)),
                                 f"exchange {seat}") from None
        if pos.tricks and state.phase == "draw":
            raise InputError(render(msg("seat {seat} has not exchanged yet, so no card has been "
                                        "played", seat=state.to_act)), f"exchange {state.to_act}")
    while state.phase == "draw" and not exchanges:  # nobody exchanged
        state.play(Draw(state.to_act))
    for k, (seat, card) in enumerate(seq):
        trick_no = k // n + 1
        try:
            state.play(Play(seat, card))
        except IllegalAction as e:
            raise InputError(render(msg("seat {seat} may not play {card}: {reason} [{rule}]",
                                        seat=seat, card=str(card), reason=e.message,
                                        rule=e.rule)), f"trick {trick_no}") from None
    return state


def _should_hold(seat: int, count: int, held: int, discarded: int | None, played: int,
                 exchanged: tuple[int, int] | None):
    """"seat 2 should hold 4 cards (each player is dealt 5 cards, 1 played), not 3": for the
    bidder once it has taken the kitty (``discarded``: how many it discarded), or another
    player (``exchanged``: how many it discarded and drew under others_draw_max; the bidder
    never exchanges, 55-D-DRAW, checked before)."""
    if discarded is not None:
        if played:
            return nmsg("seat {seat} should hold {n} card (the bidder holds its 5 cards and the "
                        "kitty's 5, less {discarded} discarded, {played} played), not {held}",
                        "seat {seat} should hold {n} cards (the bidder holds its 5 cards and the "
                        "kitty's 5, less {discarded} discarded, {played} played), not {held}",
                        count, seat=seat, discarded=discarded, played=played, held=held)
        return nmsg("seat {seat} should hold {n} card (the bidder holds its 5 cards and the "
                    "kitty's 5, less {discarded} discarded), not {held}",
                    "seat {seat} should hold {n} cards (the bidder holds its 5 cards and the "
                    "kitty's 5, less {discarded} discarded), not {held}",
                    count, seat=seat, discarded=discarded, held=held)
    if exchanged is not None:
        out, drawn = exchanged
        if played:
            return nmsg("seat {seat} should hold {n} card (each player is dealt 5 cards, "
                        "{played} played, {out} exchanged for {drawn}), not {held}",
                        "seat {seat} should hold {n} cards (each player is dealt 5 cards, "
                        "{played} played, {out} exchanged for {drawn}), not {held}",
                        count, seat=seat, played=played, out=out, drawn=drawn, held=held)
        return nmsg("seat {seat} should hold {n} card (each player is dealt 5 cards, {out} "
                    "exchanged for {drawn}), not {held}",
                    "seat {seat} should hold {n} cards (each player is dealt 5 cards, {out} "
                    "exchanged for {drawn}), not {held}",
                    count, seat=seat, out=out, drawn=drawn, held=held)
    if played:
        return nmsg("seat {seat} should hold {n} card (each player is dealt 5 cards, {played} "
                    "played), not {held}",
                    "seat {seat} should hold {n} cards (each player is dealt 5 cards, {played} "
                    "played), not {held}", count, seat=seat, played=played, held=held)
    return nmsg("seat {seat} should hold {n} card (each player is dealt 5 cards), not {held}",
                "seat {seat} should hold {n} cards (each player is dealt 5 cards), not {held}",
                count, seat=seat, held=held)


def _check_exchanges(pos: Position55, game: Game55, bidder, dealer: int) -> list:
    """The exchanges in turn order (55-D-DRAW): the seats from the dealer's left, the bidder
    left out; those that exchanged, then at most one exchanging now."""
    if not pos.exchanges:
        return []
    n, st = game.n, game.settings
    first = pos.exchanges[0][0]
    if not st.others_draw_max:
        raise InputError(render(msg("only the house rule others_draw_max lets the other players "
                                    "exchange")), f"exchange {first}")
    if bidder is None or pos.trump is None or (pos.discards is not None and
                                               len(pos.discards) != KITTY_SIZE):
        raise InputError(render(msg("the other players exchange once the bidder has discarded "
                                    "and named trumps")), f"exchange {first}")
    queue = [(dealer + 1 + i) % n for i in range(n) if (dealer + 1 + i) % n != bidder]
    given = {seat: (d, r) for seat, d, r in pos.exchanges}
    for seat in given:
        if seat not in queue:
            what = msg("the bidder does not exchange") if seat == bidder else \
                msg("with {n} players the seats are 0 to {last}", n=n, last=n - 1)
            raise InputError(render(what), f"exchange {seat}")
    order = [seat for seat in queue if seat in given]
    if order != queue[:len(order)]:
        skipped = next(seat for seat in queue if seat not in given)
        raise InputError(render(msg("the players exchange in turn from the dealer's left: seat "
                                    "{seat} comes first", seat=skipped)), f"exchange {order[-1]}")
    for seat in order[:-1]:
        if given[seat][1] is None:
            raise InputError(render(msg("seat {seat} is still exchanging, so the next seat has "
                                        "not begun", seat=seat)), f"exchange {seat}")
    for seat in order:
        d, r = given[seat]
        if r is not None and len(r) != len(d):
            raise InputError(render(msg("a player draws as many cards as it discarded: "
                                        "{discarded}, not {drawn}", discarded=len(d),
                                        drawn=len(r))), f"exchange {seat}")
    return [(seat, *given[seat]) for seat in order]


def _places(pos: Position55, card: Card) -> list[str]:
    """Every place a card is written in a position, in the order of the notation."""
    out = [f"hand {s}" for s, h in enumerate(pos.hands) for c in h if c is card]
    out += ["kitty" for c in pos.kitty or () if c is card]
    out += ["discards" for c in pos.discards or () if c is card]
    out += [f"exchange {s}" for s, d, _ in pos.exchanges for c in d if c is card]
    out += [f"trick {i}" for i, t in enumerate(pos.tricks, 1) for c in t if c is card]
    return out


def state_to_position(state: State55) -> Position55:
    """The position of the hand on the table: in progress (after the deal), or finished
    (scored, the game perhaps over, or thrown in), until the next deal."""
    if state.hand_dealer is None or state.auction is None:
        raise InputError(render(msg("no hand has been dealt (phase {phase})",
                                    phase=state.phase)), "state")
    deal = next(a for a in reversed(state.history) if isinstance(a, Deal))
    g = state.game
    tricks = [tuple(cs) for _, cs, _ in state.tricks]
    if state.trick:
        tricks.append(tuple(state.trick))
    scores = tuple(state.scores)
    if state.phase in (DEAL, OVER) and len(tricks) == HAND_SIZE:  # scored: the scores before
        scores = tuple(x - d for x, d in zip(scores, state.last_score.deltas))
    return Position55(
        players=g.n, hands=tuple(tuple(h) for h in state.hands), dealer=state.hand_dealer,
        rules=tuple((k, v) for k, v in g.settings.changed().items()),
        scores=scores, kitty=tuple(deal.extra[0]),
        calls=tuple(c for _, c in state.auction.calls),
        discards=tuple(state.discards) if state.bidder is not None and state.kitty_taken
        else None,
        trump=state.trump, tricks=tuple(tricks), exchanges=_exchanges(state, deal))


def _exchanges(state: State55, deal: Deal) -> tuple:
    """The other players' exchanges of this hand (others_draw_max), from its history."""
    if not state.game.settings.others_draw_max:
        return ()
    stock = list(deal.extra[1])
    out, pending = [], {}
    start = len(state.history) - 1 - state.history[::-1].index(deal)
    for a in state.history[start + 1:]:
        if type(a) is Discard and a.seat != state.bidder:
            pending.setdefault(a.seat, []).append(a.card)
        elif type(a) is Draw:
            d = tuple(pending.pop(a.seat, ()))
            out.append((a.seat, d, tuple(stock[:len(d)])))
            stock = stock[len(d):]
    if state.phase == "draw":  # the seat exchanging now
        out.append((state.to_act, tuple(pending.get(state.to_act, ())), None))
    return tuple(out)


__all__ = ["Position55", "parse_position", "read_position", "format_position", "position_to_state",
           "state_to_position"]
