"""The error boundary: a widget callback that fails shows a short message, never a traceback."""

from __future__ import annotations

import functools
import html
import logging
import sys
from collections.abc import Callable

log = logging.getLogger("tutor.ui")

if not log.handlers:
    # In a Voila kernel the traceback goes to the server's terminal (the kernel process's own
    # stderr), not to the page.  An application may add its own handlers instead.
    _handler = logging.StreamHandler(sys.__stderr__)
    _handler.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    log.addHandler(_handler)


def error_html(exc: BaseException) -> str:
    """A short, escaped, one-line message for the learner."""
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    if len(text) > 160:
        text = text[:157] + "..."
    return ('<div class="tt-error" role="alert" style="color:#a40000;padding:4px 0">'
            f"Sorry, that did not work: {html.escape(text)}</div>")


def safe(callback: Callable, out_widget) -> Callable:
    """Wrap a widget callback: on an exception, show a message in ``out_widget`` and log it.

    ``out_widget`` is a widget with a ``value`` that takes HTML (``widgets.HTML``); it is
    cleared again when the callback next succeeds.
    """

    @functools.wraps(callback)
    def wrapper(*args, **kwargs):
        try:
            result = callback(*args, **kwargs)
        except Exception as exc:  # the boundary: anything a callback raises stops here
            log.exception("widget callback %s failed",
                          getattr(callback, "__qualname__", callback))
            out_widget.value = error_html(exc)
            return None
        out_widget.value = ""
        return result

    return wrapper
