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
from collections.abc import Callable
from dataclasses import dataclass

from ...engine.cards import SUIT_SYMBOL, SUIT_WORDS, Card
from ...engine.errors import InputError
from ...engine.messages import N_, Msg, many, msg, nmsg, pmsg, render, seats_named, sentences
from ...engine.state import Call, ChooseDealer, Deal, Play
from ...games.g56 import SPEC
from ...games.g56 import game as g56
from ...games.g56.auction import STYLE_NAME, Auction56, Call56, parse_call
from ...games.g56.bot import choose
from ...games.g56.conventions import Meaning, explain_auction
from ...games.g56.play import card_points
from ...games.g56.tables import MAX_BID, MIN_BID, PLAYERS, stake_words, tier
from ..guided import GuidedHand, cap, check_seat, check_seed, new_seed, trick_reason
from ..seats import seats_words, table_for

GAME = SPEC.name  # this module teaches this game only
Game56, State56, PARTNERSHIPS = g56.Game56, g56.State56, g56.PARTNERSHIPS
AUCTION, COT_OFFER, COT_ANSWER, PLAY, DEAL, OVER = (g56.AUCTION, g56.COT_OFFER, g56.COT_ANSWER,
                                                    g56.PLAY, g56.DEAL, g56.OVER)
HAND_OVER = (DEAL, OVER)
PLAIN_CALLS = ("pass", "double", "redouble")
# the cot's answers on their buttons (message ids: worded where shown)
COT_WORDS = {"play_on": N_("Play on"), "surrender": N_("Surrender"), "accept": N_("Accept"),
             "refuse": N_("Refuse")}
# the bid builder's styles, in the order the widget shows them: (style, denominations)
BID_STYLES = (("number_suit", "SHDC"), ("suit_number", "SHDC"), ("number_nt", ("NT",)),
              ("number_noes", ("NT",)), ("plus_suit", "SHDC"), ("plus_noes", ("NT",)),
              ("plus_nt", ("NT",)))



# a player named by where they sit from the learner: (partner or opponent, seats away, side)
PLACES = {
    ("partner", 1, "right"): N_("your partner on your right"),
    ("partner", 1, "left"): N_("your partner on your left"),
    ("partner", 2, "right"): N_("your partner two seats to your right"),
    ("partner", 2, "left"): N_("your partner two seats to your left"),
    ("partner", 3, "right"): N_("your partner three seats to your right"),
    ("partner", 3, "left"): N_("your partner three seats to your left"),
    ("opponent", 1, "right"): N_("the opponent on your right"),
    ("opponent", 1, "left"): N_("the opponent on your left"),
    ("opponent", 2, "right"): N_("the opponent two seats to your right"),
    ("opponent", 2, "left"): N_("the opponent two seats to your left"),
    ("opponent", 3, "right"): N_("the opponent three seats to your right"),
    ("opponent", 3, "left"): N_("the opponent three seats to your left"),
}
OPPOSITE = {"partner": N_("your partner opposite you"),
            "opponent": N_("the opponent opposite you")}


def denomination_words(d: str) -> str:
    """``S`` -> ``♠ spades``, ``NT`` -> ``no trumps``."""
    return render(msg("no trumps") if d == "NT" else
                  msg("{symbol} {suit}", symbol=SUIT_SYMBOL[d], suit=SUIT_WORDS[d]))


def _tables(k: int) -> Msg:
    """``1 table``, ``3 tables`` (a message, worded where it is said)."""
    return nmsg("{n} table", "{n} tables", k)


def tables_words(k: int) -> str:
    return render(_tables(k))


