"""The error boundary: a widget callback that fails shows a short message, never a traceback;
and a burst of clicks on one widget is coalesced instead of queued."""

from __future__ import annotations

import functools
import html
import logging
import time
from collections.abc import Callable

import ipywidgets

from ..engine.messages import N_, msg, render
from . import kernel_guard, widgets
from .aria import Pressable, RowButton

# In a kernel, tutor.ui.kernel_guard.install sends the "tutor" loggers to the server's
# terminal (the kernel process's own stderr), never to the page.
log = logging.getLogger("tutor.ui")


# A database's own words (a table, a constraint, a query) are for the server's log, never for
# the page: class mode's store says only that it did not answer.
_DATABASE_MODULES = ("sqlalchemy", "sqlite3", "psycopg", "psycopg2")
DATABASE_WORDS = N_("the class store did not answer (it is busy, or out of reach): try again "
                     "in a moment")


def error_html(exc: BaseException) -> str:
    """A short, escaped, one-line message for the learner (a database's error says only that
    the store did not answer: its text stays in the log)."""
    if type(exc).__module__.split(".")[0] in _DATABASE_MODULES:
        text = render(msg(DATABASE_WORDS))
    else:
        text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    if len(text) > 160:
        text = text[:157] + "..."
    said = render(msg("Sorry, that did not work: {problem}", problem=html.escape(text)))
    return ('<div class="tt-error" role="alert" style="color:#a40000;padding:4px 0">'
            f"{said}</div>")


def click_arrived_at() -> float | None:
    """When the message being handled reached this kernel (``time.monotonic()``, stamped by
    :mod:`tutor.ui.kernel_guard` as it arrives), or None outside a guarded kernel."""
    return kernel_guard.arrived_at()


class Coalescer:
    """Drops the clicks on one widget that reached the kernel before the page could see any
    answer to the widget's last click.

    A kernel handles one message at a time, so 1,000 clicks fired at once were all queued and
    handled, one after the other (19.7 s of work, and other learners' pages slowed down with
    it).  The kernel stamps each message as it arrives (ipykernel 7 reads its socket in a
    thread of its own, while the main thread handles the messages: tutor.ui.kernel_guard), and
    notes when the handling of a click first sent something to the page (``shown``; the end of
    the handling if it sent nothing).  A click that arrived before that was made before the
    learner could see anything come of the last one: it is dropped.  A learner who clicks again
    after seeing any of the result clicked after it was sent, so their click arrived later and
    is never lost.  The header's ``date`` is not used: the browser writes it, and a script
    forged it to have every click handled.  Outside a kernel (tests without a browser) nothing
    is stamped and nothing is dropped.
    """

    def __init__(self):
        self.shown: float | None = None  # when the page could first see the last click's result
        self.dropped = 0

    def should_drop(self, arrived: float | None) -> bool:
        return arrived is not None and self.shown is not None and arrived < self.shown

    def handled(self, arrived: float | None, shown: float) -> None:
        if arrived is not None:
            self.shown = shown


class _Sends:
    """When the widgets first sent something to the page since :meth:`watch` (every widget
    message goes through ``ipywidgets.Widget._send``, wrapped below)."""

    watching = False
    first: float | None = None

    @classmethod
    def watch(cls) -> tuple[bool, float | None]:
        outer = (cls.watching, cls.first)
        cls.watching, cls.first = True, None
        return outer

    @classmethod
    def done(cls, outer: tuple[bool, float | None]) -> float | None:
        """The first send since the matching :meth:`watch` (None: nothing was sent)."""
        first = cls.first
        cls.watching = outer[0]
        cls.first = outer[1] if outer[1] is not None or not outer[0] else first
        return first


def _noting_sends(send):
    @functools.wraps(send)
    def _send(self, msg, buffers=None):
        if _Sends.watching and _Sends.first is None:
            _Sends.first = time.monotonic()
        return send(self, msg, buffers)

    _send.tutor_notes_sends = True
    return _send


if not getattr(ipywidgets.Widget._send, "tutor_notes_sends", False):
    ipywidgets.Widget._send = _noting_sends(ipywidgets.Widget._send)


def _coalescer(out_widget) -> Coalescer:
    """One per composite widget: its error box stands for it (every callback of one composite
    shares its ``out_widget``)."""
    found = getattr(out_widget, "_tt_coalescer", None)
    if found is None:
        found = Coalescer()
        try:
            out_widget._tt_coalescer = found
        except AttributeError:  # an object that takes no attributes: no coalescing
            pass
    return found


class ErrorLine:
    """Where a composite widget shows a callback's failure (the ``out_widget`` of
    :func:`safe`): no widget on the page until there is a failure to show.  An empty HTML
    widget is three models the browser builds and draws (the widget, its layout, its style),
    and every composite had one: a tenth of a lesson page's models, for a line that is almost
    always empty.

    ``place(box, after)`` says where the line goes when it is first needed: into ``box``'s
    children, just after ``after`` (None: first).  Setting ``value`` to some HTML makes the
    widget then (an ``alert`` inserted into the page is announced by screen readers); setting
    it to "" before that does nothing.
    """

    def __init__(self, *classes: str):
        self.classes = list(classes)
        self.widget: widgets.HTML | None = None
        self.box: widgets.Box | None = None
        self.after: widgets.Widget | None = None

    def place(self, box: widgets.Box, after: widgets.Widget | None = None) -> ErrorLine:
        self.box, self.after = box, after
        return self

    def add_class(self, name: str) -> None:
        if name not in self.classes:
            self.classes.append(name)
        if self.widget is not None:
            self.widget.add_class(name)

    @property
    def value(self) -> str:
        return self.widget.value if self.widget is not None else ""

    @value.setter
    def value(self, text: str) -> None:
        if self.widget is not None:
            self.widget.value = text
            return
        if not text:
            return
        self.widget = widgets.HTML(text, _dom_classes=tuple(self.classes))
        if self.box is None:
            log.error("an error line that was never placed: %s", text)
            return
        kids = list(self.box.children)
        at = kids.index(self.after) + 1 if self.after in kids else 0
        self.box.children = (*kids[:at], self.widget, *kids[at:])


def safe(callback: Callable, out_widget) -> Callable:
    """Wrap a widget callback: on an exception, show a message in ``out_widget`` and log it.

    ``out_widget`` has a ``value`` that takes HTML (an :class:`ErrorLine`, or a
    ``widgets.HTML``); it is cleared again when the callback next succeeds.  A button click
    that the browser sent while the same composite widget was still busy with another is
    dropped (see ``Coalescer``): one that reached the kernel before the page could see anything
    of the same composite widget's answer to the click before.
    """

    @functools.wraps(callback)
    def wrapper(*args, **kwargs):
        click = bool(args) and isinstance(args[0], (widgets.Button, Pressable, RowButton))
        arrived = click_arrived_at() if click else None
        coalescer = _coalescer(out_widget) if click else None
        if coalescer is not None and coalescer.should_drop(arrived):
            coalescer.dropped += 1
            return None
        outer = _Sends.watch() if coalescer is not None else None
        try:
            result = callback(*args, **kwargs)
        except Exception as exc:  # the boundary: anything a callback raises stops here
            log.exception("widget callback %s failed",
                          getattr(callback, "__qualname__", callback))
            out_widget.value = error_html(exc)
            return None
        finally:
            if coalescer is not None:
                first = _Sends.done(outer)
                coalescer.handled(arrived, first if first is not None else time.monotonic())
        out_widget.value = ""
        return result

    return wrapper
