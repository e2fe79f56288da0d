"""The coach's words for 56: give points to a winning partner, take a rich trick, keep a trump
for a better one."""

from __future__ import annotations

from ...engine.cards import SUIT_NAME, SUIT_SINGULAR
from ...games.g56 import SPEC, card_points
from ..coach import percent, register_reasons
from ..guided import cards_words


def _worth(cards) -> str:
    p = card_points(cards)
    return "worth nothing" if p == 0 else f"worth {p} point{'s' if p != 1 else ''}"


def _points(p: int) -> str:
    return f"{p} point{'' if p == 1 else 's'}"


def _beats(state, card) -> bool:
    return state.rk.winner_index(state.trick + [card]) == len(state.trick)


def reasons(state, seat, best, ranked, table) -> list[str]:
    rk, trick, hand = state.rk, state.trick, state.hands[seat]
    card = best.action.card
    legal = [c.action.card for c in ranked]
    trump = rk.trump_suit
    say = []
    if not trick:
        c = state.contract
        ours = state.team_of(seat) == c.team
        if trump and card.suit == trump and ours:
            say.append(f"Lead trumps: your team plays the contract, and drawing the "
                       f"opponents' trumps with the {card.unicode} keeps them from trumping "
                       "your winners later.")
        elif card.rank == "J":
            say.append(f"Lead the {card.unicode}: the jack is the top card of its suit "
                       "(56-RANK), so it takes the trick unless it is trumped, and the trick's "
                       "points go to your team.")
        else:
            say.append(f"Lead the {card.unicode}: it is {_worth([card])}, so you give little "
                       "away, and your better cards wait for tricks they can win.")
        return say + _versus(best, ranked)
    w = rk.winner_index(trick)
    w_seat, w_card = (state.leader + w) % state.n, trick[w]
    partner = table.relation(w_seat) == "partner"
    in_trick = card_points(trick)
    led = trick[0].suit
    void = all(c.suit != led for c in hand)
    if partner and not _beats(state, card):
        if card_points([card]):
            say.append(f"{table.who(w_seat, True)} is winning with the {w_card.unicode}; "
                       f"give points: the {card.unicode} is {_worth([card])}.")
        else:
            say.append(f"{table.who(w_seat, True)} is winning with the {w_card.unicode}, but "
                       "the cards that carry points are better kept: play the "
                       f"{card.unicode}, {_worth([card])}.")
    elif _beats(state, card):
        if void and trump and card.suit == trump:
            say.append(f"You hold no {SUIT_SINGULAR[led]}: trump with the {card.unicode} "
                       f"(there is no duty to trump, 56-VOID, but it pays) and take the "
                       f"{_points(in_trick + card_points([card]))} in the trick.")
        else:
            say.append(f"The trick holds {_points(in_trick)} so far, and the {card.unicode} "
                       f"beats the {w_card.unicode}, the best card so far (56-TRICK).")
        dearer = [c for c in legal if c != card and _beats(state, c) and
                  rk.power(c, led) > rk.power(card, led)]
        if dearer:
            say.append(f"It is the cheapest card that wins, so you keep the "
                       f"{cards_words(dearer)}.")
    else:
        winners = [c for c in legal if _beats(state, c)]
        if winners and void and trump and all(c.suit == trump for c in winners):
            say.append(f"You could trump, but the trick holds only {_points(in_trick)}: keep "
                       f"your {SUIT_NAME[trump]} for a richer trick and throw the "
                       f"{card.unicode}, {_worth([card])}.")
        elif winners:
            say.append(f"You could win this trick with the {cards_words(winners)}, but it "
                       f"costs more than it brings: the {card.unicode} is {_worth([card])}.")
        elif card_points([card]) and any(not card_points([c]) for c in legal):
            cheap = [c for c in legal if not card_points([c])]
            say.append(f"You cannot win this trick. The {card.unicode} gives the opponents "
                       f"{_points(card_points([card]))}, yet played out it does better than "
                       f"the {cards_words(cheap)}: the cards you keep matter more later.")
        else:
            say.append(f"You cannot win this trick: throw the {card.unicode}, "
                       f"{_worth([card])}.")
    return say + _versus(best, ranked)


def _versus(best, ranked) -> list[str]:
    second = ranked[1]
    other = second.action.card.unicode
    if best.value - second.value < 0.01:
        return [f"The {other} would do about as well."]
    bf, sf = best.facts, second.facts
    dp = bf.get("points", 0) - sf.get("points", 0)
    dm = bf.get("made", 0) - sf.get("made", 0)
    good = dm if bf.get("ours") else -dm  # a defender wants the contract beaten
    bits = []
    if abs(dm) >= 0.05 or (good > 0 and dp < 0):
        whose = "your team's contract" if bf.get("ours") else "the bidders' contract"
        bits.append(f"{whose} is made in {percent(bf.get('made', 0))} of the deals instead "
                    f"of {percent(sf.get('made', 0))}")
    if abs(dp) >= 0.1:
        bits.append(f"your team takes about {abs(dp):.1f} card points "
                    f"{'more' if dp > 0 else 'fewer'}")
    what = ", and ".join(bits) or "it does a little better"
    return [f"Against the {other}, the next best: {what}."]


def facts(f: dict, deals: int, table) -> str:
    parts = []
    if "trick" in f:
        parts.append(f"your team wins this trick in {percent(f['trick'])} of the deals")
    if "points" in f:
        parts.append(f"your team takes {f['points']:.1f} card points on average")
    if "made" in f:
        whose = "your team's contract" if f.get("ours") else "the bidders' contract"
        parts.append(f"{whose} is made in {percent(f['made'])}")
    return "; ".join(parts) or "the hand ends here"


register_reasons(SPEC.name, reasons, facts, noise=0.03)
