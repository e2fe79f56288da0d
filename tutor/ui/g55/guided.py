"""A guided hand of 55 as a widget: the learner plays one whole hand against the engine's bots.

``guided_hand(seed=None, script=None, players=4)`` shows the goal (for a scripted lesson), the
table from the learner's seat, the learner's calls as buttons in the auction, the discard and
trump choices when the learner is the bidder, the learner's hand as card buttons (with "Show
legal cards"), the narration, who won each trick and why, and the final score.  "Deal me a new
hand" deals a fresh one and shows its seed; "Replay seed" plays a seed again.  A thin layer
over :class:`tutor.teach.g55.guided.GuidedHand55`; every callback goes through :func:`safe`.
Its own HTML (the intro, the score) is drawn from the template ``guided55.html.j2``, the rest
from ``guided.html.j2`` (:mod:`tutor.ui.guided`).
"""

from __future__ import annotations

from contextlib import ExitStack

from ...engine.cards import SUIT_SYMBOL, SUIT_WORDS, SUITS, Card
from ...engine.messages import N_, msg, nmsg, num, render
from ...engine.state import Call
from ...games.g55.game import Discard, Game55, NameTrump
from ...games.g55.tables import HAND_SIZE
from ...teach.g55.guided import GuidedHand55, find_script
from ...teach.guided import cap
from .. import widgets
from ..aria import ButtonRow, RowButton
from ..boundary import safe
from ..cards import card_class, said, worded_html
from ..guided import HAND_OVER, GuidedHandView, chips_html, full_width, muted_html, prompt_html
from ..hand import set_state_class
from ..html import Markup, part
from ..lifecycle import set_children
from ..style import action_button, message_html, rule_html, style_widgets

CALL_WORDS = {"pass": N_("Pass"), "hold": N_("Hold")}
TEMPLATE = "guided55.html.j2"  # a guided hand of 55's own HTML (tutor/ui/templates)


def _part(macro: str, **context) -> Markup:
    """The macro ``macro`` of the template of 55's guided hand drawn with ``context``."""
    return part(TEMPLATE, macro, **context)


def _call_label(call: str) -> str:
    """A call's button: "Pass", "Hold", "Bid 25"."""
    return render(msg(CALL_WORDS[call]) if call in CALL_WORDS else msg("Bid {bid}", bid=call))


