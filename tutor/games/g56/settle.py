"""Settling a hand of 56 in tables (rules/56.md section 5)."""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.errors import InputError
from ...engine.messages import Msg, msg, nmsg, render
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
    said: Msg  # the settlement in words: "Contract 30 made: team 1 owes 1 table."

    @property
    def text(self) -> str:
        """The settlement worded in the current language."""
        return render(self.said)


def check_settle_input(tables, bidding_team, bid, multiplier, points, settings: Settings):
    """Input errors for a settlement question (rules/56.md section 7, ``settle``)."""
    def whole(v):
        return isinstance(v, int) and not isinstance(v, bool)

    if not whole(points) or not 0 <= points <= TOTAL_POINTS:
        raise InputError(render(msg("points must be 0-56, not {points}", points=repr(points))),
                         "points")
    if not whole(bid) or not MIN_BID <= bid <= MAX_BID:
        raise InputError(render(msg("a bid is 28-56, not {bid}", bid=repr(bid))), "bid")
    if bidding_team not in (0, 1) or isinstance(bidding_team, bool):
        raise InputError(render(msg("the bidding team is 0 or 1, not {team}",
                                    team=repr(bidding_team))), "bidding_team")
    if multiplier not in (1, 2, settings.redouble_mult) or isinstance(multiplier, bool):
        raise InputError(render(msg("the multiplier is 1, 2 or {redoubled}, not {multiplier}",
                                    redoubled=settings.redouble_mult,
                                    multiplier=repr(multiplier))), "multiplier")
    total = 2 * settings.start_tables
    if not isinstance(tables, (list, tuple)) or len(tables) != 2 or not all(
            whole(t) and t >= 0 for t in tables) or sum(tables) != total:
        raise InputError(render(msg("tables are two whole numbers adding up to {total}, not "
                                    "{tables}", total=total, tables=repr(tables))), "tables")
    if settings.elimination == "zero_tables" and 0 in tables:
        raise InputError(render(msg("a team with no tables has already lost the match "
                                    "(56-ELIM)")), "tables")


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
    return Settlement(made, amount, paid, payer, (after[0], after[1]), winner,
                      _said(made, bid, payer, amount, paid))


def _said(made: bool, bid: int, payer: int, amount: int, paid: int) -> Msg:
    """'Contract 30 made: team 1 owes 1 table.', '... owes 4 tables and pays the 2 it
    holds.'"""
    if paid < amount:
        if made:
            return nmsg("Contract {bid} made: team {team} owes {n} table and pays the {paid} it "
                        "holds.", "Contract {bid} made: team {team} owes {n} tables and pays the "
                        "{paid} it holds.", amount, bid=bid, team=payer, paid=paid)
        return nmsg("Contract {bid} failed: team {team} owes {n} table and pays the {paid} it "
                    "holds.", "Contract {bid} failed: team {team} owes {n} tables and pays the "
                    "{paid} it holds.", amount, bid=bid, team=payer, paid=paid)
    if made:
        return nmsg("Contract {bid} made: team {team} owes {n} table.",
                    "Contract {bid} made: team {team} owes {n} tables.", amount, bid=bid,
                    team=payer)
    return nmsg("Contract {bid} failed: team {team} owes {n} table.",
                "Contract {bid} failed: team {team} owes {n} tables.", amount, bid=bid,
                team=payer)
