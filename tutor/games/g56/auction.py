"""The 56 auction (rules/56.md section 3): calls in their six spoken styles, doubles and
redoubles, the end after n-1 passes, the all-pass contract.

A call is read from its written form (``30S``, ``S30``, ``30NT``, ``30NOES``, ``+2S``,
``+1NOES``, ``pass``, ``double``, ``redouble``) or from words (``thirty spades``, ``spades
thirty``, ``plus two spades``, ``thirty noes``...).  Seats are absolute: the first to call is
the seat after the dealer (seat 0 of the hand).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from ...engine.errors import IllegalAction, InputError
from ...engine.messages import N_, Msg, house_rule, msg, pmsg, render, translator
from ...engine.settings import Settings
from ...engine.text import DIGITS, MAX_DIGITS, ascii_lower, ascii_upper, is_digits, quoted
from .tables import ALL_PASS_BID, MAX_BID, MIN_BID

STYLES = ("number_suit", "suit_number", "number_nt", "number_noes", "plus_suit", "plus_noes",
          "plus_nt")
# each style's name, a message id (worded where it is shown: render(msg(STYLE_NAME[style])))
STYLE_NAME = {"number_suit": N_("Number Suit"), "suit_number": N_("Suit Number"),
              "number_nt": N_("Number No-trumps"), "number_noes": N_("Number Noes"),
              "plus_suit": N_("Plus N Suit"), "plus_noes": N_("Plus N Noes"),
              "plus_nt": N_("Plus N No-trumps")}

_SUIT_WORD = {"S": "S", "H": "H", "D": "D", "C": "C", "♠": "S", "♥": "H", "♦": "D", "♣": "C",
              "SPADE": "S", "SPADES": "S", "HEART": "H", "HEARTS": "H", "DIAMOND": "D",
              "DIAMONDS": "D", "DICE": "D", "CLUB": "C", "CLUBS": "C"}
_NT_WORD = {"NT", "NOTRUMP", "NOTRUMPS"}
_NOES_WORD = {"NOES", "NOS"}
# The numbers of the bids in words (the standard library and Babel spell out no numbers): each
# word a message id, worded where it is said; a learner's typed call is read in English, from the
# ids themselves.
_UNITS = (N_("zero"), N_("one"), N_("two"), N_("three"), N_("four"), N_("five"), N_("six"),
          N_("seven"), N_("eight"), N_("nine"), N_("ten"), N_("eleven"), N_("twelve"),
          N_("thirteen"), N_("fourteen"), N_("fifteen"), N_("sixteen"), N_("seventeen"),
          N_("eighteen"), N_("nineteen"))
_TENS = {N_("twenty"): 20, N_("thirty"): 30, N_("forty"): 40, N_("fifty"): 50, N_("sixty"): 60}
# 21 to 69 but the tens, each a message whole: a language does not word them as English
# does, its tens and its units joined ("vingt et un", "vint-i-u", "tjugoett", "ഇരുപത്തിയൊന്ന്")
_COMPOUNDS = {
    21: pmsg("a number in words", "twenty-one"),
    22: pmsg("a number in words", "twenty-two"),
    23: pmsg("a number in words", "twenty-three"),
    24: pmsg("a number in words", "twenty-four"),
    25: pmsg("a number in words", "twenty-five"),
    26: pmsg("a number in words", "twenty-six"),
    27: pmsg("a number in words", "twenty-seven"),
    28: pmsg("a number in words", "twenty-eight"),
    29: pmsg("a number in words", "twenty-nine"),
    31: pmsg("a number in words", "thirty-one"),
    32: pmsg("a number in words", "thirty-two"),
    33: pmsg("a number in words", "thirty-three"),
    34: pmsg("a number in words", "thirty-four"),
    35: pmsg("a number in words", "thirty-five"),
    36: pmsg("a number in words", "thirty-six"),
    37: pmsg("a number in words", "thirty-seven"),
    38: pmsg("a number in words", "thirty-eight"),
    39: pmsg("a number in words", "thirty-nine"),
    41: pmsg("a number in words", "forty-one"),
    42: pmsg("a number in words", "forty-two"),
    43: pmsg("a number in words", "forty-three"),
    44: pmsg("a number in words", "forty-four"),
    45: pmsg("a number in words", "forty-five"),
    46: pmsg("a number in words", "forty-six"),
    47: pmsg("a number in words", "forty-seven"),
    48: pmsg("a number in words", "forty-eight"),
    49: pmsg("a number in words", "forty-nine"),
    51: pmsg("a number in words", "fifty-one"),
    52: pmsg("a number in words", "fifty-two"),
    53: pmsg("a number in words", "fifty-three"),
    54: pmsg("a number in words", "fifty-four"),
    55: pmsg("a number in words", "fifty-five"),
    56: pmsg("a number in words", "fifty-six"),
    57: pmsg("a number in words", "fifty-seven"),
    58: pmsg("a number in words", "fifty-eight"),
    59: pmsg("a number in words", "fifty-nine"),
    61: pmsg("a number in words", "sixty-one"),
    62: pmsg("a number in words", "sixty-two"),
    63: pmsg("a number in words", "sixty-three"),
    64: pmsg("a number in words", "sixty-four"),
    65: pmsg("a number in words", "sixty-five"),
    66: pmsg("a number in words", "sixty-six"),
    67: pmsg("a number in words", "sixty-seven"),
    68: pmsg("a number in words", "sixty-eight"),
    69: pmsg("a number in words", "sixty-nine"),
}
# a call that is a word, by its name: in a record of the auction, a list, a sentence ("seat 2:
# Pass"; a button's label is another message, tutor.ui.board.CALL_WORDS)
_CALL_WORDS = {"pass": pmsg("a call's name, in a record of the auction or a sentence", "Pass"),
               "double": pmsg("a call's name, in a record of the auction or a sentence",
                              "Double"),
               "redouble": pmsg("a call's name, in a record of the auction or a sentence",
                                "Redouble")}


def _english_words(n: int) -> str:
    """28 -> 'twenty-eight', in English whatever the language: what a typed call is read in."""
    if not 0 <= n < 70:
        return str(n)
    if n < 20:
        return _UNITS[n]
    tens = next(w for w, v in _TENS.items() if v == n - n % 10)
    return tens if n % 10 == 0 else f"{tens}-{_UNITS[n % 10]}"


def number_message(n: int) -> Msg | str:
    """28 as a message: 'twenty-eight' (digits from 70 on, and below 0)."""
    if not 0 <= n < 70:
        return str(n)
    if n < 20:
        return msg(_UNITS[n])
    if n % 10:
        return _COMPOUNDS[n]
    return msg(next(w for w, v in _TENS.items() if v == n))


# A bid's name as the players say it, its words capitals in English ("Twenty-Eight Spades"):
# messages of their own, so that a language writes its bids' names as it writes them (the
# words were once the number and the suit upper-cased with str.title()).
_NAME_UNITS = (
    pmsg("in a bid's name", "Zero"),
    pmsg("in a bid's name", "One"),
    pmsg("in a bid's name", "Two"),
    pmsg("in a bid's name", "Three"),
    pmsg("in a bid's name", "Four"),
    pmsg("in a bid's name", "Five"),
    pmsg("in a bid's name", "Six"),
    pmsg("in a bid's name", "Seven"),
    pmsg("in a bid's name", "Eight"),
    pmsg("in a bid's name", "Nine"),
    pmsg("in a bid's name", "Ten"),
    pmsg("in a bid's name", "Eleven"),
    pmsg("in a bid's name", "Twelve"),
    pmsg("in a bid's name", "Thirteen"),
    pmsg("in a bid's name", "Fourteen"),
    pmsg("in a bid's name", "Fifteen"),
    pmsg("in a bid's name", "Sixteen"),
    pmsg("in a bid's name", "Seventeen"),
    pmsg("in a bid's name", "Eighteen"),
    pmsg("in a bid's name", "Nineteen"),
)
_NAME_TENS = {
    20: pmsg("in a bid's name", "Twenty"),
    30: pmsg("in a bid's name", "Thirty"),
    40: pmsg("in a bid's name", "Forty"),
    50: pmsg("in a bid's name", "Fifty"),
    60: pmsg("in a bid's name", "Sixty"),
}
# 21 to 69 but the tens, each a name whole (as _COMPOUNDS)
_NAME_COMPOUNDS = {
    21: pmsg("in a bid's name", "Twenty-One"),
    22: pmsg("in a bid's name", "Twenty-Two"),
    23: pmsg("in a bid's name", "Twenty-Three"),
    24: pmsg("in a bid's name", "Twenty-Four"),
    25: pmsg("in a bid's name", "Twenty-Five"),
    26: pmsg("in a bid's name", "Twenty-Six"),
    27: pmsg("in a bid's name", "Twenty-Seven"),
    28: pmsg("in a bid's name", "Twenty-Eight"),
    29: pmsg("in a bid's name", "Twenty-Nine"),
    31: pmsg("in a bid's name", "Thirty-One"),
    32: pmsg("in a bid's name", "Thirty-Two"),
    33: pmsg("in a bid's name", "Thirty-Three"),
    34: pmsg("in a bid's name", "Thirty-Four"),
    35: pmsg("in a bid's name", "Thirty-Five"),
    36: pmsg("in a bid's name", "Thirty-Six"),
    37: pmsg("in a bid's name", "Thirty-Seven"),
    38: pmsg("in a bid's name", "Thirty-Eight"),
    39: pmsg("in a bid's name", "Thirty-Nine"),
    41: pmsg("in a bid's name", "Forty-One"),
    42: pmsg("in a bid's name", "Forty-Two"),
    43: pmsg("in a bid's name", "Forty-Three"),
    44: pmsg("in a bid's name", "Forty-Four"),
    45: pmsg("in a bid's name", "Forty-Five"),
    46: pmsg("in a bid's name", "Forty-Six"),
    47: pmsg("in a bid's name", "Forty-Seven"),
    48: pmsg("in a bid's name", "Forty-Eight"),
    49: pmsg("in a bid's name", "Forty-Nine"),
    51: pmsg("in a bid's name", "Fifty-One"),
    52: pmsg("in a bid's name", "Fifty-Two"),
    53: pmsg("in a bid's name", "Fifty-Three"),
    54: pmsg("in a bid's name", "Fifty-Four"),
    55: pmsg("in a bid's name", "Fifty-Five"),
    56: pmsg("in a bid's name", "Fifty-Six"),
    57: pmsg("in a bid's name", "Fifty-Seven"),
    58: pmsg("in a bid's name", "Fifty-Eight"),
    59: pmsg("in a bid's name", "Fifty-Nine"),
    61: pmsg("in a bid's name", "Sixty-One"),
    62: pmsg("in a bid's name", "Sixty-Two"),
    63: pmsg("in a bid's name", "Sixty-Three"),
    64: pmsg("in a bid's name", "Sixty-Four"),
    65: pmsg("in a bid's name", "Sixty-Five"),
    66: pmsg("in a bid's name", "Sixty-Six"),
    67: pmsg("in a bid's name", "Sixty-Seven"),
    68: pmsg("in a bid's name", "Sixty-Eight"),
    69: pmsg("in a bid's name", "Sixty-Nine"),
}
_NAME_SUITS = {
    "S": pmsg("in a bid's name", "Spades"),
    "H": pmsg("in a bid's name", "Hearts"),
    "D": pmsg("in a bid's name", "Diamonds"),
    "C": pmsg("in a bid's name", "Clubs"),
}


def _name_number(n: int) -> Msg | str:
    """28 in a bid's name: 'Twenty-Eight' (digits from 70 on)."""
    if not 0 <= n < 70:
        return str(n)
    if n < 20:
        return _NAME_UNITS[n]
    return _NAME_COMPOUNDS[n] if n % 10 else _NAME_TENS[n]


