"""``tutor cases`` against hostile case files: every bad file or case is one escaped line and
one failure, the run goes on to the closing line, and nothing prints a traceback."""

from __future__ import annotations

import json

import pytest
from wording import ANY, fits, said

from tutor.cli import main
from tutor.engine.text import quoted

GOOD = {"id": "good", "game": "55", "ask": "deck", "players": 4,
        "expect": {"hand": 5, "kitty": 5, "undealt": 27}}





def tally(passed: int, failed: int) -> str:
    """The closing line of a run."""
    return said("{passed} passed, {failed} failed", passed=passed, failed=failed)


def in_case(tmp_path, case: str, problem: str) -> str:
    """The line of a bad case of the first file."""
    return said("{file}: case {case}: {problem}", file=str(tmp_path / "file0.json"), case=case,
                problem=problem)


def too_deep(tmp_path) -> str:
    """The line of a file nested too deeply to read, the first."""
    return said("{file}: not a JSON case file: it is nested too deeply to read",
                file=str(tmp_path / "file0.json"))


def run(capsys, *texts, tmp_path) -> tuple[int, list[str]]:
    """``tutor cases`` on files holding ``texts``; the exit code and the lines printed."""
    paths = []
    for i, text in enumerate(texts):
        p = tmp_path / f"file{i}.json"
        p.write_text(text, encoding="utf-8")
        paths.append(str(p))
    code = main(["cases", *paths])
    captured = capsys.readouterr()
    assert "Traceback" not in captured.out + captured.err  # Python's, not the tutor's words
    return code, captured.out.splitlines()


@pytest.mark.parametrize("ask", [{"a": 1}, [1, 2], 7, None, True])
def test_an_ask_that_is_not_text_is_one_line_and_the_run_goes_on(capsys, tmp_path, ask):
    bad = {"id": "odd-ask", "game": "55", "ask": ask, "expect": 1}
    code, lines = run(capsys, json.dumps([bad, GOOD]), tmp_path=tmp_path)
    assert code == 1
    assert len(lines) == 2, lines
    assert lines[0] == in_case(tmp_path, "odd-ask", said(
        'the ask must be text such as "legal", not {ask}', ask=quoted(ask))), lines
    assert lines[-1] == tally(1, 1)


def test_a_file_nested_too_deeply_is_one_line_naming_the_file(capsys, tmp_path):
    deep = "[" * 100_000 + "]" * 100_000
    code, lines = run(capsys, deep, json.dumps([GOOD]), tmp_path=tmp_path)
    assert code == 1
    assert len(lines) == 2, lines
    assert lines[0] == too_deep(tmp_path)
    assert lines[-1] == tally(1, 1)


@pytest.mark.parametrize("field", ["expect", "rules", "hand", "trick", "id", "ask", "game"])
def test_deep_nesting_inside_one_case_is_one_line_naming_the_case(capsys, tmp_path, field):
    # deep enough to trouble anything recursive, shallow enough for the JSON reader
    deep = "[" * 500 + "]" * 500
    case = {"id": "deep", "game": "55", "ask": "legal", "trump": "S", "trick": ["9D"],
            "hand": ["KD"], "expect": ["KD"]}
    case[field] = "@@DEEP@@"
    if field == "id":
        case["expect"] = ["AS"]  # a wrong answer: the FAIL line prints the id
    text = json.dumps([case, GOOD]).replace('"@@DEEP@@"', deep)
    code, lines = run(capsys, text, tmp_path=tmp_path)
    assert code == 1
    assert len(lines) == 2, lines
    assert "file0.json" in lines[0] and len(lines[0]) < 800
    assert lines[-1] == tally(1, 1)


def test_deeper_nesting_than_python_recurses_inside_one_case(capsys, tmp_path):
    deep = "[" * 100_000 + "]" * 100_000
    case = '{"id": "deep", "game": "55", "ask": "deck", "players": 4, "expect": ' + deep + "}"
    code, lines = run(capsys, f"[{json.dumps(GOOD)}, {case}]", json.dumps([GOOD]),
                      tmp_path=tmp_path)
    assert lines[0] == too_deep(tmp_path)
    assert lines[-1] == tally(1, 1)


