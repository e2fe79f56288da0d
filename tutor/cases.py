"""The rule-case runner: ``tutor cases FILE...`` (format: shared/acceptance/README.md).

Each case is answered by the engine through a handler registered per (game, ask).  Malformed
input gets ``{"error": true, "message": ...}``; a case file that is not JSON, or a case with an
unknown ``ask``, is reported with the file and case and counts as a failure.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

from .engine.errors import InputError

Handler = Callable[[dict], Any]
HANDLERS: dict[tuple[str, str], Handler] = {}


def handler(game: str, ask: str):
    def register(fn: Handler) -> Handler:
        HANDLERS[(game, ask)] = fn
        return fn
    return register


def _load_handlers() -> None:
    from .games.g55 import cases as _c55  # noqa: F401  (registers the 55 handlers)
    try:
        from .games.g56 import cases as _c56  # noqa: F401
    except ImportError:  # the 56 engine is not there yet
        pass


class CaseFileError(Exception):
    pass


def answer(case: dict) -> Any:
    """The engine's answer to one case, or ``{"error": True, "message": ...}``."""
    _load_handlers()
    if not isinstance(case, dict):
        raise CaseFileError(f"a case must be a JSON object, not {type(case).__name__}")
    game, ask = str(case.get("game")), case.get("ask")
    fn = HANDLERS.get((game, ask))
    if fn is None:
        known = sorted({a for g, a in HANDLERS if g == game})
        if not known and game == "56":
            raise CaseFileError("the 56 engine is not in this version yet")
        if not known:
            raise CaseFileError(f"unknown game {case.get('game')!r} (55 or 56)")
        raise CaseFileError(f"unknown ask {ask!r} for game {game} (known: {', '.join(known)})")
    try:
        return fn(case)
    except InputError as e:
        return {"error": True, "message": str(e)}
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
        # a missing field or a value of the wrong shape: an input error, never a crash
        what = f"missing field {e}" if isinstance(e, KeyError) else str(e)
        return {"error": True, "message": f"malformed case: {what}"}


def matches(expected: Any, got: Any, ask: str) -> bool:
    if isinstance(expected, dict) and expected.get("error") is True:
        return isinstance(got, dict) and got.get("error") is True
    if isinstance(got, dict) and got.get("error"):
        return False
    if ask == "legal" and isinstance(expected, list) and isinstance(got, list):
        return set(expected) == set(got) and len(set(got)) == len(got)
    return expected == got


def run_files(paths: list[str], out=print) -> tuple[int, int]:
    """Run every case of every file; print one line per failure and the closing line."""
    passed = failed = 0
    for path in paths:
        try:
            cases = json.loads(Path(path).read_text(encoding="utf-8"))
        except OSError as e:
            out(f"{path}: cannot read the file: {e.strerror or e}")
            failed += 1
            continue
        except (json.JSONDecodeError, UnicodeDecodeError) as e:
            out(f"{path}: not a JSON case file: {e}")
            failed += 1
            continue
        if not isinstance(cases, list):
            out(f"{path}: a case file is a JSON list of cases")
            failed += 1
            continue
        for i, case in enumerate(cases):
            cid = case.get("id", f"#{i + 1}") if isinstance(case, dict) else f"#{i + 1}"
            try:
                got = answer(case)
            except CaseFileError as e:
                out(f"{path}: case {cid}: {e}")
                failed += 1
                continue
            expected = case.get("expect")
            if matches(expected, got, case.get("ask")):
                passed += 1
            else:
                failed += 1
                want = json.dumps(expected, ensure_ascii=False)
                out(f"FAIL {cid} ({Path(path).name}): expected {want}, "
                    f"got {json.dumps(got, ensure_ascii=False)}")
    out(f"{passed} passed, {failed} failed")
    return passed, failed
