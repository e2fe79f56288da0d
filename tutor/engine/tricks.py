"""What every trick-taking game state shares: hands, the trick in progress, the tricks won,
the checked play of a card, copying, comparing and the per-seat view.

A game's state subclasses :class:`TrickState` and supplies narrow hooks:

* ``_legal_cards(hand)`` -- the cards of ``hand`` that may be played to ``self.trick``;
* ``cards_allowed(hand, trick)`` -- the same for any trick of the hand (the coach reads the
  plays already made with it);
* ``_illegal_card(hand, card)`` -- why a card is illegal (reason, rule ID, alternatives);
* ``_hand_over()`` -- called when the last trick of the hand is complete;
* ``_ACTIONS`` (the game's action types) and ``_read_call(word)`` -- what can be read: any
  other action, or a call word of no phase of the game, is an :class:`InputError`;
* ``_check_other(action, seat)`` -- the game's own phases, and an action of the wrong kind for
  the phase (``wrong_phase``, cited under the rule of the phase);
* the rule IDs ``LEAD_RULE``, ``DEALER_RULE``, ``DEAL_RULE``, ``OVER_RULE`` (any action once
  the game is over: ``game_over``);
* the lists ``_LISTS`` (shallow-copied), ``_SNAPSHOT`` (compared) and ``_copy_extra``.
"""

from __future__ import annotations

from typing import Any

from .cards import Card
from .errors import IllegalAction, InputError
from .messages import N_, msg, render, wording
from .ranking import Ranking, TrickResult
from .state import CHANCE, Call, ChooseDealer, Deal, Event, Play, State

_NESTED = (list, tuple, dict, set)  # what _freeze changes


def _freeze(v: Any):
    if isinstance(v, list | tuple):
        for x in v:
            if isinstance(x, _NESTED):
                return tuple(_freeze(x) for x in v)
        return tuple(v)  # nothing inside to freeze (a hand, a trick: cards)
    if isinstance(v, dict):
        return tuple(sorted((k, _freeze(x)) for k, x in v.items()))
    if isinstance(v, set):
        return frozenset(v)
    return v


