"""The coach's words for 56: give points to a winning partner, take a rich trick, keep a trump
for a better one."""

from __future__ import annotations

from ...engine.cards import SUIT_SINGULAR
from ...games.g56 import SPEC, card_points
from ...games.g56.coach import PLAIN_CALLS
from ...games.g56.conventions import explain_auction
from ...games.g56.tables import RANK_ORDER
from ..coach import cards_and, percent, register_calls, register_reasons


def _worth(cards) -> str:
    p = card_points(cards)
    return "worth nothing" if p == 0 else f"worth {p} point{'s' if p != 1 else ''}"


def _points(p: int) -> str:
    return f"{p} point{'' if p == 1 else 's'}"


def _say_identical(fact, card, state, seat, table):
    return (f"a {card.unicode} is already in the trick, and of two identical cards the one "
            f"played first ranks higher ({fact.rule})",
            f"Its twin, the other {card.unicode}, was played first, so this one cannot beat "
            f"it ({fact.rule}).")


def _say_void(fact, card, state, seat, table):
    led = fact.cards[0]
    return ("", f"You hold no {SUIT_SINGULAR[led.suit]}: any card may go, and there is no "
                f"duty to trump ({fact.rule}).")


def _say_partner(fact, card, state, seat, table):
    spot = ("give points to your partner's trick (56-POINTS)" if card_points([card]) else "")
    return (spot, f"{table.who(fact.number, True)} is winning with the "
                  f"{fact.cards[0].unicode}.")


def _say_lowest(fact, card, state, seat, table):
    return "", (f"It is your lowest {SUIT_SINGULAR[card.suit]}: the {cards_and(fact.cards)} "
                f"rank above it (56-RANK: "
                f"{' '.join(r for r in RANK_ORDER if any(c.rank == r for c in state.game.deck))}).")


WORDS = {"identical": _say_identical, "void": _say_void, "partner_winning": _say_partner,
         "lowest_in_suit": _say_lowest}
SPOTS = ("identical", "cheapest_winner", "partner_winning", "best_left", "none_wins")


def facts(f: dict, deals: int, table) -> str:
    parts = []
    if "trick" in f:
        parts.append(f"your team wins this trick in {percent(f['trick'])} of the deals")
    if "points" in f:
        parts.append(f"your team takes {f['points']:.1f} card points on average")
    if "made" in f:
        if f.get("ours"):
            parts.append(f"your team's contract is made in {percent(f['made'])}")
        else:
            parts.append(f"the bidders' contract fails in {percent(1 - f['made'])}")
    return "; ".join(parts) or "the hand ends here"


register_reasons(SPEC.name, WORDS, SPOTS, facts,
                 ("tables", "tables (a card point counts a fiftieth of a table)"))


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