class GuidedHand55Widget(GuidedHandView):
    """One guided hand of 55 (see the module's docstring)."""

    NEW_HAND_TIP = N_("Deal a fresh hand of 55 (its seed is shown so you can replay it)")

    def __init__(self, seed: int | None = None, script: str | None = None, players: int = 4,
                 whole_game: bool = False, rules: dict | None = None):
        self.players = players
        self.rules = dict(rules or {})
        self.script_name = script
        self.current_script = script  # a new hand or a replayed seed is free practice
        self.build(seed, whole=whole_game)
        self.restart_button = action_button(
            render(msg("Start the lesson again")),
            render(msg("Go back to the start of this scripted hand")))
        self.restart_button.on_click(safe(lambda _b: self.restart(), self.error))
        extra: list[widgets.Widget] = [self.restart_button] if script else []
        if whole_game:
            target = self.rules.get("target_score", 55)
            self.target_choice = widgets.Dropdown(
                options=sorted({55, 110, 220, target}), value=target,
                description=render(msg("Target")),
                style={"description_width": "3.5em"}, layout=widgets.look(width="10em"))
            self.target_choice.add_class("tt-target")
            self.target_choice.observe(safe(lambda ch: self.set_target(ch["new"]), self.error),
                                       names="value")
            extra.append(self.target_choice)
        controls = self.controls(*extra)
        self.choices = widgets.HBox(layout=widgets.look(flex_flow="row wrap", width="100%"),
                                    _dom_classes=("tt-row", "tt-cardrow"))
        self.score_html = full_width()
        self.discard_pick: list[Card] = []
        self.call_buttons: list[tuple[RowButton, object]] = []
        self.card_buttons: list[tuple[RowButton, Card]] = []
        super().__init__([*style_widgets(), self.live, self.intro, controls,
                          self.status, self.table_box, self.prompt, self.choices,
                          self.message, self.hand_box, self.score_html, self.tricks_html,
                          self.narration_html], layout=widgets.look(width="100%"))
        self.error.place(self, after=controls)
        self.begin(seed, "tt-guided")

    def make_guide(self, seed) -> GuidedHand55:
        self.discard_pick = []
        script = self.current_script
        return GuidedHand55(seed=None if script else seed, script=script, players=self.players,
                            rules=None if script else self.rules or None, bot=self.tutor_bot())

    def set_target(self, target: int) -> None:
        """A whole game: play to ``target`` (55-GAME-TARGET) — a new game, a fresh seed."""
        self.rules["target_score"] = int(target)
        if self.target_choice.value != target:
            self.target_choice.value = target  # its observer starts the new game
            return
        self.new_hand()

    def whole_title(self) -> str:
        return render(msg("A game of 55 to {target}",
                          target=self.guide.state.game.settings.target_score))

    # -- public (also for tests) -----------------------------------------------------------
    def new_hand(self) -> None:
        self.current_script = None
        super().new_hand()

    def replay(self) -> None:
        self.current_script = None
        super().replay()

    def restart(self) -> None:
        """Back to the start of the scripted hand (or the same seed)."""
        if self.script_name:
            self.current_script = self.script_name
            self._start(None)
        else:
            self.replay()

    def call(self, call: str) -> None:
        self.act(lambda: self.guide.play(Call(self.guide.seat, str(call))))

    def toggle_discard(self, card) -> None:
        """Select or unselect a card to discard (the bidder, after taking the kitty)."""
        card = card if isinstance(card, Card) else Card.parse(str(card))
        g = self.guide
        if card not in g.state.hands[g.seat]:
            raise ValueError(f"{card} is not in your hand")
        if card in self.discard_pick:
            self.discard_pick.remove(card)
        else:
            if len(self.discard_pick) >= self._discards_needed():
                self._mark_discards()
                need = self._discards_needed()
                self._refuse(nmsg("You discard {n} card: unselect one first.",
                                  "You discard {n} cards: unselect one first.", need))
                return
            self.discard_pick.append(card)
        self._mark_discards()

    def took_hint(self, advice) -> None:
        """The coach named the discards: they are selected, to confirm or change."""
        if advice.picks and self.guide.state.phase == "discard":
            self.discard_pick = [a.card for a in advice.picks]
            self._mark_discards()

    def confirm_discards(self) -> None:
        need = self._discards_needed()
        if len(self.discard_pick) != need:
            self._mark_discards()
            self._refuse(nmsg("Choose {n} card to discard ({chosen} chosen).",
                              "Choose {n} cards to discard ({chosen} chosen).", need,
                              chosen=len(self.discard_pick)))
            return
        picks, self.discard_pick = list(self.discard_pick), []
        g = self.guide

        def discard():
            for card in picks:
                g.state.play(Discard(g.seat, card))
            return g.advance_bots()
        self.act(discard)  # the line of cards chosen goes with them

    def end_exchange(self) -> None:
        """Keep your cards: the one action of an exchange the widget offers."""
        self.act(lambda: self.guide.play(self.guide.learner_actions()[0]))

    def name_trump(self, suit: str) -> None:
        self.act(lambda: self.guide.play(NameTrump(self.guide.seat, suit)))

    # -- internals -------------------------------------------------------------------------
    def _discards_needed(self) -> int:
        g = self.guide
        return max(0, len(g.state.hands[g.seat]) - HAND_SIZE)

    def draw_more(self) -> None:
        self.status.value = self._status_html()
        self.score_html.value = self._score_html()

    def intro_html(self) -> str:
        g = self.guide
        n = g.state.n
        seat = msg("{intro} You sit at the bottom of the table.", intro=g.table.intro())
        if g.script is not None:
            goal = message_html(render(msg("Goal: {goal}", goal=g.goal)), "info")
            return _part("intro", title=said(g.script.title), goal=Markup(goal), seat=seat,
                         more=None)
        if self.whole:
            title = nmsg("{title} against the tutor, {n} player",
                         "{title} against the tutor, {n} players", n, title=self.whole_title())
            deal = msg("The deal passes to the left after every hand (55-NEXT-DEALER), so your "
                       "seat number goes down by one; you stay in your place. Seed {seed} (type "
                       "it in the seed box and press Replay seed to play this game again).",
                       seed=self.match.seed)
            return _part("intro", title=title, goal=None, seat=seat, more=deal)
        title = nmsg("Free practice: a hand of 55 with {n} player",
                     "Free practice: a hand of 55 with {n} players", n)
        return _part("intro", title=title, goal=None, seat=seat, more=self.seed_words())

    def _status_html(self) -> str:
        v = self.guide.verdict()
        if v.met is True:
            return message_html(render(msg("{verdict} Well played!", verdict=v.text)), "ok")
        if v.met is False:
            return message_html(render(msg("{verdict} Press Start the lesson again to try "
                                           "another way.", verdict=v.text)), "bad")
        return ""

    def choice_boxes(self) -> tuple[widgets.Widget, ...]:
        return (self.choices,)

    def draw_choices(self) -> None:
        g = self.guide
        st = g.state
        self.call_buttons, self.card_buttons = [], []
        buttons: list[widgets.Widget] = []
        prompt = None  # what the learner must do: a message, or HTML the tutor made
        if g.learner_to_act and st.phase == "auction":
            a = st.auction
            prompt = msg("Your call (the standing bid is {bid}, by {who}):", bid=a.high,
                         who=g.table.who(a.high_seat)) \
                if a.high and a.high_seat is not None else msg("Your call:")
            calls = [a.call for a in g.learner_actions()]
            row = ButtonRow(group_name=render(msg("Your call")))  # one widget for the calls
            shown = row.show([{"label": _call_label(c),
                               "tip": render(msg("Call {call}", call=c)),
                               "classes": ("tt-choice",)} for c in calls])
            for b, c in zip(shown, calls):
                b.on_click(safe(lambda _b, c=c: self.call(c), self.error))
                self.call_buttons.append((b, c))
            buttons.append(row)
        elif g.learner_to_act and st.phase == "discard":
            need = self._discards_needed()
            prompt = nmsg(
                "You took the kitty: choose {n} card to discard face down, then press Discard.",
                "You took the kitty: choose {n} cards to discard face down, then press Discard.",
                need)
            cards = sorted(st.hands[g.seat], key=lambda c: c.index)
            row = ButtonRow(group_name=render(msg("Cards to discard")))  # one widget: the cards
            shown = row.show([{"label": card.spoken, "card": card, "pressed": False,
                               "classes": ("tt-cardbtn", card_class(card))} for card in cards])
            for b, card in zip(shown, cards):
                b.on_click(safe(lambda _b, c=card: self.toggle_discard(c), self.error))
                self.card_buttons.append((b, card))
            buttons.append(row)
            ok = action_button(render(msg("Discard")), render(msg("Discard the chosen cards")),
                               "primary")
            ok.on_click(safe(lambda _b: self.confirm_discards(), self.error))
            self.discard_button = ok
            buttons.append(ok)
        elif g.learner_to_act and st.phase == "trump":
            prompt = msg("Name the trump suit:")
            row = ButtonRow(group_name=render(msg("The trump suit")))  # one widget: the suits
            shown = row.show([{"label": f"{SUIT_SYMBOL[suit]} {render(SUIT_WORDS[suit])}",
                               "tip": render(msg("Trumps: {suit}", suit=SUIT_WORDS[suit])),
                               "classes": ("tt-choice",)}
                              for suit in SUITS])
            for b, suit in zip(shown, SUITS):
                b.on_click(safe(lambda _b, s=suit: self.name_trump(s), self.error))
                self.call_buttons.append((b, suit))
            buttons.append(row)
        elif g.learner_to_act and st.phase == "draw":
            prompt = msg("Exchange: you keep your cards.")
            b = action_button(render(msg("Draw")), render(msg("End your exchange")))
            b.on_click(safe(lambda _b: self.end_exchange(), self.error))
            buttons.append(b)
        elif g.learner_to_act and st.phase == "play":
            prompt = msg("Your turn: click a card to play it.")
        elif g.over:
            prompt = Markup(worded_html(HAND_OVER))  # its words hold tags
        self.prompt.value = prompt_html(prompt) if prompt is not None else ""
        set_children(self.choices, buttons)  # the last choices are closed
        self._mark_discards()

    def _refuse(self, why) -> None:
        """``why`` (a message) in a box under what the message line shows (the discards so
        far): HTML both, the line's kept as it is (a str added to Markup would be escaped)."""
        self.message.value = Markup(self.message.value) + Markup(message_html(why, "bad"))

    def _mark_discards(self) -> None:
        rows = {id(b.row): b.row for b, _ in self.card_buttons}.values()
        with ExitStack() as held:  # the row's changes: one message
            for row in rows:
                held.enter_context(row.hold_sync())
            for b, card in self.card_buttons:
                set_state_class(b, *(["tt-selected"] if card in self.discard_pick else []))
        if self.card_buttons:
            chosen = chips_html(self.discard_pick) if self.discard_pick else \
                Markup.escape(msg("none yet"))
            line = msg("To discard ({chosen} of {need}): {cards}", chosen=len(self.discard_pick),
                       need=self._discards_needed())
            self.message.value = muted_html(Markup(worded_html(line, cards=chosen)))

    def _score_html(self) -> str:
        b = self.guide.score_breakdown()
        if b is None:
            return ""
        heads = [(msg("Player"), None), (msg("Tricks"), None), (msg("Points for tricks"), None),
                 (msg("Best-trump bonus"), msg("the best-trump bonus, 55-SCORE-BONUS")),
                 (msg("Hand points"), None), (msg("This hand"), None), (msg("Score"), None)]
        no_bonus = msg("none")
        rows = [{"you": d["you"], "name": cap(d["name"]), "tricks": d["tricks"],
                 "taken": d["trick_points"],
                 "bonus": render(num(5, sign=True)) if d["bonus"] else no_bonus,
                 "points": d["points"], "delta": render(num(d["delta"], sign=True)),
                 "score": render(num(d["score"]))}
                for d in b["sides"]]
        bid = {"bidder": b["bidder_words"], "bid": b["bid"], "trump": b["trump"]}
        if b.get("bidder_is_you"):  # "{you} bid": the verb agrees with "you (seat 2)"
            you = dict(you=bid.pop("bidder"), **bid)
            heading = (msg("The score: {you} bid {bid} in {trump} and made it", **you)
                       if b["made"] else
                       msg("The score: {you} bid {bid} in {trump} and failed", **you))
        else:
            heading = (msg("The score: {bidder} bid {bid} in {trump} and made it", **bid)
                       if b["made"] else
                       msg("The score: {bidder} bid {bid} in {trump} and failed", **bid))
        out = b["outcome"]
        return _part("score", label=msg("The score of the hand"),
                     kind=("ok" if out["made"] else "bad") if out["ours"] else "info",
                     outcome=out["line"], heading=heading, lines=b["lines"][1:4], heads=heads,
                     rows=rows, rules=Markup(rule_html("55-SCORE-BID", open_text=False)
                                             + rule_html("55-SCORE-BONUS", open_text=False)))


def guided_hand(seed: int | None = None, script: str | None = None, players: int = 4,
                whole_game: bool = False, rules: dict | None = None) -> GuidedHand55Widget:
    """A guided hand of 55 against the bots: a dealt hand (``seed``; a random one if None)
    or a scripted lesson (``script``, a name of ``tutor.teach.g55.guided.SCRIPTED``);
    ``whole_game``: a whole game to the target, hand after hand (``rules``: house rules of
    ``tutor.games.g55.tables.SETTINGS``, checked here)."""
    if script is not None:
        find_script(script)  # an unknown name fails here, before any widget is made
        if whole_game:
            raise ValueError("a scripted hand is one hand, not a whole game")
    Game55(players, rules)  # an unknown house rule fails here, before any widget is made
    return GuidedHand55Widget(seed=seed, script=script, players=players,
                              whole_game=whole_game, rules=rules)


__all__ = ["guided_hand", "GuidedHand55Widget"]
