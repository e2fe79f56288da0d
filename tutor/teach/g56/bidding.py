"""Teaching the 56 auction: the bid explainer and two kinds of bidding question.

* :func:`explain_calls` reads an auction as a learner types it (``28S pass +2H pass 32NT
  double``, or in words: ``thirty spades, plus two hearts``), checks every call with the
  engine (:class:`~tutor.games.g56.auction.Auction56`) and says, call by call, what it
  conventionally shows (56-CONV, :func:`~tutor.games.g56.conventions.explain_auction`) and what
  the auction so far has told about each team's hands.  A mistyped or illegal call raises
  :class:`~tutor.engine.errors.InputError` naming the call and its position.
* ``bid_meaning`` ("What does partner's bid tell you?") and ``bid_choice`` ("Which bid
  describes this hand?") make :class:`~tutor.teach.questions.Question` objects from seeded
  deals and bot auctions, like the makers of :mod:`tutor.teach.questions`; :data:`MAKERS` maps
  the kind to the maker.  A bid *describes* a hand when the test the bots bid by says it tells
  partner the truth (:func:`~tutor.games.g56.conventions.holds_what_it_shows`: the hand holds
  everything the seat will then have shown, its earlier calls included) and the hand has the
  shape the bots want before they choose that style (:func:`describes`), so the tutor teaches
  what the bots do.

Pure Python: no widgets (the layer test keeps ``tutor.ui`` out).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from ...engine.cards import SUIT_SYMBOL, SUIT_WORDS, Card
from ...engine.errors import InputError
from ...engine.messages import (
    N_,
    Msg,
    capfirst,
    many,
    msg,
    nmsg,
    num,
    pmsg,
    render,
    sentences,
)
from ...engine.state import ChooseDealer
from ...engine.text import quoted
from ...games.g56 import SPEC
from ...games.g56.auction import STYLE_NAME, Auction56, parse_call
from ...games.g56.bot import choose
from ...games.g56.conventions import (
    Meaning,
    Showing,
    explain_auction,
    holds_what_it_shows,
    shown_after,
)
from ...games.g56.game import Game56, State56
from ...games.g56.tables import PLAYERS, RANK_ORDER, SUITS, check_players
from .. import questions as _q

GAME = SPEC.name  # this module teaches this game only
GAMES = (GAME,)
RULE = "56-CONV"
KIND_TITLES = {"bid_meaning": N_("What does partner's bid tell you?"),
               "bid_choice": N_("Which bid describes this hand?")}
# how calls are written: for the explainer's error message
CALL_FORMS = N_("pass, double, redouble or a bid such as 30S, S30, 30NT, 30NOES, +2S, +1NOES "
                "(or in words: thirty spades, plus two hearts)")
_SEPARATORS = re.compile(r"[,;|\n]+")
# characters in a typed auction: a real one is a few hundred; even 28 to 56 a point at a time with
# six passes, a double and a redouble between the bids is about 1,500 written (30S, pass)
MAX_AUCTION = 2_000
_MAX_WORDS = 6  # "plus twenty eight no trumps" is five
_MEANINGFUL = ("top_cards", "exact_top_cards", "strength_without_top", "all_round", "void")
# the styles a learner most easily confuses with each style
_NEAR = {"number_suit": ("suit_number", "plus_suit"), "suit_number": ("number_suit",),
         "plus_suit": ("number_suit",), "number_nt": ("number_noes",),
         "number_noes": ("number_nt", "plus_noes"), "plus_noes": ("number_noes",),
         "plus_nt": ()}

_COUNT_WORDS = {1: N_("one"), 2: N_("two"), 3: N_("three"), 4: N_("four"), 5: N_("five"),
                6: N_("six")}


class CallError(InputError):
    """A call of a typed auction that is no call of 56, is against the rules, or comes after
    the end.  ``index`` is 0-based; ``rule`` is the rule ID for a call the rules forbid."""

    def __init__(self, message: str, index: int, token: str, rule: str | None = None,
                 reason: str | None = None):
        super().__init__(message, render(msg("call {number}, {token}", number=index + 1,
                                             token=quoted(token))), token)
        self.index, self.rule, self.reason = index, rule, reason


@dataclass(frozen=True)
class BidRow:
    """One call of an explained auction: who made it, how it is spoken, its conventional
    meaning (the fields of :class:`~tutor.games.g56.conventions.Meaning`) and what the
    auction up to and including it says about each team's hands (``summary``: team 0's
    sentence, team 1's)."""

    index: int
    seat: int
    team: int
    call: str  # written: 28S, +2H, pass
    spoken: str  # Twenty-Eight Spades
    kind: str  # pass | double | redouble | bid
    style: str | None
    style_name: str  # "Number Suit"; "" for pass, double, redouble
    level: int | None  # the number the bid stands for (a Plus call's total)
    denomination: str | None
    shows: str
    suit: str | None
    count: int | None
    cards: tuple[str, ...]
    honours: bool
    text: str  # the conventions' sentence, as explain_auction words it
    gist: str  # the same without its opening "Seat 0 bids ... (...):", capitalised
    summary: tuple[str, str]

    def as_dict(self) -> dict:
        return {k: getattr(self, k) for k in self.__dataclass_fields__}


