"""What every game's guided-hand widget shares: the learner plays one whole hand against the
engine's bots, over a :class:`tutor.teach.guided.GuidedHand`.

:class:`GuidedHandView` holds the controls (a new hand, the seed box, replay), the table seen
from the learner's seat, the learner's hand (one :class:`HandWidget` for every deal, redrawn
in place), the message line where a refused action is explained, who won each trick and the
narration; a game's widget (``tutor.ui.g55.guided``, ``tutor.ui.g56.guided``) makes its guided
hand, adds its own choices (calls, discards, trumps, bids) and lays the parts out.  Every
callback goes through :func:`safe`.  The HTML is drawn from the template ``guided.html.j2``
(:mod:`tutor.ui.html`), the games' own parts from ``guided55.html.j2`` and ``guided56.html.j2``.
"""

from __future__ import annotations

from ..engine.errors import IllegalAction, InputError
from ..engine.messages import N_, msg, nmsg, num, render, sentences
from ..engine.phases import PLAY
from ..teach.coach import ASK_CALL, ASK_CARD, hint_question
from ..teach.guided import STRENGTHS, GuidedGame, cap, does, new_seed, tutor_bot
from . import widgets
from .aria import ButtonRow, Choices, Live, Pressable, RowButton
from .boundary import ErrorLine, safe
from .cards import card_chip, said, worded_html
from .hand import HandWidget, illegal_html
from .html import Markup, part
from .lifecycle import in_order
from .pages import href
from .style import action_button, message_html, narration_html
from .table import TableWidget

TEMPLATE = "guided.html.j2"  # the guided hands' shared HTML (tutor/ui/templates)


def full_width(cls=widgets.HTML, **kw) -> widgets.Widget:
    return cls(layout=widgets.look(width="100%"), **kw)


def _part(macro: str, **context) -> Markup:
    """The macro ``macro`` of the guided hands' template drawn with ``context``."""
    return part(TEMPLATE, macro, **context)


def prompt_html(words, classes: str = "tt-prompt") -> Markup:
    """What the learner must do now (``words``: a message, or HTML the tutor made)."""
    return _part("prompt", words=words, classes=classes)


def muted_html(words) -> Markup:
    """A line in grey (``words``: a message, or HTML the tutor made)."""
    return _part("muted", words=words)


def chips_html(cards) -> Markup:
    """``cards`` as chips in a sentence (:func:`tutor.ui.cards.card_chip`)."""
    return _part("chips", faces=[Markup(card_chip(c)) for c in cards])


# What the prompt says once a hand is over (one hand, not a whole game)
HAND_OVER = msg("The hand is over. Press <b>Deal me a new hand</b> for another, or "
                "<b>Replay seed</b> to play this one again.")

# The words of a whole game against the tutor, each sentence whole for each kind of it: a game
# (55, to a target score) or a match (56, until a team has lost its tables).
WHOLE_WORDS = {
    "game": {
        "new": N_("Start a new game"),
        "new_tip": N_("Start a new game from a fresh seed (shown so you can replay it)"),
        "replay_tip": N_("Play the game of this seed again"),
        "next_hand_tip": N_("Deal the next hand of the game"),
        "over": N_("The game is over. Press <b>Start a new game</b> to play again."),
        "heading_over": N_("{title}: the game is over"),
        "so_far": N_("The game so far"),
        "your_lead": N_("Your lead over the best of the others went from {before} to {after} "
                        "{unit} (your lead), the largest swing of the game."),
        "their_lead": N_("Your lead over the best of the others went from {before} to {after} "
                         "{unit} (the others' lead), the largest swing of the game."),
        "won": N_("{winner} won the game."),
        "again": N_("Another game: press <b>Start a new game</b> above."),
        "story": N_("The game hand by hand ({unit} after each hand)"),
    },
    "match": {
        "new": N_("Start a new match"),
        "new_tip": N_("Start a new match from a fresh seed (shown so you can replay it)"),
        "replay_tip": N_("Play the match of this seed again"),
        "next_hand_tip": N_("Deal the next hand of the match"),
        "over": N_("The match is over. Press <b>Start a new match</b> to play again."),
        "heading_over": N_("{title}: the match is over"),
        "so_far": N_("The match so far"),
        "your_lead": N_("Your lead over the best of the others went from {before} to {after} "
                        "{unit} (your lead), the largest swing of the match."),
        "their_lead": N_("Your lead over the best of the others went from {before} to {after} "
                         "{unit} (the others' lead), the largest swing of the match."),
        "won": N_("{winner} won the match."),
        "again": N_("Another match: press <b>Start a new match</b> above."),
        "story": N_("The match hand by hand ({unit} after each hand)"),
    },
}