def number_words(n: int) -> str:
    """28 -> 'twenty-eight', in the current language."""
    return render(number_message(n))


_WORD_NUMBER = {_english_words(i): i for i in range(0, 70)}


@dataclass(frozen=True)
class Call56:
    """One call: ``kind`` pass/double/redouble/bid; for a bid its style, the number written
    (for a Plus call: N) and the denomination (S H D C or NT, Noes included)."""

    kind: str
    style: str | None = None
    number: int | None = None
    denomination: str | None = None

    @property
    def is_bid(self) -> bool:
        return self.kind == "bid"

    @property
    def is_plus(self) -> bool:
        return self.style in ("plus_suit", "plus_noes", "plus_nt")

    def __str__(self) -> str:
        """The canonical written form (``30S``, ``S30``, ``+2S``, ``30NOES``...)."""
        if self.kind != "bid":
            return self.kind
        return _WRITTEN_FORM[self.style].format(n=self.number, d=self.denomination)

    def spoken(self, level: int | None = None) -> str:
        """'Thirty Spades', 'Spades Thirty', 'Plus Two Spades' ... (kept per language: a
        bot's reasoning speaks the same few calls many times)"""
        key = (self, translator())
        said = _SPOKEN_KEPT.get(key)
        if said is None:
            said = _SPOKEN_KEPT[key] = self._spoken()
        return said

    def _spoken(self) -> str:
        if self.kind != "bid":
            return render(_CALL_WORDS[self.kind])
        n = _name_number(self.number)
        style = self.style
        if style in ("number_nt", "number_noes", "plus_noes", "plus_nt"):
            return render(msg(_SPOKEN[style], number=n))
        suit = _NAME_SUITS[self.denomination]
        if style == "number_suit":
            return render(pmsg("a call: its number, then its suit", "{number} {suit}", number=n,
                               suit=suit))
        if style == "suit_number":
            return render(pmsg("a call: its suit, then its number", "{suit} {number}", number=n,
                               suit=suit))
        return render(msg("Plus {number} {suit}", number=n, suit=suit))


