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
from .style import esc, rule_html, style_widgets


def trump_label(trump: str) -> str:
    if trump == "NT":
        return render(msg("No trumps"))
    return f"{SUIT_SYMBOL[trump]} {capfirst(render(SUIT_WORDS[trump]))}"


def _column(col: Column, four: bool) -> str:
    rows, points = [], col.points
    for i, c in enumerate(col.cards, 1):
        pts = (f' <span class="tt-pts">{render(nmsg("{n} pt", "{n} pts", points[c.rank]))}'
               "</span>") if points else ""
        rows.append(f'<li><span class="tt-pos">{i}</span>{card_chip(c, four)}'
                    f'<span class="tt-muted">{esc(c.spoken)}</span>{pts}</li>')
    cls = "tt-column tt-column-trump" if col.trump else "tt-column"
    title = col.title
    return (f'<div class="{cls}" role="group" aria-label="{esc(title)}"><h4>{esc(title)}</h4>'
            f'<ol>{"".join(rows)}</ol></div>')


def orders_html(game: str, trump: str, four_colour: bool = False) -> str:
    """Every card's place: columns, best first."""
    view = ranking_view(game, trump)
    cols = [_column(col, four_colour) for col in view.columns]
    note, rules = view.note, view.rules
    tags = " ".join(f'<span class="tt-rule-id">{r}</span>' for r in rules)
    return (f'<div class="tt-columns">{"".join(cols)}</div>'
            f'<p class="tt-muted">{esc(note)} {tags}</p>')


def compare_html(game: str, trump: str, a: Card, b: Card, led: Card,
                 four_colour: bool = False) -> str:
    """Which of ``a`` and ``b`` wins in a trick led with ``led``, and why."""
    view = ranking_view(game, trump)
    rk = view.ranking
    if a is b and view.copies == 1:
        said = msg("{game} uses a single pack: pick two different cards.", game=esc(view.game))
        return f'<div class="tt-msg tt-msg-info">{render(said)}</div>'
    led_suit = rk.effective_suit(led)
    pa, pb = rk.power(a, led_suit), rk.power(b, led_suit)
    led_words = (msg("{suit} (trumps)", suit=SUIT_WORDS[led_suit]) if rk.is_trump[led.index]
                 else SUIT_WORDS[led_suit])
    lead = render(msg("Led: {card}, so the led suit is {suit}.",
                      card=card_chip(led, four_colour), suit=esc(led_words)))
    lead = f"<p>{lead}</p>"
    pics = []
    if pa == NO_POWER and pb == NO_POWER:
        for c in (a, b):
            pics.append(card_svg(c, "normal", four_colour, "dim"))
        verdict = msg("Neither {a} nor {b} can win this trick: neither is a trump nor {a_suit}, "
                      "so a card of the led suit or a trump takes it.", a=a.unicode,
                      b=b.unicode, a_suit=A_SUIT[led_suit])
        return (lead + f'<div class="tt-cards">{"".join(pics)}</div>'
                f'<p class="tt-verdict">{esc(verdict)}</p>'
                + rule_html(rk.rules["win"], open_text=False))
    comp = rk.compare(a, b, led, a_first=True)
    for c, first in ((a, True), (b, False)):
        won = c is comp.winner if a is not b else first
        pics.append(f'<div class="tt-played" style="color:#1a1a1a">'
                    f'{card_svg(c, "normal", four_colour, "selected" if won else "dim")}'
                    f'<span>{render(msg("wins") if won else msg("loses"))}</span></div>')
    winner = msg("{card} (played first)", card=comp.winner.unicode) \
        if comp.reason == "first_played" else comp.winner.unicode
    return (lead + f'<div class="tt-cards">{"".join(pics)}</div>'
            f'<p class="tt-verdict"><b>{esc(msg("{card} wins.", card=winner))}</b> '
            f'{esc(msg("{reason}.", reason=comp.text))}</p>'
            + rule_html(comp.rule, open_text=False))


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
            *style_widgets(), self.game_pick, self.trump_pick, self.four, self.orders,
            widgets.HTML(f'<h3 class="tt-title">{render(msg("Which card wins?"))}</h3>'
                         '<p class="tt-muted">'
                         + render(msg("Pick two cards and the card that was led to the trick."))
                         + "</p>"),
            picks, self.result, Live().watch(self.result)],
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
