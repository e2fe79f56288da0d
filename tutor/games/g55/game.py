"""A whole game of 55 (several hands) under the state protocol of ``tutor.engine.state``."""

from __future__ import annotations

import random
from dataclasses import dataclass

from ...engine import settings as settings_mod
from ...engine.cards import (
    SUIT_WORDS,
    SUITS,
    Card,
    find_duplicate,
    format_cards,
    standard_deck,
)
from ...engine.errors import IllegalAction, InputError
from ...engine.messages import N_, Msg, many, msg, nmsg, render
from ...engine.state import CHANCE, Call, Deal, Event, Play, deal_packets
from ...engine.tricks import (
    TrickState,
    not_a_card,
    not_held,
    play_random_hand,  # noqa: F401 (re-exported)
)
from .auction import Auction, parse_call, why_call
from .play import check_card, legal_cards, ranking, why_legal
from .scoring import HandScore, score_hand, side_of_seats
from .tables import HAND_SIZE, KITTY_SIZE, MAX_PLAYERS, MIN_PLAYERS, SETTINGS, first_leader

CHOOSE_DEALER, DEAL, AUCTION, DISCARD, TRUMP, DRAW, PLAY, OVER = (
    "choose_dealer", "deal", "auction", "discard", "trump", "draw", "play", "game_over")


# -- 55-specific actions ------------------------------------------------------------------------
@dataclass(slots=True, unsafe_hash=True)
class Discard:
    """Discard one card face down (the bidder after taking the kitty; others under a house
    rule)."""
    seat: int
    card: Card

    def __str__(self):
        return f"{self.seat}: discard {self.card}"


@dataclass(slots=True, unsafe_hash=True)
class NameTrump:
    seat: int
    suit: str

    def __str__(self):
        return f"{self.seat}: trump {self.suit}"


@dataclass(slots=True, unsafe_hash=True)
class Draw:
    """House rule ``others_draw_max``: end one's exchange and draw replacements."""
    seat: int

    def __str__(self):
        return f"{self.seat}: draw"


def check_players(n) -> int:
    if isinstance(n, bool) or not isinstance(n, int) or not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise InputError(render(msg("55 is for 2 to 9 players, not {n} (55-PLAYERS)",
                                    n=repr(n))), "players")
    return n


def check_teams(n: int, teams) -> None:
    """55-TEAMS: the sides must split the seats exactly."""
    if teams is None:
        return
    seats = [s for side in teams for s in side]
    if len(teams) < 2 or sorted(seats) != list(range(n)):
        raise InputError(render(msg("the sides {sides} do not split the seats 0-{last} exactly",
                                    sides=str([list(t) for t in teams]), last=n - 1)), "teams")


def check_scores(scores, sides: int, settings) -> tuple[int, ...]:
    """Scores at the start (55-GAME-START: zeros); each below the target (55-GAME-CONTINUE)."""
    if scores is None:
        return (0,) * sides
    if not isinstance(scores, (list, tuple)) or len(scores) != sides or not all(
            isinstance(x, int) and not isinstance(x, bool) for x in scores):
        raise InputError(render(
            nmsg("scores must be {n} whole number, one per side",
                 "scores must be {n} whole numbers, one per side", sides) if settings.teams else
            nmsg("scores must be {n} whole number, one per player",
                 "scores must be {n} whole numbers, one per player", sides)), "scores")
    if not settings.only_bidder_can_win and any(x >= settings.target_score for x in scores):
        raise InputError(render(msg("a score already reaches the target {target}",
                                    target=settings.target_score)), "scores")
    return tuple(scores)