_SPOKEN_KEPT: dict = {}  # (call, translator): its words

# a bid spoken, by style (the others are said with the suit: see Call56.spoken)
_SPOKEN = {"number_nt": N_("{number} No-trumps"), "number_noes": N_("{number} Noes"),
           "plus_noes": N_("Plus {number} Noes"), "plus_nt": N_("Plus {number} No-trumps")}
# a bid's canonical written form by style: n its number, d its denomination
_WRITTEN_FORM = {"number_suit": "{n}{d}", "suit_number": "{d}{n}", "number_nt": "{n}NT",
                 "number_noes": "{n}NOES", "plus_suit": "+{n}{d}", "plus_noes": "+{n}NOES",
                 "plus_nt": "+{n}NT"}
PASS, DOUBLE, REDOUBLE = Call56("pass"), Call56("double"), Call56("redouble")

# numbers in the ASCII digits 0-9 only: \d (and int()) would also read "２８" and "٢٨"
_NUM = f"({DIGITS}{{1,{MAX_DIGITS}}})"
_SUIT_RX = "(S|H|D|C|♠|♥|♦|♣|DICE)"
_WRITTEN = [
    (re.compile(f"^{_NUM}{_SUIT_RX}$"), "number_suit"),
    (re.compile(f"^{_SUIT_RX}{_NUM}$"), "suit_number"),
    (re.compile(f"^{_NUM}NT$"), "number_nt"),
    (re.compile(f"^{_NUM}NOES$"), "number_noes"),
    (re.compile(f"^\\+{_NUM}{_SUIT_RX}$"), "plus_suit"),
    (re.compile(f"^\\+{_NUM}NOES$"), "plus_noes"),
    (re.compile(f"^\\+{_NUM}NT$"), "plus_nt"),
]
_DIGIT_SPACE_DIGIT = re.compile(f"{DIGITS}\\s+{DIGITS}")


