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

from ..engine.messages import N_, many, msg, nmsg, render, sentences
from ..games.registry import find_game

__all__ = ["Table", "seats_words", "table_for"]


def seats_words(seats) -> str:
    """``seat 2`` / ``seats 0, 2 and 4`` / ``nobody``."""
    nums = [str(s) for s in seats]
    if not nums:
        return render(msg("nobody"))
    return render(nmsg("seat {seats}", "seats {seats}", len(nums), seats=many(nums)))


# A seat named to the learner (Table.who): (who it is, capital) -> message id, {seat} its number
WHO = {
    ("you", False): N_("you (seat {seat})"),
    ("you", True): N_("You (seat {seat})"),
    ("you_dealer", False): N_("you (seat {seat}, the dealer)"),
    ("you_dealer", True): N_("You (seat {seat}, the dealer)"),
    ("partner", False): N_("your partner (seat {seat})"),
    ("partner", True): N_("Your partner (seat {seat})"),
    ("partner_dealer", False): N_("your partner (seat {seat}, the dealer)"),
    ("partner_dealer", True): N_("Your partner (seat {seat}, the dealer)"),
    ("dealer_opponent", False): N_("the dealer (seat {seat}, an opponent)"),
    ("dealer_opponent", True): N_("The dealer (seat {seat}, an opponent)"),
    ("dealer", False): N_("the dealer (seat {seat})"),
    ("dealer", True): N_("The dealer (seat {seat})"),
    ("opponent", False): N_("an opponent (seat {seat})"),
    ("opponent", True): N_("An opponent (seat {seat})"),
    ("seat", False): N_("seat {seat}"),
    ("seat", True): N_("Seat {seat}"),
}

# What a seat does (Table.does): verb -> (the learner's "you ... win", another's "... wins"),
# {who} the seat as Table.who names it
VERBS = {
    "accept": (N_("{who} accept"), N_("{who} accepts")),
    "bid": (N_("{who} bid"), N_("{who} bids")),
    "call": (N_("{who} call"), N_("{who} calls")),
    "deal": (N_("{who} deal"), N_("{who} deals")),
    "discard": (N_("{who} discard"), N_("{who} discards")),
    "double": (N_("{who} double"), N_("{who} doubles")),
    "draw": (N_("{who} draw"), N_("{who} draws")),
    "follow": (N_("{who} follow"), N_("{who} follows")),
    "hold": (N_("{who} hold"), N_("{who} holds")),
    "lead": (N_("{who} lead"), N_("{who} leads")),
    "lose": (N_("{who} lose"), N_("{who} loses")),
    "name": (N_("{who} name"), N_("{who} names")),
    "need": (N_("{who} need"), N_("{who} needs")),
    "offer": (N_("{who} offer"), N_("{who} offers")),
    "pass": (N_("{who} pass"), N_("{who} passes")),
    "play": (N_("{who} play"), N_("{who} plays")),
    "redouble": (N_("{who} redouble"), N_("{who} redoubles")),
    "refuse": (N_("{who} refuse"), N_("{who} refuses")),
    "take": (N_("{who} take"), N_("{who} takes")),
    "win": (N_("{who} win"), N_("{who} wins")),
}