class GuidedHandView(widgets.VBox):
    """The parts every guided hand shows.  A subclass sets :attr:`NEW_HAND_TIP` (the tooltip
    of "Deal me a new hand", naming its game) and :attr:`WHOLE` (a whole game of it: a key of
    :data:`WHOLE_WORDS`), defines :meth:`make_guide` and :meth:`draw_choices`, builds its own
    widgets after ``self.build()`` and then calls ``super().__init__(children)`` and
    :meth:`begin`."""

    NEW_HAND_TIP = N_("Deal a fresh hand (its seed is shown so you can replay it)")
    SHOW_LEGAL = False  # the hand's "Show legal cards" starts on
    HAND_CLASS = ""  # a class the learner's hand widget carries
    TRICK_ITEM_CLASS = "tt-trick-why"
    TRICK_LIST_CLASS = "tt-trick-list"

    WHOLE = "game"  # a whole game of it: "game" (55), "match" (56)

    def whole_words(self, key: str, **params):
        """The message ``key`` of :data:`WHOLE_WORDS` for this game's whole game."""
        return msg(WHOLE_WORDS[self.WHOLE][key], **params)

    def build(self, seed: int | None, whole: bool = False) -> None:
        """The shared parts; ``whole``: a whole game against the tutor, hand after hand (see
        :class:`tutor.teach.guided.GuidedGame`), instead of one hand."""
        self.guide = None
        self.whole = whole
        self.match: GuidedGame | None = None
        self.error = ErrorLine()
        self.intro = full_width()
        self.status = full_width()
        if whole:
            self.new_button = action_button(render(self.whole_words("new")),
                                            render(self.whole_words("new_tip")), "primary")
        else:
            self.new_button = action_button(render(msg("Deal me a new hand")),
                                            render(msg(self.NEW_HAND_TIP)), "primary")
        self.seed_input = widgets.IntText(value=seed or 1, description=render(msg("Seed")),
                                          layout=widgets.look(width="11em"),
                                          style={"description_width": "3em"})
        self.replay_button = action_button(
            render(msg("Replay seed")),
            render(self.whole_words("replay_tip") if whole else
                   msg("Deal the hand of this seed again")))
        self.new_button.on_click(safe(lambda _b: self.new_hand(), self.error))
        self.replay_button.on_click(safe(lambda _b: self.replay(), self.error))
        # how well the other seats play: from the next card on, and for every hand after
        self.strength = Choices(options=[(said(label), level) for label, level, _ in STRENGTHS],
                                tooltips=[said(tip) for _, _, tip in STRENGTHS],
                                value=STRENGTHS[0][1],
                                description=render(msg("Tutor strength:")),
                                layout=widgets.look(width="auto"))
        self.strength.add_class("tt-strength")
        self.strength.observe(safe(lambda _c: self.set_strength(), self.error), "value")
        # a sign that a new strength took effect (issue #39): said and shown beside it
        self.strength_note = widgets.HTML(_dom_classes=("tt-strength-note",))
        self.table: TableWidget | None = None
        self.table_box = full_width(widgets.VBox)
        self.prompt = full_width()
        self.message = full_width()  # why an action was refused
        # the one live region: says a refusal, and every play and trick after an action
        self.live = Live().watch(self.message)
        self.hand: HandWidget | None = None
        self.hand_box = widgets.VBox(layout=widgets.Layout(width="100%"))  # shown, hidden
        self.hint_button = action_button(
            said(ASK_CARD), render(msg("Ask the coach for the best card here, and why")))
        self.hint_button.add_class("tt-coach-ask")
        self.hint_button.layout = widgets.Layout(width="auto")  # its own: hidden while waiting
        self.hint_button.on_click(safe(lambda _b: self.show_hint(), self.error))
        self.coach_html: widgets.HTML | None = None  # made when the coach is first asked
        # the coach in the auction: a button over the calls, its advice under it
        self.call_hint_button = action_button(
            said(ASK_CALL), render(msg("Ask the coach for the best call here, and why")))
        self.call_hint_button.add_class("tt-coach-ask-call")
        self.call_hint_button.on_click(safe(lambda _b: self.show_call_hint(), self.error))
        self.call_coach_html = full_width()
        self.call_hint_box = widgets.VBox([self.call_hint_button, self.call_coach_html],
                                          layout=widgets.Layout(width="100%"))
        self.review_box: widgets.VBox | None = None  # made when a hand is first over
        self.tricks_html = full_width()
        self.narration_html = full_width()
        if whole:  # the race so far, and the buttons that move the game on
            self.race_html = full_width()
            self.next_trick_button = action_button(
                render(msg("Next trick")),
                render(msg("The finished trick stays on the table until you press this")),
                "primary")
            self.next_trick_button.add_class("tt-next-trick")
            self.next_trick_button.on_click(safe(lambda _b: self.next_trick(), self.error))
            self.next_hand_button = action_button(render(msg("Next hand")),
                                                  render(self.whole_words("next_hand_tip")),
                                                  "primary")
            self.next_hand_button.add_class("tt-next-hand")
            self.next_hand_button.on_click(safe(lambda _b: self.next_hand(), self.error))
            for b in (self.next_trick_button, self.next_hand_button):
                b.layout = widgets.Layout(width="auto")  # its own: shown and hidden
            self.move_on = widgets.HBox([self.next_trick_button, self.next_hand_button],
                                        layout=widgets.Layout(flex_flow="row wrap",
                                                              width="100%"))
            self.move_on.add_class("tt-row")

    def controls(self, *extra: widgets.Widget) -> widgets.HBox:
        row = widgets.HBox([self.new_button, self.seed_input, self.replay_button, *extra,
                            self.strength, self.strength_note],
                           layout=widgets.look(flex_flow="row wrap", width="100%"))
        row.add_class("tt-row")
        return row

    def begin(self, seed, *classes: str) -> None:
        kids = list(self.children)  # the coach's call hint under the prompt
        kids.insert(kids.index(self.prompt) + 1, self.call_hint_box)
        self.children = kids
        if self.whole:  # the race under the intro, the buttons to move on under the prompt
            kids = list(self.children)
            kids.insert(kids.index(self.intro) + 1, self.race_html)
            kids.insert(kids.index(self.prompt) + 1, self.move_on)
            self.children = kids
            self.add_class("tt-whole")
        self.add_class("tt-app")
        for c in classes:
            self.add_class(c)
        safe(self._start, self.error)(seed)

    # -- what a game says ------------------------------------------------------------------
    def make_guide(self, seed):  # pragma: no cover - abstract
        raise NotImplementedError

    def draw_choices(self) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def draw_more(self) -> None:
        """The game's own parts of a redraw (a score, an auction...)."""

    # -- public (also for tests) -----------------------------------------------------------
    def new_hand(self) -> None:
        """Deal a fresh hand with a new seed (shown in the seed box)."""
        self._start(new_seed())

    def replay(self) -> None:
        """Deal the hand of the seed in the seed box again."""
        self._start(int(self.seed_input.value))

    def tutor_bot(self):
        """The other seats' player at the strength chosen (a new hand's ``bot``)."""
        return tutor_bot(self.strength.value)

    def set_strength(self) -> None:
        """The strength chosen: the other seats play so from their next action on."""
        if self.guide is not None:
            self.guide.set_strength(self.strength.value)
        label, _, tip = next(s for s in STRENGTHS if s[1] == self.strength.value)
        note = msg("Now {level}: {what}. From their next card on.", level=msg(label),
                   what=msg(tip))
        self.strength_note.value = part("guided.html.j2", "strength_note", note=note)
        self.live.say(render(note))

    def next_trick(self) -> None:
        """A whole game: the learner has seen the finished trick; the tutor plays on."""
        self.act(lambda: self.guide.next_trick())

    def next_hand(self) -> None:
        """A whole game: deal its next hand (the one before is over, the game is not)."""
        def deal():
            lines = self.match.next_hand()
            self.guide = self.match.hand
            return lines
        self.act(deal)

    # -- internals -------------------------------------------------------------------------
    def _start(self, seed) -> None:
        self.guide = g = self.make_guide(seed)
        if self.whole:
            self.match = GuidedGame(g, g.seed)
        if g.seed is not None:
            self.seed_input.value = g.seed
        if self.table is None:
            self.table = TableWidget(g.state, viewer=g.seat)
            self.table_box.children = [self.table]
        if self.hand is None:  # one hand widget for every deal: it redraws in place
            self.hand = HandWidget(g.state, g.seat, on_play=safe(self._after_play, self.error),
                                   show_legal=self.SHOW_LEGAL, announce=False)
            self.live.watch(self.hand.message)  # a refused card: said by this widget
            if self.HAND_CLASS:
                self.hand.add_class(self.HAND_CLASS)
            self.hand.on_attempt = self._attempt
            self.hand_box.children = [self.hand, self.hint_button]
        self.message.value = ""
        self.draw()

    def show_hint(self) -> None:
        """The coach's advice under the hand: the best card, why, and how the next best
        compare (said by the live region too); it goes when the learner plays."""
        a = self.guide.hint()
        if self.coach_html is None:
            self.coach_html = full_width()
            self.coach_html.add_class("tt-coach")
            self.hand_box.children = [*self.hand_box.children, self.coach_html]
        self.coach_html.value = coach_html(a)
        self.live.say(sentences(a.headline, *a.reasons))

    def show_call_hint(self) -> None:
        """The coach's advice for the learner's call in the auction, or another choice (the
        55 trumps and discards), said by the live region too; it goes when the learner
        chooses."""
        a = self.guide.hint()
        self.call_coach_html.value = call_coach_html(a)
        self.took_hint(a)
        self.live.say(sentences(a.headline, *a.reasons))

    def took_hint(self, advice) -> None:
        """A game's widget may act on the advice (55 selects the discards it names)."""

    def show_review(self) -> None:
        """After the hand: every decision of the learner's (the calls, the game's choices,
        the cards) beside the coach's, what it would have changed, and what it adds up to
        (never "well played" on a contract of the learner's that failed)."""
        r = self.guide.review_whole()
        self.review_box.children[1].value = review_html(r)
        self.live.say(r.headline)

    def _draw_review(self) -> None:
        """The "Review my play" button under the tricks once the hand is over."""
        if not self.guide.over:
            if self.review_box is not None:
                self.review_box.layout.display = "none"
                self.review_box.children[1].value = ""
            return
        if self.review_box is None:
            button = action_button(render(msg("Review my play")), render(msg(
                "The coach goes over your calls, your choices and the cards you played, and says "
                "where it would have done otherwise and what it would have changed")))
            button.add_class("tt-coach-review")
            button.on_click(safe(lambda _b: self.show_review(), self.error))
            self.review_box = widgets.VBox([button, full_width()],
                                           layout=widgets.Layout(width="100%"))
            kids = list(self.children)
            at = kids.index(self.tricks_html) + 1 if self.tricks_html in kids else len(kids)
            self.children = [*kids[:at], self.review_box, *kids[at:]]
        self.review_box.layout.display = ""

    def act(self, step) -> None:
        """Run ``step`` (the learner's action on the guide); a refused action is explained on
        the message line and nothing changes."""
        try:
            lines = step()
        except IllegalAction as bad:
            self.message.value = self.illegal_html(bad)
            return
        except InputError as bad:  # no such action at all ("thirty bananas")
            self.message.value = message_html(str(bad), "bad")
            return
        self.message.value = ""
        self.after_action(lines)

    def after_action(self, lines) -> None:
        """Redraw after the learner's action, say what happened (``lines``: the learner's
        action, the bots' after it, the tricks won) and move the focus on."""
        self.draw()
        self.live.say(sentences(*(lines or ())))
        self.focus_next()

    def focus_next(self) -> None:
        """After the learner's action, the keyboard focus goes to what comes next: a card to
        play, the next choice (a call, a discard, a trump), or "Deal me a new hand"."""
        g = self.guide
        if self.whole and g.paused:
            self.next_trick_button.take_focus()
        elif self.whole and g.over and not self.match.over:
            self.next_hand_button.take_focus()
        elif g.over:
            self.new_button.take_focus()
        elif g.state.phase == PLAY:
            self.hand.focus_card(legal=True)
        else:
            first = next((b for w in in_order(*self.choice_boxes())
                          for b in (w.buttons if isinstance(w, ButtonRow) else (w,))
                          if isinstance(b, (Pressable, RowButton)) and not b.disabled), None)
            if first is not None:
                first.take_focus()

    def choice_boxes(self) -> tuple[widgets.Widget, ...]:  # pragma: no cover - abstract
        """The boxes of the learner's choices outside the hand (calls, discards...)."""
        raise NotImplementedError

    def illegal_html(self, bad: IllegalAction) -> str:
        return illegal_html(bad, self.guide.state)

    def _attempt(self, card, bad) -> None:
        self.message.value = ""  # a refused card is explained in the hand's own message

    def _after_play(self, action) -> None:
        lines = self.guide.advance_bots()
        self.draw()
        self.live.say(sentences(*lines))
        if self.guide.over or self.guide.paused or self.guide.state.phase != PLAY:
            self.focus_next()  # otherwise the hand keeps the focus on the next card

    def draw(self) -> None:
        g = self.guide
        st = g.state
        self.intro.value = self.intro_html()
        # after the score the state still draws this hand's dealer and teams
        # (state.hand_dealer), although the engine has already moved the deal on
        self.table.show_state(st, g.seat)
        self.hand.show_state(st, g.seat)
        self.hand.message.value = ""
        if self.coach_html is not None:
            self.coach_html.value = ""  # the advice was for the position before
        shown = st.phase == PLAY and not g.over
        self.hand_box.layout.display = "" if shown else "none"
        # the table shows the learner's own cards while the hand's buttons are hidden (on a
        # phone, one or the other: tutor.css)
        if shown:
            self.remove_class("tt-hand-hidden")
        else:
            self.add_class("tt-hand-hidden")
        self.hint_button.layout.display = "none" if g.paused else ""  # not the learner's turn
        ask = hint_question(st) if g.learner_to_act and st.phase != PLAY else None
        self.call_hint_box.layout.display = "" if ask else "none"
        self.call_hint_button.description = said(ask or ASK_CALL)
        self.call_coach_html.value = ""  # the advice was for the choice before
        self.draw_choices()
        if self.whole:
            self._draw_whole()
        self.tricks_html.value = self.tricks_html_text()
        self._draw_review()
        self.draw_more()
        self.narration_html.value = narration_html(g.narration(), *self.narration_classes())

    def narration_classes(self) -> tuple[str, ...]:
        return ()

    def whole_title(self) -> str:  # pragma: no cover - abstract
        """A whole game's name: "A game of 55 to 110"."""
        raise NotImplementedError

    def _draw_whole(self) -> None:
        """A whole game: the race (or, at the end, the summary), what to press next."""
        g, m = self.guide, self.match
        more = g.over and not m.over
        self.next_trick_button.layout.display = "" if g.paused else "none"
        self.next_hand_button.layout.display = "" if more else "none"
        self.move_on.layout.display = "" if g.paused or more else "none"
        say = None
        if g.paused:
            k = len(g.state.tricks)
            winner = g.state.tricks[-1][2]
            say = msg("Trick {number} is over: {wins} it. Look at the table, then "
                      "press <b>Next trick</b>.", number=k, wins=does(g.table, winner, "win"))
        elif more:
            say = msg("Hand {number} is over. Press <b>Next hand</b> to deal hand "
                      "{next}.", number=m.number, next=m.number + 1)
        elif m.over:
            say = self.whole_words("over")
        if say is not None:  # its words hold tags: worded as the translator wrote them
            self.prompt.value = prompt_html(Markup(worded_html(say)))
        hands = None
        done = m.summary()[:-len(m.race()) or None]
        if done:
            hands = {"open": m.over, "title": msg("Every hand so far ({n})", n=len(done)),
                     "lines": [x.split(": ", 1)[1] for x in done]}
        title = self.whole_title()
        head = worded_html(self.whole_words("heading_over", title=title) if m.over else
                           msg("{title}: hand {number}", title=title, number=m.number))
        self.race_html.value = _part(
            "race", label=self.whole_words("so_far"), head=Markup(head), lines=m.race(),
            story=story_html(m.story(), self.WHOLE) if m.over else None, hands=hands)

    def intro_html(self) -> str:  # pragma: no cover - abstract
        raise NotImplementedError

    def seed_words(self) -> str:
        return render(msg("Seed {seed} (type it in the seed box and press Replay seed to play "
                          "this hand again).", seed=self.guide.seed))

    def trick_rows(self) -> list[dict]:
        """One line per finished trick: who led, the cards, who won with what, why, the rule
        (and, where the game counts them, the card points): the rows of the template's
        ``tricks``."""
        g = self.guide
        rows = []
        for t in g.trick_explanations():
            said_ = msg("<b>Trick {number}</b> ({leader} led): {cards} → <b>{wins}</b> with "
                        "{card}, {reason}.", number=t["number"], leader=g.table.who(t["leader"]),
                        wins=cap(does(g.table, t["winner"], "win")), reason=t["text"])
            rows.append({"prefix": self.trick_prefix(t), "extra": self.trick_extra(t),
                         "said": Markup(worded_html(said_, cards=chips_html(t["cards"]),
                                                    card=card_chip(t["card"]))),
                         "rule": t["rule"]})
        return rows

    def trick_prefix(self, trick: dict) -> Markup | str:
        """HTML the tutor made, before a trick's line."""
        return ""

    def trick_extra(self, trick: dict) -> Markup | str:
        """HTML the tutor made, after a trick's line."""
        return ""

    def tricks_footer(self) -> Markup | str:
        """HTML the tutor made, under the tricks."""
        return ""

    def tricks_html_text(self) -> str:
        rows = self.trick_rows()
        if not rows:
            return ""
        return _part("tricks", title=msg("Who won each trick, and why"),
                     list_class=self.TRICK_LIST_CLASS, item_class=self.TRICK_ITEM_CLASS,
                     rows=rows, footer=self.tricks_footer())


