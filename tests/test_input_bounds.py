"""Hostile text from users (issue #10): rules nested deeper than Python's stack, digits of other
scripts, and text far longer than any position or auction; each gets a clear input error."""

from __future__ import annotations

import html

import pytest

from tutor.engine.errors import InputError
from tutor.games.g55 import notation as n55
from tutor.games.g56 import notation as n56
from tutor.teach.content import BOARD_POSITIONS
from tutor.ui.board import TeachersBoard, load_position


def saved(game: str) -> str:
    """A saved board position of ``game`` without its rules line."""
    text = next(p.text for p in BOARD_POSITIONS if p.game == game)
    return "\n".join(line for line in text.splitlines() if not line.startswith("rules:"))


def with_rules(game: str, rules: str) -> str:
    """The saved position with ``rules`` as its line 2 (after the game line)."""
    first, rest = saved(game).split("\n", 1)
    assert first.startswith("game:")
    return f"{first}\nrules: {rules}\n{rest}"


# -- rules nested too deeply -----------------------------------------------------------------
DEEP = [
    "teams=" + "[" * 100_000,
    "teams=" + "[" * 100_000 + "]" * 100_000,
    "sixty=" + "[" * 900 + "]" * 900,
    "teams=" + "{" * 50_000,
    "[" * 100_000 + "=1",
]


@pytest.mark.parametrize("game, mod", [("55", n55), ("56", n56)])
@pytest.mark.parametrize("rules", DEEP, ids=range(len(DEEP)))
def test_rules_nested_too_deeply_are_an_input_error_naming_the_line(game, mod, rules):
    with pytest.raises(InputError) as e:
        mod.parse_position(with_rules(game, rules))
    msg = str(e.value)
    assert msg.startswith("line 2"), msg[:300]
    assert "recursion" not in msg and len(msg) < 500, msg[:300]


@pytest.mark.parametrize("game, mod", [("55", n55), ("56", n56)])
def test_the_nesting_check_leaves_ordinary_rules_alone(game, mod):
    rules = "teams=[[0, 2], [1, 3]]" if game == "55" else 'start_tables=7'
    pos = mod.parse_position(with_rules(game, rules))
    assert pos.rules
    # brackets inside a JSON string are not nesting
    with pytest.raises(InputError, match="line 2") as e:
        mod.parse_position(with_rules(game, 'teams="' + "[" * 50 + '"'))
    assert "nested" not in str(e.value)


def test_the_teachers_board_says_what_is_wrong_and_where():
    b = TeachersBoard()
    assert b.load(with_rules("55", "teams=" + "[" * 19_000)) is False
    msg = html.unescape(b.load_message.value)
    assert "line 2" in msg and "nested too deeply" in msg
    assert "recursion" not in msg and b.error.value == ""
    with pytest.raises(InputError, match="line 2.*nested too deeply"):
        load_position(with_rules("56", "teams=" + "[" * 19_000))
