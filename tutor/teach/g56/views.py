"""What the UI draws of 56: the card order for the ranking explorer (:mod:`tutor.teach.ranking`)
and the facts of a table (:mod:`tutor.teach.table`)."""

from __future__ import annotations

from ...engine.cards import SUIT_SYMBOL, SUIT_WORDS, Card
from ...engine.messages import N_, msg, render, sentences
from ...games.g56 import SPEC
from ...games.g56.game import COT_ANSWER, COT_OFFER, OVER, PLAY
from ...games.g56.play import ranking
from ...games.g56.tables import (
    ALL_PASS_BID,
    COPIES,
    DECK_RANKS,
    DENOMINATIONS,
    MAX_BID,
    MIN_BID,
    POINTS,
    RANK_ORDER,
    SUITS,
)
from ..ranking import Column, RankingView
from ..table import TableFacts, last_event, phase_words

GAME = SPEC.name
USUAL_DECK = (4, 48)  # the usual 48-card deck: J 9 A 10 K Q (8s and 7s only with 8 players)
# a suit as a column's title
_SUIT_TITLE = {"S": N_("Spades"), "H": N_("Hearts"), "D": N_("Diamonds"), "C": N_("Clubs")}


def ranking_view(trump: str) -> RankingView:
    rk = ranking(trump)
    ranks = DECK_RANKS[USUAL_DECK]
    cols = tuple(Column(f"{SUIT_SYMBOL[s]} " + render(
                            msg("{suit} (trumps)", suit=msg(_SUIT_TITLE[s])) if s == trump else
                            msg(_SUIT_TITLE[s])),
                        tuple(Card(r, s) for r in ranks), s == trump, POINTS) for s in SUITS)
    note = render(msg("In every suit, trumps included: J 9 A 10 K Q (then 8 7 with 8 players "
                      "and 64 cards). Points: J 3, 9 2, A 1, 10 1, the others 0: 28 in each of "
                      "the two packs, 56 in all the cards dealt."))
    if trump == "NT":
        note = sentences(msg("No trumps: the best card of the suit led wins."), note)
    deck = tuple(Card(r, s) for s in SUITS for r in RANK_ORDER)  # 8s and 7s too (8 players)
    return RankingView(GAME, trump, rk, cols, note, ("56-RANK", "56-POINTS"), deck,
                       DENOMINATIONS, ("9S", "AS"), copies=COPIES)




# -- the table --------------------------------------------------------------------------------
PHASES = {  # the phases only 56 has (tutor.teach.table.PHASE_WORDS has the others): message ids
    COT_OFFER: N_("Seat {seat} to answer (surrender or play on)"),
    COT_ANSWER: N_("Seat {seat} to answer (surrender or play on)"),
    OVER: N_("The game is over"),
}


def _contract_words(state) -> str:
    c = state.contract
    if c is None:
        return render(msg("Contract: not decided yet"))
    what = render(msg("no trumps")) if c.denomination == "NT" else \
        f"{SUIT_SYMBOL[c.denomination]} {render(SUIT_WORDS[c.denomination])}"
    who = (msg("nobody bid ({bid} for team 0)", bid=ALL_PASS_BID) if c.bidder is None
           else msg("seat {seat}", seat=c.bidder))
    words = dict(bid=c.bid, denomination=what, who=who, team=c.team,
                 name=msg(state.game.names[state.partnership_of_team(c.team)]))
    if c.multiplier == 1:
        return render(msg("Contract: {bid} in {denomination}, {who}, team {team} ({name})",
                          **words))
    if c.multiplier == 2:
        return render(msg("Contract: {bid} in {denomination}, doubled, {who}, team {team} "
                          "({name})", **words))
    return render(msg("Contract: {bid} in {denomination}, redoubled, {who}, team {team} "
                      "({name})", **words))


def table_facts(state) -> TableFacts:
    bidder = state.contract.bidder if state.contract else None
    return TableFacts(_contract_words(state), phase_words(state, PHASES), bidder,
                      tuple(state.game.names[seat % 2] for seat in range(state.n)),
                      counter_clockwise=state.game.settings.direction == "ccw",
                      result=last_event(state, ("settle", "match_won")),
                      playing=state.phase == PLAY)




# -- a worked example's call buttons ----------------------------------------------------------
def example_calls(state) -> tuple[str, ...]:
    """Pass, double, redouble and a few bids around the lowest allowed now (one too low,
    when there is one, and 40), in spades and no trumps: what a worked example offers."""
    low = max(MIN_BID, state.auction.high + 1)
    levels = sorted({n for n in (low - 1, low, low + 1, 40) if MIN_BID <= n <= MAX_BID})
    return ("pass", "double", "redouble") + tuple(f"{n}{d}" for n in levels for d in ("S", "NT"))