def story_html(st: dict, whole: str = "game") -> str:
    """The end of a whole game (:meth:`tutor.teach.guided.GuidedGame.story`): the standings
    hand by hand as a table of numbers with a bar beside each (the bars are drawn by CSS and
    hidden from screen readers, which read the numbers and the names), the turning hand
    marked and said, and the next steps as links.  ``whole``: what the whole game is, a key
    of :data:`WHOLE_WORDS` ("game", "match")."""
    words = WHOLE_WORDS[whole]
    names, unit = st["names"], said(st["unit"])
    top = max([1] + [abs(v) for h in st["hands"] for v in h["standings"].values()])
    rows = []
    for h in st["hands"]:
        turn = h["number"] == st["turning"]
        rows.append({
            "turning": turn,
            "label": msg("Hand {number} (the turning hand)", number=h["number"]) if turn else
            msg("Hand {number}", number=h["number"]),
            "cells": [{"value": h["standings"][n], "you": n == st["you"],
                       "width": round(100 * abs(h["standings"][n]) / top)} for n in names]})
    t = next((h for h in st["hands"] if h["number"] == st["turning"]), None)
    turning = None
    if t is not None:
        lead = words["your_lead" if t["lead_after"] >= 0 else "their_lead"]
        turning = {"hand": msg("The turning hand: hand {number}.", number=t["number"]),
                   "result": t["result"],
                   "swing": msg(lead, before=num(t['lead_before'], sign=True),
                                after=num(t['lead_after'], sign=True), unit=unit)}
    steps = []
    for x in st["steps"]:
        if x["kind"] == "again":  # its words hold tags: worded as the translator wrote them
            steps.append(Markup(worded_html(msg(words["again"]))))
        else:
            from ..teach.content import page  # the lesson's title and notebook
            p = page(x["page"])
            link = _part("lesson_link", href=href(p.notebook), title=msg(p.title))
            steps.append(Markup(worded_html(msg("{lesson}: {why}.", why=x["why"]), lesson=link)))
    return _part("story", title=msg(words["story"], unit=unit),
                 won=msg(words["won"], winner=cap(st["winner"])) if st["winner"] else None,
                 caption=msg("The {unit} of every player after each hand", unit=unit),
                 hand=msg("Hand"), names=[cap(n) for n in names], rows=rows, turning=turning,
                 next=msg("What next?"), steps=steps)


