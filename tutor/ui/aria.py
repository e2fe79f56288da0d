"""Buttons that say their state: a toggle (``aria-pressed``), a group of choices (radio
buttons, ``aria-checked``) and a button that may be chosen (``aria-pressed``: the cards and
answers of a quiz, the cards to discard), written with anywidget (their ES module is
``aria.js`` in the template's static folder).

ipywidgets' ToggleButton and ToggleButtons show "on" and "chosen" by colour alone: a screen
reader hears a plain button.  :class:`Toggle` and :class:`Choices` take their place with the
same looks (the same CSS classes) and the part of their API the tutor uses: ``value``,
``description``, ``tooltip(s)``, ``disabled``, ``options`` as labels or (label, value) pairs,
and ``observe(..., names="value")``; :class:`Pressable` is a Button (``description``,
``tooltip``, ``disabled``, ``button_style``, the classes, ``on_click``, ``click``) with a
``pressed`` state (``None``: a plain button, no ``aria-pressed``).  :class:`Live` is the one
live region of a widget: present from the start, its text changed in place, so a screen
reader says each result, refusal and (in a guided hand) each play and trick won.

A group of choices is one Tab stop; the arrow keys, Home and End move the choice, as in any
radio group, and the focus stays on the chosen button while the kernel redraws.
"""

from __future__ import annotations

import re
import time
from html.parser import HTMLParser

import anywidget
from ipywidgets import CallbackDispatcher, TypedTuple
from traitlets import Any, Bool, Dict, Int, List, TraitError, Unicode, observe, validate

from ..engine.cards import Card
from ..engine.messages import N_, msg, render
from .static import es_module
from .widgets import look

_ESM = es_module("aria.js")


class AriaWidget(anywidget.AnyWidget):
    """An anywidget whose module and id are class traits, sent once with the widget's state.

    ``AnyWidget.__init__`` adds them to each instance instead (traitlets' ``add_traits``: a
    new class for every widget, and two more messages to the browser for each: 112 extra
    messages for a page's 56 buttons); here they are declared once, and the widget starts as
    any DOMWidget.  The browser reads the same state (``_esm``, ``_anywidget_id``: anywidget
    is pinned)."""

    _esm = Unicode(_ESM).tag(sync=True)
    _anywidget_id = Unicode("tutor.ui.aria").tag(sync=True)

    def __init__(self, **kwargs):
        kwargs.setdefault("layout", look())
        super(anywidget.AnyWidget, self).__init__(**kwargs)  # DOMWidget's, not AnyWidget's
        self.born = time.monotonic()  # closed no sooner than tutor.ui.lifecycle.MIN_LIFE



class Toggle(AriaWidget):
    """An on/off button, ``aria-pressed`` (for ToggleButton)."""

    kind = Unicode("toggle").tag(sync=True)
    value = Bool(False).tag(sync=True)
    description = Unicode("").tag(sync=True)
    tooltip = Unicode("").tag(sync=True)
    disabled = Bool(False).tag(sync=True)


class Choices(AriaWidget):
    """One of several, as radio buttons with ``aria-checked`` (for ToggleButtons).

    ``options``: labels, or (label, value) pairs; ``value`` is the chosen value (the browser
    sends the chosen ``index``).  ``group_name`` names a group shown without a
    ``description``."""

    kind = Unicode("choices").tag(sync=True)
    labels = List(Unicode()).tag(sync=True)
    tooltips = List(Unicode()).tag(sync=True)
    description = Unicode("").tag(sync=True)
    group_name = Unicode("").tag(sync=True)
    index = Int(None, allow_none=True).tag(sync=True)
    disabled = Bool(False).tag(sync=True)
    options = Any(())
    value = Any(None)

    def __init__(self, options=(), value=None, **kwargs):
        super().__init__(**kwargs)
        self.options = options
        if value is not None:
            self.value = value

    @property
    def values(self) -> list:
        return [o[1] if isinstance(o, tuple) else o for o in self.options]

    @observe("options")
    def _options(self, change) -> None:
        self.labels = [str(o[0] if isinstance(o, tuple) else o) for o in change["new"]]
        values = self.values
        if self.value not in values:
            self.value = values[0] if values else None
        else:
            self.index = values.index(self.value)

    @validate("value")
    def _valid(self, proposal):
        values = self.values
        if proposal["value"] is not None and proposal["value"] not in values:
            raise TraitError(f"{proposal['value']!r} is not one of {values}")
        return proposal["value"]

    @observe("value")
    def _value(self, change) -> None:
        values = self.values
        self.index = values.index(change["new"]) if change["new"] in values else None

    @observe("index")
    def _index(self, change) -> None:
        i, values = change["new"], self.values
        if i is not None and 0 <= i < len(values) and self.value != values[i]:
            self.value = values[i]


