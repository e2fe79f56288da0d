"""Guided hands of 56: the learner plays one whole hand with engine partners against engine
opponents (``tutor.games.g56.bot.choose``), for 4, 6 or 8 players.

A :class:`GuidedHand56` deals from ``random.Random(seed)`` (the same seed, the same hand: the
learner's seat, the cards and, the bots being deterministic, their answers to the same learner
choices).  Seats are numbered as the lessons teach (56-SEATS): the dealer is seat ``n - 1``,
seat 0 (the dealer's right) calls first and leads, team 0 is the even seats, the dealer's
opponents.  A guided hand is always dealt that way, so the seat and team numbers the engine
uses are the hand's own; the learner's seat is drawn from the seed (sometimes the dealer,
sometimes seat 0).  The permanent partnership names stay: Red is the even seats, Black the odd.

The bots act for every other seat, partners included, until the learner must act; the
learner's actions are checked by the engine (an illegal one raises
:class:`~tutor.engine.errors.IllegalAction` with a reason, a ``56-`` rule ID and the legal
alternatives).

What the learner reads comes from the engine, with every seat named through
:mod:`tutor.teach.seats` ("you (seat 2)", "your partner (seat 0)", "an opponent (seat 1)",
"the dealer (seat 5, an opponent)"):

* every call with its conventional meaning (56-CONV, ``explain_auction``), and after each of the
  learner's own calls what it tells their partners;
* every trick: who won it, why (the winning card's place in the trick; of two identical cards
  the one played first, 56-IDENTICAL) and how many card points it held;
* the settlement of the hand (``state.last_settlement``, 56-MADE, 56-TIERS, 56-TRANSFER, and
  the ``cot`` house rule) as a breakdown and a sentence.

The auction offers a manageable set of calls: pass, double and redouble when legal, and bids
built from a level (:meth:`GuidedHand56.bid_levels`) and a style
(:meth:`GuidedHand56.bid_choices`).  Pure Python: no widgets here (``tutor.ui.g56.guided``
draws it).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass

from ...engine.cards import SUIT_NAME, SUIT_SYMBOL, Card
from ...engine.errors import InputError
from ...engine.state import Call, ChooseDealer, Deal, Play
from ...games.g56 import SPEC
from ...games.g56 import game as g56
from ...games.g56.auction import STYLE_NAME, Auction56, Call56, parse_call
from ...games.g56.bot import choose
from ...games.g56.conventions import Meaning, explain_auction
from ...games.g56.play import card_points
from ...games.g56.tables import MAX_BID, MIN_BID, PLAYERS, stake_words, tier
from ..guided import GuidedHand, cap, check_seat, check_seed, does, new_seed, trick_reason
from ..seats import seats_words, table_for

GAME = SPEC.name  # this module teaches this game only
Game56, State56, PARTNERSHIPS = g56.Game56, g56.State56, g56.PARTNERSHIPS
AUCTION, COT_OFFER, COT_ANSWER, PLAY, DEAL, OVER = (g56.AUCTION, g56.COT_OFFER, g56.COT_ANSWER,
                                                    g56.PLAY, g56.DEAL, g56.OVER)
HAND_OVER = (DEAL, OVER)
PLAIN_CALLS = ("pass", "double", "redouble")
COT_WORDS = {"play_on": "Play on", "surrender": "Surrender", "accept": "Accept",
             "refuse": "Refuse"}
# the bid builder's styles, in the order the widget shows them: (style, denominations)
BID_STYLES = (("number_suit", "SHDC"), ("suit_number", "SHDC"), ("number_nt", ("NT",)),
              ("number_noes", ("NT",)), ("plus_suit", "SHDC"), ("plus_noes", ("NT",)),
              ("plus_nt", ("NT",)))



ORDINAL = {2: "two", 3: "three"}  # seats away


def denomination_words(d: str) -> str:
    """``S`` -> ``♠ spades``, ``NT`` -> ``no trumps``."""
    return "no trumps" if d == "NT" else f"{SUIT_SYMBOL[d]} {SUIT_NAME[d]}"


def _after_colon(text: str) -> str:
    return text.split(": ", 1)[1] if ": " in text else text


def tables_words(k: int) -> str:
    return f"{k} table{'s' if k != 1 else ''}"


@dataclass(frozen=True)
class CallMoment:
    """One call of the auction with what the table knew around it: the standing bid before
    it (``level`` 0 when none), whether the auction ended with it, and its conventional
    meaning (56-CONV)."""

    seat: int
    meaning: Meaning
    level: int
    high_seat: int | None
    done: bool
    pass_is_final: bool


def _moment(n, dealer, settings, calls) -> CallMoment:
    """The last call of ``calls`` (a ``call`` event's args replay the auction up to it, as
    ``tutor.games.g56.game`` writes them)."""
    a = Auction56(n, dealer, settings)
    for seat, call in calls[:-1]:
        a.call(call, seat)
    level, high_seat = a.high, a.high_seat
    seat, call = calls[-1]
    a.call(call, seat)
    return CallMoment(seat, explain_auction(a)[-1], level, high_seat, a.done,
                      bool(settings.pass_is_final))


@dataclass(frozen=True)
class BidChoice:
    """One bid the learner may make at a level: its written form (for :meth:`call`), how it
    is shown and spoken, its style and what it would tell partner (56-CONV)."""

    call: str  # written form: 30S, S30, 30NT, 30NOES, +2S, +1NOES, +1NT
    level: int
    style: str
    style_name: str
    denomination: str  # S H D C or NT
    label: str  # short button text: 30♠, ♠30, 30 NT, 30 Noes, +2♠, +1 Noes
    spoken: str  # Thirty Spades ...
    meaning: str  # the full conventional meaning
    tells: str  # what it says to partner (the meaning after "Seat 0 bids ...:")


class GuidedHand56(GuidedHand):
    """One hand of 56 for a learner with bot partners and bot opponents.

    ``GuidedHand56(players=6, seed=7)`` deals a fresh hand (``seed=None``: a fresh seed, kept
    in :attr:`seed`); the dealer is seat ``n - 1`` (56-SEATS) and the learner's seat is drawn
    from the seed unless ``seat`` is given.  ``deal`` gives the cards of every seat instead of
    a shuffle (a lesson, a test).  ``rules`` are house rules
    (``tutor.games.g56.tables.SETTINGS``; the defaults have no cot and no redeals).  The bots
    act at once until the learner must act; then call :meth:`call`, :meth:`bid`,
    :meth:`play_card`, :meth:`answer_cot` or :meth:`play` with an engine action.
    """

    def __init__(self, players: int = 6, seed: int | None = None, rules: dict | None = None,
                 bot: Callable = choose, seat: int | None = None, deal=None, tables=None,
                 names: tuple[str, str] = PARTNERSHIPS):
        if isinstance(players, bool) or players not in PLAYERS:
            raise InputError(f"a guided hand of 56 is for 4, 6 or 8 players, not {players!r} "
                             "(56-PLAYERS)", "players")
        self.seed = seed = check_seed(seed)
        self.players = players
        self.bot = bot
        self.rng = random.Random(seed)
        drawn = players - 1 - self.rng.randrange(players)  # the learner's place from the dealer
        if seat is None:
            seat = drawn
        self.seat = check_seat(seat, players)
        self.table = table_for(GAME, players, seat)
        self.game = Game56(players, rules, tables, names)
        self.state: State56 = State56.initial(self.game)
        self.state.play(ChooseDealer(players - 1))  # 56-SEATS: the dealer is seat n-1
        if deal is not None:
            self.state.play(Deal(tuple(tuple(Card.parse(str(c)) if not isinstance(c, Card)
                                             else c for c in h) for h in deal)))
        while self.state.is_chance:  # the deal, and any redeal a house rule asks for
            self.state.chance(self.rng)
        self._mark_hand()
        self._seen = 0
        self.advance_bots()

    # -- the hand's seats and teams (fixed at the deal: the dealer moves on after it) --------
    def _mark_hand(self) -> None:
        s = self.state
        self.dealer = s.hand_dealer
        self.first = s.first
        self.hand_no = s.hand_no
        self.tables_before = tuple(s.tables)  # by partnership: Red, Black

    def team_of(self, seat: int) -> int:
        """The hand's team of a seat (0 = the even seats, the dealer's opponents, 56-SEATS)."""
        return (seat - self.first) % 2

    @property
    def team(self) -> int:
        """The learner's team in this hand (0 or 1)."""
        return self.team_of(self.seat)

    @property
    def partnership(self) -> str:
        """The learner's permanent partnership: Red (even seats) or Black (odd seats)."""
        return self.game.names[self.seat % 2]

    @property
    def partners(self) -> list[int]:
        return [s for s in range(self.players) if s != self.seat and s % 2 == self.seat % 2]

    @property
    def opponents(self) -> list[int]:
        return [s for s in range(self.players) if s % 2 != self.seat % 2]

    def relation(self, seat: int) -> str:
        """``you``, ``partner`` or ``opponent``."""
        return self.table.relation(seat)

    def who(self, seat: int, capital: bool = False) -> str:
        """``you (seat 2)``, ``your partner (seat 0)``, ``an opponent (seat 1)``, ``the dealer
        (seat 5, an opponent)`` (tutor.teach.seats)."""
        return self.table.who(seat, capital)

    def does(self, seat: int, verb: str, capital: bool = False) -> str:
        """``you (seat 0) win`` / ``an opponent (seat 3) wins``: ``verb`` without the s."""
        return does(self.table, seat, verb, capital)

    def team_name(self, team: int) -> str:
        """``team 0 (Red, your team)`` / ``team 1 (Black, the opponents)`` for a hand team."""
        p = (team + self.first) % 2
        mine = p == self.seat % 2
        return (f"team {team} ({self.game.names[p]}, "
                f"{'your team' if mine else 'the opponents'})")

    def partners_words(self) -> str:
        p = self.partners
        return (f"your partner ({seats_words(p)})" if len(p) == 1 else
                f"your partners ({seats_words(p)})")

    # -- where the hand is ----------------------------------------------------------------
    @property
    def redeals(self) -> int:
        """How many times the cards were thrown in and dealt again (house rules 56-DEAL)."""
        return sum(1 for e in self.state.events if e.kind == "redeal")

    @property
    def phase(self) -> str:
        return self.state.phase

    def ended(self, s: State56) -> bool:
        """The hand has been played (or surrendered) and settled in ``s``."""
        return s.phase in HAND_OVER and s.last_settlement is not None

    # -- the auction ------------------------------------------------------------------------
    def _auction_turn(self) -> bool:
        return self.learner_to_act and self.state.phase == AUCTION

    def plain_calls(self) -> list[str]:
        """The learner's legal calls among pass, double and redouble (``[]`` if not their
        call)."""
        if not self._auction_turn():
            return []
        return list(self.state.auction.legal_calls()["calls"])

    def bid_levels(self) -> list[int]:
        """The numbers the learner may bid now (``[]``: no bid is legal)."""
        if not self._auction_turn():
            return []
        lc = self.state.auction.legal_calls()
        if lc["min"] is None:
            return []
        return list(range(lc["min"], lc["max"] + 1))

    def standing_bid(self) -> dict | None:
        """The highest bid so far: seat, call, level, doubled; None before any bid."""
        a = self.state.auction
        if a is None or a.high_seat is None:
            return None
        call = a.calls[a.high_index][1]
        return {"seat": a.high_seat, "call": str(call), "spoken": call.spoken(),
                "level": a.high, "denomination": call.denomination, "doubled": a.doubled,
                "relation": self.relation(a.high_seat)}

    def preview(self, call) -> Meaning:
        """What ``call`` would conventionally mean if the learner made it now (56-CONV);
        an illegal call raises ``IllegalAction``."""
        if not self._auction_turn():
            raise InputError("it is not your call now", "call")
        a = self.state.auction.copy()
        a.call(call, self.seat)
        return explain_auction(a)[-1]

    def bid_choices(self, level: int) -> list[BidChoice]:
        """The legal bids at ``level`` in every style the table allows, with their meaning."""
        if level not in self.bid_levels():
            raise InputError(f"{level!r} is not a bid you may make now (legal: "
                             f"{self._levels_text()})", "level")
        a = self.state.auction
        standing = a.high if a.high_seat is not None else None
        out = []
        for style, denominations in BID_STYLES:
            plus = style.startswith("plus")
            if plus and standing is None:
                continue
            number = level - standing if plus else level
            for d in denominations:
                call = _written(style, number, d)
                if a.check(call, self.seat) is not None:
                    continue
                m = self.preview(call)
                out.append(BidChoice(call, level, style, STYLE_NAME[style], d,
                                     _label(style, number, d), m.spoken, m.text,
                                     _after_colon(m.text)))
        return out

    def _levels_text(self) -> str:
        levels = self.bid_levels()
        return f"{levels[0]}-{levels[-1]}" if levels else "none"

    def bid_call(self, level: int, style: str, denomination: str = "NT") -> str:
        """The written call of a bid built from a level and a style (``30``, ``plus_suit``,
        ``S`` -> ``+2S`` over a standing 28)."""
        if style not in STYLE_NAME:
            raise InputError(f"{style!r} is not a style of 56 (one of {', '.join(STYLE_NAME)})",
                             "style")
        d = str(denomination).upper()
        allowed = dict(BID_STYLES)[style]
        if d not in allowed:
            raise InputError(f"{STYLE_NAME[style]} takes "
                             + (" ".join(allowed) if len(allowed) > 1 else "no suit")
                             + f", not {denomination!r}", "denomination")
        if style.startswith("plus"):
            a = self.state.auction
            if a is None or a.high_seat is None:
                return _written(style, level, d)  # illegal: the engine says why
            return _written(style, level - a.high, d)
        return _written(style, level, d)

    def call(self, call: str) -> list[str]:
        """The learner's call (``pass``, ``double``, ``redouble``, or a bid in any written or
        spoken form: ``30S``, ``S30``, ``+2S``, ``thirty spades``...)."""
        return self.play(Call(self.seat, str(parse_call(call))))

    def bid(self, level: int, style: str, denomination: str = "NT") -> list[str]:
        """Bid ``level`` in ``style`` (``number_suit`` ... ``plus_nt``) and ``denomination``."""
        return self.call(self.bid_call(level, style, denomination))

    # -- the cot (a house rule) --------------------------------------------------------------
    def cot_choices(self) -> list[str]:
        """``play_on``/``surrender`` or ``accept``/``refuse`` when the learner answers a cot."""
        if not self.learner_to_act or self.state.phase not in (COT_OFFER, COT_ANSWER):
            return []
        return [a.call for a in self.state.legal_actions()]

    def answer_cot(self, answer: str) -> list[str]:
        return self.play(Call(self.seat, answer))

    # -- the play ---------------------------------------------------------------------------
    def legal_cards(self) -> list[Card]:
        """The learner's legal cards now (each card once), ``[]`` when it is not their turn."""
        if not self.learner_to_act or self.state.phase != PLAY:
            return []
        return list(dict.fromkeys(self.state.legal_cards(self.seat)))

    def play_card(self, card) -> list[str]:
        card = card if isinstance(card, Card) else Card.parse(str(card))
        return self.play(Play(self.seat, card))

    # -- acting ----------------------------------------------------------------------------
    def new_hand(self) -> None:
        """A house rule threw the cards in and they were dealt again: the seats and teams
        of the new hand."""
        self._mark_hand()

    # -- a whole match ---------------------------------------------------------------------
    def following(self, seed: int) -> "GuidedHand56":
        """The next hand of the match: the deal passes to the right (56-DEALER), so the old
        seat 0 deals and every seat's number goes down by one; each team keeps its tables
        (its seats change parity: the permanent names Red and Black go with the players,
        56-SEATS)."""
        s = self.state
        n = self.players
        names = self.game.names
        nxt = GuidedHand56(players=n, seed=seed, rules=self.game.settings.changed(),
                           bot=self.bot, seat=(self.seat - 1) % n,
                           tables=(s.tables[1], s.tables[0]), names=(names[1], names[0]))
        return nxt

    def place(self, seat: int, number: bool = True) -> str:
        """A player named by where they sit from the learner, which stays the same from hand
        to hand while seat numbers move with the deal: ``you``, ``your partner opposite
        (seat 3)``, ``the opponent on your right``, ``the second player on your left``."""
        n = self.players
        k = (seat - self.seat) % n  # 56-SEATS: seat s+1 sits on the right of seat s
        if k == 0:
            return "you"
        role = "your partner" if k % 2 == 0 else "the opponent"
        side, d = ("right", k) if k < n / 2 else ("left", n - k)
        if 2 * k == n:
            words = f"{role} opposite you"
        elif d == 1:
            words = f"{role} on your {side}"
        else:
            words = f"{role} {ORDINAL[d]} seats to your {side}"
        return f"{words} (seat {seat})" if number else words

    def race_lines(self) -> list[str]:
        """The match: each team's tables (56-TABLES), how it ends (56-ELIM), and when a team
        is a few tables from losing, which bids would end it (56-TIERS)."""
        s, st = self.state, self.game.settings
        mine, theirs = s.tables[self.seat % 2], s.tables[1 - self.seat % 2]
        total = mine + theirs
        lines = [f"The match (56-TABLES): your team has {tables_words(mine)}, the other team "
                 f"{tables_words(theirs)}, of {total}."]
        if s.winner is not None:
            won, lost = (("your team", "the other team") if s.winner == self.seat % 2 else
                         ("the other team", "your team"))
            lines.append(f"{cap(won)} has won the match: {lost} has no tables left (56-ELIM)."
                         if st.elimination == "zero_tables" else
                         f"{cap(won)} has won the match (56-ELIM).")
            return lines
        if st.elimination != "zero_tables":
            lines.append("House rule: a team that cannot pay what it owes loses the match "
                         "(56-ELIM).")
            return lines
        lines.append("A team left with no tables loses the match (56-ELIM).")
        bids = range(MIN_BID, MAX_BID + 1)
        for who, left, own in (("your team", mine, "yours"), ("the other team", theirs,
                                                              "theirs")):
            fail = next((b for b in bids if tier(b, st)[1] >= left), None)
            made = next((b for b in bids if tier(b, st)[0] >= left), None)
            if fail is None and made is None or left > 3:
                continue
            ways = []
            if fail is not None:
                ways.append(f"a failed bid of {own} of {fail} or more")
            if made is not None:
                ways.append(f"a made bid against {'you' if own == 'yours' else 'them'} of "
                            f"{made} or more")
            lines.append(f"{cap(who)} has {tables_words(left)} left: "
                         f"{' or '.join(ways)} would end the match (56-TIERS; a double or "
                         "redouble multiplies the stake).")
        return lines

    UNIT = "tables"

    def standings(self) -> list[tuple[str, int, bool]]:
        """Each team's tables (56-TABLES), named as the match names it (Red and Black stay
        with the players), the learner's team first."""
        s, names = self.state, self.game.names
        mine = self.seat % 2
        return [(f"{'your team' if p == mine else 'the other team'} ({names[p]})",
                 s.tables[p], p == mine) for p in (mine, 1 - mine)]

    def winner_name(self) -> str | None:
        w = self.state.winner
        if w is None:
            return None
        return next(n for n, _, you in self.standings() if you == (w == self.seat % 2))

    def next_steps(self, hands) -> list[dict]:
        """The lesson of the weakest spot: the conventions (56/05) when contracts of the
        learner's team failed or it never bid, else playing a trick (56/03)."""
        outs = [h.outcome() for h in hands if h.over]
        mine = [o for o in outs if o and o["ours"]]
        failed = sum(1 for o in mine if not o["made"])
        if failed or not mine:
            why = (f"{failed} of your team's {len(mine)} contract"
                   f"{'s' if len(mine) != 1 else ''} failed: the bid a hand shows and makes"
                   if failed else "your team never won the auction: the bid a hand shows")
            return [{"page": "56-conventions", "failed": failed, "bids": len(mine),
                     "why": why}]
        return [{"page": "56-trick", "failed": 0, "bids": len(mine),
                 "why": "every contract of your team's was made: take more card points "
                        "as a defender"}]

    def result_line(self) -> str:
        """``you bid 32 in ♠ spades and made it: the other team paid 1 table; your team now
        has 13.``"""
        b = self.settlement_breakdown()
        if b is None:
            return "not settled yet."
        c = b["contract"]
        what = denomination_words(c["denomination"]) + stake_words(c["multiplier"])
        head = ("nobody bid: 28 in no trumps" if c["all_pass"] else
                f"{self.place(c['bidder'], False)} bid {c['bid']} in {what}")
        mine = next(t for t in b["teams"] if t["you"])
        payer = "your team" if b["payer"] == mine["partnership"] else "the other team"
        return (f"{cap(head)} and {'made it' if b['made'] else 'failed'} "
                f"({b['points'][c['team']]} card points): {payer} paid "
                f"{tables_words(b['paid'])}; your team now has "
                f"{tables_words(mine['tables_after'])}.")

    # -- reading ---------------------------------------------------------------------------
    def narration(self) -> list[str]:
        """Everything the learner may read, oldest first: the table's intro, the engine's
        events from the learner's view with seats named as the lessons name them (every call
        with its meaning), plus after each of the learner's calls what it told their
        partners, after each trick why it was won and its card points, and after the
        settlement its breakdown in one sentence."""
        return [e["text"] for e in self.narration_items()]

    def narration_items(self) -> list[dict]:
        """The narration as ``{"kind", "text", "seat"}`` dicts (kinds are the engine's event
        kinds, plus ``intro``, ``tells_partner``, ``trick_why`` and ``settlement``)."""
        out: list[dict] = [{"kind": "intro", "seat": None, "text": self.table.intro()}]
        tricks = self.trick_explanations()
        k = 0
        for ev in self.state.events:
            text = ev.visible_to(self.seat)
            if not text or ev.kind == "dealer":  # the intro says who deals
                continue
            item = {"kind": ev.kind, "text": self._event_text(ev, text), "seat": ev.seat}
            if ev.kind == "trick":
                if k < len(tricks):
                    item = {"kind": "trick_why", "seat": ev.seat, "text": tricks[k]["line"]}
                    k += 1
            elif ev.kind == "settle":
                if not self.over:
                    continue
                item["text"] = self.settlement_breakdown()["sentence"]
                item["kind"] = "settlement"
            out.append(item)
            if ev.kind == "call" and ev.seat == self.seat:
                out.append({"kind": "tells_partner", "seat": self.seat,
                            "text": self._tells_partner(_moment(*ev.args))})
            elif ev.kind == "redeal":
                out.append({"kind": "redeal", "seat": None,
                            "text": "The cards are shuffled and dealt again."})
        return out

    def _event_text(self, ev, text: str) -> str:
        """One engine event in the learner's words."""
        k, who = ev.kind, ev.seat
        if k == "deal":
            return f"{self.does(who, 'deal', True)} {ev.args[2]} cards to each player."
        if k == "hand":
            return f"Your cards: {ev.args[1]}." if ev.args[0] == self.seat else text
        if k == "call":
            return self.call_line(_moment(*ev.args))
        if k == "contract":
            return self.contract_text() + "."
        if k == "cot":
            if ev.args:
                verb = {"accept": "accept", "refuse": "refuse"}.get(
                    ev.args[1] if len(ev.args) > 1 else "", "offer")
                what = "to surrender" if verb == "offer" else "the surrender"
                return f"{self.does(ev.args[0], verb, True)} {what}."
            c = self.state.contract
            if c is not None and text.startswith("The defenders"):
                side = "the opponents" if self.team == c.team else "your team"
                return text.replace("The defenders", f"The defenders ({side})", 1)
            return text
        if k == "lead":
            return f"{self.does(who, 'lead', True)} to the first trick."
        if k == "play":
            return f"{self.does(who, 'play', True)} {ev.args[1].unicode}."
        if k == "match_won":
            w = self.state.winner
            if w is None:
                return text
            mine = "your team" if w == self.seat % 2 else "the opponents"
            return f"{self.game.names[w]} ({mine}) wins the match."
        return text

    def call_line(self, m: CallMoment) -> str:
        """A call as the learner reads it: who made it and what it conventionally says."""
        seat, you = m.seat, m.seat == self.seat
        kind = m.meaning.kind
        they = "you" if you else "they"
        if kind == "pass":
            head = self.does(seat, "pass", True)
            if m.done:
                return f"{head}, the last call: the auction is over."
            if m.pass_is_final:
                return (f"{head}: nothing to say now. At this table a pass is final (house rule "
                        f"56-PASS-FINAL): {they} may not bid again in this auction, though "
                        f"{they} may still double or redouble.")
            if m.level >= MAX_BID:
                return (f"{head}: nothing to say now. Nobody can bid higher than {MAX_BID}, but "
                        "the bid can still be doubled or redoubled.")
            return (f"{head}: nothing to say now (a pass is not final in 56: {they} may still "
                    "bid later).")
        if kind == "double":
            whose = "your team's" if self.relation(seat) == "opponent" else "the opponents'"
            return (f"{self.does(seat, 'double', True)} {whose} {m.level}: {they} expect it to "
                    "fail. Any new bid cancels the double.")
        if kind == "redouble":
            whose = "their team's" if self.relation(seat) == "opponent" else "your team's"
            sure = "you are" if you else "they are"
            return (f"{self.does(seat, 'redouble', True)} {whose} doubled {m.level}: {sure} "
                    "sure it will be made. A redouble ends the auction at once.")
        head = m.meaning.text.split(": ", 1)[0]
        j = head.find(m.meaning.spoken)
        style = head[j + len(m.meaning.spoken):] if j >= 0 else ""
        return (f"{self.does(seat, 'bid', True)} {m.meaning.spoken}{style}: "
                f"{self.seat_words(_after_colon(m.meaning.text))}")

    def seat_words(self, text: str) -> str:
        """``seat 2`` in a sentence of the conventions module, named as the lessons name it:
        ``your partner (seat 2)`` (a possessive ``seat 2's`` keeps its number: ``your`` for the
        learner)."""
        def name(m: re.Match) -> str:
            k = int(m.group(2))
            if m.group(3):  # seat 2's
                return "your" if k == self.seat else m.group(0)
            return self.who(k, m.group(1) == "S")
        return re.sub(r"\b([Ss])eat (\d+)('s)?", name, text)

    def _tells_partner(self, m: CallMoment) -> str:
        kind = m.meaning.kind
        if kind == "pass":
            did, msg = "You passed", "you have nothing to say now" + (
                "; it ends the auction" if m.done else "")
        elif kind == "double":
            did, msg = "You doubled", f"you expect the opponents' {m.level} to fail"
        elif kind == "redouble":
            did, msg = "You redoubled", f"you are sure your team's doubled {m.level} will be made"
        else:
            did, msg = f"You bid {m.meaning.spoken}", self.seat_words(_after_colon(m.meaning.text))
        msg = msg if msg.endswith(".") else msg + "."
        return f"{did}. What it tells {self.partners_words()}: {msg}"

    def auction_meanings(self) -> list[dict]:
        """Every call of this hand's auction with its conventional meaning (56-CONV), as the
        learner reads it (``text``; ``convention`` is the conventions module's own sentence),
        and who made it (``relation``: ``you``/``partner``/``opponent``)."""
        a = self.state.auction
        if a is None:
            return []
        out = []
        calls = list(a.calls)
        for i, m in enumerate(explain_auction(a)):
            moment = _moment(a.n, a.dealer, a.settings, calls[:i + 1])
            d = m.as_dict()
            d["convention"] = m.text
            d["text"] = self.call_line(moment)
            d["relation"] = self.relation(m.seat)
            if m.seat == self.seat:
                d["tells_partner"] = self._tells_partner(moment)
            out.append(d)
        return out

    def contract_text(self) -> str | None:
        c = self.state.contract
        if c is None:
            return None
        noes = " (a Noes bid, played in no trumps)" if c.noes else ""
        if c.bidder is None:
            return (f"Nobody bid: {self.team_name(0)} plays 28 in no trumps, the dealer's "
                    "opponents (56-ALL-PASS)")
        return (f"{self.does(c.bidder, 'win', True)} the auction: {c.bid} in "
                f"{denomination_words(c.denomination)}{stake_words(c.multiplier)}{noes} "
                f"for {self.team_name(c.team)}")

    def points_taken(self) -> list[int]:
        """Card points in the tricks won so far, by hand team (team 0 first)."""
        pts = [0, 0]
        for _, cards, w in self.state.tricks:
            pts[self.team_of(w)] += card_points(cards)
        return pts

    def trick_explanations(self) -> list[dict]:
        """Each finished trick: who led, the cards by seat, who won, why, the rule and the card
        points it held, and a sentence."""
        s = self.state
        out = []
        running = [0, 0]
        for k, (leader, cards, winner) in enumerate(s.tricks, 1):
            r = s.explain_trick(k)
            why = trick_reason(self.table, s.rk, leader, cards)
            pts = card_points(cards)
            team = self.team_of(winner)
            running[team] += pts
            mine = running[self.team]
            theirs = running[1 - self.team]
            line = (f"Trick {k}: {self.does(winner, 'win')} with {r.card.unicode}, "
                    f"{why['reason']}." + (f" {why['twin']}" if why["twin"] else "")
                    + f" It held {pts} card point{'s' if pts != 1 else ''}; your team has "
                    f"{mine}, the opponents {theirs}.")
            out.append({"number": k, "leader": leader, "cards": list(cards),
                        "seats": [(leader + i) % s.n for i in range(len(cards))],
                        "winner": winner, "relation": self.relation(winner), "team": team,
                        "card": r.card, "text": why["reason"], "twin": why["twin"],
                        "rule": "56-IDENTICAL" if why["twin"] else r.rule,
                        "comparisons": [c.text for c in r.comparisons], "points": pts,
                        "running": list(running), "line": cap(line)})
        return out

    def settlement_breakdown(self) -> dict | None:
        """The settlement of the hand as plain data and lines; None until the hand is over.

        Keys: ``contract`` (bidder, team, partnership, bid, denomination, multiplier, noes,
        all_pass, text), ``made``, ``points`` (by hand team), ``needed``, ``owed``, ``paid``,
        ``payer``/``receiver`` (partnership names), ``teams`` (per partnership: team, seats,
        role, points, tables before and after, change, you), ``tier`` (tables made/failed),
        ``cot``, ``all_tricks``, ``match_winner``, ``rules``, ``text`` (the engine's),
        ``sentence``, ``lines``.
        """
        s = self.state
        st = s.last_settlement
        c = s.contract
        if st is None or c is None or not self.over:
            return None
        first = self.first
        pship = [self.game.names[(t + first) % 2] for t in (0, 1)]  # by hand team
        points = self.points_taken()
        made_amount, failed_amount = tier(c.bid, self.game.settings)
        after = tuple(s.tables)
        teams = []
        for p in (0, 1):  # Red, Black
            t = (p - first) % 2
            teams.append({"partnership": self.game.names[p], "team": t,
                          "seats": [x for x in range(self.players) if x % 2 == p],
                          "role": "bidders" if t == c.team else "defenders",
                          "points": points[t], "tables_before": self.tables_before[p],
                          "tables_after": after[p], "change": after[p] - self.tables_before[p],
                          "you": p == self.seat % 2})
        payer, receiver = pship[st.payer], pship[1 - st.payer]
        what = denomination_words(c.denomination)
        mult = stake_words(c.multiplier)
        bidders = self.team_name(c.team)
        won = [w for *_, w in s.tricks]
        all_tricks = bool(won) and all(self.team_of(w) == c.team for w in won) and \
            len(won) == self.game.hand_size
        if c.bidder is None:
            head = f"Nobody bid, so {bidders} played 28 in no trumps"
        else:
            head = f"{self.who(c.bidder, True)} bid {c.bid} in {what}{mult} for {bidders}"
        bid_pts = points[c.team]
        total = bid_pts + points[1 - c.team]
        cot = self.game.settings.cot
        if s.cot == "accepted":
            result = ("the defenders offered to surrender and the bidders accepted, so play "
                      "stopped and the contract counts as made")
        elif cot and all_tricks:
            result = (f"the bidders won every trick ({bid_pts} card points), so the contract "
                      "was made, for twice the tables (house rule cot)")
        elif s.cot == "refused":
            result = (f"the bidders refused the surrender and then lost a trick (they took "
                      f"{bid_pts} of the {total} card points), so the contract failed, whatever "
                      "their points")
        else:
            result = (f"the bidders took {bid_pts} of the {total} card points (they needed "
                      f"{c.bid}), so the contract " + ("was made" if st.made else "failed"))
        payer_name = self.team_name(st.payer)
        receiver_name = self.team_name(1 - st.payer)
        paid = (f"{payer_name} pays {tables_words(st.paid)} to {receiver_name}"
                + (f" (it owed {st.owed} but held only {st.paid})" if st.paid < st.owed else ""))
        red = self.game.names.index(PARTNERSHIPS[0])
        sentence = (f"{head}; {result}: {paid}. Tables now: Red {after[red]}, "
                    f"Black {after[1 - red]}.")
        lines = [sentence]
        mult_words = {1: "", 2: " × 2 for the double", 3: " × 3 for the redouble",
                      4: " × 4 for the redouble"}.get(c.multiplier, "")
        lines.append(f"A bid of {c.bid} is worth {tables_words(made_amount)} made and "
                     f"{failed_amount} failed (56-TIERS){mult_words}.")
        note = cot_note(s.cot, all_tricks, c.multiplier, made_amount, failed_amount) \
            if cot else ""
        if note:
            lines.append(note)
        winner = None
        if st.match_winner is not None:
            winner = pship[st.match_winner]
            lines.append(f"{winner} has won the match: the other team has no tables left.")
        rules = ["56-MADE", "56-TIERS", "56-TRANSFER"]
        if c.multiplier > 1:
            rules.append("56-MULT")
        if st.paid < st.owed:
            rules.append("56-PAY-ALL")
        if c.bidder is None:
            rules.append("56-ALL-PASS")
        return {"contract": {"bidder": c.bidder, "team": c.team, "partnership": pship[c.team],
                             "bid": c.bid, "denomination": c.denomination,
                             "multiplier": c.multiplier, "noes": c.noes,
                             "all_pass": c.bidder is None, "text": self.contract_text()},
                "made": st.made, "points": points, "needed": c.bid, "owed": st.owed,
                "paid": st.paid, "payer": payer, "receiver": receiver, "teams": teams,
                "tier": {"made": made_amount, "failed": failed_amount}, "cot": s.cot,
                "all_tricks": all_tricks, "match_winner": winner, "rules": rules,
                "text": st.text, "sentence": sentence, "lines": lines,
                "you_won": (receiver == self.partnership)}

    def outcome(self) -> dict | None:
        """The contract's outcome as the engine settled it (56-MADE, 56-TIERS, 56-TRANSFER):
        ``ours`` (the learner's team bid), ``bid``, ``took`` (the bidders' card points),
        ``made``, ``change`` (the learner's team's tables this hand) and ``line``: "Your team
        bid 32 and took 30 card points: your team pays 2 tables." None before the end."""
        b = self.settlement_breakdown()
        if b is None:
            return None
        c = b["contract"]
        mine = next(t for t in b["teams"] if t["you"])
        ours = c["team"] == self.team
        took = b["points"][c["team"]]
        change = mine["change"]
        who = "your team" if ours else "the other team"
        head = (f"nobody bid, so {who} played 28 in no trumps" if c["all_pass"] else
                f"{who} bid {c['bid']}")
        verb = "wins" if change >= 0 else "pays"
        line = (f"{cap(head)} and took {took} card points: your team {verb} "
                f"{tables_words(abs(change))}.")
        return {"bidder": c["bidder"], "ours": ours, "bid": c["bid"], "took": took,
                "made": b["made"], "change": change, "line": line}

    def cot_terms(self) -> dict | None:
        """Under the ``cot`` house rule, once the contract is known: the tables each outcome
        moves (the engine's settlement, 56-TIERS and 56-MULT): ``made``/``failed`` (played
        on, not every trick), ``accepted`` (a surrender accepted), ``all_tricks`` (the bidders
        win every trick) and ``refused_lost`` (a refused surrender, then a trick lost)."""
        c = self.state.contract
        if c is None or not self.game.settings.cot:
            return None
        made, failed = tier(c.bid, self.game.settings)
        m = c.multiplier
        return {"made": made * m, "failed": failed * m, "accepted": made * m,
                "all_tricks": 2 * made * m, "refused_lost": 2 * failed * m}

    def summary(self) -> str:
        """One line: where the hand is."""
        if self.over:
            b = self.settlement_breakdown()
            return "The hand is over. " + (b["sentence"] if b else "")
        s = self.state
        if self.learner_to_act:
            if s.phase == AUCTION:
                sb = self.standing_bid()
                if sb is None:
                    return "Your call: nobody has bid yet."
                return (f"Your call: the standing bid is {sb['spoken']} ({sb['level']}) by "
                        f"{self.who(sb['seat'])}" + (", doubled." if sb["doubled"] else "."))
            if s.phase == COT_OFFER:
                t = self.cot_terms()
                return ("House rule (cot): your team defends. Offer to surrender, or play on? "
                        f"If you offer and the bidders accept, play stops and your team pays "
                        f"{tables_words(t['accepted'])}, as for a made contract; if they "
                        f"refuse, play goes on and your team pays twice, "
                        f"{tables_words(t['all_tricks'])}, if they win every trick, while they "
                        f"pay your team twice, {tables_words(t['refused_lost'])}, if they lose "
                        "even one. If you play on, the hand is settled as usual (made: your "
                        f"team pays {tables_words(t['made'])}; failed: they pay "
                        f"{tables_words(t['failed'])}), but your team pays twice, "
                        f"{tables_words(t['all_tricks'])}, if they win every trick.")
            if s.phase == COT_ANSWER:
                t = self.cot_terms()
                return ("House rule (cot): the defenders offer to surrender. Accept: play "
                        f"stops and they pay your team {tables_words(t['accepted'])}, as for a "
                        "made contract. Refuse: play goes on; if your team then wins every "
                        f"trick, the opponents pay twice, {tables_words(t['all_tricks'])}; if "
                        f"you lose a trick, your team pays twice the failed amount, "
                        f"{tables_words(t['refused_lost'])}, whatever your card points.")
            if s.phase == PLAY:
                return "Your turn to play a card."
            return "Your turn."
        return f"Waiting for {self.who(s.to_act)}."