class Game55:
    """The rules of one table: player count and house rules.  Immutable."""

    def __init__(self, players: int, rules: dict | None = None, scores=None):
        self.n = check_players(players)
        self.hand_size = HAND_SIZE  # cards each player holds, and tricks in a hand
        self.settings = settings_mod.build(SETTINGS, rules)
        check_teams(self.n, self.settings.teams)
        self.side_of = side_of_seats(self.n, self.settings.teams)
        self.sides = len(self.settings.teams) if self.settings.teams else self.n
        self.start_scores = check_scores(scores, self.sides, self.settings)
        self.renege_mode = self.settings.renege_mode  # read on every card played
        self.ah_forces = self.settings.ah_lead_forces_hearts

    def __eq__(self, other):
        return isinstance(other, Game55) and self._key() == other._key()

    def _key(self):
        return (self.n, self.settings, self.start_scores)

    def __hash__(self):
        return hash(self._key())

    def __repr__(self):
        return f"Game55({self.n}, {self.settings.changed()}, scores={list(self.start_scores)})"

    def new_state(self) -> "State55":
        return State55.initial(self)

    def new_game(self, rng: random.Random) -> "State55":
        """A game with the first dealer drawn and the first hand dealt by ``rng``."""
        s = State55.initial(self)
        s.chance(rng)
        s.chance(rng)
        return s

    def side_name(self, side: int) -> str:
        """"side 0+2" (teams), "seat 1" (each seat a side of its own)."""
        return render(self._side(side, N_("side {seats}"), N_("seat {seat}")))

    def _side(self, side: int, of_team: str, of_seat: str, **params) -> Msg:
        return _side(self.settings.teams, side, of_team, of_seat, **params)


