"""ipywidgets, with shared looks: what ``tutor.ui`` draws with (``from . import widgets``).

Every ipywidget brings its own Layout (and a Button, an HTML or a toggle its own Style): three
widget models where one would do.  A lesson page of 360 models spends about half a
millisecond on each in the browser before its first widget shows (bench/voila_pages.py), and
most of those Layouts and Styles are alike.  Here the widgets that ``tutor.ui`` makes share
them instead: a widget made without a ``layout`` gets the one default Layout, without a
``style`` the one default Style of its kind, and :func:`look` gives one Layout per set of CSS
properties (``look(width="100%")``).  The page of 360 models has about 140.

A shared look is never changed: changing one would change every widget drawn with it, so it
refuses (``AttributeError``).  A widget whose layout changes (shown and hidden by
``layout.display``) gets its own ``Layout(...)``.  :func:`tutor.ui.lifecycle.close_tree`
never closes a shared look; a closed one (``Widget.close_all()``) is made anew when next asked
for.

Everything else is ipywidgets' own: ``widgets.Dropdown``, ``widgets.Layout`` and the rest.
"""

from __future__ import annotations

from ipywidgets import *  # noqa: F403  (the drop-in: widgets.Text, widgets.Layout, ...)
from ipywidgets import HTML as _HTML
from ipywidgets import Box, Button, Checkbox, Dropdown, IntText, Layout, Text, Textarea
from ipywidgets import HBox as _HBox
from ipywidgets import ToggleButton as _ToggleButton
from ipywidgets import ToggleButtons as _ToggleButtons
from ipywidgets import VBox as _VBox
from ipywidgets.widgets.widget_bool import CheckboxStyle, ToggleButtonStyle
from ipywidgets.widgets.widget_button import ButtonStyle
from ipywidgets.widgets.widget_description import DescriptionStyle
from ipywidgets.widgets.widget_selection import ToggleButtonsStyle
from ipywidgets.widgets.widget_string import HTMLStyle, TextStyle
from traitlets import default

__all__ = ["look", "is_shared", "HTML", "HBox", "VBox", "ToggleButton", "ToggleButtons",
           "Button", "Checkbox", "Dropdown", "IntText", "Text", "Textarea", "Layout"]


class _Shared:
    """A Layout or Style that many widgets show: it refuses to be changed once made."""

    shared = True

    def __setattr__(self, name, value):
        if self.__dict__.get("_frozen") and name in self.keys and not name.startswith("_"):
            raise AttributeError(
                f"{type(self).__name__}.{name}: a shared look is never changed; give the "
                f"widget its own Layout(...) (or Style) to change it")
        super().__setattr__(name, value)


_SHARED_CLASSES: dict[type, type] = {}
_LOOKS: dict[tuple, object] = {}


def _shared(kind: type, **properties):
    """The one open ``kind`` (a Layout or a Style class) with these ``properties``."""
    key = (kind, tuple(sorted(properties.items())))
    made = _LOOKS.get(key)
    if made is None or made.comm is None:
        cls = _SHARED_CLASSES.get(kind)
        if cls is None:
            cls = _SHARED_CLASSES[kind] = type(kind.__name__, (_Shared, kind), {})
        made = cls(**properties)
        made._frozen = True
        _LOOKS[key] = made
    return made


def look(**properties) -> Layout:
    """The shared Layout with these CSS ``properties`` (``look(width="100%")``); never
    changed, so give a widget whose layout changes its own ``Layout(...)``."""
    return _shared(Layout, **properties)


def is_shared(widget) -> bool:
    """Whether ``widget`` is a shared look (never closed with the widgets that show it)."""
    return isinstance(widget, _Shared)


def _sharing(base: type, style: type | None = None) -> type:
    """``base`` whose default Layout (and Style) is the shared one."""
    ns = {"__doc__": f"{base.__doc__ or base.__name__}\n\n(tutor.ui.widgets: shared looks.)",
          "__module__": __name__,
          "_default_layout": default("layout")(lambda self: look())}
    if style is not None:
        ns["_default_style"] = default("style")(lambda self: _shared(style))
    return type(base.__name__, (base,), ns)


HTML = _sharing(_HTML, HTMLStyle)
Button = _sharing(Button, ButtonStyle)
ToggleButton = _sharing(_ToggleButton, ToggleButtonStyle)
ToggleButtons = _sharing(_ToggleButtons, ToggleButtonsStyle)
Checkbox = _sharing(Checkbox, CheckboxStyle)
Dropdown = _sharing(Dropdown, DescriptionStyle)
IntText = _sharing(IntText, DescriptionStyle)
Text = _sharing(Text, TextStyle)
Textarea = _sharing(Textarea, TextStyle)
HBox = _sharing(_HBox)
VBox = _sharing(_VBox)
Box = _sharing(Box)

