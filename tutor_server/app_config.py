"""Server-side settings for Voila that ``voila.json`` cannot spell as plain values.

``voila.json`` names the classes below; nothing here is imported by a lesson or a widget.
All are written against voila==0.5.13 (pinned in pyproject.toml) and jupyter_server 2.

* ``XsrfCookieIdentityProvider`` issues the ``_xsrf`` cookie on every notebook page, so that
  the page's shutdown beacon is accepted and closing a tab shuts its kernel down, and the
  ``tutor_client`` cookie by which a browser's pages are counted; it answers 404 to the routes
  of Voila's server that no page needs (the contents API, ``/logout``), leads ``/`` and
  ``/voila/tree`` to the start page, and answers a health check at ``/healthz`` (200 "ok").
* Voila's page templates are compiled once per server, not once per page
  (:mod:`tutor_server.templates`).
* ``TutorKernelManager`` byte-compiles the ``tutor`` package when the server starts (see
  :func:`compile_tutor`), caps the number of kernels (the preheated pool's included), the
  pages one browser and one address hold, culls kernels no browser connected to (two minutes
  after the last rush of pages), those whose page's websocket closed (after a minute) and idle
  ones (after ten), and never culls a kernel that Voila has just handed out of its preheated
  pool; ``TutorKernel`` starts each kernel with IPython's history off.

The rest of voila.json, since JSON holds no comments:

* ``VoilaConfiguration``: our template and theme, and no ``?template=``/``?theme=`` override
  from the URL (``allow_*_override: NO``): an override skipped the template, loaded three CDNs
  and started kernels outside the pool, and an unknown template hung with a kernel "starting".
* ``KernelManager.transport: ipc``: kernels talk to the server over Unix sockets in the
  runtime folder.  Over TCP every kernel picks five free ports before binding them, and with
  60 kernels starting at once two picked the same port (``ZMQError: Address already in use``);
  a Unix socket is also private to this machine's user (no "running over TCP without
  encryption" warning, for a good reason).
* ``VoilaExporter.preprocessors``: :class:`PageLanguage`, the page in its language (the
  notebook's markdown through the catalog, ``<html lang>``; see :func:`page_language`).
* ``VoilaExecutor``: under load a kernel can take long to start (``startup_timeout``) and a
  cell's outputs long to arrive (``iopub_timeout``: nbclient's 4 s default lost the first
  worked example of 58 of 59 pages opened at once, and 60 s still lost the bid explainer and
  the guided hand, the cells with the most widgets, when 60 pages opened at once; a kernel
  that dies is still noticed at once, this only waits for output that is on its way).
* ``Voila.tornado_settings.websocket_max_message_size``: 1 MiB; the largest message a page
  sends is a text input, bounded far below that (the board: 20,000 characters).
* ``MappingKernelManager``: a kernel with no browser connected and idle for 10 minutes is
  culled (checked every 15 s); a connected one never is (``cull_connected`` false), nor a busy
  one; ``TutorKernelManager`` adds its rule for kernels never connected.
* ``NotebookNotary.db_file: ":memory:"``: Voila checks each notebook's trust signature on every
  page, in a SQLite file shared by every Jupyter process of the user; the lessons are trusted
  by being ours, not by a signature (see ``quiet_trust_warning``).
* ``preheat_kernel`` with ``kernel_pools_config``: one kernel waits, preheated, for the
  start page only (about 0.5 s sooner to the first widget; see ``make bench-pages``).  Every
  pooled kernel holds some 57 MiB for as long as the server runs, and a preheated page runs
  before anyone asks for it (no query string, no request headers), so the lessons are not
  pooled; add ``"lesson.ipynb": {"pool_size": 1}`` to pool one.
"""

from __future__ import annotations

import asyncio
import compileall
import functools
import hashlib
import importlib.util
import logging
import os
import re
import secrets
import time
from datetime import UTC, datetime, timedelta

from jupyter_core.utils import ensure_async
from jupyter_server.auth.identity import PasswordIdentityProvider
from jupyter_server.base.call_context import CallContext
from jupyter_server.services.kernels.kernelmanager import (
    AsyncMappingKernelManager,
    ServerKernelManager,
)
from jupyter_server.utils import url_path_join
from nbconvert.preprocessors import Preprocessor
from tornado import web
from tornado.escape import xhtml_escape
from tornado.ioloop import PeriodicCallback
from traitlets import Bool, Float, Integer, TraitError
from voila.handler import VoilaHandler

from tutor.engine.messages import msg, nmsg, render
from tutor.teach import i18n, prose

from . import templates, zygote


def quiet_trust_warning(record: logging.LogRecord) -> bool:
    """A filter for Voila's log that drops "Notebook <path> is not trusted", logged on every page.

    Trust decides whether the outputs *saved in* a notebook may run HTML and JavaScript when the
    notebook is opened in Jupyter.  Voila never shows saved outputs: it runs every notebook
    afresh in a new kernel and sends only what that run displays, and the lessons are saved
    without outputs (tests/test_ui_notebooks.py).  So the warning is true and meaningless here,
    and it was the first thing a newcomer saw in the terminal.  Every other warning stays.
    """
    return record.msg != "Notebook %s is not trusted"


logging.getLogger("Voila").addFilter(quiet_trust_warning)
templates.install()  # every page's templates compiled once per server (tutor_server.templates)


def compile_tutor() -> bool:
    """Byte-compile the ``tutor`` package's modules now, once per server, so that no page's
    kernel compiles them again.  Every page's kernel imports the whole package (some 40
    modules); with ``PYTHONDONTWRITEBYTECODE`` set (as on this project's machines) Python
    never writes the ``.pyc`` files of an editable install itself, and each kernel spent some
    110 ms compiling source before the first widget.  Python still reads ``.pyc`` files under
    that variable; a stale one (a source edited since) is noticed and the source compiled as
    before.  False (and nothing written) when the package's folder is not writable, as in a
    read-only install, whose installer compiled it already."""
    spec = importlib.util.find_spec("tutor")
    folders = list(spec.submodule_search_locations or []) if spec else []
    try:
        return all(compileall.compile_dir(f, quiet=2) for f in folders) and bool(folders)
    except OSError:
        return False


