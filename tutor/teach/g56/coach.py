"""The coach's words for 56: give points to a winning partner, take a rich trick, keep a trump
for a better one."""

from __future__ import annotations

from ...engine.cards import SUIT_SINGULAR
from ...games.coach import Z, difference
from ...games.g56 import SPEC, card_points
from ...games.g56.coach import PLAIN_CALLS
from ...games.g56.conventions import explain_auction
from ...games.g56.tables import RANK_ORDER
from ..coach import percent, rank_above, register_calls, register_reasons


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
    return "", (f"It is your lowest {SUIT_SINGULAR[card.suit]}: {rank_above(fact.cards)} "
                f"(56-RANK: "
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


def _versus(a, b) -> tuple[bool, str]:
    """``a`` against ``b`` from the numbers the table shows (each call's value: tables, a card
    point a fiftieth of one), with their uncertainty over the same deals: (inside the noise,
    the words)."""
    d, se = difference(a, b)
    noise = SPEC.hook("coach").noise
    if abs(d) <= max(noise, Z * se):
        return True, (f"about the same: the difference, {d:+.2f} tables (give or take "
                      f"{Z * se:.2f}), is inside the noise")
    return False, (f"{abs(d):.2f} tables {'ahead' if d > 0 else 'behind'} (give or take "
                   f"{Z * se:.2f})")


def call_words(state, seat, ranked, table):
    best = ranked[0]
    call = str(best.action.call)
    conventional = str(SPEC.bot(state).call)
    partners = "your partners" if len(table.partners) > 1 else "your partner"
    headline = f"{_label(state, seat, call)}."
    say = []
    by_call = {str(c.action.call): c for c in ranked}
    doubles = [c for c in ranked if str(c.action.call) in ("double", "redouble")]
    passing = by_call.get("pass")
    if doubles and passing is not None and "made" in passing.facts:
        # the rule of the spot: what a double or redouble does (first when it is the advice)
        d = doubles[0]
        fails = 1 - passing.facts["made"]
        what = str(d.action.call)
        same, cmp = _versus(d, passing)
        verdict = ("it comes out " + cmp + " against a pass" if same else
                   f"it is {'worth it' if d.value > passing.value else 'not worth it here'}: "
                   + cmp + " against a pass")
        text = (f"{what.capitalize()} (56-{what.upper()}): the contract fails in "
                f"{percent(fails)} of the deals, and a {what} multiplies the tables that "
                f"move either way (56-MULT); {verdict}.")
        if call == what:
            say.append(text)
            say.append(f"By the conventions (56-CONV) this hand would {conventional} here too."
                       if conventional == call else
                       f"By the conventions (56-CONV) this hand would "
                       f"{_label(state, seat, conventional).lower()} here; "
                       f"played out, the {call} comes out better.")
            doubles_said = True
        else:
            doubles_said = False
    else:
        text, doubles_said = "", False
    if call not in PLAIN_CALLS:
        m = _meaning(state, seat, call)
        say.append(f"{m.spoken} by the conventions (56-CONV): to {partners} it "
                   f"{_tells(m.text)}")
    if conventional in PLAIN_CALLS and call not in PLAIN_CALLS:
        say.append("The conventions alone would pass with this hand, but played out the bid "
                   f"comes out {_versus(best, passing)[1]}."
                   if passing is not None else "The conventions alone would pass here.")
    elif conventional in PLAIN_CALLS and call not in ("double", "redouble"):
        say.append("By the conventions (56-CONV) this hand has no bid to make: no bid would "
                   f"tell {partners} something true of it and be likely to be made.")
    elif conventional != call and conventional not in PLAIN_CALLS:
        m = _meaning(state, seat, conventional)
        c = by_call.get(conventional)
        diff = f" {_versus(best, c)[1]}" if c is not None else " ahead"
        say.append(f"By the conventions (56-CONV) this hand could bid {m.spoken} (to "
                   f"{partners} it {_tells(m.text).rstrip('.')}), but played out, "
                   f"{'passing' if call == 'pass' else call + 'ing'} comes out{diff}.")
    f = best.facts
    if call not in PLAIN_CALLS:
        ours = f.get("ours", 0.0)
        made = f["made ours"] / ours if ours and "made ours" in f else None
        text2 = f"Played out, your team wins the contract in {percent(ours)} of the deals"
        if made is not None:
            text2 += f" and makes it in {percent(made)} of those (56-MADE)"
        say.append(text2 + ".")
    elif call == "pass" and conventional in PLAIN_CALLS:
        bid = next((c for c in ranked if str(c.action.call) not in PLAIN_CALLS), None)
        if bid is not None:
            same, cmp = _versus(bid, best)
            say.append(f"Bidding {_meaning(state, seat, str(bid.action.call)).spoken} comes out "
                       + (cmp + ", so the conventions' pass it is." if same else
                          f"{cmp.replace('behind', 'worse').replace('ahead', 'better')} "
                          "over the deals."))
    if text and not doubles_said:
        say.append(text)
    shown = []
    for c in ranked[:3]:
        g = c.facts
        parts = [f"comes out {c.value:+.2f} tables"]
        ours = g.get("ours", 0.0)
        if str(c.action.call) not in PLAIN_CALLS or ours:
            parts.append(f"your team wins the contract in {percent(ours)} of the deals")
            if ours and "made ours" in g:
                parts.append(f"made in {percent(g['made ours'] / ours)} of those")
        elif "made" in g:
            parts.append(f"the other team's contract is made in {percent(g['made'])}")
        parts.append(f"your team's tables {g.get('tables', 0):+.2f} and card points "
                     f"{g.get('points', 0):.1f} on average")
        shown.append((c.action, _label(state, seat, str(c.action.call)), "; ".join(parts)))
    return headline, say, shown


register_calls(SPEC.name, call_words)
