"""The coach in words: "what would a good player play here, and why?"

:func:`advise` asks the search (:func:`tutor.games.coach.compare`) which legal card comes out
best over many deals of the hidden cards consistent with what the learner has seen, then says
why in a learner's words: the features of the position that decided it (each game's
``reasons``, registered by its teaching package with :func:`register_reasons`) and how the
next best cards compare (each game's ``facts``: chances and points).  Seeded: the same position
gives the same advice.

Pure Python: no widgets here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable

from ..engine.errors import InputError
from ..engine.phases import AUCTION
from ..engine.state import Play
from ..games import coach as search
from ..games.registry import spec_of
from .seats import Table

__all__ = ["Advice", "Line", "Review", "advise", "advise_call", "advise_choice", "review_hand",
           "seat_table", "register_reasons", "register_calls", "register_choices",
           "hint_question", "percent"]

SHOWN = 3  # cards listed in the comparison

_FACTS: dict[str, Callable] = {}
_CALLS: dict[str, Callable] = {}
_CHOICES: dict[str, dict[str, Callable]] = {}


_WORDS: dict[str, dict] = {}
_SPOTS: dict[str, tuple] = {}
_UNITS: dict[str, tuple] = {}


def register_reasons(game: str, words: dict, spots: tuple, facts: Callable,
                     unit: tuple[str, str]) -> None:
    """A game's words for the play: ``words`` maps a fact's code (its own and any generic one
    it says its way) to ``say(fact, card, state, seat, table) -> (spot, sentence)`` (``spot``:
    the rule of the spot, for the headline; either may be empty); ``spots``: the codes in the
    order their spot heads the advice; ``facts(facts, deals, table) -> text`` one candidate's
    search results; ``unit``: the value's unit, short and explained ("points", "points (your
    score less a quarter of the others')")."""
    _WORDS[game], _SPOTS[game], _FACTS[game], _UNITS[game] = words, spots, facts, unit


def register_calls(game: str, words: Callable) -> None:
    """A game's words for bidding advice: ``words(state, seat, ranked, table) -> (headline,
    reasons, [(call, label, text) per call shown])`` over the calls the search compared (the
    game's ``calls`` coach hook: every legal one in 55, the conventional few in 56)."""
    _CALLS[game] = words


def register_choices(game: str, phase: str, words: Callable, question: str, *,
                     repeated: bool = False) -> None:
    """A game's words for the advice in another phase (55: ``trump``, ``discard``):
    ``words(state, seat, ranked, table) -> (headline, reasons, [(action, label, text)])``; for
    a phase of one card at a time (the discards) ``ranked`` is the list of each step's best
    first, and ``words`` gets ``picks``, the actions chosen, as a keyword. ``question`` is
    what the hint button asks there ("Hint: which suit for trumps?"); ``repeated``: the phase
    is one action after another by the same seat (the discards)."""
    _CHOICES.setdefault(game, {})[phase] = (words, question, repeated)


ASK_CARD = "Hint: what would you play?"
ASK_CALL = "Hint: what would you bid?"


def hint_question(state) -> str | None:
    """What the hint button asks for the player to act in ``state`` ("Hint: what would you
    play?"), or None where the coach gives no advice (nobody to act, a deal, another phase)."""
    if state.is_terminal or state.is_chance or state.to_act is None:
        return None
    if state.phase == state.PLAY_PHASE:
        return ASK_CARD
    if state.phase == AUCTION:
        return ASK_CALL
    choice = _CHOICES.get(spec_of(state).name, {}).get(state.phase)
    return choice[1] if choice else None


def percent(x: float) -> str:
    return f"{round(100 * x)}%"


@dataclass(frozen=True)
class Line:
    """One card (or call) of the comparison, in words."""

    action: Play
    card: str  # "J♠" (a call: its label, "Bid 20")
    spoken: str  # "jack of spades" ("bid 20")
    value: float
    text: str  # what the search found: "wins this trick in 9 deals of 10; ..."


