"""A guided hand of 55 as a widget: the learner plays one whole hand against the engine's bots.

``guided_hand(seed=None, script=None, players=4)`` shows the goal (for a scripted lesson), the
table from the learner's seat, the learner's calls as buttons in the auction, the discard and
trump choices when the learner is the bidder, the learner's hand as card buttons (with "Show
legal cards"), the narration, who won each trick and why, and the final score.  "Deal me a new
hand" deals a fresh one and shows its seed; "Replay seed" plays a seed again.  A thin layer
over :class:`tutor.teach.g55.guided.GuidedHand55`; every callback goes through :func:`safe`.
"""

from __future__ import annotations

from contextlib import ExitStack

from ...engine.cards import SUIT_NAME, SUIT_SYMBOL, SUITS, Card
from ...engine.state import Call
from ...games.g55.game import Discard, Game55, NameTrump
from ...games.g55.tables import HAND_SIZE
from ...teach.g55.guided import GuidedHand55, find_script
from ...teach.guided import cap
from .. import widgets
from ..aria import ButtonRow, RowButton
from ..boundary import safe
from ..cards import card_chip, card_class
from ..guided import GuidedHandView, full_width
from ..hand import set_state_class
from ..lifecycle import set_children
from ..style import action_button, esc, message_html, rule_html, style_widgets

CALL_WORDS = {"pass": "Pass", "hold": "Hold"}
YOU_ROW = ' class="tt-you"'