class Pressable(AriaWidget):
    """A button that may be pressed (chosen): ``aria-pressed`` when ``pressed`` is a bool.

    Its classes (``add_class``, ``remove_class``) go on the button itself, as an ipywidgets
    Button's do, so the stylesheet paints both alike."""

    kind = Unicode("button").tag(sync=True)
    description = Unicode("").tag(sync=True)
    tooltip = Unicode(None, allow_none=True).tag(sync=True)  # None: the description
    disabled = Bool(False).tag(sync=True)
    button_style = Unicode("").tag(sync=True)
    pressed = Bool(None, allow_none=True).tag(sync=True)
    classes = List(Unicode()).tag(sync=True)
    _focus = Bool(False).tag(sync=True)  # asked for the keyboard focus (once: see take_focus)
    # kept here and sent as ``classes`` (on the button), not on the view's outer element
    _dom_classes = TypedTuple(trait=Unicode())

    def __init__(self, classes=(), **kwargs):
        """``classes``: given here, they go with the widget's state (``add_class`` later is
        one more message to the browser)."""
        self._click_handlers = CallbackDispatcher()
        super().__init__(_dom_classes=tuple(classes), **kwargs)
        self.on_msg(self._on_custom)

    @observe("_dom_classes")
    def _classes(self, change) -> None:
        self.classes = list(change["new"])

    def on_click(self, callback, remove: bool = False) -> None:
        """Call ``callback(button)`` when the button is clicked."""
        self._click_handlers.register_callback(callback, remove=remove)

    def click(self) -> None:
        """What a click does (also for tests)."""
        self._click_handlers(self)

    def take_focus(self) -> None:
        """Move the keyboard focus to this button, now or as soon as the browser draws it
        (a button just made has no view yet, so a plain ``focus()`` message would be lost)."""
        if self._focus:
            self._focus = False  # asked again: a change the browser sees
        self._focus = True

    def _on_custom(self, _widget, content, _buffers) -> None:
        if content.get("event") == "click" and not self.disabled:
            self.click()


