"""The learner-facing text still written in the code, outside the message catalog (issue #38).

A *literal* here is a string in a module of ``tutor/`` of three or more words (an f-string's
text parts counted together), which is not:

* a docstring;
* a message id, marked for the catalog: an argument of ``msg``, ``nmsg``, ``pmsg`` or ``N_``
  (tutor/engine/messages.py);
* a line of the log (``log.info(...)`` and the like: for the people who run the server);
* the words of a Python built-in exception raised (``raise ValueError(...)``): a programmer's
  mistake, which a learner never reads (the page says "Sorry, that did not work" and the log
  has the rest); the tutor's own errors (``InputError`` and its kind) are the learner's.

Each such literal is text a learner may read that no catalog gives: it is moved into the
catalog (and its module's budget lowered) until none is left."""

from __future__ import annotations

import ast
import builtins
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "tutor"
MARKERS = {"msg", "nmsg", "pmsg", "N_"}
LOG_METHODS = {"debug", "info", "warning", "error", "exception", "critical"}
# A word: letters (an apostrophe or a hyphen inside), one of them small, two or more, with the
# punctuation around it; not a card code (KH), an identifier (bids_by_number) or a CSS class.
_WORD = re.compile(r"""^[("'«“]*[^\W\d_]*[a-z][^\W\d_'’-]*(?:['’-][^\W\d_]+)*[.,;:!?)"'»”]*$""")
_TAG = re.compile(r"<[^<>]*>")
_CSS = ("tt-", "jp-", "jupyter-", "widget-", "mod-", "lm-")


def words(text: str) -> int:
    """How many words ``text`` has, outside its HTML tags."""
    tokens = _TAG.sub(" ", text).split()
    return sum(1 for t in tokens if _WORD.match(t) and not t.startswith(_CSS)
               and sum(c.isalpha() for c in t) >= 2)


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


BUILTIN_ERRORS = {name for name, value in vars(builtins).items()
                  if isinstance(value, type) and issubclass(value, BaseException)}


def _exempt_calls(tree: ast.AST) -> set[int]:
    """The string nodes inside a marker's or a log call's arguments, or a built-in exception's
    raised."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and isinstance(
                node.exc.func, ast.Name) and node.exc.func.id in BUILTIN_ERRORS:
            found |= {id(n) for n in ast.walk(node.exc)}
            continue
        if not isinstance(node, ast.Call):
            continue
        f = node.func
        name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
        log = isinstance(f, ast.Attribute) and name in LOG_METHODS and isinstance(
            f.value, ast.Name) and f.value.id in {"log", "logger", "LOG", "logging"}
        if name in MARKERS or log:
            for arg in [*node.args, *(k.value for k in node.keywords)]:
                found |= {id(n) for n in ast.walk(arg)}
    return found


def literals(path: Path) -> list[tuple[int, str]]:
    """(line, text) of every literal of the module at ``path`` (see the module's docstring)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _docstrings(tree) | _exempt_calls(tree)
    inner = {id(v) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr)
             for v in node.values}
    out = []
    for node in ast.walk(tree):
        if id(node) in skip or id(node) in inner:
            continue
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value
        elif isinstance(node, ast.JoinedStr):
            text = "".join(v.value if isinstance(v, ast.Constant) else " {} "
                           for v in node.values)
        else:
            continue
        if words(text) >= 3:
            out.append((node.lineno, text))
    return sorted(out)


def counts() -> dict[str, int]:
    """Literals per module of tutor/ (path relative to the repository), none left out."""
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        n = len(literals(path))
        if n:
            out[str(path.relative_to(ROOT))] = n
    return out


BUDGET = ROOT / "tests" / "data" / "text_budget.json"

if __name__ == "__main__":  # python tests/text_literals.py: write the budget as it stands
    import json

    now = counts()
    BUDGET.write_text(json.dumps({"total": sum(now.values()), "modules": now}, indent=1,
                                 sort_keys=True) + "\n", encoding="utf-8")
    print(f"{BUDGET.relative_to(ROOT)}: {sum(now.values())} literals in {len(now)} modules")
