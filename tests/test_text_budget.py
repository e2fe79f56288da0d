"""The text still outside the message catalog can only shrink (issue #38).

``tests/data/text_budget.json`` holds, per module of ``tutor/``, how many learner-facing
literals it still has (``tests/text_literals.py`` says what counts).  A module may not have
more than its budget, and a module whose text moved into the catalog must have its budget
lowered to what it has now (``python tests/text_literals.py`` writes it), so that none comes
back."""

from __future__ import annotations

import json

from text_literals import BUDGET, counts, literals


def _budget() -> dict[str, int]:
    return json.loads(BUDGET.read_text(encoding="utf-8"))["modules"]


def test_no_module_has_more_text_outside_the_catalog_than_its_budget():
    budget, now = _budget(), counts()
    over = {m: f"{n} literals, budget {budget.get(m, 0)}" for m, n in now.items()
            if n > budget.get(m, 0)}
    assert not over, ("learner-facing text outside the catalog (mark it with msg(...), "
                      f"tutor/engine/messages.py): {over}")


def test_the_budget_is_lowered_as_text_moves_into_the_catalog():
    budget, now = _budget(), counts()
    stale = {m: f"budget {b}, now {now.get(m, 0)}" for m, b in budget.items()
             if now.get(m, 0) < b}
    assert not stale, f"lower these budgets (python tests/text_literals.py): {stale}"
    assert json.loads(BUDGET.read_text(encoding="utf-8"))["total"] == sum(now.values())


def test_the_counter_sees_text_and_nothing_else(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text('''"""A docstring of many words is no literal."""
from tutor.engine.messages import msg
from tutor.engine.errors import InputError
import logging
log = logging.getLogger(__name__)
CSS = "tt-msg tt-msg-bad tt-wide"
ORDER = "5H JH AH KH QH"
KEY = "bids_by_number"
def f(seat):
    """Nor is this one, for all its words."""
    log.warning("a line of the log for the people who run it %s", seat)
    a = msg("It is seat {seat}'s turn to play.", seat=seat)
    b = f"<b>Seat {seat}</b> plays the ace"
    if seat is None:
        raise ValueError(f"a seat is a number, not {seat!r} (a programmer's mistake)")
    if seat < 0:
        raise InputError(f"There is no seat {seat} at this table.")
    return a, b, "Two words", "Three whole words"
''', encoding="utf-8")
    assert [text for _, text in literals(sample)] == [
        "<b>Seat  {} </b> plays the ace", "There is no seat  {}  at this table.",
        "Three whole words"]
