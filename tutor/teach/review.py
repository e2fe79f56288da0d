"""Spaced review: every question a learner answers becomes a review item, keyed by its game,
kind and rule ("legal cards under a trump lead, 55-RENEGE"), scheduled by FSRS (the ``fsrs``
package, the scheduler Anki uses) from how the answer went: right first time (Good), right
with hints (Hard), wrong (Again).  A review asks a new engine-made question of each item due.

The schedule is FSRS's own, without fuzzing: the same answers on the same days give the same
dates.  Items live with the learner's other progress (:mod:`tutor.teach.progress`)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime

from fsrs import Card, Rating, Scheduler

from .questions import Question, Quiz, kind_title, make_question
from .reference import entry

SCHEDULER = Scheduler(enable_fuzzing=False)
TRIES = 40  # seeds tried for a question of the item's rule before any of its kind will do


def now() -> datetime:
    return datetime.now(UTC)


def rating(correct: bool, hints: int) -> Rating:
    """How an answer went, as FSRS rates it."""
    if not correct:
        return Rating.Again
    return Rating.Hard if hints else Rating.Good


def card_of(item: Mapping | None) -> Card:
    """The FSRS card of a review item (a new one for a new item)."""
    if not item:
        return Card(card_id=1)
    return Card.from_dict({**item["card"], "card_id": 1})


def reviewed(item: Mapping | None, game: str, kind: str, rule: str, correct: bool,
             hints: int = 0, when: datetime | None = None) -> dict:
    """The review item after an answer (``item``: as it was, or None for a first answer)."""
    card, _log = SCHEDULER.review_card(card_of(item), rating(correct, hints), when or now())
    stored = card.to_dict()
    del stored["card_id"]
    right = (item or {}).get("right", 0) + (1 if correct else 0)
    wrong = (item or {}).get("wrong", 0) + (0 if correct else 1)
    return {"game": game, "kind": kind, "rule": rule, "card": stored, "right": right,
            "wrong": wrong}


def due_date(item: Mapping) -> datetime:
    return datetime.fromisoformat(item["card"]["due"])


def due(items: Mapping, when: datetime | None = None) -> list[tuple[str, dict]]:
    """The review items due at ``when`` (now), the longest overdue first."""
    when = when or now()
    found = [(k, v) for k, v in items.items() if k.startswith("review:") and due_date(v) <= when]
    return sorted(found, key=lambda kv: (due_date(kv[1]), kv[0]))


def next_due(items: Mapping) -> datetime | None:
    dates = [due_date(v) for k, v in items.items() if k.startswith("review:")]
    return min(dates) if dates else None


def title(item: Mapping) -> str:
    """"Which cards may be played (55-RENEGE: renege rights)"."""
    try:
        rule_title = entry(item["rule"]).title
    except KeyError:
        rule_title = ""
    rule = f'{item["rule"]}: {rule_title}' if rule_title else item["rule"]
    return f'{kind_title(item["kind"])} ({rule})'


def question_for(item: Mapping, seed: int) -> Question:
    """A new question of the item's kind, of its rule if one of ``TRIES`` seeds gives it."""
    first = None
    for i in range(TRIES):
        q = make_question(item["kind"], item["game"], seed * TRIES + i)
        if q.rule == item["rule"]:
            return q
        first = first or q
    return first


class ReviewRun(Quiz):
    """A run of review questions, one per item due (``due``: its keys and items)."""

    def __init__(self, due_items: list[tuple[str, dict]], seed: int):
        if not due_items:
            raise ValueError("nothing is due for review")
        self.due = list(due_items)
        first = self.due[0][1]
        self._game = first["game"]
        super().__init__([first["kind"]], first["game"], seed, len(self.due))

    @property
    def game(self) -> str:  # the game of the question on show
        return self.question.game if getattr(self, "attempt", None) else self._game

    @game.setter
    def game(self, value: str) -> None:
        self._game = value

    def _question(self, place: int) -> Question:
        return question_for(self.due[place][1], self.seed * 1000 + place)

    def review_key(self) -> str:
        """The item due that the question on show reviews (its question may be of another
        rule, when none of its rule came up: the item is still the one reviewed)."""
        return self.due[self.number][0]

    def retry(self) -> ReviewRun:
        return ReviewRun([self.due[i] for i in self.missed], self.seed)


