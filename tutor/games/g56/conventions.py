"""What each call of a 56 auction conventionally shows (56-CONV), as data and as a sentence, and
whether a hand backs what a seat has shown.

These are customs, not rules: a bid may mislead on purpose.  The bots of the guided hands bid
by them, the bidding lessons explain them and the bidding questions grade by them, all through
this module: :func:`explain_auction` says what every call shows, :func:`seat_showing` adds up
what one seat has shown so far, and :func:`holds_what_it_shows` (with :func:`shown_after`)
decides whether a hand backs a call, counting the seat's earlier calls too.

How the top cards of a suit are counted (56-CONV says "at the lowest possible level it shows
one top card (the Jack, if no card of that suit has been shown yet); each level jumped shows one
more top card"; where it is silent the tutor decides as follows):

* The top cards of a suit are that suit's cards in the deck in play, high to low, each rank
  twice (56-DECK, 56-RANK, 56-COPIES): J J 9 9 A A 10 10 K K Q Q with 48 cards, J J 9 9 A A 10
  10 with the 32-card deck, and 8 8 7 7 after them with the 64-card deck.
* A Number Suit or Plus N Suit bid shows the **next** top cards of its suit: the highest ones
  nobody has shown yet in this auction, whoever showed them (partner, an opponent, or the
  bidder itself).  So a first 28 Diamonds shows the J♦; a later Diamonds bid at the lowest
  level, by partner or by the same player, shows one more top diamond, the second J♦; the next,
  the 9♦.  Cards an opponent showed count too: both teams cannot each hold both J♦.
* Number Suit: one top card at the lowest level, one more for each level jumped.  Plus N Suit:
  exactly N more top cards and no other card of the suit: the bidder's holding in the suit is
  then exactly the top cards it has shown in it, earlier calls included.
* A bid never shows more cards than exist or than one hand holds.  When the jump asks for
  more, it shows every top card left (or a whole hand of them), says so in words, and the rest
  of the jump shows strength, not cards (``beyond``).  A Plus N Suit that asks for more cannot
  be exact, and no hand backs it.
* A seat backs what it has shown when its hand holds every top card all its calls showed (a
  multiset: a seat that showed the J♦ twice holds both J♦), no Jack of a suit it bid Suit
  Number in, no card of a suit it showed a void in, Jacks in two suits after Number No-trumps,
  and exactly the shown cards of a suit after Plus N Suit.

Sources: rules/56.md 56-CONV; pagat.com's 56 page could not be consulted when this was written,
so the cases 56-CONV leaves open (rebids, opponents' cards, jumps past the cards) are the
tutor's own reading above.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ...engine.cards import SUIT_SYMBOL, SUIT_WORDS
from ...engine.messages import Msg, SeatName, Yours, many, msg, nmsg, pmsg, render, wording
from .auction import STYLE_NAME, Auction56, Call56, number_message, parse_call
from .tables import (
    COPIES,
    MAX_BID,
    MIN_BID,
    RANK_ORDER,
    SUITS,
    deck_facts,
    deck_ranks,
    stake,
)

# the meanings a hand can back or not (the others have no standard meaning)
STANDARD = ("top_cards", "exact_top_cards", "strength_without_top", "all_round", "void")


def top_sequence(n: int, settings, suit: str) -> tuple[str, ...]:
    """The cards of ``suit`` in the deck for ``n`` players under ``settings``, high to low,
    each as many times as it exists: ``("JS", "JS", "9S", "9S", ...)`` (56-DECK, 56-RANK)."""
    ranks = sorted(deck_ranks(n, settings), key=RANK_ORDER.index)
    return tuple(r + suit for r in ranks for _ in range(COPIES))


@dataclass(frozen=True)
class Meaning:
    """The conventional message of one call."""

    index: int
    seat: int
    call: str  # the written form
    spoken: str
    kind: str  # pass | double | redouble | bid
    style: str | None = None
    level: int | None = None
    denomination: str | None = None
    shows: str = ""  # top_cards | strength_without_top | all_round | void | exact_top_cards
    #                  | agreement | nothing | pass | double | redouble
    suit: str | None = None  # the suit the message is about
    count: int | None = None  # how many top cards this call shows: len(cards)
    cards: tuple[str, ...] = field(default=())  # the top cards it shows, e.g. ("JS",)
    honours: bool = False
    # who made the call and how, and what it tells (a phrase whose subject is the call: "shows
    # the top spade (J♠) with other spades"), messages worded when read (a bot weighs many
    # meanings and reads none)
    head: Msg | str = ""
    what: Msg | str = ""
    how: Msg | str = ""  # a bid's style and what it bids: "(Number Suit, 30 spades)"
    # the top cards of the suit shown before this call, by anyone: ((card, seat), ...)
    before: tuple[tuple[str, int], ...] = field(default=())
    beyond: int = 0  # top cards the level asks for beyond those there are to show

    @property
    def said(self) -> Msg:
        """The explanation: "Seat 1 bids Thirty Spades (Number Suit, 30 spades): shows the top
        spade (J♠) with other spades."."""
        return msg("{call}: {tells}.", call=self.head, tells=self.what)

    @property
    def text(self) -> str:
        """The explanation in the current language (kept once worded: a 56 view reads every
        call's meaning, the auction's meanings are kept with it)."""
        key = wording()
        kept = self.__dict__.get("_text")
        if kept is None or kept[0] != key:
            kept = (key, render(self.said))
            object.__setattr__(self, "_text", kept)  # a cache, not a field
        return kept[1]

    @property
    def tells(self) -> str:
        """What the call tells, in the current language, without the call and with no full
        stop: "shows the top spade (J♠) with other spades"."""
        return render(self.what)

    def as_dict(self) -> dict:
        skip = ("head", "what", "how")  # messages: as_dict holds words
        out = {k: getattr(self, k) for k in self.__dataclass_fields__ if k not in skip}
        out["text"], out["tells"] = self.text, self.tells
        return out


