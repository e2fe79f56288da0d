"""A hand of cards as buttons: Tab to a card, Enter or Space (or a click) to play it.

Each card is a button (:class:`~tutor.ui.aria.Pressable`) painted as a card (its class
``cards.card_class`` gives it its face, a CSS background of the static ``tutor-cards.css``), so
keyboards get a real button.  The face is the picture: the button's text, hidden by the
stylesheet, is the card's name in words with its state, "ten of hearts, allowed", and is what
a screen reader says (its text is its accessible name, and its title, the tooltip, is the
same words); a card that may be chosen also says whether it is (``aria-pressed``).
:func:`set_state_class` keeps the words in step with the marks.  "Show legal cards" marks the
legal ones.  An illegal card is not played: the hand says why, the rule ID and the cards that
are legal.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import nullcontext

from ..engine.cards import Card
from ..engine.errors import IllegalAction
from ..engine.messages import N_, many, msg, render
from ..engine.state import Play
from ..teach.refusal import allowed
from . import widgets
from .aria import ButtonRow, Live, Pressable, RowButton, Toggle
from .boundary import ErrorLine, safe
from .cards import card_chip, card_class, named
from .html import Markup, part
from .lifecycle import set_children
from .style import message_html, rule_html, style_widgets

TEMPLATE = "hand.html.j2"  # why a card may not be played (tutor/ui/templates)
COMMON = "widgets_common.html.j2"  # a label, a muted line
STATE_CLASSES = ("tt-legal", "tt-dim", "tt-selected", "tt-illegal", "tt-hinted", "tt-right",
                 "tt-wrong", "tt-missed")
# What each mark says, in the order said: "ten of hearts, selected, not allowed".
STATE_WORDS = {"tt-selected": N_("selected"), "tt-legal": N_("allowed"),
               "tt-dim": N_("not allowed"), "tt-illegal": N_("not allowed"),
               "tt-hinted": N_("marked by a hint"), "tt-right": N_("right"),
               "tt-wrong": N_("wrong"), "tt-missed": N_("missed")}


class CardButton(Pressable):
    """A card button (a :class:`~tutor.ui.aria.Pressable`) that knows its card and the words
    of its name; its ``description`` is the name with the state.  A card that may be chosen
    (``choosable``: a quiz's answer, a discard) says whether it is (``aria-pressed``)."""

    def __init__(self, card: Card, name: str | None = None, choosable: bool = False,
                 **kwargs):
        self.card, self.name = card, name or card.spoken
        super().__init__(description=self.name, pressed=False if choosable else None,
                         **kwargs)


def card_name(name: str, classes) -> str:
    """``name`` with the words of the state ``classes``: "ten of hearts, allowed"."""
    for state in dict.fromkeys(STATE_WORDS[c] for c in STATE_WORDS if c in classes):
        name = named(name, state)
    return name


def card_button(card: Card, four_colour: bool = False, name: str | None = None,
                choosable: bool = False) -> CardButton:
    """One card as a keyboard- and mouse-usable button, named in words (``name``, or the
    card's spoken name "ten of hearts"), painted by its CSS class; ``choosable``: pressed
    when chosen."""
    return CardButton(card, name, choosable, classes=("tt-cardbtn", card_class(card, four_colour)),
                      layout=widgets.look(width="auto", height="auto"))


def set_state_class(button, *names: str) -> None:
    """Give ``button`` exactly these state classes (tt-legal, tt-selected, ...); a card
    button's name says them in words, and a button that may be chosen is pressed when
    selected."""
    for c in STATE_CLASSES:
        if c not in names and c in button._dom_classes:
            button.remove_class(c)
    for c in names:
        if c not in button._dom_classes:
            button.add_class(c)
    if isinstance(button, CardButton) or getattr(button, "card", None) is not None:
        described = card_name(button.name, names)
        if button.description != described:
            button.description = described
    if isinstance(button, (Pressable, RowButton)) and button.pressed is not None:
        button.pressed = "tt-selected" in names


def illegal_html(bad: IllegalAction, state, four_colour: bool = False) -> str:
    """Why a card (or call) may not be played in ``state``: the reason, the rule and what is
    allowed instead (:func:`tutor.teach.refusal.allowed`); the template ``hand.html.j2``.
    Plain text of HTML, not :class:`Markup`: a page may add a line to it (``+=``)."""
    instead = allowed(state, bad)
    cards = calls = None
    if instead.cards:
        cards = {"said": msg("You may play:"),
                 "chips": [Markup(card_chip(c, four_colour)) for c in instead.cards]}
    elif instead.calls:  # the calls as the menu of them, in a row
        calls = msg("Allowed now: {calls}", calls=many(instead.calls, "sequence"))
    return str(part(TEMPLATE, "refused", head=msg("Not allowed."), text=bad.reason_text.strip(),
                    cards=cards, calls=calls,
                    rule=Markup(rule_html(bad.rule, open_text=False))))


class HandWidget(widgets.VBox):
    """The cards of ``seat`` in ``state`` as buttons.  A click plays the card if it is legal
    (then ``on_play(action)`` is called) and explains why not otherwise."""

    def __init__(self, state, seat: int, on_play: Callable | None = None,
                 show_legal: bool = False, four_colour: bool = False, size: str = "normal",
                 announce: bool = True):
        self.state, self.seat, self.on_play = state, seat, on_play
        self.on_attempt: Callable | None = None  # called with (card, IllegalAction or None)
        self.four_colour, self.size = four_colour, size
        self.title = widgets.HTML()
        self.legal_toggle = Toggle(
            value=show_legal, description=render(msg("Show legal cards")),
            tooltip=render(msg("Mark the cards this seat may play now")),
            layout=widgets.look(width="auto", align_self="flex-start"))
        self.legal_toggle.add_class("tt-action")
        self.row = widgets.HBox(layout=widgets.look(flex_flow="row wrap", width="100%"),
                                _dom_classes=("tt-cardrow",))
        self.message = widgets.HTML()
        self.error = ErrorLine()
        # says each play and refusal (unless the widget it is part of says them)
        self.live = Live().watch(self.message) if announce else None
        # the cards: one widget for the row (RowButton card buttons), made when first drawn
        self.cards_row: ButtonRow | None = None
        self.buttons: list[tuple[RowButton, Card]] = []
        self.empty: widgets.HTML | None = None  # "No cards left."
        self.selected: Card | None = None
        super().__init__([*style_widgets(), self.title, self.legal_toggle, self.row,
                          self.message, *([self.live] if self.live else [])],
                         layout=widgets.look(width="100%"),
                         _dom_classes=("tt-app", "tt-hand"))
        self.error.place(self, after=self.message)
        if size == "large":
            self.add_class("tt-large")
        self.legal_toggle.observe(safe(lambda ch: self._mark(), self.error), names="value")
        safe(self._build, self.error)()

    # -- public ----------------------------------------------------------------------------
    @property
    def show_legal(self) -> bool:
        return self.legal_toggle.value

    def refresh(self) -> None:
        """Redraw from the state (after a play, an undo or a new position)."""
        safe(self._build, self.error)()

    def show_state(self, state, seat: int) -> None:
        self.state, self.seat = state, seat
        self.selected = None
        self.message.value = ""
        self.refresh()

    def set_size(self, size: str) -> None:
        self.size = size
        (self.add_class if size == "large" else self.remove_class)("tt-large")

    def set_four_colour(self, four: bool) -> None:
        self.four_colour = four
        self.refresh()

    def click(self, card) -> None:
        """What a click on ``card`` does (also for tests)."""
        card = card if isinstance(card, Card) else Card.parse(str(card))
        safe(self._play, self.error)(card)

    # -- internals -------------------------------------------------------------------------
    def _cards(self) -> list[Card]:
        return sorted(self.state.hands[self.seat], key=lambda c: c.index)

    def _build(self) -> None:
        """Show the seat's cards, all in one widget (a redraw is one message; the browser
        keeps the keyboard focus at its place in the row)."""
        cards = self._cards()
        group = render(msg("Seat {seat}'s hand", seat=self.seat))
        if self.cards_row is None:
            self.cards_row = ButtonRow(group_name=group)
        self.cards_row.group_name = group
        with self.cards_row.hold_sync():
            shown = self.cards_row.show([
                {"label": card.spoken, "card": card,
                 "classes": ("tt-cardbtn", card_class(card, self.four_colour))}
                for card in cards])
            self.buttons = list(zip(shown, cards))
            for b, card in self.buttons:
                b.on_click(safe(lambda _b, c=card: self._play(c), self.error))
            self._mark()
        if not cards:
            if self.empty is None:
                self.empty = widgets.HTML(part(COMMON, "muted", words=msg("No cards left."),
                                               tag="span"))
            set_children(self.row, [self.empty], keep=[self.cards_row])
        else:
            set_children(self.row, [self.cards_row], keep=[self.empty])

    def _mark(self) -> None:
        legal = set(self.state.legal_cards(self.seat)) if self.show_legal else set()
        with self.cards_row.hold_sync() if self.cards_row else nullcontext():  # one message
            for b, card in self.buttons:
                names = []
                if self.show_legal:
                    names.append("tt-legal" if card in legal else "tt-dim")
                if card is self.selected:
                    names.append("tt-selected")
                set_state_class(b, *names)
        turn = self.state.phase == "play" and self.state.to_act == self.seat
        if turn:
            title = msg("Seat {seat}'s hand · to play", seat=self.seat)
        elif self.show_legal and self.buttons:
            title = msg("Seat {seat}'s hand · not this seat's turn, so no card is legal now",
                        seat=self.seat)
        else:
            title = msg("Seat {seat}'s hand", seat=self.seat)
        self.title.value = part(COMMON, "label", words=title)

    def _play(self, card: Card) -> None:
        self.selected = card
        action = Play(self.seat, card)
        bad = self.state.check(action)
        if self.on_attempt is not None:
            self.on_attempt(card, bad)
        if bad is not None:
            with self.cards_row.hold_sync():
                self._mark()
                for b, c in self.buttons:
                    if c is card:
                        set_state_class(b, *(n for n in b._dom_classes if n == "tt-legal"),
                                        "tt-illegal", "tt-selected")
            self.message.value = illegal_html(bad, self.state, self.four_colour)
            return
        at = next(i for i, (_, c) in enumerate(self.buttons) if c is card)
        self.state.play(action)
        self.selected = None
        self.message.value = message_html(
            render(msg("Seat {seat} played {card}.", seat=self.seat, card=card.unicode)), "ok")
        self._build()
        self.focus_card(at)  # the focus stays in the hand: on the next card
        if self.on_play is not None:
            self.on_play(action)

    def focus_card(self, at: int = 0, legal: bool = False) -> None:
        """Move the keyboard focus to the card at ``at`` (or the last), or with ``legal`` to
        the first card the seat may play."""
        buttons = [b for b, _ in self.buttons]
        if legal:
            ok = set(self.state.legal_cards(self.seat))
            buttons = [b for b, c in self.buttons if c in ok] or buttons
            at = 0
        if buttons:
            buttons[min(at, len(buttons) - 1)].take_focus()


def hand_widget(state, seat: int, on_play: Callable | None = None, show_legal: bool = False,
                four_colour: bool = False, size: str = "normal") -> HandWidget:
    """``seat``'s hand in ``state`` as card buttons (see :class:`HandWidget`)."""
    return HandWidget(state, seat, on_play, show_legal, four_colour, size)
