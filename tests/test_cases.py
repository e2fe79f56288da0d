"""The rule-case runner over the shared acceptance files, and its handling of bad files."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from wording import ANY, fits, said

from tutor.cases import answer, matches, run_files
from tutor.engine.errors import where_words

# The project's copy of ../shared/acceptance (tests/test_spec_copies.py keeps it the same).
SHARED = Path(__file__).resolve().parent / "acceptance"
FILES = sorted(p.name for p in SHARED.glob("*.json"))  # every rule-case file there


def _load(name):
    return json.loads((SHARED / name).read_text(encoding="utf-8"))


CASES = [(name, c) for name in FILES for c in _load(name)]



def tally(passed: int, failed: int) -> str:
    """The closing line of a run."""
    return said("{passed} passed, {failed} failed", passed=passed, failed=failed)


def test_both_games_have_case_files():
    assert {"55.json", "56.json"} <= set(FILES)


@pytest.mark.parametrize("name, case", CASES, ids=[f"{n}:{c['id']}" for n, c in CASES])
def test_acceptance_case(name, case):
    got = answer(case)
    assert matches(case["expect"], got, case["ask"]), (case.get("why"), got)


def test_input_errors_say_what_is_wrong():
    got = answer({"id": "x", "game": "55", "ask": "legal", "trump": "S", "trick": ["9D"],
                  "hand": ["KD", "1X"]})
    assert got["error"] is True and got["message"] == said(  # the field "hand", its card 2
        "{where}: {problem}", where=where_words("hand, card 2"), problem=said(
            "{text} is not a card: {suit} is not a suit (S, H, D, C or ♠ ♥ ♦ ♣)", text="'1X'",
            suit="'X'"))
    got = answer({"id": "x", "game": "55", "ask": "legal", "trump": "S"})
    assert got["error"] is True and got["message"] == said(
        "malformed case: missing field {field}", field=repr("trick"))


def test_cli_runs_files_and_exits_nonzero_on_failure(tmp_path):
    good = tmp_path / "good.json"
    good.write_text(json.dumps([{"id": "a", "game": "55", "ask": "deck", "players": 4,
                                 "expect": {"hand": 5, "kitty": 5, "undealt": 27}}]))
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps([{"id": "b", "game": "55", "ask": "deck", "players": 4,
                                  "expect": {"hand": 5, "kitty": 5, "undealt": 26}}]))
    cmd = [sys.executable, "-m", "tutor.cli", "cases"]
    ok = subprocess.run(cmd + [str(good)], capture_output=True, text=True)
    assert ok.returncode == 0 and ok.stdout.strip().splitlines()[-1] == tally(1, 0)
    bad = subprocess.run(cmd + [str(good), str(wrong)], capture_output=True, text=True)
    assert bad.returncode == 1
    *failures, last = bad.stdout.strip().splitlines()
    assert last == tally(1, 1) and len(failures) == 1
    assert fits(failures[0], said("FAIL {case}: expected {expected}, got {got}",
                                  case="b (wrong.json)", expected=ANY, got=ANY)), failures
    assert "undealt" in failures[0]  # the field that differs


def _in_case(case: str, problem: str) -> Callable[[str], str]:
    """What the bad case ``case`` of a file is reported as, ``problem`` its problem."""
    return lambda file: said("{file}: case {case}: {problem}", file=file, case=case,
                             problem=problem)


@pytest.mark.parametrize("content, words", [
    ("{not json", lambda file: said("{file}: not a JSON case file: {reason}", file=file,
                                    reason=ANY)),
    ('{"id": 1}', lambda file: said("{file}: a case file is a JSON list of cases", file=file)),
    ('[{"id": "q", "game": "55", "ask": "fly", "expect": 1}]', _in_case(
        "q", said("unknown ask {ask} for game {game} (known: {known})", ask="'fly'", game="55",
                  known=ANY))),
    ('[{"id": "g", "game": "57", "ask": "deck", "expect": 1}]', _in_case(
        "g", said("unknown game {game} (known: {known})", game="'57'", known=ANY))),
    ('[7]', _in_case("#1", said("a case must be a JSON object, not {kind}", kind="int"))),
])
def test_malformed_case_files_are_reported_with_file_and_case(tmp_path, content, words):
    f = tmp_path / "broken.json"
    f.write_text(content)
    lines = []
    passed, failed = run_files([str(f)], out=lines.append)
    assert (passed, failed) == (0, 1)
    assert fits(lines[0], words(str(f))), lines
    assert lines[-1] == tally(0, 1)


def test_missing_file_is_reported(tmp_path):
    lines = []
    assert run_files([str(tmp_path / "nope.json")], out=lines.append) == (0, 1)
    assert fits(lines[0], said("{file}: cannot read the file: {reason}",
                               file=str(tmp_path / "nope.json"), reason=ANY)), lines


def test_an_id_used_twice_in_a_file_is_a_failure(tmp_path):
    # the README: "id (unique in the file)"; the second case is reported, not answered
    case = {"id": "a", "game": "55", "ask": "deck", "players": 4,
            "expect": {"hand": 5, "kitty": 5, "undealt": 27}}
    f = tmp_path / "twice.json"
    f.write_text(json.dumps([case, dict(case, id="b"), case]))
    lines = []
    assert run_files([str(f)], out=lines.append) == (2, 1)
    assert lines[0] == said("{file}: case {case}: the id is used by an earlier case of the file "
                            "(ids are unique in a file)", file=str(f), case="a"), lines
    # the same id in two files is fine
    g = tmp_path / "other.json"
    g.write_text(json.dumps([case]))
    assert run_files([str(f), str(g)], out=[].append) == (3, 1)