# -- reading a typed auction ---------------------------------------------------------------------
def split_calls(text: str) -> list[str]:
    """The calls of a typed auction, as typed: split at commas, semicolons, bars and new lines,
    and between words where a call ends (the longest run of words that reads as one call, so
    ``thirty two spades pass`` is two calls).  A run of words that reads as no call is kept
    together, up to the next word a call starts with, for the error message."""
    check_auction_text(text)
    out: list[str] = []
    for chunk in _SEPARATORS.split(text):
        words = chunk.split()
        i = 0
        while i < len(words):
            j = _call_end(words, i)
            if j is None:
                j = i + 1
                while j < len(words) and _call_end(words, j) is None:
                    j += 1
            out.append(" ".join(words[i:j]))
            i = j
    return out


def check_auction_text(text) -> None:
    """An :class:`InputError` unless ``text`` is text of at most :data:`MAX_AUCTION`
    characters (a longer text is no auction, and reading it would keep the tutor busy)."""
    if not isinstance(text, str):
        raise InputError(render(msg("an auction is text such as '28S pass +2H', not {text}",
                                    text=quoted(text))), "auction")
    if len(text) > MAX_AUCTION:
        raise InputError(render(msg("an auction is at most {limit} characters; this one has "
                                    "{length}", limit=num(MAX_AUCTION),
                                    length=num(len(text)))), "auction")


def _call_end(words: list[str], i: int) -> int | None:
    for j in range(min(len(words), i + _MAX_WORDS), i, -1):
        try:
            parse_call(" ".join(words[i:j]))
        except InputError:
            continue
        return j
    return None


def _game(players, rules: dict | None = None) -> Game56:
    n = check_players(players)
    if rules:
        return Game56(n, rules)
    if n not in _GAMES:
        _GAMES[n] = Game56(n)
    return _GAMES[n]


_GAMES: dict[int, Game56] = {}


def read_auction(text: str, players: int = 6, dealer: int | None = None, *,
                 rules: dict | None = None) -> tuple[Auction56, list[str]]:
    """The auction typed in ``text`` (finished or not) and its calls as typed.

    Seats are absolute; the dealer is seat ``players - 1`` unless given, and the seat after
    the dealer calls first (56-AUCTION).  Raises :class:`CallError` (an :class:`InputError`)
    for the first call that is no call of 56, breaks a rule (the message ends with the rule
    ID, also in ``.rule``) or follows the end of the auction; :class:`InputError` for a player
    count other than 4, 6 or 8, a dealer who is no seat, or an unknown house rule."""
    game = _game(players, rules)
    n = game.n
    if dealer is None:
        dealer = n - 1
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
        raise InputError(render(msg("the dealer is a seat from 0 to {last}, not {dealer}",
                                    last=n - 1, dealer=repr(dealer))), "dealer")
    tokens = split_calls(text)
    a = Auction56(n, dealer, game.settings)
    for i, token in enumerate(tokens):
        try:
            call = parse_call(token)
        except InputError:
            raise CallError(render(msg("this is not a call of 56: write {forms}",
                                       forms=msg(CALL_FORMS))), i, token) from None
        if a.done:
            raise CallError(render(msg("the auction already ended with call {number}: the "
                                       "contract is {contract}; no call may follow its end "
                                       "[56-END]", number=i, contract=contract_text(a))), i,
                            token, "56-END", "ended")
        seat = a.to_act
        bad = a.check(call)
        if bad is not None:
            raise CallError(render(_may_not(seat, call, bad)), i, token, bad.rule, bad.reason)
        a.call(call)
    return a, tokens


def _may_not(seat: int, call, bad) -> Msg:
    """"seat 2 may not pass here. <why> [56-...]": a call the rules forbid, and why."""
    why = dict(seat=seat, reason=bad.message, rule=bad.rule)
    if call.kind == "pass":
        return msg("seat {seat} may not pass here. {reason} [{rule}]", **why)
    if call.kind == "double":
        return msg("seat {seat} may not double here. {reason} [{rule}]", **why)
    if call.kind == "redouble":
        return msg("seat {seat} may not redouble here. {reason} [{rule}]", **why)
    return msg("seat {seat} may not bid {bid} here. {reason} [{rule}]", bid=call.spoken(), **why)


def explain_calls(text: str, players: int = 6, dealer: int | None = None, *,
                  rules: dict | None = None) -> list[BidRow]:
    """Every call of the auction typed in ``text``, explained (see :class:`BidRow`); an empty
    list for no calls.  Errors as :func:`read_auction`."""
    a, _ = read_auction(text, players, dealer, rules=rules)
    return explain(a)


