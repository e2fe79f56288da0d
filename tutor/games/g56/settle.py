"""Settling a hand of 56 in tables (rules/56.md section 5)."""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.errors import InputError
from ...engine.settings import Settings
from .tables import MAX_BID, MIN_BID, TOTAL_POINTS, tier


@dataclass(frozen=True)
class Settlement:
    made: bool
    owed: int  # what the paying team owed
    paid: int  # what moved (56-PAY-ALL: at most what the payer held)
    payer: int  # the hand's team that paid
    tables: tuple[int, int]  # after the transfer, team 0 first
    match_winner: int | None
    text: str


def check_settle_input(tables, bidding_team, bid, multiplier, points, settings: Settings):
    """Input errors for a settlement question (rules/56.md section 7, ``settle``)."""
    def whole(v):
        return isinstance(v, int) and not isinstance(v, bool)

    if not whole(points) or not 0 <= points <= TOTAL_POINTS:
        raise InputError(f"points must be 0-56, not {points!r}", "points")
    if not whole(bid) or not MIN_BID <= bid <= MAX_BID:
        raise InputError(f"a bid is 28-56, not {bid!r}", "bid")
    if bidding_team not in (0, 1) or isinstance(bidding_team, bool):
        raise InputError(f"the bidding team is 0 or 1, not {bidding_team!r}", "bidding_team")
    if multiplier not in (1, 2, settings.redouble_mult) or isinstance(multiplier, bool):
        raise InputError(f"the multiplier is 1, 2 or {settings.redouble_mult}, not "
                         f"{multiplier!r}", "multiplier")
    total = 2 * settings.start_tables
    if not isinstance(tables, (list, tuple)) or len(tables) != 2 or not all(
            whole(t) and t >= 0 for t in tables) or sum(tables) != total:
        raise InputError(f"tables are two whole numbers adding up to {total}, not {tables!r}",
                         "tables")
    if settings.elimination == "zero_tables" and 0 in tables:
        raise InputError("a team with no tables has already lost the match (56-ELIM)",
                         "tables")


def settle(tables, bidding_team: int, bid: int, multiplier: int, points: int,
           settings: Settings, all_tricks: bool = False, cot: str | None = None) -> Settlement:
    """Move tables after a hand.  ``points``: the bidding team's card points.

    Under the ``cot`` setting, ``all_tricks`` says the bidding team won every trick, and
    ``cot`` is ``None`` (no surrender offered), ``"accepted"`` or ``"refused"``.
    """
    made_amount, failed_amount = tier(bid, settings)
    made = points >= bid
    if settings.cot and cot == "accepted":
        made, amount = True, made_amount * multiplier
    elif settings.cot and all_tricks:
        made, amount = True, 2 * made_amount * multiplier
    elif settings.cot and cot == "refused":
        made, amount = False, 2 * failed_amount * multiplier
    else:
        amount = (made_amount if made else failed_amount) * multiplier
    payer = 1 - bidding_team if made else bidding_team
    held = tables[payer]
    paid = min(amount, held)
    after = list(tables)
    after[payer] -= paid
    after[1 - payer] += paid
    if settings.elimination == "cannot_pay":
        loser = payer if amount > held else None
    else:
        loser = payer if after[payer] == 0 else None
    winner = None if loser is None else 1 - loser
    what = "made" if made else "failed"
    text = (f"Contract {bid} {what}: team {payer} owes {amount} table"
            f"{'' if amount == 1 else 's'}" + (f" and pays the {paid} it holds" if paid < amount
                                               else "") + ".")
    return Settlement(made, amount, paid, payer, (after[0], after[1]), winner, text)
