"""The coach's words for 55: why the best card, from the position (55-RENEGE, the bonus...)."""

from __future__ import annotations

from ...engine.cards import SUIT_NAME, SUIT_SINGULAR, SUIT_SYMBOL
from ...games.g55 import SPEC
from ...games.g55.play import top_three, trump_order
from ..coach import (
    cards_and,
    percent,
    rank_above,
    register_calls,
    register_choices,
    register_reasons,
)
from ..guided import cards_words


def _bottom(rk, suit) -> str:
    """The low end of a plain suit's order, from the table (55-RANK-PLAIN)."""
    order = rk.plain_orders[suit]
    return f"{' '.join(c.rank for c in order[-4:])}, the {order[-1].unicode} lowest"


def _say_lowest(fact, card, state, seat, table):
    rk = state.rk
    if rk.is_trump[card.index]:
        return "", f"It is your lowest trump: {rank_above(fact.cards)} " \
                   f"({fact.rule})."
    return "", (f"It is your lowest {SUIT_SINGULAR[card.suit]}: {rank_above(fact.cards)}, "
                f"for {SUIT_NAME[card.suit]} run down to {_bottom(rk, card.suit)}"
                f" ({fact.rule}).")


def _say_bottom(fact, card, state, seat, table):
    rk = state.rk
    if rk.is_trump[card.index]:
        return "", f"It is the lowest trump ({fact.rule})."
    return "", (f"It is the lowest {SUIT_SINGULAR[card.suit]} of all: {SUIT_NAME[card.suit]} "
                f"run down to {_bottom(rk, card.suit)} ({fact.rule}).")


def _say_renege(fact, card, state, seat, table):
    *kept, led = fact.cards
    names = cards_and(kept)
    return (f"you may renege and keep the {names} back ({fact.rule})",
            f"The {led.unicode} led ranks below your {names}, so you need not play "
            f"{'it' if len(kept) == 1 else 'them'} (55-RENEGE): kept back, "
            f"{'it' if len(kept) == 1 else 'they'} can take a later trick.")


def _say_not_exempt(fact, card, state, seat, table):
    led = fact.cards[0]
    return (f"the {led.unicode} led ranks above it, so the {card.unicode} is not exempt now "
            f"and must be played ({fact.rule})",
            f"A top trump may renege only against a lower trump led; the {led.unicode} ranks "
            f"above the {card.unicode}, so it is not exempt now ({fact.rule}).")


def _say_must(fact, card, state, seat, table):
    return (f"a trump was led and you must answer with a trump ({fact.rule})",
            f"A trump was led: you must play a trump ({fact.rule}).")


def _say_ah(fact, card, state, seat, table):
    return (f"the A♥ is always a trump, whatever suit is trumps ({fact.rule})",
            f"The A♥ is a trump, never a plain heart: it ranks third among the trumps "
            f"({fact.rule}).")


def _say_partner(fact, card, state, seat, table):
    return ("let your partner's card win",
            f"{table.who(fact.number, True)} is winning with the {fact.cards[0].unicode}.")


WORDS = {"lowest_in_suit": _say_lowest, "lowest_of_suit": _say_bottom,
         "renege_free": _say_renege, "not_exempt": _say_not_exempt, "must_trump": _say_must,
         "ah_trump": _say_ah, "partner_winning": _say_partner}
SPOTS = ("not_exempt", "renege_free", "ah_trump", "must_trump", "cheapest_winner",
         "partner_winning", "best_left", "none_wins")


def facts(f: dict, deals: int, table) -> str:
    parts = []
    if "trick" in f:
        parts.append(f"wins this trick in {percent(f['trick'])} of the deals")
    if "points" in f:
        parts.append(f"{'your side takes' if table.sides else 'you take'} "
                     f"{f['points']:.1f} hand points on average")
    if "made" in f:
        if f.get("ours"):
            parts.append(f"your bid is made in {percent(f['made'])}")
        else:
            parts.append(f"the bidder fails in {percent(1 - f['made'])}")
    return "; ".join(parts) or "the hand ends here"


