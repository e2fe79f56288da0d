"""A guided hand of 56 as a widget: the learner plays one whole hand with bot partners against
bot opponents, for 4, 6 or 8 players (seats numbered from the dealer, seat n-1, as the lessons
teach; the learner's seat comes from the seed).

``guided_hand_56(players=6, seed=None)`` shows the table from the learner's seat, the auction
(Pass, Double and Redouble when legal, and a bid builder: a level and a button per style and
suit, each saying what it would tell partner), every call with its conventional meaning, the
learner's hand with the legal cards marked (an illegal card is explained with its rule ID), who
won each trick, why and for how many card points, the narration and the settlement.  A
player-count selector, "Deal me a new hand" (a fresh seed, shown) and "Replay seed".  A thin
layer over :class:`tutor.teach.g56.guided.GuidedHand56`; every callback goes through
:func:`safe`.  Its own HTML (the intro, the bid builder's words, the auction, the settlement) is
drawn from the template ``guided56.html.j2``, the rest from ``guided.html.j2``
(:mod:`tutor.ui.guided`).

Stable hooks for browser tests (all inside the widget's root, class ``tt-g56``):

========================================  =================================================
``.tt-g56-players`` (toggle buttons)      "4 players", "6 players", "8 players"
``.tt-g56-new``                           button "Deal me a new hand"
``.tt-g56-seed-input input``              the seed box; ``.tt-g56-replay`` "Replay seed"
``.tt-g56-seed``                          the seed of the hand on show (text)
``.tt-g56-prompt``                        what the learner must do now
``.tt-g56-call``                          "Pass", "Double", "Redouble" (and
                                          ``.tt-g56-call-pass`` etc.)
``.tt-g56-level select``                  the bid level; ``.tt-g56-bid`` a bid button
                                          ("28♠", "♠28", "28 NT", "28 Noes", "+1♠", ...)
``.tt-g56-cot``                           "Play on", "Surrender", "Accept", "Refuse"
                                          (only with the cot house rule)
``.tt-g56-hand .tt-cardbtn.tt-legal``     a card the learner may play now (legal cards are
                                          marked from the start; the hand is hidden when it
                                          is not the learner's turn to play)
``.tt-g56-message``                       why a call was refused (``.tt-rule-id``); a refused
                                          card is explained in the hand's own message
``.tt-g56-meaning``                       one call of the auction with its meaning
``.tt-g56-trick``                         one finished trick, who won it and why
``.tt-g56-settlement``                    the settlement; ``.tt-g56-settle-table`` its table
``.tt-g56-narration``                     "What happened" (a ``<details>``)
========================================  =================================================
"""

from __future__ import annotations

from ...engine.cards import Card
from ...engine.messages import N_, Msg, many, msg, nmsg, num, render
from ...games.g56.game import Game56
from ...teach.g56.guided import COT_WORDS, GuidedHand56
from ...teach.seats import seats_words
from .. import widgets
from ..aria import ButtonRow, Choices, Pressable
from ..boundary import safe
from ..cards import said, worded_html
from ..guided import HAND_OVER, GuidedHandView, full_width, muted_html, prompt_html
from ..html import Markup, part
from ..lifecycle import set_children
from ..style import button, message_html, rule_html, style_widgets

PLAYER_CHOICES = (4, 6, 8)
CALL_LABELS = {"pass": N_("Pass"), "double": N_("Double"), "redouble": N_("Redouble")}
CALL_TIPS = {"pass": N_("Pass: nothing to say now (you may still bid later)"),
             "double": N_("Double: you expect the opponents' bid to fail"),
             "redouble": N_("Redouble: your team is sure to make the doubled bid")}
PASS_FINAL_TIP = N_("Pass: at this table a pass is final (you may not bid again in this "
                    "auction)")
STYLE_GROUPS = ((N_("Number Suit: the top cards, with others"), ("number_suit",)),
                (N_("Suit Number: strength without the top card"), ("suit_number",)),
                (N_("No-trumps and Noes"), ("number_nt", "number_noes")),
                (N_("Plus: exactly these top cards"), ("plus_suit", "plus_noes", "plus_nt")))
