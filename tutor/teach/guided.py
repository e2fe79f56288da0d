"""Guided hands of 55: the learner plays one whole hand (auction, kitty, trumps, five tricks,
score) against engine opponents (``tutor.games.g55.bot.choose``).

A :class:`GuidedHand` starts from a seed (a fresh deal from ``random.Random(seed)``, for free
practice and replay) or from a scripted position in the 55 notation (a lesson: fixed hands and
a goal).  The bots act until the learner must; the learner's actions are checked by the engine
(an illegal one raises :class:`~tutor.engine.errors.IllegalAction` with reason, rule and the
legal alternatives).  Everything the learner reads comes from the engine: the narration is the
learner's own view of the events, each trick is explained by ``state.explain_trick`` and the
score by ``state.last_score``.

Pure Python: no widgets here (``tutor.ui.guided`` draws it).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from ..engine.cards import SUIT_NAME, SUIT_SYMBOL, Card
from ..engine.errors import InputError
from ..games.g55.bot import choose
from ..games.g55.game import Game55, State55
from ..games.g55.notation import parse_position, position_to_state
from ..games.g55.play import ranking

HAND_OVER = ("deal", "game_over")
MAX_REDEALS = 20


# -- goals ------------------------------------------------------------------------------------
# A goal check reads the state and the learner's seat: True (met), False (missed) or None (not
# decided yet).  Its keyword arguments come from the scripted deal.
def _jack_of_trumps(state: State55) -> Card | None:
    return Card.parse(f"J{state.trump}") if state.trump else None


def win_trick_keep_jack(state: State55, seat: int, trick: int = 1) -> bool | None:
    """The learner wins trick ``trick`` without playing the jack of trumps in it."""
    if len(state.tricks) < trick:
        return None
    leader, cards, winner = state.tricks[trick - 1]
    mine = cards[(seat - leader) % state.n]
    return winner == seat and mine is not _jack_of_trumps(state)


def make_the_bid(state: State55, seat: int) -> bool | None:
    """The learner wins the auction and makes the bid."""
    if state.bidder is not None and state.bidder != seat:
        return False
    if state.last_score is None or state.phase not in HAND_OVER:
        return None
    return state.last_score.made


def win_tricks(state: State55, seat: int, count: int = 3) -> bool | None:
    """The learner wins at least ``count`` tricks of the hand."""
    won = sum(1 for _, _, w in state.tricks if w == seat)
    if won >= count:
        return True
    left = 5 - len(state.tricks)
    return False if won + left < count else None


GOALS: dict[str, Callable[..., bool | None]] = {
    "win_trick_keep_jack": win_trick_keep_jack,
    "make_the_bid": make_the_bid,
    "win_tricks": win_tricks,
}


# -- scripted deals ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Script:
    """A scripted hand for a lesson: a position (55 notation), the learner's seat, a goal."""

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
           "You hold the three best hearts. Bid (at least 20), take the kitty, name hearts as "
           "trumps and make your bid.",
           "make_the_bid"),
    Script("draw-the-trumps", "Lead trumps to draw them",
           "game: 55\nplayers: 3\ndealer: 2\n"
           "hand 0: 5S JS AH KS 9C\n"
           "hand 1: 3S 7D QC 4H 8H\n"
           "hand 2: 2S 5C 8D 10H 6S\n"
           "kitty: QS 3D 2C JC 6D\n"
           "calls: 20 pass pass\n"
           "discards: QS 3D 2C JC 6D\n"
           "trump: S\n",
           "You bid 20 with spades as trumps and lead first. Lead your top trumps to draw the "
           "others' trumps, and win at least four tricks.",
           "win_tricks", (("count", 4),)),
)


def script(name: str) -> Script:
    for s in SCRIPTED:
        if s.name == name:
            return s
    raise InputError(f"no scripted hand {name!r}; there are: "
                     + ", ".join(s.name for s in SCRIPTED), "script")