# One card of a suit as a noun ("every spade"); the suit itself is SUIT_WORDS' ("spades").
_ONE = {"S": pmsg("suit, singular", "spade"), "H": pmsg("suit, singular", "heart"),
        "D": pmsg("suit, singular", "diamond"), "C": pmsg("suit, singular", "club")}


def _pretty(cards) -> str:
    return " ".join(c[:-1] + SUIT_SYMBOL[c[-1]] for c in cards)


class _Table:
    """What the auction has shown so far: the top cards of each suit, by whom."""

    def __init__(self, auction: Auction56):
        self.n, self.settings = auction.n, auction.settings
        self.hand = deck_facts(auction.n, auction.settings)["hand"]
        self.shown: dict[str, list[tuple[str, int]]] = {s: [] for s in SUITS}
        self.by_seat: Counter = Counter()  # top cards shown by each seat, all suits

    def left(self, suit: str) -> list[str]:
        """The top cards of ``suit`` nobody has shown yet, high to low."""
        out = list(top_sequence(self.n, self.settings, suit))
        for c, _ in self.shown[suit]:
            out.remove(c)
        return out

    def take(self, seat: int, suit: str, asked: int) -> tuple[tuple, tuple, str | None]:
        """(the cards ``seat`` can show for ``asked`` top cards of ``suit``, the cards of the
        suit shown before, what capped them: None, 'suit' or 'hand').  Not recorded yet."""
        before = tuple(self.shown[suit])
        left = self.left(suit)
        room = max(0, self.hand - self.by_seat[seat])
        cap = None
        if asked > len(left) or asked > room:
            cap = "suit" if len(left) <= room else "hand"
        return tuple(left[:min(asked, len(left), room)]), before, cap

    def record(self, seat: int, suit: str, cards) -> None:
        self.shown[suit].extend((c, seat) for c in cards)
        self.by_seat[seat] += len(cards)