@dataclass(frozen=True)
class Advice:
    """The coach's advice for one position: the best card, why, and how the others compare."""

    best: Play
    headline: str  # "Play the J♠."
    reasons: tuple[str, ...]
    lines: tuple[Line, ...] = ()  # best first
    deals: int = 0  # deals the search played out (0: only one legal card)
    rules: tuple[str, ...] = field(default=())  # rule IDs the reasons cite
    kind: str = "card"  # "card" (the play), "call" (the auction), "choice" (trumps, discards)
    picks: tuple = ()  # a repeated choice's actions, in order (the five discards)
    facts: tuple = ()  # a card's facts the reasons say (tutor.games.coach.Fact)

    @property
    def text(self) -> str:
        out = [self.headline, *self.reasons]
        if self.lines:
            out.append(f"Compared over {self.deals} deals of the cards you cannot see:")
            out.extend(f"{ln.card}: {ln.text}" for ln in self.lines)
        return "\n".join(out)


def seat_table(state, seat: int) -> Table:
    """The table of the hand on the table as ``seat`` is told it, with its sides by absolute
    seat (whoever deals): the state's teams, or the game's sides when it has some."""
    n = state.game.n
    team_of = getattr(state, "team_of", None)
    side_of = getattr(state.game, "side_of", None)
    if team_of is not None:
        sides = tuple(tuple(s for s in range(n) if team_of(s) == t) for t in (0, 1))
    elif side_of is not None and len(set(side_of)) < n:
        sides = tuple(tuple(s for s in range(n) if side_of[s] == t)
                      for t in sorted(set(side_of)))
    else:
        sides = ()
    return Table(n, seat, sides)


MORE = 2  # where the best cards are too close to tell, up to this many times the deals


def _generic_words(fact, card, state, seat, table) -> tuple[str, str]:
    """The generic facts (tutor.games.coach.play_facts) in words: (spot, sentence)."""
    code, cs, rule = fact.code, fact.cards, f" ({fact.rule})" if fact.rule else ""
    names = cards_and(cs)
    if code in ("partner_winning", "opponent_winning"):
        return "", f"{table.who(fact.number, True)} is winning with the {cs[0].unicode}."
    if code == "wins_now":
        last = len(state.trick) == state.n - 1
        return "", (f"You play last, so the {card.unicode} takes the trick from the {names}"
                    f"{rule}." if last else
                    f"The {card.unicode} beats the {names}, the best card so far{rule}; the "
                    "players after you may still beat it.")
    if code == "cheapest_winner":
        return (f"the lowest-ranked card that wins{rule}",
                f"It is the lowest-ranked card that wins{rule}, so you keep the {names}.")
    if code == "cannot_win":
        return "", f"The {card.unicode} cannot beat the {names}."
    if code == "none_wins":
        return "you cannot win this trick", f"None of your cards can win this trick{rule}."
    if code == "lowest_in_suit":
        return "", f"It is the lowest of its suit in your hand: {rank_above(cs)}{rule}."
    if code == "lowest_of_suit":
        return "", f"It is the lowest card of its suit{rule}."
    if code == "best_left":
        return (f"the best card of its suit left{rule}",
                f"No card of its suit still out ranks above it{rule}: it wins unless it is "
                "trumped.")
    if code == "points":
        n = fact.number
        return "", (f"It carries {n} point{'' if n == 1 else 's'}{rule}." if n else
                    f"It carries no points{rule}.")
    if code == "trick_points":
        n = fact.number
        return "", f"The trick holds {n} point{'' if n == 1 else 's'} so far."
    return "", ""


def cards_and(cards) -> str:
    names = [c.unicode for c in cards]
    if not names:
        return ""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def rank_above(cards) -> str:
    """"the 4♠ ranks above it", "the 4♠ and 3♠ rank above it"."""
    return f"the {cards_and(cards)} {'ranks' if len(cards) == 1 else 'rank'} above it"


