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

from ...engine.cards import SUIT_NAME, SUIT_SYMBOL, Card, format_cards
from ...engine.errors import InputError
from ...engine.state import Call, ChooseDealer, Play
from ...games.g55 import SPEC
from ...games.g55.bot import choose
from ...games.g55.game import Game55, State55
from ...games.g55.notation import parse_position, position_to_state
from ...games.g55.play import ranking
from ...games.registry import hand_over
from ..guided import GuidedHand, cap, cards_words, check_seat, check_seed, does, trick_reason
from ..seats import Table, seats_words, table_for

GAME = SPEC.name  # this module teaches this game only
ORDINAL = {1: "", 2: "second ", 3: "third ", 4: "fourth ", 5: "fifth "}
SEARCH_BUDGET = 4000  # positions a goal's "what would have met it" may look at


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
        return Verdict(True, f"Goal met: you won trick {trick} with {mine.unicode} and kept "
                             f"your {jack.unicode} for later.")
    if mine == jack:
        what = (f"you played your {jack.unicode}: it won trick {trick}, but the goal was to win "
                f"it and keep the {jack.unicode} for later" if winner == seat else
                f"you played your {jack.unicode} and {t.who(winner)} still won trick {trick}")
    else:
        best = cards[(winner - leader) % s.n]
        what = (f"you played {mine.unicode} and {does(t, winner, 'win')} trick {trick} with "
                f"{best.unicode}; the goal was to win it and keep your {jack.unicode}")
    better = [c for c in g.cards_that_win(trick) if c != jack]
    hint = (f" {cards_words(better)} would have won it and kept the {jack.unicode}."
            if better else " No other card of yours could have won it.")
    return Verdict(False, f"Goal missed: {what}.{hint}")


def make_the_bid(g: "GuidedHand55", min_bid: int | None = None,
                 trump: str | None = None) -> Verdict:
    """The learner wins the auction (with a bid of at least ``min_bid``), names ``trump`` as
    trumps (when given) and makes the bid."""
    s, seat, t = g.state, g.seat, g.table
    goal = "the goal was " + (f"a bid of at least {min_bid} that you win and then make"
                              if min_bid else "to win the auction and make your bid")
    mine = [c for x, c in (s.auction.calls if s.auction else []) if x == seat]
    bids = [int(c) for c in mine if c.isdigit()]
    said = (f"you bid {bids[-1]}" if bids else "you passed" if mine else "you made no call")
    if s.bidder is None:  # the auction is on (the bots finish it once the learner is out)
        return Verdict(None)
    if s.bidder != seat:
        return Verdict(False, f"Goal missed: {said}, {goal}; {t.who(s.bidder)} won the "
                              f"auction with {s.bid}. {g.auction_hint(min_bid)}")
    if min_bid and s.bid < min_bid:
        return Verdict(False, f"Goal missed: you won the auction with {s.bid}, {goal}. "
                              f"{g.auction_hint(min_bid)}")
    if trump and s.trump is not None and s.trump != trump:
        return Verdict(False, f"Goal missed: you named {SUIT_NAME[s.trump]} as trumps; the "
                              f"goal was {SUIT_SYMBOL[trump]} {SUIT_NAME[trump]}.")
    if s.last_score is None or not hand_over(s):
        return Verdict(None)
    sc = s.last_score
    pts = sc.points[sc.bidding_side]
    trumps = f" with {SUIT_NAME[s.trump]} as trumps" if s.trump else ""
    if sc.made:
        named = f", named {SUIT_NAME[s.trump]} as trumps" if trump else ""
        return Verdict(True, f"Goal met: you won the auction with {s.bid}{named} and made "
                             f"your bid with {pts} points.")
    line = g.winning_line(lambda h: h.state.last_score is not None and h.state.last_score.made,
                          start=g.play_start())
    hint = (f" Playing {cards_words(line)} in that order would have made it." if line else
            f" No way of playing the five cards you kept makes {s.bid} against these "
            "players: the cards you kept (or the bid) had to be different.")
    return Verdict(False, f"Goal missed: you bid {s.bid}{trumps} but took {pts} points; the "
                          f"goal was to make the bid ({s.bid} points).{hint}")