def explain_auction(auction: Auction56) -> list[Meaning]:
    """The meaning of every call made so far.  Each call's meaning depends only on the calls
    up to and including it, so the meanings are kept with the auction and only the calls made
    since the last question are explained (an auction's calls are only ever appended)."""
    return list(_explained(auction).meanings)


def meaning_at(auction: Auction56, index: int) -> Meaning:
    """The meaning of call ``index`` (0-based) of ``auction`` (kept with it, as above)."""
    return _explained(auction, index + 1).meanings[index]


class _Explained:
    """The meanings of an auction's first calls, and what is needed to explain the next."""

    __slots__ = ("replay", "table", "suits_bid", "meanings")

    def __init__(self, auction: Auction56):
        self.replay = Auction56(auction.n, auction.dealer, auction.settings)
        self.table = _Table(auction)
        self.suits_bid: list[str] = []  # suits named by bids, in order
        self.meanings: list[Meaning] = []

    def extend(self, calls, upto: int) -> None:
        replay, table, suits_bid = self.replay, self.table, self.suits_bid
        for i in range(len(self.meanings), upto):
            seat, call = calls[i]
            # the lowest bid this seat could make (56-PARTNER-MIN can raise it over partner)
            lowest = replay.bid_range(seat)[0] or max(MIN_BID, replay.high + 1)
            standing = replay.high
            replay.call(call)
            level = replay.levels[-1]
            self.meanings.append(_meaning(i, seat, call, level, lowest, standing, table,
                                          suits_bid, replay))
            if call.is_bid and call.denomination != "NT":
                suits_bid.append(call.denomination)


def _explained(auction: Auction56, upto: int | None = None) -> _Explained:
    """The auction's kept meanings, explained up to call ``upto`` (default: every call)."""
    calls = auction.calls
    upto = len(calls) if upto is None else upto
    ex = auction.explained
    done = 0 if ex is None else len(ex.meanings)
    # kept meanings are of a prefix of these calls (a copy of an auction starts afresh)
    if ex is None or done > len(calls) or (done and ex.replay.calls[done - 1] != calls[done - 1]):
        ex = auction.explained = _Explained(auction)
    if len(ex.meanings) < upto:
        ex.extend(calls, upto)
    return ex


def _pass_text(after: Auction56) -> Msg:
    """What a pass tells, as the state after it makes it: the pass that ends the auction, a
    pass that is final under 56-PASS-FINAL, or the ordinary pass, which is not final
    (56-PASS)."""
    if after.done:
        c = after.contract
        if c.bidder is None:
            return msg("nothing to say, and with that all {n} players have "
                       "passed, so the auction is over: team 0 plays 28 in no trumps "
                       "(56-ALL-PASS)", n=after.n)
        call = after.calls[after.high_index][1].spoken()
        # the bidder's call, a possessive said whole: "your Thirty Spades" to the bidder
        whose = Yours(c.bidder, pmsg("the call that won the auction, the learner's", "your {call}",
                                     call=call),
                      pmsg("the call that won the auction, a seat's", "seat {seat}'s {call}",
                           seat=c.bidder, call=call))
        said = dict(passes=after.n - 1, whose_call=whose, bid=c.bid)
        how = stake(c.multiplier)
        if how == "doubled":
            return msg("nothing to say, and with that pass the auction is "
                       "over ({passes} passes in a row): {whose_call} ({bid}, "
                       "doubled) is the contract", **said)
        if how == "redoubled":
            return msg("nothing to say, and with that pass the auction is "
                       "over ({passes} passes in a row): {whose_call} ({bid}, "
                       "redoubled) is the contract", **said)
        return msg("nothing to say, and with that pass the auction is over "
                   "({passes} passes in a row): {whose_call} ({bid}) is the contract",
                   **said)
    if after.settings.pass_is_final:
        return msg("nothing to say now. At this table a pass is final (house "
                   "rule 56-PASS-FINAL): they may not bid again in this auction, though they "
                   "may still double or redouble")
    if after.high >= MAX_BID:
        if after.doubled:
            return msg("nothing to say now. Nobody can bid higher than "
                       "{bid}, but the bid can still be redoubled", bid=MAX_BID)
        return msg("nothing to say now. Nobody can bid higher than {bid}, "
                   "but the bid can still be doubled or redoubled", bid=MAX_BID)
    return msg("nothing to say now (a pass is not final in 56; they may bid "
               "later)")