RED_SUITS = ("H", "D")
RELATION_WORDS = {"you": N_("you"), "partner": N_("partner"), "opponent": N_("opponent")}
TEMPLATE = "guided56.html.j2"  # a guided hand of 56's own HTML (tutor/ui/templates)


def _part(macro: str, **context) -> Markup:
    """The macro ``macro`` of the template of 56's guided hand drawn with ``context``."""
    return part(TEMPLATE, macro, **context)


def _row(*classes: str) -> widgets.HBox:
    box = widgets.HBox(layout=widgets.look(flex_flow="row wrap", width="100%"),
                       _dom_classes=("tt-row",))
    for c in classes:
        box.add_class(c)
    return box


def _rel(relation: str) -> Markup:
    """Who made a call or won a trick, from the learner's seat: "you", "partner"."""
    return _part("rel", relation=relation, words=msg(RELATION_WORDS[relation]))


MATCH_TABLES = 5  # a match's tables each, unless set: the rules' 12 make a long match


class GuidedHand56Widget(GuidedHandView):
    """One guided hand of 56 (see the module's docstring)."""

    NEW_HAND_TIP = N_("Deal a fresh hand of 56 (its seed is shown so you can replay it)")
    SHOW_LEGAL = True
    HAND_CLASS = "tt-g56-hand"
    TRICK_ITEM_CLASS = "tt-g56-trick"
    TRICK_LIST_CLASS = "tt-g56-list tt-g56-tricks"

    WHOLE = "match"

    def __init__(self, players: int = 6, seed: int | None = None, rules: dict | None = None,
                 match: bool = False):
        self.rules = dict(rules) if rules else None
        if match:  # a match the length of a lesson unless the house rules say otherwise
            self.rules = {"start_tables": MATCH_TABLES, **(self.rules or {})}
        self.build(seed, whole=match)
        self.error.add_class("tt-g56-error")
        self.new_button.add_class("tt-g56-new")
        self.seed_input.add_class("tt-g56-seed-input")
        self.replay_button.add_class("tt-g56-replay")
        self.message.add_class("tt-g56-message")
        # the player count
        self.players_toggle = Choices(
            options=[(render(nmsg("{n} player", "{n} players", n)), n) for n in PLAYER_CHOICES],
            value=players if players in (4, 6, 8) else 6,
            tooltips=[render(nmsg("Deal a new hand for {n} player (2 teams of {size})",
                                  "Deal a new hand for {n} players (2 teams of {size})", n,
                                  size=n // 2)) for n in PLAYER_CHOICES],
            group_name=render(msg("Players")), layout=widgets.look(width="auto"))
        self.players_toggle.add_class("tt-g56-players")
        self.players_toggle.observe(safe(lambda ch: self.set_players(ch["new"]), self.error),
                                    names="value")
        extra: list[widgets.Widget] = []
        if match:
            start = self.rules["start_tables"]
            self.tables_choice = widgets.Dropdown(
                options=sorted({3, 5, 12, start}), value=start,
                description=render(msg("Tables each")),
                style={"description_width": "6em"}, layout=widgets.look(width="12em"))
            self.tables_choice.add_class("tt-g56-tables")
            self.tables_choice.observe(safe(lambda ch: self.set_tables(ch["new"]), self.error),
                                       names="value")
            extra.append(self.tables_choice)
        controls = self.controls(*extra)
        controls.add_class("tt-g56-controls")
        # the learner's choices
        self.calls_row = _row("tt-g56-calls")
        self.level_dropdown = widgets.Dropdown(description=render(msg("Bid")), options=[],
                                               style={"description_width": "2.2em"},
                                               layout=widgets.look(width="9.5em"))
        self.level_dropdown.add_class("tt-g56-level")
        self.level_dropdown.observe(safe(lambda ch: self._draw_bids(), self.error),
                                    names="value")
        self.bids_box = full_width(widgets.VBox)
        self.bid_meanings = full_width()
        self.builder = widgets.VBox([self.level_dropdown, self.bids_box, self.bid_meanings],
                                    layout=widgets.Layout(width="100%"))  # shown, hidden
        self.builder.add_class("tt-g56-builder")
        self.cot_row = _row("tt-g56-cots")
        # what happened
        self.auction_html = full_width()
        self.settlement_html = full_width()
        self.call_buttons: list[tuple[Pressable, str]] = []
        self.bid_buttons: list[tuple[Pressable, object]] = []
        self._bids_drawn: tuple | None = None  # what the bid buttons show (see _draw_bids)
        self.cot_buttons: list[tuple[Pressable, str]] = []
        super().__init__([*style_widgets(), self.live, self.intro, self.players_toggle, controls,
                          self.status, self.table_box, self.prompt,
                          self.calls_row, self.builder, self.cot_row, self.message,
                          self.hand_box, self.settlement_html, self.auction_html,
                          self.tricks_html, self.narration_html],
                         layout=widgets.look(width="100%"))
        self.error.place(self, after=controls)
        self.begin(seed, "tt-g56")

    def make_guide(self, seed) -> GuidedHand56:
        return GuidedHand56(players=self.players, seed=seed, rules=self.rules,
                            bot=self.tutor_bot())

    def whole_title(self) -> str:
        return render(nmsg("A match of 56, {n} player, {tables} tables each",
                           "A match of 56, {n} players, {tables} tables each",
                           self.guide.players, tables=self.rules["start_tables"]))

    def set_tables(self, tables: int) -> None:
        """A match: each team starts with ``tables`` (56-TABLES) — a new match."""
        self.rules["start_tables"] = int(tables)
        if self.tables_choice.value != tables:
            self.tables_choice.value = tables  # its observer starts the new match
            return
        self.new_hand()

    # -- public (also for tests) -----------------------------------------------------------
    @property
    def players(self) -> int:
        return int(self.players_toggle.value)

    def set_players(self, players: int) -> None:
        """Switch to 4, 6 or 8 players: a new hand with a fresh seed."""
        if self.players_toggle.value != players:
            self.players_toggle.value = players  # its observer deals the new hand
            return
        self.new_hand()

    def call(self, call: str) -> None:
        """The learner's call (pass, double, redouble or a bid such as 30S or +1NOES)."""
        self.act(lambda: self.guide.call(call))

    def bid(self, level: int, style: str, denomination: str = "NT") -> None:
        self.act(lambda: self.guide.bid(level, style, denomination))

    def answer_cot(self, answer: str) -> None:
        self.act(lambda: self.guide.answer_cot(answer))

    def play_card(self, card) -> None:
        """What a click on ``card`` in the hand does."""
        self.hand.click(card if isinstance(card, Card) else Card.parse(str(card)))

    # -- internals -------------------------------------------------------------------------
    def narration_classes(self) -> tuple[str, ...]:
        return ("tt-g56",)

    def draw_more(self) -> None:
        self.status.value = ""
        self.auction_html.value = self._auction_html()
        self.settlement_html.value = self._settlement_html()

    def intro_html(self) -> str:
        g = self.guide
        if self.whole:
            title = msg("{title}, against the tutor", title=self.whole_title())
            about = msg("{intro} You sit at the bottom of the table; in this hand your team is "
                        "{partnership} (team {team}). The deal passes to the right after every "
                        "hand (56-DEALER), so your seat number goes down by one and your team's "
                        "seats change from even to odd: you and your partners stay in your "
                        "places. Seed {seed} (type it in the seed box and press Replay seed to "
                        "play this match again).", intro=g.table.intro(),
                        partnership=msg(g.partnership), team=g.team)
            seed = self.match.seed
        else:
            title = nmsg("A guided hand of 56 with {n} player",
                         "A guided hand of 56 with {n} players", g.players)
            about = msg("{intro} You sit at the bottom of the table; your team is {partnership} "
                        "(team {team} in this hand). Seed {seed} (type it in the seed box and "
                        "press Replay seed to play this hand again).", intro=g.table.intro(),
                        partnership=msg(g.partnership), team=g.team)
            seed = g.seed
        return _part("intro", title=title,
                     about=Markup(worded_html(about, seed=_part("seed", seed=seed))))

    def trick_prefix(self, trick: dict) -> Markup:
        return _rel(trick["relation"])

    def trick_extra(self, trick: dict) -> Markup:
        return _part("trick_extra", twin=trick["twin"],
                     points=nmsg("{n} card point", "{n} card points", trick["points"]))

    def tricks_footer(self) -> Markup:
        g = self.guide
        pts = g.points_taken()
        return muted_html(msg("Card points so far: your team {ours}, the opponents {theirs} "
                              "(56-POINTS: J 3, 9 2, A 1, 10 1).", ours=pts[g.team],
                              theirs=pts[1 - g.team]))

    def choice_boxes(self) -> tuple[widgets.Widget, ...]:
        return (self.calls_row, self.bids_box, self.cot_row)

    def draw_choices(self) -> None:
        g = self.guide
        st = g.state
        self.call_buttons, self.cot_buttons = [], []
        calls: list[widgets.Widget] = []
        cots: list[widgets.Widget] = []
        auction = g.learner_to_act and st.phase == "auction"
        prompt = None  # what the learner must do: a message, text, or HTML the tutor made
        if auction:
            ways = [msg(CALL_LABELS[c]) for c in g.plain_calls()]
            if g.bid_levels():
                ways.append(msg("choose a level and a bid"))
            prompt = msg("{summary} Your call: {ways}.", summary=g.summary(),
                         ways=many(ways, "or"))
            final = g.game.settings.pass_is_final
            for c in g.plain_calls():
                tip = PASS_FINAL_TIP if c == "pass" and final else CALL_TIPS[c]
                b = button(render(msg(CALL_LABELS[c])), render(msg(tip)), "tt-g56-call",
                           f"tt-g56-call-{c}", "tt-choice")
                b.on_click(safe(lambda _b, c=c: self.call(c), self.error))
                self.call_buttons.append((b, c))
                calls.append(b)
            levels = g.bid_levels()
            options = [(str(v), v) for v in levels]
            if list(self.level_dropdown.options) != options:
                self.level_dropdown.options = options
            if levels and self.level_dropdown.value not in levels:
                self.level_dropdown.value = levels[0]
        elif g.learner_to_act and st.phase in ("cot_offer", "cot_answer"):
            prompt = g.summary()
            for c in g.cot_choices():
                b = button(said(COT_WORDS[c]), said(COT_WORDS[c]), "tt-g56-cot", "tt-choice")
                b.on_click(safe(lambda _b, c=c: self.answer_cot(c), self.error))
                self.cot_buttons.append((b, c))
                cots.append(b)
        elif g.learner_to_act and st.phase == "play":
            prompt = msg("Your turn: click a card to play it (the legal ones are marked).")
        elif g.over:
            prompt = Markup(worded_html(HAND_OVER))  # its words hold tags
        self.prompt.value = prompt_html(prompt, "tt-g56-prompt tt-prompt") \
            if prompt is not None else ""
        set_children(self.calls_row, calls)  # the last buttons are closed
        set_children(self.cot_row, cots)
        has_bids = auction and bool(g.bid_levels())
        self.builder.layout.display = "" if has_bids else "none"
        self._draw_bids()

    def _draw_bids(self) -> None:
        """The bid buttons of the level chosen.  Drawn only when the bids offered change: a
        call that leaves them as they were keeps its buttons, and a redraw that moves the
        level (whose observer draws too) draws them once, not once and again: a widget
        closed as soon as it was made is work for nothing (and the browser's anywidget
        reports one it had no time to start)."""
        g = self.guide
        if g is None or not (g.learner_to_act and g.state.phase == "auction") \
                or not g.bid_levels() or self.level_dropdown.value is None:
            self.bid_buttons, self._bids_drawn = [], None
            set_children(self.bids_box, [])
            self.bid_meanings.value = ""
            return
        level = self.level_dropdown.value
        choices = g.bid_choices(level)
        drawn = (level, tuple((ch.call, ch.label, ch.tells) for ch in choices))
        if drawn == self._bids_drawn:
            return
        self.bid_buttons, self._bids_drawn = [], drawn
        groups: list[widgets.Widget] = []
        for title, styles in STYLE_GROUPS:
            mine = [ch for ch in choices if ch.style in styles]
            if not mine:
                continue
            # one widget a row
            row = ButtonRow(group_name=render(msg(title)), classes=("tt-g56-bids",))
            shown = row.show([{"label": ch.label,
                               "tip": render(msg("{call}: {tells}.", call=ch.spoken,
                                                 tells=ch.tells)),
                               "classes": ("tt-g56-bid", f"tt-g56-style-{ch.style}",
                                           *(["tt-g56-red"] if ch.denomination in RED_SUITS
                                             else []))} for ch in mine])
            for b, ch in zip(shown, mine):
                b.on_click(safe(lambda _b, c=ch.call: self.call(c), self.error))
                self.bid_buttons.append((b, ch))
            groups += [widgets.HTML(_part("group", name=msg(title))), row]
        set_children(self.bids_box, groups)  # the last level's rows and buttons are closed
        self.bid_meanings.value = _part(
            "bid_meanings",
            title=nmsg("What each bid of {level} would tell your partner",
                       "What each bid of {level} would tell your partners", len(g.partners),
                       level=level),
            # each one's words hold tags: worded as the translator wrote them
            bids=[Markup(worded_html(msg("<b>{bid}</b> ({call}, {style}): {tells}.",
                                         bid=ch.label, call=ch.spoken, style=ch.style_name,
                                         tells=ch.tells))) for ch in choices],
            rule=Markup(rule_html("56-CONV", open_text=False)))

    def _auction_html(self) -> str:
        g = self.guide
        ms = g.auction_meanings()
        if not ms:
            return ""
        calls = [{"who": _rel(m["relation"]), "text": m["text"], "mine": m["relation"] == "you",
                  "tells": m["tells_partner"] if m["relation"] == "you" else None} for m in ms]
        contract = g.contract_text()
        return _part("auction", open=g.state.phase == "auction" and not g.over,
                     title=msg("The auction: what each call means ({n})", n=len(ms)),
                     calls=calls,
                     contract=Markup(message_html(contract, "info")) if contract else "")

    def _settlement_html(self) -> str:
        b = self.guide.settlement_breakdown()
        if b is None:
            return ""
        heads = [(msg("Team"), None), (msg("Role"), None),
                 (msg("Points"), msg("card points taken")),
                 (msg("Before"), msg("tables before the hand")),
                 (msg("Change"), msg("tables won or paid")), (msg("Tables"), msg("tables now"))]
        teams = [{"you": d["you"], "name": _team_name(d), "seats": _team_seats(d),
                  "role": d["role"], "points": d["points"], "before": d["tables_before"],
                  "change": render(num(d["change"], sign=True)),
                  "after": d["tables_after"]} for d in b["teams"]]
        out = self.guide.outcome()  # the outcome in words first, from the same settlement
        return _part("settlement", label=msg("The settlement"),
                     kind=("ok" if out["made"] else "bad") if out["ours"] else "info",
                     outcome=out["line"],
                     verdict=msg("The settlement: the contract was made") if b["made"] else
                     msg("The settlement: the contract failed"),
                     lines=b["lines"], heads=heads, teams=teams,
                     rules=Markup("".join(rule_html(r, open_text=False) for r in b["rules"])))


def _team_name(d: dict) -> Msg:
    """A team in the settlement's table: "Red (you)", "Black"."""
    if d["you"]:
        return msg("{partnership} (you)", partnership=msg(d["partnership"]))
    return msg(d["partnership"])


def _team_seats(d: dict) -> Msg:
    """"team 0: seats 1, 3 and 5"."""
    return msg("team {number}: {seats}", number=d["team"], seats=seats_words(d["seats"]))


def guided_hand_56(players: int = 6, seed: int | None = None, rules: dict | None = None,
                   match: bool = False) -> GuidedHand56Widget:
    """A guided hand of 56 for 4, 6 or 8 players: the learner (at a seat drawn from the seed)
    with bot partners and opponents (``seed``: the deal; a fresh one if None; ``rules``: house
    rules of ``tutor.games.g56.tables.SETTINGS``, checked here); ``match``: a whole match of
    tables, hand after hand (each team starts with ``MATCH_TABLES`` unless ``rules`` set
    ``start_tables``).  Returns the widget (not displayed)."""
    if isinstance(players, bool) or players not in (4, 6, 8):
        raise ValueError(f"a guided hand of 56 is for 4, 6 or 8 players, not {players!r}")
    Game56(players, rules)  # an unknown house rule fails here, before any widget is made
    return GuidedHand56Widget(players=players, seed=seed, rules=rules, match=match)


__all__ = ["guided_hand_56", "GuidedHand56Widget"]
