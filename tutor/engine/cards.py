"""The card value type, shared by every game.

A :class:`Card` is an immutable, interned value: ``Card("10", "H") is Card.parse("TH")``.
Text round-trips: ``10H``, ``TH``, ``10♥`` and ``t♥`` are read, ``str(card)`` is the canonical
``10H``.  ``card.unicode`` (``10♥``) and ``card.spoken`` (``ten of hearts``) are for display and
screen readers.  56's twin cards are the same value: a hand is a list, not a set.
"""

from __future__ import annotations

import re
from typing import Iterable, Sequence

from .errors import InputError
from .messages import many, msg, pmsg, render
from .text import ascii_upper, quoted

SUITS = ("S", "H", "D", "C")
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")

SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAME = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SUIT_SINGULAR = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}
# The suits in messages (tutor/engine/messages.py), each worded by the catalog of the page's
# language: the suit as a noun ("you hold hearts"), and one card of it ("play a heart").
SUIT_WORDS = {"S": pmsg("suit", "spades"), "H": pmsg("suit", "hearts"),
              "D": pmsg("suit", "diamonds"), "C": pmsg("suit", "clubs")}
A_SUIT = {"S": pmsg("one card of a suit", "a spade"), "H": pmsg("one card of a suit", "a heart"),
          "D": pmsg("one card of a suit", "a diamond"),
          "C": pmsg("one card of a suit", "a club")}
# one card of the suit without its article ("you hold no heart")
SUIT_WORD_SINGULAR = {"S": pmsg("suit, singular", "spade"), "H": pmsg("suit, singular", "heart"),
                      "D": pmsg("suit, singular", "diamond"),
                      "C": pmsg("suit, singular", "club")}
# the suit in a card's name ("hearts" of "ten of hearts"; French says "dix de cœur", Swedish
# "hjärter tio": a word of its own, not the suit's plural)
SUIT_IN_NAME = {"S": pmsg("suit, in a card's name", "spades"),
                "H": pmsg("suit, in a card's name", "hearts"),
                "D": pmsg("suit, in a card's name", "diamonds"),
                "C": pmsg("suit, in a card's name", "clubs")}
RED_SUITS = frozenset("HD")
RANK_NAME = {
    "2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven",
    "8": "eight", "9": "nine", "10": "ten", "J": "jack", "Q": "queen", "K": "king", "A": "ace",
}
# The ranks in messages, as a card's name says them ("ten" of "ten of hearts")
RANK_WORDS = {
    "2": pmsg("rank", "two"), "3": pmsg("rank", "three"), "4": pmsg("rank", "four"),
    "5": pmsg("rank", "five"), "6": pmsg("rank", "six"), "7": pmsg("rank", "seven"),
    "8": pmsg("rank", "eight"), "9": pmsg("rank", "nine"), "10": pmsg("rank", "ten"),
    "J": pmsg("rank", "jack"), "Q": pmsg("rank", "queen"), "K": pmsg("rank", "king"),
    "A": pmsg("rank", "ace"),
}

_SUIT_IN = {
    "S": "S", "H": "H", "D": "D", "C": "C",
    "♠": "S", "♥": "H", "♦": "D", "♣": "C",
    "♤": "S", "♡": "H", "♢": "D", "♧": "C",
}
_RANK_IN = {r: r for r in RANKS} | {"T": "10"}
_TOKEN = re.compile(r"[^\s,;]+")


class Card:
    """One playing card.  Construct with ``Card(rank, suit)`` or :meth:`Card.parse`."""

    __slots__ = ("rank", "suit", "index", "text", "__weakref__")
    _interned: dict[tuple[str, str], "Card"] = {}

    rank: str
    suit: str
    index: int
    text: str

    def __new__(cls, rank: str, suit: str) -> "Card":
        try:
            return cls._interned[(rank, suit)]
        except KeyError:
            raise InputError(render(msg("no card has rank {rank} and suit {suit}",
                                        rank=repr(rank), suit=repr(suit)))) from None

    @classmethod
    def _make(cls, rank: str, suit: str, index: int) -> "Card":
        card = object.__new__(cls)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "index", index)
        object.__setattr__(card, "text", rank + suit)
        cls._interned[(rank, suit)] = card
        return card

    def __setattr__(self, name, value):
        raise AttributeError("Card is immutable")

    def __reduce__(self):
        return (Card, (self.rank, self.suit))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __repr__(self) -> str:
        return f"Card({self.text!r})"

    def __str__(self) -> str:
        return self.text

    def __format__(self, spec: str) -> str:
        """``f"{card}"`` is 10H, ``f"{card:u}"`` 10♥, ``f"{card:s}"`` ten of hearts."""
        if spec == "u":
            return self.rank + SUIT_SYMBOL[self.suit]
        if spec == "s":
            return self.spoken
        return self.text if not spec else format(self.text, spec)

    def __lt__(self, other: "Card") -> bool:
        return self.index < other.index

    @property
    def unicode(self) -> str:
        """``10♥``."""
        return self.rank + SUIT_SYMBOL[self.suit]

    @property
    def spoken(self) -> str:
        """``ten of hearts`` -- for screen readers and narration."""
        return render(pmsg("a card's name", "{rank} of {suit}", rank=RANK_WORDS[self.rank],
                           suit=SUIT_IN_NAME[self.suit]))

    @property
    def is_red(self) -> bool:
        return self.suit in RED_SUITS

    @staticmethod
    def parse(text: str) -> "Card":
        """Read one card; raise :class:`InputError` naming the token when it is not one."""
        return parse_card(text)


