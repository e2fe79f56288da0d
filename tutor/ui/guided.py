"""A guided hand of 55 as a widget: the learner plays one whole hand against the engine's bots.

``guided_hand(seed=None, script=None, players=4)`` shows the goal (for a scripted lesson), the
table from the learner's seat, the learner's calls as buttons in the auction, the discard and
trump choices when the learner is the bidder, the learner's hand as card buttons (with "Show
legal cards"), the narration, who won each trick and why, and the final score.  "Deal me a new
hand" deals a fresh one and shows its seed; "Replay seed" plays a seed again.  A thin layer
over :class:`tutor.teach.g55.guided.GuidedHand55`; every callback goes through :func:`safe`.
"""

from __future__ import annotations

import random

import ipywidgets as widgets

from ..engine.cards import SUIT_NAME, SUIT_SYMBOL, SUITS, Card
from ..engine.errors import IllegalAction
from ..engine.state import Call
from ..games.g55.game import Discard, NameTrump
from ..teach.g55.guided import GuidedHand55, find_script
from ..teach.guided import cap, does
from .boundary import safe
from .cards import card_chip
from .hand import HandWidget, card_button, illegal_html, set_state_class
from .lifecycle import set_children
from .style import action_button, esc, message_html, narration_html, rule_html, style_widget
from .table import TableWidget

CALL_WORDS = {"pass": "Pass", "hold": "Hold"}
YOU_ROW = ' class="tt-you"'