def _by(you: bool, yours: Msg, theirs: Msg) -> str:
    """``yours`` worded when the learner is the one who acts ("you (seat 1) pass"), else
    ``theirs`` ("seat 2 passes")."""
    return render(yours if you else theirs)


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
    tells: str  # what it says to partner, with no full stop: "shows the top spade (J♠) ..."


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
            raise InputError(render(msg("a guided hand of 56 is for 4, 6 or 8 players, not "
                                        "{players} (56-PLAYERS)", players=repr(players))),
                             "players")
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

    def _says(self, seat: int, yours: Msg, theirs: Msg) -> str:
        """``yours`` worded when ``seat`` is the learner's ("you (seat 0) win..."), else
        ``theirs`` ("an opponent (seat 3) wins...")."""
        return _by(seat == self.table.you, yours, theirs)

    def team_name(self, team: int) -> str:
        """``team 0 (Red, your team)`` / ``team 1 (Black, the opponents)`` for a hand team."""
        p = (team + self.first) % 2
        name = msg(self.game.names[p])
        return render(msg("team {team} ({name}, your team)", team=team, name=name)
                      if p == self.seat % 2 else
                      msg("team {team} ({name}, the opponents)", team=team, name=name))

    def partners_words(self) -> str:
        p = self.partners
        return render(nmsg("your partner ({seats})", "your partners ({seats})", len(p),
                           seats=seats_words(p)))

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
            raise InputError(render(msg("it is not your call now")), "call")
        a = self.state.auction.copy()
        a.call(call, self.seat)
        return explain_auction(a)[-1]

    def bid_choices(self, level: int) -> list[BidChoice]:
        """The legal bids at ``level`` in every style the table allows, with their meaning."""
        if level not in self.bid_levels():
            raise InputError(render(msg("{level} is not a bid you may make now (legal: "
                                        "{levels})", level=repr(level),
                                        levels=self._levels_text())), "level")
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
                out.append(BidChoice(call, level, style, render(msg(STYLE_NAME[style])), d,
                                     _label(style, number, d), m.spoken, m.text, m.tells))
        return out

    def _levels_text(self) -> str:
        levels = self.bid_levels()
        return f"{levels[0]}-{levels[-1]}" if levels else render(msg("none"))

    def bid_call(self, level: int, style: str, denomination: str = "NT") -> str:
        """The written call of a bid built from a level and a style (``30``, ``plus_suit``,
        ``S`` -> ``+2S`` over a standing 28)."""
        if style not in STYLE_NAME:
            raise InputError(render(msg("{style} is not a style of 56 (one of {styles})",
                                        style=repr(style), styles=many(STYLE_NAME, "or"))),
                             "style")
        d = str(denomination).upper()
        allowed = dict(BID_STYLES)[style]
        if d not in allowed:
            name, value = msg(STYLE_NAME[style]), repr(denomination)
            raise InputError(render(msg("{style} takes {suits}, not {value}", style=name,
                                        suits=" ".join(allowed), value=value)
                                    if len(allowed) > 1 else
                                    msg("{style} takes no suit, not {value}", style=name,
                                        value=value)), "denomination")
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
            return render(msg("you"))
        role = "partner" if k % 2 == 0 else "opponent"
        side, d = ("right", k) if k < n / 2 else ("left", n - k)
        words = msg(OPPOSITE[role]) if 2 * k == n else msg(PLACES[role, d, side])
        return render(msg("{player} (seat {seat})", player=words, seat=seat) if number else
                      words)

    def race_lines(self) -> list[str]:
        """The match: each team's tables (56-TABLES), how it ends (56-ELIM), and when a team
        is a few tables from losing, which bids would end it (56-TIERS)."""
        s, st = self.state, self.game.settings
        mine, theirs = s.tables[self.seat % 2], s.tables[1 - self.seat % 2]
        total = mine + theirs
        lines = [render(msg("The match (56-TABLES): your team has {mine}, the other team "
                            "{theirs}, of {total}.", mine=_tables(mine),
                            theirs=_tables(theirs), total=total))]
        if s.winner is not None:
            ours = s.winner == self.seat % 2
            if st.elimination == "zero_tables":
                said = (msg("Your team has won the match: the other team has no tables left "
                            "(56-ELIM).") if ours else
                        msg("The other team has won the match: your team has no tables left "
                            "(56-ELIM)."))
            else:
                said = (msg("Your team has won the match (56-ELIM).") if ours else
                        msg("The other team has won the match (56-ELIM)."))
            lines.append(render(said))
            return lines
        if st.elimination != "zero_tables":
            lines.append(render(msg("House rule: a team that cannot pay what it owes loses the "
                                    "match (56-ELIM).")))
            return lines
        lines.append(render(msg("A team left with no tables loses the match (56-ELIM).")))
        bids = range(MIN_BID, MAX_BID + 1)
        for ours, left in ((True, mine), (False, theirs)):
            fail = next((b for b in bids if tier(b, st)[1] >= left), None)
            made = next((b for b in bids if tier(b, st)[0] >= left), None)
            if fail is None and made is None or left > 3:
                continue
            lines.append(render(_match_ends(ours, fail, made, left=_tables(left))))
        return lines

    UNIT = N_("tables")

    def standings(self) -> list[tuple[str, int, bool]]:
        """Each team's tables (56-TABLES), named as the match names it (Red and Black stay
        with the players), the learner's team first."""
        s, names = self.state, self.game.names
        mine = self.seat % 2
        return [(render(msg("your team ({name})", name=msg(names[p])) if p == mine else
                        msg("the other team ({name})", name=msg(names[p]))),
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
            why = (nmsg("{failed} of your team's {n} contract failed: the bid a hand shows and "
                        "makes", "{failed} of your team's {n} contracts failed: the bid a hand "
                        "shows and makes", len(mine), failed=failed)
                   if failed else msg("your team never won the auction: the bid a hand shows"))
            return [{"page": "56-conventions", "failed": failed, "bids": len(mine),
                     "why": render(why)}]
        return [{"page": "56-trick", "failed": 0, "bids": len(mine),
                 "why": render(msg("every contract of your team's was made: take more card "
                                   "points as a defender"))}]

    def result_line(self) -> str:
        """``you bid 32 in ♠ spades and made it: the other team paid 1 table; your team now
        has 13.``"""
        b = self.settlement_breakdown()
        if b is None:
            return render(msg("not settled yet."))
        c = b["contract"]
        mine = next(t for t in b["teams"] if t["you"])
        points = b["points"][c["team"]]
        p = dict(points=nmsg("{n} card point", "{n} card points", points),
                 payer=msg("your team") if b["payer"] == mine["partnership"] else
                 msg("the other team"),
                 paid=_tables(b["paid"]), tables=_tables(mine["tables_after"]))
        if not c["all_pass"]:
            p.update(player=self.place(c["bidder"], False), bid=c["bid"],
                     denomination=denomination_words(c["denomination"]),
                     stake=stake_words(c["multiplier"]))
        if not c["all_pass"] and c["bidder"] == self.seat:
            del p["player"]
            return cap(render(msg(YOUR_RESULT_WORDS[bool(b["made"])], **p)))
        return cap(render(msg(RESULT_WORDS[(bool(c["all_pass"]), bool(b["made"]))], **p)))

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
                            "text": render(msg("The cards are shuffled and dealt again."))})
        return out

    def _event_text(self, ev, text: str) -> str:
        """One engine event in the learner's words."""
        k, who = ev.kind, ev.seat
        player = self.who(who, True) if who is not None else None
        if k == "deal":
            count = ev.args[2]
            return self._says(who, msg("{player} deal {count} cards to each player.",
                                       player=player, count=count),
                              msg("{player} deals {count} cards to each player.",
                                  player=player, count=count))
        if k == "hand":
            return (render(msg("Your cards: {cards}.", cards=ev.args[1]))
                    if ev.args[0] == self.seat else text)
        if k == "call":
            return self.call_line(_moment(*ev.args))
        if k == "contract":
            return self.contract_text()
        if k == "cot":
            if ev.args:
                seat = ev.args[0]
                answer = ev.args[1] if len(ev.args) > 1 else ""
                player = self.who(seat, True)
                if answer == "accept":
                    return self._says(seat, msg("{player} accept the surrender.", player=player),
                                      msg("{player} accepts the surrender.", player=player))
                if answer == "refuse":
                    return self._says(seat, msg("{player} refuse the surrender.", player=player),
                                      msg("{player} refuses the surrender.", player=player))
                return self._says(seat, msg("{player} offer to surrender.", player=player),
                                  msg("{player} offers to surrender.", player=player))
            c = self.state.contract  # the one cot event without a seat: the defenders play on
            if c is not None:
                return render(msg("The defenders (the opponents) play on.")
                              if self.team == c.team else
                              msg("The defenders (your team) play on."))
            return text
        if k == "lead":
            return self._says(who, msg("{player} lead to the first trick.", player=player),
                              msg("{player} leads to the first trick.", player=player))
        if k == "play":
            card = ev.args[1].unicode
            return self._says(who, msg("{player} play {card}.", player=player, card=card),
                              msg("{player} plays {card}.", player=player, card=card))
        if k == "match_won":
            w = self.state.winner
            if w is None:
                return text
            name = msg(self.game.names[w])
            return render(msg("{team} (your team) wins the match.", team=name)
                          if w == self.seat % 2 else
                          msg("{team} (the opponents) wins the match.", team=name))
        return text

    def call_line(self, m: CallMoment) -> str:
        """A call as the learner reads it: who made it and what it conventionally says."""
        seat, you = m.seat, m.seat == self.seat
        kind = m.meaning.kind
        player = self.who(seat, True)
        if kind == "pass":
            if m.done:
                return self._says(seat, msg("{player} pass, the last call: the auction is over.",
                                            player=player),
                                  msg("{player} passes, the last call: the auction is over.",
                                      player=player))
            if m.pass_is_final:
                return self._says(
                    seat,
                    msg("{player} pass: nothing to say now. At this table a pass is final "
                        "(house rule 56-PASS-FINAL): you may not bid again in this auction, "
                        "though you may still double or redouble.", player=player),
                    msg("{player} passes: nothing to say now. At this table a pass is final "
                        "(house rule 56-PASS-FINAL): they may not bid again in this auction, "
                        "though they may still double or redouble.", player=player))
            if m.level >= MAX_BID:
                return self._says(
                    seat,
                    msg("{player} pass: nothing to say now. Nobody can bid higher than {most}, "
                        "but the bid can still be doubled or redoubled.", player=player,
                        most=MAX_BID),
                    msg("{player} passes: nothing to say now. Nobody can bid higher than "
                        "{most}, but the bid can still be doubled or redoubled.", player=player,
                        most=MAX_BID))
            return self._says(seat, msg("{player} pass: nothing to say now (a pass is not final "
                                        "in 56: you may still bid later).", player=player),
                              msg("{player} passes: nothing to say now (a pass is not final in "
                                  "56: they may still bid later).", player=player))
        opponent = self.relation(seat) == "opponent"
        if kind == "double":
            p = dict(player=player, level=m.level)
            if you:
                said = msg("{player} double the opponents' {level}: you expect it to fail. Any "
                           "new bid cancels the double.", **p)
            elif opponent:
                said = msg("{player} doubles your team's {level}: they expect it to fail. Any "
                           "new bid cancels the double.", **p)
            else:
                said = msg("{player} doubles the opponents' {level}: they expect it to fail. "
                           "Any new bid cancels the double.", **p)
            return render(said)
        if kind == "redouble":
            p = dict(player=player, level=m.level)
            if you:
                said = msg("{player} redouble your team's doubled {level}: you are sure it will "
                           "be made. A redouble ends the auction at once.", **p)
            elif opponent:
                said = msg("{player} redoubles their team's doubled {level}: they are sure it "
                           "will be made. A redouble ends the auction at once.", **p)
            else:
                said = msg("{player} redoubles your team's doubled {level}: they are sure it "
                           "will be made. A redouble ends the auction at once.", **p)
            return render(said)
        # the conventions' words: "Thirty Spades (Number Suit, 30 spades)", "shows ..."
        p = dict(player=player, call=m.meaning.spoken, how=m.meaning.how,
                 meaning=self.tells(m.meaning))
        return self._says(seat, msg("{player} bid {call} {how}: {meaning}.", **p),
                          msg("{player} bids {call} {how}: {meaning}.", **p))

    def name_seat(self, seat: int, owner: bool) -> str:
        """A seat the conventions name (:class:`~tutor.engine.messages.SeatName`), as the
        lessons name it: ``your partner (seat 2)``; a possessive keeps its number (``seat 2's``),
        ``your`` for the learner."""
        if owner:
            return render(msg("your") if seat == self.seat else msg("seat {seat}'s", seat=seat))
        return self.who(seat)

    def tells(self, meaning) -> str:
        """What a call tells (its meaning's phrase), its seats named as the lessons name
        them."""
        with seats_named(self.name_seat, you=self.seat):
            return meaning.tells

    def _tells_partner(self, m: CallMoment) -> str:
        kind = m.meaning.kind
        partners = self.partners_words()
        if kind == "pass":
            said = (msg("You passed. What it tells {partners}: you have nothing to say now; it "
                        "ends the auction.", partners=partners) if m.done else
                    msg("You passed. What it tells {partners}: you have nothing to say now.",
                        partners=partners))
        elif kind == "double":
            said = msg("You doubled. What it tells {partners}: you expect the opponents' {level} "
                       "to fail.", partners=partners, level=m.level)
        elif kind == "redouble":
            said = msg("You redoubled. What it tells {partners}: you are sure your team's "
                       "doubled {level} will be made.", partners=partners, level=m.level)
        else:
            said = msg("You bid {call}. What it tells {partners}: {meaning}.",
                       call=m.meaning.spoken, partners=partners,
                       meaning=self.tells(m.meaning))
        return render(said)

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
        """The contract as a sentence ("You win the auction: 30 in spades for Red.")."""
        c = self.state.contract
        if c is None:
            return None
        if c.bidder is None:
            return render(msg("Nobody bid: {team} plays 28 in no trumps, the dealer's opponents "
                              "(56-ALL-PASS).", team=self.team_name(0)))
        p = dict(player=self.who(c.bidder, True), bid=c.bid,
                 denomination=denomination_words(c.denomination),
                 stake=stake_words(c.multiplier), team=self.team_name(c.team))
        if c.noes:
            return self._says(c.bidder,
                              msg("{player} win the auction: {bid} in {denomination}{stake} (a "
                                  "Noes bid, played in no trumps) for {team}.", **p),
                              msg("{player} wins the auction: {bid} in {denomination}{stake} (a "
                                  "Noes bid, played in no trumps) for {team}.", **p))
        return self._says(c.bidder,
                          msg("{player} win the auction: {bid} in {denomination}{stake} for "
                              "{team}.", **p),
                          msg("{player} wins the auction: {bid} in {denomination}{stake} for "
                              "{team}.", **p))

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
            p = dict(number=k, player=self.who(winner), card=r.card.unicode,
                     reason=why["reason"])
            won = self._says(winner, msg("Trick {number}: {player} win with {card}, {reason}.",
                                         **p),
                             msg("Trick {number}: {player} wins with {card}, {reason}.", **p))
            held = render(nmsg("It held {n} card point; your team has {mine}, the opponents "
                               "{theirs}.", "It held {n} card points; your team has {mine}, the "
                               "opponents {theirs}.", pts, mine=mine, theirs=theirs))
            line = sentences(won, why["twin"], held)
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
        bidders = self.team_name(c.team)
        won = [w for *_, w in s.tricks]
        all_tricks = bool(won) and all(self.team_of(w) == c.team for w in won) and \
            len(won) == self.game.hand_size
        if c.bidder is None:
            head = msg("Nobody bid, so {team} played 28 in no trumps", team=bidders)
        else:
            bid = dict(player=self.who(c.bidder, True), bid=c.bid,
                       denomination=denomination_words(c.denomination),
                       stake=stake_words(c.multiplier), team=bidders)
            head = (pmsg("the learner bid", "{player} bid {bid} in {denomination}{stake} for "
                         "{team}", **bid) if c.bidder == self.table.you else
                    msg("{player} bid {bid} in {denomination}{stake} for {team}", **bid))
        p = dict(points=points[c.team], total=points[c.team] + points[1 - c.team], bid=c.bid)
        cot = self.game.settings.cot
        if s.cot == "accepted":
            result = msg("the defenders offered to surrender and the bidders accepted, so play "
                         "stopped and the contract counts as made")
        elif cot and all_tricks:
            result = msg("the bidders won every trick ({points} card points), so the contract "
                         "was made, for twice the tables (house rule cot)", **p)
        elif s.cot == "refused":
            result = msg("the bidders refused the surrender and then lost a trick (they took "
                         "{points} of the {total} card points), so the contract failed, "
                         "whatever their points", **p)
        elif st.made:
            result = msg("the bidders took {points} of the {total} card points (they needed "
                         "{bid}), so the contract was made", **p)
        else:
            result = msg("the bidders took {points} of the {total} card points (they needed "
                         "{bid}), so the contract failed", **p)
        p = dict(payer=self.team_name(st.payer), receiver=self.team_name(1 - st.payer),
                 tables=_tables(st.paid), owed=st.owed, paid=st.paid)
        paid = (msg("{payer} pays {tables} to {receiver} (it owed {owed} but held only {paid})",
                    **p) if st.paid < st.owed else
                msg("{payer} pays {tables} to {receiver}", **p))
        red = self.game.names.index(PARTNERSHIPS[0])
        sentence = render(msg("{contract}; {result}: {payment}. Tables now: Red {red}, Black "
                              "{black}.", contract=head, result=result, payment=paid,
                              red=after[red], black=after[1 - red]))
        lines = [sentence]
        p = dict(bid=c.bid, made=_tables(made_amount), failed=failed_amount,
                 multiplier=c.multiplier)
        if c.multiplier == 2:
            worth = msg("A bid of {bid} is worth {made} made and {failed} failed (56-TIERS) × "
                        "{multiplier} for the double.", **p)
        elif c.multiplier in (3, 4):
            worth = msg("A bid of {bid} is worth {made} made and {failed} failed (56-TIERS) × "
                        "{multiplier} for the redouble.", **p)
        else:
            worth = msg("A bid of {bid} is worth {made} made and {failed} failed (56-TIERS).",
                        **p)
        lines.append(render(worth))
        note = cot_note(s.cot, all_tricks, c.multiplier, made_amount, failed_amount) \
            if cot else ""
        if note:
            lines.append(note)
        winner = None
        if st.match_winner is not None:
            winner = pship[st.match_winner]
            lines.append(render(msg("{team} has won the match: the other team has no tables "
                                    "left.", team=msg(winner))))
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
        p = dict(team=msg("your team") if ours else msg("the other team"), bid=c["bid"],
                 took=took, tables=_tables(abs(change)))
        if c["all_pass"]:
            said = (msg("Nobody bid, so {team} played 28 in no trumps and took {took} card "
                        "points: your team wins {tables}.", **p) if change >= 0 else
                    msg("Nobody bid, so {team} played 28 in no trumps and took {took} card "
                        "points: your team pays {tables}.", **p))
        else:
            said = (msg("{team} bid {bid} and took {took} card points: your team wins "
                        "{tables}.", **p) if change >= 0 else
                    msg("{team} bid {bid} and took {took} card points: your team pays "
                        "{tables}.", **p))
        line = cap(render(said))
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
            return sentences(msg("The hand is over."), b["sentence"] if b else "")
        s = self.state
        if self.learner_to_act:
            if s.phase == AUCTION:
                sb = self.standing_bid()
                if sb is None:
                    return render(msg("Your call: nobody has bid yet."))
                p = dict(call=sb["spoken"], level=sb["level"], player=self.who(sb["seat"]))
                return render(msg("Your call: the standing bid is {call} ({level}) by {player}, "
                                  "doubled.", **p) if sb["doubled"] else
                              msg("Your call: the standing bid is {call} ({level}) by "
                                  "{player}.", **p))
            if s.phase in (COT_OFFER, COT_ANSWER):
                t = {k: _tables(v) for k, v in self.cot_terms().items()}
            if s.phase == COT_OFFER:
                return render(msg(COT_OFFER_WORDS, **t))
            if s.phase == COT_ANSWER:
                return render(msg(
                    "House rule (cot): the defenders offer to surrender. Accept: play stops and "
                    "they pay your team {accepted}, as for a made contract. Refuse: play goes "
                    "on; if your team then wins every trick, the opponents pay twice, "
                    "{all_tricks}; if you lose a trick, your team pays twice the failed "
                    "amount, {refused_lost}, whatever your card points.", **t))
            if s.phase == PLAY:
                return render(msg("Your turn to play a card."))
            return render(msg("Your turn."))
        return render(msg("Waiting for {player}.", player=self.who(s.to_act)))


