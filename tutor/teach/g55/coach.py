"""The coach's words for 55: why the best card, from the position (55-RENEGE, the bonus...)."""

from __future__ import annotations

from ...engine.cards import SUIT_NAME, SUIT_SINGULAR, SUIT_SYMBOL
from ...games.g55 import SPEC
from ...games.g55.play import top_three
from ..coach import percent, register_calls, register_choices, register_reasons
from ..guided import cards_words


def _played(state) -> set:
    return {c for _, cs, _ in state.tricks for c in cs} | set(state.trick)


def _beats(state, card) -> bool:
    return state.rk.winner_index(state.trick + [card]) == len(state.trick)


def reasons(state, seat, best, ranked, table) -> list[str]:
    rk, trick, hand = state.rk, state.trick, state.hands[seat]
    card = best.action.card
    legal = [c.action.card for c in ranked]
    played = _played(state)
    out_trumps = [c for c in rk.trump_order if c not in played and c not in hand]
    trump_name = SUIT_NAME[rk.trump_suit]
    say = []
    if not trick:
        if rk.is_trump[card.index]:
            if not out_trumps or rk.trump_rank[card.index] < rk.trump_rank[out_trumps[0].index]:
                others = [c for c in hand if c != card and not rk.is_trump[c.index]]
                keep = f", and drawing them protects your {cards_words(others)}" if others else ""
                say.append(f"Lead trumps: the {card.unicode} is the best trump left, so it wins "
                           f"the trick, and the others must answer with a trump if they hold "
                           f"one (55-TRUMP-LEAD){keep}.")
            else:
                say.append(f"Lead the {card.unicode}, a trump: the others must answer with "
                           "trumps (55-TRUMP-LEAD), which draws out the trumps that could beat "
                           "your other cards.")
        else:
            order = rk.plain_orders[card.suit]
            better = [c for c in order[:order.index(card)] if c not in played and c not in hand]
            if not better:
                say.append(f"Lead the {card.unicode}: it is the best {SUIT_SINGULAR[card.suit]} "
                           "left, so it wins unless someone trumps it (55-RANK-PLAIN).")
            else:
                say.append(f"Lead the {card.unicode}: it is your least useful card, and your "
                           "better cards wait for tricks they can win.")
        return say + _versus(best, ranked)
    w = rk.winner_index(trick)
    w_seat, w_card = (state.leader + w) % state.n, trick[w]
    partner = table.relation(w_seat) == "partner"
    winners = [c for c in legal if _beats(state, c)]
    last = len(trick) == state.n - 1
    led = trick[0]
    if rk.is_trump[led.index]:
        kept = [c for c in hand if c != card and rk.is_trump[c.index] and
                rk.trump_rank[c.index] < 3 and rk.trump_rank[c.index] < rk.trump_rank[led.index]]
        if kept and card not in top_three(rk.trump_suit):
            say.append(f"Keep the {cards_words(kept)} back: the led trump, the "
                       f"{led.unicode}, is lower, so you may renege (55-RENEGE), and "
                       f"{'it' if len(kept) == 1 else 'they'} will take a later trick.")
    if partner and not _beats(state, card):
        say.append(f"{table.who(w_seat, True)} is winning with the {w_card.unicode}: let that "
                   f"card win, and play your least useful card, the {card.unicode}.")
    elif _beats(state, card):
        text = (f"You play last, so the {card.unicode} takes the trick" if last else
                f"The {card.unicode} beats the {w_card.unicode}, the best card so far")
        dearer = [c for c in winners if c != card and
                  rk.power(c, rk.effective_suit(led)) > rk.power(card, rk.effective_suit(led))]
        if dearer:
            text += (f"; it is the cheapest card that wins, so you keep the "
                     f"{cards_words(dearer)}")
        if rk.is_trump[card.index] and all(rk.trump_rank[c.index] > rk.trump_rank[card.index]
                                           for c in out_trumps):
            text += (", and as the best trump still out it earns the 5 points for the best "
                     "trump played (55-SCORE-BONUS)")
        say.append(text + ".")
    elif winners:
        say.append(f"You could win this trick with the {cards_words(winners)}, but "
                   f"{'it is' if len(winners) == 1 else 'they are'} worth more in a later "
                   f"trick: the {card.unicode} costs you less.")
    else:
        if not rk.is_trump[led.index] and card.suit != led.suit and \
                not rk.is_trump[card.index]:
            say.append(f"You hold no {SUIT_SINGULAR[led.suit]} and cannot win this trick, so "
                       f"any card may go (55-VOID): throw your least useful, the "
                       f"{card.unicode}.")
        else:
            say.append(f"You cannot win this trick: play your least useful card, the "
                       f"{card.unicode}.")
    if not say:  # pragma: no cover - every branch above says something
        say.append(f"With {trump_name} as trumps, the {card.unicode} comes out best.")
    return say + _versus(best, ranked)


def _versus(best, ranked) -> list[str]:
    second = ranked[1]
    diff = best.value - second.value
    if diff < 0.05:
        return [f"The {second.action.card.unicode} would do about as well."]
    return [f"Played out, it comes out about {diff:.1f} points ahead of the "
            f"{second.action.card.unicode}, the next best (your points, and a little for "
            "keeping the others' down)."]


def facts(f: dict, deals: int, table) -> str:
    parts = []
    if "trick" in f:
        parts.append(f"wins this trick in {percent(f['trick'])} of the deals")
    if "points" in f:
        parts.append(f"{'your side takes' if table.sides else 'you take'} "
                     f"{f['points']:.1f} hand points on average")
    if "made" in f:
        whose = "your bid" if f.get("ours") else "the bid"
        parts.append(f"{whose} is made in {percent(f['made'])}")
    return "; ".join(parts) or "the hand ends here"


register_reasons(SPEC.name, reasons, facts, noise=0.5)


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

    say = [f"With {SUIT_SYMBOL[suit]} {SUIT_NAME[suit]} as trumps {chances(best)}."]
    if rk_top:
        say.append(f"Your top trumps would be {', '.join(rk_top)} (the 5, the jack and the "
                   "A♥ rank first, 55-TOP3).")
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
