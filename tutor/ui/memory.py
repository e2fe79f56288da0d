"""The page's memory of the learner: one widget per page (:func:`memory`), shown by the page
header and the lesson map, that syncs the progress kept in the browser's localStorage
(``memory.js`` in the template's static folder) with the kernel.

No account and nothing on the server: the browser sends its stored text when the page opens
(and again when another tab changes it); the kernel reads and checks it
(:mod:`tutor.teach.progress`) and sends back only the items it changed, which the browser
merges into what is stored, the newer of each item kept.  Widgets that remember
(:class:`tutor.ui.quiz.QuizWidget`, the map, a lesson's footer) ask :meth:`Memory.when_ready`
for the items and :meth:`Memory.put` their own.

When the browser keeps nothing (storage off, private browsing, full) the tutor works as
before and says so once, in the page header; stored data it cannot read (edited by hand,
another app's, a newer tutor's) is left as it is, said in words, with a button to start afresh.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable

from traitlets import Int, Unicode, observe

from ..engine.messages import N_, msg, render
from ..teach import progress
from . import widgets
from .aria import AriaWidget, Pressable
from .boundary import ErrorLine, safe
from .static import es_module
from .style import message_html

log = logging.getLogger(__name__)

UNAVAILABLE = N_("This browser is not keeping your progress (storage is turned off, or this is "
                 "a private window): the lessons work, but what you do here is not remembered.")
FULL = N_("This browser's storage for the tutor is full: your latest answers are not kept "
          "(the lessons work on).")
# The most a message from the browser may be, in bytes: the server closes the page's socket
# past its limit (voila.json, websocket_max_message_size: 1 MiB), and a closed socket is a page
# whose widgets no longer answer, silently.  The browser checks the stored text against it (and
# against progress.MAX_TEXT) before sending it, and an imported file before reading it.
MAX_WIRE = 1_000_000


def storage_key() -> str:
    """Where the browser keeps the progress: ``trick-tutor``; under a JupyterHub, whose users'
    pages all share the hub's origin (one browser, a shared computer), one key per user."""
    user = os.environ.get("JUPYTERHUB_USER", "")
    return f"{progress.KEY}:{user}" if user else progress.KEY