def explain(auction: Auction56) -> list[BidRow]:
    """The rows of :func:`explain_calls` for an auction already made."""
    meanings = explain_auction(auction)
    rows = []
    for i, m in enumerate(meanings):
        rows.append(BidRow(
            m.index, m.seat, auction.team_of(m.seat), m.call, m.spoken, m.kind, m.style,
            STYLE_NAME.get(m.style, ""), m.level, m.denomination, m.shows, m.suit, m.count,
            m.cards, m.honours, m.text, gist(m), team_summaries(meanings[:i + 1], auction)))
    return rows


def gist(m: Meaning) -> str:
    """What the call tells, as a sentence: 'Shows the top spade (J♠) with other spades.'"""
    return capfirst(render(msg("{tells}.", tells=m.what)))


def sense(m: Meaning) -> tuple:
    """What a meaning tells partner, as data: two calls with the same sense say the same
    thing in other words (a Noes jump and a Plus Noes both showing a void in hearts)."""
    suit = None if m.shows == "all_round" else m.suit
    return (m.shows, suit, tuple(sorted(m.cards)))


# -- what the auction says about the hands ---------------------------------------------------------
def team_summaries(meanings: list[Meaning], auction: Auction56) -> tuple[str, str]:
    """What ``meanings`` (calls of ``auction``, from the first) show about each team's hands:
    ``("Team 0 (seats 0, 2, 4) has shown: J♠ J♠ (two jacks of spades: seats 0 and 2); ...",
    "Team 1 ... has shown nothing yet.")``.  The top cards are listed exactly as the calls
    showed them (:attr:`Meaning.cards`), so never more copies of a card than exist."""
    facts: dict[int, dict] = {0: {}, 1: {}}
    standing = None
    for m in meanings:
        t = auction.team_of(m.seat)
        f = facts[t]
        seat = m.seat
        if m.shows in ("top_cards", "exact_top_cards"):
            if m.cards:
                f.setdefault(("top", m.suit), []).extend((c, m.seat) for c in m.cards)
            if m.shows == "exact_top_cards" and m.beyond:
                f[("exact", m.index)] = msg("seat {seat}: {bid}, an exact count no hand can "
                                            "hold", seat=seat, bid=m.spoken)
            elif m.shows == "exact_top_cards":
                f[("exact", m.index)] = msg("seat {seat} has no other {suit}", seat=seat,
                                            suit=SUIT_WORDS[m.suit])
            elif m.beyond:
                f[("beyond", m.index)] = msg("seat {seat}: strength and length in {suit} beyond "
                                             "the cards a jump can show", seat=seat,
                                             suit=SUIT_WORDS[m.suit])
        elif m.shows == "strength_without_top":
            f[("fact", m.index)] = msg("seat {seat}: strength in {suit} without the {card}",
                                       seat=seat, suit=SUIT_WORDS[m.suit],
                                       card=f"J{SUIT_SYMBOL[m.suit]}")
        elif m.shows == "all_round":
            f[("fact", m.index)] = msg("seat {seat}: all-round strength, no particularly good "
                                       "suit", seat=seat)
        elif m.shows == "void":
            f[("fact", m.index)] = msg("seat {seat}: no {suit} at all", seat=seat,
                                       suit=SUIT_WORDS[m.suit])
        elif m.shows in ("agreement", "nothing"):
            f[("fact", m.index)] = msg("seat {seat}: {bid} (no standard meaning)", seat=seat,
                                       bid=m.spoken)
        elif m.shows == "double":
            f[("fact", m.index)] = msg("seat {seat} doubled, expecting the opponents' {bid} to "
                                       "fail", seat=seat, bid=standing)
        elif m.shows == "redouble":
            f[("fact", m.index)] = msg("seat {seat} redoubled, sure of making the contract",
                                       seat=seat)
        if m.level is not None:
            standing = m.level
    out = []
    for t in (0, 1):
        seats = [s for s in range(auction.n) if auction.team_of(s) == t]
        name = msg("Team {team} (seats {seats})", team=t, seats=many(seats))
        parts = []
        for key, value in facts[t].items():
            if key[0] == "top":
                parts.append(render(_top_words(key[1], value)))
            else:
                parts.append(render(value))
        out.append(render(msg("{team} has shown: {facts}.", team=name, facts=many(parts, "clauses"))
                          if parts else msg("{team} has shown nothing yet.", team=name)))
    return out[0], out[1]


def _pretty(cards) -> str:
    return " ".join(Card.parse(c).unicode if isinstance(c, str) else c.unicode for c in cards)


def _ranks(rank: str, k: int) -> Msg:
    """"a jack", "two nines", "an ace": ``k`` cards of ``rank``."""
    count = msg(_COUNT_WORDS[k]) if k in _COUNT_WORDS else k
    return {"J": nmsg("a jack", "{count} jacks", k, count=count),
            "9": nmsg("a nine", "{count} nines", k, count=count),
            "A": nmsg("an ace", "{count} aces", k, count=count),
            "10": nmsg("a ten", "{count} tens", k, count=count),
            "K": nmsg("a king", "{count} kings", k, count=count),
            "Q": nmsg("a queen", "{count} queens", k, count=count),
            "8": nmsg("an eight", "{count} eights", k, count=count),
            "7": nmsg("a seven", "{count} sevens", k, count=count)}[rank]


