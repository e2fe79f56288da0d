"""Card ranking as lookup tables, and the trick winner.

A game describes its ranking as *data*: the trump order (best first) and, for every plain suit,
the plain order (best first).  :class:`Ranking` turns those lists into lookup arrays indexed by
``Card.index``; nothing here does arithmetic on rank values.

The winner of a trick is the card of highest *power*: trumps beat the led suit, the led suit
beats the rest (which never win).  Ties go to the card played first -- 56's rule for identical
twins, and harmless in a one-pack game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from .cards import ALL_CARDS, Card
from .messages import msg, render

NO_POWER = -1


@dataclass(frozen=True)
class Comparison:
    """Why ``winner`` beats ``loser`` in a trick led with a card of ``led_suit``."""

    winner: Card
    loser: Card
    reason: str  # trump_beats_plain | higher_trump | higher_in_led_suit | off_suit | first_played
    rule: str
    text: str


@dataclass(frozen=True)
class TrickResult:
    """The winner of a trick (an index into the trick) and how it won."""

    index: int
    card: Card
    reason: str  # best_trump | best_of_led_suit
    rule: str
    comparisons: tuple[Comparison, ...]
    text: str  # "J♠ wins: it is the best trump in the trick"
    why: str = ""  # how it won, on its own: "it is the best trump in the trick"


class Ranking:
    """Ranking for one trump suit (or none), built from order tables.

    ``trump_suit`` is the trump suit, or ``None`` for no trumps.  ``trump_order`` lists every
    trump best first (it may contain a card of another printed suit, as 55's A♥).
    ``plain_orders`` maps each plain suit to its cards, best first.  ``rules`` maps reason
    codes to the game's rule IDs (keys: ``trump``, ``plain``, ``win``, ``twin``).
    """

    def __init__(self, trump_suit: str | None, trump_order: Sequence[Card],
                 plain_orders: Mapping[str, Sequence[Card]], rules: Mapping[str, str],
                 describe_suit=None):
        self.trump_suit = trump_suit
        self.trump_order = tuple(trump_order)
        self.plain_orders = {s: tuple(cs) for s, cs in plain_orders.items()}
        self.rules = dict(rules)
        n = len(ALL_CARDS)
        self.is_trump = [False] * n
        self.trump_rank = [NO_POWER] * n  # 0 = best
        self.plain_rank = [NO_POWER] * n
        self.suit_of = [c.suit for c in ALL_CARDS]
        for i, c in enumerate(self.trump_order):
            self.is_trump[c.index] = True
            self.trump_rank[c.index] = i
            self.suit_of[c.index] = trump_suit
        for cards in self.plain_orders.values():
            for i, c in enumerate(cards):
                self.plain_rank[c.index] = i
        # power: trumps above every plain card; plain power only counts in the led suit.
        big = len(ALL_CARDS) + 1
        self.trump_power = [big * 2 - r if r >= 0 else NO_POWER for r in self.trump_rank]
        self.plain_power = [big - r if r >= 0 else NO_POWER for r in self.plain_rank]

    # -- single cards ---------------------------------------------------------------------
    def effective_suit(self, card: Card) -> str:
        """The suit the card belongs to in play (a trump belongs to the trump suit)."""
        return self.suit_of[card.index]

    def power(self, card: Card, led_suit: str) -> int:
        i = card.index
        p = self.trump_power[i]
        if p != NO_POWER:
            return p
        return self.plain_power[i] if self.suit_of[i] == led_suit else NO_POWER

    # -- tricks ---------------------------------------------------------------------------
    def winner_index(self, cards: Sequence[Card]) -> int:
        """Index of the winning card: the best trump, else the best of the led suit."""
        led_suit = self.suit_of[cards[0].index]
        best_i, best = 0, self.power(cards[0], led_suit)
        for i in range(1, len(cards)):
            p = self.power(cards[i], led_suit)
            if p > best:
                best_i, best = i, p
        return best_i

    def compare(self, a: Card, b: Card, led: Card, a_first: bool = True) -> Comparison:
        """Which of two cards in a trick led by ``led`` is better, and why."""
        led_suit = self.suit_of[led.index]
        pa, pb = self.power(a, led_suit), self.power(b, led_suit)
        if pa == pb and pa != NO_POWER:
            win, lose = (a, b) if a_first else (b, a)
            return Comparison(win, lose, "first_played", self.rules.get("twin", self.rules["win"]),
                              render(msg("the two {card} are identical: the one played first "
                                         "wins", card=win.unicode)))
        win, lose = (a, b) if pa > pb else (b, a)
        wi, li = win.index, lose.index
        if self.is_trump[wi] and not self.is_trump[li]:
            return Comparison(win, lose, "trump_beats_plain", self.rules["win"],
                              render(msg("{winner} is a trump and {loser} is not: a trump "
                                         "beats every plain card", winner=win.unicode,
                                         loser=lose.unicode)))
        if self.is_trump[wi]:
            return Comparison(win, lose, "higher_trump", self.rules["trump"],
                              render(msg("{winner} ranks above {loser} among the trumps",
                                         winner=win.unicode, loser=lose.unicode)))
        if self.suit_of[li] != led_suit:
            return Comparison(win, lose, "off_suit", self.rules["win"],
                              render(msg("{loser} is neither a trump nor of the led suit, so "
                                         "it cannot win", loser=lose.unicode)))
        return Comparison(win, lose, "higher_in_led_suit", self.rules["plain"],
                          render(msg("{winner} ranks above {loser} in the led suit",
                                     winner=win.unicode, loser=lose.unicode)))

    def trick_result(self, cards: Sequence[Card]) -> TrickResult:
        """The winner of a trick with the comparisons that decided it."""
        w = self.winner_index(cards)
        win = cards[w]
        comps = tuple(self.compare(win, c, cards[0], a_first=w < i)
                      for i, c in enumerate(cards) if i != w)
        if self.is_trump[win.index]:
            reason, rule = "best_trump", self.rules["win"]
            why = msg("it is the best trump in the trick")
        else:
            reason, rule = "best_of_led_suit", self.rules["win"]
            why = msg("no trump was played and it is the best card of the led suit")
        return TrickResult(w, win, reason, rule, comps,
                           render(msg("{card} wins: {why}", card=win.unicode, why=why)),
                           render(why))
