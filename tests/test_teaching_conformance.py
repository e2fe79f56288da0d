"""What each game gives the teaching layers (tutor.teach.interface, issue #38): one declaration
per game, checked whole when it is made, and every part of it driven here for every registered
game, as tests/test_conformance.py drives the engine's protocol.  A game that lacks a part
fails here, not in a learner's page ("no score_hand questions for game 56")."""

from __future__ import annotations

import dataclasses
import random
import re

import pytest

from tutor.engine.phases import AUCTION, PLAY
from tutor.engine.state import Call
from tutor.games.registry import find_game, game_names
from tutor.teach import house_rules, interface
from tutor.teach.coach import advise, advise_call
from tutor.teach.questions import GENERIC_KINDS, lesson_kinds, make_question, part

GAMES = game_names()


def test_every_game_declares_its_teaching_once():
    assert interface.games() == GAMES
    for game in GAMES:
        t = interface.teaching(game)
        assert t.game == game and interface.missing(t) == []


@pytest.mark.parametrize("game", GAMES)
def test_a_declaration_without_a_part_is_refused_and_says_which(game):
    t = interface.teaching(game)
    for name in ("score_hand", "table_facts"):
        parts = {k: v for k, v in t.parts.items() if k != name}
        with pytest.raises(TypeError, match=f"lacks: .*part '{name}'"):
            interface.register(dataclasses.replace(t, parts=parts))
    coach = dataclasses.replace(t.coach, spots=t.coach.spots + ("no_such_spot",))
    with pytest.raises(TypeError, match="no_such_spot"):
        interface.register(dataclasses.replace(t, coach=coach))
    with pytest.raises(ValueError, match="twice"):
        interface.register(t)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("kind", GENERIC_KINDS)
def test_every_generic_question_is_made_for_every_game(game, kind):
    for seed in (1, 2):
        q = make_question(kind, game, seed)
        assert q.game == game and q.prompt and q.reason
        assert set(q.answer) <= {c.id for c in q.choices}, (kind, seed)


@pytest.mark.parametrize("game", GAMES)
def test_every_kind_a_game_declares_makes_its_questions(game):
    kinds = [k for k, g in lesson_kinds().items() if g == game]
    assert set(kinds) == set(interface.teaching(game).kinds)
    for kind in kinds:
        q = make_question(kind, game, 1)
        assert q.prompt and q.answer and q.reason, kind


@pytest.mark.parametrize("game", GAMES)
def test_the_views_and_the_coach_of_every_game(game):
    spec = find_game(game)
    state = spec.game_class(spec.default_players).new_game(random.Random(f"teach/{game}"))
    facts = part("table_facts", game)(state)
    assert len(facts.teams) == state.n
    view = part("ranking_view", game)("H")
    assert view.columns and view.rules
    rng = random.Random(game)
    while state.phase not in (AUCTION, PLAY):
        state.push(rng.choice(state.legal_actions()))
    if state.phase == AUCTION:
        advice = advise_call(state, worlds=4)
        assert isinstance(advice.best, Call) and state.check(advice.best) is None
        while state.phase != PLAY:
            state.push(spec.bot(state))
    advice = advise(state, worlds=4)
    assert state.check(advice.best) is None and advice.headline


@pytest.mark.parametrize("game", GAMES)
def test_every_house_rule_of_every_game_is_said_in_words(game):
    """Each setting of the game's table, at each of its values, in words: never a Python
    value ("True", "None", "renege_mode"), and two values never in the same words (a pass that
    is not final was once said as the house rule that makes it final)."""
    for name, setting in find_game(game).settings.items():
        values = setting.choices or (setting.default,)
        said = {value: house_rules.words(game, name, value) for value in values}
        for value, words in said.items():
            assert words and "_" not in words, (name, value, words)
            assert not re.search(r"\b(?:True|False|None)\b", words), (name, value, words)
        assert len(set(said.values())) == len(said), (name, said)


# what each part a kind shows reads from its question's context (the calls are drawn when a
# question has them: 56's seating questions ask some with an auction, some without)
NEEDS = {"trumps": (), "trick": ("trick", "leader", "players"), "seats": ("seats",),
         "calls": ("dealer", "players"), "you": ("seat",), "hand": ("hand", "seat"),
         "tricks": ("tricks", "players")}


def test_every_kind_shows_what_it_declares_and_no_page_names_a_kind():
    """A kind declares what its questions show beside their choices (``Shown``); each part
    it names has its facts in every question's context, and the pages read the declaration,
    never a kind's name."""
    from pathlib import Path

    from tutor.teach.questions import _KINDS, SHOWN_PARTS, shown

    assert set(NEEDS) == SHOWN_PARTS
    for name, kind in _KINDS.items():
        games = [kind.game] if kind.game else game_names()
        for game in games:
            for seed in range(4):
                q = make_question(name, game, seed)
                for p in shown(name).parts:
                    if p == "calls" and q.context.get("calls") is None:
                        continue
                    missing = [k for k in NEEDS[p] if k not in q.context]
                    assert not missing, f"{name} ({game}, seed {seed}) shows {p!r}: no {missing}"
    import ast

    ui = Path(__file__).resolve().parents[1] / "tutor" / "ui"
    named = {n.split(":")[0] for n in _KINDS}
    for f in sorted(ui.rglob("*.py")):
        tree = ast.parse(f.read_text(encoding="utf-8"))
        for node in ast.walk(tree):  # a kind compared with, or a key of a table by kind
            names = []
            if isinstance(node, ast.Compare):
                names = [c for side in (node.left, *node.comparators)
                         for c in ([side] if isinstance(side, ast.Constant)
                                   else getattr(side, "elts", []))]
            elif isinstance(node, ast.Dict):
                names = [k for k in node.keys if isinstance(k, ast.Constant)]
            for c in names:
                if isinstance(c, ast.Constant) and isinstance(c.value, str):
                        assert c.value not in named, f"{f.name}:{c.lineno} names {c.value!r}"