class ButtonRow(AriaWidget):
    """A row of plain buttons drawn by one widget: the calls of an auction, the bids of a
    builder.  One model in the browser for the row (59 separate buttons were 59 models, each
    built, sent and drawn on its own: a tenth of lesson 56/04's time to its first widget).

    :meth:`show` gives the buttons (:class:`RowButton`, each with the API of a
    :class:`Pressable` the tutor uses) and returns them; a redraw is one message.  Each button
    is its own Tab stop, named by its label and its tooltip as a Pressable is; the row is a
    ``group`` named ``group_name``.  A button may be hidden (``hidden``: it takes no room and
    no Tab stop) and have a caption under it (``caption``: "Seat 2 led"), which its name
    says too.  A click on a row drawn before the last :meth:`show` is
    ignored (the browser sends the drawing's ``version``)."""

    kind = Unicode("buttons").tag(sync=True)
    # per button: label, tip, classes, disabled, pressed, hidden, caption
    items = List(Dict()).tag(sync=True)
    group_name = Unicode("").tag(sync=True)
    version = Int(0).tag(sync=True)
    _focus = Int(None, allow_none=True).tag(sync=True)  # the button asked for the focus

    def __init__(self, group_name: str = "", classes=(), **kwargs):
        super().__init__(group_name=group_name, _dom_classes=("tt-button-row", *classes),
                         **kwargs)
        self.buttons: list[RowButton] = []
        self.on_msg(self._on_custom)

    def show(self, buttons) -> list["RowButton"]:
        """Draw these buttons (each a dict: ``label``, and optionally ``tip``, ``classes``,
        ``disabled``, ``pressed``, ``hidden``, ``caption``; ``card``: the card a card button
        shows, kept in the kernel, and its ``label`` the card's name; ``toggle``: a button
        that is on or off, a :class:`RowToggle`) in place of the last ones."""
        buttons = list(buttons)
        items = []
        for b in buttons:
            item = {"label": str(b["label"]), "tip": b.get("tip"),
                    "classes": list(b.get("classes", ())),
                    "disabled": bool(b.get("disabled", False)),
                    "pressed": b.get("pressed")}
            if b.get("toggle"):  # drawn as a toggle button, pressed when on
                item["toggle"] = True
                item["pressed"] = bool(item["pressed"])
            if b.get("hidden"):
                item["hidden"] = True
            if b.get("caption"):
                item["caption"] = str(b["caption"])
            items.append(item)
        with self.hold_sync():
            self.version += 1
            self._focus = None
            self.items = items
        self.buttons = [(RowToggle if b.get("toggle") else RowButton)(self, i, b.get("card"))
                        for i, b in enumerate(buttons)]
        return self.buttons

    def _set(self, i: int, key: str, value) -> None:
        if self.items[i].get(key) == value:
            return
        items = [dict(x) for x in self.items]
        items[i][key] = value
        self.items = items

    def _on_custom(self, _widget, content, _buffers) -> None:
        if not isinstance(content, dict) or content.get("event") != "click":
            return
        i = content.get("index")
        if content.get("version") != self.version or not isinstance(i, int) \
                or not 0 <= i < len(self.buttons):
            return  # a click on an older drawing of the row
        b = self.buttons[i]
        if not b.disabled and not b.hidden:
            b.click()


class RowButton:
    """One button of a :class:`ButtonRow`: ``description``, ``tooltip``, ``disabled``,
    ``pressed``, ``hidden``, its classes (``_dom_classes``, ``add_class``, ``remove_class``),
    ``on_click``, ``click`` and ``take_focus``, as a :class:`Pressable`; a card button also
    ``card`` and ``name``, as a :class:`~tutor.ui.hand.CardButton`."""

    def __init__(self, row: ButtonRow, index: int, card: Card | None = None):
        self.row, self.index = row, index
        self.card = card  # a card button: its card, and its name without a state
        self.name = row.items[index]["label"] if card is not None else None
        self._click_handlers = CallbackDispatcher()

    def _get(self, key):
        return self.row.items[self.index].get(key)

    description = property(lambda self: self._get("label"),
                           lambda self, v: self.row._set(self.index, "label", str(v)))
    tooltip = property(lambda self: self._get("tip"),
                       lambda self, v: self.row._set(self.index, "tip", v))
    disabled = property(lambda self: bool(self._get("disabled")),
                        lambda self, v: self.row._set(self.index, "disabled", bool(v)))
    pressed = property(lambda self: self._get("pressed"),
                       lambda self, v: self.row._set(self.index, "pressed", v))
    hidden = property(lambda self: bool(self._get("hidden")),
                      lambda self, v: self.row._set(self.index, "hidden", bool(v)))

    @property
    def _dom_classes(self) -> tuple[str, ...]:
        return tuple(self._get("classes"))

    def add_class(self, name: str) -> "RowButton":
        if name not in self._dom_classes:
            self.row._set(self.index, "classes", [*self._dom_classes, name])
        return self

    def remove_class(self, name: str) -> "RowButton":
        if name in self._dom_classes:
            self.row._set(self.index, "classes", [c for c in self._dom_classes if c != name])
        return self

    def on_click(self, callback, remove: bool = False) -> None:
        """Call ``callback(button)`` when the button is clicked."""
        self._click_handlers.register_callback(callback, remove=remove)

    def click(self) -> None:
        """What a click does (also for tests)."""
        self._click_handlers(self)

    def take_focus(self) -> None:
        """Move the keyboard focus to this button once the browser draws it."""
        if self.row._focus == self.index:
            self.row._focus = None  # asked again: a change the browser sees
        self.row._focus = self.index


