"""The ranking explorer: the teacher's demonstration of card order.

Choose the game and the trump suit, see every card's place (55: the trumps and the three plain
suits, best first; 56: J 9 A 10 K Q in every suit, with the card points), then pick two cards
and the card that was led and be told which wins and why (``Ranking.compare``)."""

from __future__ import annotations

from ..engine.cards import A_SUIT, SUIT_SYMBOL, SUIT_WORDS, Card, parse_suit
from ..engine.messages import capfirst, msg, nmsg, render
from ..engine.ranking import NO_POWER
from ..games.registry import DEFAULT_GAME, find_game, game_names
from ..teach.ranking import Column, ranking_view
from . import widgets
from .aria import Choices, Live
from .boundary import ErrorLine, safe
from .cards import card_chip, card_svg
from .html import Markup, marked, part
from .style import message_html, rule_html, style_widgets

TEMPLATE = "explorer.html.j2"


def trump_label(trump: str) -> str:
    if trump == "NT":
        return render(msg("No trumps"))
    return f"{SUIT_SYMBOL[trump]} {capfirst(render(SUIT_WORDS[trump]))}"


def _column(col: Column, four: bool) -> dict:
    """A column's parts (``explorer.html.j2``): its title and a row per card, best first."""
    points = col.points
    return {"title": col.title, "trump": col.trump,
            "rows": [{"chip": Markup(card_chip(c, four)), "spoken": c.spoken,
                      "points": nmsg("{n} pt", "{n} pts", points[c.rank]) if points else None}
                     for c in col.cards]}


def orders_html(game: str, trump: str, four_colour: bool = False) -> str:
    """Every card's place: columns, best first."""
    view = ranking_view(game, trump)
    return part(TEMPLATE, "orders", columns=[_column(col, four_colour) for col in view.columns],
                note=view.note, rules=view.rules)


def compare_html(game: str, trump: str, a: Card, b: Card, led: Card,
                 four_colour: bool = False) -> str:
    """Which of ``a`` and ``b`` wins in a trick led with ``led``, and why."""
    view = ranking_view(game, trump)
    rk = view.ranking
    if a is b and view.copies == 1:
        return message_html(msg("{game} uses a single pack: pick two different cards.",
                                game=view.game), "info")
    led_suit = rk.effective_suit(led)
    pa, pb = rk.power(a, led_suit), rk.power(b, led_suit)
    led_words = (msg("{suit} (trumps)", suit=SUIT_WORDS[led_suit]) if rk.is_trump[led.index]
                 else SUIT_WORDS[led_suit])
    lead = marked(msg("Led: {card}, so the led suit is {suit}.",
                      card=Markup(card_chip(led, four_colour)), suit=led_words))
    if pa == NO_POWER and pb == NO_POWER:
        verdict = msg("Neither {a} nor {b} can win this trick: neither is a trump nor {a_suit}, "
                      "so a card of the led suit or a trump takes it.", a=a.unicode,
                      b=b.unicode, a_suit=A_SUIT[led_suit])
        return part(TEMPLATE, "compare", lead=lead,
                    cards=[{"face": Markup(card_svg(c, "normal", four_colour, "dim")),
                            "said": None} for c in (a, b)],
                    verdict=verdict, reason=None,
                    rule=Markup(rule_html(rk.rules["win"], open_text=False)))
    comp = rk.compare(a, b, led, a_first=True)
    cards = []
    for c, first in ((a, True), (b, False)):
        won = c is comp.winner if a is not b else first
        cards.append({"face": Markup(card_svg(c, "normal", four_colour,
                                              "selected" if won else "dim")),
                      "said": msg("wins") if won else msg("loses")})
    winner = msg("{card} (played first)", card=comp.winner.unicode) \
        if comp.reason == "first_played" else comp.winner.unicode
    return part(TEMPLATE, "compare", lead=lead, cards=cards,
                verdict=msg("{card} wins.", card=winner),
                reason=msg("{reason}.", reason=comp.text),
                rule=Markup(rule_html(comp.rule, open_text=False)))


