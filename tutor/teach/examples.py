"""Worked examples and house-rule comparisons, run on the engine (pure Python).

An :class:`ExampleRun` loads an :class:`~tutor.teach.content.Example`'s position and lets the
learner try cards or calls for its seat: an illegal one is answered with the engine's reason,
rule ID and legal alternatives; a legal one is played, the tutor's players finish the trick
(or the auction), and the outcome is explained.  :func:`compare` runs one position under the
standard rules and under each variant of a :class:`~tutor.teach.content.Comparison`.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from ..engine.cards import Card, format_cards
from ..engine.errors import IllegalAction, InputError
from ..engine.messages import many, msg, nmsg, render, sentences
from ..engine.phases import AUCTION, PLAY
from ..engine.state import Call, Play
from ..games.registry import find_game, hand_over, spec_of
from .coach import advise, advise_call
from .house_rules import words as house_words
from .links import position_text
from .questions import part, stars_for
from .refusal import allowed


def load(game: str, text: str, settings: dict | None = None):
    """The state of a position text, with ``settings`` (house rules) laid over its own."""
    notation = find_game(game).notation
    pos = notation.parse_position(text)
    if settings:
        rules = dict(pos.rules)
        rules.update(settings)
        pos = dataclasses.replace(pos, rules=tuple(rules.items()))
    return notation.position_to_state(pos)


def game_of(state) -> str:
    """The name of the game a state belongs to."""
    return spec_of(state).name


@dataclass
class Outcome:
    """What one try did: ``ok`` (played) or not, the words, the rule, and what followed."""

    ok: bool
    action: str
    text: str
    rule: str | None = None
    alternatives: tuple[str, ...] = ()
    followed: list[str] = field(default_factory=list)  # what the other players did, etc.
    trick: str | None = None  # the trick's result, once complete
    score: dict | None = None  # the score breakdown, once the hand is over
    stars: int | None = None  # what the first allowed choice of a go earned (issue #39)


class ExampleRun:
    """One learner's go at a worked example.

    The example is a step's task (issue #39): it is done when the learner makes an allowed
    choice, which earns stars as an exercise's answer does (:func:`stars_for`): 3 at the first
    try, 2 after a hint or with the legal cards shown, 1 after a refused choice.  ``stars`` is
    the best of every go (Start again is a new go)."""

    def __init__(self, example):
        self.example = example
        self.game = example.game
        self.seat = example.seat
        self.spec = find_game(self.game)
        self.bot = self.spec.bot
        self.stars: int | None = None
        self.reset()

    def reset(self) -> None:
        """Back to the example's position (a new go: its stars are still to earn)."""
        self.state = load(self.game, self.example.text)
        self.start = len(self.state.history)
        self.first_event = len(self.state.events)
        self.done = False
        self.missed = self.helped = self.earned = False

    def helped_by(self) -> None:
        """The learner asked for help (the legal cards shown): the go earns 2 stars at most."""
        self.helped = True

    # -- what the learner sees ---------------------------------------------------------------
    @property
    def learner_to_act(self) -> bool:
        s = self.state
        return not self.done and not s.is_chance and not hand_over(s) and s.to_act == self.seat

    @property
    def phase(self) -> str:
        return self.state.phase

    def hand(self) -> list[Card]:
        return sorted(self.state.hands[self.seat], key=lambda c: c.index)

    def call_options(self) -> tuple[str, ...]:
        """Every call the learner could try (legal or not) in an auction: the game's calls,
        or, where bids are numbers (56), its ``example_calls`` part's few bids around the
        lowest allowed (one too low, when there is one)."""
        if not self.spec.hooks.get("bids_by_number"):
            return self.spec.calls
        return part("example_calls", self.spec.name)(self.state)

    def call_label(self, call: str) -> str:
        """How a call is shown on its button: "Pass", "20", "Thirty Spades"."""
        return self.spec.hook("call_words")(call)

    def hint(self):
        """The coach's advice for the learner's choice here (the best card, or in an auction
        the best call, and why), from what the learner's seat can see; seeded."""
        if not self.learner_to_act:
            raise InputError(render(msg("the coach advises when it is your turn: press Start "
                                        "again")), "hint")
        s = self.state
        self.helped = True
        if s.phase == AUCTION:
            return advise_call(s, self.seat, seed=0)
        if s.phase == PLAY:
            return advise(s, self.seat, seed=0)
        raise InputError(render(msg("the coach advises on calls and on the cards played")),
                         "hint")

    def legal_cards(self) -> list[Card]:
        return list(self.state.legal_cards(self.seat)) if self.learner_to_act else []

    def narration(self) -> list[str]:
        """What has happened since the example started, one line per event."""
        return [t for t in (e.visible_to(self.seat) for e in self.state.events[self.first_event:])
                if t]

    # -- trying -------------------------------------------------------------------------------
    def action_of(self, choice) -> Play | Call:
        if self.state.phase == AUCTION:
            text = str(choice).strip()
            return Call(self.seat, self.spec.hook("read_call")(text))
        card = choice if isinstance(choice, Card) else Card.parse(str(choice))
        return Play(self.seat, card)

    def check(self, choice) -> IllegalAction | None:
        return self.state.check(self.action_of(choice))

    def attempt(self, choice) -> Outcome:
        """Try ``choice`` (a card, or a call in an auction)."""
        if not self.learner_to_act:
            raise InputError(render(msg("this example is finished: press Start again to try "
                                        "another choice")), "example")
        action = self.action_of(choice)
        label = action.card.unicode if isinstance(action, Play) else \
            self.call_label(str(action.call))
        bad = self.state.check(action)
        if bad is not None:
            self.missed = True
            return Outcome(False, label, bad.reason_text, bad.rule,
                           allowed(self.state, bad).words)
        why = self.why(action)
        stars = None
        if not self.earned:
            self.earned = True
            stars = stars_for(True, int(self.helped), self.missed)
            self.stars = max(self.stars or 0, stars)
        events = len(self.state.events)
        phase, tricks = self.state.phase, len(self.state.tricks)
        self.state.play(action)
        out = Outcome(True, label, why, stars=stars)
        while not (self.state.is_chance or hand_over(self.state)) and \
                self.state.phase == phase and len(self.state.tricks) == tricks and \
                self.state.to_act != self.seat:
            self.state.push(self.bot(self.state))
        out.followed = [t for t in (e.visible_to(self.seat) for e in self.state.events[events:])
                        if t]
        if len(self.state.tricks) > tricks:
            leader, cards, winner = self.state.tricks[-1]
            result = self.state.rk.trick_result(cards)
            why = result.why
            out.trick = render(msg("Seat {seat} wins the trick with the {card}: {why}.",
                                   seat=winner, card=cards[result.index].unicode, why=why))
            points = self.spec.hooks.get("trick_points")  # a game that counts card points
            if points is not None:
                out.trick = sentences(out.trick, nmsg("The trick holds {n} card point.",
                                                      "The trick holds {n} card points.",
                                                      points(cards)))
        if hand_over(self.state) and len(self.state.history) > self.start:
            out.score = hand_result(self.state, self.seat)
        # one card is one try; an auction goes on while it is the learner's turn to call again
        self.done = phase != AUCTION or self.state.phase != phase or not self.learner_to_act
        return out

    def why(self, action) -> str:
        """Why a legal action is allowed, in words with the rule (the game's own answer)."""
        return self.state.why_legal(action)