class GuidedHandWidget(widgets.VBox):
    """One guided hand of 55 (see the module's docstring)."""

    def __init__(self, seed: int | None = None, script: str | None = None, players: int = 4):
        self.players = players
        self.script_name = script
        self.guide: GuidedHand55 | None = None
        self.error = widgets.HTML()
        self.intro = widgets.HTML(layout=widgets.Layout(width="100%"))
        self.status = widgets.HTML(layout=widgets.Layout(width="100%"))
        # controls: a new hand, replay a seed, start again
        self.new_button = action_button("Deal me a new hand", "Deal a fresh hand of 55 "
                                         "(its seed is shown so you can replay it)", "primary")
        self.seed_input = widgets.IntText(value=seed or 1, description="Seed",
                                          layout=widgets.Layout(width="11em"),
                                          style={"description_width": "3em"})
        self.replay_button = action_button("Replay seed", "Deal the hand of this seed again")
        self.restart_button = action_button("Start the lesson again",
                                             "Go back to the start of this scripted hand")
        self.new_button.on_click(safe(lambda _b: self.new_hand(), self.error))
        self.replay_button.on_click(safe(lambda _b: self.replay(), self.error))
        self.restart_button.on_click(safe(lambda _b: self.restart(), self.error))
        controls = widgets.HBox([self.new_button, self.seed_input, self.replay_button]
                                + ([self.restart_button] if script else []),
                                layout=widgets.Layout(flex_flow="row wrap", width="100%"))
        controls.add_class("tt-row")
        # the table, the learner's choices and hand
        self.table: TableWidget | None = None
        self.table_box = widgets.VBox(layout=widgets.Layout(width="100%"))
        self.prompt = widgets.HTML(layout=widgets.Layout(width="100%"))
        self.choices = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap", width="100%"))
        self.choices.add_class("tt-row")
        self.choices.add_class("tt-cardrow")
        self.choice_message = widgets.HTML(layout=widgets.Layout(width="100%"))
        self.hand: HandWidget | None = None
        self.hand_box = widgets.VBox(layout=widgets.Layout(width="100%"))
        # what happened
        self.tricks_html = widgets.HTML(layout=widgets.Layout(width="100%"))
        self.score_html = widgets.HTML(layout=widgets.Layout(width="100%"))
        self.narration_html = widgets.HTML(layout=widgets.Layout(width="100%"))
        self.discard_pick: list[Card] = []
        self.call_buttons: list[tuple[widgets.Button, object]] = []
        self.card_buttons: list[tuple[widgets.Button, Card]] = []
        super().__init__([style_widget(), self.intro, controls, self.error, self.status,
                          self.table_box, self.prompt, self.choices,
                          self.choice_message, self.hand_box, self.score_html, self.tricks_html,
                          self.narration_html], layout=widgets.Layout(width="100%"))
        self.add_class("tt-app")
        self.add_class("tt-guided")
        safe(self._start, self.error)(seed, script)

    # -- public (also for tests) -----------------------------------------------------------
    def new_hand(self) -> None:
        """Deal a fresh hand with a new seed (shown in the seed box)."""
        seed = random.randrange(1, 100_000)
        self.seed_input.value = seed
        self._start(seed, None)

    def replay(self) -> None:
        """Deal the hand of the seed in the seed box again."""
        self._start(int(self.seed_input.value), None)

    def restart(self) -> None:
        """Back to the start of the scripted hand (or the same seed)."""
        if self.script_name:
            self._start(None, self.script_name)
        else:
            self.replay()

    def call(self, call: str) -> None:
        self._act(Call(self.guide.seat, str(call)))

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
                self.choice_message.value += message_html(
                    f"You discard {self._discards_needed()} cards: unselect one first.", "bad")
                return
            self.discard_pick.append(card)
        self._mark_discards()

    def confirm_discards(self) -> None:
        need = self._discards_needed()
        if len(self.discard_pick) != need:
            self._mark_discards()
            self.choice_message.value += message_html(
                f"Choose {need} card{'s' if need != 1 else ''} to discard "
                f"({len(self.discard_pick)} chosen).", "bad")
            return
        picks, self.discard_pick = list(self.discard_pick), []
        g = self.guide
        for card in picks:
            g.state.play(Discard(g.seat, card))
        g.advance_bots()
        self._draw()

    def name_trump(self, suit: str) -> None:
        self._act(NameTrump(self.guide.seat, suit))

    # -- internals -------------------------------------------------------------------------
    def _start(self, seed, script) -> None:
        self.discard_pick = []
        self.guide = GuidedHand55(seed=seed, script=script, players=self.players)
        if self.guide.seed is not None:
            self.seed_input.value = self.guide.seed
        st = self.guide.state
        if self.table is None:
            self.table = TableWidget(st, viewer=self.guide.seat)
            self.table_box.children = [self.table]
        else:
            self.table.show_state(st, self.guide.seat)
        if self.hand is None:  # one hand widget for every deal: it redraws in place
            self.hand = HandWidget(st, self.guide.seat,
                                   on_play=safe(self._after_play, self.error))
            self.hand.on_attempt = self._attempt
            self.hand_box.children = [self.hand]
        self._draw()

    def _act(self, action) -> None:
        try:
            self.guide.play(action)
        except IllegalAction as bad:
            self.choice_message.value = illegal_html(bad)
            return
        self.choice_message.value = ""
        self._draw()

    def _attempt(self, card, bad) -> None:
        if bad is None:
            self.choice_message.value = ""

    def _after_play(self, action) -> None:
        self.guide.advance_bots()
        self._draw()

    def _discards_needed(self) -> int:
        g = self.guide
        return max(0, len(g.state.hands[g.seat]) - 5)

    def _draw(self) -> None:
        g = self.guide
        st = g.state
        self.intro.value = self._intro_html()
        self.table.show_state(st, g.seat)
        self.hand.show_state(st, g.seat)
        self.hand.message.value = ""
        self._draw_choices()
        self.hand_box.layout.display = "" if st.phase == "play" and not g.over else "none"
        self.status.value = self._status_html()
        self.tricks_html.value = self._tricks_html()
        self.score_html.value = self._score_html()
        self.narration_html.value = narration_html(g.narration())

    def _intro_html(self) -> str:
        g = self.guide
        table = (f'<div class="tt-muted">{esc(g.table.intro())} You sit at the bottom of the '
                 "table.</div>")
        if g.script is not None:
            return (f'<div class="tt-title">{esc(g.script.title)}</div>'
                    + message_html(f"Goal: {g.goal}", "info") + table)
        return (f'<div class="tt-title">Free practice: a hand of 55 with {g.state.n} '
                f"players</div>{table}<div class=\"tt-muted\">"
                f"Seed {g.seed} (type it in the seed box and press Replay seed to play this "
                "hand again).</div>")

    def _status_html(self) -> str:
        v = self.guide.verdict()
        if v.met is True:
            return message_html(f"{v.text} Well played!", "ok")
        if v.met is False:
            return message_html(f"{v.text} Press Start the lesson again to try another way.",
                                "bad")
        return ""

    def _draw_choices(self) -> None:
        g = self.guide
        st = g.state
        self.call_buttons, self.card_buttons = [], []
        buttons: list[widgets.Widget] = []
        prompt = ""
        if g.learner_to_act and st.phase == "auction":
            a = st.auction
            prompt = ("Your call" + (f" (the standing bid is {a.high}, by "
                                     f"{esc(g.table.who(a.high_seat))})"
                                     if a.high and a.high_seat is not None else "") + ":")
            for a in g.learner_actions():
                b = widgets.Button(description=CALL_WORDS.get(a.call, f"Bid {a.call}"),
                                   tooltip=f"Call {a.call}",
                                   layout=widgets.Layout(width="auto"))
                b.add_class("tt-choice")
                b.on_click(safe(lambda _b, c=a.call: self.call(c), self.error))
                self.call_buttons.append((b, a.call))
                buttons.append(b)
        elif g.learner_to_act and st.phase == "discard":
            need = self._discards_needed()
            prompt = (f"You took the kitty: choose {need} card{'s' if need != 1 else ''} to "
                      "discard face down, then press Discard.")
            cards = sorted(st.hands[g.seat], key=lambda c: c.index)
            for card in cards:
                b = card_button(card)
                b.on_click(safe(lambda _b, c=card: self.toggle_discard(c), self.error))
                self.card_buttons.append((b, card))
                buttons.append(b)
            ok = action_button("Discard", "Discard the chosen cards", "primary")
            ok.on_click(safe(lambda _b: self.confirm_discards(), self.error))
            self.discard_button = ok
            buttons.append(ok)
        elif g.learner_to_act and st.phase == "trump":
            prompt = "Name the trump suit:"
            for suit in SUITS:
                b = widgets.Button(description=f"{SUIT_SYMBOL[suit]} {SUIT_NAME[suit]}",
                                   tooltip=f"Trumps: {SUIT_NAME[suit]}",
                                   layout=widgets.Layout(width="auto"))
                b.add_class("tt-choice")
                b.on_click(safe(lambda _b, s=suit: self.name_trump(s), self.error))
                self.call_buttons.append((b, suit))
                buttons.append(b)
        elif g.learner_to_act and st.phase == "draw":
            prompt = "Exchange: you keep your cards."
            b = action_button("Draw", "End your exchange")
            b.on_click(safe(lambda _b: self._act(g.learner_actions()[0]), self.error))
            buttons.append(b)
        elif g.learner_to_act and st.phase == "play":
            prompt = "Your turn: click a card to play it."
        elif g.over:
            prompt = ("The hand is over. Press <b>Deal me a new hand</b> for another, or "
                      "<b>Replay seed</b> to play this one again.")
        self.prompt.value = f'<div class="tt-prompt">{prompt}</div>' if prompt else ""
        set_children(self.choices, buttons)  # the last choices are closed
        self._mark_discards()

    def _mark_discards(self) -> None:
        for b, card in self.card_buttons:
            set_state_class(b, *(["tt-selected"] if card in self.discard_pick else []))
        if self.card_buttons:
            chosen = " ".join(card_chip(c) for c in self.discard_pick) or "none yet"
            self.choice_message.value = (f'<div class="tt-muted">To discard '
                                         f"({len(self.discard_pick)} of "
                                         f"{self._discards_needed()}): {chosen}</div>")

    def _tricks_html(self) -> str:
        rows = []
        g = self.guide
        for t in g.trick_explanations():
            cards = " ".join(card_chip(c) for c in t["cards"])
            rows.append(f'<li class="tt-trick-why"><b>Trick {t["number"]}</b> '
                        f'({esc(g.table.who(t["leader"]))} led): {cards} → '
                        f'<b>{esc(cap(does(g.table, t["winner"], "win")))}</b> with '
                        f'{card_chip(t["card"])}, {esc(t["text"])}. '
                        f'<span class="tt-rule-id">{esc(t["rule"])}</span></li>')
        if not rows:
            return ""
        return ('<div class="tt-label">Who won each trick, and why</div>'
                f'<ol class="tt-trick-list" style="padding-left:1.4em;margin:2px 0">'
                f'{"".join(rows)}</ol>')

    def _score_html(self) -> str:
        b = self.guide.score_breakdown()
        if b is None:
            return ""
        head = ('<tr><th>Player</th><th>Tricks</th><th>Points</th><th title="the best-trump '
                'bonus, in the points">Bonus</th><th>This hand</th><th>Score</th></tr>')
        rows = "".join(
            f'<tr{YOU_ROW if d["you"] else ""}>'
            f'<td>{esc(cap(d["name"]))}</td>'
            f'<td>{d["tricks"]}</td><td>{d["points"]}</td><td>{"5" if d["bonus"] else ""}</td>'
            f'<td>{d["delta"]:+d}</td><td>{d["score"]}</td></tr>' for d in b["sides"])
        verdict = "made it" if b["made"] else "failed"
        lines = "".join(f"<li>{esc(x)}</li>" for x in b["lines"][:3])
        return (f'<div class="tt-score" role="region" aria-label="The score of the hand">'
                f'<div class="tt-title">The score: {esc(b["bidder_words"])} bid {b["bid"]} in '
                f'{esc(b["trump"])} and {verdict}</div><ul>{lines}</ul>'
                '<div style="overflow-x:auto"><table class="tt-score-table">'
                f"{head}{rows}</table></div>"
                f"{rule_html('55-SCORE-BID', open_text=False)}"
                f"{rule_html('55-SCORE-BONUS', open_text=False)}</div>")


def guided_hand(seed: int | None = None, script: str | None = None, players: int = 4
                ) -> GuidedHandWidget:
    """A guided hand of 55 against the bots: a dealt hand (``seed``; a random one if None)
    or a scripted lesson (``script``, a name of ``tutor.teach.g55.guided.SCRIPTED``)."""
    if script is not None:
        find_script(script)  # an unknown name fails here, before any widget is made
    return GuidedHandWidget(seed=seed, script=script, players=players)


__all__ = ["guided_hand", "GuidedHandWidget"]