def explain(state, seat: int, card, table) -> tuple[str, list[str], tuple]:
    """The rule of the spot (for the headline) and one sentence per fact of ``card``, each
    fact computed from the position by the rules (:func:`tutor.games.coach.play_facts`)."""
    name = spec_of(state).name
    words, spots = _WORDS[name], _SPOTS[name]
    facts = search.play_facts(state, seat, card)
    said = {}
    for f in facts:
        say = words.get(f.code, _generic_words)
        said[f.code] = say(f, card, state, seat, table)
    spot = next((said[c][0] for c in spots if c in said and said[c][0]), "")
    if not spot:
        spot = next((sp for sp, _ in said.values() if sp), "")
    codes = set(said)
    redundant = {"cannot_win"} if codes & {"none_wins", "identical"} else set()
    if "lowest_of_suit" in codes:
        redundant.add("lowest_in_suit")
    head = next((c for c in spots if c in said and said[c][0]), None)
    sentences = [t for c, (_, t) in said.items() if t and c not in redundant and c != head]
    return spot, sentences, facts


def versus(state, best, ranked) -> str:
    """How the best card compares with the next, from the numbers the table shows, with their
    uncertainty: within the noise it is "about the same"."""
    name = spec_of(state).name
    short, long = _UNITS[name]
    floor = spec_of(state).hook("coach").noise
    second = next(c for c in ranked if c is not best)
    other = second.action.card.unicode
    d, se = search.difference(best, second)
    if abs(d) <= max(floor, search.Z * se):
        text = (f"The {other} would do about the same: over these deals the difference, "
                f"{d:+.2f} {short} (give or take {search.Z * se:.2f}), is inside the noise")
        if d < 0:
            text += (f", and of the two the {best.action.card.unicode} is the one a textbook "
                     "plays")
        return text + "."
    return (f"Played out, it comes out {d:.2f} {long} ahead of the {other}, the next best "
            f"(give or take {search.Z * se:.2f}).")


def advise(state, seat: int | None = None, table: Table | None = None, *, seed: int = 0,
           worlds: int | None = None) -> Advice:
    """The best card for ``seat`` (default: the player to act) and why: the facts of the card
    (the rule of the spot first), then how it compares with the next best."""
    seat = state.to_act if seat is None else seat
    if seat != state.to_act or state.phase != state.PLAY_PHASE:
        raise InputError("the coach advises the player whose turn it is to play a card",
                         "seat")
    table = table or seat_table(state, seat)
    ranked = search.compare(state, seat, seed=seed, worlds=worlds, more=MORE)
    best = ranked[0]
    card = best.action.card
    spot, sentences, facts = explain(state, seat, card, table)
    if len(ranked) == 1:
        why = state.why_legal(best.action)
        reasons = (f"It is allowed because {why}",) + tuple(sentences)
        headline = f"Play the {card.unicode}: it is your only legal card" + \
            (f", and {spot}." if spot else ".")
        return Advice(best.action, headline, reasons, (), 0,
                      _rule_ids(" ".join((headline,) + reasons)), facts=facts)
    reasons = tuple(sentences) + (versus(state, best, ranked),)
    lines = tuple(Line(c.action, c.action.card.unicode, c.action.card.spoken, c.value,
                       line_text(state, c, table)) for c in ranked[:SHOWN])
    headline = f"Play the {card.unicode}: {spot}." if spot else f"Play the {card.unicode}."
    return Advice(best.action, headline, reasons, lines, best.deals,
                  _rule_ids(" ".join((headline,) + reasons)), facts=facts)


def line_text(state, c, table) -> str:
    """One candidate of the table: the value it is ranked by, then what the search found."""
    name = spec_of(state).name
    return f"comes out {c.value:+.2f} {_UNITS[name][0]}; {_FACTS[name](c.facts, c.deals, table)}"


def advise_call(state, seat: int | None = None, table: Table | None = None, *, seed: int = 0,
                worlds: int | None = None) -> Advice:
    """The best call for ``seat`` in the auction and why: the game's candidate calls, each
    played forward over the same sampled deals (the seat's later choices, the kitty and the
    trumps, made by the game's bot), in the game's words."""
    seat = state.to_act if seat is None else seat
    if seat != state.to_act or state.phase != AUCTION:
        raise InputError("the coach advises on a call when it is your turn in the auction",
                         "seat")
    spec = spec_of(state)
    table = table or seat_table(state, seat)
    words = _CALLS[spec.name]
    calls = search.candidate_calls(state, seat)
    ranked = search.compare(state, seat, seed=seed, worlds=worlds, candidates=calls)
    headline, reasons, shown = words(state, seat, ranked, table)
    by_call = {c.action: c for c in ranked}
    lines = tuple(Line(action, label, label.lower(), by_call[action].value, text)
                  for action, label, text in shown)
    return Advice(ranked[0].action, headline, tuple(reasons), lines, ranked[0].deals,
                  _rule_ids(" ".join(reasons)), kind="call")