def _after_words(before, seat: int) -> Msg:
    """'after the J♦ seat 0 showed', 'after the J♠ it showed before and the 9♠ seat 2
    showed'."""
    groups: dict[int, list[str]] = {}
    for c, s in before:
        groups.setdefault(s, []).append(c)
    parts = [msg("the {cards} it showed before", cards=_pretty(cs)) if s == seat else
             msg("the {cards} {seat} showed", cards=_pretty(cs), seat=SeatName(s))
             for s, cs in groups.items()]
    return msg("after {cards}", cards=many(parts))


def _new_cards_words(cards, before):
    """The cards a call adds: 'J♠ J♠ 9♠', or with copies already shown: 'the second J♦',
    'the second J♠ and 9♠ 9♠' (a list, :func:`many`)."""
    if not cards:
        return ""
    earlier = {c for c, _ in before}
    seconds = [msg("the second {card}", card=_pretty([c])) for c in cards if c in earlier]
    rest = [c for c in cards if c not in earlier]
    return many(seconds + ([_pretty(rest)] if rest else []))


def _number_words(k: int):
    """2 -> 'two' (a message); from 13 on, digits."""
    if k == 0:
        return msg("no")
    return number_message(k) if 0 < k <= 12 else str(k)


def _top_cards(base, head: Msg, seat, call: Call56, level, lowest, table: _Table) -> Meaning:
    d = call.denomination
    suits, one = SUIT_WORDS[d], _ONE[d]
    plus = call.style == "plus_suit"
    asked = call.number if plus else 1 + max(0, level - lowest)
    cards, before, cap = table.take(seat, d, asked)
    count = len(cards)
    beyond = asked - count
    listed = _new_cards_words(cards, before)
    after = _after_words(before, seat) if before else None
    kind = "exact_top_cards" if plus else "top_cards"
    fields = dict(shows=kind, suit=d, count=count, cards=cards, before=before, beyond=beyond)
    said = dict(suits=suits, one=one, cards=listed)
    if plus:
        if beyond:  # no hand can be exact with that many: it shows no cards
            if cap == "hand":
                limit = msg("one hand holds only {n} cards", n=table.hand)
            elif not count:
                limit = msg("every {one} has been shown already", one=one)
            elif before:
                limit = nmsg("only {n} {one} is left to show ({cards})",
                             "only {n} {suits} are left to show ({cards})", count, one=one,
                             suits=suits, cards=listed)
            else:
                limit = msg("there are only {n} {suits} ({cards})", n=count, suits=suits,
                            cards=listed)
            if before:
                text = msg("would show exactly {n} more top {suits} and no other "
                           "{suits}, but {limit}, so no hand fits it", n=asked,
                           suits=suits, limit=limit)
            else:
                text = msg("would show exactly {n} top {suits} and no other {suits}, "
                           "but {limit}, so no hand fits it", n=asked, suits=suits,
                           limit=limit)
            fields.update(count=0, cards=(), beyond=asked)
            return Meaning(**base, **fields, head=head, what=text)
        table.record(seat, d, cards)
        own = [c for c, s in before if s == seat]  # N as in Plus N: the count, in digits
        if not before:
            text = nmsg("shows exactly {n} top {one} ({cards}) and no other {suits}",
                        "shows exactly {n} top {suits} ({cards}) and no other {suits}",
                        count, **said)
        elif not own:
            text = nmsg("shows exactly {n} more top {one} ({cards}), {after}, and no "
                        "other {suits}", "shows exactly {n} more top {suits} ({cards}), "
                        "{after}, and no other {suits}", count, after=after, **said)
        else:
            text = nmsg("shows exactly {n} more top {one} ({cards}), {after}, and no "
                        "other {suits}: its {suits} are {holding}", "shows exactly {n} "
                        "more top {suits} ({cards}), {after}, and no other {suits}: its {suits} "
                        "are {holding}", count, after=after,
                        holding=_pretty(sorted(own + list(cards), key=_rank_key)), **said)
        return Meaning(**base, **fields, head=head, what=text)
    table.record(seat, d, cards)
    jumped = level - lowest
    why = None if not jumped else nmsg(
        "the lowest bid, {lowest}, shows one top card, and the level jumped one more",
        "the lowest bid, {lowest}, shows one top card, and each of the {n} levels jumped one "
        "more", jumped, lowest=lowest)
    if beyond:
        if cap == "suit" and not count:
            text = msg("shows no more cards: every {one} has been shown already ({gone}). "
                       "The level asks for {n} more top {suits}, more than are left, so "
                       "the bid shows strength and length in {suits}, not more cards",
                       one=one, gone=_pretty(c for c, _ in before), n=asked,
                       suits=suits)
            return Meaning(**base, **fields, head=head, what=text)
        if cap == "suit":
            shown = msg("every {one} not yet shown ({cards}, all {n} of them), {after}", one=one,
                        cards=listed, n=count, after=after) if before else \
                msg("every {one} there is ({cards}, all {n})", one=one, cards=listed, n=count)
            more_than = msg("more than are left") if before else msg("more than there are")
        else:
            shown = _whole_hand(count, table.by_seat[seat] > count, suits, listed, after)
            more_than = msg("more than one hand can hold")
        if before:
            text = msg("shows {shown}. The level asks for {n} more top {suits}, "
                       "{more_than}, so the rest of the jump shows strength and length in "
                       "{suits}, not more cards", shown=shown, n=asked, suits=suits,
                       more_than=more_than)
        else:
            text = msg("shows {shown}. The level asks for {n} top {suits}, {more_than}, "
                       "so the rest of the jump shows strength and length in {suits}, not more "
                       "cards", shown=shown, n=asked, suits=suits,
                       more_than=more_than)
        return Meaning(**base, **fields, head=head, what=text)
    number = _number_words(count)
    if before:
        if why is None:
            text = nmsg("shows {number} more top {one} ({cards}) with other {suits}, "
                        "{after}", "shows {number} more top {suits} ({cards}) with "
                        "other {suits}, {after}", count, number=number, after=after, **said)
        else:
            text = nmsg("shows {number} more top {one} ({cards}) with other {suits}, "
                        "{after}: {why}", "shows {number} more top {suits} ({cards}) "
                        "with other {suits}, {after}: {why}", count, number=number,
                        after=after, why=why, **said)
    elif why is None:
        text = nmsg("shows the top {one} ({cards}) with other {suits}",
                    "shows the top {number} {suits} ({cards}) with other {suits}",
                    count, number=number, **said)
    else:
        text = nmsg("shows the top {one} ({cards}) with other {suits}: {why}",
                    "shows the top {number} {suits} ({cards}) with other {suits}: "
                    "{why}", count, number=number, why=why, **said)
    return Meaning(**base, **fields, head=head, what=text)


