"""Scoring a hand of 55 and the race to the target (rules/55.md sections 6 and 7).

Everything is per *side*: with no teams each seat is its own side.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from ...engine.cards import Card
from ...engine.messages import msg, render
from ...engine.settings import Settings
from .play import ranking


@dataclass(frozen=True)
class HandScore:
    """The result of one hand, per side, with the reasons a tutor can narrate."""

    points: tuple[int, ...]  # hand points (tricks and bonus)
    tricks: tuple[int, ...]  # tricks won
    bonus_side: int | None  # who won the trick holding the best trump played
    best_trump: Card | None
    bidding_side: int
    bid: int
    made: bool
    deltas: tuple[int, ...]
    winner: int | None  # the side that won the game in this hand
    reached: tuple[int, ...]  # sides in the order they reached the target (secured order)
    lines: tuple[str, ...] = field(default=())


def side_of_seats(n: int, teams) -> list[int]:
    """seat -> side (each seat alone when ``teams`` is None)."""
    if not teams:
        return list(range(n))
    side = [0] * n
    for k, members in enumerate(teams):
        for s in members:
            side[s] = k
    return side


def score_hand(n: int, bidder: int, bid: int, trump: str,
               tricks: Sequence[tuple[int, Sequence[Card]]], settings: Settings,
               before: Sequence[int] | None = None, target: int | None = None) -> HandScore:
    """Score a played hand.  ``tricks`` are (winner seat, cards) in play order."""
    teams = settings.teams
    side = side_of_seats(n, teams)
    k = len(teams) if teams else n
    before = list(before) if before is not None else [0] * k
    target = settings.target_score if target is None else target
    rk = ranking(trump, settings.plain_ace_high)
    trump_rank = rk.trump_rank

    best, best_trick = None, None
    for t, (_, cards) in enumerate(tricks):
        for c in cards:
            r = trump_rank[c.index]
            if r >= 0 and (best is None or r < trump_rank[best.index]):
                best, best_trick = c, t
    won = [0] * k
    for w, _ in tricks:
        won[side[w]] += 1
    bonus_side = side[tricks[best_trick][0]] if best is not None else None
    points = [5 * w for w in won]
    if bonus_side is not None:
        points[bonus_side] += 5

    b = side[bidder]
    win60, lose60 = settings.sixty
    lines = []
    if bid == 60:
        made = won[b] == len(tricks)
        gain_b = win60 if made else lose60
    else:
        made = points[b] >= bid
        gain_b = (points[b] if settings.bidder_scores == "points" else bid) if made else -bid
    cap = settings.non_bidder_cap
    gains = []
    for s in range(k):
        if s == b:
            gains.append(gain_b)
        elif cap is None:
            gains.append(points[s])
        else:
            gains.append(min(points[s], max(0, cap - before[s])))

    reached = _secured_order(side, b, bid, made, gain_b, tricks, best_trick, before, target,
                             settings)
    winner = _winner(b, made, gains, reached, before, target, settings)

    if best is not None:
        lines.append(render(msg("Best trump played: {card}, worth 5 to whoever won its trick.",
                                card=best.unicode)))
    else:
        lines.append(render(msg("No trump was played: nobody gets the best-trump bonus.")))
    return HandScore(tuple(points), tuple(won), bonus_side, best, b, bid, made, tuple(gains),
                     winner, tuple(reached), tuple(lines))


def _secured_order(side, b, bid, made, gain_b, tricks, best_trick, before, target, settings):
    """Sides in the order they reach the target while the hand is replayed trick by trick."""
    rule = settings.race_rule
    cap = settings.non_bidder_cap
    running = [0] * len(before)
    order = []
    last = len(tricks) - 1
    for t, (w, _) in enumerate(tricks):
        s = side[w]
        running[s] += 10 if t == best_trick else 5
        if s in order:
            continue
        if s != b:
            gain = running[s] if cap is None else min(running[s], max(0, cap - before[s]))
            total = before[s] + gain
        elif not made:
            continue
        elif bid == 60:
            if t != last:
                continue
            total = before[s] + gain_b
        elif rule == "retroactive":
            total = before[s] + min(running[s], gain_b)
        else:
            if running[s] < bid:
                continue
            total = before[s] + (running[s] if settings.bidder_scores == "points" else bid)
        if total >= target:
            order.append(s)
    return order


def _winner(b, made, gains, reached, before, target, settings):
    final = [x + g for x, g in zip(before, gains)]
    if settings.only_bidder_can_win:
        return b if made and final[b] >= target else None
    rule = settings.race_rule
    if rule == "bidder_first":
        if made and final[b] >= target:
            return b
        others = [s for s in reached if s != b]
        return others[0] if others else None
    if rule == "highest_total":
        cands = [s for s in reached if final[s] >= target]
        if not cands:
            return None
        top = max(final[s] for s in cands)
        return next(s for s in cands if final[s] == top)
    return reached[0] if reached else None