def cot_note(cot: str | None, all_tricks: bool, multiplier: int, made: int, failed: int
             ) -> str:
    """The line of a settlement under the ``cot`` house rule that says what the cot changed
    (as the engine settles it, ``tutor.games.g56.settle``); "" when it changed nothing."""
    x = f" × {multiplier}" if multiplier > 1 else ""
    if cot == "accepted":
        amount = f"{made}{x} = {made * multiplier}" if x else f"{made}"
        return (f"House rule cot: the surrender was accepted, so the defenders paid the amount "
                f"for a made contract, {amount} table{'s' if made * multiplier != 1 else ''}.")
    if all_tricks:
        return (f"House rule cot: the bidders won every trick, so the defenders pay twice the "
                f"tables for a made contract: 2 × {made}{x} = {2 * made * multiplier}.")
    if cot == "refused":
        return (f"House rule cot: the surrender was refused and the bidders lost a trick, so "
                f"they pay twice the tables for a failed contract, whatever their card points: "
                f"2 × {failed}{x} = {2 * failed * multiplier}.")
    return ""


def _written(style: str, number: int, d: str) -> str:
    return str(Call56("bid", style, number, d))


def _label(style: str, number: int, d: str) -> str:
    sym = SUIT_SYMBOL.get(d, "")
    return {"number_suit": f"{number}{sym}", "suit_number": f"{sym}{number}",
            "number_nt": f"{number} NT", "number_noes": f"{number} Noes",
            "plus_suit": f"+{number}{sym}", "plus_noes": f"+{number} Noes",
            "plus_nt": f"+{number} NT"}[style]


__all__ = ["GuidedHand56", "BidChoice", "BID_STYLES", "COT_WORDS", "PLAIN_CALLS", "cot_note",
           "new_seed", "denomination_words"]