def parse_call(text) -> Call56:
    """Read a call; an :class:`InputError` names the text when it is no call of 56."""
    if isinstance(text, Call56):
        return text
    if not isinstance(text, str):
        raise InputError(render(msg("{text} is not a call", text=quoted(text))), "call")
    if type(text) is str and len(text) <= 32:
        return _read_call_text(text)
    return _read_call(text)


def _read_call(text: str) -> Call56:
    t = ascii_upper(text.strip())
    if t in ("PASS", "DOUBLE", "REDOUBLE"):
        return Call56(t.lower())
    compact = t if _DIGIT_SPACE_DIGIT.search(t) else re.sub(r"\s+", "", t)
    for rx, style in _WRITTEN:
        m = rx.match(compact)
        if m:
            groups = m.groups()
            if style == "suit_number":
                suit, num = groups
            elif style in ("number_suit", "plus_suit"):
                num, suit = groups
            else:
                num, suit = groups[0], None
            denom = _SUIT_WORD[suit] if suit else "NT"
            return Call56("bid", style, int(num), denom)
    call = _parse_words(t)
    if call is not None:
        return call
    raise InputError(render(msg("{text} is not a call of 56 (pass, double, redouble, or a bid "
                                "such as 30S, S30, 30NT, 30NOES, +2S, +1NOES)",
                                text=quoted(text))), "call", text)


