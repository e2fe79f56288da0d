"""The rule-case runner: ``tutor cases FILE...`` (format: shared/acceptance/README.md).

Each case is answered by the engine through a handler registered per (game, ask).  Malformed
input gets ``{"error": true, "message": ...}``; a case file that is not JSON (or nested too
deeply to read), a case with an unknown ``ask``, or any other trouble with one case, is reported
on one line with the file and case and counts as a failure; the run goes on to the closing line.
Text taken from a file (an id, a game, an ask) is printed escaped and cut short
(:func:`tutor.engine.text.visible`), so a file cannot print a summary of its own.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .engine.errors import InputError
from .engine.messages import msg, render
from .engine.text import quoted, visible
from .games.cases import HANDLERS
from .games.registry import find_game, game_names


def _load_handlers() -> None:
    for name in game_names():  # each game's package registers its case handlers
        find_game(name)


class CaseFileError(Exception):
    pass


def answer(case: dict) -> Any:
    """The engine's answer to one case, or ``{"error": True, "message": ...}``."""
    _load_handlers()
    if not isinstance(case, dict):
        raise CaseFileError(render(msg("a case must be a JSON object, not {kind}",
                                       kind=type(case).__name__)))
    game, ask = case.get("game"), case.get("ask")
    if isinstance(game, int) and not isinstance(game, bool):
        game = str(game)  # a game written as a number reads as its name
    if not isinstance(game, str) or game not in game_names():
        raise CaseFileError(render(msg("unknown game {game} (known: {known})", game=quoted(game),
                                       known=", ".join(game_names()))))
    if not isinstance(ask, str):
        raise CaseFileError(render(msg("the ask must be text such as \"legal\", not {ask}",
                                       ask=quoted(ask))))
    fn = HANDLERS.get((game, ask))
    if fn is None:
        known = sorted({a for g, a in HANDLERS if g == game})
        raise CaseFileError(render(msg("unknown ask {ask} for game {game} (known: {known})",
                                       ask=quoted(ask), game=game, known=", ".join(known))))
    try:
        _check_common(case)
        return fn(case)
    except InputError as e:
        return {"error": True, "message": str(e)}
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
        # a missing field or a value of the wrong shape: an input error, never a crash
        what = msg("malformed case: missing field {field}", field=str(e)) \
            if isinstance(e, KeyError) else msg("malformed case: {problem}", problem=str(e))
        return {"error": True, "message": render(what)}


def _check_common(case: dict) -> None:
    """The fields every kind of case may have, checked for their shape before any rule."""
    if "rules" in case and not isinstance(case["rules"], dict):
        raise InputError(render(msg("the rules of a case are an object of house-rule settings, "
                                    "such as {{\"pass_is_final\": true}}, not {rules}",
                                    rules=quoted(case["rules"]))), "rules")


def matches(expected: Any, got: Any, ask: str) -> bool:
    if isinstance(expected, dict) and expected.get("error") is True:
        return isinstance(got, dict) and got.get("error") is True
    if isinstance(got, dict) and got.get("error"):
        return False
    if ask == "legal" and isinstance(expected, list) and isinstance(got, list):
        return set(expected) == set(got) and len(set(got)) == len(got)
    return expected == got


def run_files(paths: list[str], out=print) -> tuple[int, int]:
    """Run every case of every file; print one line per failure and the closing line.

    Nothing in a file ends the run: each bad file or case is one line and one failure."""
    passed = failed = 0
    for path in paths:
        name = visible(path, 300)
        cases = _read(path, name, out)
        if cases is None:
            failed += 1
            continue
        ids: set = set()  # an id is unique in its file (README: "Common fields")
        for i, case in enumerate(cases):
            cid = visible(case.get("id", f"#{i + 1}") if isinstance(case, dict) else f"#{i + 1}")
            raw_id = case.get("id") if isinstance(case, dict) else None
            if isinstance(raw_id, (str, int)) and not isinstance(raw_id, bool):
                if raw_id in ids:
                    failed += 1
                    out(render(msg("{file}: case {case}: the id is used by an earlier case of "
                                   "the file (ids are unique in a file)", file=name, case=cid)))
                    continue
                ids.add(raw_id)
            try:
                problem = _run_case(case, f"{cid} ({visible(Path(path).name, 300)})")
            except CaseFileError as e:
                problem = render(msg("{file}: case {case}: {problem}", file=name, case=cid,
                                     problem=str(e)))
            except RecursionError:
                problem = render(msg("{file}: case {case}: a value is nested too deeply",
                                     file=name, case=cid))
            except Exception as e:  # noqa: BLE001 -- one bad case never ends the run
                problem = render(msg("{file}: case {case}: could not be answered ({error}: "
                                     "{text})", file=name, case=cid, error=type(e).__name__,
                                     text=visible(str(e))))
            if problem is None:
                passed += 1
            else:
                failed += 1
                out(problem)
    out(render(msg("{passed} passed, {failed} failed", passed=passed, failed=failed)))
    return passed, failed


def _read(path: str, name: str, out) -> list | None:
    """The cases of a file, or ``None`` after printing why there are none."""
    try:
        cases = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as e:
        out(render(msg("{file}: cannot read the file: {reason}", file=name,
                       reason=visible(e.strerror or e))))
        return None
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        out(render(msg("{file}: not a JSON case file: {reason}", file=name,
                       reason=visible(str(e), 200))))
        return None
    except RecursionError:
        out(render(msg("{file}: not a JSON case file: it is nested too deeply to read",
                       file=name)))
        return None
    if not isinstance(cases, list):
        out(render(msg("{file}: a case file is a JSON list of cases", file=name)))
        return None
    return cases


def _run_case(case, label: str) -> str | None:
    """``None`` when the engine's answer matches the case's ``expect``; else the FAIL line."""
    got = answer(case)
    expected = case.get("expect")
    if matches(expected, got, case["ask"]):
        return None
    want = visible(json.dumps(expected, ensure_ascii=False), 300)
    return render(msg("FAIL {case}: expected {expected}, got {got}", case=label, expected=want,
                      got=visible(json.dumps(got, ensure_ascii=False), 300)))
