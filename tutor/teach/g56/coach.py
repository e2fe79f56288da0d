"""The coach's words for 56: give points to a winning partner, take a rich trick, keep a trump
for a better one."""

from __future__ import annotations

from ...engine.cards import SUIT_NAME, SUIT_SINGULAR
from ...games.g56 import SPEC, card_points
from ...games.g56.coach import PLAIN_CALLS
from ...games.g56.conventions import explain_auction
from ..coach import percent, register_calls, register_reasons
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


# -- the auction ------------------------------------------------------------------------------


def _meaning(state, seat, call: str):
    a = state.auction.copy()
    a.call(call, seat)
    return explain_auction(a)[-1]


def _tells(text: str) -> str:
    return text.split(": ", 1)[1] if ": " in text else text


def _label(state, seat, call: str) -> str:
    if call in PLAIN_CALLS:
        return call.capitalize()
    return f"Bid {_meaning(state, seat, call).spoken}"


def call_words(state, seat, ranked, table):
    best = ranked[0]
    call = str(best.action.call)
    conventional = str(SPEC.bot(state).call)
    partners = "your partners" if len(table.partners) > 1 else "your partner"
    headline = f"{_label(state, seat, call)}."
    say = []
    by_call = {str(c.action.call): c for c in ranked}
    if call not in PLAIN_CALLS:
        m = _meaning(state, seat, call)
        say.append(f"{m.spoken} by the conventions (56-CONV): to {partners} it "
                   f"{_tells(m.text)}")
    if conventional in PLAIN_CALLS and call not in PLAIN_CALLS:
        say.append("The conventions alone would pass with this hand, but played out the bid "
                   f"comes out {best.value - by_call['pass'].value:.1f} tables ahead."
                   if "pass" in by_call else "The conventions alone would pass here.")
    elif conventional in PLAIN_CALLS:
        say.append("By the conventions (56-CONV) this hand has no bid to make: no bid would "
                   f"tell {partners} something true of it and be likely to be made.")
    elif conventional != call:
        m = _meaning(state, seat, conventional)
        c = by_call.get(conventional)
        diff = f" {best.value - c.value:.1f} tables" if c is not None else ""
        say.append(f"By the conventions (56-CONV) this hand could bid {m.spoken} (to "
                   f"{partners} it {_tells(m.text).rstrip('.')}), but played out, "
                   f"{'passing' if call == 'pass' else call + 'ing'} comes out{diff} ahead.")
    f = best.facts
    if call not in PLAIN_CALLS:
        ours = f.get("ours", 0.0)
        made = f["made ours"] / ours if ours and "made ours" in f else None
        text = f"Played out, your team wins the contract in {percent(ours)} of the deals"
        if made is not None:
            text += f" and makes it in {percent(made)} of those (56-MADE)"
        say.append(text + ".")
    elif call == "pass" and conventional in PLAIN_CALLS:
        bid = next((c for c in ranked if str(c.action.call) not in PLAIN_CALLS), None)
        if bid is not None:
            say.append(f"Bidding {_meaning(state, seat, str(bid.action.call)).spoken} comes out "
                       f"{best.value - bid.value:.1f} tables worse on average over the deals.")
    doubles = [c for c in ranked if str(c.action.call) in ("double", "redouble")]
    passing = next((c for c in ranked if str(c.action.call) == "pass"), None)
    if doubles and passing is not None and "made" in passing.facts:
        d = doubles[0]
        fails = 1 - passing.facts["made"]
        what = str(d.action.call)
        verdict = ("worth it" if d.value > passing.value else "not worth it here")
        say.append(f"{what.capitalize()} (56-{what.upper()}): the contract fails in "
                   f"{percent(fails)} of the deals, and a {what} multiplies the tables that "
                   f"move either way (56-MULT), so it is {verdict}.")
    shown = []
    for c in ranked[:3]:
        g = c.facts
        parts = []
        ours = g.get("ours", 0.0)
        if str(c.action.call) not in PLAIN_CALLS or ours:
            parts.append(f"your team wins the contract in {percent(ours)} of the deals")
            if ours and "made ours" in g:
                parts.append(f"made in {percent(g['made ours'] / ours)} of those")
        elif "made" in g:
            parts.append(f"the other team's contract is made in {percent(g['made'])}")
        parts.append(f"your team's tables {g.get('tables', 0):+.2f} on average")
        shown.append((c.action, _label(state, seat, str(c.action.call)), "; ".join(parts)))
    return headline, say, shown


register_calls(SPEC.name, call_words)