class State55(TrickState):
    """A game of 55 in progress.  Seats are absolute; the dealer rotates (55-NEXT-DEALER).

    ``dealer`` is who deals next once a hand is scored (or thrown in); ``hand_dealer`` is the
    dealer of the hand on the table, the one being played or just scored, until the next
    deal."""

    LEAD_RULE, DEALER_RULE, DEAL_RULE, OVER_RULE = "55-LEAD", "55-DEAL", "55-DEAL", \
        "55-GAME-TARGET"
    OVER_TEXT = N_("The game is over: it has been won, so no more actions are made.")
    _ACTIONS = (Play, Call, Discard, NameTrump, Draw)
    _LISTS = ("history", "events", "trick", "scores", "kitty", "stock", "discards",
              "other_discards", "draw_queue", "draw_pending")
    _SNAPSHOT = ("scores", "dealer", "hand_dealer", "hand_no", "winner", "kitty", "stock",
                 "bidder", "bid", "trump", "discards", "other_discards", "draw_queue",
                 "draw_pending", "auction_calls")

    def __init__(self, game: Game55):
        self.game = game
        self.history = []
        self.events = []
        self.scores = list(game.start_scores)
        self.dealer: int | None = None  # the dealer of this hand, or of the next once scored
        self.hand_dealer: int | None = None  # the dealer of the hand on the table
        self.hand_no = 0
        self.phase = CHOOSE_DEALER
        self.winner: int | None = None
        self.last_score: HandScore | None = None
        self._new_hand_fields()

    def _new_hand_fields(self):
        self.hands: list[list[Card]] = [[] for _ in range(self.game.n)]
        self.kitty: list[Card] = []
        self.stock: list[Card] = []
        self.auction: Auction | None = None
        self.bidder: int | None = None
        self.bid: int | None = None
        self.trump: str | None = None
        self.rk = None
        self.discards: list[Card] = []  # the bidder's, dead
        self.other_discards: list[tuple[int, Card]] = []
        self.kitty_taken = False
        self.draw_queue: list[int] = []
        self.draw_pending: list[Card] = []
        self.tricks: list[tuple[int, list[Card], int]] = []  # (leader, cards, winner)
        self.trick: list[Card] = []
        self.leader: int | None = None
        self._to_act: int | None = CHANCE

    @property
    def auction_calls(self) -> list[tuple[int, str]]:
        return list(self.auction.calls) if self.auction else []

    # -- legal actions ---------------------------------------------------------------------
    def _legal_cards(self, hand: list[Card]) -> list[Card]:
        """55-FOLLOW-PLAIN ... 55-AH-LEAD."""
        g = self.game
        return legal_cards(hand, self.trick, self.rk, g.renege_mode, g.ah_forces)

    def cards_allowed(self, hand, trick) -> list[Card]:
        g = self.game
        return legal_cards(hand, trick, self.rk, g.renege_mode, g.ah_forces)

    def _illegal_card(self, hand: list[Card], card: Card) -> IllegalAction:
        g = self.game
        return check_card(hand, self.trick, card, self.rk, g.renege_mode, g.ah_forces)

    def _why_card(self, hand: list[Card], card: Card) -> str:
        g = self.game
        return why_legal(card, hand, self.trick, self.rk, g.renege_mode, g.ah_forces)

    def _why_call(self, call: str) -> str:
        return why_call(call, self.auction)

    def _legal(self) -> list:
        s = self._to_act
        ph = self.phase
        if ph == PLAY:
            g = self.game
            return [Play(s, c) for c in legal_cards(self.hands[s], self.trick, self.rk,
                                                    g.renege_mode, g.ah_forces)]
        if ph == AUCTION:
            return [Call(s, c) for c in self.auction.legal_calls()]
        if ph == DISCARD:
            return [Discard(s, c) for c in self.hands[s]]
        if ph == TRUMP:
            return [NameTrump(s, suit) for suit in SUITS]
        if ph == DRAW:
            out = [Draw(s)]
            if len(self.draw_pending) < self._draw_limit():
                out.extend(Discard(s, c) for c in self.hands[s])
            return out
        return []

    def _draw_limit(self) -> int:
        return min(self.game.settings.others_draw_max, len(self.stock))

    # -- checking --------------------------------------------------------------------------
    def _read(self, action) -> None:
        super()._read(action)
        if type(action) is NameTrump and action.suit not in SUITS:
            raise InputError(render(msg("{suit} is not a suit: 55 has no no-trump "
                                        "(55-TRUMP-NAME)", suit=repr(action.suit))), "action")

    def _read_call(self, call) -> None:
        parse_call(call)  # 55-BID-VALUES: pass, hold and the bids are the only calls

    def _check_other(self, action, seat: int) -> IllegalAction | None:
        ph = self.phase
        if type(action) not in _PHASE_ACTIONS[ph]:  # a card in the auction, a call in play...
            return IllegalAction("wrong_phase", _PHASE_RULE[ph],
                                 msg("{action} is not possible now: {why}.",
                                     action=_describe(action), why=msg(_PHASE_TEXT[ph])),
                                 self._legal())
        if ph == AUCTION:
            return self.auction.check(parse_call(action.call), seat)
        if seat != self._to_act:
            return IllegalAction("not_your_turn", _PHASE_RULE[ph],
                                 msg("It is seat {turn}'s turn, not seat {seat}'s.",
                                     turn=self._to_act, seat=seat),
                                 self._legal())
        if isinstance(action, Discard):
            if action.card not in self.hands[seat]:
                raise InputError(not_held(action.card, seat) if isinstance(action.card, Card)
                                 else not_a_card(action.card), "action")
            if ph == DRAW and len(self.draw_pending) >= self._draw_limit():
                return IllegalAction("draw_limit", "55-DISCARD",
                                     nmsg("You may exchange at most {n} card.",
                                          "You may exchange at most {n} cards.",
                                          self._draw_limit()),
                                     self._legal())
        return None

    def _check_deal(self, action: Deal) -> None:
        n = self.game.n
        if len(action.hands) != n or any(len(h) != HAND_SIZE for h in action.hands):
            raise InputError(render(msg("a deal gives {size} cards to each of the {n} players",
                                        size=HAND_SIZE, n=n)), "deal")
        if len(action.extra) != 2 or len(action.extra[0]) != KITTY_SIZE:
            raise InputError(render(msg("a deal has a kitty of 5 cards and the undealt stock")),
                             "deal")
        cards = [c for h in action.hands for c in h] + [c for p in action.extra for c in p]
        dup = find_duplicate(cards)
        if dup is not None or len(cards) != 52:
            raise InputError(render(msg("a deal must use the 52 cards once each ({card} is there "
                                        "twice)", card=str(dup)) if dup else
                                    msg("a deal must use the 52 cards once each")), "deal")

    # -- applying --------------------------------------------------------------------------
    def _event(self, kind, text, seat=None, private_to=None, public_text=None, **data):
        self.events.append(Event(kind, text, (), seat, private_to, public_text, data))

    def _apply(self, action) -> None:
        _APPLY[self.phase](self, action)

    def _sample_deal(self, rng: random.Random) -> Deal:
        deck = standard_deck()
        rng.shuffle(deck)
        n = self.game.n
        # 55-DEAL: clockwise from seat dealer+1, the kitty after the dealer, packets of cards.
        piles = deal_packets(deck, n + 1, self.game.settings.deal_packets, HAND_SIZE)
        stock = tuple(deck[(n + 1) * HAND_SIZE:])
        order = [(self.dealer + 1 + i) % n for i in range(n)]
        hands = [()] * n
        for seat, pile in zip(order, piles):
            hands[seat] = tuple(pile)
        return Deal(tuple(hands), (tuple(piles[n]), stock))

    def _apply_deal(self, action: Deal) -> None:
        self._new_hand_fields()
        self.hand_dealer = self.dealer
        self.hand_no += 1
        self.hands = [list(h) for h in action.hands]
        self.kitty = list(action.extra[0])
        self.stock = list(action.extra[1])
        self.auction = Auction(self.game.n, self.dealer, self.game.settings)
        self.phase = AUCTION
        self._to_act = self.auction.to_act
        self._event("deal", msg("Hand {number}: seat {seat} deals five cards to each player and "
                                "five to the kitty.", number=self.hand_no, seat=self.dealer),
                    self.dealer, hand_no=self.hand_no)
        for s in range(self.game.n):
            self.events.append(Event("hand", _holds, (s, tuple(self.hands[s])), s, s))

    def _apply_call(self, action: Call) -> None:
        a = self.auction
        call = parse_call(action.call)
        before_high = a.high
        a.call(call, action.seat)
        s = action.seat
        dealer = s == self.dealer
        if call == "pass":
            text = msg("Seat {seat} (dealer) passes.", seat=s) if dealer else \
                msg("Seat {seat} passes.", seat=s)
        elif call == "hold":
            text = msg("Seat {seat} (dealer) holds {bid}.", seat=s, bid=before_high) if dealer \
                else msg("Seat {seat} holds {bid}.", seat=s, bid=before_high)
        else:
            text = msg("Seat {seat} (dealer) bids {bid}.", seat=s, bid=call) if dealer else \
                msg("Seat {seat} bids {bid}.", seat=s, bid=call)
        self._event("call", text, s, call=call)
        if not a.done:
            self._to_act = a.to_act
            return
        if a.bidder is None:
            self._event(self.THROWN_IN_EVENT,
                        msg("Nobody bid: the hand is thrown in and dealt again."))
            if self.game.settings.all_pass == "redeal_next_dealer":
                self.dealer = self.seat_after(self.dealer)
            self._to_act = CHANCE
            self.phase = DEAL
            return
        self.bidder, self.bid = a.bidder, a.bid
        self._event("auction_won", msg("Seat {seat} wins the auction at {bid}.", seat=a.bidder,
                                       bid=a.bid), a.bidder, bid=a.bid)
        self._to_act = a.bidder
        if self.game.settings.trump_before_kitty:
            self.phase = TRUMP
        else:
            self._take_kitty()

    def _take_kitty(self) -> None:
        b = self.bidder
        self.hands[b].extend(self.kitty)
        self._event("kitty", msg("Seat {seat} takes the kitty: {cards}.", seat=b,
                                 cards=format_cards(self.kitty, "unicode")),
                    b, private_to=b, public_text=msg("Seat {seat} takes the five kitty cards.",
                                                     seat=b))
        self.kitty = []
        self.kitty_taken = True
        self.phase = DISCARD

    def _apply_discard(self, action: Discard) -> None:
        b = self.bidder
        self.hands[b].remove(action.card)
        self.discards.append(action.card)
        self.events.append(Event("discard", msg("Seat {seat} discards {card}.", seat=b,
                                                card=action.card.unicode), (b, action.card), b,
                                 b, msg("Seat {seat} discards a card face down.", seat=b)))
        if len(self.hands[b]) == HAND_SIZE:
            if self.trump is None:
                self.phase = TRUMP
            else:
                self._start_draw_or_play()

    def _apply_trump(self, action: NameTrump) -> None:
        self.trump = action.suit
        self.rk = ranking(action.suit, self.game.settings.plain_ace_high)
        self._event("trump", msg("Seat {seat} names {suit} as trumps.", seat=action.seat,
                                 suit=SUIT_WORDS[action.suit]), action.seat, suit=action.suit)
        if not self.kitty_taken:
            self._take_kitty()
        else:
            self._start_draw_or_play()

    def _start_draw_or_play(self) -> None:
        if self.game.settings.others_draw_max and self.stock:
            n = self.game.n
            self.draw_queue = [s for s in ((self.dealer + 1 + i) % n for i in range(n))
                               if s != self.bidder]
            self.draw_pending = []
            self.phase = DRAW
            self._to_act = self.draw_queue[0]
        else:
            self._start_play()

    def _apply_draw(self, action) -> None:
        s = action.seat
        if isinstance(action, Discard):
            self.hands[s].remove(action.card)
            self.draw_pending.append(action.card)
            self.other_discards.append((s, action.card))
            self._event("discard", msg("Seat {seat} discards {card}.", seat=s,
                                       card=action.card.unicode), s, private_to=s,
                        public_text=msg("Seat {seat} discards a card.", seat=s))
            return
        k = len(self.draw_pending)
        drawn, self.stock = self.stock[:k], self.stock[k:]
        self.hands[s].extend(drawn)
        self._event("draw", msg("Seat {seat} draws {cards}.", seat=s,
                                cards=format_cards(drawn, "unicode")) if drawn else
                    msg("Seat {seat} draws nothing.", seat=s), s, private_to=s,
                    public_text=nmsg("Seat {seat} exchanges {n} card.",
                                     "Seat {seat} exchanges {n} cards.", k, seat=s), count=k)
        self.draw_pending = []
        self.draw_queue.pop(0)
        if self.draw_queue and self.stock:
            self._to_act = self.draw_queue[0]
        else:
            self.draw_queue = []
            self._start_play()

    def _start_play(self) -> None:
        first = first_leader(self.game.settings.first_lead, self.game.n, self.dealer,
                             self.bidder)
        self.phase = PLAY
        self.leader = first
        self._to_act = first
        self._event("lead", msg("Seat {seat} leads to the first trick.", seat=first), first)

    def _hand_over(self) -> None:
        g = self.game
        sc = score_hand(g.n, self.bidder, self.bid, self.trump,
                        [(w, cs) for _, cs, w in self.tricks], g.settings, self.scores)
        self.last_score = sc
        for i, delta in enumerate(sc.deltas):
            self.scores[i] += delta
        # the scores said as a tally, "seat 0 25, seat 1 0, seat 2 -5": worded when read
        self.events.append(Event(self.SCORED_EVENT, _scored,
                                 (g.settings.teams, sc.bidding_side, sc.made, self.bid,
                                  tuple(self.scores)),
                                 data=dict(deltas=sc.deltas, points=sc.points)))
        if sc.winner is not None:
            self.winner = sc.winner
            self.phase = OVER
            self._to_act = None
            self._event(self.WON_EVENT, g._side(sc.winner, N_("Side {seats} wins the game."),
                                                N_("Seat {seat} wins the game.")),
                        side=sc.winner)
        else:
            self.dealer = self.seat_after(self.dealer)
            self.phase = DEAL
            self._to_act = CHANCE

    # -- views -----------------------------------------------------------------------------
    def view(self, seat: int) -> dict:
        """What ``seat`` may see: its own hand (and discards), counts of the others, the
        auction, trump and tricks, public events only."""
        v = super().view(seat)
        v.update(dealer=self.dealer, hand_dealer=self.hand_dealer, scores=list(self.scores),
                 hand_no=self.hand_no, kitty_size=len(self.kitty), stock_size=len(self.stock),
                 calls=self.auction_calls, bidder=self.bidder, bid=self.bid, trump=self.trump,
                 discards=list(self.discards) if seat == self.bidder else [],
                 winner=self.winner)
        return v