def hand_result(state, seat: int | None = None) -> dict | None:
    """The result of the hand just finished: ``{"lines": [...], "summary": str}`` (the game's
    own words: a score breakdown, a settlement in tables), or None if no hand has ended."""
    return part("hand_result", spec_of(state).name)(state, seat)


# -- house rules side by side ----------------------------------------------------------------------
@dataclass
class Column:
    """One variant of a comparison, computed by the engine."""

    label: str
    note: str
    summary: str  # the result in one line: what differs between the columns
    cards: list[tuple[Card, bool]] = field(default_factory=list)  # (card, legal) for "legal"
    lines: list[str] = field(default_factory=list)
    standard: bool = False


def compare(comparison) -> list[Column]:
    """The comparison's position under each of its variants."""
    out = []
    for v in comparison.variants:
        try:
            state = load(comparison.game, comparison.text, dict(v.settings))
            for call in comparison.then:
                state.play(Call(state.to_act, call))
        except (InputError, IllegalAction) as e:
            raise InputError(f"{render(msg(v.label))}: {getattr(e, 'message', e)}",
                             comparison.name) from None
        col = Column(render(msg(v.label)), render(msg(v.note)), "", standard=not v.settings)
        _fill_column(col, comparison.aspect, state, comparison.probe)
        out.append(col)
    return out


def _calls_summary(state, probe: tuple[str, ...] = ()) -> str:
    """Who plays the contract, once the auction is over; else who is to call and what."""
    return part("calls_summary", spec_of(state).name)(state, probe)


