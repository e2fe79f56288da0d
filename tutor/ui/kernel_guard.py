"""What a lesson's kernel accepts from the browser: nothing but messages to its own widgets.

Voila's server already lets only widget (comm) messages and kernel info through to a kernel
(execute, inspect, complete, history... are refused there).  Within the comm messages, two
holes were left, both closed here when ``tutor.ui`` is imported in a kernel:

* **The browser could create any widget class in the kernel**: a ``comm_open`` to the
  ``jupyter.widget`` target makes ipywidgets build the model it names, with the state it is
  sent (40 text models of 9 MiB: kernel 59 → 464 MiB).  The tutor's widgets are all made by
  the kernel, and the page's widget manager only opens the control comm, which it uses to
  fetch the widgets' states.  So a ``comm_open`` from the browser to any other target is
  dropped, with one line in the server's log.
* **A malformed message sent back a traceback with install paths**, two ways: ipywidgets shows
  an error in a widget's message handler with IPython's ``showtraceback`` (an ``error``
  message to the page), and ipykernel's comm manager logs its errors on the ``Comm`` logger,
  which has no handler, so Python's last-resort handler wrote them to ``sys.stderr``, and in a
  kernel that is the page's output stream.  Here, while a comm message is handled, a traceback
  becomes one line in the server's log; the handlers' own errors too; and log records with no
  handler of their own go to the kernel process's real stderr (the server's terminal).
  Tracebacks of the notebook's own cells are Voila's business (``show_tracebacks`` off).
"""

from __future__ import annotations

import functools
import logging
import sys

from IPython import get_ipython

log = logging.getLogger("tutor.ui")

ALLOWED_TARGETS = frozenset({"jupyter.widget.control"})  # the widget manager's state requests
COMM_MESSAGES = ("comm_open", "comm_msg", "comm_close")


def _short(value: object, limit: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "…"


def _traceback_to_log(*args, **kwargs) -> None:
    """Stands in for the shell's ``showtraceback`` while a comm message is handled."""
    exc = sys.exc_info()[1]
    log.warning("a widget message from the browser failed: %s",
                _short(f"{type(exc).__name__}: {exc}", 120))


def _guarded(msg_type: str, handler, shell):
    @functools.wraps(handler)
    def guarded(stream, ident, msg):
        if shell is not None:
            shell.showtraceback = _traceback_to_log  # an instance attribute hides the method
        try:
            content = msg.get("content") if isinstance(msg, dict) else None
            if msg_type == "comm_open":
                target = content.get("target_name") if isinstance(content, dict) else None
                if target not in ALLOWED_TARGETS:
                    log.warning("refused a comm_open from the browser (target %s)",
                                _short(target))
                    return None
            return handler(stream, ident, msg)
        except Exception as exc:  # a malformed message: one line in the log, nothing sent
            log.warning("refused a malformed %s from the browser: %s", msg_type,
                        _short(f"{type(exc).__name__}: {exc}", 120))
            return None
        finally:
            if shell is not None:
                shell.__dict__.pop("showtraceback", None)

    guarded.tutor_guard = True
    return guarded


def install(kernel=None) -> bool:
    """Guard ``kernel`` (the running IPython kernel by default); False when there is none
    (plain Python, the tests).  Installing twice changes nothing."""
    if kernel is None:
        kernel = getattr(get_ipython(), "kernel", None)
    handlers = getattr(kernel, "shell_handlers", None)
    if not isinstance(handlers, dict):
        return False
    for msg_type in COMM_MESSAGES:
        handler = handlers.get(msg_type)
        if handler is not None and not getattr(handler, "tutor_guard", False):
            handlers[msg_type] = _guarded(msg_type, handler, getattr(kernel, "shell", None))
    tutor_log = logging.getLogger("tutor")
    if not tutor_log.handlers:  # the tutor's own records (a traceback a learner never sees)
        mine = logging.StreamHandler(sys.__stderr__)
        mine.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
        tutor_log.addHandler(mine)
    root = logging.getLogger()
    if not root.handlers:  # otherwise Python's last resort writes to sys.stderr: the page
        fallback = logging.StreamHandler(sys.__stderr__)
        fallback.setLevel(logging.WARNING)
        fallback.addFilter(lambda record: not record.name.startswith("tutor"))  # see above
        fallback.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
        root.addHandler(fallback)
    return True