register_reasons(SPEC.name, WORDS, SPOTS, facts,
                 ("points", "points (your score, less a quarter of the others')"))


# -- the auction ------------------------------------------------------------------------------
def call_label(call: str) -> str:
    return {"pass": "Pass", "hold": "Hold"}.get(call, f"Bid {call}")


def _given(f: dict, name: str) -> float | None:
    """A fact over the deals where the learner's side won the auction (None: it never did)."""
    ours = f.get("ours", 0.0)
    return f[name] / ours if ours and name in f else None


def call_words(state, seat, ranked, table):
    """Headline, reasons and the calls compared, for a 55 auction (ranked best first)."""
    best = ranked[0]
    call = best.action.call
    side = "your side" if table.sides else "you"
    a = state.auction
    if call == "pass":
        headline = "Pass."
    elif call == "hold":
        headline = f"Hold: take the bid at {a.high} yourself, as the dealer may (55-BID-HOLD)."
    else:
        headline = f"Bid {call}."
    bidding = [c for c in ranked if c.facts.get("ours")]
    say = []
    if bidding:  # what the hand can expect as the bidder, from the deals where it was
        b = max(bidding, key=lambda c: c.facts["ours"])
        f = b.facts
        tricks, points = _given(f, "tricks ours"), _given(f, "points ours")
        suits = sorted(((v / f["ours"], k.split()[1]) for k, v in f.items()
                        if k.startswith("trump ") and k != "trump None"), reverse=True)
        trump = (f", best with {SUIT_SYMBOL[suits[0][1]]} {SUIT_NAME[suits[0][1]]} as trumps "
                 f"(the suit named after the kitty in {percent(suits[0][0])} of those deals)"
                 if suits else "")
        say.append(f"As the bidder, this hand takes about {tricks:.1f} tricks, about "
                   f"{points:.0f} points with the best-trump bonus{trump} (55-SCORE-TRICK, "
                   "55-SCORE-BONUS).")
    expect, say = say, []  # said after the rule of the spot: the call's own sentence first
    made = {c.action.call: _given(c.facts, "made ours") for c in ranked}
    bids = [c for c in ranked if c.action.call not in ("pass", "hold")]
    if call in ("pass",):
        top = next((c for c in bids if c.action.call != "60"), None)
        if top is not None and made[top.action.call] is not None:
            say.append(f"No bid pays here: {top.action.call}, the best of them, is made in "
                       f"only {percent(made[top.action.call])} of the deals where it wins the "
                       "auction, and a failed bid costs its value (55-SCORE-BID).")
        else:
            say.append("No bid pays here: a failed bid costs its value (55-SCORE-BID).")
    elif call == "60":
        say.append(f"Go for 60: {side} take all five tricks in "
                   f"{percent(_given(best.facts, 'all five') or 0)} of the deals, and a made 60 "
                   "scores 60 (55-SCORE-SIXTY).")
    else:
        m = made.get(call)
        won = best.facts.get("ours", 0.0)
        text = (f"{call_label(call)[0] + call_label(call)[1:]} wins the auction in "
                f"{percent(won)} of the deals" if call != "hold" else
                f"Holding wins the auction in {percent(won)} of the deals")
        if m is not None:
            text += f" and is made in {percent(m)} of those"
        higher = [c for c in bids if c.action.call not in ("60", call) and
                  int(c.action.call) > (int(call) if call.isdigit() else a.high or 0)]
        if higher and made[higher[0].action.call] is not None:
            h = min(higher, key=lambda c: int(c.action.call))
            text += (f"; {h.action.call} would be made in only "
                     f"{percent(made[h.action.call])}, and a failed bid costs its value "
                     "(55-SCORE-BID)")
        say.append(text + ".")
    say[1:1] = expect
    sixty = next((c for c in ranked if c.action.call == "60"), None)
    if sixty is not None and call != "60":
        p = _given(sixty.facts, "all five") or 0.0
        say.append(f"60 is a promise of all five tricks (55-BID-VALUES): {side} take them all "
                   f"in only {percent(p)} of the deals, and a failed 60 costs 60 "
                   "(55-SCORE-SIXTY)." if p < 0.5 else
                   f"60 is worth a thought: {side} take all five tricks in {percent(p)} of the "
                   "deals (55-SCORE-SIXTY).")
    shown = []
    for c in ranked[:3]:
        f = c.facts
        parts = []
        if c.action.call == "pass":
            parts.append(f"another player wins the auction in {percent(1 - f.get('ours', 0))} "
                         "of the deals")
        else:
            parts.append(f"wins the auction in {percent(f.get('ours', 0))} of the deals")
            m = _given(f, "made ours")
            if m is not None:
                parts.append(f"made in {percent(m)} of those")
        parts.append(f"{side} score {f.get('score', 0):+.1f} on average")
        shown.append((c.action, call_label(c.action.call), "; ".join(parts)))
    return headline, say, shown


