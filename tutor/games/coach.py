"""The coach's search: what a seat knows, hidden hands consistent with it, and each candidate
card compared by playing it forward in many such deals.

A seat sees its own hand, the cards played and its own private cards (a 55 bidder's discards).
Every card it has not seen is in some other hand, or out of play (the 55 kitty and stock).  What
the plays prove is read with the game's own rules, never re-written here: a card a seat played
to a trick would have been illegal had the seat also held card ``x``
(``state.cards_allowed([card, x], trick)``) means the seat did not hold ``x`` then, so not now.
This is exactly what the rules make certain: a 55 player who trumps a plain lead may still hold
the suit, one who kept a top trump back on a trump lead (55-RENEGE) may hold nothing else, and
in 56 a player who did not follow is void.  A game may add what its auction shows (the 56
conventions) through its ``consistent`` hook, as a filter on whole deals.

:func:`compare` samples ``worlds`` such deals with a seeded ``random.Random`` (the same position
and seed, the same advice), plays each candidate card in each of them (common deals, so the
candidates are compared on the same cards), lets the game's policy play the rest of the hand,
and scores the end with the game's ``value`` hook.  Pure Python, standard library only.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Callable

from ..engine.cards import Card
from ..engine.errors import InputError
from ..engine.messages import msg, render
from ..engine.state import Play
from .registry import spec_of

__all__ = ["CoachHooks", "Knowledge", "Candidate", "Fact", "knowledge", "sample_hands", "world",
           "compare", "difference", "candidate_calls", "played_by", "playout", "strong",
           "LEVELS", "player", "play_facts", "same_side", "Z"]


@dataclass(frozen=True)
class CoachHooks:
    """What the coach needs of a game, beside its rules (``GameSpec.hooks["coach"]``)."""

    deck: Callable  # deck(game) -> every card of the game (a list, copies repeated)
    private_seen: Callable  # private_seen(state, seat) -> cards only that seat has seen
    value: Callable  # value(before, after, seat) -> (number, facts: dict) of a finished hand
    consistent: Callable | None = None  # consistent(state, seat, hands) -> bool (the auction)
    worlds: Callable | None = None  # worlds(state) -> how many deals to sample by default
    piles: Callable | None = None  # piles(state) -> names of the hidden piles (55: the kitty)
    calls: Callable | None = None  # calls(state, seat) -> the calls worth comparing (auction)
    noise: float = 0.0  # a difference of value too small to matter, whatever the deals say
    textbook: Callable | None = None  # textbook(state, seat, action) -> key: of cards the
    # search cannot tell apart, the one a textbook plays has the smallest key (None: no view)
    facts: Callable | None = None  # facts(state, seat, card) -> [Fact]: the game's own rules
    points: Callable | None = None  # points(cards) -> card points (a game that counts them)
    points_rule: str = ""  # the rule that gives the cards their points


@dataclass(frozen=True)
class Knowledge:
    """What ``seat`` knows of the hidden cards."""

    seat: int
    pool: tuple[Card, ...]  # every card it has not seen (copies repeated)
    sizes: dict  # other seat -> cards in its hand now
    excluded: dict  # other seat -> frozenset of cards its plays prove it does not hold


@dataclass
class Candidate:
    """One card compared: its average value and the facts averaged over the deals."""

    action: Play
    value: float
    facts: dict = field(default_factory=dict)  # name -> mean over the deals (chances, points)
    deals: int = 0
    values: tuple = ()  # its value in each deal, the deals in the same order for every card
    tied: bool = False  # not the best, but within the noise of the deals of the card chosen


Z = 2.0  # a difference within Z standard errors of the paired deals is "about the same"


def difference(a: Candidate, b: Candidate) -> tuple[float, float]:
    """``a``'s value less ``b``'s, and the standard error of that mean over the same deals
    (common random numbers: each deal's difference, so the luck of the deal cancels)."""
    d = [x - y for x, y in zip(a.values, b.values)]
    if len(d) < 2:
        return a.value - b.value, 0.0
    mean = sum(d) / len(d)
    var = sum((x - mean) ** 2 for x in d) / (len(d) - 1)
    return mean, (var / len(d)) ** 0.5


def close(a: Candidate, b: Candidate, floor: float) -> bool:
    """Can the deals not tell ``a`` from ``b``: a difference below ``floor`` or inside Z
    standard errors?"""
    d, se = difference(a, b)
    return abs(d) <= max(floor, Z * se)


def played_by(state) -> list[tuple[int, Card, list[Card]]]:
    """Every card played in the hand on the table: (seat, card, the trick before it)."""
    n = state.game.n
    out = []
    tricks = [(ld, cs) for ld, cs, _ in state.tricks]
    if state.trick:
        tricks.append((state.leader, state.trick))
    for leader, cards in tricks:
        for i, card in enumerate(cards):
            out.append(((leader + i) % n, card, cards[:i]))
    return out


def knowledge(state, seat: int | None = None) -> Knowledge:
    """What ``seat`` (default: the player to act) knows of the others' hands now."""
    seat = state.to_act if seat is None else seat
    if state.is_chance or state.is_terminal or seat is None:
        raise InputError(render(msg("the coach advises a player who is to act, and nobody is "
                                    "now (phase {phase})", phase=state.phase)), "state")
    hooks = spec_of(state).hook("coach")
    pool = list(hooks.deck(state.game))
    played = played_by(state)
    for card in [c for _, c, _ in played] + list(state.hands[seat]) + \
            list(hooks.private_seen(state, seat)):
        pool.remove(card)
    kinds = list(dict.fromkeys(pool))
    excluded: dict[int, set] = {s: set() for s in range(state.game.n) if s != seat}
    allowed = state.cards_allowed
    for s, card, before in played:
        if s == seat or not before:
            continue
        for x in kinds:
            if x not in excluded[s] and card not in allowed([card, x], before):
                excluded[s].add(x)
    sizes = {s: len(state.hands[s]) for s in excluded}
    return Knowledge(seat, tuple(pool), sizes, {s: frozenset(v) for s, v in excluded.items()})


def _greedy(know: Knowledge, rng: random.Random) -> dict | None:
    """One random deal of the pool to the other seats, the most constrained seat first;
    ``None`` if the random choices left a seat without enough cards it may hold."""
    pool = list(know.pool)
    rng.shuffle(pool)
    seats = sorted(know.sizes, key=lambda s: (sum(c not in know.excluded[s] for c in pool)
                                              - know.sizes[s], s))
    hands = {}
    for s in seats:
        bad = know.excluded[s]
        take = [i for i, c in enumerate(pool) if c not in bad][:know.sizes[s]]
        if len(take) < know.sizes[s]:
            return None
        hands[s] = [pool[i] for i in take]
        for i in reversed(take):
            del pool[i]
    return hands


def _matching(know: Knowledge, rng: random.Random) -> dict | None:
    """A deal by augmenting paths (slots of each seat to cards): one exists whenever any does."""
    pool = list(know.pool)
    rng.shuffle(pool)
    slots = [s for s in sorted(know.sizes) for _ in range(know.sizes[s])]
    owner: list[int | None] = [None] * len(pool)  # card index -> slot index

    def place(slot: int, seen: set) -> bool:
        bad = know.excluded[slots[slot]]
        for i, c in enumerate(pool):
            if i in seen or c in bad:
                continue
            seen.add(i)
            if owner[i] is None or place(owner[i], seen):
                owner[i] = slot
                return True
        return False

    for slot in range(len(slots)):
        if not place(slot, set()):
            return None
    hands: dict[int, list] = {s: [] for s in know.sizes}
    for i, slot in enumerate(owner):
        if slot is not None:
            hands[slots[slot]].append(pool[i])
    return hands


def sample_hands(state, know: Knowledge, rng: random.Random, tries: int = 30) -> dict:
    """Hands for the other seats consistent with ``know`` (and the game's ``consistent`` hook
    when a deal meeting it is found in ``tries``); an :class:`InputError` if none exists,
    which only a position contradicting its own plays can cause."""
    hooks = spec_of(state).hook("coach")
    fallback = None
    for _ in range(tries):
        hands = _greedy(know, rng)
        if hands is None:
            continue
        if hooks.consistent is None or hooks.consistent(state, know.seat, hands):
            return hands
        fallback = fallback or hands
    if fallback is not None:
        return fallback
    hands = _matching(know, rng)
    if hands is None:
        raise InputError(render(msg("no deal of the unseen cards agrees with the plays made")),
                         "position")
    return hands


def world(state, hands: dict, know: Knowledge | None = None,
          rng: random.Random | None = None):
    """A copy of ``state`` with the other seats holding ``hands`` and, given what the seat
    knows (``know``) and ``rng``, the game's hidden piles (the 55 kitty, before the bidder
    takes it) dealt the rest of the unseen cards."""
    w = state.copy()
    for s, cards in hands.items():
        w.hands[s] = list(cards)
    piles = spec_of(state).hook("coach").piles
    if know is not None and piles is not None:
        rest = list(know.pool)
        for cards in hands.values():
            for c in cards:
                rest.remove(c)
        (rng or random.Random(0)).shuffle(rest)
        for name in piles(state):
            size = len(getattr(state, name))
            setattr(w, name, rest[:size])
            rest = rest[size:]
    return w


def playout(state, policy) -> None:
    """Let ``policy`` play every seat until the hand on the table is over."""
    hand_no, deal, over = state.hand_no, state.DEAL_PHASE, state.OVER_PHASE
    while state.hand_no == hand_no and state.phase != deal and state.phase != over:
        state.push(policy(state))


def _unsettled(top: Candidate, c: Candidate, floor: float) -> bool:
    """Could more deals change whether ``c`` is tied with ``top``: a difference that matters
    (above ``floor``) but within 3 standard errors?"""
    d, se = difference(top, c)
    return floor < d < 3 * se


EARLY = 12  # the fewest deals after which a clear best card stops the search (half of them)


def _decided(out: list[Candidate], floor: float) -> bool:
    """After the first half of the deals, is the best card ahead of every other by more than
    ``floor`` and by more than 3 standard errors (so the rest of the deals could hardly make
    it a near-tie)?  Then the search stops there: the same answer, in half the time."""
    top = out[0]
    for c in out[1:]:
        d, se = difference(top, c)
        if d <= max(floor, 3 * se):
            return False
    return True


def compare(state, seat: int | None = None, *, worlds: int | None = None, seed: int = 0,
            policy=None, candidates=None, more: int = 1, textbook: bool = True
            ) -> list[Candidate]:
    """Every distinct legal action of the player to act (a card, or in the auction a call),
    best first, each played forward in the same ``worlds`` sampled deals by ``policy``
    (default: the game's bot, which then also makes the seat's later choices).

    Half the deals are played first; where they already put the best card clearly ahead of every
    other (:func:`_decided`), that is the answer.  Where the best cards are too close for the
    deals to tell, up to ``more`` times as many deals are played (the same deals again first:
    the same seed).  Of the cards the deals still cannot tell from the best (:func:`close`),
    the game's ``textbook`` hook picks the one a textbook would play (fewer points given away,
    the lower of two cards doing the same job); it comes first, the others follow by value,
    those it tied with marked ``tied``."""
    seat = state.to_act if seat is None else seat
    if seat != state.to_act:
        raise InputError(render(msg("it is seat {turn}'s turn, not seat {seat}'s",
                                    turn=state.to_act, seat=seat)), "seat")
    spec = spec_of(state)
    hooks = spec.hook("coach")
    policy = policy or spec.bot
    know = knowledge(state, seat)
    moves = candidates or list(dict.fromkeys(state.legal_actions()))
    if worlds is None:
        worlds = hooks.worlds(state) if hooks.worlds else 24
    rng = random.Random(seed)
    values: dict = {m: [] for m in moves}
    sums: dict = {m: {} for m in moves}

    def play(count: int) -> None:
        for _ in range(count):
            base = world(state, sample_hands(state, know, rng), know, rng)
            for m in moves:
                w = base.copy()
                w.push(m)
                playout(w, policy)
                v, facts = hooks.value(state, w, seat)
                values[m].append(v)
                t = sums[m]
                for k, x in facts.items():
                    t[k] = t.get(k, 0.0) + x

    def ranked() -> list[Candidate]:
        out = []
        for m in moves:
            k = max(len(values[m]), 1)
            out.append(Candidate(m, sum(values[m]) / k, {n: x / k for n, x in sums[m].items()},
                                 len(values[m]), tuple(values[m])))
        order = {m: i for i, m in enumerate(moves)}  # a tie keeps the legal actions' order
        out.sort(key=lambda c: (-round(c.value, 9), order[c.action]))
        return out

    if len(moves) < 2:
        return ranked()
    first = min(worlds, max(EARLY, worlds // 2))
    play(first)
    out = ranked()
    if first < worlds and not _decided(out, hooks.noise):
        play(worlds - first)  # the same deals as one run of ``worlds``: the seed's sequence
        out = ranked()
    for _ in range(more - 1):  # more deals while a close card is neither tied nor beaten
        top = out[0]
        if not any(_unsettled(top, c, hooks.noise) for c in out[1:]):
            break
        play(worlds)
        out = ranked()
    top = out[0]
    tied = [c for c in out[1:] if close(top, c, hooks.noise)]
    if textbook and hooks.textbook is not None and tied:
        order = {m: i for i, m in enumerate(moves)}
        pick = min([top] + tied, key=lambda c: (hooks.textbook(state, seat, c.action),
                                                c is not top, order[c.action]))
        rest = [c for c in out if c is not pick]
        for c in rest:
            c.tied = close(pick, c, hooks.noise)
        return [pick] + rest
    for c in tied:
        c.tied = True
    return out


def candidate_calls(state, seat: int | None = None) -> list:
    """The calls the coach compares for the seat to act in the auction (the game's ``calls``
    hook: every legal call of 55, the conventional few of 56)."""
    seat = state.to_act if seat is None else seat
    calls = spec_of(state).hook("coach").calls
    return calls(state, seat) if calls else list(dict.fromkeys(state.legal_actions()))


FEW = 6  # a phase with at most this many choices (55's trumps, 56's surrender) is searched


def strong(state, worlds: int | None = None, seed: int = 0):
    """The "strong" tutor: the search's best card in the play, best call in the auction and
    best of a few choices (the 55 trumps); the bot's choice where there are many (the 55
    discards)."""
    if state.phase == state.PLAY_PHASE:
        return compare(state, worlds=worlds, seed=seed)[0].action
    if state.phase == "auction":
        return compare(state, worlds=worlds, seed=seed,
                       candidates=candidate_calls(state))[0].action
    if 1 < len(set(state.legal_actions())) <= FEW:
        return compare(state, worlds=worlds, seed=seed)[0].action
    return spec_of(state).bot(state)


LEVELS = ("beginner", "strong")  # the tutor's strength: the bot alone, or the bot and search


def player(state, level: str = "beginner"):
    """The action of the player to act at tutor strength ``level``."""
    if level == "strong":
        return strong(state)
    if level != "beginner":
        raise InputError(render(msg("unknown tutor strength {level} (known: {known})",
                                    level=repr(level), known=", ".join(LEVELS))), "level")
    return spec_of(state).bot(state)


# -- the facts of a card: what the rules make true of it, checked by tests/test_coach_facts.py --
@dataclass(frozen=True)
class Fact:
    """One thing the rules make true of a card in a position, for the coach to say.

    ``code`` says what (generic codes below; a game's ``facts`` hook adds its own), ``cards``
    the cards it is about beside the card itself, ``number`` a count where it has one (card
    points, a seat), ``rule`` the rule ID that makes it so."""

    code: str
    cards: tuple = ()
    number: int | None = None
    rule: str = ""


# generic codes:
#   only_card        the only legal card (rule: why it is legal)
#   partner_winning  cards: (the winning card,); number: the seat
#   opponent_winning cards: (the winning card,); number: the seat
#   wins_now         it beats every card in the trick so far (cards: the card it beats)
#   cannot_win       it does not (cards: the winning card)
#   none_wins        no legal card wins the trick now
#   cheapest_winner  it wins, and every other legal card that wins ranks above it (cards)
#   lowest_in_suit   no other card of its suit in the hand ranks below it (cards: the others)
#   lowest_of_suit   no card of its suit in the pack ranks below it
#   best_left        a lead: no card of its suit still unseen ranks above it
#   points           number: its card points (a game that counts them)
#   trick_points     number: the card points in the trick so far


def same_side(state, a: int, b: int) -> bool:
    """Are seats ``a`` and ``b`` on one side (a 56 team, a 55 side of a partnership game)?"""
    team_of = getattr(state, "team_of", None)
    if team_of is not None:
        return team_of(a) == team_of(b)
    return state.game.side_of[a] == state.game.side_of[b]


def _beats(rk, trick, card) -> bool:
    return rk.winner_index(list(trick) + [card]) == len(trick)


def _suit_rule(rk, card) -> str:
    return rk.rules["trump"] if rk.is_trump[card.index] else rk.rules["plain"]


def play_facts(state, seat: int, card: Card) -> tuple[Fact, ...]:
    """What the rules make true of ``card`` played now by ``seat``, from the position (the
    trick, the hand, the legal cards, the cards seen) and the game's lookup tables."""
    hooks = spec_of(state).hook("coach")
    rk, trick, hand = state.rk, list(state.trick), list(state.hands[seat])
    legal = list(dict.fromkeys(state.cards_allowed(hand, trick)))
    out: list[Fact] = []
    if len(legal) == 1:
        why = state.why_legal(Play(seat, card))
        ids = [w for w in why.replace("(", " ").replace(")", " ").replace(",", " ").split()
               if w[:3] in ("55-", "56-")]
        out.append(Fact("only_card", rule=ids[0].rstrip(".;:") if ids else ""))
    suit = rk.effective_suit(card)
    same = [c for c in dict.fromkeys(hand) if c != card and rk.effective_suit(c) == suit]
    if same and all(rk.power(c, suit) > rk.power(card, suit) for c in same):
        out.append(Fact("lowest_in_suit", tuple(same), rule=_suit_rule(rk, card)))
    pack = [c for c in dict.fromkeys(hooks.deck(state.game)) if c != card and
            rk.effective_suit(c) == suit]
    if pack and all(rk.power(c, suit) > rk.power(card, suit) for c in pack):
        out.append(Fact("lowest_of_suit", rule=_suit_rule(rk, card)))
    if hooks.points is not None:
        out.append(Fact("points", number=hooks.points([card]), rule=hooks.points_rule))
    if not trick:
        seen = {c for _, c, _ in played_by(state)} | set(hand)
        unseen = [c for c in hooks.deck(state.game) if c not in seen or c == card]
        above = [c for c in unseen if rk.effective_suit(c) == suit and
                 rk.power(c, suit) > rk.power(card, suit)]
        if not above:
            out.append(Fact("best_left", rule=_suit_rule(rk, card)))
    else:
        w = rk.winner_index(trick)
        w_seat, w_card = (state.leader + w) % state.n, trick[w]
        out.append(Fact("partner_winning" if same_side(state, w_seat, seat) else
                        "opponent_winning", (w_card,), w_seat))
        if hooks.points is not None:
            out.append(Fact("trick_points", number=hooks.points(trick)))
        winners = [c for c in legal if _beats(rk, trick, c)]
        led = rk.effective_suit(trick[0])
        if card in winners:
            out.append(Fact("wins_now", (w_card,), rule=rk.rules["win"]))
            dearer = tuple(c for c in winners if c != card)
            if dearer and all(rk.power(c, led) > rk.power(card, led) for c in dearer):
                out.append(Fact("cheapest_winner", dearer, rule=_suit_rule(rk, card)))
        else:
            out.append(Fact("cannot_win", (w_card,), rule=rk.rules["win"]))
            if not winners:
                out.append(Fact("none_wins", rule=rk.rules["win"]))
    if hooks.facts is not None:
        out.extend(hooks.facts(state, seat, card))
    return tuple(out)