def _whole_hand(count: int, rest: bool, suits, listed, after) -> Msg:
    """What a jump capped by one hand shows: its cards, the rest of the seat's hand (``rest``)
    or a whole hand of them, after the cards shown before (``after``, or None)."""
    if not count:
        return msg("no more cards: it has already shown a whole hand")
    said = dict(number=_number_words(count), suits=suits, cards=listed, after=after)
    if after is None:
        return msg("{number} top {suits} ({cards}), the rest of its hand", **said) if rest else \
            msg("{number} top {suits} ({cards}), a whole hand of them", **said)
    return msg("{number} more top {suits} ({cards}), the rest of its hand, {after}", **said) \
        if rest else msg("{number} more top {suits} ({cards}), a whole hand of them, {after}",
                         **said)


def _rank_key(card: str) -> int:
    return RANK_ORDER.index(card[:-1])


def _how(call: Call56, level: int) -> Msg:
    """How a bid is spoken and what it bids: '(Number Suit, 30 spades)', and ', an Honours
    bid' from 40."""
    said = dict(style=msg(STYLE_NAME[call.style]), level=level)
    if call.denomination == "NT":
        if level >= 40:
            return msg("({style}, {level} no trumps, an Honours bid)", **said)
        return msg("({style}, {level} no trumps)", **said)
    suits = SUIT_WORDS[call.denomination]
    if level >= 40:
        return msg("({style}, {level} {suits}, an Honours bid)", suits=suits, **said)
    return msg("({style}, {level} {suits})", suits=suits, **said)


