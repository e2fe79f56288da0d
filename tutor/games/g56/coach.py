"""What the coach needs of 56: the stripped packs, a hand's value, and what the bids showed."""

from __future__ import annotations

from ..coach import CoachHooks, played_by
from .conventions import explain_auction, seat_showing
from .play import card_points


def value(before, after, seat: int) -> tuple[float, dict]:
    """Tables gained by the seat's partnership, then card points taken (a tie-break: a point
    is a fiftieth of a table); with the facts a learner reads."""
    team = before.team_of(seat)
    partnership = before.partnership_of_team(team)
    tables = after.tables[partnership] - before.tables[partnership]
    points = card_points(c for _, cs, w in after.tricks if before.team_of(w) == team
                         for c in cs)
    facts = {"tables": tables, "points": points,
             "ours": float(before.contract is not None and before.contract.team == team)}
    number = len(before.tricks)
    if number < len(after.tricks):
        facts["trick"] = float(before.team_of(after.tricks[number][2]) == team)
    s = after.last_settlement
    if s is not None:
        facts["made"] = float(s.made)
    return tables + points / 50, facts


_SHOWN: dict = {}


def consistent(state, seat: int, hands: dict) -> bool:
    """Does every other seat's hand, with the cards it has played, hold what its bids showed
    by the conventions (56-CONV)?"""
    a = state.auction
    if a is None or not a.calls:
        return True
    # by content, never by id(): a freed auction's id is reused by another
    key = (a.n, a.dealer, a.settings, tuple((s, str(c)) for s, c in a.calls))
    shown = _SHOWN.get(key)
    if shown is None:
        meanings = explain_auction(a)
        shown = {s: seat_showing(meanings, s) for s in {m.seat for m in meanings}}
        if len(_SHOWN) > 64:
            _SHOWN.clear()
        _SHOWN[key] = shown
    played: dict[int, list] = {}
    for s, card, _ in played_by(state):
        played.setdefault(s, []).append(card)
    for s, showing in shown.items():
        if s == seat or s not in hands:
            continue
        if not showing.backed_by(list(hands[s]) + played.get(s, [])):
            return False
    return True


HOOKS = CoachHooks(deck=lambda game: list(game.deck), private_seen=lambda state, seat: [],
                   value=value, consistent=consistent, worlds=lambda state: 32)