def win_tricks(g: "GuidedHand55", count: int = 3) -> Verdict:
    """The learner wins at least ``count`` tricks of the hand (5: all five)."""
    s, seat = g.state, g.seat
    won = [k for k, (_, _, w) in enumerate(s.tricks, 1) if w == seat]
    wanted = "all five" if count >= 5 else f"at least {count}"
    if len(won) >= count:
        what = "all five tricks" if len(won) == 5 else \
            f"{len(won)} tricks (tricks {_numbers(won)})"
        return Verdict(True, f"Goal met: you won {what}.")
    left = 5 - len(s.tricks)
    if len(won) + left >= count:
        return Verdict(None)
    lost = [f"trick {k} went to {g.table.who(w)} ({cs[(w - ld) % s.n].unicode})"
            for k, (ld, cs, w) in enumerate(s.tricks, 1) if w != seat]
    line = g.winning_line(lambda h: sum(1 for *_, w in h.state.tricks if w == seat) >= count,
                          start=g.start)
    hint = (f" Playing {cards_words(line)} in that order would have won {wanted}." if line
            else " No way of playing your cards wins that many against these players.")
    return Verdict(False, f"Goal missed: you won {len(won)} trick{'s' if len(won) != 1 else ''}"
                          f"; the goal was {wanted}. {cap('; '.join(lost))}.{hint}")


def _numbers(ks) -> str:
    ks = [str(k) for k in ks]
    return ks[0] if len(ks) == 1 else ", ".join(ks[:-1]) + " and " + ks[-1]


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
    Script("keep-the-jack", "Win cheaply, keep the jack",
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
           "Seat 1 led the 10♦ and the others followed with small trumps. Win this trick, but "
           "keep your J♦ (the second-best trump) for later: which trump is just good enough?",
           "win_trick_keep_jack", (("trick", 2),)),
    Script("bid-your-hand", "Bid on a strong hand and make it",
           "game: 55\nplayers: 4\ndealer: 3\n"
           "hand 0: 5H JH AH KH 2C\n"
           "hand 1: 3D 7S QC 4S 9D\n"
           "hand 2: 2S 5C 8D AD 10S\n"
           "hand 3: 3C 4D 9S 7D KS\n"
           "kitty: QH 3S 8C JC 6D\n",
           "You hold the three best hearts. Win the auction with a bid of at least 20, take "
           "the kitty, name hearts as trumps and make your bid.",
           "make_the_bid", (("min_bid", 20), ("trump", "H"))),
    Script("draw-the-trumps", "Lead trumps to draw them",
           "game: 55\nplayers: 3\ndealer: 2\n"
           "hand 0: 5S JS KD QD KC\n"
           "hand 1: 2S 7C 8C 4H 8H\n"
           "hand 2: 3S 7D 9D 5H 10H\n"
           "kitty: QS 3D 2C JC 6D\n"
           "calls: 20 pass pass\n"
           "discards: QS 3D 2C JC 6D\n"
           "trump: S\n",
           "You bid 20 with spades as trumps and lead first. Win all five tricks: lead your "
           "top trumps first, to draw the others' trumps before they can trump your kings.",
           "win_tricks", (("count", 5),)),
)