def _head(seat: int, call: Call56, how: Msg) -> Msg:
    """'Seat 1 bids Thirty Spades (Number Suit, 30 spades)'."""
    return msg("Seat {seat} bids {call} {how}", seat=seat, call=call.spoken(), how=how)


def _meaning(i, seat, call: Call56, level, lowest, standing, table: _Table, suits_bid,
             after: Auction56) -> Meaning:
    base = dict(index=i, seat=seat, call=str(call), spoken=call.spoken(), kind=call.kind)
    if call.kind == "pass":
        return Meaning(**base, shows="pass", head=msg("Seat {seat} passes", seat=seat),
                       what=_pass_text(after))
    if call.kind == "double":
        said = msg("they expect the opponents' {bid} to fail. Any new bid "
                   "cancels the double", bid=standing) if standing < MAX_BID else \
            msg("they expect the opponents' {bid} to fail. Nobody can bid "
                "higher than {most}, so the double stands", bid=standing,
                most=MAX_BID)
        return Meaning(**base, shows="double", head=msg("Seat {seat} doubles", seat=seat),
                       what=said)
    if call.kind == "redouble":
        return Meaning(**base, shows="redouble", head=msg("Seat {seat} redoubles", seat=seat),
                       what=msg("their team is sure the doubled contract will be made. The "
                                "auction ends at once"))
    d = call.denomination
    how = _how(call, level)
    base.update(style=call.style, level=level, denomination=d, honours=level >= 40, how=how)
    head = _head(seat, call, how)
    style = call.style
    if style in ("number_suit", "plus_suit"):
        return _top_cards(base, head, seat, call, level, lowest, table)
    if style == "suit_number":
        return Meaning(**base, shows="strength_without_top", suit=d, head=head, what=msg(
            "shows strength in {suits} without the top card (for example no J{symbol}, "
            "but 9s and aces)", suits=SUIT_WORDS[d], symbol=SUIT_SYMBOL[d]))
    if style == "number_nt":
        return Meaning(**base, shows="all_round", head=head, what=msg(
            "shows all-round strength and no particularly good suit (for example Jacks "
            "in two suits)"))
    if style in ("number_noes", "plus_noes"):
        if style == "plus_noes":
            target = suits_bid[-2] if len(suits_bid) >= 2 else None
        else:
            target = suits_bid[-1] if suits_bid else None
            if level > lowest and len(suits_bid) >= 2:
                target = suits_bid[-2]
        if target is None:
            said = msg("has no standard meaning, with no suit bid before the most recent one; "
                       "partners agree one between them. It is played in no trumps") \
                if style == "plus_noes" else \
                msg("has no standard meaning, with no suit bid yet; partners agree one between "
                    "them. It is played in no trumps")
            return Meaning(**base, shows="agreement", head=head, what=said)
        suits = SUIT_WORDS[target]
        if style == "plus_noes":
            said = msg("shows a void in {suits}, the suit bid before the most recent "
                       "one. It is played in no trumps", suits=suits)
        elif level > lowest:
            said = msg("can show a void in {suits} (a jump in Noes), the suit bid before the "
                       "most recent one. It is played in no trumps", suits=suits)
        else:
            said = msg("shows no {suits} at all (a void in the suit just bid). It is "
                       "played in no trumps", suits=suits)
        return Meaning(**base, shows="void", suit=target, head=head, what=said)
    return Meaning(**base, shows="nothing", head=head,
                   what=msg("has no standard meaning (Plus No-trumps)"))