def _match_ends(ours: bool, fail: int | None, made: int | None, left: Msg) -> Msg:
    """"Your team has 2 tables left: a failed bid of yours of 32 or more or a made bid against
    you of 40 or more would end the match (56-TIERS; ...)." (``fail``, ``made``: the least bid
    that would, failed by the team or made against it; None: none would)."""
    p = dict(left=left, fail=fail, made=made)
    if ours:
        if made is None:
            return msg("Your team has {left} left: a failed bid of yours of {fail} or more would "
                       "end the match (56-TIERS; a double or redouble multiplies the stake).", **p)
        if fail is None:
            return msg("Your team has {left} left: a made bid against you of {made} or more "
                       "would end the match (56-TIERS; a double or redouble multiplies the "
                       "stake).", **p)
        return msg("Your team has {left} left: a failed bid of yours of {fail} or more or a made "
                   "bid against you of {made} or more would end the match (56-TIERS; a double "
                   "or redouble multiplies the stake).", **p)
    if made is None:
        return msg("The other team has {left} left: a failed bid of theirs of {fail} or more "
                   "would end the match (56-TIERS; a double or redouble multiplies the "
                   "stake).", **p)
    if fail is None:
        return msg("The other team has {left} left: a made bid against them of {made} or more "
                   "would end the match (56-TIERS; a double or redouble multiplies the "
                   "stake).", **p)
    return msg("The other team has {left} left: a failed bid of theirs of {fail} or more or a "
               "made bid against them of {made} or more would end the match (56-TIERS; a "
               "double or redouble multiplies the stake).", **p)


