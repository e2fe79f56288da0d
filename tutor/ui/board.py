"""The teacher's board: paste a position (or pick a saved one), show the table to the class,
switch between every hand and one seat's view, step through the plays with undo, and switch to
projector size.  A bad position is answered with the line and what is wrong; the table that was
there stays.

A position travels by link: "Copy link" gives ``board.ipynb?position=<token>``
(:mod:`tutor.teach.links`), the position as it stands, plays made since loading included; a
viewer's link (``&view=1``) opens it read-only, the table and what happened only.  A broken or
changed link opens the board with a message saying so.  **Projector mode** hides the editor
and the page around the board, draws everything large, and steps with one key (PageDown or
the right arrow, as a presenter's clicker sends) and undoes with another (PageUp or the left
arrow); Escape leaves it."""

from __future__ import annotations

import random

from ..classroom.model import ClassError
from ..engine.cards import SUIT_SYMBOL, SUIT_WORDS
from ..engine.errors import InputError
from ..engine.messages import N_, msg, nmsg, render, sentences
from ..engine.phases import AUCTION, PLAY
from ..engine.state import Call, Play
from ..games import registry
from ..teach import examples, links
from ..teach.coach import ASK_CARD, advise, advise_call, advise_choice, hint_question
from ..teach.content import BOARD_POSITIONS
from ..teach.questions import position_kinds, position_title
from . import widgets
from .aria import CopyLink, Keys, Live, Pressable, Toggle
from .boundary import ErrorLine, safe
from .cards import said
from .classroom import classroom
from .example import column_html
from .guided import call_coach_html, coach_html
from .hand import HandWidget, illegal_html
from .html import Markup, marked, part
from .lifecycle import set_children
from .memory import memory
from .pages import page_url, request_query
from .style import message_html, style_widgets
from .table import TableWidget, phase_words

TEMPLATE = "board.html.j2"  # the board's parts (tutor/ui/templates)
COMMON = "widgets_common.html.j2"  # a label, a muted line
MAX_TEXT = 20_000  # characters: a position is a dozen short lines
MAX_BUTTONS = 16  # more legal calls than this go in a dropdown


def detect_game(text: str) -> str:
    """The name of the game of a position text, from its ``game:`` line (the first
    registered game when there is none); an :class:`InputError` names the line otherwise."""
    return registry.detect_game(text, registry.game_names()[0]).name


def load_position(text: str):
    """The playable state of a position text (55 or 56); an :class:`InputError` names the
    line."""
    if not isinstance(text, str):
        raise InputError(render(msg("a position is text")))
    if len(text) > MAX_TEXT:
        raise InputError(render(msg("that is too long for a position ({size} characters; at "
                                    "most {most})", size=len(text), most=MAX_TEXT)))
    if not text.strip():
        raise InputError(render(msg("the position is empty: paste one, or pick a saved "
                                    "position")))
    return registry.load_position(text, registry.game_names()[0])


# The calls said in words on their buttons (a bid of a number is "Bid 20"; of a number and a
# suit, its game's words).
CALL_WORDS = {"pass": N_("Pass"), "hold": N_("Hold"), "double": N_("Double"),
              "redouble": N_("Redouble"), "play_on": N_("Play on"), "surrender": N_("Surrender"),
              "accept": N_("Accept"), "refuse": N_("Refuse")}
# An action of a card, by its type's name: "Discard 5♦"
CARD_ACTION_WORDS = {"Play": N_("Play {card}"), "Discard": N_("Discard {card}")}