# -- what a seat has shown, and whether a hand backs it ----------------------------------------
@dataclass(frozen=True)
class Showing:
    """Everything one seat has shown by its calls so far (56-CONV), added up."""

    seat: int
    cards: tuple[str, ...] = ()  # every top card its calls showed, in order (a multiset)
    exact: tuple[tuple[str, int], ...] = ()  # (suit, how many cards of it the seat holds)
    voids: tuple[str, ...] = ()  # suits it holds no card of
    without_jack: tuple[str, ...] = ()  # suits it bid Suit Number in: no Jack of them
    all_round: bool = False  # Number No-trumps: Jacks in two suits or more
    impossible: bool = False  # a Plus N Suit asking for more cards than a hand can hold

    def in_suit(self, suit: str) -> tuple[str, ...]:
        return tuple(c for c in self.cards if c[-1] == suit)

    def missing(self, hand) -> list[str]:
        """The shown top cards ``hand`` does not hold (as many copies as are missing)."""
        lack = Counter(self.cards) - Counter(str(c) for c in hand)
        return [c for c in dict.fromkeys(self.cards) for _ in range(lack[c])]

    def backed_by(self, hand) -> bool:
        """Does ``hand`` hold everything this seat has shown?"""
        if self.impossible or self.missing(hand):
            return False
        suits = Counter(c.suit for c in hand)
        if any(suits[s] != k for s, k in self.exact):
            return False
        if any(suits[s] for s in self.voids):
            return False
        if any(c.rank == "J" and c.suit in self.without_jack for c in hand):
            return False
        if self.all_round and len({c.suit for c in hand if c.rank == "J"}) < 2:
            return False
        return True


def seat_showing(meanings, seat: int) -> Showing:
    """What ``seat`` has shown in total by its calls among ``meanings`` (from
    :func:`explain_auction`; pass a prefix for what it had shown at some point)."""
    cards: list[str] = []
    exact: dict[str, int] = {}
    voids, without, all_round, impossible = [], [], False, False
    for m in meanings:
        if m.seat != seat:
            continue
        if m.shows in ("top_cards", "exact_top_cards"):
            cards += m.cards
            if m.shows == "exact_top_cards":
                exact[m.suit] = sum(c[-1] == m.suit for c in cards)
                impossible = impossible or m.beyond > 0
        elif m.shows == "strength_without_top":
            without.append(m.suit)
        elif m.shows == "void":
            voids.append(m.suit)
        elif m.shows == "all_round":
            all_round = True
    return Showing(seat, tuple(cards), tuple(exact.items()), tuple(dict.fromkeys(voids)),
                   tuple(dict.fromkeys(without)), all_round, impossible)


def shown_after(auction: Auction56, call) -> tuple[Meaning, Showing] | None:
    """The meaning of ``call`` by the seat to act and what that seat will then have shown in
    total (its earlier calls and this one); None when the call is illegal now."""
    if auction.done or auction.check(call) is not None:
        return None
    a = auction.copy()
    seat = a.to_act
    a.call(parse_call(call))
    meanings = explain_auction(a)
    return meanings[-1], seat_showing(meanings, seat)


def holds_what_it_shows(auction: Auction56, call, hand) -> bool:
    """Would ``call``, made now by the seat to act holding ``hand``, tell the truth by the
    conventions: does the call have a standard meaning, and does ``hand`` back everything the
    seat will then have shown, its earlier calls included?  False for an illegal call."""
    got = shown_after(auction, call)
    if got is None:
        return False
    meaning, showing = got
    return meaning.shows in STANDARD and showing.backed_by(hand)


__all__ = ["Meaning", "STANDARD", "Showing", "explain_auction", "holds_what_it_shows",
           "meaning_at", "seat_showing", "shown_after", "top_sequence"]
