"""Guided hands of 55: the learner plays one whole hand (auction, kitty, trumps, five tricks,
score) against engine opponents (``tutor.games.g55.bot.choose``).

A :class:`GuidedHand55` starts from a seed (a fresh deal from ``random.Random(seed)``, for free
practice and replay) or from a scripted position in the 55 notation (a lesson: fixed hands and
a goal).  The bots act until the learner must; the learner's actions are checked by the engine
(an illegal one raises :class:`~tutor.engine.errors.IllegalAction` with reason, rule and the
legal alternatives).

Seats are numbered as the lessons teach (55-SEATS): from the dealer, who is always seat
``n - 1``; seat 0 (the dealer's left) speaks first.  A fresh hand is dealt that way and draws
the learner's seat from the seed (so the learner is sometimes the dealer).  Everything the
learner reads names seats through :mod:`tutor.teach.seats` ("you (seat 1)", "the dealer
(seat 3)") and comes from the engine: the narration is the learner's own view of the events,
each trick is explained from the ranking, the score from ``state.last_score``, and a lesson's
goal is checked on the engine state and says why it was met or missed.

Pure Python: no widgets here (``tutor.ui.g55.guided`` draws it).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from ...engine.cards import SUIT_SYMBOL, SUIT_WORDS, Card, format_cards
from ...engine.errors import InputError
from ...engine.messages import N_, Msg, many, msg, nmsg, num, pmsg, render, sentences
from ...engine.state import Call, ChooseDealer, Play
from ...games.g55 import SPEC
from ...games.g55.bot import choose
from ...games.g55.game import Game55, State55
from ...games.g55.notation import parse_position, position_to_state
from ...games.g55.play import ranking
from ...games.registry import hand_over
from ..guided import GuidedHand, cap, check_seat, check_seed, trick_reason
from ..seats import Table, seats_words, table_for

GAME = SPEC.name  # this module teaches this game only
# a player named by where they sit from the learner, so many seats away on either side
ON_THE_LEFT = {1: N_("the player on your left"), 2: N_("the second player on your left"),
               3: N_("the third player on your left"), 4: N_("the fourth player on your left"),
               5: N_("the fifth player on your left")}
ON_THE_RIGHT = {1: N_("the player on your right"), 2: N_("the second player on your right"),
                3: N_("the third player on your right"),
                4: N_("the fourth player on your right"),
                5: N_("the fifth player on your right")}
SEARCH_BUDGET = 4000  # positions a goal's "what would have met it" may look at


def _cards(cards):
    """``9♦``, ``9♦ and 7♦``, ``9♦, 8♦ and 7♦`` (a list, said as the language says it)."""
    return many(dict.fromkeys(c.unicode for c in cards))


def _suit(suit: str) -> Msg:
    """``♠ spades``."""
    return msg("{symbol} {suit}", symbol=SUIT_SYMBOL[suit], suit=SUIT_WORDS[suit])


def _by(table: Table, seat: int, yours: Msg, theirs: Msg) -> str:
    """``yours`` worded when ``seat`` is the learner's ("you (seat 1) pass"), else ``theirs``
    ("seat 2 passes")."""
    return render(yours if seat == table.you else theirs)


# -- goals ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Verdict:
    """A goal checked on the engine state: ``met`` is True, False or None (not decided yet);
    ``text`` says what happened and, when the goal is missed, why and what would have met
    it ("" while undecided)."""

    met: bool | None
    text: str = ""


def _jack_of_trumps(state: State55) -> Card | None:
    return Card.parse(f"J{state.trump}") if state.trump else None


def win_trick_keep_jack(g: "GuidedHand55", trick: int = 1) -> Verdict:
    """The learner wins trick ``trick`` without playing the jack of trumps in it (the jack is
    kept for later)."""
    s, seat, t = g.state, g.seat, g.table
    if len(s.tricks) < trick:
        return Verdict(None)
    leader, cards, winner = s.tricks[trick - 1]
    mine = cards[(seat - leader) % s.n]
    jack = _jack_of_trumps(s)
    if winner == seat and mine != jack:
        return Verdict(True, render(msg("Goal met: you won trick {trick} with {card} and kept "
                                        "your {jack} for later.", trick=trick,
                                        card=mine.unicode, jack=jack.unicode)))
    if mine == jack:
        what = (msg("Goal missed: you played your {jack}: it won trick {trick}, but the goal was "
                    "to win it and keep the {jack} for later.", jack=jack.unicode, trick=trick)
                if winner == seat else
                msg("Goal missed: you played your {jack} and {player} still won trick {trick}.",
                    jack=jack.unicode, player=t.who(winner), trick=trick))
    else:
        best = cards[(winner - leader) % s.n]
        p = dict(card=mine.unicode, trick=trick, best=best.unicode, jack=jack.unicode)
        what = _by(t, winner,
                   msg("Goal missed: you played {card} and {player} win trick {trick} with "
                       "{best}; the goal was to win it and keep your {jack}.",
                       player=t.who(winner), **p),
                   msg("Goal missed: you played {card} and {player} wins trick {trick} with "
                       "{best}; the goal was to win it and keep your {jack}.",
                       player=t.who(winner), **p))
    better = [c for c in g.cards_that_win(trick) if c != jack]
    hint = (msg("{cards} would have won it and kept the {jack}.", cards=_cards(better),
                jack=jack.unicode)
            if better else msg("No other card of yours could have won it."))
    return Verdict(False, sentences(what, hint))


# "Goal missed: ... won the auction": (what the learner said, whether the goal has a least
# bid) -> the sentence
_AUCTION_MISSED = {
    ("bid", True): N_("Goal missed: you bid {mine}, the goal was a bid of at least {min_bid} "
                      "that you win and then make; {player} won the auction with {bid}."),
    ("bid", False): N_("Goal missed: you bid {mine}, the goal was to win the auction and make "
                       "your bid; {player} won the auction with {bid}."),
    ("pass", True): N_("Goal missed: you passed, the goal was a bid of at least {min_bid} that "
                       "you win and then make; {player} won the auction with {bid}."),
    ("pass", False): N_("Goal missed: you passed, the goal was to win the auction and make "
                        "your bid; {player} won the auction with {bid}."),
    ("none", True): N_("Goal missed: you made no call, the goal was a bid of at least "
                       "{min_bid} that you win and then make; {player} won the auction with "
                       "{bid}."),
    ("none", False): N_("Goal missed: you made no call, the goal was to win the auction and "
                        "make your bid; {player} won the auction with {bid}."),
}


def make_the_bid(g: "GuidedHand55", min_bid: int | None = None,
                 trump: str | None = None) -> Verdict:
    """The learner wins the auction (with a bid of at least ``min_bid``), names ``trump`` as
    trumps (when given) and makes the bid."""
    s, seat, t = g.state, g.seat, g.table
    mine = [c for x, c in (s.auction.calls if s.auction else []) if x == seat]
    bids = [int(c) for c in mine if c.isdigit()]
    said = "bid" if bids else "pass" if mine else "none"
    if s.bidder is None:  # the auction is on (the bots finish it once the learner is out)
        return Verdict(None)
    if s.bidder != seat:
        missed = msg(_AUCTION_MISSED[said, bool(min_bid)], mine=bids[-1] if bids else None,
                     min_bid=min_bid, player=t.who(s.bidder), bid=s.bid)
        return Verdict(False, sentences(missed, g.auction_hint(min_bid)))
    if min_bid and s.bid < min_bid:
        missed = msg("Goal missed: you won the auction with {bid}, the goal was a bid of at "
                     "least {min_bid} that you win and then make.", bid=s.bid, min_bid=min_bid)
        return Verdict(False, sentences(missed, g.auction_hint(min_bid)))
    if trump and s.trump is not None and s.trump != trump:
        return Verdict(False, render(msg("Goal missed: you named {suits} as trumps; the goal "
                                         "was {goal}.", suits=SUIT_WORDS[s.trump],
                                         goal=_suit(trump))))
    if s.last_score is None or not hand_over(s):
        return Verdict(None)
    sc = s.last_score
    pts = sc.points[sc.bidding_side]
    if sc.made:
        met = (msg("Goal met: you won the auction with {bid}, named {suits} as trumps and made "
                   "your bid with {points} points.", bid=s.bid, suits=SUIT_WORDS[s.trump],
                   points=pts) if trump else
               msg("Goal met: you won the auction with {bid} and made your bid with {points} "
                   "points.", bid=s.bid, points=pts))
        return Verdict(True, render(met))
    line = g.winning_line(lambda h: h.state.last_score is not None and h.state.last_score.made,
                          start=g.play_start())
    hint = (msg("Playing {cards} in that order would have made it.", cards=_cards(line))
            if line else
            msg("No way of playing the five cards you kept makes {bid} against these players: "
                "the cards you kept (or the bid) had to be different.", bid=s.bid))
    missed = (msg("Goal missed: you bid {bid} with {suits} as trumps but took {points} points; "
                  "the goal was to make the bid ({bid} points).", bid=s.bid,
                  suits=SUIT_WORDS[s.trump], points=pts) if s.trump else
              msg("Goal missed: you bid {bid} but took {points} points; the goal was to make "
                  "the bid ({bid} points).", bid=s.bid, points=pts))
    return Verdict(False, sentences(missed, hint))


def win_tricks(g: "GuidedHand55", count: int = 3) -> Verdict:
    """The learner wins at least ``count`` tricks of the hand (5: all five)."""
    s, seat = g.state, g.seat
    won = [k for k, (_, _, w) in enumerate(s.tricks, 1) if w == seat]
    five = count >= 5
    if len(won) >= count:
        if len(won) == 5:
            return Verdict(True, render(msg("Goal met: you won all five tricks.")))
        return Verdict(True, render(nmsg("Goal met: you won {n} trick (trick {numbers}).",
                                         "Goal met: you won {n} tricks (tricks {numbers}).",
                                         len(won), numbers=many(str(k) for k in won))))
    left = 5 - len(s.tricks)
    if len(won) + left >= count:
        return Verdict(None)
    lost = [msg("Trick {number} went to {player} ({card}).", number=k, player=g.table.who(w),
                card=cs[(w - ld) % s.n].unicode)
            for k, (ld, cs, w) in enumerate(s.tricks, 1) if w != seat]
    line = g.winning_line(lambda h: sum(1 for *_, w in h.state.tricks if w == seat) >= count,
                          start=g.start)
    if not line:
        hint = msg("No way of playing your cards wins that many against these players.")
    elif five:
        hint = msg("Playing {cards} in that order would have won all five.", cards=_cards(line))
    else:
        hint = msg("Playing {cards} in that order would have won at least {count}.",
                   cards=_cards(line), count=count)
    missed = (nmsg("Goal missed: you won {n} trick; the goal was all five.",
                   "Goal missed: you won {n} tricks; the goal was all five.", len(won))
              if five else
              nmsg("Goal missed: you won {n} trick; the goal was at least {count}.",
                   "Goal missed: you won {n} tricks; the goal was at least {count}.", len(won),
                   count=count))
    return Verdict(False, sentences(missed, *lost, hint))


GOALS: dict[str, Callable[..., Verdict]] = {
    "win_trick_keep_jack": win_trick_keep_jack,
    "make_the_bid": make_the_bid,
    "win_tricks": win_tricks,
}


# -- scripted deals ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Script:
    """A scripted hand for a lesson: a position (55 notation, the dealer seat n-1), the
    learner's seat, a goal and the check of exactly what the goal says."""

    name: str
    title: str
    position: str
    goal: str
    check: str | None = None  # a name of GOALS
    args: tuple[tuple[str, object], ...] = field(default=())
    seat: int = 0