def _fill_column(col: Column, aspect: str, state, probe: tuple[str, ...] = ()) -> None:
    if aspect == "legal":
        seat = state.to_act
        legal = set(state.legal_cards(seat))
        hand = sorted(state.hands[seat], key=lambda c: c.index)
        col.cards = [(c, c in legal) for c in hand]
        shown = format_cards(sorted(legal, key=lambda c: c.index), "unicode")
        col.summary = render(msg("Seat {seat} may play {cards}.", seat=seat, cards=shown))
        col.lines = [col.summary]
    elif aspect == "winner":
        leader, cards, winner = state.tricks[-1]
        result = state.rk.trick_result(cards)
        col.summary = render(msg("Seat {seat} wins with {card}.", seat=winner,
                                 card=cards[result.index].unicode))
        col.lines = [col.summary, result.text + "."]
    elif aspect == "calls":
        col.summary = _calls_summary(state, probe)
        col.lines = [col.summary]
    elif aspect == "leader":
        col.summary = render(msg("Seat {seat} leads to the first trick.", seat=state.to_act))
        col.lines = [col.summary]
    elif aspect == "score":
        bot = spec_of(state).bot
        while not (state.is_chance or hand_over(state)):
            state.push(bot(state))
        b = hand_result(state)
        col.summary = b["summary"]
        col.lines = [col.summary] + b["lines"][:1]
    else:
        raise InputError(render(msg("unknown aspect {aspect} (legal, winner, calls, leader, "
                                    "score)", aspect=repr(aspect))), "aspect")


# -- the board's position under another house rule ---------------------------------------------
def board_aspect(state) -> str | None:
    """What a comparison of ``state`` under two rule sets shows: the legal cards while a card
    is to be played, the calls in an auction, the winner once a trick is complete; None when
    the hand is over."""
    if state.is_terminal or hand_over(state):
        return None
    if state.phase == PLAY:
        return "legal" if state.legal_cards() else ("winner" if state.tricks else None)
    if state.phase == AUCTION:
        return "calls"
    return None


def rule_choices(state) -> list[tuple[str, str, object]]:
    """The house rules ``state`` could be shown under: (words, setting, value) for each value
    of each setting of its game other than the one the position has."""
    spec = spec_of(state)
    current = dict(state.game.settings) if hasattr(state.game, "settings") else {}
    out = []
    for name, setting in spec.settings.items():
        if "cosmetic" in setting.doc:  # changes nothing a position shows
            continue
        for value in setting.choices or ():
            if current.get(name, setting.default) != value:
                out.append((house_words(spec.name, name, value, state.n), name, value))
    return out


def compare_rules(state, name: str, value) -> tuple[list[Column], list[str]]:
    """``state``'s position as it stands and the same deal under the house rule ``name =
    value``, side by side: the two columns and what differs, in words.  ``InputError`` when
    the position cannot be reached under that rule (a play it forbids) or shows nothing to
    compare."""
    aspect = board_aspect(state)
    if aspect is None:
        raise InputError(render(msg("this position shows nothing to compare (the hand is "
                                    "over)")))
    spec = spec_of(state)
    text = position_text(state)
    try:
        other = load(spec.name, text, {name: value})
    except (InputError, IllegalAction) as e:
        raise InputError(render(msg("under that house rule this position cannot be reached: "
                                    "{error}", error=str(getattr(e, "message", e))))) from None
    rule = house_words(spec.name, name, value, state.n)
    same = load(spec.name, text)
    cols = []
    for label, st, standard in ((render(msg("As the position stands")), same, True),
                                (render(msg("With: {rule}", rule=rule)), other, False)):
        col = Column(label, "", "", standard=standard)
        _fill_column(col, aspect, st)
        cols.append(col)
    differs = []
    if aspect == "legal" and same.to_act == other.to_act:
        before = dict(cols[0].cards)
        for card, ok in cols[1].cards:
            if before.get(card) != ok:
                differs.append(render(msg("{card} becomes allowed", card=card.unicode) if ok
                                      else msg("{card} becomes not allowed",
                                               card=card.unicode)))
    elif cols[0].summary != cols[1].summary:
        differs.append(cols[1].summary)
    cols[1].note = render(msg("What changes: {changes}.", changes=many(differs, "clauses"))
                          if differs else
                          msg("Nothing changes here: this house rule does not touch this "
                              "position."))
    return cols, differs
