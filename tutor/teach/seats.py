"""How the tutor names seats and teams to a learner: one presentation for every question, guided
hand and explanation.

The rules number the seats of a hand from the dealer (55-SEATS, 56-SEATS): the dealer is always
the last seat, ``n - 1``, and seat 0 sits next to the dealer on the side the turn goes to
(the dealer's left in 55, the dealer's right in 56) and speaks first.  In 56, team 0 is the even
seats, the dealer's opponents (56-SEATS).  A teaching text therefore never says "seat 3 deals"
with any other number; it says who the learner is in these words:

- ``you (seat 2)``, ``your partner (seat 0)``, ``an opponent (seat 1)``, ``the dealer (seat 3)``;
- at the start of a question, :func:`Table.intro`: "4 players: seat 3 deals, seat 0 (on the
  dealer's left) speaks first. You are seat 1."

Pure Python: a ``Table`` is made from the player count and, for partnership games, the seats
of each side, as the game's ``seating`` hook in the registry says.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..games.registry import find_game

__all__ = ["Table", "seats_words", "table_for"]


def seats_words(seats) -> str:
    """``seat 2`` / ``seats 0, 2 and 4`` / ``nobody``."""
    nums = [str(s) for s in seats]
    if not nums:
        return "nobody"
    if len(nums) == 1:
        return f"seat {nums[0]}"
    return "seats " + ", ".join(nums[:-1]) + " and " + nums[-1]


@dataclass(frozen=True)
class Table:
    """The seats of one hand as a learner is told them.

    ``n``: players; ``you``: the learner's seat or None (a question about the table as a whole);
    ``sides``: the seats of each side of a partnership game (56: the even seats, then the odd
    ones), or () when everyone plays alone; ``first_side``: where the turn goes from the dealer
    (``"left"`` in 55, ``"right"`` in 56)."""

    n: int
    you: int | None = None
    sides: tuple[tuple[int, ...], ...] = ()
    first_side: str = "left"
    side_word: str = "team"  # 56 says team, 55 says side

    @property
    def dealer(self) -> int:
        return self.n - 1

    def side_of(self, seat: int) -> int | None:
        for i, side in enumerate(self.sides):
            if seat in side:
                return i
        return None

    @property
    def partners(self) -> list[int]:
        if self.you is None or not self.sides:
            return []
        return [s for s in self.sides[self.side_of(self.you)] if s != self.you]

    def relation(self, seat: int) -> str:
        """``you``, ``partner``, ``opponent`` (or ``player`` when nobody is "you")."""
        if self.you is None:
            return "player"
        if seat == self.you:
            return "you"
        if self.sides and self.side_of(seat) == self.side_of(self.you):
            return "partner"
        return "opponent"

    def who(self, seat: int, capital: bool = False) -> str:
        """``you (seat 2)``, ``your partner (seat 0)``, ``an opponent (seat 1)``,
        ``the dealer (seat 3)``; ``seat 1`` when nobody is "you" and the seat is not the
        dealer.  The dealer is named as such when it is not the learner."""
        rel = self.relation(seat)
        dealer = seat == self.dealer
        if rel == "you":
            text = f"you (seat {seat}{', the dealer' if dealer else ''})"
        elif rel == "partner":
            text = f"your partner (seat {seat}{', the dealer' if dealer else ''})"
        elif dealer:
            text = f"the dealer (seat {seat}{', an opponent' if self.sides else ''})"
        elif rel == "opponent" and self.sides:
            text = f"an opponent (seat {seat})"
        else:
            text = f"the dealer (seat {seat})" if dealer else f"seat {seat}"
        return text[0].upper() + text[1:] if capital else text

    def does(self, seat: int, verb: str, capital: bool = False) -> str:
        """``you (seat 0) win`` / ``seat 3 wins``: ``verb`` given without the s."""
        return f"{self.who(seat, capital)} {verb if seat == self.you else verb + 's'}"

    def side_name(self, side: int) -> str:
        """``team 0 (your team)`` / ``team 1 (the dealer's team)``."""
        notes = []
        if self.you is not None and self.side_of(self.you) == side:
            notes.append(f"your {self.side_word}")
        if self.side_of(self.dealer) == side:
            notes.append(f"the dealer's {self.side_word}")
        elif self.sides and len(self.sides) == 2:
            notes.append("the dealer's opponents")
        return f"{self.side_word} {side}" + (f" ({', '.join(notes)})" if notes else "")

    def intro(self, sides: bool = True) -> str:
        """One sentence that sets the table: who deals, who speaks first, who the learner is
        (``sides``: also list the seats of each team)."""
        text = (f"{self.n} players: seat {self.dealer} deals, and seat 0 (on the dealer's "
                f"{self.first_side}) speaks first.")
        if self.sides and sides:
            text += " " + " ".join(
                f"{self.side_word.capitalize()} {i}: {seats_words(side)}."
                for i, side in enumerate(self.sides))
        if self.you is not None:
            text += f" You are seat {self.you}"
            if self.you == self.dealer:
                text += ", the dealer"
            if self.sides:
                text += f", in {self.side_word} {self.side_of(self.you)}"
                if self.partners:
                    text += f" with {seats_words(self.partners)}"
            text += "."
        return text


def table_for(game: str, n: int, you: int | None = None, sides=None) -> Table:
    """The table of one hand of ``game`` with ``n`` players, as its game lays it out (its
    ``seating`` hook): 56 always plays in two teams of alternate seats, to the dealer's right
    (56-TEAMS); 55 plays alone, to the dealer's left, unless ``sides`` is given (55-TEAMS)."""
    seating = find_game(game).hooks.get("seating", {})
    fixed = seating.get("teams")
    teams = fixed(n) if fixed else tuple(tuple(s) for s in sides or ())
    return Table(n, you, teams, seating.get("turn_side", "left"),
                 seating.get("side_word", "side"))
