"""What a table of any game shows beside the cards: the trump or contract line, the phase in
words, the bidder, each seat's team and which way the turn goes.

Each game's teaching package registers a ``table_facts`` part
(:func:`tutor.teach.questions.register_part`) returning :class:`TableFacts` for a state;
:func:`table_facts` finds it by the state's game, so the table widget draws any registered
game without knowing which it is."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.messages import N_, Msg, msg, render
from ..engine.phases import AUCTION, DEAL, PLAY
from ..games.registry import spec_of
from .questions import part


@dataclass(frozen=True)
class TableFacts:
    trump_words: str  # "Trumps: ♠ spades · seat 2 bid 20" / "Contract: 30 in ♥ hearts, ..."
    phase_words: str  # "Seat 1 to play" / "The hand is over · seat 0 deals next"
    bidder: int | None  # the seat that won the auction, if any
    teams: tuple[str | None, ...]  # each seat's permanent team name ("Red"), or None
    counter_clockwise: bool = False  # the next seat is to the right (drawn mirrored)
    result: str = ""  # the last hand's score or the game's end, in the engine's words
    playing: bool = False  # cards are being played to tricks ("to play" rather than "to act")


def table_facts(state) -> TableFacts:
    return part("table_facts", spec_of(state).name)(state)


def hand_dealer(state) -> int | None:
    """The dealer of the hand on the table: the finished hand's dealer between hands (the
    engine's ``dealer`` is then the next one), else ``state.dealer``."""
    dealer = getattr(state, "hand_dealer", None)
    return state.dealer if dealer is None else dealer


# What the table's badge says in the phases every game has; a game adds its own (message ids,
# marked with N_, with ``{seat}`` the seat to act).
PHASE_WORDS = {
    PLAY: N_("Seat {seat} to play"),
    AUCTION: N_("Auction: seat {seat} to call"),
}


def phase_words(state, extra: dict | None = None) -> str:
    """``Seat 1 to play``: the phase in words, from :data:`PHASE_WORDS` and the game's
    ``extra`` words (``{seat}`` is the seat to act); between hands :func:`over_words`."""
    if state.phase == DEAL:
        return over_words(state)
    said = {**PHASE_WORDS, **(extra or {})}.get(state.phase)
    if said is None:
        return state.phase
    if isinstance(said, Msg):  # a message without the seat: the seat added
        said = Msg(said.id, (*said.params, ("seat", state.to_act)), said.plural, said.n,
                   said.context)
        return render(said)
    return render(msg(said, seat=state.to_act))


def last_event(state, kinds) -> str:
    """The text of the last engine event of one of ``kinds`` ("" if none)."""
    said = [e.text for e in state.events if e.kind in kinds]
    return said[-1] if said else ""


def over_words(state) -> str:
    """``The hand is over · seat 2 deals next`` (between hands)."""
    nxt = state.dealer
    if nxt is not None and nxt != hand_dealer(state):
        return render(msg("The hand is over · seat {seat} deals next", seat=nxt))
    return render(msg("The hand is over"))


__all__ = ["TableFacts", "table_facts", "hand_dealer", "over_words", "phase_words",
           "last_event", "PHASE_WORDS"]
