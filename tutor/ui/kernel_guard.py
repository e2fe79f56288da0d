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

And it bounds the work one page can queue (issue #35).  ipykernel 7 reads the shell socket in
a thread of its own (the shell channel thread) and hands each message on to the main thread,
which handles them one at a time.  Here that thread stamps each message with the moment it
reached the kernel (:class:`Arrivals`; :func:`arrived_at` gives the stamp of the message being
handled, which :class:`tutor.ui.boundary.Coalescer` uses instead of the date the browser
writes in the header, which a script forges at will), and refuses a message when
:data:`MAX_WAITING` of this page's messages are already waiting to be handled, or the page
sends more than :data:`RATE` a second (one line in the server's log per flood): a flood costs
the kernel a header read per message, not a handler run, nor the two status messages the
kernel publishes for each message it handles.
"""

from __future__ import annotations

import functools
import json
import logging
import sys
import threading
import time
from collections import deque

from IPython import get_ipython

log = logging.getLogger("tutor.ui")

ALLOWED_TARGETS = frozenset({"jupyter.widget.control"})  # the widget manager's state requests
COMM_MESSAGES = ("comm_open", "comm_msg", "comm_close")
# Messages of one page (one kernel) that may wait to be handled; more are refused on arrival.
# A page's widget manager sends one message per click or change, and a learner does not make
# 64 of them while the kernel is busy with one; a script sending thousands does.
MAX_WAITING = 64
# And, over time, at most RATE messages a second (a bucket of MAX_WAITING, refilled at RATE):
# a flood is drained so fast (each click dropped by the coalescer) that the queue alone never
# fills, and every message drained costs a handler call and two status messages.  A learner
# clicks a few times a second; the widget manager sends a model's next change only once the
# kernel has handled the last one.
RATE = 30.0
STALE = 120.0  # seconds: a waiting entry this old when the queue is full was never handled
NEVER_REFUSED = frozenset({"kernel_info_request"})  # the server's own check that we are there


class Arrivals:
    """When each message from the browser reached the kernel, and how many are waiting.

    ``arrive`` runs in ipykernel's shell channel thread as a message comes in (False: refused,
    the queue is full or the page sent more than ``rate`` a second, over a burst of ``limit``);
    ``take`` in the main thread when the message is handled, giving its
    arrival time (``time.monotonic()``).  Messages are handled in the order they came, so
    ``take`` also forgets any earlier entry that was never handled (a message the kernel could
    not read).  The entries are a queue, not a dict by message id: the browser writes the id,
    and a flood of messages with one id must still count as many.
    """

    def __init__(self, limit: int = MAX_WAITING, rate: float = RATE):
        self.limit, self.rate = limit, rate
        self._tokens, self._filled = float(limit), None
        self._lock = threading.Lock()
        self._waiting: deque[tuple[object, float]] = deque()
        self.refused = 0  # in all
        self._flood = 0  # refused since the last message accepted
        self.current: float | None = None  # when the message being handled arrived

    def waiting(self) -> int:
        with self._lock:
            return len(self._waiting)

    def arrive(self, msg_id: object, now: float | None = None, refusable: bool = True) -> bool:
        now = time.monotonic() if now is None else now
        with self._lock:
            while len(self._waiting) >= self.limit and now - self._waiting[0][1] > STALE:
                self._waiting.popleft()
            if self._filled is not None:
                self._tokens = min(float(self.limit),
                                   self._tokens + (now - self._filled) * self.rate)
            self._filled = now
            if refusable and (len(self._waiting) >= self.limit or self._tokens < 1):
                self.refused += 1
                self._flood += 1
                accepted, first, ended = False, self._flood == 1, 0
            else:
                self._waiting.append((msg_id, now))
                self._tokens = max(0.0, self._tokens - 1)
                accepted, first, ended, self._flood = True, False, self._flood, 0
        if first:
            log.warning("refusing messages from the browser: %d already waiting to be handled, "
                        "or over %g a second", self.limit, self.rate)
        elif ended:
            log.warning("refused %d messages from the browser in a flood", ended)
        return accepted

    def take(self, msg_id: object) -> float | None:
        with self._lock:
            keys = [key for key, _ in self._waiting]
            if msg_id not in keys:
                return None
            for _ in range(keys.index(msg_id)):
                self._waiting.popleft()
            return self._waiting.popleft()[1]


ARRIVALS = Arrivals()


def arrived_at() -> float | None:
    """When the message being handled reached this kernel (``time.monotonic()``), or None
    (no message from the browser is being handled, or the kernel is not guarded)."""
    return ARRIVALS.current


def _short(value: object, limit: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "…"


def _traceback_to_log(*args, **kwargs) -> None:
    """Stands in for the shell's ``showtraceback`` while a comm message is handled."""
    exc = sys.exc_info()[1]
    log.warning("a widget message from the browser failed: %s",
                _short(f"{type(exc).__name__}: {exc}", 120))


def _msg_key(msg_id: object) -> str:
    """A message id as :class:`Arrivals` keeps it (the browser writes it: any JSON value)."""
    return msg_id[:200] if isinstance(msg_id, str) else f"<{type(msg_id).__name__}>"


def _taken(msg) -> float | None:
    """Take the message being handled off the waiting queue: when it arrived."""
    header = msg.get("header") if isinstance(msg, dict) else None
    msg_id = header.get("msg_id") if isinstance(header, dict) else None
    return ARRIVALS.take(_msg_key(msg_id))


def _counted(handler):
    """Any other message type the kernel handles (kernel_info_request...): taken off the
    waiting queue as it is handled."""
    @functools.wraps(handler)
    def counted(stream, ident, msg):
        _taken(msg)
        return handler(stream, ident, msg)

    counted.tutor_guard = True
    return counted


def _guarded(msg_type: str, handler, shell):
    @functools.wraps(handler)
    def guarded(stream, ident, msg):
        ARRIVALS.current = _taken(msg)
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
            ARRIVALS.current = None
            if shell is not None:
                shell.__dict__.pop("showtraceback", None)

    guarded.tutor_guard = True
    return guarded


DELIM = b"<IDS|MSG>"  # the Jupyter wire protocol: routing ids, DELIM, signature, header...


def _header_of(frames) -> tuple[object, object]:
    """(msg_type, msg_id) of a message as it came off the shell socket, read as cheaply as
    can be: the header frame, unchecked (ipykernel checks its signature, and reads it all,
    when it takes the message on); (None, None) when it does not read."""
    try:
        at = next(i for i, f in enumerate(frames) if f.bytes == DELIM)
        header = json.loads(frames[at + 2].bytes)
        return header.get("msg_type"), header.get("msg_id")
    except Exception:  # noqa: BLE001 -- ipykernel reads it again and says what is wrong
        return None, None


def _stamping(kernel, handled: frozenset, receive):
    """``receive`` (ipykernel's ``shell_channel_thread_main``, run in the shell channel thread
    for each message read from the shell socket), stamping each message the kernel handles
    on arrival, and refusing it when too many are waiting (:class:`Arrivals`)."""
    def stamped(msg):  # not a coroutine: a refused message costs the stream no task
        msg_type, msg_id = _header_of(msg)
        if msg_type in handled and not ARRIVALS.arrive(
                _msg_key(msg_id), refusable=msg_type not in NEVER_REFUSED):
            return None  # refused: never handed on to the main thread
        return receive(msg)  # ipykernel's coroutine, which the stream runs as a task

    stamped.tutor_guard = True
    return stamped


def _stamp_arrivals(kernel, handled: frozenset) -> bool:
    """Stamp messages as they reach ``kernel`` (ipykernel 7: its shell channel thread); False
    on a kernel without that thread (ipykernel 6), where nothing is stamped or refused."""
    thread = getattr(kernel, "shell_channel_thread", None)
    stream = getattr(kernel, "shell_stream", None)
    receive = getattr(kernel, "shell_channel_thread_main", None)
    if thread is None or stream is None or receive is None:
        return False
    if getattr(receive, "tutor_guard", False):
        return True
    stamped = _stamping(kernel, handled, receive)
    kernel.shell_channel_thread_main = stamped  # a kernel not started yet registers this one

    def swap():
        """A started kernel's stream calls the method it was given: give it this one.  Not
        before the kernel starts: its shell channel thread cannot take a message until then."""
        if getattr(stream, "_recv_callback", None) not in (None, stamped):
            stream.on_recv(stamped, copy=False)

    # in the thread that owns the stream (add_callback is the one thread-safe call of an
    # IOLoop); and once more a little later, for a kernel that was starting meanwhile
    thread.io_loop.add_callback(swap)
    thread.io_loop.add_callback(lambda: thread.io_loop.call_later(1.0, swap))
    return True


def install(kernel=None) -> bool:
    """Guard ``kernel`` (the running IPython kernel by default); False when there is none
    (plain Python, the tests).  Installing twice changes nothing."""
    if kernel is None:
        kernel = getattr(get_ipython(), "kernel", None)
    handlers = getattr(kernel, "shell_handlers", None)
    if not isinstance(handlers, dict):
        return False
    for msg_type, handler in list(handlers.items()):
        if handler is None or getattr(handler, "tutor_guard", False):
            continue
        handlers[msg_type] = (_guarded(msg_type, handler, getattr(kernel, "shell", None))
                              if msg_type in COMM_MESSAGES else _counted(handler))
    _stamp_arrivals(kernel, frozenset(handlers))
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