def _top_words(suit: str, shown: list[tuple[str, int]]) -> Msg:
    """'J♠ J♠ 9♠ (two jacks and a nine of spades: seats 0 and 2)'."""
    cards = [c for c, _ in shown]
    counts = {}
    for c in cards:
        counts[c[:-1]] = counts.get(c[:-1], 0) + 1
    seats = list(dict.fromkeys(s for _, s in shown))
    return msg("{cards} ({ranks} of {suit}: {who})", cards=_pretty(cards),
               ranks=many(_ranks(r, k) for r, k in counts.items()), suit=SUIT_WORDS[suit],
               who=nmsg("seat {seats}", "seats {seats}", len(seats), seats=many(seats)))


def contract_text(auction: Auction56) -> str:
    """'32 no trumps, doubled, by seat 4 (team 0)'; the all-pass contract says so."""
    c = auction.contract
    if c is None:
        return render(msg("no contract yet"))
    if c.bidder is None:
        return render(msg("all passed: team 0 plays 28 in no trumps (56-ALL-PASS)"))
    what = msg("no trumps") if c.denomination == "NT" else SUIT_WORDS[c.denomination]
    if c.noes:
        what = msg("{denomination} (Noes)", denomination=what)
    by = dict(bid=c.bid, denomination=what, seat=c.bidder, team=c.team)
    if c.multiplier == 1:
        return render(msg("{bid} {denomination}, by seat {seat} (team {team})", **by))
    if c.multiplier == 2:
        return render(msg("{bid} {denomination}, doubled, by seat {seat} (team {team})", **by))
    return render(msg("{bid} {denomination}, redoubled, by seat {seat} (team {team})", **by))


def _plain_call(call: str) -> str:
    """A call without a number in words ("pass"), as a list of the calls allowed says it."""
    words = {"pass": pmsg("a call in the list of the calls a seat may make", "pass"),
             "double": pmsg("a call in the list of the calls a seat may make", "double"),
             "redouble": pmsg("a call in the list of the calls a seat may make",
                              "redouble")}.get(call)
    return render(words) if words is not None else call


def auction_status(auction: Auction56) -> str:
    """Where the auction stands: the contract if it is over, else who calls and what."""
    a = auction
    if a.done:
        return render(msg("The auction is over: {contract}.", contract=contract_text(a)))
    seat = a.to_act
    lc = a.legal_calls()
    if a.high_seat is None:
        stand = msg("Nobody has bid yet.")
    else:
        by = dict(bid=a.high, seat=a.high_seat, team=a.team_of(a.high_seat))
        stand = (msg("The standing bid is {bid}, doubled, by seat {seat} (team {team}).", **by)
                 if a.doubled else
                 msg("The standing bid is {bid}, by seat {seat} (team {team}).", **by))
    bids = render(msg("a bid of {low} to {high}", low=lc["min"], high=lc["max"])
                  if lc["min"] is not None else msg("no bid"))
    plain = [_plain_call(c) for c in lc["calls"]]
    may = render(many(plain + [bids], "sequence")) if plain else bids
    return sentences(stand, msg("Seat {seat} (team {team}) is to call: {calls}.",
                     seat=seat, team=a.team_of(seat), calls=may))


# -- describing a hand --------------------------------------------------------------------------
def _suit_cards(hand, suit: str) -> list[Card]:
    return [c for c in hand if c.suit == suit]


def describes(auction: Auction56, call, hand) -> bool:
    """Does ``call`` describe ``hand`` at this point of ``auction`` by the conventions, as the
    bots bid?  It must tell partner the truth (:func:`holds_what_it_shows`, counting what the
    seat showed earlier in the auction too) and the hand must have the shape the bots want for
    that style: Number Suit with three cards of the suit or more, Suit Number with four or more
    and two 9s or aces, Number No-trumps with no suit longer than four.  Plus N Suit and the
    Noes styles are exact already (the count of cards, a void)."""
    call = str(parse_call(call))
    return holds_what_it_shows(auction, call, hand) and _shaped(parse_call(call), hand)


def _shaped(c, hand) -> bool:
    """The shape the bots want before they choose the style of bid ``c``."""
    if c.style == "number_suit":
        return len(_suit_cards(hand, c.denomination)) >= 3
    if c.style == "suit_number":
        cards = _suit_cards(hand, c.denomination)
        return len(cards) >= 4 and sum(x.rank in ("9", "A") for x in cards) >= 2
    if c.style == "number_nt":
        return max(len(_suit_cards(hand, s)) for s in SUITS) <= 4
    return True


