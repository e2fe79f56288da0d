"""Server-side settings for Voila that ``voila.json`` cannot spell as plain values.

``voila.json`` names the classes below; nothing here is imported by a lesson or a widget.
All are written against voila==0.5.13 (pinned in pyproject.toml) and jupyter_server 2.

* ``XsrfCookieIdentityProvider`` issues the ``_xsrf`` cookie on every notebook page, so that
  the page's shutdown beacon is accepted and closing a tab shuts its kernel down.
* Voila's page templates are compiled once per server, not once per page
  (:mod:`tutor_server.templates`).
* ``TutorKernelManager`` byte-compiles the ``tutor`` package when the server starts (see
  :func:`compile_tutor`), caps the number of kernels, culls kernels no browser connected to
  (two minutes after the last rush of pages) and idle ones (after ten), and never culls a
  kernel that Voila has just handed out of its preheated pool; ``TutorKernel`` starts each
  kernel with IPython's history off.

The rest of voila.json, since JSON holds no comments:

* ``VoilaConfiguration``: our template and theme, and no ``?template=``/``?theme=`` override
  from the URL (``allow_*_override: NO``): an override skipped the template, loaded three CDNs
  and started kernels outside the pool, and an unknown template hung with a kernel "starting".
* ``KernelManager.transport: ipc``: kernels talk to the server over Unix sockets in the
  runtime folder.  Over TCP every kernel picks five free ports before binding them, and with
  60 kernels starting at once two picked the same port (``ZMQError: Address already in use``);
  a Unix socket is also private to this machine's user (no "running over TCP without
  encryption" warning, for a good reason).
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
import importlib.util
import logging
import os
import time
from datetime import UTC, datetime, timedelta

from jupyter_core.utils import ensure_async
from jupyter_server.auth.identity import PasswordIdentityProvider
from jupyter_server.services.kernels.kernelmanager import (
    AsyncMappingKernelManager,
    ServerKernelManager,
)
from tornado import web
from tornado.ioloop import PeriodicCallback
from traitlets import Bool, Float, Integer, TraitError
from voila.handler import VoilaHandler

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
        return user



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
    """jupyter_server's kernel manager with three limits a classroom server needs.

    * **A cap on kernels** (``max_kernels``): past it, a page asks for no new kernel and
      answers 503 with the "the tutor is busy" page (``503.html`` of the template), instead of
      starting kernels until memory runs out.  Preheated kernels (Voila's pool, one for the
      start page) are not refused: the pool is small and fixed.
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

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        compile_tutor()
        self._idle_seen_since: dict[str, datetime] = {}
        self._ever_connected: set[str] = set()
        self._starting = 0  # kernels asked for and not yet in self._kernels
        self._quiet_since: datetime | None = None  # the end of the last rush (None: in one)
        self.warmer: LessonWarmer | None = None
        self._gate: asyncio.Semaphore | None = None
        self._zygote: zygote.Zygote | None = None

    # ---- the cap

    async def start_kernel(self, *args, **kwargs):
        preheat = (kwargs.get("env") or {}).get("VOILA_PREHEAT") == "True"
        running = len(self._kernels) + self._starting
        if not preheat and self.max_kernels and running >= self.max_kernels:
            self.log.warning("Kernel refused: %d kernels running, max_kernels is %d",
                             running, self.max_kernels)
            raise web.HTTPError(503, reason="The tutor is busy")
        if self.warmer is None and self.warm_interval > 0 and hasattr(self, "fill_if_needed"):
            self.warmer = LessonWarmer(self)  # with preheating only: it fills Voila's pools
            self.warmer.start()
        self._starting += 1
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
        if gate is not None:
            asyncio.get_running_loop().create_task(self._release_when_up(kernel_id, gate))
        return kernel_id

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

    def remove_kernel(self, kernel_id):
        self._ever_connected.discard(kernel_id)
        self._idle_seen_since.pop(kernel_id, None)
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

    async def cull_kernel_if_idle(self, kernel_id):
        # VoilaKernelManager.cull_kernel_if_idle has already returned for pooled kernels.
        kernel = self._kernels[kernel_id]
        state = getattr(kernel, "execution_state", None)
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