VERDICT_CLASS = {"same": "tt-same", "about the same": "tt-about-same",
                 "coach better": "tt-coach-better", "yours better": "tt-yours-better"}


def review_html(r) -> str:
    """A hand's review (:class:`tutor.teach.guided.HandReview`): the headline, then each
    decision, the ones the coach would have changed marked."""
    return _part("review", kind="ok" if r.well_played else "bad" if r.failed_own else "hint",
                 label=msg("The coach's review of the hand"), headline=r.headline,
                 decisions=[{"classes": VERDICT_CLASS[d.verdict], "text": d.text,
                             "bold": d.verdict == "coach better"} for d in r.decisions])


def _compared(deals: int):
    """The heading of the coach's choices compared."""
    return nmsg("Compared over {n} deal of the cards you cannot see",
                "Compared over {n} deals of the cards you cannot see", deals)


def coach_html(a) -> str:
    """The coach's advice as a note: the headline, the reasons, the cards compared."""
    cards = [{"chip": Markup(card_chip(ln.action.card)), "text": ln.text} for ln in a.lines]
    card = a.best.card  # the headline's card as a chip: its name in words for a reader
    headline, symbol, tail = a.headline.partition(card.unicode)
    return _part("coach", headline=headline, chip=Markup(card_chip(card)) if symbol else None,
                 tail=tail, reasons=a.reasons, compared=_compared(a.deals) if cards else None,
                 cards=cards, calls=())


def call_coach_html(a) -> str:
    """The coach's advice on a call: the headline, the reasons, the calls compared."""
    calls = [{"call": ln.card, "text": ln.text} for ln in a.lines]
    return _part("coach", headline=a.headline, chip=None, tail="", reasons=a.reasons,
                 compared=_compared(a.deals) if calls and a.deals else None, cards=(),
                 calls=calls)


__all__ = ["GuidedHandView", "HAND_OVER", "WHOLE_WORDS", "call_coach_html", "coach_html",
           "full_width", "review_html", "story_html"]
