"""What the coach needs of 55: the pack, what a seat saw privately, and a hand's value."""

from __future__ import annotations

from ...engine.cards import standard_deck
from ..coach import CoachHooks


def private_seen(state, seat: int) -> list:
    """The bidder's discards (dead, seen only by the bidder) and a seat's own exchanges."""
    own = list(state.discards) if seat == state.bidder else []
    return own + [c for s, c in state.other_discards if s == seat]


def value(before, after, seat: int) -> tuple[float, dict]:
    """The seat's side's score change, less a quarter of the others' average (a bidder beaten
    helps every other side in the race; weighing it fully costs the seat its own points: see
    bench/coach.py); with the facts a learner reads."""
    g = before.game
    side = g.side_of[seat]
    deltas = [a - b for a, b in zip(after.scores, before.scores)]
    others = [d for i, d in enumerate(deltas) if i != side]
    bidder = before.bidder if before.bidder is not None else after.bidder
    facts = {"score": deltas[side],
             "ours": float(bidder is not None and g.side_of[bidder] == side)}
    number = len(before.tricks)
    if number < len(after.tricks):
        facts["trick"] = float(g.side_of[after.tricks[number][2]] == side)
    sc = after.last_score
    if sc is not None and after.hand_no == before.hand_no:
        facts["points"] = sc.points[side]
        facts["made"] = float(sc.made)
        facts["bonus"] = float(sc.bonus_side == side)
        if before.phase != before.PLAY_PHASE and facts["ours"]:  # a call, trumps, a discard
            facts["made ours"] = float(sc.made)
            facts["tricks ours"] = float(sc.tricks[side])
            facts["points ours"] = float(sc.points[side])
            facts["all five"] = float(sc.tricks[side] == len(after.tricks))
            facts[f"trump {after.trump}"] = 1.0
    return deltas[side] - 0.25 * sum(others) / max(len(others), 1), facts


HOOKS = CoachHooks(deck=lambda game: standard_deck(), private_seen=private_seen, value=value,
                   worlds=lambda state: 40, piles=lambda state: ("kitty", "stock"))
