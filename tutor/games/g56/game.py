"""A match of 56 (several hands, until a team has no tables) under the state protocol."""

from __future__ import annotations

import random
from collections import Counter

from ...engine import settings as settings_mod
from ...engine.cards import SUIT_WORDS, Card, format_cards
from ...engine.errors import IllegalAction, InputError
from ...engine.messages import N_, Msg, many, msg, nmsg, render
from ...engine.state import CHANCE, Call, Deal, Event, Play, deal_packets
from ...engine.tricks import TrickState, play_random_hand  # noqa: F401 (re-exported)
from .auction import Auction56, Contract, LegalCalls, parse_call, why_call
from .conventions import explain_auction, meaning_at
from .play import card_points, check_card, check_cards, deck, legal_cards, ranking, why_legal
from .settle import Settlement, settle
from .tables import SETTINGS, check_players, deck_ranks, stake

CHOOSE_DEALER, DEAL, AUCTION, COT_OFFER, COT_ANSWER, PLAY, OVER = (
    "choose_dealer", "deal", "auction", "cot_offer", "cot_answer", "play", "match_over")
# permanent names: Red = even seats, Black = odd seats (message ids: said as msg(name))
PARTNERSHIPS = (N_("Red"), N_("Black"))
COT_CALLS = {COT_OFFER: ("play_on", "surrender"), COT_ANSWER: ("accept", "refuse")}


class Game56:
    """The rules of one table: player count and house rules.  Immutable."""

    def __init__(self, players: int, rules: dict | None = None, tables=None,
                 names: tuple[str, str] = PARTNERSHIPS):
        self.n = check_players(players)
        # the permanent partnership names of the even and the odd seats (56-SEATS): Red and
        # Black; a match renumbered from each hand's dealer gives them with the hand
        if not isinstance(names, (list, tuple)) or len(names) != 2 or \
                set(names) != set(PARTNERSHIPS):
            raise InputError(render(msg("names are the partnerships of the even and the odd "
                                        "seats, {names} in some order, not {given}",
                                        names=many(PARTNERSHIPS), given=repr(names))), "names")
        self.names = tuple(names)
        self.settings = settings_mod.build(SETTINGS, rules)
        self.ranks = deck_ranks(self.n, self.settings)
        self.deck = tuple(deck(self.ranks))
        self.hand_size = len(self.deck) // self.n
        self.left_over = 2 * 52 - len(self.deck)  # 56-TABLES: the unused low cards
        total = 2 * self.settings.start_tables
        if tables is None:
            tables = (self.settings.start_tables,) * 2
        # 56-ELIM: under cannot_pay a team that paid down to 0 tables is still in the match
        low = 0 if self.settings.elimination == "cannot_pay" else 1
        if not isinstance(tables, (list, tuple)) or len(tables) != 2 or not all(
                isinstance(t, int) and not isinstance(t, bool) and t >= low for t in tables) \
                or sum(tables) != total:
            raise InputError(render(msg("tables are two whole numbers of {low} or more adding "
                                        "up to {total} (the even seats' first), not {tables}",
                                        low=low, total=total, tables=repr(tables))), "tables")
        self.start_tables = tuple(tables)

    def _key(self):
        return (self.n, self.settings, self.start_tables, self.names)

    def __eq__(self, other):
        return isinstance(other, Game56) and self._key() == other._key()

    def __hash__(self):
        return hash(self._key())

    def __repr__(self):
        return f"Game56({self.n}, {self.settings.changed()})"

    def new_game(self, rng: random.Random) -> "State56":
        """A match with the first dealer drawn and the first hand dealt by ``rng``."""
        s = State56.initial(self)
        s.chance(rng)
        while s.is_chance:  # the deal, and any redeal a house rule asks for
            s.chance(rng)
        return s


