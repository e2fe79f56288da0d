"""Warm a lesson's kernel: import the tutor's widgets in the background while the kernel starts.

The Voila server starts every page's kernel with ``--IPKernelApp.exec_lines`` calling
:func:`start` (``tutor_server.app_config.KERNEL_ARGS``).  Measured on this project's 2-core
machine, a new kernel sits idle for some 250 ms of the ~460 ms before the page's first cell
runs (it is waiting for the server's handshake), and that first cell, ``from tutor.ui import
...``, then spent ~70 ms importing the engine, the games, the teaching layer and the widgets.
Imported in a thread during that wait, the modules are ready when the cell asks for them;
the cell waits (Python's import lock) for whatever is still being imported.

Safe because the package has no import cycles (``tests/test_layers.py``), so two threads
importing it cannot wait for each other; and an import that fails here is only logged: the
cell imports again and fails the way it always would.  Nothing here runs outside a kernel
that Voila started.
"""

from __future__ import annotations

import importlib
import logging
import os
import sys
import threading

log = logging.getLogger(__name__)

MODULES = ("tutor.ui",)  # everything a lesson's first cell imports


def _import_all() -> None:
    for name in MODULES:
        try:
            importlib.import_module(name)
        except Exception:  # the notebook's own import reports it properly
            log.warning("preloading %s failed", name, exc_info=True)


def _finish_forked_imports() -> None:
    """In a kernel forked from ``tutor_server.zygote`` the modules were imported before this
    kernel's shell existed, so what they do on import in a kernel was not done: ipywidgets
    registered no comm targets, and ``tutor.ui`` did not guard the kernel
    (:mod:`tutor.ui.kernel_guard`).  Do both now, before the page's first message."""
    widgets = sys.modules.get("ipywidgets")
    if widgets is not None:
        widgets.register_comm_target()
    guard = sys.modules.get("tutor.ui.kernel_guard")
    if guard is not None and not guard.install():
        log.warning("the kernel guard found no kernel to guard")


def start() -> threading.Thread | None:
    """Start importing :data:`MODULES` in a daemon thread; returns the thread (None when
    ``TUTOR_PRELOAD=0`` turns preloading off, as ``bench/voila_pages.py --preload-off-too``
    does to measure it)."""
    _finish_forked_imports()
    if os.environ.get("TUTOR_PRELOAD") == "0":
        return None
    thread = threading.Thread(target=_import_all, name="tutor-preload", daemon=True)
    thread.start()
    return thread