@dataclass(frozen=True)
class _Option:
    call: str
    meaning: Meaning
    showing: Showing  # what the seat will have shown in total after the call
    honest: bool  # holds_what_it_shows
    fits: bool  # describes

    @property
    def style(self) -> str:
        return self.meaning.style

    @property
    def denomination(self) -> str:
        return self.meaning.denomination


def _calls_at(auction: Auction56, level: int, suits) -> list[str]:
    """The bids of every style at ``level`` (Plus calls: the N that reaches it)."""
    out = []
    for d in suits:
        out += [f"{level}{d}", f"{d}{level}"]
    out += [f"{level}NT", f"{level}NOES"]
    if auction.high_seat is not None and level > auction.high:
        k = level - auction.high
        out += [f"+{k}{d}" for d in suits] + [f"+{k}NOES"]
    return out


def _options(auction: Auction56, hand=None, levels=None, suits=SUITS) -> list[_Option]:
    """The legal bids worth teaching now that have a standard meaning, and whether each tells
    the truth about ``hand`` and describes it.  ``levels`` None: every style at the lowest
    level, Number Suit also with jumps of one and two levels, Noes with a jump of one, Plus N
    Suit with N of 1, 2 and the number of cards ``hand`` holds in the suit; else every style
    at each of ``levels`` in ``suits``."""
    low, high = auction.bid_range()
    if low is None:
        return []
    calls: list[str] = []
    if levels is None:
        for lv in range(low, min(high, low + 2) + 1):
            calls += [f"{lv}{d}" for d in suits]
        calls += [f"{d}{low}" for d in suits] + [f"{low}NT", f"{low}NOES"]
        if low + 1 <= high:
            calls.append(f"{low + 1}NOES")
        if auction.high_seat is not None:
            for d in suits:
                held = len(_suit_cards(hand, d)) if hand is not None else 0
                calls += [f"+{k}{d}" for k in sorted({1, 2, held} - {0})]
            calls += ["+1NOES", "+2NOES"]
    else:
        for lv in levels:
            calls += _calls_at(auction, lv, suits)
    out = []
    for call in dict.fromkeys(calls):
        if auction.check(call) is not None:
            continue
        m, showing = shown_after(auction, call)
        if m.shows not in _MEANINGFUL:
            continue
        honest = hand is not None and holds_what_it_shows(auction, call, hand)
        fits = honest and _shaped(parse_call(call), hand)
        out.append(_Option(call, m, showing, honest, fits))
    return out


def _pick_describing(rng: random.Random, options: list[_Option]) -> _Option | None:
    """A call that describes the hand: a style at random among those that can, then for
    Number Suit the highest level that tells the truth (all the top cards held), for the
    others the lowest."""
    fitting = [o for o in options if o.fits]
    if not fitting:
        return None
    style = rng.choice(sorted({o.style for o in fitting}))
    of_style = [o for o in fitting if o.style == style]
    denom = rng.choice(sorted({o.denomination for o in of_style}))
    same = [o for o in of_style if o.denomination == denom]
    if style == "number_suit":
        return max(same, key=lambda o: o.meaning.level)
    return min(same, key=lambda o: (o.meaning.level, o.call))


def _pick_others(rng: random.Random, pool: list[_Option], answer: _Option, k: int,
                 prefer: str | None) -> list[_Option]:
    """Up to ``k`` options of different styles (one may share the answer's style), those in
    the denomination ``prefer`` first."""
    pool = list(pool)
    rng.shuffle(pool)
    pool.sort(key=lambda o: o.denomination != prefer)
    styles = sorted({o.style for o in pool})
    rng.shuffle(styles)
    near = _NEAR[answer.style]
    # the styles easiest to confuse with the answer's first, its own style last
    styles.sort(key=lambda s: (s == answer.style, near.index(s) if s in near else len(near)))
    picked = []
    for s in styles:
        o = next((o for o in pool if o.style == s), None)
        if o is not None:
            picked.append(o)
        if len(picked) == k:
            break
    for o in pool:
        if len(picked) >= k:
            break
        if o not in picked:
            picked.append(o)
    return picked


def _earlier(o: _Option) -> tuple[str, ...]:
    """The top cards of the option's suit the seat showed before this call."""
    own = list(o.showing.in_suit(o.meaning.suit))
    for c in o.meaning.cards:
        own.remove(c)
    return tuple(own)


def _why_so(o: _Option, hand) -> str:
    """Why a call that describes the hand is true of it (with what the seat showed before)."""
    return render(_why_so_msg(o, hand))


