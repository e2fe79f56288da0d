"""Golden playthroughs (as OpenSpiel's): whole hands of every registered game, narrated to text
and compared exactly with the files in ``tests/playthroughs/``.

For each game of :mod:`tutor.games.registry`, one hand at its smallest, usual and largest
player count (``<game>-<players>p-seed<N>.txt``): the chance outcomes drawn from
``random.Random(N)``, every seat played by the game's bot (``spec.bot``).  A file narrates the
deal (each seat's hand and the undealt piles), every action with the legal choices it was
made among and the texts of the events it caused (an event private to one seat is marked
with that seat, with the text the others read), the tricks with their leaders and winners,
the result (the score or settlement: the events after the last trick) and the finished hand's
position in the game's notation (it must read back to the same text).

Any change to the engine, a bot or a narration shows here as a diff.  When the change is
meant, rewrite the files and review the diff before committing::

    TUTOR_REGENERATE_PLAYTHROUGHS=1 .venv/bin/python -m pytest tests/test_playthroughs.py

With ``TUTOR_REGENERATE_PLAYTHROUGHS=1`` the test writes each file instead of comparing it.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from tutor.engine.state import CHANCE, Deal
from tutor.games.registry import find_game, game_names, hand_over

FOLDER = Path(__file__).resolve().parent / "playthroughs"
REGENERATE = os.environ.get("TUTOR_REGENERATE_PLAYTHROUGHS") == "1"
LISTED = 12  # the legal actions are listed when there are at most this many (else counted)


def playthroughs() -> list[tuple[str, int, int]]:
    """(game, players, seed): every game at its smallest, usual and largest count."""
    out = []
    for name in game_names():
        spec = find_game(name)
        counts = sorted({min(spec.players), spec.default_players, max(spec.players)})
        out += [(name, n, seed) for seed, n in enumerate(counts, 1)]
    return out


CASES = playthroughs()


def file_name(name: str, players: int, seed: int) -> str:
    return f"{name}-{players}p-seed{seed}.txt"


def _action(action) -> str:
    """An action without its seat (``play 10H``, ``pass``)."""
    return str(action).split(": ", 1)[-1]


def _events(events, out: list[str]) -> None:
    for e in events:
        if e.private_to is None:
            out.append(f"    {e.text}")
        else:
            out.append(f"    [seat {e.private_to} only] {e.text}")
            if e.public_text:
                out.append(f"    [the others] {e.public_text}")


def _cards(cards) -> str:
    return " ".join(c.unicode for c in cards)


def _position(spec, state) -> str:
    """The state's position in the game's notation; it reads back the same."""
    pos = spec.notation.state_to_position(state)
    text = spec.notation.format_position(pos)
    again = spec.notation.state_to_position(spec.parse(text))
    assert spec.notation.format_position(again) == text, "the position does not read back"
    return text


def narrate(name: str, players: int, seed: int) -> str:
    """One hand of ``name`` for ``players``, its chance outcomes from ``random.Random(seed)``,
    every seat played by the game's bot, as text."""
    spec = find_game(name)
    game = spec.game(players)
    rng = random.Random(seed)
    state = spec.state_class.initial(game)
    changed = game.settings.changed()
    out = [f"# {spec.title}: {players} players, seed {seed}, every seat played by the bot",
           "# Regenerate: TUTOR_REGENERATE_PLAYTHROUGHS=1 pytest tests/test_playthroughs.py",
           "rules: " + (", ".join(f"{k}={v!r}" for k, v in sorted(changed.items()))
                        if changed else "the defaults"),
           ""]
    while state.is_chance:  # the first dealer, the deal (and any redeal)
        n_events = len(state.events)
        action = state.chance(rng)
        if type(action) is Deal:
            out.append("chance: deal")
            for seat, hand in enumerate(action.hands):
                out.append(f"  hand {seat}: {_cards(hand)}")
            for i, pile in enumerate(action.extra, 1):
                out.append(f"  undealt pile {i}: {_cards(pile)}")
        else:
            out.append(f"chance: {_action(action)}")
        _events(state.events[n_events:], out)
    while not hand_over(state):
        n_events = len(state.events)
        seat, phase = state.to_act, state.phase
        legal = state.legal_actions()
        action = spec.bot(state)
        shown = (", ".join(_action(a) for a in legal) if len(legal) <= LISTED
                 else f"{len(legal)} legal actions")
        out.append(f"seat {seat} ({phase}; {shown}): {_action(action)}")
        state.play(action)
        _events(state.events[n_events:], out)
    out += ["", "tricks:"]
    for i, (leader, cards, winner) in enumerate(state.tricks, 1):
        out.append(f"  {i}. led by seat {leader}: {_cards(cards)} -> seat {winner}")
    last_trick = max((i for i, e in enumerate(state.events) if e.kind == "trick"), default=None)
    if last_trick is not None:  # the score or settlement, and what follows it
        out += ["", "result:"]
        _events(state.events[last_trick + 1:], out)
    out += ["", f"after the hand: phase {state.phase}, next to act: "
            + ("chance" if state.to_act == CHANCE else str(state.to_act))]
    text = _position(spec, state)
    out += ["", f"position ({spec.name} notation):", text.rstrip("\n")]
    return "\n".join(out) + "\n"


@pytest.mark.parametrize("name,players,seed", CASES,
                         ids=[file_name(*c)[:-4] for c in CASES])
def test_playthrough(name, players, seed):
    path = FOLDER / file_name(name, players, seed)
    text = narrate(name, players, seed)
    assert narrate(name, players, seed) == text  # deterministic within a run
    if REGENERATE:
        FOLDER.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return
    assert path.exists(), f"{path.name} is missing: run with TUTOR_REGENERATE_PLAYTHROUGHS=1"
    assert text == path.read_text(encoding="utf-8")


def test_no_stale_playthroughs():
    """Every file of the folder is a playthrough the test makes (none left from old cases)."""
    if REGENERATE:
        return
    expected = {file_name(*c) for c in CASES}
    assert {p.name for p in FOLDER.glob("*.txt")} == expected
    assert len({c[0] for c in CASES}) == len(game_names()) and all(
        sum(c[0] == g for c in CASES) >= 2 for g in game_names())