def cot_note(cot: str | None, all_tricks: bool, multiplier: int, made: int, failed: int
             ) -> str:
    """The line of a settlement under the ``cot`` house rule that says what the cot changed
    (as the engine settles it, ``tutor.games.g56.settle``); "" when it changed nothing."""
    m = multiplier
    if cot == "accepted":
        return render(nmsg("House rule cot: the surrender was accepted, so the defenders paid "
                           "the amount for a made contract, {made} × {multiplier} = {n} table.",
                           "House rule cot: the surrender was accepted, so the defenders paid "
                           "the amount for a made contract, {made} × {multiplier} = {n} "
                           "tables.", made * m, made=made, multiplier=m) if m > 1 else
                      nmsg("House rule cot: the surrender was accepted, so the defenders paid "
                           "the amount for a made contract, {n} table.",
                           "House rule cot: the surrender was accepted, so the defenders paid "
                           "the amount for a made contract, {n} tables.", made))
    if all_tricks:
        p = dict(made=made, multiplier=m, total=2 * made * m)
        return render(msg("House rule cot: the bidders won every trick, so the defenders pay "
                          "twice the tables for a made contract: 2 × {made} × {multiplier} = "
                          "{total}.", **p) if m > 1 else
                      msg("House rule cot: the bidders won every trick, so the defenders pay "
                          "twice the tables for a made contract: 2 × {made} = {total}.", **p))
    if cot == "refused":
        p = dict(failed=failed, multiplier=m, total=2 * failed * m)
        return render(msg("House rule cot: the surrender was refused and the bidders lost a "
                          "trick, so they pay twice the tables for a failed contract, whatever "
                          "their card points: 2 × {failed} × {multiplier} = {total}.", **p)
                      if m > 1 else
                      msg("House rule cot: the surrender was refused and the bidders lost a "
                          "trick, so they pay twice the tables for a failed contract, whatever "
                          "their card points: 2 × {failed} = {total}.", **p))
    return ""


