"""What the coach needs of 56: the stripped packs, a hand's value, and what the bids showed."""

from __future__ import annotations

from ..coach import CoachHooks, played_by
from .bot import choose
from .conventions import explain_auction, holds_what_it_shows, seat_showing
from .play import card_points
from .tables import RANK_ORDER


def value(before, after, seat: int) -> tuple[float, dict]:
    """Tables gained by the seat's partnership, then card points taken (a tie-break: a point
    is a fiftieth of a table); with the facts a learner reads."""
    team = before.team_of(seat)
    partnership = before.partnership_of_team(team)
    tables = after.tables[partnership] - before.tables[partnership]
    points = card_points(c for _, cs, w in after.tricks if before.team_of(w) == team
                         for c in cs)
    contract = before.contract if before.contract is not None else after.contract
    facts = {"tables": tables, "points": points,
             "ours": float(contract is not None and contract.team == team)}
    number = len(before.tricks)
    if number < len(after.tricks):
        facts["trick"] = float(before.team_of(after.tricks[number][2]) == team)
    s = after.last_settlement
    if s is not None:
        facts["made"] = float(s.made)
        if before.phase == "auction" and facts["ours"]:  # a call: the contract as ours
            facts["made ours"] = float(s.made)
    return tables + points / 50, facts


_SHOWN: dict = {}


def consistent(state, seat: int, hands: dict) -> bool:
    """Does every other seat's hand, with the cards it has played, hold what its bids showed
    by the conventions (56-CONV)?"""
    a = state.auction
    if a is None or not a.calls:
        return True
    # by content, never by id(): a freed auction's id is reused by another
    key = (a.n, a.dealer, a.settings, tuple((s, str(c)) for s, c in a.calls))
    shown = _SHOWN.get(key)
    if shown is None:
        meanings = explain_auction(a)
        shown = {s: seat_showing(meanings, s) for s in {m.seat for m in meanings}}
        if len(_SHOWN) > 64:
            _SHOWN.clear()
        _SHOWN[key] = shown
    played: dict[int, list] = {}
    for s, card, _ in played_by(state):
        played.setdefault(s, []).append(card)
    for s, showing in shown.items():
        if s == seat or s not in hands:
            continue
        if not showing.backed_by(list(hands[s]) + played.get(s, [])):
            return False
    return True


PLAIN_CALLS = ("pass", "double", "redouble")


def calls(state, seat: int) -> list:
    """Pass, double and redouble when legal, the conventional call (the bot bids by 56-CONV),
    and when that is a pass the cheapest bid true of the hand by the conventions (so a bid is
    weighed whenever one could be made honestly)."""
    legal = list(state.legal_actions())
    out = [a for a in legal if str(a.call) in PLAIN_CALLS]
    conventional = choose(state)
    if conventional not in out:
        out.append(conventional)
    if str(conventional.call) in PLAIN_CALLS:  # the cheapest bid that tells the truth
        hand = state.hands[seat]
        cheapest = next((a for a in legal if str(a.call) not in PLAIN_CALLS and
                         holds_what_it_shows(state.auction, a.call, hand)), None)
        if cheapest is not None and cheapest not in out:
            out.append(cheapest)
    return out




# -- the textbook's card among near-ties, and the facts of 56's own rules -----------------------
def _rank(card) -> int:
    """Place in 56-RANK, from the table (0: the jack, the best)."""
    return RANK_ORDER.index(card.rank)


def _best_left(state, seat: int, card) -> bool:
    """Does no card of ``card``'s suit that ``seat`` has not seen rank above it (a lead that
    wins unless trumped)?"""
    rk = state.rk
    suit = rk.effective_suit(card)
    seen = [c for _, c, _ in played_by(state)] + list(state.hands[seat])
    unseen = list(state.game.deck)
    for c in seen:
        unseen.remove(c)
    return not any(rk.effective_suit(c) == suit and rk.power(c, suit) > rk.power(card, suit)
                   for c in unseen)


def textbook(state, seat: int, action) -> tuple:
    """Of calls the search cannot tell apart, the conventional one (56-CONV). Of cards the
    search cannot tell apart: to a partner's trick give points; to an
    opponent's trick worth points win it with the cheapest card that wins; otherwise give
    away the fewest points, and of two cards doing the same job play the lower-ranked one."""
    if state.phase == "auction":  # of calls the deals cannot tell apart, the conventions'
        return (0,) if action == choose(state) else (1,)
    card = getattr(action, "card", None)
    trick = list(getattr(state, "trick", ()))
    if card is None or state.phase != state.PLAY_PHASE:
        return (0,)
    rk = state.rk
    if not trick:  # a lead: a card no unseen card of its suit ranks above first, then the lower
        return (0 if _best_left(state, seat, card) else 1, card_points([card]), -_rank(card),
                card.index)
    w = (state.leader + rk.winner_index(trick)) % state.n
    wins = rk.winner_index(trick + [card]) == len(trick)
    led = rk.effective_suit(trick[0])
    low = (-_rank(card), card.index)  # the lower-ranked first
    if state.team_of(w) == state.team_of(seat):
        return (1, 0, 0) + low if wins else (0, -card_points([card]), 0) + low
    if wins and card_points(trick) > 0:
        return (0, 0, rk.power(card, led)) + low
    if wins:
        return (2, 0, rk.power(card, led)) + low
    return (1, card_points([card]), 0) + low


def facts(state, seat: int, card) -> list:
    """56's own rules about the card: a copy of it already winning the trick wins over it
    (56-IDENTICAL); void in the suit led, no duty to trump (56-VOID)."""
    from ..coach import Fact

    rk, trick, hand = state.rk, list(state.trick), list(state.hands[seat])
    out = []
    if not trick:
        return out
    if card in trick and trick[rk.winner_index(trick)] == card and \
            rk.winner_index(trick + [card]) != len(trick):  # it would win but for its twin
        out.append(Fact("identical", (card,), rule="56-IDENTICAL"))
    led = trick[0].suit
    if all(c.suit != led for c in hand) and rk.trump_suit is not None:
        out.append(Fact("void", (trick[0],), rule="56-VOID"))
    return out


HOOKS = CoachHooks(deck=lambda game: list(game.deck), private_seen=lambda state, seat: [],
                   value=value, consistent=consistent, worlds=lambda state: 32, calls=calls,
                   noise=0.01, textbook=textbook, facts=facts, points=card_points,
                   points_rule="56-POINTS")