class XsrfCookieIdentityProvider(PasswordIdentityProvider):
    """Voila's identity provider, plus: a notebook page always carries the ``_xsrf`` cookie.

    When a tab closes, Voila's page posts ``/voila/api/shutdown/<kernel>`` with navigator.
    sendBeacon, sending the value of the ``_xsrf`` cookie as the form field ``_xsrf``
    (double-submit).  Voila 0.5.13 sets that cookie only on pages rendered from the server's
    own templates (the tree at ``/``), never on ``/voila/render/...``; a lesson opened by a
    deep link in a fresh browser has no cookie, the beacon is refused (403 "'_xsrf' argument
    missing from POST", voila-dashboards/voila#1458) and the kernel is left running.

    Here the render page reads ``handler.xsrf_token``, which makes tornado set the cookie
    when the browser has none, exactly as the tree page already does.  The XSRF check itself
    stays on for every POST, the beacon included.

    Security trade-off: nothing new.  It is the same per-browser token tornado issues on the
    tree page; like any double-submit token it is readable by script on this origin (not
    HttpOnly: the page must read it to send it), which only matters if a page of ours is
    already compromised by XSS, and a cross-site page can neither read it nor set it, so it
    still cannot forge the beacon or any other POST.  The alternatives were worse: the
    ``disable_check_xsrf`` setting would drop the check for every POST of the server, and
    minting a token in the page's JavaScript would depend on tornado's token format.
    """

    async def get_user(self, handler):
        user = await ensure_async(super().get_user(handler))
        is_page = handler.request.method == "GET" and isinstance(handler, VoilaHandler)
        if user is not None and is_page:
            handler.current_user = user  # as prepare() does next; tornado's xsrf_token reads it
            handler.xsrf_token  # noqa: B018 -- the property sets the cookie if it is missing
            handler.tutor_client = client_cookie(handler)
            keep_language(handler)
        return user

    def get_handlers(self) -> list[tuple[str, object]]:
        """The routes of this provider, which Voila adds before its own: none for logging in
        or out (no page has an account; Voila's ``/logout`` answered 500 with an empty body),
        and 404 or the start page for the routes of Voila's that no page of the tutor needs.

        * ``/voila/api/contents/...``: jupyter_server's contents API, the lessons folder's
          listing (names, sizes, dates), read only by Voila's tree page.  404.
        * ``/`` and ``/voila/tree/...``, Voila's tree page: the list of notebook files, which
          the start page's lesson map replaces, read from the contents API.  Both answer a
          small page that leads to the start page (``StartPageLink``), to GET and HEAD.
        * ``/healthz``: a health check (``HealthCheck``): 200 "ok", to GET and HEAD.

        What the pages use stays: ``/voila/render/`` (the pages), the kernel's websocket and
        ``/api/kernels/<id>`` (which a page reads when its websocket closes, before it
        reconnects), ``/voila/api/shutdown/`` (the beacon), ``/voila/query/`` (a preheated
        page's request), the themes, templates, static files and lab extensions.  Voila's
        server has no other jupyter_server API (no ``/api/contents``, ``/api/sessions``,
        ``/api/kernels`` list, terminals).
        """
        base = getattr(self.parent, "server_url", None) or "/"
        start = {"url": url_path_join(base, "voila/render/index.ipynb")}
        return [
            (url_path_join(base, r"/voila/api/contents(?:/.*)?"), web.ErrorHandler,
             {"status_code": 404}),
            (base, StartPageLink, start),
            (url_path_join(base, r"/voila/tree(?:/.*)?"), StartPageLink, start),
            (url_path_join(base, "healthz"), HealthCheck),
        ]