_APPLY = {PLAY: TrickState._apply_play, AUCTION: State55._apply_call,
          DISCARD: State55._apply_discard, TRUMP: State55._apply_trump,
          DRAW: State55._apply_draw, CHOOSE_DEALER: TrickState._apply_dealer,
          DEAL: State55._apply_deal}


def _side(teams, side: int, of_team: str, of_seat: str, **params) -> Msg:
    """The message ``of_team`` said of a side of seats ({seats}: "0+2"), or ``of_seat`` of a
    seat playing alone ({seat}) when there are no ``teams``, with ``params``."""
    if teams:
        return msg(of_team, seats="+".join(str(s) for s in teams[side]), **params)
    return msg(of_seat, seat=side, **params)


def _scored(teams, side: int, made: bool, bid: int, scores: tuple[int, ...]) -> Msg:
    """The narration of a hand scored (made when read): the bid made or failed, then every
    side's score, a tally (commas, no "and")."""
    tally = many((_side(teams, i, N_("side {seats} {score}"), N_("seat {seat} {score}"),
                        score=v) for i, v in enumerate(scores)), "sequence")
    if made:
        return _side(teams, side, N_("Side {seats} makes the bid of {bid}. Scores: {scores}."),
                     N_("Seat {seat} makes the bid of {bid}. Scores: {scores}."),
                     bid=bid, scores=tally)
    return _side(teams, side, N_("Side {seats} fails the bid of {bid}. Scores: {scores}."),
                 N_("Seat {seat} fails the bid of {bid}. Scores: {scores}."),
                 bid=bid, scores=tally)