SCRIPTED: tuple[Script, ...] = (
    Script("keep-the-jack", N_("Win cheaply, keep the jack"),
           "game: 55\nplayers: 4\ndealer: 3\n"
           "hand 0: JD QD 3S 4C\n"
           "hand 1: 2H 6S KC\n"
           "hand 2: 3H 7S QC\n"
           "hand 3: 4H 8S AC\n"
           "kitty: 2S 5S 9S 10S KS\n"
           "calls: 15 pass pass pass\n"
           "discards: 2S 5S 9S 10S KS\n"
           "trump: D\n"
           "trick: 6D 9D 7D 8D\n"
           "trick: 10D 2D 3D\n",
           N_("Seat 1 led the 10♦ and the others followed with small trumps. Win this trick, "
              "but keep your J♦ (the second-best trump) for later: which trump is just good "
              "enough?"),
           "win_trick_keep_jack", (("trick", 2),)),
    Script("bid-your-hand", N_("Bid on a strong hand and make it"),
           "game: 55\nplayers: 4\ndealer: 3\n"
           "hand 0: 5H JH AH KH 2C\n"
           "hand 1: 3D 7S QC 4S 9D\n"
           "hand 2: 2S 5C 8D AD 10S\n"
           "hand 3: 3C 4D 9S 7D KS\n"
           "kitty: QH 3S 8C JC 6D\n",
           N_("You hold the three best hearts. Win the auction with a bid of at least 20, take "
              "the kitty, name hearts as trumps and make your bid."),
           "make_the_bid", (("min_bid", 20), ("trump", "H"))),
    Script("draw-the-trumps", N_("Lead trumps to draw them"),
           "game: 55\nplayers: 3\ndealer: 2\n"
           "hand 0: 5S JS KD QD KC\n"
           "hand 1: 2S 7C 8C 4H 8H\n"
           "hand 2: 3S 7D 9D 5H 10H\n"
           "kitty: QS 3D 2C JC 6D\n"
           "calls: 20 pass pass\n"
           "discards: QS 3D 2C JC 6D\n"
           "trump: S\n",
           N_("You bid 20 with spades as trumps and lead first. Win all five tricks: lead your "
              "top trumps first, to draw the others' trumps before they can trump your "
              "kings."),
           "win_tricks", (("count", 5),)),
)