class State56(TrickState):
    """A match of 56 in progress.  Seats are absolute; partnerships are Red (even seats) and
    Black (odd seats); team 0 of a hand is the dealer's opponents (56-SEATS).

    ``dealer`` is who deals next once a hand is settled (56-DEALER moves it on at once);
    ``hand_dealer`` is the dealer of the hand on the table, the one being played or just
    settled, until the next deal.  The hand's seats and teams (:attr:`first`, :meth:`team_of`,
    :meth:`partnership_of_team`, :meth:`hand_seat`) follow ``hand_dealer``, so the finished
    hand's contract, tricks and settlement keep the teams they were played with."""

    LEAD_RULE, DEALER_RULE, DEAL_RULE, OVER_RULE = "56-LEAD", "56-DEALER", "56-DEAL", "56-MATCH"
    OVER_PHASE = OVER
    SCORED_EVENT, WON_EVENT = "settle", "match_won"  # a match of tables, not a game to points
    OVER_TEXT = N_("The match is over: a partnership has won it, so no more actions are made.")
    _LISTS = ("history", "events", "trick", "tables")
    _SNAPSHOT = ("tables", "dealer", "hand_dealer", "hand_no", "winner", "auction_calls", "cot")

    def __init__(self, game: Game56):
        self.game = game
        self.history = []
        self.events = []
        self.tables = list(game.start_tables)  # by partnership: Red, Black
        self.dealer: int | None = None  # the dealer of this hand, or of the next once settled
        self.hand_dealer: int | None = None  # the dealer of the hand on the table
        self.hand_no = 0
        self.phase = CHOOSE_DEALER
        self.winner: int | None = None  # the partnership that won the match
        self.last_settlement: Settlement | None = None
        self._new_hand()

    def _new_hand(self) -> None:
        self.hands: list[list[Card]] = [[] for _ in range(self.game.n)]
        self.auction: Auction56 | None = None
        self.contract: Contract | None = None
        self.rk = None
        self.cot: str | None = None
        self.tricks = []
        self.trick = []
        self.leader: int | None = None
        self._to_act: int | None = CHANCE

    @property
    def auction_calls(self) -> list[tuple[int, str]]:
        return [(s, str(c)) for s, c in self.auction.calls] if self.auction else []

    # -- seats, teams, partnerships ----------------------------------------------------------
    @property
    def first(self) -> int:
        """Seat 0 of the hand on the table: its dealer's right (56-SEATS).  After the
        settlement, until the next deal, still the finished hand's seat 0 (not the next
        dealer's right)."""
        dealer = self.dealer if self.hand_dealer is None else self.hand_dealer
        return (dealer + 1) % self.game.n

    def hand_seat(self, seat: int) -> int:
        """The absolute seat's number in this hand (0 = dealer's right)."""
        return (seat - self.first) % self.game.n

    def team_of(self, seat: int) -> int:
        """The hand's team of a seat: 0 = the non-dealer team."""
        return (seat - self.first) % 2

    def partnership_of_team(self, team: int) -> int:
        return (team + self.first) % 2

    # -- legal actions ---------------------------------------------------------------------
    def _legal_cards(self, hand: list[Card]) -> list[Card]:
        return legal_cards(hand, self.trick)

    def cards_allowed(self, hand, trick) -> list[Card]:
        return legal_cards(hand, trick)

    def _illegal_card(self, hand: list[Card], card: Card) -> IllegalAction:
        return check_card(hand, self.trick, card)

    def _why_card(self, hand: list[Card], card: Card) -> str:
        return why_legal(card, self.trick)

    def _why_call(self, call: str) -> str:
        return why_call(call)

    def _legal(self):
        s, ph = self._to_act, self.phase
        if ph == PLAY:
            return [Play(s, c) for c in dict.fromkeys(legal_cards(self.hands[s], self.trick))]
        if ph == AUCTION:
            return LegalCalls(self.auction, Call)
        if ph in COT_CALLS:
            return [Call(s, c) for c in COT_CALLS[ph]]
        return []

    def _read_call(self, call) -> None:
        if not _cot_word(call):
            parse_call(call)  # a call of the auction, or an InputError naming the text

    def _check_other(self, action, seat: int) -> IllegalAction | None:
        ph = self.phase
        if type(action) is Call:
            if ph == AUCTION and not _cot_word(action.call):
                return self.auction.check(parse_call(action.call), seat)
            if ph in COT_CALLS and action.call in COT_CALLS[ph]:
                if seat != self._to_act:
                    return IllegalAction("not_your_turn", _PHASE_RULE[ph],
                                         msg("It is seat {turn}'s turn, not seat {seat}'s.",
                                             turn=self._to_act, seat=seat),
                                         self._legal())
                return None
        # an action of the wrong kind for the phase: a card in the auction, a call in play, an
        # answer to a surrender offer before it is made...
        why = msg(_PHASE_TEXT[ph])
        text = msg("{card} is not possible now: {why}.", card=action.card.unicode, why=why) \
            if type(action) is Play else \
            msg("The call {call} is not possible now: {why}.", call=str(action.call), why=why)
        return IllegalAction("wrong_phase", _PHASE_RULE[ph], text, self._legal())

    def _check_deal(self, action: Deal) -> None:
        n = self.game.n
        if len(action.hands) != n or any(len(h) != self.game.hand_size for h in action.hands):
            raise InputError(render(msg("a deal gives {size} cards to each of the {players} "
                                        "players", size=self.game.hand_size, players=n)), "deal")
        cards = [c for h in action.hands for c in h]
        check_cards(cards, self.game.ranks, "deal")
        if Counter(cards) != Counter(self.game.deck):  # each card as often as in the deck
            raise InputError(render(msg("a deal uses every card of the deck (56-DEAL)")), "deal")

    # -- applying --------------------------------------------------------------------------
    def _apply(self, action) -> None:
        _APPLY[self.phase](self, action)

    def _sample_deal(self, rng: random.Random) -> Deal:
        cards = list(self.game.deck)
        rng.shuffle(cards)
        n = self.game.n
        size = self.game.hand_size
        packets = [4] * (size // 4) + ([size % 4] if size % 4 else [])
        piles = deal_packets(cards, n, packets, size)
        hands = [()] * n
        for i, pile in enumerate(piles):  # 56-DEAL: seat 0 (the dealer's right) first
            hands[(self.dealer + 1 + i) % n] = tuple(pile)
        return Deal(tuple(hands))

    def _apply_deal(self, action: Deal) -> None:
        self._new_hand()
        self.hand_dealer = self.dealer
        self.hand_no += 1
        self.hands = [list(h) for h in action.hands]
        n, st = self.game.n, self.game.settings
        # an event's words are a message, worded when read; its args are its facts
        self.events.append(Event("deal", msg("Hand {hand}: seat {seat} deals {n} cards to each "
                                             "player.", hand=self.hand_no, seat=self.dealer,
                                             n=self.game.hand_size),
                                 (self.hand_no, self.dealer, self.game.hand_size), self.dealer))
        for s in range(n):
            cards = format_cards(sorted(self.hands[s]), "unicode")
            self.events.append(Event("hand", msg("Seat {seat} holds {cards}.", seat=s,
                                                 cards=cards), (s, cards), s, s))
        redeal = None
        if st.redeal_no_points and any(card_points(h) == 0 for h in self.hands):
            redeal = msg("House rule: a player holds no point card, so the same dealer deals "
                         "again.")
        if st.redeal_all_jacks and any(sum(c.rank == "J" for c in h) == 8 for h in self.hands):
            redeal = msg("House rule: one player holds all eight Jacks, so the same dealer "
                         "deals again.")
        if redeal:
            self.events.append(Event(self.THROWN_IN_EVENT, redeal))
            self.phase, self._to_act = DEAL, CHANCE
            return
        self.auction = Auction56(n, self.dealer, st)
        self.phase = AUCTION
        self._to_act = self.auction.to_act

    def _apply_call(self, action: Call) -> None:
        a = self.auction
        call = a.call(action.call, action.seat)
        # the args replay the auction up to this call (the teaching layer reads them); the
        # text is the call's meaning, kept with the auction (explained once, when read)
        self.events.append(Event("call", _CallText(a, len(a.calls) - 1),
                                 (a.n, a.dealer, a.settings, tuple(a.calls)), action.seat,
                                 data={"call": str(call)}))
        if not a.done:
            self._to_act = a.to_act
            return
        c = self.contract = a.contract
        self.rk = ranking(c.denomination)
        self.events.append(Event("contract", _contract_words(c)))
        if self.game.settings.cot:
            self.phase = COT_OFFER
            self._to_act = next(s for s in self._turn_order() if self.team_of(s) != c.team)
        else:
            self._start_play()

    def _turn_order(self) -> list[int]:
        n = self.game.n
        return [(self.first + i) % n for i in range(n)]

    def _apply_cot(self, action: Call) -> None:
        c = self.contract
        if self.phase == COT_OFFER:
            if action.call == "play_on":
                self.events.append(Event("cot", msg("The defenders play on.")))
                self._start_play()
                return
            self.phase = COT_ANSWER
            self._to_act = c.bidder if c.bidder is not None else self.first
            self.events.append(Event("cot", msg("Seat {seat} offers to surrender.",
                                                seat=action.seat), (action.seat,)))
            return
        self.cot = "accepted" if action.call == "accept" else "refused"
        said = msg("Seat {seat} accepts the surrender.", seat=action.seat) \
            if action.call == "accept" else \
            msg("Seat {seat} refuses the surrender.", seat=action.seat)
        self.events.append(Event("cot", said, (action.seat, action.call)))
        if self.cot == "accepted":
            self._settle()
        else:
            self._start_play()

    def _start_play(self) -> None:
        self.phase = PLAY
        self.leader = self._to_act = self.first  # 56-LEAD: seat 0 leads, whoever bid
        self.events.append(Event("lead", msg("Seat {seat} leads to the first trick.",
                                             seat=self.first), (self.first,), self.first))

    def _hand_over(self) -> None:
        self._settle()

    def _settle(self) -> None:
        c = self.contract
        won = [cs for _, cs, w in self.tricks if self.team_of(w) == c.team]
        points = card_points(card for cs in won for card in cs)
        all_tricks = bool(self.tricks) and len(won) == len(self.tricks) and \
            len(self.tricks) == self.game.hand_size
        by_team = [self.tables[self.partnership_of_team(t)] for t in (0, 1)]
        s = settle(by_team, c.team, c.bid, c.multiplier, points, self.game.settings,
                   all_tricks, self.cot)
        self.last_settlement = s
        for t in (0, 1):
            self.tables[self.partnership_of_team(t)] = s.tables[t]
        pnames = self.game.names
        names = [pnames[self.partnership_of_team(t)] for t in (0, 1)]
        red = pnames.index(PARTNERSHIPS[0])
        said = msg("Team {team} ({name}) took {points}. {settlement} Tables: Red {red}, Black "
                   "{black}.", team=c.team, name=msg(names[c.team]),
                   points=nmsg("{n} card point", "{n} card points", points),
                   settlement=s.said, red=self.tables[red], black=self.tables[1 - red])
        self.events.append(Event(self.SCORED_EVENT, said, data={"points": points}))
        if s.match_winner is not None:
            self.winner = self.partnership_of_team(s.match_winner)
            self.phase, self._to_act = OVER, None
            self.events.append(Event(self.WON_EVENT, msg("{partnership} wins the match.",
                                                         partnership=msg(pnames[self.winner]))))
        else:
            self.dealer = (self.dealer + 1) % self.game.n  # 56-DEALER: to the right
            self.phase, self._to_act = DEAL, CHANCE

    # -- views -----------------------------------------------------------------------------
    def view(self, seat: int) -> dict:
        v = super().view(seat)
        c = self.contract
        v.update(dealer=self.dealer, hand_dealer=self.hand_dealer, tables=list(self.tables),
                 hand_no=self.hand_no, first=self.first if self.dealer is not None else None,
                 calls=self.auction_calls,
                 meanings=[m.text for m in explain_auction(self.auction)] if self.auction else [],
                 contract=None if c is None else {
                     "bidder": c.bidder, "team": c.team, "bid": c.bid,
                     "denomination": c.denomination, "multiplier": c.multiplier},
                 partnership=seat % 2, winner=self.winner, left_over=self.game.left_over)
        return v


def _contract_words(c: Contract) -> Msg:
    """The contract the auction gave, in words (56-CONTRACT, 56-ALL-PASS)."""
    if c.bidder is None:
        return msg("Nobody bid: team 0 (the dealer's opponents) plays 28 in no trumps.")
    trumps = msg("no trumps") if c.denomination == "NT" else SUIT_WORDS[c.denomination]
    how = stake(c.multiplier)
    if how == "doubled":
        return msg("Seat {seat} wins the auction: {bid} in {trumps}, doubled.", seat=c.bidder,
                   bid=c.bid, trumps=trumps)
    if how == "redoubled":
        return msg("Seat {seat} wins the auction: {bid} in {trumps}, redoubled.", seat=c.bidder,
                   bid=c.bid, trumps=trumps)
    return msg("Seat {seat} wins the auction: {bid} in {trumps}.", seat=c.bidder, bid=c.bid,
               trumps=trumps)


class _CallText:
    """The narration of call ``index`` of an auction, its conventional meaning (56-CONV).

    The auction is the hand's own, which only ever grows (a copy of a state copies it, an
    undo replaces it), so its first ``index + 1`` calls are those the event was made for."""

    __slots__ = ("auction", "index")

    def __init__(self, auction: Auction56, index: int):
        self.auction, self.index = auction, index

    def __call__(self, *args) -> str:
        return meaning_at(self.auction, self.index).text


# The rule that says what happens in a phase (cited for an action of another kind; 56-D-TURN
# for one out of turn), and the phase in words.
_PHASE_RULE = {AUCTION: "56-AUCTION", COT_OFFER: "56-D-COT", COT_ANSWER: "56-D-COT",
               PLAY: "56-LEAD"}
_PHASE_TEXT = {AUCTION: N_("the auction is on, and the cards are played only after it"),
               COT_OFFER: N_("the defenders choose whether to offer a surrender (play_on or "
               "surrender)"),
               COT_ANSWER: N_("the bidders answer the offer to surrender (accept or refuse)"),
               PLAY: N_("the auction is over and the cards are being played")}
_COT_WORDS = frozenset(w for words in COT_CALLS.values() for w in words)


def _cot_word(call) -> bool:
    """A word of the surrender offer (56-D-COT): play_on, surrender, accept, refuse."""
    return isinstance(call, str) and call in _COT_WORDS

_APPLY = {PLAY: TrickState._apply_play, AUCTION: State56._apply_call,
          COT_OFFER: State56._apply_cot, COT_ANSWER: State56._apply_cot,
          CHOOSE_DEALER: TrickState._apply_dealer, DEAL: State56._apply_deal}
