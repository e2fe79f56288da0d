"""A Babel extraction method for the tutor's Python code that reads its syntax tree
(``babel.cfg``: ``[tutor_python: tutor/**.py]``): every call of a keyword (``msg``,
``nmsg``, ``pmsg``, ``N_``), wherever it is, an f-string's ``{...}`` included.  Babel's
own Python extractor reads tokens, and on Python 3.11 an f-string is one token: a
``msg("...")`` inside one was never extracted."""

from __future__ import annotations

import ast


def extract(fileobj, keywords, comment_tags, options):
    """Babel's extraction method: (line, function name, its positional arguments -- the
    text of each string constant, None for anything else --, comments)."""
    source = fileobj.read().decode(options.get("encoding", "utf-8"))
    tree = ast.parse(source)
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        f = node.func
        name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) \
            else None
        if name not in keywords:
            continue
        args = tuple(a.value if isinstance(a, ast.Constant) and isinstance(a.value, str)
                     else None for a in node.args)
        if name == "pmsg" and args and args[0] is None and len(args) > 1 and args[1]:
            # a context that is not written out would be extracted as none at all, and the
            # translation never found: pmsg(CONTEXT, "Thirty") once lost its context so
            raise ValueError(f"line {node.lineno}: pmsg's context must be a string literal")
        if any(a is not None for a in args):
            found.append((node.lineno, name, args if len(args) > 1 else args[0], []))
    yield from sorted(found, key=lambda x: x[0])