def action_label(action) -> str:
    """A button's text for a non-card action: ``Pass``, ``Bid 20``, ``Discard 5♦``..."""
    if isinstance(action, Call):
        c = str(action.call)
        if c.isdigit():
            return render(msg("Bid {bid}", bid=c))
        if c in CALL_WORDS:
            return render(msg(CALL_WORDS[c]))
        for name in registry.game_names():  # a bid of a number and a suit: 28S, +2H, 30NT...
            spec = registry.find_game(name)
            if spec.hooks.get("bids_by_number"):
                try:
                    return spec.hook("call_words")(c)
                except (InputError, ValueError):
                    pass
        return c
    card = getattr(action, "card", None)
    if card is not None:
        kind = type(action).__name__
        if kind in CARD_ACTION_WORDS:
            return render(msg(CARD_ACTION_WORDS[kind], card=card.unicode))
        return f"{kind} {card.unicode}"
    suit = getattr(action, "suit", None)
    if suit is not None:
        return render(msg("Trumps: {suit}",
                          suit=f"{SUIT_SYMBOL[suit]} {render(SUIT_WORDS[suit])}"))
    return str(action).split(": ", 1)[-1].capitalize()


def describe(action) -> str:
    """``seat 2's 10♥``, ``seat 1's call: Bid 20``, ``the deal``."""
    seat = getattr(action, "seat", -1)
    if isinstance(action, Play):
        return render(msg("seat {seat}'s {action}", seat=seat, action=action.card.unicode))
    if seat is None or seat < 0:
        return render(msg("the deal") if type(action).__name__ == "Deal" else
                      msg("the dealer's draw"))
    return render(msg("seat {seat}'s {action}", seat=seat, action=action_label(action)))


BOARD_NOTEBOOK = "board.ipynb"
PRESENTER_KEYS = {"PageDown": "step", "ArrowRight": "step", "PageUp": "undo",
                  "ArrowLeft": "undo", "Escape": "leave"}