for _s, _suit in enumerate(SUITS):
    for _r, _rank in enumerate(RANKS):
        Card._make(_rank, _suit, _s * len(RANKS) + _r)

ALL_CARDS: tuple[Card, ...] = tuple(sorted(Card._interned.values(), key=lambda c: c.index))


def parse_suit(text: str, *, where: str | None = None) -> str:
    """``S``/``♠`` (any case) to ``S``; an :class:`InputError` otherwise."""
    t = str(text).strip()
    suit = _SUIT_IN.get(ascii_upper(t).replace("\ufe0f", ""))
    if suit is None:
        raise InputError(render(msg("{text} is not a suit (use S, H, D, C or ♠ ♥ ♦ ♣)",
                                    text=quoted(text))), where, str(text))
    return suit


def parse_card(text: str, *, where: str | None = None) -> Card:
    """Read ``10H``, ``TH``, ``10♥``, ``qs``... into the interned :class:`Card`."""
    if not isinstance(text, str):
        raise InputError(render(msg("{text} is not a card (expected text such as '10H')",
                                    text=quoted(text))), where)
    raw = text
    t = text.strip().replace("\ufe0f", "")
    if len(t) < 2:
        raise InputError(render(msg("{text} is not a card: a card is a rank then a suit, such "
                                    "as 10H", text=quoted(raw))), where, raw)
    rank_text, suit_text = ascii_upper(t[:-1]), ascii_upper(t[-1])
    suit = _SUIT_IN.get(suit_text)
    rank = _RANK_IN.get(rank_text)
    if suit is None or rank is None:
        if rank is None and _RANK_IN.get(ascii_upper(t[-1])) and _SUIT_IN.get(ascii_upper(t[0])):
            why = msg("{text} is not a card (the rank comes first: {card})", text=quoted(raw),
                      card=ascii_upper(t[-1]) + ascii_upper(t[0]))
        elif suit is None:
            why = msg("{text} is not a card: {suit} is not a suit (S, H, D, C or ♠ ♥ ♦ ♣)",
                      text=quoted(raw), suit=quoted(t[-1]))
        else:
            why = msg("{text} is not a card: {rank} is not a rank (2-10, T, J, Q, K, A)",
                      text=quoted(raw), rank=quoted(t[:-1]))
        raise InputError(render(why), where, raw)
    return Card._interned[(rank, suit)]


def parse_cards(text: str | Iterable, *, where: str | None = None) -> list[Card]:
    """Read a list of cards, from text (``"KD 3D, TS"``) or a sequence of tokens/cards.

    An error names the bad token and its position: ``card 2 ('1X', column 4)``.
    """
    prefix = f"{where}, " if where else ""
    if isinstance(text, str):
        out = []
        for n, m in enumerate(_TOKEN.finditer(text), 1):
            out.append(parse_card(m.group(), where=f"{prefix}card {n} (column {m.start() + 1})"))
        return out
    if isinstance(text, Card):
        return [text]
    try:
        items = list(text)
    except TypeError:
        raise InputError(render(msg("expected a list of cards, got {text}", text=quoted(text))),
                         where) from None
    return [c if isinstance(c, Card) else parse_card(c, where=f"{prefix}card {n}")
            for n, c in enumerate(items, 1)]


def format_cards(cards: Sequence[Card], style: str = "text") -> str:
    """Cards as text, space separated: ``style`` is ``text``, ``unicode`` or ``spoken`` (the
    names in words, in a list of the language's: "ten of hearts, jack of clubs")."""
    if style == "spoken":
        return render(many((c.spoken for c in cards), "sequence"))
    return " ".join(c.unicode if style == "unicode" else c.text for c in cards)


def cards_of(suits: Iterable[str], ranks: Iterable[str], copies: int = 1) -> list[Card]:
    """A deck: every rank of every suit, ``copies`` times over (56 uses two packs)."""
    ranks = list(ranks)
    return [Card(r, s) for _ in range(copies) for s in suits for r in ranks]


def standard_deck() -> list[Card]:
    """The 52-card pack, in a fixed order."""
    return list(ALL_CARDS)


def find_duplicate(cards: Iterable[Card]) -> Card | None:
    """The first card that occurs twice, or ``None``."""
    seen: set[Card] = set()
    for c in cards:
        if c in seen:
            return c
        seen.add(c)
    return None