STEP_WORLDS = 16  # deals per step of a repeated choice (five discards: five searches)


def advise_choice(state, seat: int | None = None, table: Table | None = None, *,
                  seed: int = 0, worlds: int | None = None) -> Advice:
    """The coach's advice in another phase (55: the trump suit; the discards, chosen one
    after another, each by the search with the bot finishing the hand), in the game's words."""
    seat = state.to_act if seat is None else seat
    spec = spec_of(state)
    words, _, repeated = _CHOICES.get(spec.name, {}).get(state.phase, (None, None, False))
    if seat != state.to_act or words is None:
        raise InputError("the coach advises on calls, the cards played and, in some games, "
                         "the trumps and discards, when it is your turn", "seat")
    table = table or seat_table(state, seat)
    if repeated:
        s, picks, steps = state.copy(), [], []
        while s.phase == state.phase and s.to_act == seat and not s.is_chance:
            ranked = search.compare(s, seat, seed=seed, worlds=worlds or STEP_WORLDS)
            picks.append(ranked[0].action)
            steps.append(ranked[0])
            s.play(ranked[0].action)
        headline, reasons, shown = words(state, seat, steps, table, picks=picks)
        ranked = steps
    else:
        ranked = search.compare(state, seat, seed=seed, worlds=worlds)
        headline, reasons, shown = words(state, seat, ranked, table)
    by = {c.action: c for c in ranked}
    lines = tuple(Line(action, label, label.lower(), by[action].value if action in by else 0.0,
                       text) for action, label, text in shown)
    return Advice(ranked[0].action, headline, tuple(reasons), lines,
                  ranked[0].deals if lines else 0, _rule_ids(" ".join(reasons)), kind="choice",
                  picks=tuple(picks) if repeated else ())


def _rule_ids(text: str) -> tuple[str, ...]:
    return tuple(dict.fromkeys(re.findall(r"\b5[56]-[A-Z0-9-]*[A-Z0-9]", text)))


@dataclass(frozen=True)
class Review:
    """One of the learner's cards the coach would have played otherwise."""

    trick: int  # 1-based
    played: Play
    best: Play
    loss: float  # the search's value given up, in the game's units
    text: str


def review_hand(state, seat: int, table: Table | None = None, *, seed: int = 0,
                worlds: int | None = None) -> list[Review]:
    """The cards ``seat`` played in the hand on the table (or just finished) where the coach
    would have played another, clearly better one: each position rebuilt by replaying the
    history up to that card (the state protocol's replay), then searched as for a hint."""
    spec = spec_of(state)
    table = table or seat_table(state, seat)
    history = state.history
    start = max((i for i, a in enumerate(history) if type(a).__name__ == "Deal"), default=0)
    out = []
    for i in range(start, len(history)):
        action = history[i]
        if not isinstance(action, Play) or action.seat != seat:
            continue
        before = type(state).replay(state.game, history[:i])
        ranked = search.compare(before, seat, seed=seed, worlds=worlds, more=MORE)
        if len(ranked) < 2:
            continue
        best = ranked[0]
        mine = next(c for c in ranked if c.action == action)
        if best.action == action or mine.tied or \
                search.close(best, mine, spec.hook("coach").noise):
            continue
        facts = _FACTS[spec.name]
        _, said, _ = explain(before, seat, best.action.card, table)
        why = " ".join(said[:2])
        number = len(before.tricks) + 1
        out.append(Review(number, action, best.action, best.value - mine.value,
                          f"Trick {number}: you played the {action.card.unicode}; the coach "
                          f"would have played the {best.action.card.unicode}. {why} "
                          f"With the {best.action.card.unicode}, the coach's card: "
                          f"{facts(best.facts, best.deals, table)}. With your "
                          f"{action.card.unicode}: {facts(mine.facts, mine.deals, table)}."))
    return out
