"""What the UI draws of 55: the card order for the ranking explorer (:mod:`tutor.teach.ranking`)
and the facts of a table (:mod:`tutor.teach.table`)."""

from __future__ import annotations

from ...engine.cards import ALL_CARDS, SUIT_SYMBOL, SUIT_WORDS, SUITS
from ...engine.errors import InputError
from ...engine.messages import N_, capfirst, msg, render
from ...engine.phases import PLAY
from ...games.g55 import SPEC
from ...games.g55.play import ranking
from ..ranking import Column, RankingView
from ..table import TableFacts, last_event, phase_words

GAME = SPEC.name


def ranking_view(trump: str) -> RankingView:
    if trump == "NT":
        raise InputError(render(msg("55 always has a trump suit (there is no no-trump)")),
                         "trump")
    rk = ranking(trump)
    cols = [Column(render(msg("Trumps ({suit}), best first", suit=SUIT_SYMBOL[trump])),
                   tuple(rk.trump_order), True)]
    cols += [Column(render(msg("{symbol} {suit} (plain), best first", symbol=SUIT_SYMBOL[s],
                               suit=capfirst(render(SUIT_WORDS[s])))),
                    tuple(rk.plain_orders[s])) for s in SUITS if s != trump]
    note = render(msg("The top three trumps are always the 5 and the J of trumps and the A♥. "
                      "Plain suits run high in red and low in black; the A♥ is always a "
                      "trump."))
    return RankingView(GAME, trump, rk, tuple(cols), note, ("55-RANK-TRUMP", "55-RANK-PLAIN"),
                       tuple(sorted(ALL_CARDS)), SUITS, ("AH", "KS"), copies=1)




# -- the table --------------------------------------------------------------------------------
PHASES = {  # the phases only 55 has (tutor.teach.table.PHASE_WORDS has the others)
    "discard": N_("Seat {seat} (the bidder) is discarding"),
    "trump": N_("Seat {seat} (the bidder) names trumps"),
    "draw": N_("Seat {seat} is exchanging cards"),
    "game_over": N_("The game is over"),
}


def _trump_words(state) -> str:
    if state.trump is None:
        if state.bidder is None:
            return render(msg("Trumps: not named yet"))
        return render(msg("Trumps: not named yet (seat {seat} bid {bid})", seat=state.bidder,
                          bid=state.bid))
    return render(msg("Trumps: {symbol} {suit} · seat {seat} bid {bid}",
                      symbol=SUIT_SYMBOL[state.trump], suit=SUIT_WORDS[state.trump],
                      seat=state.bidder, bid=state.bid))


def table_facts(state) -> TableFacts:
    return TableFacts(_trump_words(state), phase_words(state, PHASES), state.bidder,
                      (None,) * state.n, result=last_event(state, ("score", "game_won")),
                      playing=state.phase == PLAY)


