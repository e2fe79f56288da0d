"""The files of the tutor's Voila template (``share/jupyter/voila/templates/tutor/static``):
where they are, their text, and whether the page links them itself.

Under Voila the page links ``tutor.css`` and ``tutor-cards.css`` once, cached, and preloads
the widgets' modules ``aria.js`` (:mod:`tutor.ui.aria`) and ``memory.js``
(:mod:`tutor.ui.memory`); elsewhere (JupyterLab) a widget carries what it needs.
"""

from __future__ import annotations

import logging
import os
import sys
from functools import cache
from pathlib import Path

log = logging.getLogger(__name__)

STYLESHEET = "tutor.css"
CARDS_SHEET = "tutor-cards.css"  # the card faces (tutor.ui.cards.deck_css)
STATIC = ("voila", "templates", "tutor", "static")  # under a Jupyter data folder (share/jupyter)


def stylesheet_paths(name: str = STYLESHEET) -> list[Path]:
    """Where ``tutor.css`` (or another file of the static folder) may be, first found first:
    the repository's ``share/jupyter`` (a checkout or an editable install, whose template is not
    copied anywhere), then the Jupyter data folders (JUPYTER_PATH, the user's,
    ``<prefix>/share/jupyter`` where a wheel installs the template, the system's)."""
    repo = Path(__file__).resolve().parents[2] / "share" / "jupyter"
    extra = [Path(p) for p in os.environ.get("JUPYTER_PATH", "").split(os.pathsep) if p]
    folders = [repo, *extra, Path.home() / ".local" / "share" / "jupyter",
               Path(sys.prefix) / "share" / "jupyter", Path("/usr/local/share/jupyter"),
               Path("/usr/share/jupyter")]
    return [Path(folder, *STATIC, name) for folder in folders]


@cache
def stylesheet(name: str = STYLESHEET) -> str:
    """The text of ``tutor.css`` (or ``tutor-cards.css``, ``aria.js``); "" if it cannot be
    found: the widgets work unstyled."""
    for path in stylesheet_paths(name):
        if path.is_file():
            return path.read_text(encoding="utf-8")
    log.warning("the tutor's stylesheet %s was not found: widgets are shown unstyled", name)
    return ""


def page_links_stylesheet() -> bool:
    """Does the page link ``tutor.css`` and ``tutor-cards.css`` itself?  Yes in a kernel that
    Voila started: Voila sets ``VOILA_BASE_URL`` in the environment of every kernel it starts,
    preheated or not (voila==0.5.13: handler.py, voila_kernel_manager.py), and serves our
    template."""
    return "VOILA_BASE_URL" in os.environ


MODULES = ("aria.js", "memory.js")  # the template preloads each as <link id="tt-NAME-js">


def es_module(name: str) -> str:
    """An anywidget's ``_esm`` for the module ``name`` of the static folder: under Voila a
    two-line loader that imports the copy the page preloaded (versioned, cached: the module's
    text is not sent with every widget, nor evaluated once per widget); elsewhere the text."""
    if name not in MODULES:
        raise ValueError(f"{name!r} is not one of the template's modules {MODULES}")
    if not page_links_stylesheet():
        return stylesheet(name)
    element = "tt-" + name.removesuffix(".js") + "-js"
    return (f'const real = import(document.getElementById("{element}").href);\n'
            "export default {\n"
            "  async initialize(ctx) { return (await real).default.initialize?.(ctx); },\n"
            "  async render(ctx) { return (await real).default.render(ctx); },\n"
            "};\n")
