"""Where this page is: the query of its URL and the links to other pages beside it, from what
Voila tells the kernel (``QUERY_STRING``, ``SERVER_NAME``, ``SERVER_PORT``, ``SCRIPT_NAME``:
the address the browser used, so a link works wherever the page was opened from)."""

from __future__ import annotations

import os
import sys
from pathlib import Path, PurePosixPath
from urllib.parse import parse_qs, urlencode, urlsplit

MAX_QUERY = 8_000  # characters of a query string read (a board link is a few hundred)

# The static site (``make site``): the page runs in the learner's browser, on Pyodide, and
# each lesson is a file ``<notebook>.html`` beside the others; no server, no class mode.
STATIC = sys.platform == "emscripten"
# The site's pages in each language but English are in a folder of the language's own
# (``voici/render/fr/55/04-renege.html``: deploy/static/languages.py), and the page's
# kernel works in its notebook's folder on JupyterLite's drive (``/drive/fr/55``).
DRIVE = "/drive"
# tutor.teach.i18n's ENGLISH and LOCALE_DIR (not imported here: the site's English pages do
# without Babel, which it imports)
ENGLISH = "en"
LOCALE = Path(__file__).resolve().parents[1] / "locale"


def href(notebook: str) -> str:
    """A relative link to ``notebook`` (``"55/04-renege.ipynb"``, maybe with ``?query``) as
    this page's server names it: the notebook under Voila, its ``.html`` file on the static
    site."""
    if not STATIC:
        return notebook
    path, sep, query = notebook.partition("?")
    return path.removesuffix(".ipynb") + ".html" + sep + query


def site_language(cwd: str | None = None) -> str | None:
    """On the static site, the language of this page: the one its folder names (its kernel
    works in ``/drive/fr/55`` for ``voici/render/fr/55/04-renege.html``, where the folder is
    ``/drive/fr``); None for English's pages (at the top of the drive) and anywhere else."""
    if not STATIC:
        return None
    path = PurePosixPath(cwd or os.getcwd())
    if not path.is_relative_to(DRIVE) or path == PurePosixPath(DRIVE):
        return None
    folder = path.relative_to(DRIVE).parts[0]
    return folder if (LOCALE / folder / "LC_MESSAGES").is_dir() else None


def in_language(notebook: str, lang: str, here: str) -> str:
    """A relative link from the page of ``notebook`` (worded in ``here``) to the same page in
    ``lang``, which the browser then keeps as its choice: ``index.ipynb?lang=fr`` under Voila;
    on the static site, where each language but English has its pages in a folder of its own
    (``fr/index.html``), that page's file there, with ``?lang=fr`` (the site's template keeps
    the choice)."""
    if not STATIC:
        return f"{notebook}?lang={lang}"
    up = "../" * (notebook.count("/") + (here != ENGLISH))
    folder = "" if lang == ENGLISH else f"{lang}/"
    return f"{up}{folder}{href(notebook)}?lang={lang}"


def request_query() -> dict[str, str]:
    """The page's URL query: the first value of each name (a query longer than
    :data:`MAX_QUERY` is cut there)."""
    query = os.environ.get("QUERY_STRING", "")[:MAX_QUERY]
    return {k: v[0] for k, v in parse_qs(query).items() if v}


def is_loopback(host: str) -> bool:
    """Is ``host`` this computer's own address, which no other device reaches?"""
    return host in ("", "localhost", "::1", "[::1]") or host.startswith("127.")


def page_url(notebook: str, **query: str) -> str:
    """The link to ``notebook`` (a path beside this page's notebook, such as
    ``"join.ipynb"``) with ``query``, on the host and port the browser used; a relative link
    outside Voila."""
    host = os.environ.get("SERVER_NAME", "")
    port = os.environ.get("SERVER_PORT", "")
    path = os.environ.get("SCRIPT_NAME", "") or "/"
    folder = path.rsplit("/", 1)[0] if path.endswith(".ipynb") else path.rstrip("/")
    where = f"{folder}/{href(notebook)}" + (f"?{urlencode(query)}" if query else "")
    prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "")
    if prefix and where.startswith(prefix):  # under a JupyterHub: this page is on the user's
        # own server, which nobody else may open; the hub sends each to their own
        where = (os.environ.get("JUPYTERHUB_BASE_URL", "/") + "hub/user-redirect/"
                 + where[len(prefix):])
        public = urlsplit(os.environ.get("JUPYTERHUB_PUBLIC_URL", ""))
        if public.netloc:  # the hub's address as the learners know it (https, a name)
            return f"{public.scheme}://{public.netloc}{where}"
    if not host:
        return where.lstrip("/")
    netloc = f"[{host}]" if ":" in host and not host.startswith("[") else host
    return f"http://{netloc}{':' + port if port and port != '80' else ''}{where}"
