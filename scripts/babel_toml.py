"""A Babel extraction method for the lessons' content files (``babel.cfg``:
``[tutor_toml: tutor/teach/data/*.toml]``): the texts a learner reads -- a track's title and
blurb, a page's title, summary and goal, a worked example's caption, a house-rule
comparison's question and its columns, a saved position's name and goal -- each with a comment
that says where it is.  The pages word them through the catalog when they show them
(``tutor.teach.content``: the fields hold the English, which is the message id)."""

from __future__ import annotations

import re
import tomllib

# the keys of each table that hold words a learner reads (the others are names, paths, rule
# IDs, settings)
TEXT = {"track": ("title", "blurb"), "page": ("title", "summary", "after"),
        "example": ("caption",), "comparison": ("label", "summary"), "variant": ("label", "note"),
        "position": ("name", "goal")}

_KEY = re.compile(r"^\s*([A-Za-z_][A-Za-z0-9_-]*)\s*=")


def _walk(table: str, value, label: str = ""):
    """(table, key, value, label) of every key of ``value`` in the order of the file."""
    if isinstance(value, dict):
        label = str(value.get("id") or value.get("name") or label)
        for key, v in value.items():
            if isinstance(v, list) and v and all(isinstance(x, dict) for x in v):
                for item in v:
                    yield from _walk(key, item, label)
            else:
                yield table, key, v, label


def texts(source: str):
    """(line, text, where) of every learner-facing text of a content file's ``source``."""
    lines: dict[str, list[int]] = {}
    for number, line in enumerate(source.splitlines(), 1):
        if (m := _KEY.match(line)) and not line.lstrip().startswith("#"):
            lines.setdefault(m[1], []).append(number)
    seen: dict[str, int] = {}
    for table, key, value, label in _walk("", tomllib.loads(source)):
        at = lines.get(key, [])
        line = at[seen.get(key, 0)] if seen.get(key, 0) < len(at) else 0
        seen[key] = seen.get(key, 0) + 1
        if key in TEXT.get(table, ()) and isinstance(value, str) and value:
            yield line, value, f"[[{table}]] {label}: {key}"


def extract(fileobj, keywords, comment_tags, options):
    """Babel's extraction method: (line, function name, message, comments)."""
    source = fileobj.read().decode(options.get("encoding", "utf-8"))
    for line, text, where in texts(source):
        yield line, None, text, [where]