# A side of a partnership game as the game calls it (its ``side_word``, "team" in 56, "side"
# in 55): its name, its name at the start of a sentence, the learner's and the dealer's
SIDE_WORDS = {
    "team": {"name": N_("team {number}"), "Name": N_("Team {number}"),
             "yours": N_("your team"), "dealer": N_("the dealer's team")},
    "side": {"name": N_("side {number}"), "Name": N_("Side {number}"),
             "yours": N_("your side"), "dealer": N_("the dealer's side")},
}


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
            kind = "you_dealer" if dealer else "you"
        elif rel == "partner":
            kind = "partner_dealer" if dealer else "partner"
        elif dealer:
            kind = "dealer_opponent" if self.sides else "dealer"
        elif rel == "opponent" and self.sides:
            kind = "opponent"
        else:
            kind = "seat"
        return render(msg(WHO[kind, bool(capital)], seat=seat))

    def does(self, seat: int, verb: str, capital: bool = False) -> str:
        """``you (seat 0) win`` / ``seat 3 wins``: ``verb`` given without the s (one of
        :data:`VERBS`)."""
        who = self.who(seat, capital)
        forms = VERBS.get(verb)
        if forms is None:  # a verb with no message yet: English's own ending
            if seat != self.you:
                verb += "es" if verb.endswith(("s", "sh", "ch", "x")) else "s"
            return f"{who} {verb}"
        return render(msg(forms[0] if seat == self.you else forms[1], who=who))

    def _side_words(self) -> dict:
        word = getattr(self.side_word, "id", self.side_word)  # a message or its id
        return SIDE_WORDS.get(str(word), SIDE_WORDS["side"])

    def side_label(self, side: int, capital: bool = False) -> str:
        """``team 1`` / ``side 0`` (``Team 1`` with ``capital``)."""
        return render(msg(self._side_words()["Name" if capital else "name"], number=side))

    def side_name(self, side: int) -> str:
        """``team 0 (your team)`` / ``team 1 (the dealer's team)``."""
        words = self._side_words()
        notes = []
        if self.you is not None and self.side_of(self.you) == side:
            notes.append(msg(words["yours"]))
        if self.side_of(self.dealer) == side:
            notes.append(msg(words["dealer"]))
        elif self.sides and len(self.sides) == 2:
            notes.append(msg("the dealer's opponents"))
        label = self.side_label(side)
        if len(notes) == 2:
            return render(msg("{side} ({note}, {other})", side=label, note=notes[0],
                              other=notes[1]))
        if notes:
            return render(msg("{side} ({note})", side=label, note=notes[0]))
        return label

    def intro(self, sides: bool = True) -> str:
        """One sentence that sets the table: who deals, who speaks first, who the learner is
        (``sides``: also list the seats of each team)."""
        if self.first_side == "right":
            said = [nmsg("{n} player: seat {dealer} deals, and seat 0 (on the dealer's right) "
                         "speaks first.",
                         "{n} players: seat {dealer} deals, and seat 0 (on the dealer's right) "
                         "speaks first.", self.n, dealer=self.dealer)]
        else:
            said = [nmsg("{n} player: seat {dealer} deals, and seat 0 (on the dealer's left) "
                         "speaks first.",
                         "{n} players: seat {dealer} deals, and seat 0 (on the dealer's left) "
                         "speaks first.", self.n, dealer=self.dealer)]
        if self.sides and sides:
            said += [msg("{side}: {seats}.", side=self.side_label(i, True),
                         seats=seats_words(side)) for i, side in enumerate(self.sides)]
        if self.you is not None:
            dealer = self.you == self.dealer
            if not self.sides:
                said.append(msg("You are seat {seat}, the dealer.", seat=self.you) if dealer
                            else msg("You are seat {seat}.", seat=self.you))
            elif not self.partners:
                side = self.side_label(self.side_of(self.you))
                said.append(msg("You are seat {seat}, the dealer, in {side}.", seat=self.you,
                                side=side) if dealer else
                            msg("You are seat {seat}, in {side}.", seat=self.you, side=side))
            else:
                side = self.side_label(self.side_of(self.you))
                partners = seats_words(self.partners)
                said.append(msg("You are seat {seat}, the dealer, in {side} with {partners}.",
                                seat=self.you, side=side, partners=partners) if dealer else
                            msg("You are seat {seat}, in {side} with {partners}.",
                                seat=self.you, side=side, partners=partners))
        return sentences(*said)


def table_for(game: str, n: int, you: int | None = None, sides=None) -> Table:
    """The table of one hand of ``game`` with ``n`` players, as its game lays it out (its
    ``seating`` hook): 56 always plays in two teams of alternate seats, to the dealer's right
    (56-TEAMS); 55 plays alone, to the dealer's left, unless ``sides`` is given (55-TEAMS)."""
    seating = find_game(game).hooks.get("seating", {})
    fixed = seating.get("teams")
    teams = fixed(n) if fixed else tuple(tuple(s) for s in sides or ())
    return Table(n, you, teams, seating.get("turn_side", "left"),
                 seating.get("side_word", "side"))