class TeachersBoard(widgets.VBox):
    def __init__(self, query: dict | None = None):
        query = request_query() if query is None else query
        self.viewing = query.get("view") == "1"  # a learner's read-only view of a link
        self.saved = widgets.Dropdown(
            options=[(render(msg("Paste your own position below")), -1)]
            + [(said(p.name), i) for i, p in enumerate(BOARD_POSITIONS)],
            value=0 if BOARD_POSITIONS else -1, description=render(msg("Saved positions:")),
            style={"description_width": "auto"},
            layout=widgets.look(width="34em", max_width="100%"))
        self.goal = widgets.HTML()
        self.text = widgets.Textarea(
            placeholder="game: 55\nplayers: 4\nhand 0: 3D 7S QC 4H KH\n...",
            continuous_update=False,
            layout=widgets.look(width="46em", max_width="calc(100% - 4px)", height="15em"))
        self.text.add_class("tt-position")
        self.load_button = Pressable(description=render(msg("Load")), button_style="primary",
                                     tooltip=render(msg("Show this position on the table")),
                                     layout=widgets.look(width="auto"))
        self.projector = Toggle(description=render(msg("Projector size")), value=False,
                                tooltip=render(msg("Large cards and big letters")),
                                layout=widgets.look(width="auto"))
        self.four = widgets.Checkbox(description=render(msg("Four-colour deck")), value=False,
                                     indent=False, layout=widgets.look(width="auto"))
        self.presenting = Toggle(description=render(msg("Projector mode")), value=False,
                                 tooltip=render(msg("The table fills the screen; PageDown or → "
                                                    "steps, PageUp or ← undoes, Escape leaves")),
                                 layout=widgets.look(width="auto"))
        self.presenter_keys = Keys(bindings=PRESENTER_KEYS)
        for b in (self.load_button, self.projector, self.presenting):
            b.add_class("tt-action")
        self.link = CopyLink(label=render(msg("Link to this position")))
        self.viewer_link = CopyLink(label=render(msg("Read-only link for learners")),
                                    button=render(msg("Copy learners' link")))
        self.links_box = widgets.VBox([self.link, self.viewer_link], layout=widgets.Layout())
        self.links_box.add_class("tt-board-links")
        # a class this browser's teacher is running: ask it about the position on the board
        self.class_code: str | None = None
        self.class_key: str | None = None
        self.class_row = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap",
                                                            align_items="center",
                                                            display="none"))
        self.class_row.add_class("tt-row")
        self.class_row.add_class("tt-board-class")
        self.class_message = widgets.HTML()
        # the same deal under another house rule, side by side
        self.rule_pick = widgets.Dropdown(description=render(msg("Compare with:")), options=[],
                                          style={"description_width": "auto"},
                                          layout=widgets.look(width="40em", max_width="100%"))
        self.compare_button = Pressable(description=render(msg("Compare")),
                                        classes=("tt-action",),
                                        tooltip=render(msg("This deal under the standard rules "
                                                           "and under the house rule chosen, "
                                                           "side by side")),
                                        layout=widgets.look(width="auto"))
        self.compare_row = widgets.HBox([self.rule_pick, self.compare_button],
                                        layout=widgets.Layout(flex_flow="row wrap",
                                                              align_items="center"))
        self.compare_row.add_class("tt-row")
        self.comparison = widgets.HTML(layout=widgets.look(max_width="100%"))
        self.load_message = widgets.HTML()
        self.show = widgets.Dropdown(description=render(msg("Show:")),
                                     options=[(render(msg("All hands")), -1)],
                                     value=-1, style={"description_width": "auto"},
                                     layout=widgets.look(width="16em", max_width="100%"))
        self.table = None
        self.table_box = widgets.VBox(
            [widgets.HTML(part(COMMON, "muted", words=msg("Load a position to see the table."),
                               tag="p"))],
            layout=widgets.look(width="100%"))
        self.turn = widgets.HTML()
        self.hand: HandWidget | None = None
        self.hand_box = widgets.VBox(layout=widgets.look(width="100%"))
        self.calls = widgets.HBox(layout=widgets.look(flex_flow="row wrap"))
        self.undo_button = Pressable(description=render(msg("Undo")),
                                     tooltip=render(msg("Take back the last play")),
                                     layout=widgets.look(width="auto"))
        self.auto_button = Pressable(description=render(msg("Play a card for the player to act")),
                                     tooltip=render(msg("The engine plays a legal card for the "
                                                        "player to act")),
                                     layout=widgets.look(width="auto"))
        self.hint_button = Pressable(description=said(ASK_CARD),
                                     tooltip=render(msg("The coach's card (or call) for the "
                                                        "player to act, from what that seat "
                                                        "can see, and why")),
                                     layout=widgets.look(width="auto"))
        for b in (self.undo_button, self.auto_button, self.hint_button):
            b.add_class("tt-action")
        self.step_message = widgets.HTML()
        self.narration = widgets.HTML()
        self.error = ErrorLine()
        self.state = None
        self.base = 0  # history length of the loaded position: undo stops there
        self.base_events = 0

        top = widgets.HBox([self.load_button, self.projector, self.four],
                           layout=widgets.look(flex_flow="row wrap", align_items="center"))
        top.add_class("tt-row")
        self.editor = widgets.VBox([self.saved, self.goal, self.text, top],
                                   layout=widgets.Layout(width="100%"))
        self.editor.add_class("tt-board-editor")
        self.steps = widgets.HBox([self.undo_button, self.auto_button, self.hint_button,
                                   self.presenting],
                                  layout=widgets.Layout(flex_flow="row wrap"))
        self.steps.add_class("tt-row")
        self.steps.add_class("tt-board-steps")
        super().__init__([
            *style_widgets(), self.editor, self.load_message, self.links_box,
            self.show, self.table_box, self.turn, self.hand_box, self.calls, self.steps,
            self.step_message, self.class_row, self.class_message, self.compare_row,
            self.comparison, self.narration,
            self.presenter_keys,
            Live().watch(self.load_message, self.step_message, self.class_message)],
            layout=widgets.look(width="100%"))
        self.error.place(self, after=self.narration)
        self.add_class("tt-app")
        self.add_class("tt-board")
        # what projector mode leaves out, so that the board fits the room's screen (tutor.css):
        # the table, whose turn, the hand or calls to act, the steps and the last one stay
        for w in (self.load_message, self.show, self.class_row, self.class_message,
                  self.compare_row, self.comparison, self.narration):
            w.add_class("tt-board-aside")
        self.table_box.add_class("tt-board-table")
        if self.viewing:  # read-only: the table and what happened
            self.add_class("tt-board-viewer")
            for w in (self.editor, self.links_box, self.steps, self.hand_box, self.calls,
                      self.compare_row):
                w.layout = widgets.Layout(display="none")

        self.saved.observe(safe(lambda ch: self._pick_saved(ch["new"]), self.error),
                           names="value")
        self.text.observe(safe(lambda ch: self._edited(), self.error), names="value")
        self.load_button.on_click(safe(lambda _b: self.load(), self.error))
        self.show.observe(safe(lambda ch: self._set_viewer(), self.error), names="value")
        self.projector.observe(safe(lambda ch: self._set_size(), self.error), names="value")
        self.presenting.observe(safe(lambda ch: self._set_presenting(), self.error),
                                names="value")
        self.presenter_keys.on_key = safe(self._key, self.error)
        self.compare_button.on_click(safe(lambda _b: self.compare(), self.error))
        if not self.viewing:
            memory().when_ready(safe(self._find_class, self.error), watch=True)
        self.four.observe(safe(lambda ch: self._set_colours(), self.error), names="value")
        self.undo_button.on_click(safe(lambda _b: self.undo(), self.error))
        self.auto_button.on_click(safe(lambda _b: self.auto_play(), self.error))
        self.hint_button.on_click(safe(lambda _b: self.hint(), self.error))
        if query.get("position") is not None:
            safe(self._load_link, self.error)(query["position"])
        elif BOARD_POSITIONS:
            safe(self._pick_saved, self.error)(0)
            safe(self.load, self.error)()
        else:
            self._refresh_steps()

    # -- loading -------------------------------------------------------------------------------
    @property
    def viewer(self) -> int | None:
        return None if self.show.value in (-1, None) else self.show.value

    @property
    def size(self) -> str:
        return "large" if self.projector.value else "normal"

    def _load_link(self, token: str) -> None:
        """Open the position a link carries, plays and all; a broken link says why and the
        board opens on a saved position instead."""
        try:
            state = links.state_from_token(token)
        except InputError as e:
            if BOARD_POSITIONS:
                self._pick_saved(0)
                self.load()
            self.load_message.value = message_html(
                msg("This link's position could not be opened: {problem}. The board shows a "
                    "saved position instead.", problem=str(e)) if BOARD_POSITIONS else
                msg("This link's position could not be opened: {problem}. The board shows no "
                    "position.", problem=str(e)), "bad")
            return
        self.saved.value = -1
        self.text.value = links.position_text(state)
        self.load()

    def _pick_saved(self, index: int) -> None:
        if index is None or index < 0:
            words = marked(msg("Paste a position in the notation (55 or 56: the {line} line "
                               "decides; 55 if there is none), then Load.",
                               line=part(TEMPLATE, "code", text="game:")))
            self.goal.value = part(COMMON, "muted", words=words, tag="p")
            return
        pos = BOARD_POSITIONS[index]
        self.text.value = pos.text
        self.goal.value = part(TEMPLATE, "goal", said=msg("What it shows:"), goal=msg(pos.goal),
                               rules=pos.rules)

    def _edited(self) -> None:
        """The text no longer is the saved position picked: say so in the dropdown."""
        i = self.saved.value
        if i is not None and i >= 0 and self.text.value != BOARD_POSITIONS[i].text:
            self.saved.value = -1

    def load(self, text: str | None = None) -> bool:
        """Load the position in the text box (or ``text``); on an error keep the old table."""
        if text is not None:
            self.text.value = text
        try:
            state = load_position(self.text.value)
        except InputError as e:
            what = render(msg("Could not load the position: {problem}", problem=str(e)))
            if self.state is not None:
                what += " " + render(msg("The table below still shows the last position that "
                                         "loaded."))
            self.load_message.value = message_html(what, "bad")
            return False
        self.state = state
        self.base, self.base_events = len(state.history), len(state.events)
        opts = [(render(msg("All hands")), -1)] + [(render(msg("Seat {seat}'s view", seat=s)), s)
                                                   for s in range(state.n)]
        keep = self.show.value if self.show.value in range(state.n) else -1
        self.show.options = opts
        self.show.value = keep
        if self.table is None:
            self.table = TableWidget(state, self.viewer, self.size, self.four.value)
            if self.size == "large":
                self.table.set_size("large")
            set_children(self.table_box, [self.table])  # closes the "Load a position" note
        else:
            self.table.show_state(state, self.viewer)
        self._banner()
        self.step_message.value = ""
        self._refresh_steps()
        self._refresh_links()
        return True

    # -- showing -------------------------------------------------------------------------------
    def _set_viewer(self) -> None:
        if self.table is not None:
            self.table.set_viewer(self.viewer)
        self._refresh_steps()

    def _set_presenting(self) -> None:
        on = bool(self.presenting.value)
        self.presenter_keys.active = on
        (self.add_class if on else self.remove_class)("tt-projector")
        self.projector.value = on or self.projector.value
        self.step_message.value = message_html(
            msg("Projector mode: PageDown or → steps, PageUp or ← undoes, Escape leaves.")
            if on else msg("Projector mode is off: the editor is back."), "info")

    def _key(self, name: str) -> None:
        if name == "step":
            self.auto_play()
        elif name == "undo":
            self.undo()
        elif name == "leave":
            self.presenting.value = False

    def _set_size(self) -> None:
        (self.add_class if self.size == "large" else self.remove_class)("tt-large")
        if self.table is not None:
            self.table.set_size(self.size)
        if self.hand is not None:
            self.hand.set_size(self.size)

    def _set_colours(self) -> None:
        if self.table is not None:
            self.table.four_colour = self.four.value
            self.table.refresh()
        if self.hand is not None:
            self.hand.set_four_colour(self.four.value)

    def _hand_clicked(self, card, bad) -> None:
        self.step_message.value = ""

    def _banner(self) -> None:
        """The line above the table: the position loaded and whose turn it is now (kept up
        to date as the board steps on or takes back)."""
        state = self.state
        game = registry.spec_of(state).name
        loaded = nmsg("Loaded a position of {game} with {n} player.",
                      "Loaded a position of {game} with {n} players.", state.n, game=game)
        turn = msg("{phase}.", phase=phase_words(state))
        self.load_message.value = message_html(sentences(loaded, turn), "ok")

    def _after_step(self, action=None) -> None:
        if self.state is not None:
            self._banner()
        if self.table is not None:
            self.table.refresh()
        self._refresh_steps()
        self._refresh_links()

    # -- asking a class about the position ---------------------------------------------------
    def _find_class(self, m) -> None:
        """The class this browser's teacher runs (the newest kept), if it is still on."""
        items = sorted(((k, v) for k, v in m.items.items()
                        if k.startswith("class:") and v.get("role") == "teacher"),
                       key=lambda kv: -kv[1].get("t", 0))
        found = None
        for key, item in items[:1]:
            code = key.split(":", 1)[1]
            if (code, item["secret"]) == (self.class_code, self.class_key):
                return
            try:
                classroom().check_teacher(code, item["secret"])
                found = (code, item["secret"])
            except ClassError:
                pass
        self.class_code, self.class_key = found or (None, None)
        self._refresh_class()

    def _refresh_class(self) -> None:
        if self.class_code is None or self.state is None:
            self.class_row.layout.display = "none"
            set_children(self.class_row, [])
            return
        buttons = [widgets.HTML(part(COMMON, "label", words=msg("Ask class {code}",
                                                                code=self.class_code),
                                     tag="span"))]
        tip = render(msg("Send this question about the position on the board to your class"))
        for kind in position_kinds(self.state):
            b = Pressable(description=render(position_title(kind, self.state)),
                          classes=("tt-action",),
                          tooltip=tip, layout=widgets.look(width="auto"))
            b.on_click(safe(lambda _b, k=kind: self.ask_class(k), self.error))
            buttons.append(b)
        set_children(self.class_row, buttons)
        self.class_row.layout.display = None if len(buttons) > 1 else "none"

    def ask_class(self, kind: str) -> None:
        """Ask the class the question of ``kind`` about the position as it stands."""
        if self.class_code is None or self.state is None:
            return
        spec = {"kind": kind, "game": registry.spec_of(self.state).name, "seed": 0,
                "position": links.pack(links.position_text(self.state))}
        try:
            number = classroom().ask(self.class_code, self.class_key, spec)
        except ClassError as e:
            self.class_message.value = message_html(
                msg("The class was not asked: {problem}.", problem=str(e)), "bad")
            return
        self.class_message.value = message_html(
            msg("Asked class {code} (question {number}): the answers come in on the Class mode "
                "page.", code=self.class_code, number=number), "ok")

    # -- the same deal under another house rule -------------------------------------------------
    def _refresh_rules(self) -> None:
        """The house rules this position could be compared under (the choice kept when it
        still fits); the last comparison goes, as the position changed."""
        self.comparison.value = ""
        if self.state is None:
            return
        options = [(w, (n, v)) for w, n, v in examples.rule_choices(self.state)]
        keep = self.rule_pick.value if self.rule_pick.value in [o for _, o in options] else \
            (options[0][1] if options else None)
        self.rule_pick.options = options
        self.rule_pick.value = keep

    def compare(self) -> None:
        """This deal as it stands and under the chosen house rule, side by side."""
        if self.state is None or self.rule_pick.value is None:
            return
        name, value = self.rule_pick.value
        try:
            cols, differs = examples.compare_rules(self.state, name, value)
        except InputError as e:
            self.comparison.value = message_html(msg("Not compared: {problem}.",
                                                     problem=str(e)), "bad")
            return
        head = (msg("The same deal under two rule sets: what differs is marked.") if differs
                else msg("The same deal under two rule sets: nothing differs here."))
        self.comparison.value = part(
            TEMPLATE, "comparison", head=Markup(message_html(head, "info")), differs=differs,
            cols=Markup("".join(column_html(c, self.four.value) for c in cols)))

    def _refresh_links(self) -> None:
        """The links follow the position as it stands now."""
        if self.state is None:
            self.links_box.layout.display = "none"
            return
        token = links.pack(links.position_text(self.state))
        self.link.text = page_url(BOARD_NOTEBOOK, position=token)
        self.viewer_link.text = page_url(BOARD_NOTEBOOK, position=token, view="1")
        if not self.viewing:
            self.links_box.layout.display = None
        self._refresh_class()
        self._refresh_rules()

    def _refresh_steps(self) -> None:
        st = self.state
        set_children(self.calls, [])  # the call buttons of the last step are closed
        if st is None:
            self.turn.value = ""
            self.hand_box.children = []
            self.undo_button.disabled = self.auto_button.disabled = True
            self.hint_button.disabled = True
            return
        self.undo_button.disabled = len(st.history) <= self.base
        seat = st.to_act
        viewer = self.viewer
        over = st.is_terminal
        self.auto_button.disabled = over
        ask = hint_question(st)
        self.hint_button.disabled = ask is None
        self.hint_button.description = ask or said(ASK_CARD)
        if st.phase == PLAY:
            self.auto_button.description = render(msg("Play a card for the player to act"))
        elif st.is_chance:
            self.auto_button.description = render(msg("Deal the next hand"))
        else:
            self.auto_button.description = render(msg("Act for the player to act"))
        shown = viewer is None or viewer == seat  # the cards of the seat to act
        self.turn.value = part(
            TEMPLATE, "turn", phase=phase_words(st),
            hidden=msg("Seat {seat}'s cards are hidden in seat {viewer}'s view: use the button "
                       "below to play for it, or show all hands.", seat=seat, viewer=viewer)
            if st.phase == PLAY and not shown else None)
        if st.phase == PLAY and shown:
            if self.hand is None:
                self.hand = HandWidget(st, seat, self._after_step, size=self.size,
                                       four_colour=self.four.value)
                self.hand.on_attempt = self._hand_clicked
            else:
                self.hand.show_state(st, seat)
            self.hand_box.children = [self.hand]
        else:
            self.hand_box.children = []
        if st.phase != PLAY and not st.is_chance and not over and shown:
            self._call_buttons(st)
        events = [e.visible_to(viewer) if viewer is not None else e.text
                  for e in st.events[self.base_events:]]
        events = [t for t in events if t][-8:]
        self.narration.value = part(TEMPLATE, "narration", title=msg("What happened"),
                                    lines=events) if events else ""

    def _call_buttons(self, st) -> None:
        legal = st.legal_actions()
        actions = [legal[i] for i in range(min(len(legal), 200))]
        if len(actions) <= MAX_BUTTONS:
            buttons = []
            for a in actions:
                b = Pressable(description=action_label(a), tooltip=str(a),
                              classes=("tt-choice",),
                              layout=widgets.look(width="auto"))
                b.on_click(safe(lambda _b, a=a: self.act(a), self.error))
                buttons.append(b)
            self.calls.children = buttons
            return
        pick = widgets.Dropdown(options=[(action_label(a), i) for i, a in enumerate(actions)],
                                description=render(msg("Seat {seat}:", seat=st.to_act)),
                                style={"description_width": "auto"},
                                layout=widgets.look(width="auto"))
        go = Pressable(description=render(msg("Make this call")), classes=("tt-action",),
                       layout=widgets.look(width="auto"))
        go.on_click(safe(lambda _b: self.act(actions[pick.value]), self.error))
        self.calls.children = [pick, go]

    # -- stepping ------------------------------------------------------------------------------
    def act(self, action) -> None:
        """Play ``action`` if it is legal; otherwise say why (the reason and the rule)."""
        if self.state is None:
            return
        bad = self.state.check(action)
        if bad is not None:
            self.step_message.value = illegal_html(bad, self.state, self.four.value)
            return
        self.state.play(action)
        self.step_message.value = ""
        self._after_step(action)

    def play_card(self, card) -> None:
        """A click on ``card`` of the player to act (the hand explains an illegal one)."""
        if self.hand is None or self.state is None or self.state.phase != PLAY:
            self.step_message.value = message_html(msg("No card can be played now."), "info")
            return
        self.hand.click(card)

    def auto_play(self) -> None:
        st = self.state
        if st is None:
            return
        if st.is_chance:
            st.chance(random.Random(len(st.history)))
            self.step_message.value = message_html(msg("A new hand was dealt."), "info")
            self._after_step()
            return
        actions = st.legal_actions()
        if not actions:
            self.step_message.value = message_html(msg("Nothing to play: the game is over."),
                                                   "info")
            return
        action = actions[0]
        st.play(action)
        what = msg("Seat {seat} played {card}.", seat=action.seat, card=action.card.unicode) \
            if isinstance(action, Play) else \
            msg("Seat {seat} chose {action}.", seat=action.seat, action=action_label(action))
        self.step_message.value = message_html(what, "ok")
        if self.hand is not None:
            self.hand.message.value = ""
        self._after_step(action)

    def hint(self) -> None:
        """The coach's card for the player to act, from what that seat can see, and why."""
        st = self.state
        if st is None or hint_question(st) is None:
            self.step_message.value = message_html(msg("The coach advises when a card is to "
                                                       "be played or a call made."), "info")
            return
        if st.phase == AUCTION:
            html = call_coach_html(advise_call(st))
        elif st.phase != PLAY:
            html = call_coach_html(advise_choice(st))
        else:
            html = coach_html(advise(st))
        self.step_message.value = part(TEMPLATE, "advice", coach=Markup(html),
                                       said=msg("Seat {seat}, from what that seat can see:",
                                                seat=st.to_act))

    def undo(self) -> None:
        st = self.state
        if st is None:
            return
        if len(st.history) <= self.base:
            self.step_message.value = message_html(
                msg("This is the position as loaded: there is nothing to undo."), "info")
            self._refresh_steps()
            return
        last = st.undo()
        self.step_message.value = message_html(msg("Took back: {what}.", what=describe(last)),
                                               "info")
        if self.hand is not None:
            self.hand.message.value = ""
        self._after_step()


def teachers_board() -> TeachersBoard:
    """The teacher's board page (see :class:`TeachersBoard`); the link's ``?position=``
    opens that position, ``&view=1`` read-only."""
    return TeachersBoard()