class StartPageLink(web.RequestHandler):
    """``/`` (and ``/voila/tree``): a page that leads the browser to the start page at once
    (a meta refresh, no script), with a link for anything that does not follow it.  It is a
    page, not a redirect, so that a plain GET of ``/`` (a health check, a script waiting for
    the server to answer) starts no kernel.  A HEAD gets the same status and headers, no
    body (tornado answered 405 to it before)."""

    def initialize(self, url: str) -> None:
        self.url = url

    def head(self, *args) -> None:
        self.get(*args)  # tornado sends the headers (Content-Length too) and drops the body

    def get(self, *args) -> None:
        url = xhtml_escape(self.url)
        self.set_header("Cache-Control", "no-cache")
        self.write(f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Trick Tutor</title>
<meta http-equiv="refresh" content="0; url={url}"><link rel="icon" href="data:;base64,=">
</head><body><p><a href="{url}">Trick Tutor: the start page</a></p></body></html>
""")


class HealthCheck(web.RequestHandler):
    """``/healthz``: 200 and ``ok`` (plain text, not cached) while the server answers, to GET
    and HEAD, for a load balancer, a container's health check or a script waiting for
    ``make serve``.  It starts no kernel, reads no notebook and sets no cookie; that the pages
    themselves run is what the tests prove, not this."""

    def set_default_headers(self) -> None:
        self.set_header("Content-Type", "text/plain; charset=utf-8")
        self.set_header("Cache-Control", "no-store")

    def get(self) -> None:
        self.write("ok\n")

    def head(self) -> None:
        self.get()


CLIENT_COOKIE = "tutor_client"
_CLIENT_ID = re.compile(r"[0-9a-f]{32}")


def client_cookie(handler) -> str:
    """The browser's client id: the ``tutor_client`` cookie it sent, or a new one set now.

    A random id the server gives each browser on its first page (a session cookie, HttpOnly,
    SameSite=Lax), so that :class:`TutorKernelManager` can count the pages one browser holds
    (``max_kernels_per_client``).  It names nothing and is kept nowhere but in the count of
    the kernels running.  A value that is not such an id is replaced.  A client that sends no
    cookie gets a new id with every page, so its pages count only against its address
    (``max_kernels_per_address``)."""
    sent = handler.get_cookie(CLIENT_COOKIE) or ""
    if _CLIENT_ID.fullmatch(sent):
        return sent
    client = secrets.token_hex(16)
    handler.set_cookie(CLIENT_COOKIE, client, path=getattr(handler, "base_url", "/") or "/",
                       httponly=True, samesite="Lax")
    return client


LANG_COOKIE = "tutor_lang"  # the language this browser chose (a link's ?lang=)


def page_language(handler) -> str:
    """The language of the page ``handler`` serves (:func:`tutor.teach.i18n.choose`): the
    link's ``?lang=``, else this browser's earlier choice (its ``tutor_lang`` cookie), else
    its ``Accept-Language``, else English.  Worked out once per request."""
    lang = getattr(handler, "_tutor_lang", None)
    if lang is None:
        asked = handler.get_query_argument("lang", None) if handler.request.query else None
        lang = handler._tutor_lang = i18n.choose(
            asked, handler.get_cookie(LANG_COOKIE), handler.request.headers.get("Accept-Language"))
    return lang


def keep_language(handler) -> None:
    """A link that asks for a language the tutor has (``?lang=fr``) sets this browser's choice
    (a cookie for a year, read by :func:`page_language`), so the next pages are in it too;
    ``?lang=en`` goes back to English."""
    asked = handler.get_query_argument("lang", None) if handler.request.query else None
    lang = page_language(handler)
    if asked and lang.lower() == asked.strip().replace("_", "-").lower():
        # the pseudo-language (a developer's check) only until the browser closes: a link to
        # it passed round a class must not leave a learner's browser in it for a year
        handler.set_cookie(LANG_COOKIE, lang, expires_days=None if lang == i18n.PSEUDO else 365,
                           path=getattr(handler, "base_url", "/") or "/", samesite="Lax")


def request_language() -> str:
    """The language of the page whose request is being served; English when no page asked
    (a preheated kernel's page runs before anyone asks for it)."""
    handler = CallContext.get(CallContext.JUPYTER_HANDLER)
    return page_language(handler) if isinstance(handler, VoilaHandler) else i18n.ENGLISH


class PageLanguage(Preprocessor):
    """The page in its language (voila.json: ``VoilaExporter.preprocessors``): the notebook's
    markdown cells and its title worded through the catalog (:func:`tutor.teach.prose.worded`,
    :func:`~tutor.teach.prose.page_title`), the page's
    ``<html lang>`` and the template's own words (``resources["tutor"]``)."""

    def preprocess(self, nb, resources):
        lang = request_language()
        words = i18n.translations(lang)
        for cell in nb.cells:
            if cell.cell_type == "markdown":
                cell.source = prose.worded(cell.source, words)
        if nb.metadata.get("title"):  # the browser's tab
            nb.metadata["title"] = prose.page_title(nb.metadata["title"], words)
        resources["language_code"] = lang
        with i18n.language(lang):
            resources["tutor"] = prose.template_words()
        return nb, resources


CLIENT_ENV = "TUTOR_CLIENT"  # tutor.ui.classroom.CLIENT_ENV
ADDRESS_ENV = "TUTOR_CLIENT_ADDRESS"  # tutor.ui.classroom.ADDRESS_ENV


def client_digest(holder: tuple[str | None, str]) -> dict[str, str]:
    """What a page's kernel is told of its client: a digest of the browser's id
    (``TUTOR_CLIENT``; of its address when it sent no cookie) and of its address
    (``TUTOR_CLIENT_ADDRESS``).  Class mode limits joins per browser and per address by them
    (a script that sends a new cookie with every page is still one address)."""
    client, address = holder

    def digest(text: str) -> str:
        return hashlib.sha256(text.encode()).hexdigest()[:32]

    return {CLIENT_ENV: digest(f"c:{client}" if client else f"a:{address}"),
            ADDRESS_ENV: digest(f"a:{address}")}


def client_address(handler, trust_forwarded_for: bool = False) -> str:
    """The address a page's request came from: the connection's peer, or, behind a proxy the
    server is told to trust, the address that proxy saw (the last entry of its
    ``X-Forwarded-For``; the entries before it are whatever the client wrote)."""
    request = handler.request
    if trust_forwarded_for:
        forwarded = request.headers.get("X-Forwarded-For", "")
        last = forwarded.rsplit(",", 1)[-1].strip()
        if last:
            return last
    return request.remote_ip or "?"


def _with_code(id: str, **codes: str) -> list[dict]:
    """The message ``id`` worded, cut at its placeholders, each filled with code (a setting's
    name, a command) for the page to show in ``<code>``: [{"text": ..., "code": ...}, ...]."""
    marks = {name: f"\x00{name}\x00" for name in codes}
    out = []
    for i, piece in enumerate(render(msg(id, **marks)).split("\x00")):
        if i % 2:
            out.append({"text": "", "code": codes[piece]})
        elif piece:
            out.append({"text": piece, "code": ""})
    return out


def refusal_words(status: int, pages: int | None = None, by_address: bool = False) -> dict:
    """The words of the page that refuses a lesson (``503.html``: the tutor is busy;
    ``429.html``: too many pages open from one browser or address), in the language of the
    page asked for (:func:`request_language`), with its ``lang``."""
    lang = request_language()
    with i18n.language(lang):
        again = render(msg("Try again"))
        if status == 503:
            return {"lang": lang, "title": render(msg("The tutor is busy")),
                    "text": render(msg("So many lessons are open on this server right now "
                                       "that it cannot start yours. Nothing you did was "
                                       "lost: try again in a moment.")),
                    "again": again,
                    "teachers": _with_code(
                        "Teachers: the limit is {make} or {setting} in {file} (see the "
                        "README); each open page uses about 60 MB of memory.",
                        make="make serve MAX_KERNELS=…", setting="max_kernels",
                        file="voila.json")}
        if by_address:
            title = nmsg("{n} page of the tutor is open from your network",
                         "{n} pages of the tutor are open from your network", pages)
            text = msg("That is as many as one computer or network may have at once. Close a "
                       "page you no longer need, then try again; if your whole class shares "
                       "one network, tell your teacher.")
        else:
            title = nmsg("You have {n} page of the tutor open",
                         "You have {n} pages of the tutor open", pages)
            text = msg("That is as many as one browser may have at once, so that every "
                       "learner gets a turn. Close one of them (a tab you no longer need), "
                       "then try again.")
        return {"lang": lang, "title": render(title), "text": render(text), "again": again,
                "head": render(msg("Too many pages open")),
                "teachers": _with_code(
                    "Teachers: the limits are {client} and {address} of {manager} in {file} "
                    "(see the README).", client="max_kernels_per_client",
                    address="max_kernels_per_address", manager="TutorKernelManager",
                    file="voila.json")}


class TutorBusy(web.HTTPError):
    """503: the server runs as many lessons as it may (``max_kernels``).  The template's
    ``503.html`` says so, in the page's language (``words``)."""

    def __init__(self):
        super().__init__(503, reason="The tutor is busy")
        self.words = refusal_words(503)


class TooManyPages(web.HTTPError):
    """429: one client (``by_address`` False: its browser; True: its address) holds as many
    pages as it may.  The template's ``429.html`` says which, and how many, in the page's
    language (``words``)."""

    def __init__(self, pages: int, by_address: bool):
        super().__init__(429, "%d pages open from one %s", pages,
                         "address" if by_address else "browser", reason="Too many pages open")
        self.pages = pages
        self.by_address = by_address
        self.words = refusal_words(429, pages, by_address)



# --------------------------------------------------------------------------- kernels


class TutorKernel(ServerKernelManager):
    """jupyter_server's manager of one kernel, starting the kernel with ``KERNEL_ARGS``.

    IPython's history is off in a lesson's kernel: nobody reads it, and every kernel writes it
    to the same SQLite file (``~/.ipython/profile_default/history.sqlite``), so 60 kernels
    started at once showed IPython's "history saving thread hit an unexpected error
    (OperationalError('database is locked'))" *as page text*.  Set by voila.json as
    ``AsyncMappingKernelManager.kernel_manager_class``.
    """

    def format_kernel_cmd(self, extra_arguments: list[str] | None = None) -> list[str]:
        return super().format_kernel_cmd([*(extra_arguments or []), *KERNEL_ARGS])

    async def _async_launch_kernel(self, kernel_cmd: list[str], **kw) -> None:
        """Fork the kernel from the server's zygote (:mod:`tutor_server.zygote`) when the
        manager has one and the command is this Python's ipykernel; else launch it as
        jupyter_client does."""
        argv = zygote.kernel_argv(kernel_cmd)
        forks = getattr(self.parent, "kernel_zygote", None)
        warm = forks() if callable(forks) and argv is not None else None
        if warm is not None:
            env = dict(kw.get("env") or os.environ)
            env["JPY_PARENT_PID"] = str(os.getpid())
            cwd = kw.get("cwd")
            try:
                pid = await asyncio.to_thread(warm.fork, argv, env,
                                              str(cwd) if cwd else None)
            except Exception as exc:
                self.log.warning("Kernel zygote failed (%s); starting the kernel as usual", exc)
            else:
                provisioner = self.provisioner
                provisioner.process = zygote.ForkedProcess(pid)
                provisioner.pid = provisioner.pgid = pid
                provisioner.cwd = cwd
                self._reconcile_connection_info(provisioner.connection_info)
                return
        await super()._async_launch_kernel(kernel_cmd, **kw)


KERNEL_ARGS = ["--HistoryManager.enabled=False",
               '--IPKernelApp.exec_lines=__import__("tutor.preload").preload.start()']


class TutorKernelManager(AsyncMappingKernelManager):
    """jupyter_server's kernel manager with the limits a classroom server needs.

    * **A cap on kernels** (``max_kernels``): past it, a page asks for no new kernel and
      answers 503 with the "the tutor is busy" page (``503.html`` of the template), instead of
      starting kernels until memory runs out.  Preheated kernels (Voila's pool, one for the
      start page) count against it: Voila refills a pool a second after a page takes from it,
      and that refill is refused at the cap (issue 35: eight GETs of the start page took a
      full server from 80 kernels to 87); the pool is filled again when a kernel goes, or at
      the next cull check, if there is room.
    * **Pages per browser and per address** (``max_kernels_per_client``, 6;
      ``max_kernels_per_address``, 90): a browser, known by the ``tutor_client`` cookie, that
      holds as many pages as it may gets the 429 page "you have N pages of the tutor open",
      and so does an address (a client that sends no cookie counts only there).  A page's
      kernel is its client's from the request that started it or took it from a pool (read
      from jupyter_server's ``CallContext``) until the kernel goes.
    * **A page gone without its beacon** (``cull_disconnected_timeout``, 60 s): a kernel whose
      page's last websocket closed, for whatever reason, goes after that grace unless the page
      connects again; before, it waited for the ten-minute idle cull.
    * **Kernels nobody connects to go after ``cull_unconnected_timeout``** (120 s): a page
      reloaded or closed before its widgets connected, a killed browser, or a plain GET of a
      render URL leaves a kernel that no browser will ever use.  Its clock starts at the
      latest of: the end of its rendering (jupyter_server's ``last_activity``), the first
      check that saw it idle outside Voila's pool, and the end of the last *rush*, a time
      when some page was still being rendered (a kernel starting, or one that no browser has
      connected to yet busy).  When a class arrives at once, the server and the learners'
      browsers are slow for a while, and a page whose kernel finished early may connect
      minutes later (bench/load.py, 60 pages at once in one browser: 18 pages lost with a
      plain minute, 2 with a minute after the rush); so the clock runs only once the rush is
      over, and gives a page two minutes from then.  Someone who keeps the
      server rendering keeps their kernels for as long, and ``max_kernels`` bounds them.
    * **The idle culler spares kernels just out of the pool** (see ``cull_kernel_if_idle``).
    * **A lesson readied for a class** (:class:`LessonWarmer`): when a teacher's class page
      says "get lesson 4 ready for 30 learners", that many pages of it are run ahead in
      Voila's pool, and handed out as the learners open it.

    With ``VoilaConfiguration.preheat_kernel`` Voila wraps this class in its
    ``VoilaKernelManager`` (voila/voila_kernel_manager.py, 0.5.13).  That class keeps pooled
    kernels from the culler (``cull_kernel_if_idle``, lines 369-381, returns early while a
    kernel's pool task is done), but ``get_rendered_notebook`` pops the kernel from the pool
    when a page asks for it (line 187), and from then on the kernel is an ordinary idle kernel
    with no connection whose ``last_activity`` is the end of its preheat, possibly long ago.
    jupyter_server's culler (services/kernels/kernelmanager.py, lines 746-751) would see it
    idle for longer than the timeout with no connection and cull it before the browser has
    loaded Voila's JavaScript and opened the websocket: the page would never show its widgets.

    So a kernel's clock starts at the first check that finds it outside the pool and neither
    starting nor busy: it is culled only when it has been idle for the timeout by
    jupyter_server's measure (``last_activity``) *and* out of the pool, idle, for the timeout
    as this culler saw it.  The timeout is ``cull_unconnected_timeout`` for a kernel that no
    browser has ever connected to, ``cull_idle_timeout`` (10 minutes) for one whose browser
    went away without its shutdown beacon.  A connected kernel is never culled
    (``cull_connected`` false).  Requires both timeouts to be longer than ``cull_interval``.
    """

    max_kernels = Integer(80, config=True, help=(
        "The most kernels (lesson pages open at once) this server runs; past it a page "
        "answers 503 'the tutor is busy'. 0: no limit."))
    cull_unconnected_timeout = Integer(120, config=True, help=(
        "Seconds after which an idle kernel that no browser has ever connected to is shut "
        "down (0: never)."))
    start_concurrency = Integer(-1, config=True, help=(
        "Kernels that may be starting at once (launched and not yet answering); more wait "
        "their turn, first come first served. -1: as many as the machine has cores; 0: no "
        "limit."))
    fork_kernels = Bool(True, config=True, help=(
        "Start kernels by forking a process that has imported ipykernel and the tutor "
        "already (tutor_server.zygote); False: each kernel a new Python."))
    warm_interval = Float(2.0, config=True, help=(
        "Seconds between looks at the class store for a lesson a teacher is about to open "
        "with the class (0: never look, and no lesson is readied). Only with Voila's "
        "preheat_kernel."))
    warm_minutes = Float(30.0, config=True, help=(
        "How long a lesson readied for a class waits for its learners; then its pages not "
        "opened are shut down."))
    max_kernels_per_client = Integer(6, config=True, help=(
        "The most pages (kernels) one browser may hold at once, counted by the tutor_client "
        "cookie the server sets; past it a page answers 429 'you have N pages of the tutor "
        "open'. 0: no limit (bench/load.py, whose learners are one program)."))
    max_kernels_per_address = Integer(90, config=True, help=(
        "The most pages (kernels) held at once from one address, whatever their cookies: "
        "high enough for a whole class behind one school router. It bounds a client that "
        "sends no cookie. 0: no limit."))
    trust_forwarded_for = Bool(False, config=True, help=(
        "Count pages by the address in X-Forwarded-For (its last entry) rather than the "
        "connection's: only for a server behind a reverse proxy that sets it. Off, the "
        "header is ignored (a client could write any address there)."))
    cull_disconnected_timeout = Integer(60, config=True, help=(
        "Seconds after which a kernel whose page's last websocket closed (a tab or browser "
        "gone without its shutdown beacon, a phone that slept, a dropped network) is shut "
        "down, busy or not; a page that reconnects within them keeps its kernel. 0: such a "
        "kernel waits for the idle cull (cull_idle_timeout)."))

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        compile_tutor()
        self._idle_seen_since: dict[str, datetime] = {}
        self._ever_connected: set[str] = set()
        self._disconnected_since: dict[str, datetime] = {}
        self._starting = 0  # kernels asked for and not yet in self._kernels
        self._quiet_since: datetime | None = None  # the end of the last rush (None: in one)
        self.warmer: LessonWarmer | None = None
        self._gate: asyncio.Semaphore | None = None
        self._zygote: zygote.Zygote | None = None
        self._closing = False
        # who holds each page's kernel: kernel id (or a token while it starts) -> holder
        self._holders: dict[object, tuple[str | None, str]] = {}
        handed_out = getattr(self, "get_rendered_notebook", None)
        if handed_out is not None:  # Voila's VoilaKernelManager (preheat_kernel): its pools
            self.get_rendered_notebook = functools.partial(self._pooled_page, handed_out)
            self.get_pool_size = functools.partial(self._pool_for_page, self.get_pool_size)

    # ---- the cap, and the pages one client holds

    async def start_kernel(self, *args, **kwargs):
        preheat = (kwargs.get("env") or {}).get("VOILA_PREHEAT") == "True"
        holder = None if preheat else self._page_holder()
        if holder is not None:
            self._admit(holder)
        running = len(self._kernels) + self._starting
        if self.max_kernels and running >= self.max_kernels:
            if preheat:  # a pool's refill: not now (see _refill_pools)
                self.log.info("Pool not refilled: %d kernels running, max_kernels is %d",
                              running, self.max_kernels)
                self._leave_pool(asyncio.current_task())
            else:
                self.log.warning("Kernel refused: %d kernels running, max_kernels is %d",
                                 running, self.max_kernels)
            raise TutorBusy()
        if self.warmer is None and self.warm_interval > 0 and hasattr(self, "fill_if_needed"):
            self.warmer = LessonWarmer(self)  # with preheating only: it fills Voila's pools
            self.warmer.start()
        if holder is not None:  # the page's kernel knows its client, by a digest of its id,
            # and the page's language
            kwargs["env"] = {**(kwargs.get("env") or {}), **client_digest(holder),
                             i18n.ENVIRONMENT: request_language()}
        self._starting += 1
        token = object()
        if holder is not None:
            self._holders[token] = holder
        gate = self._start_gate()
        try:
            if gate is not None:
                await gate.acquire()
            try:
                kernel_id = await super().start_kernel(*args, **kwargs)
            except BaseException:
                if gate is not None:
                    gate.release()
                raise
        finally:
            self._starting -= 1
            self._holders.pop(token, None)
        if holder is not None and kernel_id in self._kernels:
            self._holders[kernel_id] = holder
        if gate is not None:
            asyncio.get_running_loop().create_task(self._release_when_up(kernel_id, gate))
        return kernel_id

    async def _pooled_page(self, handed_out, notebook_name, *args, **kwargs):
        """Voila's ``get_rendered_notebook``: a page given a kernel from a preheated pool,
        after the same per-client check as a page whose kernel starts (``start_kernel``);
        the kernel is then held by the page's client."""
        holder = self._page_holder()
        if holder is None:
            return await handed_out(notebook_name, *args, **kwargs)
        self._admit(holder)
        token = object()
        self._holders[token] = holder
        try:
            result = await handed_out(notebook_name, *args, **kwargs)
        finally:
            self._holders.pop(token, None)
        kernel_id = result[2]
        if kernel_id in self._kernels:
            self._holders[kernel_id] = holder
        return result

    def _pool_for_page(self, pool_size, notebook_name: str) -> int:
        """Voila's ``get_pool_size``: none for a page in another language than English (a
        preheated page ran, in English, before anyone asked for it: such a page starts a
        kernel of its own)."""
        if request_language() != i18n.ENGLISH:
            return 0
        return pool_size(notebook_name)

    def _page_holder(self) -> tuple[str | None, str] | None:
        """(client id, address) of the page whose request is being served, or None when no
        Voila page asked (a pool filling, a test calling the manager)."""
        handler = CallContext.get(CallContext.JUPYTER_HANDLER)
        if not isinstance(handler, VoilaHandler):
            return None
        return (getattr(handler, "tutor_client", None),
                client_address(handler, self.trust_forwarded_for))

    def pages_held(self, client: str | None = None, address: str | None = None) -> int:
        """Kernels (running or starting) held by pages of ``client``, or from ``address``.

        A page whose last websocket closed (the learner went to another page, and a phone's
        browser that sends no shutdown beacon, as iOS Safari does not) no longer counts for its
        browser while it waits for ``cull_disconnected_timeout``: a learner going through the
        lessons one after another never meets the per-browser limit.  It still counts for its
        address until it goes, so pages opened and dropped in a loop stay bounded there."""
        return sum(1 for key, (held_by, held_from) in self._holders.items()
                   if (client is not None and held_by == client
                       and key not in self._disconnected_since)
                   or (address is not None and held_from == address))

    def _admit(self, holder: tuple[str | None, str]) -> None:
        """Refuse a page (429) when its browser, or its address, holds as many as it may."""
        client, address = holder
        if client is not None and self.max_kernels_per_client:
            held = self.pages_held(client=client)
            if held >= self.max_kernels_per_client:
                self.log.warning("Page refused: one browser (%s) holds %d pages, "
                                 "max_kernels_per_client is %d", address, held,
                                 self.max_kernels_per_client)
                raise TooManyPages(held, by_address=False)
        if self.max_kernels_per_address:
            held = self.pages_held(address=address)
            if held >= self.max_kernels_per_address:
                self.log.warning("Page refused: %s holds %d pages, max_kernels_per_address "
                                 "is %d", address, held, self.max_kernels_per_address)
                raise TooManyPages(held, by_address=True)

    # ---- the preheated pools, within the cap

    def _leave_pool(self, task) -> None:
        """Take a pool task whose kernel was refused out of its pool: a page that asks next
        starts a kernel of its own (or is told the tutor is busy) rather than being handed a
        failure, and the pool is filled again when there is room (``_refill_pools``)."""
        if task is None:
            return
        for pool in getattr(self, "_pools", {}).values():
            if task in pool:
                pool.remove(task)
                task.add_done_callback(_retrieve)  # nobody awaits it: no "never retrieved"

    def _refill_pools(self) -> None:
        """Fill Voila's preheated pools back to their size (``kernel_pools_config``) while
        there is room under ``max_kernels``.  Voila refills a pool only when a page takes a
        kernel from it, and a refill refused at the cap is not tried again by Voila; this
        runs when a kernel goes and at every cull check."""
        if self._closing or not hasattr(self, "fill_if_needed"):
            return
        config = self.kernel_pools_config
        default = config.get("default", {})
        for notebook, pool in list(self._pools.items()):
            room = (self.max_kernels - len(self._kernels) - self._starting
                    if self.max_kernels else len(pool) + 1)
            size = config.get(notebook, default).get("pool_size", default.get("pool_size", 1))
            if room > 0 and len(pool) < size:
                self.log.info("Refilling the pool of %s", notebook)
                self.fill_if_needed(delay=0, notebook_name=notebook)

    async def shutdown_all(self, *args, **kwargs):
        self._closing = True  # no pool is refilled while the server stops
        return await ensure_async(super().shutdown_all(*args, **kwargs))

    def kernel_zygote(self) -> zygote.Zygote | None:
        """The zygote kernels are forked from (None: ``fork_kernels`` is off, or this is not
        a system with ``fork``)."""
        if not self.fork_kernels or not hasattr(os, "fork"):
            return None
        if self._zygote is None:
            from jupyter_core.paths import jupyter_runtime_dir

            folder = getattr(self, "connection_dir", "") or jupyter_runtime_dir()
            os.makedirs(folder, exist_ok=True)
            self._zygote = zygote.Zygote(folder, self.log)
        return self._zygote

    def _start_gate(self) -> asyncio.Semaphore | None:
        """The turn-taking of kernels starting (see ``start_concurrency``)."""
        if self._gate is None and self.start_concurrency:
            size = self.start_concurrency if self.start_concurrency > 0 else os.cpu_count()
            self._gate = asyncio.Semaphore(max(1, size or 1))
        return self._gate

    async def _release_when_up(self, kernel_id: str, gate: asyncio.Semaphore,
                               timeout: float = 60) -> None:
        """Give the next kernel its turn once this one answers (jupyter_server's
        ``execution_state`` leaves "starting" at its first status message: the reply to the
        page's first request), or is gone, or after ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        try:
            while time.monotonic() < deadline:
                kernel = self._kernels.get(kernel_id)
                if kernel is None or getattr(kernel, "execution_state", None) != "starting":
                    return
                await asyncio.sleep(0.02)
        finally:
            gate.release()

    # ---- connections

    def notify_connect(self, kernel_id):
        super().notify_connect(kernel_id)
        self._ever_connected.add(kernel_id)
        self._disconnected_since.pop(kernel_id, None)

    def notify_disconnect(self, kernel_id):
        super().notify_disconnect(kernel_id)
        if kernel_id in self._kernels and self._kernel_connections.get(kernel_id, 0) <= 0:
            self._disconnected_since[kernel_id] = datetime.now(UTC)

    def remove_kernel(self, kernel_id):
        self._ever_connected.discard(kernel_id)
        self._idle_seen_since.pop(kernel_id, None)
        self._disconnected_since.pop(kernel_id, None)
        self._holders.pop(kernel_id, None)  # the page's client may open another
        try:
            asyncio.get_running_loop().call_soon(self._refill_pools)
        except RuntimeError:  # no loop running: nothing to refill in
            pass
        return super().remove_kernel(kernel_id)

    # ---- culling

    def _pooled_kernel_ids(self) -> set[str]:
        """The kernels waiting in Voila's preheated pools (none without preheating)."""
        pooled = set()
        for pool in getattr(self, "_pools", {}).values():
            for task in pool:
                if task.done() and not task.cancelled() and task.exception() is None:
                    pooled.add(task.result()["kernel_id"])
        return pooled

    def _rendering(self) -> bool:
        """Is some page being rendered: a kernel starting, or one never connected busy?"""
        if self._starting:
            return True
        return any(getattr(kernel, "execution_state", None) in ("starting", "busy")
                   for kernel_id, kernel in self._kernels.items()
                   if kernel_id not in self._ever_connected)

    async def cull_kernels(self):
        pooled = self._pooled_kernel_ids()
        for kernel_id in list(self._idle_seen_since):
            if kernel_id in pooled or kernel_id not in self._kernels:
                del self._idle_seen_since[kernel_id]
        if self._rendering():
            self._quiet_since = None
        elif self._quiet_since is None:
            self._quiet_since = datetime.now(UTC)
        await super().cull_kernels()
        self._refill_pools()

    async def cull_kernel_if_idle(self, kernel_id):
        # VoilaKernelManager.cull_kernel_if_idle has already returned for pooled kernels.
        kernel = self._kernels[kernel_id]
        state = getattr(kernel, "execution_state", None)
        dropped = self._disconnected_since.get(kernel_id)
        if dropped is not None and self.cull_disconnected_timeout > 0:
            gone = (datetime.now(UTC) - dropped).total_seconds()
            if gone > self.cull_disconnected_timeout:
                self.log.warning("Culling kernel %s: its page's connection closed %d s ago",
                                 kernel_id, int(gone))
                await ensure_async(self.shutdown_kernel(kernel_id))
                return None
        if state in ("starting", "busy"):
            self._idle_seen_since.pop(kernel_id, None)
            return None
        if state == "dead":
            return await super().cull_kernel_if_idle(kernel_id)
        now = datetime.now(UTC)
        since = self._idle_seen_since.setdefault(kernel_id, now)
        if kernel_id not in self._ever_connected and self.cull_unconnected_timeout > 0:
            timeout = timedelta(seconds=self.cull_unconnected_timeout)
            last = last_activity(kernel) or now
            quiet = self._quiet_since
            if quiet is not None and now - max(since, last, quiet) > timeout:
                self.log.warning("Culling kernel %s: no browser connected to it in %d s",
                                 kernel_id, int((now - last).total_seconds()))
                await ensure_async(self.shutdown_kernel(kernel_id))
            return None
        if now - since <= timedelta(seconds=self.cull_idle_timeout):
            return None
        return await super().cull_kernel_if_idle(kernel_id)


def _retrieve(task) -> None:
    """A done callback that reads a task's outcome, so asyncio logs no unread exception."""
    if not task.cancelled():
        task.exception()


def rendered(task) -> bool:
    """Has this task of Voila's pool started its kernel *and* run the page (its render task,
    ``content["task"]``, done)?  A pool task is done as soon as its kernel has started."""
    if not task.done() or task.cancelled() or task.exception() is not None:
        return False
    render = task.result().get("task")
    return render is None or render.done()


def last_activity(kernel) -> datetime | None:
    """When ``kernel`` last did anything, or None before jupyter_server first noted it (a
    kernel still starting: reading the unset trait raises TraitError, which ``getattr``'s
    default does not catch; in a class's rush of 60 it did, 28 times, in the culler)."""
    try:
        return kernel.last_activity
    except (AttributeError, TraitError):
        return None


class LessonWarmer:
    """Readies the lesson a class is about to open, in Voila's preheated pool.

    The teacher's class page writes "lesson L for N learners" to the class store
    (:meth:`tutor.classroom.classes.Classroom.open_lesson`); every ``warm_interval`` seconds
    this reads what every running class wants (asked less than ``warm_minutes`` ago) and
    keeps that many pages of each lesson run ahead: for each lesson, N minus the pages already
    handed out minus those waiting.  They start at once, while the teacher is still talking;
    a learner who opens the lesson then gets a page already run (Voila's
    ``get_rendered_notebook``), and one who comes before it is ready waits for the first
    (oldest) of them rather than starting another.

    Voila (0.5.13) sizes a pool by ``kernel_pools_config`` each time it fills it, including
    right after a page took a kernel from it; so the size is raised only for the call to
    ``fill_if_needed`` here and put back at once: a page taken is not replaced, and a class of
    30 starts 30 kernels, not 60.  When the class ends, its teacher readies another lesson or
    ``warm_minutes`` pass, the pages not opened are shut down (Voila never culls a pooled
    kernel).  The pages count against ``max_kernels``: no more are started than it leaves
    room for.  The number ready and the number opened are written back for the teacher's
    page.  A lesson's page reads nothing from its request (no query string), so a page run
    ahead is the page a learner would have had.
    """

    def __init__(self, manager: TutorKernelManager):
        self.manager = manager
        self.log = manager.log
        self.room = None
        self.tasks: dict[str, list] = {}  # notebook -> our pool tasks still in the pool
        self.opened: dict[str, int] = {}  # notebook -> pages handed out since it was wanted
        self.releasing: list = []  # tasks of lessons no longer wanted, not started yet
        self.busy = False
        self.failing = False
        self.callback: PeriodicCallback | None = None

    def start(self) -> None:
        self.callback = PeriodicCallback(self.tick, 1000 * self.manager.warm_interval)
        self.callback.start()

    def stop(self) -> None:
        if self.callback is not None:
            self.callback.stop()

    def _wanted(self) -> list:
        if self.room is None:
            from tutor.classroom.classes import Classroom  # SQLAlchemy: only when used
            self.room = Classroom()
        return self.room.lessons_wanted(60 * self.manager.warm_minutes)

    async def tick(self) -> None:
        if self.busy:
            return
        self.busy = True
        try:
            try:
                wanted = await asyncio.to_thread(self._wanted)
            except Exception as exc:  # no store, a database down: say so once, go on
                if not self.failing:
                    self.log.warning("Readying lessons: cannot read the class store: %s", exc)
                self.failing = True
                return
            self.failing = False
            await self.follow(wanted)
        finally:
            self.busy = False

    async def follow(self, wanted: list) -> None:
        """Make the pools match ``wanted`` (:class:`tutor.classroom.model.Lesson`s)."""
        manager = self.manager
        targets: dict[str, int] = {}
        for lesson in wanted:
            targets[lesson.notebook] = targets.get(lesson.notebook, 0) + lesson.learners
        for notebook in list(self.tasks):
            if notebook not in targets:
                self.releasing.extend(self.tasks.pop(notebook))
                self.opened.pop(notebook, None)
                self.log.info("Lesson %s is no longer wanted: its waiting pages go", notebook)
        await self._release()
        progress = {}
        for notebook, target in targets.items():
            pool = manager._pools.get(notebook, [])
            ours = self.tasks.get(notebook, [])
            waiting = [t for t in ours if t in pool]
            self.opened[notebook] = self.opened.get(notebook, 0) + len(ours) - len(waiting)
            room = target - self.opened[notebook] - len(waiting)
            if manager.max_kernels:
                room = min(room, manager.max_kernels - len(manager._kernels) - manager._starting
                           - sum(not t.done() for t in waiting))
            if room > 0:
                waiting += self._fill(notebook, room)
                self.log.info("Readying %d pages of %s for a class (%d opened, %d waiting)",
                              room, notebook, self.opened[notebook], len(waiting))
            self.tasks[notebook] = waiting
            ready = sum(1 for t in waiting if rendered(t))
            progress[notebook] = (ready, self.opened[notebook])
        if wanted and self.room is not None:
            updates = [(lesson.class_id, lesson.notebook, *progress[lesson.notebook])
                       for lesson in wanted
                       if (lesson.ready, lesson.opened) != progress[lesson.notebook]]
            if updates:
                try:
                    await asyncio.to_thread(
                        lambda: [self.room.lesson_progress(*u) for u in updates])
                except Exception as exc:
                    self.log.warning("Readying lessons: cannot write progress: %s", exc)

    def _fill(self, notebook: str, count: int) -> list:
        """Start ``count`` more pooled kernels of ``notebook``; returns their pool tasks."""
        manager = self.manager
        config = dict(manager.kernel_pools_config)
        base = config.get(notebook, config.get("default", {}))
        pool = manager._pools.get(notebook, [])
        before = len(pool)
        manager.kernel_pools_config = {**config, notebook: {**base,
                                                            "pool_size": before + count}}
        try:
            manager.fill_if_needed(delay=0, notebook_name=notebook)
        finally:
            manager.kernel_pools_config = config
        return manager._pools.get(notebook, [])[before:]

    async def _release(self) -> None:
        """Shut down the waiting pages of lessons no longer wanted (those still starting at
        the next look)."""
        keep, going = [], []
        for task in self.releasing:
            if not task.done():
                keep.append(task)
                continue
            if task.cancelled() or task.exception() is not None:
                continue
            kernel_id = task.result()["kernel_id"]
            in_pool = any(task in pool for pool in self.manager._pools.values())
            if in_pool and kernel_id in self.manager._kernels:
                going.append(kernel_id)
        self.releasing = keep
        results = await asyncio.gather(
            *[ensure_async(self.manager.shutdown_kernel(k)) for k in going],
            return_exceptions=True)
        for kernel_id, result in zip(going, results, strict=True):
            if isinstance(result, Exception):
                self.log.warning("Readying lessons: could not shut %s down: %s",
                                 kernel_id, result)