register_calls(SPEC.name, call_words)


# -- the trumps and the discards ----------------------------------------------------------------
def trump_words(state, seat, ranked, table):
    """Which suit to name (55-TRUMP-NAME), from the deals played out with each."""
    best = ranked[0]
    suit = best.action.suit
    side = "your side" if table.sides else "you"
    rk_top = [c.unicode for c in state.hands[seat] if c in top_three(suit)]

    def chances(c) -> str:
        f = c.facts
        tricks = _given(f, "tricks ours")
        made = _given(f, "made ours")
        return (f"{side} take about {tricks:.1f} tricks and make the bid in "
                f"{percent(made)} of the deals" if tricks is not None and made is not None
                else f"{side} score {f.get('score', 0):+.1f} on average")

    order = trump_order(suit)
    held = sorted((c for c in state.hands[seat] if c in order), key=order.index)
    say = []  # the rule of the spot first: the trumps the hand would hold, in their order
    if held:
        say.append(f"As trumps, {SUIT_NAME[suit]} would give you {len(held)}: "
                   f"{cards_and(held)}, best first (55-RANK-TRUMP)"
                   + (f"; {cards_and([c for c in held if c.unicode in rk_top])} among the "
                      "top three, the 5, the jack and the A♥ (55-TOP3)." if rk_top else "."))
    say.append(f"With {SUIT_SYMBOL[suit]} {SUIT_NAME[suit]} as trumps {chances(best)}.")
    if len(ranked) > 1:
        second = ranked[1]
        s2 = second.action.suit
        say.append(f"With {SUIT_SYMBOL[s2]} {SUIT_NAME[s2]}, the next best, {chances(second)}.")
    shown = [(c.action, f"{SUIT_SYMBOL[c.action.suit]} {SUIT_NAME[c.action.suit]}",
              chances(c)) for c in ranked[:3]]
    return f"Name {SUIT_SYMBOL[suit]} {SUIT_NAME[suit]} as trumps.", say, shown


def discard_words(state, seat, steps, table, picks=()):
    """Which cards to discard (55-DISCARD), chosen one after another by the search."""
    cards = [a.card for a in picks]
    kept = [c for c in state.hands[seat] if c not in cards]
    last = steps[-1]
    f = last.facts
    made, tricks = _given(f, "made ours"), _given(f, "tricks ours")
    suits = sorted(((v / f["ours"], k.split()[1]) for k, v in f.items()
                    if k.startswith("trump ") and k != "trump None" and f.get("ours")),
                   reverse=True)
    say = [f"Keep {cards_words(kept)}"
           + (f", for {SUIT_SYMBOL[suits[0][1]]} {SUIT_NAME[suits[0][1]]} as trumps"
              if suits else "") + ": the cards you discard are out of play (55-DISCARD)."]
    if made is not None and tricks is not None:
        say.append(f"Played out so, you take about {tricks:.1f} tricks and make the bid in "
                   f"{percent(made)} of the deals.")
    return f"Discard {cards_words(cards)}.", say, []


register_choices(SPEC.name, "trump", trump_words, "Hint: which suit for trumps?")
register_choices(SPEC.name, "discard", discard_words, "Hint: what would you discard?",
                 repeated=True)