def _holds(seat: int, cards):
    """The narration of the cards a seat is dealt (made when read, by that seat only)."""
    return msg("Seat {seat} holds {cards}.", seat=seat, cards=format_cards(cards, "unicode"))


def _describe(action) -> Msg:
    """'Play 10♥', 'Discard 2♣', 'The call 15', 'Naming spades as trumps', 'Drawing'."""
    if type(action) is Call:
        return msg("The call {call}", call=str(action.call))
    if type(action) is NameTrump:
        return msg("Naming {suit} as trumps", suit=SUIT_WORDS[action.suit])
    if type(action) is Draw:
        return msg("Drawing")
    card = action.card
    card = card.unicode if isinstance(card, Card) else str(card)
    return msg("Discard {card}", card=card) if type(action) is Discard else \
        msg("Play {card}", card=card)


# What a phase is for: the actions it takes, and the rule that says what happens in it (cited
# for an action of another kind, and for one out of turn outside the auction: 55-D-TURN).  A
# card in the auction breaks 55-TRUMP-NAME, the clause that says when play begins ("Play then
# begins"), after the auction, the kitty, the discards and the naming of trumps.
_PHASE_ACTIONS = {AUCTION: (Call,), DISCARD: (Discard,), TRUMP: (NameTrump,),
                  DRAW: (Discard, Draw), PLAY: (Play,)}
_PHASE_RULE = {AUCTION: "55-TRUMP-NAME", DISCARD: "55-DISCARD", TRUMP: "55-TRUMP-NAME",
               DRAW: "55-DISCARD", PLAY: "55-LEAD"}
_PHASE_TEXT = {AUCTION: N_("the auction is on, and play begins only after it, once the bidder has "
               "taken the kitty, discarded and named trumps"),
               DISCARD: N_("the bidder is discarding"), TRUMP: N_("the bidder is naming trumps"),
               DRAW: N_("players are exchanging cards"), PLAY: N_("the cards are being played")}
