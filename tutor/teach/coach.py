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
from ..engine.messages import N_, Msg, Num, many, msg, nmsg, num, render, sentences
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
    score less a quarter of the others')"), each a message id (marked ``N_``)."""
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


ASK_CARD = N_("Hint: what would you play?")  # message ids: worded with render(msg(ASK_CARD))
ASK_CALL = N_("Hint: what would you bid?")


def _worded(text) -> str:
    """A message id a game registered (marked ``N_``), or a message, in words."""
    return render(text) if isinstance(text, Msg) else render(msg(text)) if text else ""


def unit_words(game: str, long: bool = False) -> str:
    """The unit of ``game``'s coach values in words: short ("points") or explained."""
    short, explained = _UNITS.get(game, (N_("points"), N_("points")))
    return _worded(explained if long else short)


def hint_question(state) -> str | None:
    """What the hint button asks for the player to act in ``state`` ("Hint: what would you
    play?"), or None where the coach gives no advice (nobody to act, a deal, another phase)."""
    if state.is_terminal or state.is_chance or state.to_act is None:
        return None
    if state.phase == state.PLAY_PHASE:
        return render(msg(ASK_CARD))
    if state.phase == AUCTION:
        return render(msg(ASK_CALL))
    choice = _CHOICES.get(spec_of(state).name, {}).get(state.phase)
    return _worded(choice[1]) if choice else None


def percent(x: float) -> Num:
    """A share (0 to 1) as a whole percentage, as the language writes one: "94%", French
    "94 %"."""
    return num(round(100 * x), percent=True)


@dataclass(frozen=True)
class Line:
    """One card (or call) of the comparison, in words."""

    action: Play
    card: str  # "J♠" (a call: its label, "Bid 20")
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
            out.append(render(nmsg("Compared over {n} deal of the cards you cannot see:",
                                   "Compared over {n} deals of the cards you cannot see:",
                                   self.deals)))
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


def _ruled(with_rule: Msg, without: Msg, rule: str | None) -> str:
    """One of a fact's two sentences in words: the one that cites ``rule`` (its ``{rule}``),
    or, when the fact has no rule, the one without."""
    if not rule:
        return render(without)
    return render(Msg(with_rule.id, (*with_rule.params, ("rule", rule)), with_rule.plural,
                      with_rule.n, with_rule.context))


def _generic_words(fact, card, state, seat, table) -> tuple[str, str]:
    """The generic facts (tutor.games.coach.play_facts) in words: (spot, sentence)."""
    code, cs, rule = fact.code, fact.cards, fact.rule
    names = many(c.unicode for c in cs)
    if code in ("partner_winning", "opponent_winning"):
        return "", render(msg("{player} is winning with the {card}.",
                              player=table.who(fact.number, True), card=cs[0].unicode))
    if code == "wins_now":
        if len(state.trick) == state.n - 1:  # the learner plays last
            return "", _ruled(
                msg("You play last, so the {card} takes the trick from the {cards} ({rule}).",
                    card=card.unicode, cards=names),
                msg("You play last, so the {card} takes the trick from the {cards}.",
                    card=card.unicode, cards=names), rule)
        return "", _ruled(
            msg("The {card} beats the {cards}, the best card so far ({rule}); the players "
                "after you may still beat it.", card=card.unicode, cards=names),
            msg("The {card} beats the {cards}, the best card so far; the players after you "
                "may still beat it.", card=card.unicode, cards=names), rule)
    if code == "cheapest_winner":
        return (_ruled(msg("the lowest-ranked card that wins ({rule})"),
                       msg("the lowest-ranked card that wins"), rule),
                _ruled(msg("It is the lowest-ranked card that wins ({rule}), so you keep the "
                           "{cards}.", cards=names),
                       msg("It is the lowest-ranked card that wins, so you keep the {cards}.",
                           cards=names), rule))
    if code == "cannot_win":
        return "", render(msg("The {card} cannot beat the {cards}.", card=card.unicode,
                              cards=names))
    if code == "none_wins":
        return (render(msg("you cannot win this trick")),
                _ruled(msg("None of your cards can win this trick ({rule})."),
                       msg("None of your cards can win this trick."), rule))
    if code == "lowest_in_suit":
        return "", _ruled(
            nmsg("It is the lowest of its suit in your hand: the {cards} ranks above it "
                 "({rule}).",
                 "It is the lowest of its suit in your hand: the {cards} rank above it "
                 "({rule}).", len(cs), cards=names),
            nmsg("It is the lowest of its suit in your hand: the {cards} ranks above it.",
                 "It is the lowest of its suit in your hand: the {cards} rank above it.",
                 len(cs), cards=names), rule)
    if code == "lowest_of_suit":
        return "", _ruled(msg("It is the lowest card of its suit ({rule})."),
                          msg("It is the lowest card of its suit."), rule)
    if code == "best_left":
        return (_ruled(msg("the best card of its suit left ({rule})"),
                       msg("the best card of its suit left"), rule),
                _ruled(msg("No card of its suit still out ranks above it ({rule}): it wins "
                           "unless it is trumped."),
                       msg("No card of its suit still out ranks above it: it wins unless it "
                           "is trumped."), rule))
    if code == "points":
        n = fact.number
        if not n:
            return "", _ruled(msg("It carries no points ({rule})."),
                              msg("It carries no points."), rule)
        return "", _ruled(nmsg("It carries {n} point ({rule}).", "It carries {n} points "
                               "({rule}).", n),
                          nmsg("It carries {n} point.", "It carries {n} points.", n), rule)
    if code == "trick_points":
        return "", render(nmsg("The trick holds {n} point so far.",
                               "The trick holds {n} points so far.", fact.number))
    return "", ""