def find_script(name: str) -> Script:
    for s in SCRIPTED:
        if s.name == name:
            return s
    raise InputError(render(msg("no scripted hand {name}; there are: {names}", name=repr(name),
                                names=many(s.name for s in SCRIPTED))), "script")


# -- the driver -------------------------------------------------------------------------------
class GuidedHand55(GuidedHand):
    """One hand of 55 for a learner at ``seat`` against bots.

    ``GuidedHand55(seed=7)`` deals a fresh hand (dealer seat n-1; the learner's seat drawn from
    the seed unless ``seat`` is given); ``GuidedHand55(position=text)`` or
    ``GuidedHand55(script="keep-the-jack")`` starts at a given moment (the position's dealer
    must be seat n-1, 55-SEATS).  Call :meth:`advance_bots` to let the bots act until the
    learner must (the constructor does it once), then :meth:`play` the learner's actions.
    """

    def __init__(self, seed: int | None = None, position: str | None = None,
                 script: str | Script | None = None, seat: int | None = None,
                 players: int = 4, goal: str = "", check: str | None = None,
                 check_args: dict | None = None, bot: Callable = choose,
                 rules: dict | None = None, scores=None):
        if script is not None:
            sc = script if isinstance(script, Script) else find_script(script)
            position, seat, goal = sc.position, sc.seat, goal or render(msg(sc.goal))
            check, check_args = sc.check, dict(sc.args)
            self.script: Script | None = sc
        else:
            self.script = None
        if check is not None and check not in GOALS:
            raise InputError(render(msg("no goal check {check}; there are: {names}",
                                        check=repr(check), names=many(GOALS))), "check")
        self.goal, self.check_name, self.check_args = goal, check, dict(check_args or {})
        self.bot = bot
        if position is not None:
            self.seed = None
            self.rng = random.Random(0)
            self.state: State55 = position_to_state(parse_position(position))
            n = self.state.n
            if self.state.hand_dealer != n - 1:
                raise InputError(render(msg("a guided hand numbers the seats from the dealer, "
                                            "who is seat {dealer} (55-SEATS), not seat {seat}",
                                            dealer=n - 1, seat=self.state.hand_dealer)),
                                 "dealer")
            if seat is None:
                seat = 0
        else:
            self.seed = check_seed(seed)
            self.rng = random.Random(self.seed)
            game = Game55(players, rules, scores)
            n = game.n
            drawn = n - 1 - self.rng.randrange(n)  # the learner's place, from the dealer
            if seat is None:
                seat = drawn
            self.state = game.new_state()
            self.state.play(ChooseDealer(n - 1))  # 55-SEATS: the dealer is seat n-1
            self.state.chance(self.rng)
        n = self.state.n
        self.seat = check_seat(seat, n)
        self.table = table_for(GAME, n, seat, self.state.game.settings.teams)
        self.hand_no = self.state.hand_no
        self._seen = 0  # narration lines already returned by advance_bots
        self._first = len(self.state.history)  # the actions from here on are this hand's
        self.advance_bots()
        self.start = self.state.copy()  # where the learner's first decision is

    def ended(self, s: State55) -> bool:
        """This hand has been played and scored in ``s`` (or the game is over)."""
        return s.is_terminal or (hand_over(s) and s.last_score is not None
                                 and s.hand_no == self.hand_no)

    # -- a whole game ----------------------------------------------------------------------
    def following(self, seed: int) -> "GuidedHand55":
        """The next hand of the game: the deal passes to the left (55-NEXT-DEALER), so the
        old seat 0 deals and every seat's number goes down by one; the scores go with their
        players, and sides (55-TEAMS: set for the table) keep their players and numbers."""
        s, g = self.state, self.state.game
        n = s.n
        rules = g.settings.changed()
        if g.settings.teams:
            rules["teams"] = [[(x - 1) % n for x in side] for side in g.settings.teams]
            scores = list(s.scores)
        else:
            scores = [s.scores[(j + 1) % n] for j in range(n)]
        nxt = GuidedHand55(seed=seed, seat=(self.seat - 1) % n, players=n, rules=rules,
                           scores=scores, bot=self.bot)
        return nxt

    def place(self, seat: int, number: bool = True) -> str:
        """A player named by where they sit from the learner, which stays the same from hand
        to hand while seat numbers move with the deal: ``you``, ``the player on your left
        (seat 3)``, ``the player opposite you``, ``the second player on your right``
        (``number``: add this hand's seat number)."""
        n = self.state.n
        k = (seat - self.seat) % n  # 55-SEATS: seat s+1 sits on the left of seat s
        if k == 0:
            return render(msg("you"))
        if 2 * k == n:
            words = msg("the player opposite you")
        elif k < n / 2:
            words = msg(ON_THE_LEFT[k])
        else:
            words = msg(ON_THE_RIGHT[n - k])
        return render(msg("{player} (seat {seat})", player=words, seat=seat) if number else
                      words)

    def _is_you(self, side: int) -> bool:
        """``side`` (a player, or a side of 55-TEAMS) is the learner alone: named "you"."""
        return not self.state.game.settings.teams and side == self.seat

    def name_in_game(self, side: int, number: bool = True) -> str:
        """A player (or a side, 55-TEAMS) named as a whole game names it (see :meth:`place`):
        ``you``, ``your side``, ``side 0 (seats 1 and 3)``."""
        g = self.state.game
        if not g.settings.teams:
            return self.place(side, number)
        if side == g.side_of[self.seat]:
            return render(msg("your side"))
        seats = [x for x in range(g.n) if g.side_of[x] == side]
        return render(msg("side {side} ({seats})", side=side, seats=seats_words(seats))
                      if number else msg("side {side}", side=side))

    def race_lines(self) -> list[str]:
        """The race to the target: every score, best first; who is within three tricks of
        it; what a 60 would do for the learner."""
        s, g = self.state, self.state.game
        st = g.settings
        target = st.target_score
        order = sorted(range(g.sides), key=lambda i: (-s.scores[i], i))
        mine = g.side_of[self.seat]
        scores = many((msg("{player} {score}", player=self.name_in_game(i), score=num(s.scores[i]))
                       for i in order), "clauses")
        lines = [render(msg("The race to {target} (55-GAME-TARGET): {scores}.", target=target,
                            scores=scores))]
        if s.winner is not None:
            won = self.name_in_game(s.winner, False)
            score = s.scores[s.winner]
            lines.append(cap(render(msg("{player} win the game with {score}.", player=won,
                                        score=score) if self._is_you(s.winner) else
                                    msg("{player} wins the game with {score}.", player=won,
                                        score=score))))
            return lines
        for i in order:
            need = target - s.scores[i]
            if not 0 < need <= 15:
                continue
            p = dict(player=self.name_in_game(i, False), target=target,
                     points=nmsg("{n} more point", "{n} more points", need),
                     tricks=nmsg("{n} trick", "{n} tricks", -(-need // 5)))
            you = self._is_you(i)
            if st.only_bidder_can_win:
                said = (msg("{player} need {points}, but only the bidder can win (house rule): "
                            "a bid made that reaches {target} (55-GAME-RACE).", **p) if you else
                        msg("{player} needs {points}, but only the bidder can win (house "
                            "rule): a bid made that reaches {target} (55-GAME-RACE).", **p))
            else:
                said = (msg("{player} need {points}: {tricks} could win the game, for a player "
                            "who did not bid counts its points as it takes them "
                            "(55-GAME-RACE).", **p) if you else
                        msg("{player} needs {points}: {tricks} could win the game, for a "
                            "player who did not bid counts its points as it takes them "
                            "(55-GAME-RACE).", **p))
            lines.append(cap(render(said)))
        win, loss = st.sixty
        m = s.scores[mine]
        p = dict(made=m + win, cost=abs(loss), failed=m + loss)
        if m + win >= target:
            said = (msg("A 60 made (all five tricks, 55-SCORE-SIXTY) would take your side to "
                        "{made} and win the game; a 60 failed would cost {cost}, to {failed}.",
                        **p) if st.teams else
                    msg("A 60 made (all five tricks, 55-SCORE-SIXTY) would take you to {made} "
                        "and win the game; a 60 failed would cost {cost}, to {failed}.", **p))
        else:
            said = (msg("A 60 made (all five tricks, 55-SCORE-SIXTY) would take your side to "
                        "{made}; a 60 failed would cost {cost}, to {failed}.", **p)
                    if st.teams else
                    msg("A 60 made (all five tricks, 55-SCORE-SIXTY) would take you to {made}; "
                        "a 60 failed would cost {cost}, to {failed}.", **p))
        lines.append(render(said))
        return lines

    def standings(self) -> list[tuple[str, int, bool]]:
        """Every player's (side's) score, named by where it sits from the learner, the
        learner first, then round the table to the left (55-SEATS)."""
        s, g = self.state, self.state.game
        n = s.n
        mine = g.side_of[self.seat]
        sides = list(dict.fromkeys(g.side_of[(self.seat + k) % n] for k in range(n)))
        return [(self.name_in_game(i, False), s.scores[i], i == mine) for i in sides]

    def winner_name(self) -> str | None:
        w = self.state.winner
        return None if w is None else self.name_in_game(w, False)

    def next_steps(self, hands) -> list[dict]:
        """The lesson of the weakest spot: the auction (55/06) when bids of the learner's
        failed or the learner never won the auction, else who wins the trick (55/05)."""
        outs = [h.outcome() for h in hands if h.over]
        mine = [o for o in outs if o and o["ours"]]
        failed = sum(1 for o in mine if not o["made"])
        if failed:
            return [{"page": "55-auction", "failed": failed, "bids": len(mine),
                     "why": render(nmsg("{failed} of your {n} bid failed: what a hand is worth, "
                                        "and the bid it can make",
                                        "{failed} of your {n} bids failed: what a hand is "
                                        "worth, and the bid it can make", len(mine),
                                        failed=failed))}]
        if not mine:
            return [{"page": "55-auction", "failed": 0, "bids": 0,
                     "why": render(msg("you never won the auction: when a hand is worth a "
                                       "bid"))}]
        return [{"page": "55-winning", "failed": 0, "bids": len(mine),
                 "why": render(msg("every bid of yours was made: win more tricks as a "
                                   "defender"))}]

    def result_line(self) -> str:
        """``the player on your left bid 15 and made it with 25 points; you +0, to 10.``"""
        s = self.state
        sc = s.last_score
        if sc is None or not self.over:
            return render(msg("not scored yet."))
        g = s.game
        mine = g.side_of[self.seat]
        points = sc.points[sc.bidding_side]
        p = dict(player=self.name_in_game(sc.bidding_side, False), bid=sc.bid, points=points,
                 change=num(sc.deltas[mine], sign=True), score=num(s.scores[mine]))
        if g.settings.teams:
            said = (nmsg("{player} bid {bid} and made it with {points} point; your side "
                         "{change}, to {score}.",
                         "{player} bid {bid} and made it with {points} points; your side "
                         "{change}, to {score}.", points, **p) if sc.made else
                    nmsg("{player} bid {bid} and failed with {points} point; your side "
                         "{change}, to {score}.",
                         "{player} bid {bid} and failed with {points} points; your side "
                         "{change}, to {score}.", points, **p))
        elif self._is_you(sc.bidding_side):  # "you bid": the verb agrees with "you"
            del p["player"]
            said = (nmsg("You bid {bid} and made it with {points} point; you {change}, to "
                         "{score}.",
                         "You bid {bid} and made it with {points} points; you {change}, to "
                         "{score}.", points, **p) if sc.made else
                    nmsg("You bid {bid} and failed with {points} point; you {change}, to "
                         "{score}.",
                         "You bid {bid} and failed with {points} points; you {change}, to "
                         "{score}.", points, **p))
        else:
            said = (nmsg("{player} bid {bid} and made it with {points} point; you {change}, "
                         "to {score}.",
                         "{player} bid {bid} and made it with {points} points; you {change}, "
                         "to {score}.", points, **p) if sc.made else
                    nmsg("{player} bid {bid} and failed with {points} point; you {change}, "
                         "to {score}.",
                         "{player} bid {bid} and failed with {points} points; you {change}, "
                         "to {score}.", points, **p))
        return cap(render(said))

    # -- reading ---------------------------------------------------------------------------
    def narration(self) -> list[str]:
        """Every event the learner's seat may read, oldest first, with the seats named as the
        lessons name them ("you (seat 1)", "the dealer (seat 3)")."""
        t, seat = self.table, self.seat
        lines = [t.intro()]
        tricks = self.trick_explanations()
        high = 0
        for ev in self.state.events:
            text = ev.visible_to(seat)
            if not text:
                continue
            k, who = ev.kind, ev.seat
            if k == "dealer":
                continue  # the table's intro says who deals
            player = t.who(who, True) if who is not None else None
            if k == "deal":
                line = _by(t, who, msg("{player} deal five cards to each player and five to the "
                                       "kitty.", player=player),
                           msg("{player} deals five cards to each player and five to the kitty.",
                               player=player))
            elif k == "hand":
                line = (render(msg("Your cards: {cards}.",
                                   cards=format_cards(sorted(ev.args[1]), "unicode")))
                        if ev.args[0] == seat else text)
            elif k == "call":
                call = ev.data.get("call")
                if call == "pass":
                    line = _by(t, who, msg("{player} pass and are out of the auction "
                                           "(55-BID-OUT).", player=player),
                               msg("{player} passes and is out of the auction (55-BID-OUT).",
                                   player=player))
                elif call == "hold":
                    line = _by(t, who, msg("{player} hold {bid}: the dealer takes the bid at the "
                                           "same value (55-BID-HOLD).", player=player, bid=high),
                               msg("{player} holds {bid}: the dealer takes the bid at the same "
                                   "value (55-BID-HOLD).", player=player, bid=high))
                else:
                    high = int(call)
                    line = _by(t, who, msg("{player} bid {bid}.", player=player, bid=call),
                               msg("{player} bids {bid}.", player=player, bid=call))
            elif k == "auction_won":
                bid = ev.data.get("bid")
                line = _by(t, who, msg("{player} win the auction with {bid}.", player=player,
                                       bid=bid),
                           msg("{player} wins the auction with {bid}.", player=player, bid=bid))
            elif k == "kitty":
                line = (render(msg("You take the kitty: {cards}.", cards=_kitty_cards(ev, text)))
                        if ev.private_to == seat and who == seat else
                        _by(t, who, msg("{player} take the five kitty cards.", player=player),
                            msg("{player} takes the five kitty cards.", player=player)))
            elif k == "discard":
                if ev.private_to == seat and who == seat:
                    card = ev.args[1].unicode if len(ev.args) > 1 else text.rsplit(" ", 1)[1]
                    line = render(msg("You discard {card}.", card=card.rstrip(".")))
                else:
                    line = _by(t, who, msg("{player} discard a card face down.", player=player),
                               msg("{player} discards a card face down.", player=player))
            elif k == "trump":
                suit = _suit(ev.data["suit"])
                line = _by(t, who, msg("{player} name {suit} as trumps.", player=player,
                                       suit=suit),
                           msg("{player} names {suit} as trumps.", player=player, suit=suit))
            elif k == "lead":
                line = _by(t, who, msg("{player} lead to the first trick.", player=player),
                           msg("{player} leads to the first trick.", player=player))
            elif k == "play":
                card = ev.args[1].unicode
                line = _by(t, who, msg("{player} play {card}.", player=player, card=card),
                           msg("{player} plays {card}.", player=player, card=card))
            elif k == "trick":
                number = ev.args[1]
                line = tricks[number - 1]["line"] if number <= len(tricks) else text
            elif k == "score":
                b = self.score_breakdown_now()
                line = b["lines"][0] if b else text
            elif k == "game_won":
                side = ev.data["side"]
                won = self.side_words(side)
                line = cap(render(msg("{player} win the game.", player=won) if self._is_you(side)
                                  else msg("{player} wins the game.", player=won)))
            else:
                line = text
            lines.append(line)
        return lines

    def side_words(self, side: int) -> str:
        """A side of the score in seat words: ``you (seat 1)`` alone, ``side 0 (your side)``
        in a game of sides (55-TEAMS)."""
        if self.state.game.settings.teams:
            return self.table.side_name(side)
        return self.table.who(side)

    def trick_explanations(self) -> list[dict]:
        """Each finished trick of this hand: who led, the cards, who won, why and the rule,
        and the sentence the learner reads."""
        s = self.state
        out = []
        for k, (leader, cards, winner) in enumerate(s.tricks, 1):
            r = s.explain_trick(k)
            why = trick_reason(self.table, s.rk, leader, cards)
            p = dict(number=k, player=self.table.who(winner), card=r.card.unicode,
                     reason=why["reason"])
            line = _by(self.table, winner,
                       msg("Trick {number}: {player} win with {card}, {reason}.", **p),
                       msg("Trick {number}: {player} wins with {card}, {reason}.", **p))
            out.append({"number": k, "leader": leader, "cards": list(cards),
                        "winner": winner, "card": r.card, "text": why["reason"],
                        "rule": r.rule, "comparisons": [c.text for c in r.comparisons],
                        "line": sentences(cap(line), why["twin"])})
        return out

    # -- the goal --------------------------------------------------------------------------
    def verdict(self) -> Verdict:
        """The goal checked on the engine state, with what happened (Verdict(None) while it is
        undecided or when there is no goal)."""
        if self.check_name is None:
            return Verdict(None)
        return GOALS[self.check_name](self, **self.check_args)

    def goal_met(self) -> bool | None:
        """True, False, or None while it is not decided (or there is no check)."""
        return self.verdict().met

    def decisions(self) -> list[tuple[State55, object]]:
        """Every action the learner took in this guided hand (through :meth:`play` or straight
        on the state, as the widget's hand does), with the state just before it: replayed from
        the engine's history."""
        s = type(self.state).initial(self.state.game)
        out = []
        for i, action in enumerate(self.state.history):
            if i >= self._first and getattr(action, "seat", None) == self.seat:
                out.append((s.copy(), action))
            s.play(action)
        return out

    def cards_that_win(self, trick: int) -> list[Card]:
        """The learner's legal cards at their turn in trick ``trick`` that would have won it
        (the others playing as they would)."""
        for before, action in self.decisions():
            if isinstance(action, Play) and len(before.tricks) == trick - 1:
                out = []
                for c in dict.fromkeys(before.legal_cards(self.seat)):
                    s = before.copy()
                    s.play(Play(self.seat, c))
                    while len(s.tricks) < trick and s.to_act != self.seat:
                        s.play(self.bot(s))
                    if len(s.tricks) >= trick and s.tricks[trick - 1][2] == self.seat:
                        out.append(c)
                return out
        return []

    def play_start(self) -> State55 | None:
        """The state when the learner first had to play a card (None if never)."""
        for before, action in self.decisions():
            if isinstance(action, Play):
                return before
        return None

    def winning_line(self, goal: Callable[["GuidedHand55"], bool], start: State55 | None
                     ) -> list[Card] | None:
        """Cards the learner could have played from ``start`` (the bots answering as they
        do) so that ``goal`` holds at the end of the hand; None if there is none (or the
        search is too big)."""
        if start is None or start.phase != "play":
            return None
        budget = [SEARCH_BUDGET]
        probe = object.__new__(type(self))
        probe.__dict__.update(self.__dict__)

        def search(s: State55, line: list[Card]) -> list[Card] | None:
            budget[0] -= 1
            if budget[0] < 0:
                return None
            if self.ended(s):
                probe.state = s
                return line if goal(probe) else None
            if s.to_act != self.seat or s.phase != "play":
                return None
            for c in dict.fromkeys(s.legal_cards(self.seat)):
                nxt = s.copy()
                nxt.play(Play(self.seat, c))
                self.run_bots(nxt)
                found = search(nxt, line + [c])
                if found is not None:
                    return found
            return None

        s0 = start.copy()
        self.run_bots(s0)
        return search(s0, [])

    def auction_hint(self, min_bid: int | None) -> str:
        """What call of the learner's would have won the auction (with at least
        ``min_bid``), the bots answering as they do."""
        s0 = self.start
        if s0.phase != "auction":
            return ""
        calls = [a.call for a in s0.legal_actions()
                 if a.call.isdigit() and int(a.call) >= (min_bid or 0)]
        for call in calls:
            s = s0.copy()
            s.play(Call(self.seat, call))
            self.run_bots(s)
            while s.phase == "auction" and s.to_act == self.seat:  # held: bid on, or keep it
                higher = [a for a in s.legal_actions() if a.call.isdigit()]
                s.play(higher[0] if higher else s.legal_actions()[0])
                self.run_bots(s)
            if s.bidder == self.seat:
                return render(msg("A bid of {bid} at your first call would have won you the "
                                  "auction.", bid=call))
        return render(msg("No bid of yours would have won the auction against these players."))

    # -- the score -------------------------------------------------------------------------
    def score_breakdown(self) -> dict | None:
        """The final score of the hand as plain data plus lines to show; None until over."""
        if not self.over:
            return None
        return self.score_breakdown_now()

    def score_breakdown_now(self) -> dict | None:
        return score_breakdown(self.state, self.seat, self.table)

    def outcome(self) -> dict | None:
        """The contract's outcome in numbers and one line (see :func:`outcome`)."""
        if not self.over:
            return None
        return outcome(self.state, self.seat, self.table)

    def summary(self) -> str:
        """One line: where the hand is."""
        if self.over:
            return render(msg("The hand is over."))
        s = self.state
        if self.learner_to_act:
            return render({"auction": msg("Your call."),
                           "discard": msg("Discard down to five cards."),
                           "trump": msg("Name trumps."), "draw": msg("Exchange cards, then draw."),
                           "play": msg("Your turn to play a card.")}.get(s.phase,
                                                                         msg("Your turn.")))
        return render(msg("Waiting for {player}.", player=self.table.who(s.to_act)))


def _kitty_cards(ev, text: str) -> str:
    """The kitty's cards of the bidder's own ``kitty`` event: the engine's message parameter
    (its text after the colon when the event is worded text)."""
    fmt = getattr(ev, "fmt", None)
    if isinstance(fmt, Msg) and "cards" in fmt.args:
        return render(fmt.args["cards"])
    return text.split(": ", 1)[1].removesuffix(".")


def _scored(s: State55, seat: int | None, table: Table | None):
    """(the engine's score of the hand just finished, the game, the table, a side's name) for
    the score's words; None if no hand has been scored."""
    sc = s.last_score
    if sc is None:
        return None
    g = s.game
    if table is None:
        table = table_for(GAME, g.n, seat, g.settings.teams)

    def name(side: int) -> str:
        return table.side_name(side) if g.settings.teams else table.who(side)

    return sc, g, table, name


def score_breakdown(s: State55, seat: int | None = None, table: Table | None = None
                    ) -> dict | None:
    """The score of the hand just finished in ``s`` as plain data plus lines to show
    (``seat``: the learner, named "you"; ``table``: how seats are named, by default numbered
    from the hand's dealer); None if no hand has been scored."""
    scored = _scored(s, seat, table)
    if scored is None:
        return None
    sc, g, table, name = scored
    best = sc.best_trump
    sides = []
    for i in range(g.sides):
        sides.append({"side": i, "name": name(i), "tricks": sc.tricks[i],
                      "trick_points": 5 * sc.tricks[i], "points": sc.points[i],
                      "bonus": sc.bonus_side == i,
                      "delta": sc.deltas[i], "score": s.scores[i],
                      "you": seat is not None and g.side_of[seat] == i})
    bidder = name(sc.bidding_side)
    out = outcome(s, seat, table)
    pts = sc.points[sc.bidding_side]
    you_bid = not g.settings.teams and table.you is not None and sc.bidding_side == table.you
    if you_bid:  # "{you} bid": the verb agrees with "you (seat 2)"
        said = (nmsg("{you} bid {bid} and made it with {points} point.",
                     "{you} bid {bid} and made it with {points} points.", pts, you=bidder,
                     bid=sc.bid, points=pts) if sc.made else
                nmsg("{you} bid {bid} and failed with {points} point (the bid needed {bid}).",
                     "{you} bid {bid} and failed with {points} points (the bid needed {bid}).",
                     pts, you=bidder, bid=sc.bid, points=pts))
    else:
        said = (nmsg("{player} bid {bid} and made it with {points} point.",
                     "{player} bid {bid} and made it with {points} points.", pts,
                     player=bidder, bid=sc.bid, points=pts) if sc.made else
                nmsg("{player} bid {bid} and failed with {points} point (the bid needed {bid}).",
                     "{player} bid {bid} and failed with {points} points (the bid needed "
                     "{bid}).", pts, player=bidder, bid=sc.bid, points=pts))
    lines = [out["line"], cap(render(said))]
    lines += list(sc.lines)
    if best is not None and sc.bonus_side is not None:
        lines.append(render(msg("The best-trump bonus (5) goes to {side}.",
                                side=name(sc.bonus_side))))
    for d in sides:
        p = dict(side=d["name"], points=d["points"], change=num(d['delta'], sign=True),
                 score=num(d["score"]))
        lines.append(cap(render(
            nmsg("{side}: {n} trick, {points} points with the bonus, {change} → {score}.",
                 "{side}: {n} tricks, {points} points with the bonus, {change} → {score}.",
                 d["tricks"], **p) if d["bonus"] else
            nmsg("{side}: {n} trick, {points} points, {change} → {score}.",
                 "{side}: {n} tricks, {points} points, {change} → {score}.", d["tricks"],
                 **p))))
    if sc.winner is not None:
        won = name(sc.winner)
        you = not g.settings.teams and table.you is not None and sc.winner == table.you
        lines.append(cap(render(msg("{player} win the game.", player=won) if you else
                                msg("{player} wins the game.", player=won))))
    trump = render(_suit(s.trump)) if s.trump else None
    return {"bidder": s.bidder, "bid": sc.bid, "trump": trump, "made": sc.made,
            "best_trump": best, "bonus_side": sc.bonus_side, "sides": sides,
            "winner": sc.winner, "lines": lines, "bidder_words": bidder, "bidder_is_you": you_bid,
            "outcome": out}


def outcome(s: State55, seat: int | None = None, table: Table | None = None) -> dict | None:
    """The hand's contract as the engine scored it (``state.last_score``), in numbers first:
    ``bidder`` (side), ``ours`` (the learner's side bid), ``bid``, ``took`` (the bidders'
    hand points, the best-trump bonus in them, 55-SCORE-TRICK, 55-SCORE-BONUS), ``made``,
    ``change`` (the bidders' score this hand, 55-SCORE-BID), then ``line``: "You bid 20 and
    took 15: you lose 20." """
    scored = _scored(s, seat, table)
    if scored is None:
        return None
    sc, g, table, name = scored
    b = sc.bidding_side
    ours = seat is not None and g.side_of[seat] == b
    who = name(b)
    change = sc.deltas[b]
    took = sc.points[b]
    result = _RESULT[("you" if ours and not g.settings.teams else "your side" if ours else
                      "they" if not g.settings.teams else "that side"), change >= 0]
    result = msg(result, amount=abs(change))
    p = dict(bid=sc.bid, took=took, result=result)
    if ours and not g.settings.teams:  # "you (seat 2) bid": its own message, the verb agreeing
        line = (pmsg("the learner bid", "{player} bid {bid} and took {took} ({tricks} of the "
                     "tricks): {result}.", player=who, tricks=sc.tricks[b], **p)
                if sc.bid == 60 else
                pmsg("the learner bid", "{player} bid {bid} and took {took}: {result}.",
                     player=who, **p))
    else:
        line = (msg("{player} bid {bid} and took {took} ({tricks} of the tricks): {result}.",
                    player=who, tricks=sc.tricks[b], **p) if sc.bid == 60 else
                msg("{player} bid {bid} and took {took}: {result}.", player=who, **p))
    line = cap(render(line))
    return {"bidder": b, "ours": ours, "bid": sc.bid, "took": took, "made": sc.made,
            "change": change, "line": line}


# what the bidders' score did, after "You bid 20 and took 15: ...": (who, a gain) -> words
_RESULT = {("you", True): N_("you score {amount}"), ("you", False): N_("you lose {amount}"),
           ("your side", True): N_("your side scores {amount}"),
           ("your side", False): N_("your side loses {amount}"),
           ("they", True): N_("they score {amount}"), ("they", False): N_("they lose {amount}"),
           ("that side", True): N_("that side scores {amount}"),
           ("that side", False): N_("that side loses {amount}")}


def trump_order_text(trump: str) -> str:
    """The trumps of 55 best first (for a reminder next to the hand)."""
    rk = ranking(trump)
    return " ".join(c.unicode for c in rk.trump_order)


__all__ = ["GuidedHand55", "SCRIPTED", "Script", "GOALS", "Verdict", "score_breakdown",
           "find_script", "trump_order_text"]