def _why_so_msg(o: _Option, hand) -> Msg:
    m = o.meaning
    if m.shows in ("top_cards", "exact_top_cards"):
        cards = _suit_cards(hand, m.suit)
        own, earlier = o.showing.in_suit(m.suit), _earlier(o)
        exact = m.shows == "exact_top_cards"
        words = dict(cards=_pretty(own), earlier=_pretty(earlier), new=_pretty(m.cards),
                     suit=SUIT_WORDS[m.suit], count=_count(len(cards), m.suit))
        if not own:
            return (msg("you have nothing more to show and no other {suit}", **words) if exact
                    else msg("you have nothing more to show among {count}", **words))
        if earlier and m.cards:
            return (msg("you hold {cards} (the {earlier} you showed before and the {new} this "
                        "bid adds) and no other {suit}", **words) if exact else
                    msg("you hold {cards} (the {earlier} you showed before and the {new} this "
                        "bid adds) among {count}", **words))
        if earlier:
            return (msg("you hold {cards} (shown before) and no other {suit}", **words)
                    if exact else msg("you hold {cards} (shown before) among {count}", **words))
        return (msg("you hold {cards} and no other {suit}", **words) if exact else
                msg("you hold {cards} among {count}", **words))
    if m.shows == "strength_without_top":
        cards = _suit_cards(hand, m.suit)
        return msg("you hold {count} ({cards}) but no {card}",
                   count=_count(len(cards), m.suit), cards=_pretty(_sorted(cards)),
                   card=f"J{SUIT_SYMBOL[m.suit]}")
    if m.shows == "void":
        return msg("you hold no {suit}", suit=SUIT_WORDS[m.suit])
    jacks = [c for c in _sorted(hand) if c.rank == "J"]
    longest = max(len(_suit_cards(hand, s)) for s in SUITS)
    suits = len({c.suit for c in jacks})
    return nmsg("you hold Jacks in {n} suit ({jacks}) and no suit longer than {longest}",
                "you hold Jacks in {n} suits ({jacks}) and no suit longer than {longest}", suits,
                jacks=_pretty(jacks), longest=longest)


def _why_not(o: _Option, hand) -> str:
    """Why a call would tell partner something untrue of the hand (counting what the seat
    showed before)."""
    return render(_why_not_msg(o, hand))


def _why_not_msg(o: _Option, hand) -> Msg:
    m, showing = o.meaning, o.showing
    if m.shows in ("top_cards", "exact_top_cards"):
        if showing.impossible:
            return msg("no hand can hold that")
        missing = showing.missing(hand)
        earlier = _earlier(o)
        if missing:
            if earlier:
                return msg("you do not hold {missing}: with the {earlier} you showed before, "
                           "this bid says you hold {cards}",
                           missing=_missing_words(missing, hand), earlier=_pretty(earlier),
                           cards=_pretty(showing.in_suit(m.suit)))
            return msg("you do not hold {missing}", missing=_missing_words(missing, hand))
        n = len(_suit_cards(hand, m.suit))
        return msg("you hold {count}, not exactly {exact}", count=_count(n, m.suit),
                   exact=len(showing.in_suit(m.suit)))
    if m.shows == "strength_without_top":
        return msg("you hold the {card}", card=f"J{SUIT_SYMBOL[m.suit]}")
    if m.shows == "void":
        return msg("you hold {count}", count=_count(len(_suit_cards(hand, m.suit)), m.suit))
    suits = len({c.suit for c in hand if c.rank == "J"})
    if suits == 0:
        return msg("you hold no Jack")
    return nmsg("you hold Jacks in only {n} suit", "you hold Jacks in only {n} suits", suits)


def _missing_words(missing: list[str], hand):
    """'J♠ 9♠', or for a card held once of two claimed: 'a second J♠'."""
    held = {str(c) for c in hand}
    parts, plain = [], []
    for c in missing:
        if c in held and c not in plain:
            parts.append(msg("a second {card}", card=_pretty([c])))
        else:
            plain.append(c)
    return many(parts + ([_pretty(plain)] if plain else []))


def _count(n: int, suit: str) -> Msg:
    """"no spades", "1 heart", "3 clubs"."""
    if not n:
        return msg("no {suit}", suit=SUIT_WORDS[suit])
    return {"S": nmsg("{n} spade", "{n} spades", n), "H": nmsg("{n} heart", "{n} hearts", n),
            "D": nmsg("{n} diamond", "{n} diamonds", n),
            "C": nmsg("{n} club", "{n} clubs", n)}[suit]


def _sorted(cards) -> list[Card]:
    return sorted(cards, key=lambda c: (SUITS.index(c.suit), RANK_ORDER.index(c.rank)))


# -- the questions ---------------------------------------------------------------------------------
def _check_game(kind: str, game: str) -> None:
    if str(game) != GAME:
        raise InputError(render(msg("{kind} questions are about the auction of 56: the game "
                                    "must be 56, not {game}", kind=kind, game=repr(game))),
                         "game")


def _said(calls) -> str:
    return render(many((msg("seat {seat}: {call}", seat=s, call=parse_call(c).spoken())
                        for s, c in calls), "sequence")) or render(msg("none yet"))


def _players(n: int, dealer: int) -> Msg:
    """"6 players, seat 5 deals."."""
    return nmsg("{n} player, seat {dealer} deals.", "{n} players, seat {dealer} deals.", n,
                dealer=dealer)


