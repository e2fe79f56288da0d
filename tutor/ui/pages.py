"""Where this page is: the query of its URL and the links to other pages beside it, from what
Voila tells the kernel (``QUERY_STRING``, ``SERVER_NAME``, ``SERVER_PORT``, ``SCRIPT_NAME``:
the address the browser used, so a link works wherever the page was opened from)."""

from __future__ import annotations

import os
import sys
from urllib.parse import parse_qs, urlencode, urlsplit

MAX_QUERY = 8_000  # characters of a query string read (a board link is a few hundred)

# The static site (``make site``): the page runs in the learner's browser, on Pyodide, and
# each lesson is a file ``<notebook>.html`` beside the others; no server, no class mode.
STATIC = sys.platform == "emscripten"


def href(notebook: str) -> str:
    """A relative link to ``notebook`` (``"55/04-renege.ipynb"``, maybe with ``?query``) as
    this page's server names it: the notebook under Voila, its ``.html`` file on the static
    site."""
    if not STATIC:
        return notebook
    path, sep, query = notebook.partition("?")
    return path.removesuffix(".ipynb") + ".html" + sep + query


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