class Memory(AriaWidget):
    """The progress kept in this browser, as the kernel sees it (``items``).

    ``stored`` and ``status`` come from the browser; :meth:`put` and :meth:`reset` go to it."""

    _esm = Unicode(es_module("memory.js")).tag(sync=True)
    _anywidget_id = Unicode("tutor.ui.memory").tag(sync=True)
    key = Unicode("").tag(sync=True)  # the browser's localStorage key (storage_key())
    stored = Unicode("").tag(sync=True)  # the browser's stored text
    # "" (not heard from yet), ok, unavailable, full; toobig: the stored text is over ``limit``
    # characters or ``wire_limit`` bytes as sent, so it is not sent, only its ``size``
    status = Unicode("").tag(sync=True)
    size = Int(0).tag(sync=True)  # characters of the stored text, when it is too big to send
    limit = Int(progress.MAX_TEXT).tag(sync=True)  # the most the stored text or a file may be
    wire_limit = Int(MAX_WIRE).tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(key=storage_key(), **kwargs)
        self.items: dict = {}
        self.loaded = progress.Loaded()
        self.ready = False
        self._pending: dict = {}  # items put before the browser answered
        self._waiting: list[Callable[[Memory], None]] = []
        self._watchers: list[Callable[[Memory], None]] = []
        self._file_watchers: list[Callable[[str, str | None, int], None]] = []
        self.refused_put = ""  # why the last item put was not kept ("" when it was)
        self.notice = widgets.HTML()
        self.notice.add_class("tt-memory-notice")
        self.error = ErrorLine()  # a callback's failure (tutor.ui.boundary.safe)
        self.reset_button = Pressable(description=render(msg("Start afresh")),
                                      tooltip=render(msg("Forget the saved progress and start "
                                                         "again")),
                                      classes=("tt-memory-reset",),
                                      layout=widgets.Layout(width="auto", display="none"))
        self.reset_button.on_click(safe(lambda _b: self.reset(), self.error))
        self.on_msg(self._on_custom)

    # -- what the widgets use ----------------------------------------------------------------
    def when_ready(self, callback: Callable[[Memory], None], watch: bool = False) -> None:
        """Call ``callback(memory)`` once the browser's items are read (now, if they are);
        ``watch``: and again whenever they change (this page's widgets, another tab, a
        reset)."""
        if watch:
            self._watchers.append(callback)
        if self.ready:
            callback(self)
        elif not watch:
            self._waiting.append(callback)

    def get(self, key: str) -> dict | None:
        return self.items.get(key)

    def put(self, key: str, item: dict) -> None:
        """Keep ``item`` under ``key`` (its time set now), in the kernel and the browser."""
        item = {**item, "t": progress.now_ms()}
        error = progress.check_item(key, item) or progress.overflow({**self.items, key: item})
        if error is not None:
            log.error("memory: not kept: %s (%s)", key, error)
            if self.ready and not self.refused_put:
                self.refused_put = render(msg("Your latest answers are not kept: {problem}.",
                                              problem=error))
                self._say()
            return
        self.refused_put = ""
        self.items[key] = item
        self._pending[key] = item
        self._flush()
        if self.ready:
            self._tell_watchers()

    def _tell_watchers(self, skip=()) -> None:
        for callback in self._watchers:
            if callback not in skip:
                safe(callback, self.error)(self)

    def on_file(self, callback: Callable[[str, str | None, int], None]) -> None:
        """Call ``callback(name, text, size)`` when the learner chooses a file to import
        (memory.js reads it in the browser); ``text`` None: the browser refused it, too big to
        send (``size`` bytes)."""
        self._file_watchers.append(callback)

    def take(self, items: dict) -> int:
        """Merge ``items`` (checked: an imported file's) into what is kept, the newer of each
        key winning; returns how many changed.  Raises ValueError, keeping nothing, when the
        document would then be too big (:func:`progress.overflow`)."""
        merged = progress.merge(self.items, items)
        too_big = progress.overflow(merged)
        if too_big is not None:
            raise ValueError(too_big)
        changed = {k: v for k, v in merged.items() if self.items.get(k) is not v}
        self.items = merged
        self._pending.update(changed)
        self._flush()
        if self.ready:
            self._tell_watchers()
        return len(changed)

    def reset(self) -> None:
        """Forget everything kept (the learner chose to start afresh)."""
        self.items, self._pending, self.refused_put = {}, {}, ""
        self.loaded = progress.Loaded()
        self.send({"op": "replace", "text": progress.dump({})})
        self._say()
        self._tell_watchers()

    @property
    def keeps(self) -> bool:
        """Does this browser keep what the kernel puts?"""
        return self.status == "ok" and self.loaded.usable

    # -- the browser's side --------------------------------------------------------------------
    def _flush(self) -> None:
        if self._pending and self.keeps:
            self.send({"op": "save", "version": progress.VERSION, "items": self._pending})
            self._pending = {}

    @observe("stored", "status")
    def _heard(self, _change) -> None:
        if not self.status:
            return
        if self.status == "toobig":  # the browser did not send it (it would close the socket)
            self.loaded = progress.Loaded(state="corrupt", problem=progress.too_big(self.size))
        else:
            self.loaded = progress.load(self.stored)
        self.items = progress.merge(self.loaded.items, self.items)  # ours are newer
        self.ready = True
        self._say()
        self._flush()
        waiting, self._waiting = self._waiting, []
        for callback in waiting:
            safe(callback, self.error)(self)
        self._tell_watchers(skip=waiting)

    def _on_custom(self, _widget, content, _buffers) -> None:
        """A file the learner chose to import (``{"event": "import-file", "name", "text"}``),
        or refused by the browser as too big (``{"event": "refused-file", "name", "size"}``);
        the browser's traits come as traits."""
        if not isinstance(content, dict):
            return
        event, name = content.get("event"), content.get("name")
        if event not in ("import-file", "refused-file") or not isinstance(name, str):
            return
        text, size = content.get("text"), content.get("size")
        if event == "import-file":
            if not isinstance(text, str):
                return
            size = len(text)
        elif not isinstance(size, int) or isinstance(size, bool):
            return
        else:
            text = None
        for callback in self._file_watchers:
            safe(callback, self.error)(name[:80], text, size)

    def _say(self) -> None:
        """The one thing to say about the memory, if any, in the page header."""
        loaded = self.loaded
        text, kind, reset = "", "info", False
        if self.status == "unavailable":
            text = render(msg(UNAVAILABLE))
        elif self.status == "full":
            text, kind = render(msg(FULL)), "bad"
        elif not loaded.usable:
            text, kind, reset = render(msg(
                "Your saved progress could not be used: {problem}. It is left as it is; the "
                "lessons work without it, or start afresh to keep your progress from now on.",
                problem=loaded.problem)), "bad", True
        elif self.refused_put:
            text, kind = self.refused_put, "bad"
        elif loaded.dropped:
            text = render(msg("Some of your saved progress was left out: {problem}.",
                              problem=loaded.problem))
        self.notice.value = message_html(text, kind) if text else ""
        self.reset_button.layout.display = None if reset else "none"


class Unkept:
    """The memory of a server set to keep nothing (``TUTOR_KEEP_PROGRESS=0``: a shared
    computer, a kiosk): no widget, nothing read or written; the widgets work as without
    storage, and the page header says so."""

    keeps = False
    ready = True

    def __init__(self):
        self.items: dict = {}
        self.notice = widgets.HTML(message_html(msg(OFF), "info"))
        self.notice.add_class("tt-memory-notice")

    def when_ready(self, callback: Callable[[Unkept], None], watch: bool = False) -> None:
        callback(self)

    def get(self, key: str) -> None:
        return None

    def put(self, key: str, item: dict) -> None:
        pass

    def take(self, items: dict) -> int:
        return 0

    def reset(self) -> None:
        pass


OFF = N_("This tutor is set not to keep anyone's progress (a shared computer): the lessons "
          "work, but nothing is remembered.")
_MEMORY: Memory | Unkept | None = None


def keeps_progress() -> bool:
    """Does this server keep learners' progress in their browsers?  Yes, unless the
    environment says ``TUTOR_KEEP_PROGRESS=0`` (read once per kernel)."""
    return os.environ.get("TUTOR_KEEP_PROGRESS", "1").strip() not in ("0", "no", "false", "off")


def memory() -> Memory | Unkept:
    """This page's memory (one per kernel: one per page)."""
    global _MEMORY
    if _MEMORY is None or (isinstance(_MEMORY, Memory) and _MEMORY.comm is None):
        _MEMORY = Memory(layout=widgets.look(display="none")) if keeps_progress() else Unkept()
    return _MEMORY


def memory_box() -> widgets.VBox:
    """The memory widget with what it has to say (a page header's part)."""
    m = memory()
    parts = [m.notice, m.reset_button, m] if isinstance(m, Memory) else [m.notice]
    box = widgets.VBox(parts, layout=widgets.look(width="100%"))
    if isinstance(m, Memory):
        m.error.place(box, after=m.reset_button)
    return box
