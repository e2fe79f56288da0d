"""What the coach needs of 55: the pack, what a seat saw privately, and a hand's value."""

from __future__ import annotations

from ...engine.cards import standard_deck
from ..coach import CoachHooks
from .play import top_three


def private_seen(state, seat: int) -> list:
    """The bidder's discards (dead, seen only by the bidder) and a seat's own exchanges."""
    own = list(state.discards) if seat == state.bidder else []
    return own + [c for s, c in state.other_discards if s == seat]


def value(before, after, seat: int) -> tuple[float, dict]:
    """The seat's side's score change, less a quarter of the others' average (a bidder beaten
    helps every other side in the race; weighing it fully costs the seat its own points: see
    bench/coach.py); with the facts a learner reads."""
    g = before.game
    side = g.side_of[seat]
    deltas = [a - b for a, b in zip(after.scores, before.scores)]
    others = [d for i, d in enumerate(deltas) if i != side]
    bidder = before.bidder if before.bidder is not None else after.bidder
    facts = {"score": deltas[side],
             "ours": float(bidder is not None and g.side_of[bidder] == side)}
    number = len(before.tricks)
    if number < len(after.tricks):
        facts["trick"] = float(g.side_of[after.tricks[number][2]] == side)
    sc = after.last_score
    if sc is not None and after.hand_no == before.hand_no:
        facts["points"] = sc.points[side]
        facts["made"] = float(sc.made)
        facts["bonus"] = float(sc.bonus_side == side)
        if before.phase != before.PLAY_PHASE and facts["ours"]:  # a call, trumps, a discard
            facts["made ours"] = float(sc.made)
            facts["tricks ours"] = float(sc.tricks[side])
            facts["points ours"] = float(sc.points[side])
            facts["all five"] = float(sc.tricks[side] == len(after.tricks))
            facts[f"trump {after.trump}"] = 1.0
    return deltas[side] - 0.25 * sum(others) / max(len(others), 1), facts




# -- the textbook's card among near-ties, and the facts of 55's own rules -----------------------
def _lowness(rk, card) -> tuple:
    """How little a card is worth keeping, from the ranking tables (smaller: throw it first):
    a plain card by its place from the bottom of its suit's order (55-RANK-PLAIN: the 10 of a
    black suit and the 2 of a red one are the lowest), any trump above every plain card."""
    if rk.is_trump[card.index]:
        return (1, -rk.trump_rank[card.index])
    order = rk.plain_orders[card.suit]
    return (0, len(order) - 1 - order.index(card))


def textbook(state, seat: int, action) -> tuple:
    """Of cards the search cannot tell apart: win an opponent's trick with the cheapest card
    that wins; otherwise (a partner winning, or nothing wins) throw the lowest card."""
    card = getattr(action, "card", None)
    trick = list(getattr(state, "trick", ()))
    if card is None or not trick or state.phase != state.PLAY_PHASE:
        return (0,)
    rk = state.rk
    w = (state.leader + rk.winner_index(trick)) % state.n
    wins = rk.winner_index(trick + [card]) == len(trick)
    led = rk.effective_suit(trick[0])
    if state.game.side_of[w] == state.game.side_of[seat]:
        return (0 if not wins else 1, _lowness(rk, card))
    if wins and rk.is_trump[trick[0].index] and card in top_three(rk.trump_suit) and \
            any(not rk.is_trump[c.index] for c in state.legal_cards()):
        return (2, (0, rk.power(card, led)))  # a top trump may renege (55-RENEGE): keep it
    if wins:
        return (0, (0, rk.power(card, led)))
    return (1, _lowness(rk, card))


def facts(state, seat: int, card) -> list:
    """55's own rules about the card: the A♥ always a trump (55-AH); on a trump lead, the
    duty to trump (55-TRUMP-LEAD) and the renege right of the top trumps (55-RENEGE)."""
    from ...engine.cards import Card
    from ..coach import Fact

    rk, trick, hand = state.rk, list(state.trick), list(state.hands[seat])
    out = []
    if card == Card("A", "H"):
        out.append(Fact("ah_trump", rule="55-AH"))
    if not trick or not rk.is_trump[trick[0].index]:
        return out
    led = trick[0]
    top = top_three(rk.trump_suit)
    legal = state.cards_allowed(hand, trick)
    plain = [c for c in hand if not rk.is_trump[c.index]]
    if not plain:
        return out

    def exempt(c) -> bool:  # held alone with a plain card, may the plain card go?
        return plain[0] in state.cards_allowed([c, plain[0]], trick)

    if all(rk.is_trump[c.index] for c in legal):
        out.append(Fact("must_trump", rule="55-TRUMP-LEAD"))
        if card in top and card != led and not exempt(card):
            out.append(Fact("not_exempt", (led,), rule="55-RENEGE"))
    else:
        kept = tuple(c for c in hand if c in top and c != card and exempt(c))
        if kept:
            out.append(Fact("renege_free", kept + (led,), rule="55-RENEGE"))
    return out


HOOKS = CoachHooks(deck=lambda game: standard_deck(), private_seen=private_seen, value=value,
                   worlds=lambda state: 40, piles=lambda state: ("kitty", "stock"),
                   noise=0.25, textbook=textbook, facts=facts)
