"""56 as data: decks by player count, rank order, card points, table tiers, settings
(rules/56.md)."""

from __future__ import annotations

from ...engine.errors import InputError
from ...engine.messages import N_, msg, render
from ...engine.settings import Setting
from ...engine.text import quoted

PLAYERS = (4, 6, 8)
SUITS = ("S", "H", "D", "C")
DENOMINATIONS = SUITS + ("NT",)

# 56-RANK: high to low in every suit, trumps included; the 8 and 7 only when in use.
RANK_ORDER = ("J", "9", "A", "10", "K", "Q", "8", "7")

# 56-POINTS
POINTS = {"J": 3, "9": 2, "A": 1, "10": 1, "K": 0, "Q": 0, "8": 0, "7": 0}
TOTAL_POINTS = 56

# 56-DECK: ranks kept by (players, deck setting)
DECK_RANKS = {
    (4, 48): ("J", "9", "A", "10", "K", "Q"),
    (4, 32): ("J", "9", "A", "10"),
    (6, 48): ("J", "9", "A", "10", "K", "Q"),
    (8, 64): ("J", "9", "A", "10", "K", "Q", "8", "7"),
    (8, 48): ("J", "9", "A", "10", "K", "Q"),
}

COPIES = 2  # 56-COPIES: two packs

# 56-TIERS: (lowest bid, highest bid, made: defenders pay, failed: bidders pay)
TIERS = {
    "pagat": ((28, 39, 1, 2), (40, 47, 2, 3), (48, 55, 3, 4), (56, 56, 4, 5)),
    "alt_40_55": ((28, 39, 1, 2), (40, 55, 2, 3), (56, 56, 3, 4)),
    "alt_40_48": ((28, 39, 1, 2), (40, 48, 2, 3), (49, 56, 3, 4)),
}

MIN_BID, MAX_BID = 28, 56
ALL_PASS_BID = 28  # 56-ALL-PASS: 28 no trumps for team 0


def _start_tables(v):
    if isinstance(v, bool) or not isinstance(v, int) or v < 1:
        raise InputError(render(msg("{value} is not a whole number of at least 1",
                                    value=quoted(v))), "setting 'start_tables'")
    return v


def _partner_min(v):
    if v is None or (isinstance(v, int) and not isinstance(v, bool) and MIN_BID <= v <= MAX_BID):
        return v
    raise InputError(render(msg("{value} is not null or a bid number 28-56", value=quoted(v))),
                     "setting 'partner_overcall_min'")


# each setting's words (``doc``) are a message id, worded where they are shown
SETTINGS: dict[str, Setting] = {s.name: s for s in [
    Setting("direction", "ccw", "56-DIRECTION", N_("Which way the table is drawn (no rule "
            "changes)."), choices=("ccw", "cw")),
    Setting("deck_4p", 48, "56-DECK", N_("4 players: 32 keeps only J 9 A 10."),
            choices=(48, 32)),
    Setting("deck_8p", 64, "56-DECK", N_("8 players: 48 drops the 8s and 7s."),
            choices=(64, 48)),
    Setting("start_tables", 12, "56-TABLES", N_("Tables each team starts with."),
            check=_start_tables, describe=N_("whole number >= 1")),
    Setting("all_pass", "nondealer_28nt", "56-ALL-PASS", N_("What happens when everybody "
            "passes."), choices=("nondealer_28nt", "force_last_nondealer", "force_first_bidder")),
    Setting("pass_is_final", False, "56-PASS-FINAL", N_("A player who passed may not bid "
            "again."), choices=(True, False)),
    Setting("allow_plus_nt", False, "56-PLUS-NT", N_("Allows Plus N No-trumps."),
            choices=(True, False)),
    Setting("partner_overcall_min", None, "56-PARTNER-MIN", N_("Over your own team's bid, a "
            "new bid must be at least this."), check=_partner_min,
            describe=N_("null or 28-56")),
    Setting("tiers", "pagat", "56-TIERS", N_("The table tiers."), choices=tuple(TIERS)),
    Setting("redouble_mult", 4, "56-MULT", N_("The redoubled multiplier."), choices=(4, 3)),
    Setting("elimination", "zero_tables", "56-ELIM", N_("When a team has lost the match."),
            choices=("zero_tables", "cannot_pay")),
    Setting("cot", False, "56-MADE", N_("Winning every trick pays double (with the defenders' "
            "offer to surrender)."), choices=(True, False)),
    Setting("redeal_no_points", False, "56-DEAL", N_("A hand with no point cards is thrown "
            "in."), choices=(True, False)),
    Setting("redeal_all_jacks", False, "56-DEAL", N_("One player dealt all eight Jacks: deal "
            "again."), choices=(True, False)),
]}


def check_players(n) -> int:
    if isinstance(n, bool) or not isinstance(n, int) or n not in PLAYERS:
        raise InputError(render(msg("56 is for 4, 6 or 8 players, not {players} (56-PLAYERS)",
                                    players=repr(n))), "players")
    return n


def deck_ranks(n: int, settings) -> tuple[str, ...]:
    """The ranks kept for ``n`` players under the deck settings (56-DECK)."""
    size = settings.deck_4p if n == 4 else settings.deck_8p if n == 8 else 48
    return DECK_RANKS[(n, size)]


def deck_facts(n: int, settings) -> dict:
    ranks = deck_ranks(n, settings)
    cards = len(ranks) * len(SUITS) * COPIES
    return {"cards": cards, "hand": cards // n, "tricks": cards // n,
            "points": TOTAL_POINTS}


def tier(bid: int, settings) -> tuple[int, int]:
    """(made, failed) tables for a bid under ``settings.tiers`` (56-TIERS)."""
    for low, high, made, failed in TIERS[settings.tiers]:
        if low <= bid <= high:
            return made, failed
    raise InputError(render(msg("{bid} is not a bid of 56 (28-56)", bid=repr(bid))), "bid")


# What a contract's stake adds to its words: ", doubled", ", redoubled" (56-DOUBLE), message ids.
# A sentence of its own chooses among whole messages by :func:`stake` instead.
STAKE_WORDS = {1: "", 2: N_(", doubled"), 3: N_(", redoubled"), 4: N_(", redoubled")}


def stake_words(multiplier: int) -> str:
    """``""`` / ``", doubled"`` / ``", redoubled"`` for a contract's multiplier, worded."""
    words = STAKE_WORDS.get(multiplier, STAKE_WORDS[4])
    return render(msg(words)) if words else ""


def stake(multiplier: int) -> str:
    """A contract's stake, which chooses the words said of it (56-DOUBLE): ``"plain"``,
    ``"doubled"`` or ``"redoubled"`` (a key, not words)."""
    return "plain" if multiplier == 1 else "doubled" if multiplier == 2 else "redoubled"
