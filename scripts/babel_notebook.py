"""A Babel extraction method for the lessons' notebooks (``babel.cfg``:
``[tutor_notebook: lessons/**.ipynb]``): the prose of every markdown cell, block by block (a
heading, a paragraph, a whole list: ``tutor.teach.prose.blocks``), each with a comment that
says which cell it is in; and the page's title (its metadata's, the browser's tab), without the
tutor's name after it (``tutor.teach.prose.page_title``).  The page words each block through
the catalog when it is served (``tutor.teach.prose.worded``); a fenced code block is not
extracted."""

from __future__ import annotations

import json

from tutor.teach.prose import TITLE_TAIL, blocks


def extract(fileobj, keywords, comment_tags, options):
    """Babel's extraction method: (line, function name, message, comments); the line is the
    cell's number (a notebook is JSON: cell 1 is its first cell)."""
    notebook = json.loads(fileobj.read().decode(options.get("encoding", "utf-8")))
    title = notebook.get("metadata", {}).get("title", "")
    if title.removesuffix(TITLE_TAIL).strip():
        yield 0, None, title.removesuffix(TITLE_TAIL), [
            f"the page's title (the browser's tab), before \"{TITLE_TAIL.strip()}\""]
    for number, cell in enumerate(notebook.get("cells", []), 1):
        if cell.get("cell_type") != "markdown":
            continue
        source = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
        for block, prose in blocks(source):
            if prose and block.strip():
                yield number, None, block, [f"markdown cell {number}"]