class RowToggle(RowButton):
    """A button of a :class:`ButtonRow` that is on or off ("Show legal cards"): ``value``,
    said by ``aria-pressed``; a click flips it, and :meth:`on_change` hears each change, as
    ``observe(..., names="value")`` does on a :class:`Toggle`."""

    def __init__(self, row: ButtonRow, index: int, card: Card | None = None):
        super().__init__(row, index, card)
        self._change_handlers = CallbackDispatcher()

    @property
    def value(self) -> bool:
        return bool(self.pressed)

    @value.setter
    def value(self, on) -> None:
        on = bool(on)
        if on == self.value:
            return
        self.pressed = on
        self._change_handlers({"name": "value", "old": not on, "new": on, "owner": self})

    def on_change(self, callback) -> None:
        """Call ``callback(change)`` when ``value`` changes."""
        self._change_handlers.register_callback(callback)

    def click(self) -> None:
        self.value = not self.value
        super().click()


class Live(AriaWidget):
    """A widget's one live region (``role="status"``, polite; seen by screen readers only).

    :meth:`say` changes its text; :meth:`watch` says, in words, whatever an HTML widget (a
    message line, a quiz's feedback) comes to show."""

    kind = Unicode("live").tag(sync=True)
    text = Unicode("").tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(_dom_classes=("tt-live-box",), **kwargs)  # takes no room on the page

    def say(self, text: str) -> None:
        """Say ``text`` (plain words; a card "K♦" as "king of diamonds"); the same words again
        are said again."""
        text = cards_in_words(" ".join(text.split()))
        if not text:
            return
        if text == self.text.rstrip("\u00a0"):  # the same words: changed all the same
            text += "\u00a0" if not self.text.endswith("\u00a0") else ""
        self.text = text

    def watch(self, *widgets) -> "Live":
        """Say the words of each new non-empty ``value`` of these HTML widgets."""
        for w in widgets:
            w.observe(self._said, names="value")
        return self

    def _said(self, change) -> None:
        if change["new"]:
            self.say(spoken_text(change["new"]))