class RankingExplorer(widgets.VBox):
    def __init__(self, game: str = DEFAULT_GAME, trump: str = "S"):
        game = find_game(game).name
        trump = "NT" if str(trump).upper() == "NT" else parse_suit(trump)
        self.game_pick = Choices(
            options=[(name, name) for name in game_names()], value=game,
            description=render(msg("Game:")),
            layout=widgets.look(display="flex", flex_flow="row wrap"))
        self.trump_pick = Choices(
            description=render(msg("Trumps:")),
            layout=widgets.look(display="flex", flex_flow="row wrap"))
        self.four = widgets.Checkbox(value=False, description=render(msg("Four-colour deck")),
                                     indent=False, layout=widgets.look(width="auto"))
        self.orders = widgets.HTML(layout=widgets.look(max_width="100%"))
        self.card_a = widgets.Dropdown(description=render(msg("First card:")),
                                       style={"description_width": "auto"},
                                       layout=widgets.look(width="auto", max_width="100%"))
        self.card_b = widgets.Dropdown(description=render(msg("Second card:")),
                                       style={"description_width": "auto"},
                                       layout=widgets.look(width="auto", max_width="100%"))
        self.led = widgets.Dropdown(description=render(msg("Led:")),
                                    style={"description_width": "auto"},
                                    layout=widgets.look(width="auto", max_width="100%"))
        self.result = widgets.HTML(layout=widgets.look(max_width="100%"))
        self.error = ErrorLine()
        picks = widgets.HBox([self.card_a, self.card_b, self.led],
                             layout=widgets.look(flex_flow="row wrap", max_width="100%"))
        picks.add_class("tt-row")
        super().__init__([
            *style_widgets(), self.game_pick, self.trump_pick, self.four,
            widgets.HTML(part(TEMPLATE, "intro", title=msg("Which card wins?"), text=msg(
                "Pick two cards and the card that was led to the trick."))),
            picks, self.result, Live().watch(self.result), self.orders],
            layout=widgets.look(width="100%"))
        self.error.place(self, after=self.result)
        self.add_class("tt-app")
        self.add_class("tt-explorer")
        self._busy = False
        safe(self._set_game, self.error)(game, trump)
        self.game_pick.observe(safe(lambda ch: self._set_game(ch["new"], None), self.error),
                               names="value")
        for w in (self.trump_pick, self.four):
            w.observe(safe(lambda ch: self._draw(), self.error), names="value")
        for w in (self.card_a, self.card_b, self.led):
            w.observe(safe(lambda ch: self._judge(), self.error), names="value")

    @property
    def game(self) -> str:
        return self.game_pick.value

    def _set_game(self, game: str, trump: str | None) -> None:
        self._busy = True
        try:
            keep = trump or self.trump_pick.value
            view = ranking_view(game, "S")
            if keep not in view.trumps:
                keep = view.trumps[0]
            self.trump_pick.options = [(trump_label(t), t) for t in view.trumps]
            self.trump_pick.value = keep
            deck = view.deck
            options = [(f"{c.unicode}  {c.spoken}", c.text) for c in deck]
            a, b = view.sample
            self.card_a.options, self.card_a.value = options, a
            self.card_b.options, self.card_b.value = options, b
            self.led.options = ([(render(msg("the first card")), "first"),
                                 (render(msg("the second card")), "second")]
                                + [(f"{c.unicode}  {c.spoken}", c.text) for c in deck])
            self.led.value = "first"
        finally:
            self._busy = False
        self._draw()

    def _draw(self) -> None:
        if self._busy:
            return
        self.orders.value = orders_html(self.game, self.trump_pick.value, self.four.value)
        self._judge()

    def _judge(self) -> None:
        if self._busy:
            return
        a, b = Card.parse(self.card_a.value), Card.parse(self.card_b.value)
        led = {"first": a, "second": b}.get(self.led.value)
        if led is None:
            led = Card.parse(self.led.value)
        self.result.value = compare_html(self.game, self.trump_pick.value, a, b, led,
                                         self.four.value)


def ranking_explorer(game: str = DEFAULT_GAME, trump: str = "S") -> RankingExplorer:
    """The ranking explorer, starting with ``game`` and ``trump`` (56 also takes ``NT``)."""
    return RankingExplorer(game, trump)