# A call is read several times per call played (its form, its legality, the auction's own
# check), and a call is a frozen value: what a short text reads as is kept (errors are not).
_read_call_text = lru_cache(maxsize=4096)(_read_call)


def _parse_words(t: str) -> Call56 | None:
    """'thirty spades', 'spades thirty', 'plus two spades', 'thirty no trumps', 'thirty noes'."""
    words = ascii_lower(t.replace("-", " ")).split()
    plus = bool(words) and words[0] == "plus"
    words = words[1:] if plus else words
    # the number: digits, or words such as "twenty eight"
    for start in range(len(words)):
        for stop in (start + 2, start + 1):
            token = "-".join(words[start:stop])
            # 0-9 only: isdigit() alone says yes to "¹", "２" and "٢"
            digits = is_digits(token) and len(token) <= MAX_DIGITS
            if stop <= len(words) and (token in _WORD_NUMBER or digits):
                num = int(token) if digits else _WORD_NUMBER[token]
                before, after = words[:start], words[stop:]
                return _words_call(plus, num, ascii_upper("".join(before)),
                                   ascii_upper("".join(after)))
    return None


def _words_call(plus: bool, num: int, before: str, after: str) -> Call56 | None:
    if before and not after and not plus and before in _SUIT_WORD:
        return Call56("bid", "suit_number", num, _SUIT_WORD[before])
    if before:
        return None
    if after in _SUIT_WORD:
        return Call56("bid", "plus_suit" if plus else "number_suit", num, _SUIT_WORD[after])
    if after in _NT_WORD:
        return Call56("bid", "plus_nt" if plus else "number_nt", num, "NT")
    if after in _NOES_WORD:
        return Call56("bid", "plus_noes" if plus else "number_noes", num, "NT")
    return None


@dataclass(frozen=True)
class Contract:
    """56-CONTRACT: the number, denomination, bidding team (of the hand), multiplier."""

    bidder: int | None  # None: the all-pass contract
    team: int
    bid: int
    denomination: str
    multiplier: int
    noes: bool = False  # a Noes bid (played as no trumps)