class _Words(HTMLParser):
    """The words of an HTML fragment as a screen reader says them: an element's
    ``aria-label`` for its content, nothing of what is ``aria-hidden``, folded ``<details>``,
    a rule's text (class ``tt-unsaid``: read on the page) and styles left out."""

    SKIP = {"style", "script", "details", "template"}
    VOID = {"br", "img", "hr", "input", "meta", "link", "wbr", "col", "area", "source"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []
        self.skipping: list[str] = []  # the tags whose content is skipped, innermost last

    def handle_starttag(self, tag, attrs):
        if tag in self.VOID:
            if tag == "br":
                self.out.append(" ")
            return
        a = dict(attrs)
        if self.skipping:
            self.skipping.append(tag)
        elif a.get("aria-hidden") == "true" or tag in self.SKIP or \
                "tt-unsaid" in (a.get("class") or "").split():
            self.skipping.append(tag)
        elif a.get("aria-label"):
            self.out.append(f" \x01{a['aria-label']}\x02 ")
            self.skipping.append(tag)
        elif tag in ("div", "p", "li", "h3", "h4", "tr"):
            self.out.append(" ")

    def handle_endtag(self, tag):
        if self.skipping:
            if tag in self.skipping:
                while self.skipping and self.skipping.pop() != tag:
                    pass
        elif tag in ("div", "p", "li", "td", "th"):
            self.out.append(" ")

    def handle_data(self, data):
        if not self.skipping:
            self.out.append(data)


_CARD = re.compile(r"(?<![\w♠♥♦♣])(?:10|[2-9JQKA])[♠♥♦♣](?![\w♠♥♦♣])")


def cards_in_words(text: str) -> str:
    """``text`` with each card written by symbol ("K♦") in words ("king of diamonds")."""
    return _CARD.sub(lambda m: Card.parse(m.group(0)).spoken, text)


def spoken_text(html: str) -> str:
    """The words of ``html`` as a screen reader would say them, on one line."""
    parser = _Words()
    parser.feed(html)
    parser.close()
    text = " ".join("".join(parser.out).split())
    text = re.sub(r"\x02\s*\x01", ", ", text).replace("\x01", "").replace("\x02", "")
    text = cards_in_words(text)
    return re.sub(r"\s+([.,:;!?])", r"\1", text)


LOST_TEXT = N_("The page has lost touch with the tutor's server. Reload the page to go on: the "
               "class is kept.")


class Heartbeat(AriaWidget):
    """A live page's pulse: :meth:`pulse` (called by the page's poller) counts ``beat`` up at
    most every ``every`` seconds; in the browser, no beat for ``patience`` seconds (the server
    restarted, the network went) shows ``lost_text`` with a "Reload the page" button."""

    kind = Unicode("heartbeat").tag(sync=True)
    beat = Int(0).tag(sync=True)
    patience = Int(8).tag(sync=True)
    lost_text = Unicode(LOST_TEXT).tag(sync=True)
    reload_text = Unicode(N_("Reload the page")).tag(sync=True)  # its button
    # no beats to wait for (the class ended, the learner left it): the page says nothing
    resting = Bool(False).tag(sync=True)

    def __init__(self, every: float = 2.0, **kwargs):
        kwargs.setdefault("lost_text", render(msg(LOST_TEXT)))  # in the page's language
        kwargs.setdefault("reload_text", render(msg(type(self).reload_text.default_value)))
        super().__init__(**kwargs)
        self.every = every
        self._last = 0.0

    def rest(self) -> None:
        """No more beats, on purpose: the page stops waiting for them (and shows nothing)
        until the next :meth:`pulse`."""
        self.resting = True

    def pulse(self) -> None:
        if self.resting:
            self.resting = False
        now = time.monotonic()
        if now - self._last >= self.every:
            self._last = now
            self.beat += 1


class CopyLink(AriaWidget):
    """A link to copy: the link in a named read-only box and a button that copies it, saying
    so in a status line.  ``text`` is the link; change it and the box follows."""

    kind = Unicode("copy").tag(sync=True)
    text = Unicode("").tag(sync=True)
    label = Unicode(N_("Link")).tag(sync=True)
    button = Unicode(N_("Copy link")).tag(sync=True)
    copied = Unicode(N_("Copied: paste it anywhere.")).tag(sync=True)
    # where the browser may not copy (no clipboard): the link is selected for the learner
    select = Unicode(N_("Select the link and copy it (Ctrl+C).")).tag(sync=True)

    def __init__(self, **kwargs):
        for name in ("label", "button", "copied", "select"):  # in the page's language
            kwargs.setdefault(name, render(msg(getattr(type(self), name).default_value)))
        super().__init__(**kwargs)


class Keys(AriaWidget):
    """Keys for a presenter: while ``active``, a key of ``bindings`` (``{"PageDown": "step"}``)
    pressed anywhere on the page but in a text box calls ``on_key(name)``."""

    kind = Unicode("keys").tag(sync=True)
    active = Bool(False).tag(sync=True)
    bindings = Any({}).tag(sync=True)  # key name -> what it does (``Widget.keys`` is taken)

    def __init__(self, on_key=None, **kwargs):
        super().__init__(_dom_classes=("tt-live-box",), **kwargs)  # takes no room
        self.on_key = on_key
        self.on_msg(self._on_custom)

    def _on_custom(self, _widget, content, _buffers) -> None:
        name = content.get("name") if isinstance(content, dict) else None
        if content.get("event") == "key" and self.active and name in self.bindings.values() \
                and self.on_key is not None:
            self.on_key(name)