class TrickState(State):
    """Base of a trick-taking game state.  Seats are absolute; the next seat is ``s + 1``."""

    CHOOSE_DEALER_PHASE, DEAL_PHASE, PLAY_PHASE, OVER_PHASE = (
        "choose_dealer", "deal", "play", "game_over")
    # the narration's words for a hand's end (Event.kind), set by each game
    SCORED_EVENT = "score"  # a hand played out and scored
    WON_EVENT = "game_won"  # the game (or match) is won: the state is terminal
    THROWN_IN_EVENT = "redeal"  # a hand thrown in, not scored
    # rule IDs, set by each game
    LEAD_RULE = "LEAD"  # a card played out of turn
    DEALER_RULE = "DEALER"  # the first dealer is chosen at random
    DEAL_RULE = "DEAL"  # the deal
    OVER_RULE = "OVER"  # the end of the game: no action follows it
    OVER_TEXT = N_("The game is over: no more actions.")
    # the types of the players' actions of the game
    _ACTIONS: tuple[type, ...] = (Play, Call)
    # attributes holding lists copied by copy(); hands and tricks are handled here
    _LISTS: tuple[str, ...] = ("history", "events", "trick")
    # attributes compared by snapshot() (and so by ==)
    _SNAPSHOT: tuple[str, ...] = ()

    game: Any
    phase: str
    hands: list[list[Card]]
    trick: list[Card]
    tricks: list[tuple[int, list[Card], int]]  # (leader, cards, winner)
    leader: int | None
    rk: Ranking | None
    _to_act: int | None

    # -- hooks -------------------------------------------------------------------------------
    def _legal_cards(self, hand: list[Card]) -> list[Card]:  # pragma: no cover - abstract
        raise NotImplementedError

    def cards_allowed(self, hand, trick) -> list[Card]:  # pragma: no cover - abstract
        """The cards of ``hand`` that may be played to ``trick``, a trick (complete or not) of
        the hand on the table: what the coach asks of plays already made."""
        raise NotImplementedError

    def _illegal_card(self, hand: list[Card], card: Card) -> IllegalAction:  # pragma: no cover
        raise NotImplementedError

    def _hand_over(self) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def _check_deal(self, action: Deal) -> None:  # pragma: no cover - abstract
        """Raise :class:`InputError` unless ``action`` is a possible deal of this game."""
        raise NotImplementedError

    def _sample_deal(self, rng) -> Deal:  # pragma: no cover - abstract
        raise NotImplementedError

    def _copy_extra(self, d: dict) -> None:
        """Copy what ``_LISTS`` does not cover into ``d`` (here: the auction, if any)."""
        auction = getattr(self, "auction", None)
        d["auction"] = auction.copy() if auction is not None else None

    @classmethod
    def initial(cls, game):
        return cls(game)

    # -- the basics ----------------------------------------------------------------------------
    @property
    def n(self) -> int:
        return self.game.n

    @property
    def to_act(self) -> int | None:
        return self._to_act

    @property
    def is_terminal(self) -> bool:
        return self.phase == self.OVER_PHASE

    def seat_after(self, seat: int) -> int:
        return (seat + 1) % self.game.n

    def copy(self):
        s = object.__new__(type(self))
        d = dict(self.__dict__)
        for k in self._LISTS:
            d[k] = list(d[k])
        d["hands"] = [list(h) for h in self.hands]
        d["tricks"] = [(ld, list(cs), w) for ld, cs, w in self.tricks]
        self._copy_extra(d)
        s.__dict__.update(d)
        return s

    def snapshot(self) -> tuple:
        # hands and tricks hold cards, which _freeze keeps as they are: frozen here directly
        return (self.game, tuple(self.history), len(self.events), self.phase, self._to_act,
                tuple(map(_freeze, self.hands)), _freeze(self.trick),
                tuple((ld, _freeze(cs), w) for ld, cs, w in self.tricks), self.leader) + \
            tuple(_freeze(getattr(self, k)) for k in self._SNAPSHOT)

    def _check(self, action) -> IllegalAction | None:
        """Read the action first (an :class:`InputError` if it cannot be read), then check it
        against the phase: an action of the wrong kind for the phase, or any action once the
        game is over, is an :class:`IllegalAction` like any other."""
        chance = type(action) in (ChooseDealer, Deal)
        if not chance:
            self._seat_of(action)
            self._read(action)
        if self.phase in (self.CHOOSE_DEALER_PHASE, self.DEAL_PHASE):
            return self._check_chance(action)
        if self.phase == self.OVER_PHASE:
            return IllegalAction("game_over", self.OVER_RULE, msg(self.OVER_TEXT), [])
        if chance:
            return IllegalAction("wrong_phase", self.DEAL_RULE,
                                 msg("The cards are dealt only between hands."), self._legal())
        if self.phase == self.PLAY_PHASE and type(action) is Play:
            return self._check_play(action)
        return self._check_other(action, action.seat)

    def _read(self, action) -> None:
        """An :class:`InputError` unless ``action`` is an action of this game that can be
        read: a card that is a :class:`Card`, a call word of some phase of the game."""
        if type(action) not in self._ACTIONS:
            raise InputError(render(msg("{action} is not an action of this game",
                                        action=repr(action))), "action")
        card = getattr(action, "card", None)
        if (card is not None or type(action) is Play) and not isinstance(card, Card):
            raise InputError(not_a_card(card), "action")
        if type(action) is Call:
            self._read_call(action.call)

    def _read_call(self, call) -> None:  # pragma: no cover - abstract
        """An :class:`InputError` unless ``call`` is a call word of some phase of the game."""
        raise NotImplementedError

    def _check_other(self, action, seat: int) -> IllegalAction | None:  # pragma: no cover
        """Check an action of the game's own phases (auction, exchange...), or an action of
        the wrong kind for the phase (``wrong_phase``, the rule of the phase)."""
        raise NotImplementedError

    # -- chance: the first dealer and the deal ----------------------------------------------------
    def _seat_of(self, action) -> int:
        """The acting seat of a player's action; an :class:`InputError` if it is no seat."""
        seat = getattr(action, "seat", None)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.game.n:
            raise InputError(render(msg("{seat} is not a seat of this table (0-{last})",
                                        seat=repr(seat), last=self.game.n - 1)), "action")
        return seat

    def _check_chance(self, action) -> IllegalAction | None:
        if self.phase == self.CHOOSE_DEALER_PHASE:
            if type(action) is not ChooseDealer:
                return IllegalAction("chance_node", self.DEALER_RULE,
                                     msg("The first dealer has not been chosen yet."), [])
            d = action.dealer
            if isinstance(d, bool) or not isinstance(d, int) or not 0 <= d < self.game.n:
                raise InputError(render(msg("{seat} is not a seat", seat=repr(d))), "dealer")
            return None
        if type(action) is not Deal:
            return IllegalAction("chance_node", self.DEAL_RULE,
                                 msg("The cards have not been dealt."), [])
        self._check_deal(action)
        return None

    def _sample_chance(self, rng):
        if self.phase == self.CHOOSE_DEALER_PHASE:
            return ChooseDealer(rng.randrange(self.game.n))
        return self._sample_deal(rng)

    def _apply_dealer(self, action: ChooseDealer) -> None:
        self.dealer = action.dealer
        self.phase, self._to_act = self.DEAL_PHASE, CHANCE
        self.events.append(Event("dealer", msg("Seat {seat} deals first.", seat=action.dealer),
                                 (action.dealer,), action.dealer))

    # -- card play -------------------------------------------------------------------------------
    def legal_cards(self, seat: int | None = None) -> list[Card]:
        """The cards ``seat`` (default: the player to act) may play now; [] if not its turn."""
        seat = self._to_act if seat is None else seat
        if self.phase != self.PLAY_PHASE or seat != self._to_act:
            return []
        return self._legal_cards(self.hands[seat])

    def _check_play(self, action: Play) -> IllegalAction | None:
        seat, card = action.seat, action.card
        if seat != self._to_act:
            return IllegalAction("not_your_turn", self.LEAD_RULE,
                                 msg("It is seat {turn}'s turn to play, not seat {seat}'s.",
                                     turn=self._to_act, seat=seat), [])
        hand = self.hands[seat]
        if card in self._legal_cards(hand):
            return None
        if not isinstance(card, Card):
            raise InputError(not_a_card(card), "action")
        if card not in hand:
            raise InputError(not_held(card, seat), "action")
        return self._illegal_card(hand, card)

    def _apply_play(self, action: Play) -> None:
        s, card = action.seat, action.card
        self.hands[s].remove(card)
        trick = self.trick
        trick.append(card)
        self.events.append(Event("play", _plays, (s, card), s))
        n = self.game.n
        if len(trick) < n:
            self._to_act = (s + 1) % n
            return
        w = self.rk.winner_index(trick)
        winner = (self.leader + w) % n
        self.tricks.append((self.leader, trick, winner))
        self.events.append(Event("trick", _wins_trick, (winner, len(self.tricks), trick[w]),
                                 winner))
        self.trick = []
        self.leader = winner
        self._to_act = winner
        if not self.hands[winner]:
            self._hand_over()

    def why_legal(self, action) -> str:
        """Why a legal ``action`` (a card played, a call) is allowed, in words with its rule
        ID; an :class:`InputError` if it is not allowed (use :meth:`check` for why not)."""
        bad = self.check(action)
        if bad is not None:
            raise InputError(render(msg("that is not allowed: {reason}", reason=bad.message)),
                             "action")
        if isinstance(action, Play):
            return self._why_card(self.hands[action.seat], action.card)
        call = getattr(action, "call", None)
        if call is not None:
            return self._why_call(str(call))
        return ""

    def _why_card(self, hand: list[Card], card: Card) -> str:  # pragma: no cover - abstract
        raise NotImplementedError

    def _why_call(self, call: str) -> str:  # pragma: no cover - abstract
        raise NotImplementedError

    def explain_trick(self, number: int) -> TrickResult:
        """Why trick ``number`` (1-based, of the current hand) was won: the winning card, the
        rule, and the comparison with every other card."""
        if not 1 <= number <= len(self.tricks):
            raise InputError(render(msg("there is no trick {number} yet ({played} played)",
                                        number=number, played=len(self.tricks))), "trick")
        return self.rk.trick_result(self.tricks[number - 1][1])

    def hand_tricks(self) -> list[tuple[int, list[Card]]]:
        """(winner, cards) of the tricks of the current hand."""
        return [(w, cs) for _, cs, w in self.tricks]

    # -- views -------------------------------------------------------------------------------
    def view(self, seat: int) -> dict:
        """What ``seat`` may see: its own hand, the others' card counts, the table, the public
        events (and its own private ones).  Games add their own public facts."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.game.n:
            raise InputError(render(msg("{seat} is not a seat of this table", seat=repr(seat))),
                             "seat")
        return {
            "seat": seat, "players": self.game.n, "phase": self.phase, "to_act": self._to_act,
            "hand": list(self.hands[seat]), "hand_sizes": [len(h) for h in self.hands],
            "tricks": [(ld, list(cs), w) for ld, cs, w in self.tricks],
            "trick": list(self.trick), "leader": self.leader,
            "legal": self.legal_actions() if seat == self._to_act else [],
            "events": _visible_texts(self.events, seat),
        }


def not_a_card(card) -> str:
    """Why ``card`` (given as an action's card) is not read: it is no :class:`Card`."""
    return render(msg("{card} is not a Card (read text with tutor.engine.cards.parse_card)",
                      card=repr(card)))


def not_held(card: Card, seat: int) -> str:
    """Why ``card`` may not be played or discarded by ``seat``: it is not in its hand."""
    return render(msg("{card} is not in seat {seat}'s hand", card=str(card), seat=seat))


def _plays(seat: int, card: Card):
    """The narration of a card played (made when read)."""
    return msg("Seat {seat} plays {card}.", seat=seat, card=card.unicode)


def _wins_trick(seat: int, number: int, card: Card):
    """The narration of a trick won (made when read)."""
    return msg("Seat {seat} wins trick {number} with {card}.", seat=seat, number=number,
               card=card.unicode)


def _visible_texts(events, seat: int) -> list[str]:
    """The texts of ``events`` that ``seat`` reads (:meth:`Event.visible_to`), empty ones left
    out.  A view reads the whole match's narration, so this loop is written out: the texts are
    kept once made (``Event._text``), and most of the cost was the calls to read them."""
    out = []
    append = out.append
    words = wording()  # the language of the texts kept (Event._words)
    for e in events:
        p = e.private_to
        if p is None or p == seat:
            t = e._text if e._words == words else None
            if t is None:
                t = e.text
        else:
            t = e.public_text
        if t:
            append(t)
    return out


def play_random_hand(state: TrickState, rng, checked: bool = True) -> None:
    """Deal if needed, then play legal random actions until the hand is over (scored, settled
    or thrown in).  ``checked=False`` pushes the (legal) choices without checking them again.
    For tests and benchmarks."""
    deal, over = state.DEAL_PHASE, state.OVER_PHASE
    while state.phase in (state.CHOOSE_DEALER_PHASE, deal):
        state.chance(rng)
    step = state.play if checked else state.push
    random_ = rng.random
    while state.phase != deal and state.phase != over:
        actions = state._legal()
        step(actions[int(random_() * len(actions))])
