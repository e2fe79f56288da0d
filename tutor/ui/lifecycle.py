"""Widgets that a redraw replaces are closed, so that a long session does not pile them up.

Every ipywidget holds a comm (a channel to the browser) and a view there until it is closed;
a box that drops a child does not close it.  A Button is up to three widgets (itself, its
Layout and its ButtonStyle), an HTML widget too, a box two: all of them must be closed, except
the Layouts and Styles that many widgets share (:mod:`tutor.ui.widgets`), which stay open.
The redraws of ``tutor.ui`` therefore either change their widgets in place (``.value``,
``.description``, ``.children`` of widgets kept) or replace a box's children with
:func:`set_children`, which closes every old widget (with its layout, style and descendants)
that the new children do not reuse.  A closed widget's comm is closed and its views in the
browser go away.

Only widgets made for one drawing go through here: never a widget still shown elsewhere or
kept for the next drawing (pass it in ``keep``, or do not put it through these functions).

An anywidget (:mod:`tutor.ui.aria`) closed in the first moments of its life is closed a little
later instead (:data:`MIN_LIFE` after it was made, from the kernel's event loop): the browser
starts each one asynchronously, and anywidget 0.11 reports one closed before it started as an
error two seconds later ("Failed to initialize model").  Quick redraws make such widgets: a
burst of clicks on "Next question", a guided hand whose bots answer at once.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterable

from . import widgets
from .pages import STATIC

try:
    from ipykernel.kernelbase import Kernel
except ImportError:  # the static site: JupyterLite's Pyodide kernel has a shim ipykernel
    Kernel = None

MIN_LIFE = 2.5  # seconds an anywidget lives at least, when the kernel's event loop runs


def _links(w: widgets.Widget) -> Iterable[widgets.Widget]:
    """The widgets ``w`` refers to through its synced traits: children, layout, style..."""
    for name in w.keys:
        if name.startswith("_"):
            continue
        value = getattr(w, name, None)
        if isinstance(value, widgets.Widget):
            yield value
        elif isinstance(value, (list, tuple)):
            yield from (x for x in value if isinstance(x, widgets.Widget))


def widget_tree(*roots: widgets.Widget) -> dict[int, widgets.Widget]:
    """Every widget reachable from ``roots`` (themselves included), by ``id``."""
    seen: dict[int, widgets.Widget] = {}
    todo = [r for r in roots if isinstance(r, widgets.Widget)]
    while todo:
        w = todo.pop()
        if id(w) in seen:
            continue
        seen[id(w)] = w
        todo.extend(_links(w))
    return seen


def in_order(*roots: widgets.Widget) -> Iterable[widgets.Widget]:
    """``roots`` and the widgets they show, in the page's order (a box, then its children)."""
    for root in roots:
        yield root
        yield from in_order(*getattr(root, "children", ()))


def close_tree(*roots: widgets.Widget, keep: Iterable[widgets.Widget] = ()) -> int:
    """Close ``roots`` and everything reachable from them, except what is reachable from
    ``keep`` and the shared looks.  Returns how many widgets were closed."""
    kept = widget_tree(*keep)
    closed = 0
    for key, w in widget_tree(*roots).items():
        if key not in kept and w.comm is not None and not widgets.is_shared(w):
            _close(w)
            closed += 1
    return closed


def _close(w: widgets.Widget) -> None:
    """Close ``w`` now, or when it is :data:`MIN_LIFE` old if it is a young anywidget and the
    code runs in a kernel (not in a plain script or test)."""
    born = getattr(w, "born", None)
    wait = 0.0 if born is None else MIN_LIFE - (time.monotonic() - born)
    loop = kernel_loop() if wait > 0 else None
    if loop is not None:
        loop.call_later(wait, _close_if_open, w)
    else:
        w.close()


def kernel_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop of the kernel this code runs in, or None (not in a kernel: a script,
    a test; another loop that happens to run, such as Playwright's, is not the kernel's).
    On the static site it is the browser's (Pyodide's WebLoop)."""
    if STATIC:
        return asyncio.get_event_loop()
    if Kernel is None or not Kernel.initialized():
        return None
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def _close_if_open(w: widgets.Widget) -> None:
    if w.comm is not None:
        w.close()


def set_children(box: widgets.Box, children: Iterable[widgets.Widget],
                 keep: Iterable[widgets.Widget] = ()) -> int:
    """Show ``children`` in ``box`` instead of its old children, and close every old widget
    (descendants, layouts and styles included) that is not part of the new children or of
    ``keep``.  Returns how many widgets were closed."""
    old = tuple(box.children)
    new = tuple(children)
    box.children = new
    return close_tree(*old, keep=(*new, *keep))