def _bot_auction(rng: random.Random, accept, tries: int = 30):
    """Deal a hand for 4, 6 or 8 players and let the bots call until ``accept(state, rng)``
    gives something (at or after a seeded number of calls); ``None`` when the auction ends
    first, ``tries`` times."""
    for _ in range(tries):
        n = rng.choice(PLAYERS)
        state = State56.initial(_game(n))  # seat n-1 deals: the seats of 56-SEATS
        state.push(ChooseDealer(n - 1))
        while state.is_chance:
            state.chance(rng)
        start = rng.randrange(0, n + 2)
        while state.phase == "auction":
            if len(state.auction.calls) >= start:
                found = accept(state, rng)
                if found is not None:
                    return state, found
            state.push(choose(state))
    return None


def _bid_meaning(game: str, seed: int) -> "_q.Question":
    """What does partner's bid tell you?  A bot auction up to a bid by a player of your team
    that describes that player's hand; the choices: the bid's conventional meaning and what
    bids of other styles at the same level would have shown."""
    _check_game("bid_meaning", game)
    rng = random.Random(f"bid_meaning/{game}/{seed}")

    def accept(state, rng):
        a = state.auction
        seat = a.to_act
        bid = _pick_describing(rng, _options(a, state.hands[seat]))
        if bid is None:
            return None
        d = bid.denomination
        suits = [d] if d != "NT" else [next((c.denomination for _, c in reversed(a.calls)
                                             if c.is_bid and c.denomination != "NT"),
                                            rng.choice(SUITS))]
        right = sense(bid.meaning)
        level = bid.meaning.level
        low, high = a.bid_range()
        levels = [level] + [lv for lv in (level + 1, level - 1) if low <= lv <= high]
        others = {}  # one call per message (not per sentence), at partner's level first
        for o in _options(a, None, levels, suits):
            others.setdefault(sense(o.meaning), o)
        others.pop(right, None)
        others = list(others.values())
        if len(others) < 2:
            return None
        return bid, _pick_others(rng, others, bid, rng.choice((2, 3, 3, 4)), d)

    found = _bot_auction(rng, accept)
    if found is None:  # pragma: no cover - the bots always get there within the tries
        raise RuntimeError(f"no bid_meaning question for seed {seed}")
    state, (bid, others) = found
    a = state.auction
    partner = a.to_act
    you = (partner + 2) % a.n
    m = bid.meaning
    calls = [(s, str(c)) for s, c in a.calls] + [(partner, bid.call)]
    prior = calls[:-1]
    statements = [render(msg("Partner's bid {tells}.", tells=o.meaning.what))
                  for o in [bid] + others]
    order = list(range(len(statements)))
    rng.shuffle(order)
    ids = "abcde"
    choices, right_id, meanings = [], "", {}
    for pos, k in enumerate(order):
        cid = ids[pos]
        text = statements[k]
        choices.append(_q.Choice(cid, text, text))
        if k == 0:
            right_id = cid
        else:
            o = others[k - 1].meaning
            meanings[cid] = render(msg("“{statement}” is what {bid} ({call}, {style}) would "
                                       "have said. Partner bid {partner_bid} ({partner_call}, "
                                       "{partner_style}): {meaning}.", statement=text,
                                       bid=o.spoken, call=o.call, style=msg(STYLE_NAME[o.style]),
                                       partner_bid=m.spoken, partner_call=m.call,
                                       partner_style=msg(STYLE_NAME[m.style]), meaning=m.what))
    lowest = max(28, a.high + 1)
    nudge = {
        "number_suit": msg("a number then a suit names the top cards of that suit: count how far "
                           "the bid is above the lowest bid it could have been ({lowest}).",
                           lowest=lowest),
        "suit_number": msg("the suit comes first: the style for a good suit without its top "
                           "card."),
        "number_nt": msg("No-trumps, not Noes: a message about the whole hand."),
        "number_noes": msg("Noes, not No-trumps: a message about a suit partner does not hold. "
                           "Which suit was bid most recently? And this is a jump over the "
                           "lowest bid ({lowest}).", lowest=lowest) if m.level > lowest else
                       msg("Noes, not No-trumps: a message about a suit partner does not hold. "
                           "Which suit was bid most recently?"),
        "plus_suit": msg("a Plus call in a suit counts that suit's cards exactly."),
        "plus_noes": msg("Plus Noes looks past the most recent suit to the one bid before it."),
    }[m.style]
    right_text = statements[0]
    hints = (_q.Hint(1, render(msg("Partner's {bid} is a {style} bid: {nudge}", bid=m.spoken,
                                   style=msg(STYLE_NAME[m.style]), nudge=nudge))),
             _q.Hint(2, _q._rule_hint(RULE), RULE),
             _q.Hint(3, render(msg("The answer: {answer}", answer=right_text)), None,
                     (right_id,)))
    n, dealer = a.n, a.dealer
    prompt = sentences(_players(n, dealer), msg(
        "The calls before: {calls}. You are seat {you}; your partner, seat {partner}, now bids "
        "{bid} ({call}). What does partner's bid tell you?", calls=_said(prior), you=you,
        partner=partner, bid=m.spoken, call=m.call))
    context = {"players": n, "dealer": dealer, "calls": calls, "you": you,
               "partner": partner, "seat": you}
    return _q.Question("bid_meaning", GAME, seed, prompt, "one", tuple(choices), context,
                       (right_id,), RULE, m.text, hints, meanings)


