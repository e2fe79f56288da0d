"""The rule-case runner over the shared acceptance files, and its handling of bad files."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tutor.cases import answer, matches, run_files

# The project's copy of ../shared/acceptance (tests/test_spec_copies.py keeps it the same).
SHARED = Path(__file__).resolve().parent / "acceptance"
FILES = sorted(p.name for p in SHARED.glob("*.json"))  # every rule-case file there


def _load(name):
    return json.loads((SHARED / name).read_text(encoding="utf-8"))


CASES = [(name, c) for name in FILES for c in _load(name)]


def test_both_games_have_case_files():
    assert {"55.json", "56.json"} <= set(FILES)


@pytest.mark.parametrize("name, case", CASES, ids=[f"{n}:{c['id']}" for n, c in CASES])
def test_acceptance_case(name, case):
    got = answer(case)
    assert matches(case["expect"], got, case["ask"]), (case.get("why"), got)


def test_input_errors_say_what_is_wrong():
    got = answer({"id": "x", "game": "55", "ask": "legal", "trump": "S", "trick": ["9D"],
                  "hand": ["KD", "1X"]})
    assert got["error"] is True and "1X" in got["message"] and "hand" in got["message"]
    got = answer({"id": "x", "game": "55", "ask": "legal", "trump": "S"})
    assert got["error"] is True and "trick" in got["message"]


def test_cli_runs_files_and_exits_nonzero_on_failure(tmp_path):
    good = tmp_path / "good.json"
    good.write_text(json.dumps([{"id": "a", "game": "55", "ask": "deck", "players": 4,
                                 "expect": {"hand": 5, "kitty": 5, "undealt": 27}}]))
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps([{"id": "b", "game": "55", "ask": "deck", "players": 4,
                                  "expect": {"hand": 5, "kitty": 5, "undealt": 26}}]))
    cmd = [sys.executable, "-m", "tutor.cli", "cases"]
    ok = subprocess.run(cmd + [str(good)], capture_output=True, text=True)
    assert ok.returncode == 0 and ok.stdout.strip().splitlines()[-1] == "1 passed, 0 failed"
    bad = subprocess.run(cmd + [str(good), str(wrong)], capture_output=True, text=True)
    assert bad.returncode == 1
    assert "b" in bad.stdout and "undealt" in bad.stdout and "1 passed, 1 failed" in bad.stdout


@pytest.mark.parametrize("content, words", [
    ("{not json", ["not a JSON case file"]),
    ('{"id": 1}', ["JSON list"]),
    ('[{"id": "q", "game": "55", "ask": "fly", "expect": 1}]', ["case q", "unknown ask 'fly'"]),
    ('[{"id": "g", "game": "57", "ask": "deck", "expect": 1}]', ["case g", "unknown game"]),
    ('[7]', ["case #1", "JSON object"]),
])
def test_malformed_case_files_are_reported_with_file_and_case(tmp_path, content, words):
    f = tmp_path / "broken.json"
    f.write_text(content)
    lines = []
    passed, failed = run_files([str(f)], out=lines.append)
    assert (passed, failed) == (0, 1)
    assert str(f) in lines[0] and all(w in lines[0] for w in words), lines
    assert lines[-1] == "0 passed, 1 failed"


def test_missing_file_is_reported(tmp_path):
    lines = []
    assert run_files([str(tmp_path / "nope.json")], out=lines.append) == (0, 1)
    assert "cannot read" in lines[0]


def test_an_id_used_twice_in_a_file_is_a_failure(tmp_path):
    # the README: "id (unique in the file)"; the second case is reported, not answered
    case = {"id": "a", "game": "55", "ask": "deck", "players": 4,
            "expect": {"hand": 5, "kitty": 5, "undealt": 27}}
    f = tmp_path / "twice.json"
    f.write_text(json.dumps([case, dict(case, id="b"), case]))
    lines = []
    assert run_files([str(f)], out=lines.append) == (2, 1)
    assert "case a" in lines[0] and "id" in lines[0] and "earlier" in lines[0], lines
    # the same id in two files is fine
    g = tmp_path / "other.json"
    g.write_text(json.dumps([case]))
    assert run_files([str(f), str(g)], out=[].append) == (3, 1)
