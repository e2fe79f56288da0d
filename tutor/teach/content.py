"""Lesson content as data: the lesson map, the teacher's saved positions, the exercises.

Positions are in the project's notation (``tutor.games.g55.notation``, ``...g56.notation``);
``validate()`` checks every piece (a test runs it), so a typo in a lesson is caught before a
learner meets it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine.errors import InputError
from ..engine.rulebook import rules
from .questions import GAMES, KINDS


@dataclass(frozen=True)
class Page:
    """A page of the app: its notebook (relative to ``lessons/``), title and summary."""

    notebook: str
    title: str
    summary: str
    game: str | None = None  # "55", "56" or None (both)
    rules: tuple[str, ...] = ()  # the rule IDs it teaches


@dataclass(frozen=True)
class SavedPosition:
    """A position the teacher's board offers, with what it is good for."""

    name: str
    game: str
    text: str
    goal: str
    rules: tuple[str, ...] = ()


@dataclass(frozen=True)
class Exercise:
    """A checked exercise: engine-generated questions of these kinds, from a fixed seed."""

    name: str
    game: str
    kinds: tuple[str, ...]
    count: int = 5
    seed: int = 1
    rules: tuple[str, ...] = field(default=())


PAGES: tuple[Page, ...] = (
    Page("index.ipynb", "Start", "The lesson map, and the trumps of 55 at a glance."),
    Page("board.ipynb", "Teacher's board", "Paste a position, show every hand or one seat's "
         "view, step through the plays with undo, and switch to projector size."),
    Page("explorer.ipynb", "Ranking explorer", "Choose the trump suit, see every card's place "
         "and compare two cards, for 55 and 56.", None,
         ("55-RANK-TRUMP", "55-RANK-PLAIN", "55-TRICK-WIN", "56-RANK", "56-TRICK")),
    Page("guided-55.ipynb", "Guided hands of 55", "Play whole hands of 55 against the tutor: "
         "call, take the kitty, name trumps, play five tricks and see who won each and why, "
         "then the score. Lessons with goals, and free practice with a replayable seed.", "55",
         ("55-TRICK-WIN", "55-TRUMP-LEAD", "55-SCORE-BID", "55-SCORE-BONUS")),
    Page("practice.ipynb", "Practice quiz", "Unlimited questions on legal plays, trick "
         "winners, rankings, calls and scores, for 55 and 56."),
)

BOARD_POSITIONS: tuple[SavedPosition, ...] = (
    SavedPosition("55: the A♥ is not a heart", "55", """\
game: 55
players: 4
dealer: 3
hand 0: 3D 7S QC 4H KH
hand 1: AH 5C 8C 2S 9D
hand 2: 10S QD 2H 6C JC
hand 3: 3C 4S 9S 7D KS
calls: pass pass 20 pass
discards: 2C 3S 8S JS 5D
kitty: 2C 3S 8S JS 5D
trump: D
""", "Seat 0 leads K♥: seat 1 holds the A♥ but no heart, so it may play anything.",
                  ("55-AH", "55-VOID")),
    SavedPosition("55: renege with the led card", "55", """\
game: 55
players: 3
dealer: 2
hand 0: 7S KD 2C 9H 3H
hand 1: 5S AH QC 4D 6H
hand 2: AS 9S 8D 10C JD
calls: pass 15 pass
discards: 2S 3S 4S 6S 8S
kitty: 2S 3S 4S 6S 8S
trump: S
""", "Seat 0 leads the 7♠: seat 1's 5♠ and A♥ both outrank it, so seat 1 may keep them back.",
                  ("55-RENEGE", "55-TRUMP-LEAD")),
    SavedPosition("56: follow suit, no duty to trump", "56", """\
game: 56
players: 4
dealer: 3
hand 0: JS 9S AS 10S KS QS JH 9H AH 10H KH QH
hand 1: JD 9D AD 10D KD QD JC 9C AC 10C KC QC
hand 2: JS 9S AS 10S KS QS JH 9H AH 10H KH QH
hand 3: JD 9D AD 10D KD QD JC 9C AC 10C KC QC
calls: 28S pass +2H pass pass pass
""", "Hearts are trumps. Seat 0 leads a spade: seats 1 and 3 hold none and may play anything.",
                  ("56-FOLLOW", "56-VOID")),
)

EXERCISES: tuple[Exercise, ...] = (
    Exercise("practice-55", "55", KINDS, 10, 1),
    Exercise("practice-56", "56", KINDS, 10, 1),
)


def page(notebook: str) -> Page:
    for p in PAGES:
        if p.notebook == notebook:
            return p
    raise KeyError(f"no page {notebook!r}")


def parse_saved(position: SavedPosition):
    """The position of a saved entry, parsed with its game's notation."""
    if position.game == "55":
        from ..games.g55.notation import parse_position
    else:
        from ..games.g56.notation import parse_position
    return parse_position(position.text)


def validate() -> list[str]:
    """Every problem in the content, as lines (empty when all is well)."""
    problems = []

    def check_rules(where: str, ids) -> None:
        for r in ids:
            game = r.split("-", 1)[0]
            if game not in GAMES or r not in rules(game):
                problems.append(f"{where}: unknown rule ID {r}")

    names = [p.notebook for p in PAGES]
    if len(set(names)) != len(names):
        problems.append("pages: a notebook is listed twice")
    for p in PAGES:
        check_rules(f"page {p.notebook}", p.rules)
    for s in BOARD_POSITIONS:
        check_rules(f"position {s.name!r}", s.rules)
        try:
            parse_saved(s)
        except InputError as e:
            problems.append(f"position {s.name!r}: {e}")
    for e in EXERCISES:
        check_rules(f"exercise {e.name}", e.rules)
        if e.game not in GAMES:
            problems.append(f"exercise {e.name}: unknown game {e.game}")
        problems += [f"exercise {e.name}: unknown kind {k}" for k in e.kinds if k not in KINDS]
    return problems