class Auction56:
    """The auction of one hand of 56.  ``dealer`` is absolute; seat dealer+1 calls first."""

    __slots__ = ("n", "dealer", "settings", "calls", "levels", "high", "high_seat",
                 "high_index", "doubled", "double_seat", "redoubled", "passes", "passed",
                 "done", "contract", "explained")

    def __init__(self, n: int, dealer: int, settings: Settings):
        self.n, self.dealer, self.settings = n, dealer, settings
        self.calls: list[tuple[int, Call56]] = []
        self.levels: list[int | None] = []  # the number each call stands for (bids only)
        self.high = 0
        self.high_seat: int | None = None
        self.high_index: int | None = None
        self.doubled = self.redoubled = False
        self.double_seat: int | None = None
        self.passes = 0  # passes in a row
        self.passed: set[int] = set()
        self.done = False
        self.contract: Contract | None = None
        # the conventional meanings of the calls so far, kept by conventions.explain_auction
        # (a call's meaning never changes once made: calls are only appended)
        self.explained = None

    def copy(self) -> "Auction56":
        a = Auction56.__new__(Auction56)
        for k in self.__slots__:
            setattr(a, k, getattr(self, k))
        a.calls, a.levels, a.passed = list(self.calls), list(self.levels), set(self.passed)
        a.explained = None  # the copy's calls may go another way: it explains its own
        return a

    # -- seats and teams -------------------------------------------------------------------
    @property
    def first(self) -> int:
        return (self.dealer + 1) % self.n

    def team_of(self, seat: int) -> int:
        """The hand's team: 0 = the non-dealer team (seats first, first+2, ...)."""
        return (seat - self.first) % 2

    @property
    def to_act(self) -> int | None:
        return None if self.done else (self.first + len(self.calls)) % self.n

    # -- legality --------------------------------------------------------------------------
    def level_of(self, call: Call56) -> int:
        return self.high + call.number if call.is_plus else call.number

    def _forced(self) -> bool:
        k, n, rule = len(self.calls), self.n, self.settings.all_pass
        if self.high_seat is not None:
            return False
        if rule == "force_first_bidder":
            return k == 0
        if rule == "force_last_nondealer":
            return k == n - 2
        return False

    def bid_range(self, seat: int | None = None) -> tuple[int | None, int | None]:
        """The lowest and highest legal bid numbers for the player to act (None, None: none)."""
        seat = self.to_act if seat is None else seat
        if self.done or (self.settings.pass_is_final and seat in self.passed):
            return None, None
        low = max(MIN_BID, self.high + 1)
        pom = self.settings.partner_overcall_min
        if pom is not None and self.high_seat is not None and \
                self.team_of(self.high_seat) == self.team_of(seat):
            low = max(low, pom)
        return (low, MAX_BID) if low <= MAX_BID else (None, None)

    def legal_calls(self) -> dict:
        """``{"calls": [pass, double, redouble that are legal], "min": N, "max": N}``."""
        if self.done:
            return {"calls": [], "min": None, "max": None}
        seat = self.to_act
        calls = [c for c in (PASS, DOUBLE, REDOUBLE) if self._problem(c, seat) is None]
        low, high = self.bid_range(seat)
        return {"calls": [c.kind for c in calls], "min": low, "max": high}

    def _problem(self, call: Call56, seat: int) -> tuple[str, str, Msg] | None:
        """(reason, rule, text) if ``call`` is illegal for ``seat`` now, else None."""
        st = self.settings
        if call.kind == "pass":
            if self._forced():
                return ("must_bid", "56-FORCED-BID",
                        house_rule(msg("this player may not pass here and must bid.")))
            return None
        if call.kind == "double":
            if self.high_seat is None:
                return ("nothing_to_double", "56-DOUBLE", msg("There is no bid to double."))
            if self.team_of(self.high_seat) == self.team_of(seat):
                return ("double_own_team", "56-DOUBLE",
                        msg("You may not double your own team's bid."))
            if self.doubled:
                return ("already_doubled", "56-DOUBLE", msg("The bid is already doubled."))
            return None
        if call.kind == "redouble":
            if self.high_seat is None or not self.doubled:
                return ("nothing_to_redouble", "56-REDOUBLE",
                        msg("Only a doubled bid can be redoubled (a new bid cancels a double)."))
            if self.team_of(self.high_seat) != self.team_of(seat):
                return ("redouble_other_team", "56-REDOUBLE",
                        msg("Only the team whose bid was doubled may redouble."))
            return None
        # a bid
        if st.pass_is_final and seat in self.passed:
            return ("passed_is_final", "56-PASS-FINAL",
                    house_rule(msg("a player who has passed may not bid again.")))
        if call.style == "plus_nt" and not st.allow_plus_nt:
            return ("plus_nt", "56-PLUS-NT", msg("Plus N No-trumps is not allowed at this table."))
        if call.is_plus and self.high_seat is None:
            return ("plus_without_bid", "56-PLUS",
                    msg("A Plus call adds to the standing bid, and no bid stands yet."))
        if call.is_plus and call.number < 1:
            return ("plus_zero", "56-PLUS", msg("A Plus call adds at least 1."))
        level = self.level_of(call)
        if not MIN_BID <= level <= MAX_BID:
            return ("out_of_range", "56-BID-RANGE",
                    msg("A bid is {low} to {high}; this one is {level}.", low=MIN_BID,
                        high=MAX_BID, level=level))
        if level <= self.high:
            return ("not_higher", "56-BID-HIGHER",
                    msg("A bid must be higher in number than the standing {bid}; the suit or "
                        "no-trumps does not count.", bid=self.high))
        low, _ = self.bid_range(seat)
        if low is None or level < low:
            return ("partner_min", "56-PARTNER-MIN",
                    house_rule(msg("over your own team's bid, bid at least {bid}.",
                                   bid=st.partner_overcall_min)))
        return None

    def check(self, call, seat: int | None = None) -> IllegalAction | None:
        call = parse_call(call)
        if self.done:
            raise InputError(render(msg("the auction is over: no call may follow its end "
                                        "(56-END)")), "call")
        to_act = self.to_act
        if seat is not None and seat != to_act:
            return IllegalAction("not_your_turn", "56-AUCTION",
                                 msg("It is seat {turn}'s turn to call, not seat {seat}'s.",
                                     turn=to_act, seat=seat),
                                 [self.legal_calls()])
        bad = self._problem(call, to_act)
        # the legal calls (the alternatives) only for an illegal call: a legal one is checked
        # twice per call played (State.check, then Auction56.call), and listing them costs more
        return None if bad is None else IllegalAction(*bad, [self.legal_calls()])

    # -- calls -----------------------------------------------------------------------------
    def call(self, call, seat: int | None = None) -> Call56:
        call = parse_call(call)
        bad = self.check(call, seat)
        if bad is not None:
            raise bad
        s = self.to_act
        level = self.level_of(call) if call.is_bid else None
        self.calls.append((s, call))
        self.levels.append(level)
        n = self.n
        if call.kind == "pass":
            self.passed.add(s)
            self.passes += 1
            if self.high_seat is None and self.passes == n:
                self._finish(Contract(None, 0, ALL_PASS_BID, "NT", 1))
            elif self.high_seat is not None and self.passes == n - 1:
                self._finish_standing()
        elif call.kind == "double":
            self.doubled, self.double_seat, self.passes = True, s, 0
        elif call.kind == "redouble":
            self.redoubled = True
            self._finish_standing()
        else:
            self.high, self.high_seat, self.high_index = level, s, len(self.calls) - 1
            self.doubled = self.redoubled = False  # 56-CANCEL
            self.double_seat = None
            self.passes = 0
        return call

    def _finish_standing(self) -> None:
        bid = self.calls[self.high_index][1]
        mult = self.settings.redouble_mult if self.redoubled else 2 if self.doubled else 1
        self._finish(Contract(self.high_seat, self.team_of(self.high_seat), self.high,
                              bid.denomination, mult, bid.style in ("number_noes",
                                                                     "plus_noes")))

    def _finish(self, contract: Contract) -> None:
        self.done = True
        self.contract = contract


