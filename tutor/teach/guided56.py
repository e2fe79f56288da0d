"""Guided hands of 56: the learner (seat 0) plays one whole hand with engine partners against
engine opponents (``tutor.games.g56.bot.choose``), for 4, 6 or 8 players.

A :class:`GuidedHand56` deals a fresh match from ``random.Random(seed)`` (the same seed, the
same hand: the first dealer, the cards and, the bots being deterministic, their answers to the
same learner choices).  The bots act for every other seat, partners included, until the
learner must act; the learner's actions are checked by the engine (an illegal one raises
:class:`~tutor.engine.errors.IllegalAction` with a reason, a ``56-`` rule ID and the legal
alternatives).

What the learner reads comes from the engine:

* every call with its conventional meaning (56-CONV, ``explain_auction``), and after each of the
  learner's own calls what it tells their partners;
* every trick: who won it, why (``state.explain_trick``) and how many card points it held;
* the settlement of the hand (``state.last_settlement``, 56-MADE, 56-TIERS, 56-TRANSFER) as a
  breakdown and a sentence.

The auction offers a manageable set of calls: pass, double and redouble when legal, and bids
built from a level (:meth:`GuidedHand56.bid_levels`) and a style
(:meth:`GuidedHand56.bid_choices`).  Pure Python: no widgets here (``tutor.ui.guided56``
draws it).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from ..engine.cards import SUIT_NAME, SUIT_SYMBOL, Card
from ..engine.errors import InputError
from ..engine.state import Call, Play
from ..games.g56 import game as g56
from ..games.g56.auction import STYLE_NAME, Auction56, Call56, parse_call
from ..games.g56.bot import choose
from ..games.g56.conventions import Meaning, explain_auction
from ..games.g56.play import card_points
from ..games.g56.tables import PLAYERS, tier

Game56, State56, PARTNERSHIPS = g56.Game56, g56.State56, g56.PARTNERSHIPS
AUCTION, COT_OFFER, COT_ANSWER, PLAY, DEAL, OVER = (g56.AUCTION, g56.COT_OFFER, g56.COT_ANSWER,
                                                    g56.PLAY, g56.DEAL, g56.OVER)
SEAT = 0  # the learner's seat
MAX_REDEALS = 20
HAND_OVER = (DEAL, OVER)
PLAIN_CALLS = ("pass", "double", "redouble")
COT_WORDS = {"play_on": "Play on", "surrender": "Surrender", "accept": "Accept",
             "refuse": "Refuse"}
# the bid builder's styles, in the order the widget shows them: (style, denominations)
BID_STYLES = (("number_suit", "SHDC"), ("suit_number", "SHDC"), ("number_nt", ("NT",)),
              ("number_noes", ("NT",)), ("plus_suit", "SHDC"), ("plus_noes", ("NT",)),
              ("plus_nt", ("NT",)))


def new_seed() -> int:
    """A fresh seed for a new hand (shown to the learner so it can be replayed)."""
    return random.randrange(1, 1_000_000)


def denomination_words(d: str) -> str:
    """``S`` -> ``♠ spades``, ``NT`` -> ``no trumps``."""
    return "no trumps" if d == "NT" else f"{SUIT_SYMBOL[d]} {SUIT_NAME[d]}"


def _seats_words(seats: list[int]) -> str:
    if not seats:
        return "nobody"
    nums = [str(s) for s in seats]
    if len(nums) == 1:
        return f"seat {nums[0]}"
    return "seats " + ", ".join(nums[:-1]) + " and " + nums[-1]


def _after_colon(text: str) -> str:
    return text.split(": ", 1)[1] if ": " in text else text


def _meaning_of_event(event) -> Meaning:
    """The conventional meaning of the call a ``call`` event narrates (its args replay the
    auction up to that call, as ``tutor.games.g56.game`` writes them)."""
    n, dealer, settings, calls = event.args
    a = Auction56(n, dealer, settings)
    for seat, call in calls:
        a.call(call, seat)
    return explain_auction(a)[-1]


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


class GuidedHand56:
    """One hand of 56 for a learner at seat 0 with bot partners and bot opponents.

    ``GuidedHand56(players=6, seed=7)`` deals a fresh hand (``seed=None``: a fresh seed, kept
    in :attr:`seed`).  ``rules`` are house rules (``tutor.games.g56.tables.SETTINGS``; the
    defaults have no cot and no redeals).  The bots act at once until the learner must act;
    then call :meth:`call`, :meth:`bid`, :meth:`play_card`, :meth:`answer_cot` or
    :meth:`play` with an engine action.
    """

    def __init__(self, players: int = 6, seed: int | None = None, rules: dict | None = None,
                 bot: Callable = choose):
        if isinstance(players, bool) or players not in PLAYERS:
            raise InputError(f"a guided hand of 56 is for 4, 6 or 8 players, not {players!r} "
                             "(56-PLAYERS)", "players")
        if seed is None:
            seed = new_seed()
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise InputError(f"a seed is a whole number, not {seed!r}", "seed")
        self.seed = seed
        self.players = players
        self.seat = SEAT
        self.bot = bot
        self.rng = random.Random(seed)
        self.game = Game56(players, rules)
        self.state: State56 = self.game.new_game(self.rng)
        self._mark_hand()
        self._seen = 0
        self.advance_bots()

    # -- the hand's seats and teams (fixed at the deal: the dealer moves on after it) --------
    def _mark_hand(self) -> None:
        s = self.state
        self.dealer = s.dealer
        self.first = s.first
        self.hand_no = s.hand_no
        self.tables_before = tuple(s.tables)  # by partnership: Red, Black

    def team_of(self, seat: int) -> int:
        """The hand's team of a seat (0 = the dealer's opponents, 56-SEATS)."""
        return (seat - self.first) % 2

    @property
    def team(self) -> int:
        """The learner's team in this hand (0 or 1)."""
        return self.team_of(self.seat)

    @property
    def partnership(self) -> str:
        """The learner's permanent partnership: Red (even seats) or Black (odd seats)."""
        return PARTNERSHIPS[self.seat % 2]

    @property
    def partners(self) -> list[int]:
        return [s for s in range(self.players) if s != self.seat and s % 2 == self.seat % 2]

    @property
    def opponents(self) -> list[int]:
        return [s for s in range(self.players) if s % 2 != self.seat % 2]

    def relation(self, seat: int) -> str:
        """``you``, ``partner`` or ``opponent``."""
        if seat == self.seat:
            return "you"
        return "partner" if seat % 2 == self.seat % 2 else "opponent"

    def who(self, seat: int) -> str:
        """``Seat 2 (your partner)``, ``Seat 3 (an opponent)``, ``You (seat 0)``."""
        rel = self.relation(seat)
        if rel == "you":
            return f"You (seat {seat})"
        return f"Seat {seat} ({'your partner' if rel == 'partner' else 'an opponent'})"

    def does(self, seat: int, verb: str) -> str:
        """``You (seat 0) win`` / ``Seat 3 (an opponent) wins``: ``verb`` without the s."""
        return f"{self.who(seat)} {verb if seat == self.seat else verb + 's'}"

    def team_name(self, team: int) -> str:
        """``Red (your team)`` / ``Black (the opponents)`` for a hand team."""
        p = (team + self.first) % 2
        mine = p == self.seat % 2
        return f"{PARTNERSHIPS[p]} ({'your team' if mine else 'the opponents'})"

    # -- where the hand is ----------------------------------------------------------------
    @property
    def redeals(self) -> int:
        """How many times the cards were thrown in and dealt again (house rules 56-DEAL)."""
        return sum(1 for e in self.state.events if e.kind == "redeal")

    @property
    def phase(self) -> str:
        return self.state.phase

    @property
    def over(self) -> bool:
        """The hand has been played (or surrendered) and settled."""
        s = self.state
        return s.phase in HAND_OVER and s.last_settlement is not None

    @property
    def learner_to_act(self) -> bool:
        return not self.over and self.state.to_act == self.seat

    def learner_actions(self) -> list:
        """Every legal engine action of the learner now (in the auction a lazy sequence of
        every call in every style: use :meth:`plain_calls` and :meth:`bid_choices`)."""
        return self.state.legal_actions() if self.learner_to_act else []

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
    def advance_bots(self) -> list[str]:
        """Let the bots (and chance, after a redeal) act until the learner must act or the
        hand is settled; return the new narration lines."""
        s = self.state
        redeals = 0
        while not self.over and s.to_act != self.seat:
            if s.phase == DEAL or s.is_chance:  # a house rule threw the cards in
                redeals += 1
                if redeals > MAX_REDEALS:
                    raise RuntimeError("too many redeals")
                s.chance(self.rng)
                self._mark_hand()
                continue
            s.play(self.bot(s))
        return self.new_lines()

    def play(self, action) -> list[str]:
        """The learner's action (checked: an ``IllegalAction`` propagates and nothing
        changes); then the bots act.  Returns the narration lines that are new."""
        if self.over:
            raise InputError("the hand is over: deal a new one", "action")
        seat = getattr(action, "seat", None)
        if seat != self.seat:
            raise InputError(f"you play for seat {self.seat}, not seat {seat}", "action")
        self.state.play(action)
        return self.advance_bots()

    def new_lines(self) -> list[str]:
        """The narration lines not returned before."""
        lines = self.narration()
        new, self._seen = lines[self._seen:], len(lines)
        return new

    # -- reading ---------------------------------------------------------------------------
    def narration(self) -> list[str]:
        """Everything the learner may read, oldest first: the engine's events from seat 0's
        view (every call with its meaning), plus after each of the learner's calls what it
        told their partners, after each trick why it was won and its card points, and after
        the settlement its breakdown in one sentence."""
        return [e["text"] for e in self.narration_items()]

    def narration_items(self) -> list[dict]:
        """The narration as ``{"kind", "text", "seat"}`` dicts (kinds are the engine's event
        kinds, plus ``tells_partner``, ``trick_why`` and ``settlement``)."""
        out: list[dict] = []
        tricks = self.trick_explanations()
        k = 0
        for ev in self.state.events:
            text = ev.visible_to(self.seat)
            if not text:
                continue
            out.append({"kind": ev.kind, "text": text, "seat": ev.seat})
            if ev.kind == "call" and ev.seat == self.seat:
                out.append({"kind": "tells_partner", "seat": self.seat,
                            "text": self._tells_partner(_meaning_of_event(ev))})
            elif ev.kind == "trick" and k < len(tricks):
                out.append({"kind": "trick_why", "seat": ev.seat, "text": tricks[k]["line"]})
                k += 1
            elif ev.kind == "redeal":
                out.append({"kind": "redeal", "seat": None,
                            "text": "The cards are shuffled and dealt again."})
            elif ev.kind == "settle" and self.over:
                b = self.settlement_breakdown()
                if b is not None:
                    out.append({"kind": "settlement", "seat": None, "text": b["sentence"]})
        return out

    def _tells_partner(self, m: Meaning) -> str:
        words = {"pass": "You passed", "double": "You doubled", "redouble": "You redoubled"}
        did = words.get(m.kind, f"You bid {m.spoken}")
        p = self.partners
        whom = f"your partner ({_seats_words(p)})" if len(p) == 1 else \
            f"your partners ({_seats_words(p)})"
        return f"{did}. What it tells {whom}: {_after_colon(m.text)}"

    def auction_meanings(self) -> list[dict]:
        """Every call of this hand's auction with its conventional meaning (56-CONV) and who
        made it (``you``/``partner``/``opponent``)."""
        a = self.state.auction
        if a is None:
            return []
        out = []
        for m in explain_auction(a):
            d = m.as_dict()
            d["relation"] = self.relation(m.seat)
            if m.seat == self.seat:
                d["tells_partner"] = self._tells_partner(m)
            out.append(d)
        return out

    def contract_text(self) -> str | None:
        c = self.state.contract
        if c is None:
            return None
        mult = {1: "", 2: ", doubled", 3: ", redoubled", 4: ", redoubled"}.get(c.multiplier, "")
        noes = " (a Noes bid, played in no trumps)" if c.noes else ""
        if c.bidder is None:
            return (f"Nobody bid: team 0, {self.team_name(0)}, plays 28 in no trumps "
                    "(56-ALL-PASS)")
        return (f"{self.does(c.bidder, 'play')} {c.bid} in {denomination_words(c.denomination)}"
                f"{mult}{noes} for {self.team_name(c.team)}")

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
            pts = card_points(cards)
            team = self.team_of(winner)
            running[team] += pts
            mine = running[self.team]
            theirs = running[1 - self.team]
            line = (f"Trick {k}: {self.does(winner, 'win')} with {r.card.unicode}. Why: {r.text}. "
                    f"It held {pts} card point{'s' if pts != 1 else ''}; your team has {mine}, "
                    f"the opponents {theirs}.")
            out.append({"number": k, "leader": leader, "cards": list(cards),
                        "seats": [(leader + i) % s.n for i in range(len(cards))],
                        "winner": winner, "relation": self.relation(winner), "team": team,
                        "card": r.card, "text": r.text, "rule": r.rule,
                        "comparisons": [c.text for c in r.comparisons], "points": pts,
                        "running": list(running), "line": line})
        return out

    def settlement_breakdown(self) -> dict | None:
        """The settlement of the hand as plain data and lines; None until the hand is over.

        Keys: ``contract`` (bidder, team, partnership, bid, denomination, multiplier, noes,
        all_pass, text), ``made``, ``points`` (by hand team), ``needed``, ``owed``, ``paid``,
        ``payer``/``receiver`` (partnership names), ``teams`` (per partnership: seats, role,
        points, tables before and after, change, you), ``tier`` (tables made/failed),
        ``cot``, ``match_winner``, ``rules``, ``text`` (the engine's), ``sentence``, ``lines``.
        """
        s = self.state
        st = s.last_settlement
        c = s.contract
        if st is None or c is None or not self.over:
            return None
        first = self.first
        pship = [PARTNERSHIPS[(t + first) % 2] for t in (0, 1)]  # by hand team
        points = self.points_taken()
        made_amount, failed_amount = tier(c.bid, self.game.settings)
        after = tuple(s.tables)
        teams = []
        for p in (0, 1):  # Red, Black
            t = (p - first) % 2
            teams.append({"partnership": PARTNERSHIPS[p], "team": t,
                          "seats": [x for x in range(self.players) if x % 2 == p],
                          "role": "bidders" if t == c.team else "defenders",
                          "points": points[t], "tables_before": self.tables_before[p],
                          "tables_after": after[p], "change": after[p] - self.tables_before[p],
                          "you": p == self.seat % 2})
        payer, receiver = pship[st.payer], pship[1 - st.payer]
        mult = {1: "", 2: ", doubled", 3: ", redoubled", 4: ", redoubled"}.get(c.multiplier, "")
        what = denomination_words(c.denomination)
        bidders = self.team_name(c.team)
        if c.bidder is None:
            head = f"Nobody bid, so {bidders} played 28 in no trumps"
        else:
            head = f"{self.who(c.bidder)} bid {c.bid} in {what}{mult} for {bidders}"
        bid_pts = points[c.team]
        if s.cot == "accepted":
            result = "the defenders surrendered and the bidders accepted, so the contract " \
                     "counts as made"
        else:
            result = (f"the bidders took {bid_pts} of the {bid_pts + points[1 - c.team]} "
                      f"card points (they needed {c.bid}), so the contract "
                      + ("was made" if st.made else "failed"))
        paid = (f"{payer} pays {st.paid} table{'s' if st.paid != 1 else ''} to {receiver}"
                + (f" (it owed {st.owed} but held only {st.paid})" if st.paid < st.owed else ""))
        sentence = (f"{head}; {result}: {paid}. Tables now: Red {after[0]}, "
                    f"Black {after[1]}.")
        lines = [sentence]
        mult_words = {1: "", 2: " × 2 for the double", 3: " × 3 for the redouble",
                      4: " × 4 for the redouble"}.get(c.multiplier, "")
        lines.append(f"A bid of {c.bid} is worth {made_amount} table"
                     f"{'s' if made_amount != 1 else ''} made and {failed_amount} failed "
                     f"(56-TIERS){mult_words}.")
        if s.cot == "refused":
            lines.append("The surrender was refused: the result counts double (56-MADE).")
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
                "match_winner": winner, "rules": rules, "text": st.text,
                "sentence": sentence, "lines": lines,
                "you_won": (receiver == self.partnership)}

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
                        f"{self.who(sb['seat']).lower() if sb['relation'] != 'you' else 'you'}"
                        + (", doubled." if sb["doubled"] else "."))
            if s.phase == COT_OFFER:
                return ("House rule (cot): your team defends. Play on, or offer to surrender "
                        "(if the bidders accept, the contract counts as made)?")
            if s.phase == COT_ANSWER:
                return ("The defenders offer to surrender: accept (the contract counts as made) "
                        "or refuse (play on: the result then counts double)?")
            if s.phase == PLAY:
                return "Your turn to play a card."
            return "Your turn."
        return f"Seat {s.to_act} to act."


def _written(style: str, number: int, d: str) -> str:
    return str(Call56("bid", style, number, d))


def _label(style: str, number: int, d: str) -> str:
    sym = SUIT_SYMBOL.get(d, "")
    return {"number_suit": f"{number}{sym}", "suit_number": f"{sym}{number}",
            "number_nt": f"{number} NT", "number_noes": f"{number} Noes",
            "plus_suit": f"+{number}{sym}", "plus_noes": f"+{number} Noes",
            "plus_nt": f"+{number} NT"}[style]


__all__ = ["GuidedHand56", "BidChoice", "BID_STYLES", "COT_WORDS", "PLAIN_CALLS", "SEAT",
           "new_seed", "denomination_words"]
