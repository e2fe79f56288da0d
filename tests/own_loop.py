"""``asyncio.run`` in a thread of its own.

The browser tests run first in the same pytest session, and Playwright's sync API keeps its
event loop running in the main thread while its session-wide browser is open; there
``asyncio.run`` refuses to start ("cannot be called from a running event loop").  A test that
drives a coroutine runs it here instead, in a thread with no loop of its own yet.
"""

from __future__ import annotations

import asyncio
import threading


def run(coro):
    """Run ``coro`` to its end in a new event loop in a new thread; its result (or raise)."""
    done: dict = {}

    def target() -> None:
        try:
            done["result"] = asyncio.run(coro)
        except BaseException as exc:  # re-raised in the caller's thread
            done["error"] = exc

    thread = threading.Thread(target=target, name="own-loop")
    thread.start()
    thread.join()
    if "error" in done:
        raise done["error"]
    return done["result"]