def run_auction(n: int, calls, settings: Settings, dealer: int | None = None) -> Auction56:
    """Replay calls (the seat after the dealer first).  The first illegal call raises
    :class:`IllegalAction` with an ``index``; every call is first checked for its form, and
    a call after the end is an input error."""
    parsed = []
    for i, c in enumerate(calls):
        try:
            parsed.append(parse_call(c))
        except InputError as e:
            raise e.at(f"call {i + 1}") from None
    a = Auction56(n, n - 1 if dealer is None else dealer, settings)
    for i, c in enumerate(parsed):
        if a.done:
            raise InputError(render(msg("call {number} ({call}) comes after the end of the "
                                        "auction (56-END)", number=i + 1, call=str(c))),
                             f"call {i + 1}")
        try:
            a.call(c)
        except IllegalAction as e:
            e.index = i
            raise
    return a


class LegalCalls(Sequence):
    """Every legal call of the player to act, as a lazy sequence of ``Call`` actions.

    Each legal bid number can be spoken in up to sixteen ways, so the list is long; it is
    computed by index, and ``len``, indexing (a random choice), ``in`` and iteration work
    without building it.  It is a value: it equals another ``LegalCalls``, a list or a tuple
    of the same actions in the same order."""

    def __init__(self, auction: Auction56, make):
        self._make = make  # (seat, call text) -> action
        self.seat = auction.to_act
        legal = auction.legal_calls()
        self._plain = legal["calls"]
        self._low, self._high = legal["min"], legal["max"]
        self._standing = auction.high if auction.high_seat is not None else None
        self._forms = [("number_suit", s) for s in "SHDC"] + [("suit_number", s) for s in "SHDC"]
        self._forms += [("number_nt", "NT"), ("number_noes", "NT")]
        if self._standing is not None:
            self._forms += [("plus_suit", s) for s in "SHDC"] + [("plus_noes", "NT")]
            if auction.settings.allow_plus_nt:
                self._forms.append(("plus_nt", "NT"))
        self._bids = 0 if self._low is None else (self._high - self._low + 1) * len(self._forms)

    def __len__(self) -> int:
        return len(self._plain) + self._bids

    def call_at(self, i: int) -> Call56:
        if i < 0:
            i += len(self)
        if not 0 <= i < len(self):
            raise IndexError(i)
        if i < len(self._plain):
            return Call56(self._plain[i])
        k, f = divmod(i - len(self._plain), len(self._forms))
        style, d = self._forms[f]
        level = self._low + k
        return Call56("bid", style, level - self._standing if style.startswith("plus") else
                      level, d)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        return self._make(self.seat, str(self.call_at(i)))

    def __iter__(self):
        """The actions in order, as indexing gives them (written out: the Sequence's own
        iteration indexes one by one until an IndexError, and an error's alternatives or a
        set of the legal actions goes through every one)."""
        make, seat, standing = self._make, self.seat, self._standing
        for word in self._plain:
            yield make(seat, word)  # pass, double, redouble: written as their kind
        if not self._bids:
            return
        forms = [(_WRITTEN_FORM[style], style.startswith("plus"), d) for style, d in self._forms]
        for level in range(self._low, self._high + 1):
            for form, plus, d in forms:  # Call56.__str__ of call_at's call
                yield make(seat, form.format(n=level - standing if plus else level, d=d))

    def summary(self) -> dict:
        """``{"calls": [pass, double, redouble that are legal], "min": N, "max": N}``, as
        :meth:`Auction56.legal_calls` (what a page shows instead of every spelling)."""
        return {"calls": list(self._plain), "min": self._low, "max": self._high}

    def _key(self) -> tuple:
        return (self._make, self.seat, tuple(self._plain), self._low, self._high,
                self._standing, tuple(self._forms))

    def __eq__(self, other) -> bool:
        """A value: equal to legal calls, a list or a tuple holding the same actions in the
        same order (a view holding it compares by value)."""
        if isinstance(other, LegalCalls):
            if self._key() == other._key():
                return True
        elif not isinstance(other, (list, tuple)):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other))

    __hash__ = None  # like a list

    def __repr__(self) -> str:
        plain = ", ".join(self._plain)
        bids = f"bids {self._low}-{self._high}" if self._bids else "no bid"
        return f"LegalCalls(seat {self.seat}: {plain or 'no call'}; {bids}; {len(self)} calls)"



def why_call(call: str) -> str:
    """Why a legal call is allowed, in words with its rule ID (no echo of the call)."""
    c = parse_call(call)
    if c.kind == "pass":
        return render(msg("a player may pass at any turn (56-PASS)."))
    if c.kind == "double":
        return render(msg("the standing bid was made by the other team and is not doubled yet "
                          "(56-DOUBLE)."))
    if c.kind == "redouble":
        return render(msg("your team's bid has been doubled, and any of its players may "
                          "redouble (56-REDOUBLE)."))
    return render(msg("its number is higher than the standing bid's, within 28 to 56 "
                      "(56-BID-HIGHER)."))