def find_script(name: str) -> Script:
    for s in SCRIPTED:
        if s.name == name:
            return s
    raise InputError(f"no scripted hand {name!r}; there are: "
                     + ", ".join(s.name for s in SCRIPTED), "script")


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
            position, seat, goal = sc.position, sc.seat, goal or sc.goal
            check, check_args = sc.check, dict(sc.args)
            self.script: Script | None = sc
        else:
            self.script = None
        if check is not None and check not in GOALS:
            raise InputError(f"no goal check {check!r}; there are: " + ", ".join(GOALS),
                             "check")
        self.goal, self.check_name, self.check_args = goal, check, dict(check_args or {})
        self.bot = bot
        if position is not None:
            self.seed = None
            self.rng = random.Random(0)
            self.state: State55 = position_to_state(parse_position(position))
            n = self.state.n
            if self.state.hand_dealer != n - 1:
                raise InputError(f"a guided hand numbers the seats from the dealer, who is seat "
                                 f"{n - 1} (55-SEATS), not seat {self.state.hand_dealer}",
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
            return "you"
        if 2 * k == n:
            words = "the player opposite you"
        elif k < n / 2:
            words = f"the {ORDINAL[k]}player on your left"
        else:
            words = f"the {ORDINAL[n - k]}player on your right"
        return f"{words} (seat {seat})" if number else words

    def name_in_game(self, side: int, number: bool = True) -> str:
        """A player (or a side, 55-TEAMS) named as a whole game names it (see :meth:`place`):
        ``you``, ``your side``, ``side 0 (seats 1 and 3)``."""
        g = self.state.game
        if not g.settings.teams:
            return self.place(side, number)
        if side == g.side_of[self.seat]:
            return "your side"
        seats = [x for x in range(g.n) if g.side_of[x] == side]
        return f"side {side} ({seats_words(seats)})" if number else f"side {side}"

    def race_lines(self) -> list[str]:
        """The race to the target: every score, best first; who is within three tricks of
        it; what a 60 would do for the learner."""
        s, g = self.state, self.state.game
        st = g.settings
        target = st.target_score
        order = sorted(range(g.sides), key=lambda i: (-s.scores[i], i))
        mine = g.side_of[self.seat]

        def verb(name: str, word: str) -> str:
            return word if name == "you" else word + "s"

        lines = [f"The race to {target} (55-GAME-TARGET): "
                 + "; ".join(f"{self.name_in_game(i)} {s.scores[i]}" for i in order) + "."]
        if s.winner is not None:
            won = self.name_in_game(s.winner, False)
            lines.append(f"{cap(won)} {verb(won, 'win')} the game with {s.scores[s.winner]}.")
            return lines
        for i in order:
            need = target - s.scores[i]
            if not 0 < need <= 15:
                continue
            name = self.name_in_game(i, False)
            tricks = -(-need // 5)
            if st.only_bidder_can_win:
                lines.append(f"{cap(name)} {verb(name, 'need')} {need} more points, but only "
                             "the bidder can win (house rule): a bid made that reaches "
                             f"{target} (55-GAME-RACE).")
            else:
                lines.append(f"{cap(name)} {verb(name, 'need')} {need} more points: "
                             f"{tricks} trick{'s' if tricks != 1 else ''} could win the game, "
                             "for a player who did not bid counts its points as it takes "
                             "them (55-GAME-RACE).")
        win, loss = st.sixty
        m = s.scores[mine]
        you = "your side" if st.teams else "you"
        lines.append(f"A 60 made (all five tricks, 55-SCORE-SIXTY) would take {you} to "
                     f"{m + win}" + (" and win the game" if m + win >= target else "")
                     + f"; a 60 failed would cost {abs(loss)}, to {m + loss}.")
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
                     "why": f"{failed} of your {len(mine)} bid{'s' if len(mine) != 1 else ''} "
                            "failed: what a hand is worth, and the bid it can make"}]
        if not mine:
            return [{"page": "55-auction", "failed": 0, "bids": 0,
                     "why": "you never won the auction: when a hand is worth a bid"}]
        return [{"page": "55-winning", "failed": 0, "bids": len(mine),
                 "why": "every bid of yours was made: win more tricks as a defender"}]

    def result_line(self) -> str:
        """``the player on your left bid 15 and made it with 25 points; you +0, to 10.``"""
        s = self.state
        sc = s.last_score
        if sc is None or not self.over:
            return "not scored yet."
        g = s.game
        who = self.name_in_game(sc.bidding_side, False)
        pts = sc.points[sc.bidding_side]
        did = (f"made it with {pts} points" if sc.made else
               f"failed with {pts} points")
        mine = g.side_of[self.seat]
        you = "your side" if g.settings.teams else "you"
        return (f"{cap(who)} bid {sc.bid} and {did}; {you} {sc.deltas[mine]:+d}, to "
                f"{s.scores[mine]}.")

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
            if k == "deal":
                line = (f"{does(t, who, 'deal', True)} five cards to each player and five to "
                        "the kitty.")
            elif k == "hand":
                line = (f"Your cards: {format_cards(sorted(ev.args[1]), 'unicode')}."
                        if ev.args[0] == seat else text)
            elif k == "call":
                call = ev.data.get("call")
                if call == "pass":
                    line = f"{does(t, who, 'pass', True)} and {'are' if who == seat else 'is'} " \
                           "out of the auction (55-BID-OUT)."
                elif call == "hold":
                    line = f"{does(t, who, 'hold', True)} {high}: the dealer takes the bid at " \
                           "the same value (55-BID-HOLD)."
                else:
                    high = int(call)
                    line = f"{does(t, who, 'bid', True)} {call}."
            elif k == "auction_won":
                line = f"{does(t, who, 'win', True)} the auction with {ev.data.get('bid')}."
            elif k == "kitty":
                line = (f"You take the kitty: {text.split(': ', 1)[1]}" if ev.private_to == seat
                        and who == seat else f"{does(t, who, 'take', True)} the five kitty cards.")
            elif k == "discard":
                if ev.private_to == seat and who == seat:
                    card = ev.args[1].unicode if len(ev.args) > 1 else text.rsplit(" ", 1)[1]
                    line = f"You discard {card.rstrip('.')}."
                else:
                    line = f"{does(t, who, 'discard', True)} a card face down."
            elif k == "trump":
                suit = ev.data["suit"]
                line = (f"{does(t, who, 'name', True)} {SUIT_SYMBOL[suit]} {SUIT_NAME[suit]} as "
                        "trumps.")
            elif k == "lead":
                line = f"{does(t, who, 'lead', True)} to the first trick."
            elif k == "play":
                line = f"{does(t, who, 'play', True)} {ev.args[1].unicode}."
            elif k == "trick":
                number = ev.args[1]
                line = tricks[number - 1]["line"] if number <= len(tricks) else text
            elif k == "score":
                b = self.score_breakdown_now()
                line = b["lines"][0] if b else text
            elif k == "game_won":
                won = self.side_words(ev.data["side"])
                line = f"{cap(won)} {'win' if won.startswith('you ') else 'wins'} the game."
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
            line = (f"Trick {k}: {does(self.table, winner, 'win')} with {r.card.unicode}, "
                    f"{why['reason']}.")
            out.append({"number": k, "leader": leader, "cards": list(cards),
                        "winner": winner, "card": r.card, "text": why["reason"],
                        "rule": r.rule, "comparisons": [c.text for c in r.comparisons],
                        "line": cap(line) + (" " + why["twin"] if why["twin"] else "")})
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
                return f"A bid of {call} at your first call would have won you the auction."
        return "No bid of yours would have won the auction against these players."

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
            return "The hand is over."
        s = self.state
        if self.learner_to_act:
            return {"auction": "Your call.", "discard": "Discard down to five cards.",
                    "trump": "Name trumps.", "draw": "Exchange cards, then draw.",
                    "play": "Your turn to play a card."}.get(s.phase, "Your turn.")
        return f"Waiting for {self.table.who(s.to_act)}."


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
    lines = [out["line"],
             f"{cap(bidder)} bid {sc.bid} and "
             + (f"made it with {sc.points[sc.bidding_side]} points."
                if sc.made else
                f"failed with {sc.points[sc.bidding_side]} points (the bid needed {sc.bid}).")]
    lines += list(sc.lines)
    if best is not None and sc.bonus_side is not None:
        lines.append(f"The best-trump bonus (5) goes to {name(sc.bonus_side)}.")
    for d in sides:
        lines.append(f"{cap(d['name'])}: "
                     f"{d['tricks']} trick{'s' if d['tricks'] != 1 else ''}, "
                     f"{d['points']} points{' with the bonus' if d['bonus'] else ''}, "
                     f"{d['delta']:+d} → {d['score']}.")
    if sc.winner is not None:
        won = name(sc.winner)
        lines.append(f"{cap(won)} {'win' if won.startswith('you ') else 'wins'} the game.")
    trump = (f"{SUIT_SYMBOL[s.trump]} {SUIT_NAME[s.trump]}" if s.trump else None)
    return {"bidder": s.bidder, "bid": sc.bid, "trump": trump, "made": sc.made,
            "best_trump": best, "bonus_side": sc.bonus_side, "sides": sides,
            "winner": sc.winner, "lines": lines, "bidder_words": bidder, "outcome": out}


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
    they = "you" if ours and not g.settings.teams else "your side" if ours else \
        "they" if not g.settings.teams else "that side"
    verb = ("score" if they in ("you", "they") else "scores") if change >= 0 else \
        ("lose" if they in ("you", "they") else "loses")
    took = sc.points[b]
    line = (f"{cap(who)} bid {sc.bid} and took {took}"
            + (f" ({sc.tricks[b]} of the tricks)" if sc.bid == 60 else "")
            + f": {they} {verb} {abs(change)}.")
    return {"bidder": b, "ours": ours, "bid": sc.bid, "took": took, "made": sc.made,
            "change": change, "line": line}


def trump_order_text(trump: str) -> str:
    """The trumps of 55 best first (for a reminder next to the hand)."""
    rk = ranking(trump)
    return " ".join(c.unicode for c in rk.trump_order)


__all__ = ["GuidedHand55", "SCRIPTED", "Script", "GOALS", "Verdict", "score_breakdown",
           "find_script", "trump_order_text"]
