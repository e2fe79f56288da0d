"""What the UI draws of 55: the card order for the ranking explorer (:mod:`tutor.teach.ranking`)
and the facts of a table (:mod:`tutor.teach.table`)."""

from __future__ import annotations

from ...engine.cards import ALL_CARDS, SUIT_NAME, SUIT_SYMBOL, SUITS
from ...engine.errors import InputError
from ...engine.phases import PLAY
from ...games.g55 import SPEC
from ...games.g55.play import ranking
from ..questions import register_part
from ..ranking import Column, RankingView
from ..table import TableFacts, last_event, phase_words

GAME = SPEC.name


def ranking_view(trump: str) -> RankingView:
    if trump == "NT":
        raise InputError("55 always has a trump suit (there is no no-trump)", "trump")
    rk = ranking(trump)
    cols = [Column(f"Trumps ({SUIT_SYMBOL[trump]}), best first", tuple(rk.trump_order), True)]
    cols += [Column(f"{SUIT_SYMBOL[s]} {SUIT_NAME[s].capitalize()} (plain), best first",
                    tuple(rk.plain_orders[s])) for s in SUITS if s != trump]
    note = ("The top three trumps are always the 5 and the J of trumps and the A♥. "
            "Plain suits run high in red and low in black; the A♥ is always a trump.")
    return RankingView(GAME, trump, rk, tuple(cols), note, ("55-RANK-TRUMP", "55-RANK-PLAIN"),
                       tuple(sorted(ALL_CARDS)), SUITS, ("AH", "KS"), copies=1)


register_part("ranking_view", GAME, ranking_view)


# -- the table --------------------------------------------------------------------------------
PHASES = {  # the phases only 55 has (tutor.teach.table.PHASE_WORDS has the others)
    "discard": "Seat {seat} (the bidder) is discarding",
    "trump": "Seat {seat} (the bidder) names trumps",
    "draw": "Seat {seat} is exchanging cards",
    "game_over": "The game is over",
}


def _trump_words(state) -> str:
    if state.trump is None:
        return "Trumps: not named yet" + (f" (seat {state.bidder} bid {state.bid})"
                                          if state.bidder is not None else "")
    return (f"Trumps: {SUIT_SYMBOL[state.trump]} {SUIT_NAME[state.trump]} · seat "
            f"{state.bidder} bid {state.bid}")


def table_facts(state) -> TableFacts:
    return TableFacts(_trump_words(state), phase_words(state, PHASES), state.bidder,
                      (None,) * state.n, result=last_event(state, ("score", "game_won")),
                      playing=state.phase == PLAY)


register_part("table_facts", GAME, table_facts)