def _bid_choice(game: str, seed: int) -> "_q.Question":
    """Which bid describes this hand?  Your hand from a real deal and the bots' auction up to
    your turn; the choices: one bid that describes the hand (:func:`describes`) and bids whose
    conventional meaning is untrue of it."""
    _check_game("bid_choice", game)
    rng = random.Random(f"bid_choice/{game}/{seed}")

    def accept(state, rng):
        a = state.auction
        hand = state.hands[a.to_act]
        options = _options(a, hand)
        answer = _pick_describing(rng, options)
        if answer is None:
            return None
        pool = [o for o in options if not o.honest]
        if len(pool) < 2:
            return None
        return answer, _pick_others(rng, pool, answer, rng.choice((2, 3, 3, 4)),
                                    answer.denomination)

    found = _bot_auction(rng, accept)
    if found is None:  # pragma: no cover
        raise RuntimeError(f"no bid_choice question for seed {seed}")
    state, (answer, others) = found
    a = state.auction
    seat = a.to_act
    hand = _sorted(state.hands[seat])
    picked = [answer] + others
    rng.shuffle(picked)
    choices = tuple(_q.Choice(o.call, o.meaning.spoken, o.meaning.spoken) for o in picked)
    meanings = {}
    for o in others:
        meanings[o.call] = render(msg("{bid} ({call}, {style}) would tell partner: {meaning}. "
                                      "But {why_not}.", bid=o.meaning.spoken, call=o.call,
                                      style=msg(STYLE_NAME[o.style]), meaning=o.meaning.what,
                                      why_not=_why_not(o, hand)))
    m = answer.meaning
    reason = render(msg("{bid} ({call}, {style}) {meaning}, and {why_so}.", bid=m.spoken,
                        call=m.call, style=msg(STYLE_NAME[m.style]),
                        meaning=m.what, why_so=_why_so(answer, hand)))
    jacks = [c for c in hand if c.rank == "J"]
    lengths = render(many((_count(len(_suit_cards(hand, s)), s) for s in SUITS), "sequence"))
    last_suit = next((c.denomination for _, c in reversed(a.calls)
                      if c.is_bid and c.denomination != "NT"), None)
    low, _ = a.bid_range()
    narrow = sentences(
        msg("Your Jacks: {jacks}.", jacks=_pretty(jacks) if jacks else msg("none")),
        msg("You hold {lengths}.", lengths=lengths),
        msg("The lowest bid now is {bid}; the last suit bid was {suit}.", bid=low,
            suit=SUIT_WORDS[last_suit]) if last_suit else
        msg("The lowest bid now is {bid}; no suit has been bid yet.", bid=low))
    hints = (_q.Hint(1, narrow),
             _q.Hint(2, _q._rule_hint(RULE), RULE),
             _q.Hint(3, render(msg("The answer: {bid} ({call}).", bid=m.spoken, call=m.call)),
                     None, (m.call,)))
    n, dealer = a.n, a.dealer
    calls = [(s, str(c)) for s, c in a.calls]
    prompt = sentences(_players(n, dealer), msg(
        "The calls so far: {calls}. You are seat {seat} (team {team}) and hold {hand}. Which "
        "bid describes your hand, by the conventions?", calls=_said(calls), seat=seat,
        team=a.team_of(seat), hand=_pretty(hand)))
    context = {"hand": [str(c) for c in hand], "players": n, "dealer": dealer,
               "calls": calls, "seat": seat}
    return _q.Question("bid_choice", GAME, seed, prompt, "one", choices, context,
                       (m.call,), RULE, reason, hints, meanings)


MAKERS = {"bid_meaning": _bid_meaning, "bid_choice": _bid_choice}
GAME_OF = {kind: SPEC.name for kind in MAKERS}
KINDS = {kind: (maker, KIND_TITLES[kind]) for kind, maker in MAKERS.items()}
# what they show beside their choices: the auction so far, and for a bid to choose, the hand
SHOWN = {"bid_meaning": _q.Shown(("calls", "you"), N_("What partner's bid says")),
         "bid_choice": _q.Shown(("calls", "you", "hand"), N_("The bids"))}

__all__ = ["BidRow", "CallError", "GAME_OF", "GAMES", "KIND_TITLES", "MAKERS", "RULE",
           "auction_status", "contract_text", "describes", "explain", "explain_calls", "gist",
           "read_auction", "split_calls", "team_summaries"]
