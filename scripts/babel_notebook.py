"""A Babel extraction method for the lessons' notebooks (``babel.cfg``:
``[tutor_notebook: lessons/**.ipynb]``): the prose of every markdown cell, block by block (a
heading, a paragraph, a whole list: ``tutor.teach.prose.blocks``), each with a comment that
says which cell it is in.  The page words each block through the catalog when it is served
(``tutor.teach.prose.worded``); a fenced code block is not extracted."""

from __future__ import annotations

import json

from tutor.teach.prose import blocks


def extract(fileobj, keywords, comment_tags, options):
    """Babel's extraction method: (line, function name, message, comments); the line is the
    cell's number (a notebook is JSON: cell 1 is its first cell)."""
    notebook = json.loads(fileobj.read().decode(options.get("encoding", "utf-8")))
    for number, cell in enumerate(notebook.get("cells", []), 1):
        if cell.get("cell_type") != "markdown":
            continue
        source = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
        for block, prose in blocks(source):
            if prose and block.strip():
                yield number, None, block, [f"markdown cell {number}"]