def cards_and(cards) -> str:
    """``9♦``, ``9♦ and 7♦``, ``9♦, 8♦ and 7♦``: cards said as a list ("" for none)."""
    return render(many(c.unicode for c in cards))


def rank_above(cards) -> str:
    """"the 4♠ ranks above it", "the 4♠ and 3♠ rank above it"."""
    return render(nmsg("the {cards} ranks above it", "the {cards} rank above it", len(cards),
                       cards=many(c.unicode for c in cards)))


# the facts the coach words the same in every game (a game's own words may say them its way)
GENERIC_CODES = ("partner_winning", "opponent_winning", "wins_now", "cheapest_winner",
                 "cannot_win", "none_wins", "lowest_in_suit", "lowest_of_suit", "best_left",
                 "points", "trick_points")


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
    floor = spec_of(state).hook("coach").noise
    second = next(c for c in ranked if c is not best)
    other = second.action.card.unicode
    d, se = search.difference(best, second)
    margin, diff, ahead = num(search.Z * se, 2), num(d, 2, sign=True), num(d, 2)
    if abs(d) <= max(floor, search.Z * se):
        if d < 0:
            return render(msg("The {other} would do about the same: over these deals the "
                              "difference, {diff} {unit} (give or take {margin}), is inside the "
                              "noise, and of the two the {card} is the one a textbook plays.",
                              other=other, diff=diff, unit=unit_words(name),
                              margin=margin, card=best.action.card.unicode))
        return render(msg("The {other} would do about the same: over these deals the "
                          "difference, {diff} {unit} (give or take {margin}), is inside the "
                          "noise.", other=other, diff=diff, unit=unit_words(name),
                          margin=margin))
    return render(msg("Played out, it comes out {diff} {unit} ahead of the {other}, the next "
                      "best (give or take {margin}).", diff=ahead,
                      unit=unit_words(name, long=True), other=other, margin=margin))


def advise(state, seat: int | None = None, table: Table | None = None, *, seed: int = 0,
           worlds: int | None = None) -> Advice:
    """The best card for ``seat`` (default: the player to act) and why: the facts of the card
    (the rule of the spot first), then how it compares with the next best."""
    seat = state.to_act if seat is None else seat
    if seat != state.to_act or state.phase != state.PLAY_PHASE:
        raise InputError(render(msg("the coach advises the player whose turn it is to play a "
                                    "card")), "seat")
    table = table or seat_table(state, seat)
    ranked = search.compare(state, seat, seed=seed, worlds=worlds, more=MORE)
    best = ranked[0]
    card = best.action.card
    spot, sentences, facts = explain(state, seat, card, table)
    if len(ranked) == 1:
        why = state.why_legal(best.action)
        reasons = (render(msg("It is allowed because {why}", why=why)),) + tuple(sentences)
        headline = render(
            msg("Play the {card}: it is your only legal card, and {spot}.", card=card.unicode,
                spot=spot) if spot else
            msg("Play the {card}: it is your only legal card.", card=card.unicode))
        return Advice(best.action, headline, reasons, (), 0,
                      _rule_ids(" ".join((headline,) + reasons)), facts=facts)
    reasons = tuple(sentences) + (versus(state, best, ranked),)
    lines = tuple(Line(c.action, c.action.card.unicode, c.value,
                       line_text(state, c, table)) for c in ranked[:SHOWN])
    headline = render(msg("Play the {card}: {spot}.", card=card.unicode, spot=spot) if spot
                      else msg("Play the {card}.", card=card.unicode))
    return Advice(best.action, headline, reasons, lines, best.deals,
                  _rule_ids(" ".join((headline,) + reasons)), facts=facts)


def line_text(state, c, table) -> str:
    """One candidate of the table: the value it is ranked by, then what the search found."""
    name, value = spec_of(state).name, num(c.value, 2, sign=True)
    return render(msg("comes out {value} {unit}; {facts}", value=value, unit=unit_words(name),
                      facts=_FACTS[name](c.facts, c.deals, table)))


def advise_call(state, seat: int | None = None, table: Table | None = None, *, seed: int = 0,
                worlds: int | None = None) -> Advice:
    """The best call for ``seat`` in the auction and why: the game's candidate calls, each
    played forward over the same sampled deals (the seat's later choices, the kitty and the
    trumps, made by the game's bot), in the game's words."""
    seat = state.to_act if seat is None else seat
    if seat != state.to_act or state.phase != AUCTION:
        raise InputError(render(msg("the coach advises on a call when it is your turn in the "
                                    "auction")), "seat")
    spec = spec_of(state)
    table = table or seat_table(state, seat)
    words = _CALLS[spec.name]
    calls = search.candidate_calls(state, seat)
    ranked = search.compare(state, seat, seed=seed, worlds=worlds, candidates=calls)
    headline, reasons, shown = words(state, seat, ranked, table)
    by_call = {c.action: c for c in ranked}
    lines = tuple(Line(action, label, by_call[action].value, text)
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
        raise InputError(render(msg("the coach advises on calls, the cards played and, in some "
                                    "games, the trumps and discards, when it is your turn")),
                         "seat")
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
    lines = tuple(Line(action, label, by[action].value if action in by else 0.0,
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
        why = sentences(*said[:2])
        number = len(before.tricks) + 1
        card, other = action.card.unicode, best.action.card.unicode
        out.append(Review(number, action, best.action, best.value - mine.value, sentences(
            msg("Trick {trick}: you played the {card}; the coach would have played the "
                "{best}.", trick=number, card=card, best=other),
            why,  # (none: no space left for it)
            msg("With the {best}, the coach's card: {coach}. With your {card}: {mine}.",
                best=other, card=card, coach=facts(best.facts, best.deals, table),
                mine=facts(mine.facts, mine.deals, table)))))
    return out
