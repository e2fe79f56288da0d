"""The error boundary: a widget callback that fails shows a short message, never a traceback;
and a burst of clicks on one widget is coalesced instead of queued."""

from __future__ import annotations

import functools
import html
import logging
import time
from collections.abc import Callable
from datetime import datetime

from IPython import get_ipython

from . import widgets
from .aria import Pressable, RowButton

# In a kernel, tutor.ui.kernel_guard.install sends the "tutor" loggers to the server's
# terminal (the kernel process's own stderr), never to the page.
log = logging.getLogger("tutor.ui")


def error_html(exc: BaseException) -> str:
    """A short, escaped, one-line message for the learner."""
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    if len(text) > 160:
        text = text[:157] + "..."
    return ('<div class="tt-error" role="alert" style="color:#a40000;padding:4px 0">'
            f"Sorry, that did not work: {html.escape(text)}</div>")


def click_sent_at() -> datetime | None:
    """When the browser sent the message being handled (its header's ``date``, by the
    browser's clock), or None outside a kernel or without a date."""
    kernel = getattr(get_ipython(), "kernel", None)
    try:
        date = kernel.get_parent()["header"]["date"]
    except (AttributeError, KeyError, TypeError):
        return None
    return date if isinstance(date, datetime) else None


class Coalescer:
    """Drops the clicks on one widget that the browser sent while the widget was still busy
    with an earlier click.

    A kernel handles one message at a time, so 1,000 clicks fired at once were all queued and
    handled, one after the other (19.7 s of work, and other learners' pages slowed down with
    it).  The kernel cannot see when a queued click arrived, but it sees when the browser sent
    it (the message's date, by the browser's own clock, the same for every click of a page).
    A click sent less than the last handled click's handling time after that click was sent
    can only have arrived while that click was still being handled: it is dropped.  A learner
    who clicks again after seeing the result always sent the click later than that, so no
    click that follows a result is ever lost.  Outside a kernel (tests without a browser)
    messages have no date and nothing is dropped.
    """

    def __init__(self):
        self.sent: datetime | None = None  # when the last handled click was sent
        self.took = 0.0  # how long it took, in seconds
        self.dropped = 0

    def should_drop(self, sent: datetime | None) -> bool:
        if sent is None or self.sent is None:
            return False
        try:
            gap = (sent - self.sent).total_seconds()
        except TypeError:  # naive and aware dates: not comparable, keep the click
            return False
        return 0 <= gap < self.took

    def handled(self, sent: datetime | None, took: float) -> None:
        if sent is not None:
            self.sent, self.took = sent, took


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
    dropped (see ``Coalescer``).
    """

    @functools.wraps(callback)
    def wrapper(*args, **kwargs):
        click = bool(args) and isinstance(args[0], (widgets.Button, Pressable, RowButton))
        sent = click_sent_at() if click else None
        coalescer = _coalescer(out_widget) if click else None
        if coalescer is not None and coalescer.should_drop(sent):
            coalescer.dropped += 1
            return None
        start = time.monotonic()
        try:
            result = callback(*args, **kwargs)
        except Exception as exc:  # the boundary: anything a callback raises stops here
            log.exception("widget callback %s failed",
                          getattr(callback, "__qualname__", callback))
            out_widget.value = error_html(exc)
            return None
        finally:
            if coalescer is not None:
                coalescer.handled(sent, time.monotonic() - start)
        out_widget.value = ""
        return result

    return wrapper