# -- the driver -------------------------------------------------------------------------------
class GuidedHand:
    """One hand of 55 for a learner at ``seat`` against bots.

    ``GuidedHand(seed=7)`` deals a fresh hand; ``GuidedHand(position=text)`` or
    ``GuidedHand(script="keep-the-jack")`` starts at a given moment.  Call
    :meth:`advance_bots` to let the bots act until the learner must (the constructor does it
    once), then :meth:`play` the learner's actions.
    """

    def __init__(self, seed: int | None = None, position: str | None = None,
                 script: str | Script | None = None, seat: int = 0, players: int = 4,
                 goal: str = "", check: str | None = None, check_args: dict | None = None,
                 bot: Callable = choose):
        if script is not None:
            sc = script if isinstance(script, Script) else globals()["script"](script)
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
        else:
            if seed is None:
                seed = random.randrange(1, 10**6)
            if isinstance(seed, bool) or not isinstance(seed, int):
                raise InputError(f"a seed is a whole number, not {seed!r}", "seed")
            self.seed = seed
            self.rng = random.Random(seed)
            self.state = Game55(players).new_game(self.rng)
        n = self.state.n
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise InputError(f"the learner's seat must be 0-{n - 1}, not {seat!r}", "seat")
        self.seat = seat
        self.hand_no = self.state.hand_no
        self._seen = 0  # events of the learner's view already returned by advance_bots
        self.advance_bots()

    # -- state -----------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        """The hand has been played and scored."""
        s = self.state
        return s.phase == "game_over" or (s.phase == "deal" and s.last_score is not None
                                          and s.hand_no == self.hand_no)

    @property
    def learner_to_act(self) -> bool:
        return not self.over and self.state.to_act == self.seat

    def learner_actions(self) -> list:
        return self.state.legal_actions() if self.learner_to_act else []

    # -- acting ----------------------------------------------------------------------------
    def advance_bots(self) -> list[str]:
        """Let the bots (and chance, after a thrown-in hand) act until the learner must act
        or the hand is over; return the new narration lines."""
        s = self.state
        redeals = 0
        while not self.over and s.to_act != self.seat:
            if s.phase == "deal" or s.is_chance:  # nobody bid: the hand is dealt again
                redeals += 1
                if redeals > MAX_REDEALS:
                    raise RuntimeError("too many thrown-in hands")
                s.chance(self.rng)
                self.hand_no = s.hand_no
                continue
            s.play(self.bot(s))
        return self._new_lines()

    def play(self, action) -> list[str]:
        """The learner's action (checked: an IllegalAction propagates); then the bots act.
        Returns the narration lines that are new."""
        if self.over:
            raise InputError("the hand is over: deal a new one", "action")
        if getattr(action, "seat", self.seat) != self.seat:
            raise InputError(f"you play for seat {self.seat}, not seat {action.seat}",
                             "action")
        self.state.play(action)
        return self.advance_bots()

    def _new_lines(self) -> list[str]:
        lines = self.narration()
        new, self._seen = lines[self._seen:], len(lines)
        return new

    # -- reading ---------------------------------------------------------------------------
    def narration(self) -> list[str]:
        """Every event the learner's seat may read, oldest first."""
        return list(self.state.view(self.seat)["events"])

    def trick_explanations(self) -> list[dict]:
        """Each finished trick of this hand: who led, the cards, who won, why and the rule."""
        s = self.state
        out = []
        for k, (leader, cards, winner) in enumerate(s.tricks, 1):
            r = s.explain_trick(k)
            out.append({"number": k, "leader": leader, "cards": list(cards),
                        "winner": winner, "card": r.card, "text": r.text, "rule": r.rule,
                        "comparisons": [c.text for c in r.comparisons],
                        "line": f"Trick {k}: seat {winner} wins. "
                                f"{r.text}."})
        return out

    def goal_met(self) -> bool | None:
        """True, False, or None while it is not decided (or there is no check)."""
        if self.check_name is None:
            return None
        return GOALS[self.check_name](self.state, self.seat, **self.check_args)

    def score_breakdown(self) -> dict | None:
        """The final score of the hand as plain data plus lines to show; None until over."""
        if not self.over:
            return None
        return score_breakdown(self.state, self.seat)

    def summary(self) -> str:
        """One line: where the hand is."""
        if self.over:
            return "The hand is over."
        s = self.state
        if self.learner_to_act:
            return {"auction": "Your call.", "discard": "Discard down to five cards.",
                    "trump": "Name trumps.", "draw": "Exchange cards, then draw.",
                    "play": "Your turn to play a card."}.get(s.phase, "Your turn.")
        return f"Seat {s.to_act} to act."


def score_breakdown(s: State55, seat: int | None = None) -> dict | None:
    """The score of the hand just finished in ``s`` as plain data plus lines to show
    (``seat``: the learner, marked "you"); None if no hand has been scored."""
    sc = s.last_score
    if sc is None:
        return None
    g = s.game
    best = sc.best_trump
    sides = []
    for i in range(g.sides):
        sides.append({"side": i, "name": g.side_name(i), "tricks": sc.tricks[i],
                      "points": sc.points[i], "bonus": sc.bonus_side == i,
                      "delta": sc.deltas[i], "score": s.scores[i],
                      "you": seat is not None and g.side_of[seat] == i})
    bidder_name = g.side_name(sc.bidding_side)
    lines = [f"{bidder_name.capitalize()} bid {sc.bid} and "
             + (f"made it with {sc.points[sc.bidding_side]} points."
                if sc.made else
                f"failed with {sc.points[sc.bidding_side]} points.")]
    lines += list(sc.lines)
    if best is not None and sc.bonus_side is not None:
        lines.append(f"The best-trump bonus (5) goes to {g.side_name(sc.bonus_side)}.")
    for d in sides:
        lines.append(f"{d['name'].capitalize()}{' (you)' if d['you'] else ''}: "
                     f"{d['tricks']} trick{'s' if d['tricks'] != 1 else ''}, "
                     f"{d['points']} points{' with the bonus' if d['bonus'] else ''}, "
                     f"{d['delta']:+d} → {d['score']}.")
    if sc.winner is not None:
        lines.append(f"{g.side_name(sc.winner).capitalize()} wins the game.")
    trump = (f"{SUIT_SYMBOL[s.trump]} {SUIT_NAME[s.trump]}" if s.trump else None)
    return {"bidder": s.bidder, "bid": sc.bid, "trump": trump, "made": sc.made,
            "best_trump": best, "bonus_side": sc.bonus_side, "sides": sides,
            "winner": sc.winner, "lines": lines}


def trump_order_text(trump: str) -> str:
    """The trumps of 55 best first (for a reminder next to the hand)."""
    rk = ranking(trump)
    return " ".join(c.unicode for c in rk.trump_order)


__all__ = ["GuidedHand", "SCRIPTED", "Script", "GOALS", "score_breakdown", "script",
           "trump_order_text"]
