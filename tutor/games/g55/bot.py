"""A simple but sensible 55 player for guided hands: it follows the rules, bids on the trumps
it holds, keeps its best cards, wins a trick as cheaply as it can and keeps its top trumps
back when the renege privilege allows.  Deterministic: the same position, the same choice.
"""

from __future__ import annotations

from ...engine.cards import SUITS, Card
from ...engine.state import Call, Play
from .game import Discard, Draw, NameTrump, State55
from .play import ranking
from .tables import BIDS


def hand_value(cards, trump: str) -> int:
    """Rough hand points (5 a trick, 5 for the best trump) if ``trump`` were trumps."""
    rk = ranking(trump)
    trumps = sorted(rk.trump_rank[c.index] for c in cards if rk.is_trump[c.index])
    tricks = 0.0
    for i, r in enumerate(trumps):
        if r <= i + 1:  # a top trump, or a trump backed by enough better ones
            tricks += 1
        elif r < 6:
            tricks += 0.5
        else:
            tricks += 0.25
    for c in cards:
        if not rk.is_trump[c.index] and c.rank == "K":
            tricks += 0.4
    bonus = 5 if trumps and trumps[0] == 0 else 2 if trumps and trumps[0] <= 2 else 0
    return int(5 * tricks + bonus)


def best_suit(cards) -> tuple[str, int]:
    return max(((s, hand_value(cards, s)) for s in SUITS), key=lambda sv: (sv[1], sv[0]))


def choose(state: State55):
    """The bot's action for the player to act."""
    seat = state.to_act
    ph = state.phase
    if ph == "auction":
        return Call(seat, _call(state, seat))
    if ph == "trump":
        cards = state.hands[seat] + (state.kitty if not state.kitty_taken else [])
        return NameTrump(seat, best_suit(cards)[0])
    if ph == "discard":
        return Discard(seat, _worst_card(state, seat))
    if ph == "draw":
        return Draw(seat)
    if ph == "play":
        return Play(seat, _card(state, seat))
    raise ValueError(f"the bot does not act in phase {ph}")


def _call(state: State55, seat: int) -> str:
    a = state.auction
    legal = a.legal_calls()
    _, value = best_suit(state.hands[seat])
    value += 5  # the kitty will help
    if "hold" in legal and value >= a.high:
        return "hold"
    bids = [c for c in legal if c.isdigit() and int(c) <= value and int(c) < 60]
    if bids:
        return bids[0]  # the cheapest bid the hand supports
    if "pass" in legal:
        return "pass"
    return next(c for c in legal if c.isdigit())  # a forced dealer bids the least


def _keep_value(card: Card, trump: str | None) -> float:
    """How much the bot wants to keep a card (higher: keep)."""
    if trump is None:
        return 0.0
    rk = ranking(trump)
    if rk.is_trump[card.index]:
        return 100 - rk.trump_rank[card.index]
    return 20 - rk.plain_rank[card.index]


def _worst_card(state: State55, seat: int) -> Card:
    trump = state.trump or best_suit(state.hands[seat])[0]
    return min(state.hands[seat], key=lambda c: (_keep_value(c, trump), c.index))


def _card(state: State55, seat: int) -> Card:
    legal = state.legal_cards()
    rk = state.rk
    trick = state.trick
    if not trick:
        return _lead(state, seat, legal)
    power = rk.power
    led_suit = rk.effective_suit(trick[0])
    best = max(power(c, led_suit) for c in trick)
    best_i = max(range(len(trick)), key=lambda i: (power(trick[i], led_suit), -i))
    winner_seat = (state.leader + best_i) % state.n
    side = state.game.side_of
    if side[winner_seat] == side[seat] and winner_seat != seat:
        return min(legal, key=lambda c: (_keep_value(c, state.trump), c.index))  # partner wins
    winners = [c for c in legal if power(c, led_suit) > best]
    if winners:
        ordinary = [c for c in winners if rk.trump_rank[c.index] > 2 or
                    not rk.is_trump[c.index]]
        pool = ordinary or winners
        return min(pool, key=lambda c: (power(c, led_suit), c.index))  # win cheaply
    return min(legal, key=lambda c: (_keep_value(c, state.trump), c.index))


def _lead(state: State55, seat: int, legal) -> Card:
    rk = state.rk
    played = {c for _, cs, _ in state.tricks for c in cs}
    trumps_out = [c for c in rk.trump_order if c not in played and c not in state.hands[seat]]
    mine = sorted((c for c in legal if rk.is_trump[c.index]), key=lambda c: rk.trump_rank[c.index])
    if mine and (not trumps_out or rk.trump_rank[mine[0].index] <
                 rk.trump_rank[trumps_out[0].index]):
        return mine[0]  # the best trump left: draw the others' trumps
    kings = [c for c in legal if not rk.is_trump[c.index] and c.rank == "K"]
    if kings:
        return kings[0]
    return min(legal, key=lambda c: (_keep_value(c, state.trump), c.index))


__all__ = ["choose", "hand_value", "best_suit", "BIDS"]