class GuidedHand55Widget(GuidedHandView):
    """One guided hand of 55 (see the module's docstring)."""

    GAME_WORDS = "hand of 55"

    def __init__(self, seed: int | None = None, script: str | None = None, players: int = 4,
                 whole_game: bool = False, rules: dict | None = None):
        self.players = players
        self.rules = dict(rules or {})
        self.script_name = script
        self.current_script = script  # a new hand or a replayed seed is free practice
        self.build(seed, whole=whole_game)
        self.restart_button = action_button("Start the lesson again",
                                             "Go back to the start of this scripted hand")
        self.restart_button.on_click(safe(lambda _b: self.restart(), self.error))
        extra: list[widgets.Widget] = [self.restart_button] if script else []
        if whole_game:
            target = self.rules.get("target_score", 55)
            self.target_choice = widgets.Dropdown(
                options=sorted({55, 110, 220, target}), value=target, description="Target",
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
        return f"A game of 55 to {self.guide.state.game.settings.target_score}"

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
                self.message.value += message_html(
                    f"You discard {self._discards_needed()} cards: unselect one first.", "bad")
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
            self.message.value += message_html(
                f"Choose {need} card{'s' if need != 1 else ''} to discard "
                f"({len(self.discard_pick)} chosen).", "bad")
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
        table = (f'<div class="tt-muted">{esc(g.table.intro())} You sit at the bottom of the '
                 "table.</div>")
        if g.script is not None:
            return (f'<h3 class="tt-title">{esc(g.script.title)}</h3>'
                    + message_html(f"Goal: {g.goal}", "info") + table)
        if self.whole:
            m = self.match
            return (f'<h3 class="tt-title">{esc(self.whole_title())} against the tutor, '
                    f'{g.state.n} players</h3>{table}<div class="tt-muted">The deal passes to '
                    "the left after every hand (55-NEXT-DEALER), so your seat number goes down "
                    f"by one; you stay in your place. Seed {m.seed} (type it in the seed box "
                    "and press Replay seed to play this game again).</div>")
        return (f'<h3 class="tt-title">Free practice: a hand of 55 with {g.state.n} '
                f'players</h3>{table}<div class="tt-muted">{self.seed_words()}</div>')

    def _status_html(self) -> str:
        v = self.guide.verdict()
        if v.met is True:
            return message_html(f"{v.text} Well played!", "ok")
        if v.met is False:
            return message_html(f"{v.text} Press Start the lesson again to try another way.",
                                "bad")
        return ""

    def choice_boxes(self) -> tuple[widgets.Widget, ...]:
        return (self.choices,)

    def draw_choices(self) -> None:
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
            calls = [a.call for a in g.learner_actions()]
            row = ButtonRow(group_name="Your call")  # one widget for the calls
            shown = row.show([{"label": CALL_WORDS.get(c, f"Bid {c}"), "tip": f"Call {c}",
                               "classes": ("tt-choice",)} for c in calls])
            for b, c in zip(shown, calls):
                b.on_click(safe(lambda _b, c=c: self.call(c), self.error))
                self.call_buttons.append((b, c))
            buttons.append(row)
        elif g.learner_to_act and st.phase == "discard":
            need = self._discards_needed()
            prompt = (f"You took the kitty: choose {need} card{'s' if need != 1 else ''} to "
                      "discard face down, then press Discard.")
            cards = sorted(st.hands[g.seat], key=lambda c: c.index)
            row = ButtonRow(group_name="Cards to discard")  # one widget for the cards
            shown = row.show([{"label": card.spoken, "card": card, "pressed": False,
                               "classes": ("tt-cardbtn", card_class(card))} for card in cards])
            for b, card in zip(shown, cards):
                b.on_click(safe(lambda _b, c=card: self.toggle_discard(c), self.error))
                self.card_buttons.append((b, card))
            buttons.append(row)
            ok = action_button("Discard", "Discard the chosen cards", "primary")
            ok.on_click(safe(lambda _b: self.confirm_discards(), self.error))
            self.discard_button = ok
            buttons.append(ok)
        elif g.learner_to_act and st.phase == "trump":
            prompt = "Name the trump suit:"
            row = ButtonRow(group_name="The trump suit")  # one widget for the suits
            shown = row.show([{"label": f"{SUIT_SYMBOL[suit]} {SUIT_NAME[suit]}",
                               "tip": f"Trumps: {SUIT_NAME[suit]}", "classes": ("tt-choice",)}
                              for suit in SUITS])
            for b, suit in zip(shown, SUITS):
                b.on_click(safe(lambda _b, s=suit: self.name_trump(s), self.error))
                self.call_buttons.append((b, suit))
            buttons.append(row)
        elif g.learner_to_act and st.phase == "draw":
            prompt = "Exchange: you keep your cards."
            b = action_button("Draw", "End your exchange")
            b.on_click(safe(lambda _b: self.end_exchange(), self.error))
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
        rows = {id(b.row): b.row for b, _ in self.card_buttons}.values()
        with ExitStack() as held:  # the row's changes: one message
            for row in rows:
                held.enter_context(row.hold_sync())
            for b, card in self.card_buttons:
                set_state_class(b, *(["tt-selected"] if card in self.discard_pick else []))
        if self.card_buttons:
            chosen = " ".join(card_chip(c) for c in self.discard_pick) or "none yet"
            self.message.value = (f'<div class="tt-muted">To discard '
                                         f"({len(self.discard_pick)} of "
                                         f"{self._discards_needed()}): {chosen}</div>")

    def _score_html(self) -> str:
        b = self.guide.score_breakdown()
        if b is None:
            return ""
        head = ("<tr><th>Player</th><th>Tricks</th><th>Points for tricks</th>"
                '<th title="the best-trump bonus, 55-SCORE-BONUS">Best-trump bonus</th>'
                "<th>Hand points</th><th>This hand</th><th>Score</th></tr>")
        rows = "".join(
            f'<tr{YOU_ROW if d["you"] else ""}>'
            f'<td>{esc(cap(d["name"]))}</td>'
            f'<td>{d["tricks"]}</td><td>{d["trick_points"]}</td>'
            f'<td>{"+5" if d["bonus"] else "none"}</td><td>{d["points"]}</td>'
            f'<td>{d["delta"]:+d}</td><td>{d["score"]}</td></tr>' for d in b["sides"])
        verdict = "made it" if b["made"] else "failed"
        out = b["outcome"]
        kind = ("ok" if out["made"] else "bad") if out["ours"] else "info"
        lines = "".join(f"<li>{esc(x)}</li>" for x in b["lines"][1:4])
        return (f'<div class="tt-score" role="region" aria-label="The score of the hand">'
                f'<p class="tt-outcome tt-msg tt-msg-{kind}">'
                f'<b>{esc(out["line"])}</b></p>'
                f'<h4 class="tt-title">The score: {esc(b["bidder_words"])} bid {b["bid"]} in '
                f'{esc(b["trump"])} and {verdict}</h4><ul>{lines}</ul>'
                '<div style="overflow-x:auto"><table class="tt-score-table">'
                f"{head}{rows}</table></div>"
                f"{rule_html('55-SCORE-BID', open_text=False)}"
                f"{rule_html('55-SCORE-BONUS', open_text=False)}</div>")


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
