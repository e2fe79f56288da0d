"""The trump ladder: pick a trump suit, see every trump of 55 in order, best first."""

from __future__ import annotations

from ...engine.cards import SUIT_SYMBOL, SUIT_WORDS, SUITS, Card, parse_suit
from ...engine.messages import N_, capfirst, many, msg, nmsg, render
from ...games.g55.play import plain_order, top_three, trump_order
from .. import widgets
from ..aria import Choices
from ..boundary import safe
from ..html import Markup, part
from ..style import style_html, style_widgets

# How each plain suit ranks when it is not trumps, in the ladder's heading
PLAIN_ORDER = {"H": N_("high in red: 10 above 2; the A♥ is a trump"),
               "D": N_("high in red: 10 above 2, the ace last"),
               "S": N_("low in black: 2 above 10, the ace after the jack"),
               "C": N_("low in black: 2 above 10, the ace after the jack")}
TEMPLATE = "ranking55.html.j2"


def _suit(suit: str) -> str:
    """A suit's name as a heading or a choice: "♠ Spades"."""
    return f"{SUIT_SYMBOL[suit]} {capfirst(render(SUIT_WORDS[suit]))}"


def _picker(trump: str) -> Choices:
    """The trump suit to show."""
    return Choices(
        options=[(_suit(s), s) for s in SUITS],
        value=trump,
        description=render(msg("Trumps:")),
        tooltips=[render(msg("{suit} are trumps", suit=SUIT_WORDS[s])) for s in SUITS],
        layout=widgets.look(display="flex", flex_flow="row wrap", align_items="center"),
    )


def _chip(card: Card, position: int) -> dict:
    """A chip's parts (``ranking55.html.j2``): its name, colour, face and position."""
    return {"name": card.spoken, "colour": "tt-red" if card.is_red else "tt-black",
            "face": card.unicode, "position": position}


def _chips(cards) -> list[dict]:
    """The chips of ``cards``, numbered from 1 (best first)."""
    return [_chip(card, n) for n, card in enumerate(cards, 1)]


def chip_html(card: Card, position: int) -> str:
    """One card: its face, big, and its position in the order underneath."""
    return part(TEMPLATE, "chip", c=_chip(card, position))


def ladder_html(trump: str) -> str:
    """Every trump of 55 with ``trump`` as trump suit, best first, as a row of chips."""
    order = trump_order(trump)
    chips = _chips(order)
    top = len(top_three(trump))  # the 5, the J and the A♥ (55-TOP3), drawn apart
    return part(TEMPLATE, "ladder",
                label=msg("The {n} trumps when {suit} are trumps, best first", n=len(order),
                          suit=SUIT_WORDS[trump]),
                three=msg("top three"), others=msg("the other trumps"),
                top=chips[:top], rest=chips[top:])


def explanation(trump: str) -> str:
    """One line: ``14 trumps: the 5♠, the J♠, the A♥, then A♠ K♠ ... 10♠.``"""
    order, top = trump_order(trump), len(top_three(trump))
    # the top three one by one, then the rest as a row of cards
    best = many((msg("the {card}", card=card.unicode) for card in order[:top]), "sequence")
    rest = " ".join(card.unicode for card in order[top:])
    return render(nmsg("{n} trump: {best}, then {rest}.", "{n} trumps: {best}, then {rest}.",
                       len(order), best=best, rest=rest))


def trump_ladder(trump: str = "S") -> widgets.Widget:
    """The trump ladder widget of 55, starting with ``trump`` (``S``, ``♠``...) as trumps."""
    trump = parse_suit(trump)
    picker = _picker(trump)
    ladder = widgets.HTML(layout=widgets.look(max_width="100%"))
    explain = widgets.HTML(layout=widgets.look(max_width="100%"))
    message = widgets.HTML()

    def draw(suit: str) -> None:
        ladder.value = ladder_html(suit)
        explain.value = part(TEMPLATE, "explain", line=explanation(suit))

    safe(draw, message)(trump)
    picker.observe(safe(lambda change: draw(change["new"]), message), names="value")
    box = widgets.VBox([*style_widgets(), picker, ladder, explain, message],
                       layout=widgets.look(width="100%", max_width="100%"))
    box.add_class("tt-trump-ladder")
    return box


def ladders_html() -> str:
    """The trumps of all four trump suits side by side, best first."""
    cols = []
    for suit in SUITS:
        order = trump_order(suit)
        if suit in "HD":
            head = nmsg("{suit} (red): {n} trump", "{suit} (red): {n} trumps", len(order),
                        suit=_suit(suit))
        else:
            head = nmsg("{suit} (black): {n} trump", "{suit} (black): {n} trumps", len(order),
                        suit=_suit(suit))
        cols.append({"label": msg("{suit} trumps", suit=SUIT_WORDS[suit]), "head": head,
                     "order": None, "cards": _chips(order)})
    return part(TEMPLATE, "ladders", columns=cols)


def trump_ladders() -> widgets.Widget:
    """All four trump suits of 55 side by side (for a projector, or to compare)."""
    w = widgets.HTML(Markup(style_html()) + ladders_html(),
                     layout=widgets.look(width="100%", max_width="100%"))
    w.add_class("tt-trump-ladders")
    return w


def plain_html(trump: str) -> str:
    """The three plain suits when ``trump`` is trumps, each best first."""
    cols = [{"label": SUIT_WORDS[suit], "head": _suit(suit), "order": msg(PLAIN_ORDER[suit]),
             "cards": _chips(plain_order(suit, trump))}
            for suit in SUITS if suit != trump]
    return part(TEMPLATE, "ladders", columns=cols)


def plain_ladder(trump: str = "S") -> widgets.Widget:
    """The plain suits of 55, best first, for the trump suit picked (``S``, ``♠``...)."""
    trump = parse_suit(trump)
    picker = _picker(trump)
    body = widgets.HTML(layout=widgets.look(max_width="100%"))
    message = widgets.HTML()

    def draw(suit: str) -> None:
        body.value = plain_html(suit)

    safe(draw, message)(trump)
    picker.observe(safe(lambda change: draw(change["new"]), message), names="value")
    box = widgets.VBox([*style_widgets(), picker, body, message],
                       layout=widgets.look(width="100%", max_width="100%"))
    box.add_class("tt-trump-ladder")
    box.add_class("tt-plain-ladder")
    return box
