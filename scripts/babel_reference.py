"""A Babel extraction method for the learner's rules reference (``babel.cfg``:
``[tutor_reference: tutor/teach/reference/*.md]``): each entry's title, text and example, as
``tutor.teach.reference.parse`` reads them (a paragraph on one line), with its rule ID as the
comment.  The reference words them through the catalog when a page shows them; the rule IDs
stay as they are in every language."""

from __future__ import annotations

from pathlib import Path


def extract(fileobj, keywords, comment_tags, options):
    """Babel's extraction method: (line, function name, message, comments)."""
    from tutor.teach.reference import parse  # the tutor's own reading of the file

    source = fileobj.read().decode(options.get("encoding", "utf-8"))
    game = Path(getattr(fileobj, "name", "")).stem
    for e in parse(source, game):
        at = source.find(f"## {e.id}:")
        line = source.count("\n", 0, at) + 1 if at >= 0 else 0
        yield line, None, e.title, [f"{e.id}: its title"]
        yield line, None, e.text, [f"{e.id}: the rule in plain words"]
        yield line, None, e.example, [f"{e.id}: its example"]