def _written(style: str, number: int, d: str) -> str:
    return str(Call56("bid", style, number, d))


# A bid button's face: a suit's symbol beside the number; the no-trump words in the page's
# language (message ids)
_WORDED = {"number_nt": N_("{number} NT"), "number_noes": N_("{number} Noes"),
           "plus_noes": N_("+{number} Noes"), "plus_nt": N_("+{number} NT")}


# a hand's result, by (nobody bid, made): the learner's team's tables after it at the end
# ({points}: "27 card points", a plural message)
RESULT_WORDS = {
    (False, True): N_("{player} bid {bid} in {denomination}{stake} and made it ({points}): "
                      "{payer} paid {paid}; your team now has {tables}."),
    (False, False): N_("{player} bid {bid} in {denomination}{stake} and failed ({points}): "
                       "{payer} paid {paid}; your team now has {tables}."),
    (True, True): N_("Nobody bid: 28 in no trumps and made it ({points}): {payer} paid {paid}; "
                     "your team now has {tables}."),
    (True, False): N_("Nobody bid: 28 in no trumps and failed ({points}): {payer} paid "
                      "{paid}; your team now has {tables}.")}
# the learner's own bid, by made: "you bid" (the verb agrees with "you" in many languages)
YOUR_RESULT_WORDS = {
    True: N_("You bid {bid} in {denomination}{stake} and made it ({points}): {payer} paid "
             "{paid}; your team now has {tables}."),
    False: N_("You bid {bid} in {denomination}{stake} and failed ({points}): {payer} paid "
              "{paid}; your team now has {tables}.")}
# the defenders' choice under the cot house rule (56-D-COT), the terms in tables
COT_OFFER_WORDS = N_(
    "House rule (cot): your team defends. Offer to surrender, or play on? If you offer and the "
    "bidders accept, play stops and your team pays {accepted}, as for a made contract; if they "
    "refuse, play goes on and your team pays twice, {all_tricks}, if they win every trick, "
    "while they pay your team twice, {refused_lost}, if they lose even one. If you play on, "
    "the hand is settled as usual (made: your team pays {made}; failed: they pay {failed}), "
    "but your team pays twice, {all_tricks}, if they win every trick.")


def _label(style: str, number: int, d: str) -> str:
    if style in _WORDED:
        return render(msg(_WORDED[style], number=number))
    sym = SUIT_SYMBOL.get(d, "")
    return {"number_suit": f"{number}{sym}", "suit_number": f"{sym}{number}",
            "plus_suit": f"+{number}{sym}"}[style]


__all__ = ["GuidedHand56", "BidChoice", "BID_STYLES", "COT_WORDS", "PLAIN_CALLS", "cot_note",
           "new_seed", "denomination_words"]
