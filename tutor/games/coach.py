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
from ..engine.state import Play
from .registry import spec_of

__all__ = ["CoachHooks", "Knowledge", "Candidate", "knowledge", "sample_hands", "world",
           "compare", "candidate_calls", "played_by", "playout", "strong", "LEVELS", "player"]


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
        raise InputError("the coach advises a player who is to act, and nobody is now "
                         f"(phase {state.phase})", "state")
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
        raise InputError("no deal of the unseen cards agrees with the plays made", "position")
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


def compare(state, seat: int | None = None, *, worlds: int | None = None, seed: int = 0,
            policy=None, candidates=None) -> list[Candidate]:
    """Every distinct legal action of the player to act (a card, or in the auction a call),
    best first, each played forward in the same ``worlds`` sampled deals by ``policy``
    (default: the game's bot, which then also makes the seat's later choices)."""
    seat = state.to_act if seat is None else seat
    if seat != state.to_act:
        raise InputError(f"it is seat {state.to_act}'s turn, not seat {seat}'s", "seat")
    spec = spec_of(state)
    hooks = spec.hook("coach")
    policy = policy or spec.bot
    know = knowledge(state, seat)
    moves = candidates or list(dict.fromkeys(state.legal_actions()))
    if worlds is None:
        worlds = hooks.worlds(state) if hooks.worlds else 24
    rng = random.Random(seed)
    totals = {m: [0.0, {}] for m in moves}
    if len(moves) > 1:
        for _ in range(worlds):
            base = world(state, sample_hands(state, know, rng), know, rng)
            for m in moves:
                w = base.copy()
                w.push(m)
                playout(w, policy)
                v, facts = hooks.value(state, w, seat)
                t = totals[m]
                t[0] += v
                for k, x in facts.items():
                    t[1][k] = t[1].get(k, 0.0) + x
    else:
        worlds = 0
    out = []
    for m in moves:
        v, facts = totals[m]
        k = max(worlds, 1)
        out.append(Candidate(m, v / k, {name: x / k for name, x in facts.items()}, worlds))
    # best first; a tie keeps the order of the legal actions (the hand's order)
    order = {m: i for i, m in enumerate(moves)}
    out.sort(key=lambda c: (-round(c.value, 9), order[c.action]))
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
        raise InputError(f"unknown tutor strength {level!r} (known: {', '.join(LEVELS)})",
                         "level")
    return spec_of(state).bot(state)