FAKE = "\x1b[2K\r99 passed, 0 failed"


@pytest.mark.parametrize("field, value", [
    ("id", FAKE), ("id", "x\n99 passed, 0 failed"), ("game", FAKE), ("ask", FAKE),
    ("id", "\u202e" + "x" * 10_000), ("expect", FAKE)])
def test_text_from_the_file_is_printed_escaped_and_short(capsys, tmp_path, field, value):
    case = {"id": "c1", "game": "55", "ask": "deck", "players": 4, "expect": {"hand": 1}}
    case[field] = value
    code, lines = run(capsys, json.dumps([case]), tmp_path=tmp_path)
    assert code == 1
    assert len(lines) == 2, lines  # no new line smuggled in
    assert lines[-1] == tally(0, 1)
    assert not any(c in lines[0] for c in "\x1b\r\u202e")
    assert len(lines[0]) < 700
    if field in ("id", "game", "ask") and value == FAKE:
        assert "\\x1b[2K\\r99 passed" in lines[0]  # shown, made harmless


def test_a_long_id_is_cut_with_an_ellipsis(capsys, tmp_path):
    case = dict(GOOD, id="y" * 5000, expect=1)
    _, lines = run(capsys, json.dumps([case]), tmp_path=tmp_path)
    assert "y" * 80 + "…" in lines[0] and "y" * 81 not in lines[0]


@pytest.mark.parametrize("case", [
    {"id": "a", "game": ["55"], "ask": "deck", "expect": 1},
    {"id": "b", "game": "55", "ask": "legal", "trump": {"x": 1}, "trick": 5, "hand": None,
     "expect": 1},
    {"id": "c", "game": "56", "ask": "settle", "players": 4, "tables": "x", "bidding_team": [],
     "bid": {}, "multiplier": None, "points": "1e999", "expect": 1},
    {"id": "d", "game": "55", "ask": "deck", "players": 4, "rules": [1, 2], "expect": 1},
    {"id": "e", "game": "56", "ask": "auction", "players": 4, "calls": [["28S"]], "expect": 1},
    {"id": "f", "game": "56", "ask": "explain_bid", "players": 4, "calls": ["28S"],
     "index": 0.5, "expect": 1},
    {"game": "55", "ask": "deck", "players": 1e308, "expect": 1},
])
def test_any_malformed_case_is_one_line_and_the_run_goes_on(capsys, tmp_path, case):
    code, lines = run(capsys, json.dumps([case, GOOD]), tmp_path=tmp_path)
    assert code == 1
    assert len(lines) == 2, lines
    assert lines[-1] == tally(1, 1)


def test_an_unexpected_exception_in_one_case_is_one_line(capsys, tmp_path, monkeypatch):
    # a handler with a bug (not the code under test: the runner's handling of it is)
    from tutor import cases

    cases._load_handlers()

    def broken(case):
        raise ZeroDivisionError("a bug\nwith two lines")

    monkeypatch.setitem(cases.HANDLERS, ("55", "deck"), broken)
    code, lines = run(capsys, json.dumps([dict(GOOD, id="boom"), GOOD]), tmp_path=tmp_path)
    assert len(lines) == 3, lines
    assert fits(lines[0], said("{file}: case {case}: could not be answered ({error}: {text})",
                               file=str(tmp_path / "file0.json"), case="boom",
                               error="ZeroDivisionError", text=ANY)), lines
    assert lines[-1] == tally(0, 2)


def test_well_formed_files_still_pass(capsys, tmp_path):
    code, lines = run(capsys, json.dumps([GOOD, dict(GOOD, id="g2")]), tmp_path=tmp_path)
    assert code == 0 and lines == [tally(2, 0)]
