"""The coach's words for 55: why the best card, from the position (55-RENEGE, the bonus...)."""

from __future__ import annotations

from ...engine.cards import SUIT_SYMBOL, SUIT_WORD_SINGULAR, SUIT_WORDS
from ...engine.messages import N_, many, msg, nmsg, num, render
from ...games.g55.play import top_three, trump_order
from ..coach import (
    percent,
)
from ..interface import Choice


def _cards(cards):
    """``9♦``, ``9♦ and 7♦``, ``9♦, 8♦ and 7♦`` (a list, said as the language says it)."""
    return many(dict.fromkeys(c.unicode for c in cards))


def _ranks(rk, suit) -> str:
    """The low end of a plain suit's order, from the table (55-RANK-PLAIN): ``5 4 3 2``."""
    return " ".join(c.rank for c in rk.plain_orders[suit][-4:])


def _say_lowest(fact, card, state, seat, table):
    rk = state.rk
    if rk.is_trump[card.index]:
        return "", render(nmsg("It is your lowest trump: the {cards} ranks above it ({rule}).",
                               "It is your lowest trump: the {cards} rank above it ({rule}).",
                               len(fact.cards), cards=_cards(fact.cards), rule=fact.rule))
    return "", render(nmsg(
        "It is your lowest {suit}: the {cards} ranks above it, for {suits} run down to "
        "{ranks}, the {lowest} lowest ({rule}).",
        "It is your lowest {suit}: the {cards} rank above it, for {suits} run down to "
        "{ranks}, the {lowest} lowest ({rule}).",
        len(fact.cards), suit=SUIT_WORD_SINGULAR[card.suit], cards=_cards(fact.cards),
        suits=SUIT_WORDS[card.suit], ranks=_ranks(rk, card.suit),
        lowest=rk.plain_orders[card.suit][-1].unicode, rule=fact.rule))


def _say_bottom(fact, card, state, seat, table):
    rk = state.rk
    if rk.is_trump[card.index]:
        return "", render(msg("It is the lowest trump ({rule}).", rule=fact.rule))
    return "", render(msg("It is the lowest {suit} of all: {suits} run down to {ranks}, the "
                          "{lowest} lowest ({rule}).", suit=SUIT_WORD_SINGULAR[card.suit],
                          suits=SUIT_WORDS[card.suit], ranks=_ranks(rk, card.suit),
                          lowest=rk.plain_orders[card.suit][-1].unicode, rule=fact.rule))


def _say_renege(fact, card, state, seat, table):
    *kept, led = fact.cards
    names = _cards(kept)
    return (render(msg("you may renege and keep the {cards} back ({rule})", cards=names,
                       rule=fact.rule)),
            render(nmsg("The {led} led ranks below your {cards}, so you need not play it "
                        "(55-RENEGE): kept back, it can take a later trick.",
                        "The {led} led ranks below your {cards}, so you need not play them "
                        "(55-RENEGE): kept back, they can take a later trick.",
                        len(kept), led=led.unicode, cards=names)))


def _say_not_exempt(fact, card, state, seat, table):
    led = fact.cards[0]
    return (render(msg("the {led} led ranks above it, so the {card} is not exempt now and must "
                       "be played ({rule})", led=led.unicode, card=card.unicode,
                       rule=fact.rule)),
            render(msg("A top trump may renege only against a lower trump led; the {led} ranks "
                       "above the {card}, so it is not exempt now ({rule}).", led=led.unicode,
                       card=card.unicode, rule=fact.rule)))


def _say_must(fact, card, state, seat, table):
    return (render(msg("a trump was led and you must answer with a trump ({rule})",
                       rule=fact.rule)),
            render(msg("A trump was led: you must play a trump ({rule}).", rule=fact.rule)))


def _say_ah(fact, card, state, seat, table):
    return (render(msg("the A♥ is always a trump, whatever suit is trumps ({rule})",
                       rule=fact.rule)),
            render(msg("The A♥ is a trump, never a plain heart: it ranks third among the "
                       "trumps ({rule}).", rule=fact.rule)))


def _say_partner(fact, card, state, seat, table):
    return (render(msg("let your partner's card win")),
            render(msg("{player} is winning with the {card}.",
                       player=table.who(fact.number, True), card=fact.cards[0].unicode)))


WORDS = {"lowest_in_suit": _say_lowest, "lowest_of_suit": _say_bottom,
         "renege_free": _say_renege, "not_exempt": _say_not_exempt, "must_trump": _say_must,
         "ah_trump": _say_ah, "partner_winning": _say_partner}
SPOTS = ("not_exempt", "renege_free", "ah_trump", "must_trump", "cheapest_winner",
         "partner_winning", "best_left", "none_wins")


def facts(f: dict, deals: int, table) -> str:
    """What the search found of one card, each fact a clause: ``wins this trick in 40% of the
    deals; you take 12.5 hand points on average``."""
    parts = []
    if "trick" in f:
        parts.append(msg("wins this trick in {percent} of the deals", percent=percent(f["trick"])))
    if "points" in f:
        points = num(f["points"], 1)
        parts.append(msg("your side takes {points} hand points on average", points=points)
                     if table.sides else
                     msg("you take {points} hand points on average", points=points))
    if "made" in f:
        if f.get("ours"):
            parts.append(msg("your bid is made in {percent}", percent=percent(f["made"])))
        else:
            parts.append(msg("the bidder fails in {percent}", percent=percent(1 - f["made"])))
    return render(many(parts, "clauses")) or render(msg("the hand ends here"))


UNIT = (N_("points"), N_("points (your score, less a quarter of the others')"))


# -- the auction ------------------------------------------------------------------------------
def call_label(call: str) -> str:
    if call == "pass":
        return render(msg("Pass"))
    if call == "hold":
        return render(msg("Hold"))
    return render(msg("Bid {call}", call=call))


def _given(f: dict, name: str) -> float | None:
    """A fact over the deals where the learner's side won the auction (None: it never did)."""
    ours = f.get("ours", 0.0)
    return f[name] / ours if ours and name in f else None


def _score(table, f: dict):
    """``you score +3.5 on average`` (``your side score``...: a side of 55-TEAMS)."""
    score = num(f.get("score", 0), 1, sign=True)
    return msg("your side score {score} on average", score=score) if table.sides else \
        msg("you score {score} on average", score=score)


def _wins_auction(call: str, won: float, made: float | None, higher, higher_made):
    """"Bid 25 wins the auction in 40% of the deals and is made in 55% of those; 30 would be
    made in only 20%, and a failed bid costs its value (55-SCORE-BID)." (``higher``: a higher
    bid that does worse, or None; ``made``: None where it never won)."""
    p = dict(call=call, won=percent(won), made=None if made is None else percent(made),
             higher=higher, higher_made=None if higher_made is None else percent(higher_made))
    if call == "hold":
        if higher is None:
            if made is None:
                return msg("Holding wins the auction in {won} of the deals.", **p)
            return msg("Holding wins the auction in {won} of the deals and is made in {made} "
                       "of those.", **p)
        if made is None:
            return msg("Holding wins the auction in {won} of the deals; {higher} would be made "
                       "in only {higher_made}, and a failed bid costs its value "
                       "(55-SCORE-BID).", **p)
        return msg("Holding wins the auction in {won} of the deals and is made in {made} of "
                   "those; {higher} would be made in only {higher_made}, and a failed bid "
                   "costs its value (55-SCORE-BID).", **p)
    if higher is None:
        if made is None:
            return msg("Bid {call} wins the auction in {won} of the deals.", **p)
        return msg("Bid {call} wins the auction in {won} of the deals and is made in {made} "
                   "of those.", **p)
    if made is None:
        return msg("Bid {call} wins the auction in {won} of the deals; {higher} would be made "
                   "in only {higher_made}, and a failed bid costs its value (55-SCORE-BID).",
                   **p)
    return msg("Bid {call} wins the auction in {won} of the deals and is made in {made} of "
               "those; {higher} would be made in only {higher_made}, and a failed bid costs "
               "its value (55-SCORE-BID).", **p)


def call_words(state, seat, ranked, table):
    """Headline, reasons and the calls compared, for a 55 auction (ranked best first)."""
    best = ranked[0]
    call = best.action.call
    sides = bool(table.sides)
    a = state.auction
    if call == "pass":
        headline = msg("Pass.")
    elif call == "hold":
        headline = msg("Hold: take the bid at {bid} yourself, as the dealer may (55-BID-HOLD).",
                       bid=a.high)
    else:
        headline = msg("Bid {call}.", call=call)
    bidding = [c for c in ranked if c.facts.get("ours")]
    say = []
    if bidding:  # what the hand can expect as the bidder, from the deals where it was
        b = max(bidding, key=lambda c: c.facts["ours"])
        f = b.facts
        tricks, points = _given(f, "tricks ours"), _given(f, "points ours")
        suits = sorted(((v / f["ours"], k.split()[1]) for k, v in f.items()
                        if k.startswith("trump ") and k != "trump None"), reverse=True)
        p = dict(tricks=num(tricks, 1), points=num(points))
        if suits:
            say.append(msg("As the bidder, this hand takes about {tricks} tricks, about "
                           "{points} points with the best-trump bonus, best with {symbol} "
                           "{suit} as trumps (the suit named after the kitty in {percent} of "
                           "those deals) (55-SCORE-TRICK, 55-SCORE-BONUS).",
                           symbol=SUIT_SYMBOL[suits[0][1]], suit=SUIT_WORDS[suits[0][1]],
                           percent=percent(suits[0][0]), **p))
        else:
            say.append(msg("As the bidder, this hand takes about {tricks} tricks, about "
                           "{points} points with the best-trump bonus (55-SCORE-TRICK, "
                           "55-SCORE-BONUS).", **p))
    expect, say = say, []  # said after the rule of the spot: the call's own sentence first
    made = {c.action.call: _given(c.facts, "made ours") for c in ranked}
    bids = [c for c in ranked if c.action.call not in ("pass", "hold")]
    if call in ("pass",):
        top = next((c for c in bids if c.action.call != "60"), None)
        if top is not None and made[top.action.call] is not None:
            say.append(msg("No bid pays here: {bid}, the best of them, is made in only "
                           "{percent} of the deals where it wins the auction, and a failed bid "
                           "costs its value (55-SCORE-BID).", bid=top.action.call,
                           percent=percent(made[top.action.call])))
        else:
            say.append(msg("No bid pays here: a failed bid costs its value (55-SCORE-BID)."))
    elif call == "60":
        p = percent(_given(best.facts, "all five") or 0)
        say.append(msg("Go for 60: your side take all five tricks in {percent} of the deals, "
                       "and a made 60 scores 60 (55-SCORE-SIXTY).", percent=p) if sides else
                   msg("Go for 60: you take all five tricks in {percent} of the deals, and a "
                       "made 60 scores 60 (55-SCORE-SIXTY).", percent=p))
    else:
        m = made.get(call)
        won = best.facts.get("ours", 0.0)
        higher = [c for c in bids if c.action.call not in ("60", call) and
                  int(c.action.call) > (int(call) if call.isdigit() else a.high or 0)]
        h = None
        if higher and made[higher[0].action.call] is not None:
            h = min(higher, key=lambda c: int(c.action.call)).action.call
        say.append(_wins_auction(call, won, m, h, None if h is None else made[h]))
    say[1:1] = expect
    sixty = next((c for c in ranked if c.action.call == "60"), None)
    if sixty is not None and call != "60":
        p = _given(sixty.facts, "all five") or 0.0
        if p < 0.5:
            say.append(msg("60 is a promise of all five tricks (55-BID-VALUES): your side take "
                           "them all in only {percent} of the deals, and a failed 60 costs 60 "
                           "(55-SCORE-SIXTY).", percent=percent(p)) if sides else
                       msg("60 is a promise of all five tricks (55-BID-VALUES): you take them "
                           "all in only {percent} of the deals, and a failed 60 costs 60 "
                           "(55-SCORE-SIXTY).", percent=percent(p)))
        else:
            say.append(msg("60 is worth a thought: your side take all five tricks in {percent} "
                           "of the deals (55-SCORE-SIXTY).", percent=percent(p)) if sides else
                       msg("60 is worth a thought: you take all five tricks in {percent} of "
                           "the deals (55-SCORE-SIXTY).", percent=percent(p)))
    shown = []
    for c in ranked[:3]:
        f = c.facts
        parts = []
        if c.action.call == "pass":
            parts.append(msg("another player wins the auction in {percent} of the deals",
                             percent=percent(1 - f.get("ours", 0))))
        else:
            parts.append(msg("wins the auction in {percent} of the deals",
                             percent=percent(f.get("ours", 0))))
            m = _given(f, "made ours")
            if m is not None:
                parts.append(msg("made in {percent} of those", percent=percent(m)))
        parts.append(_score(table, f))
        shown.append((c.action, call_label(c.action.call),
                      render(many(parts, "clauses"))))
    return render(headline), [render(x) for x in say], shown




# -- the trumps and the discards ----------------------------------------------------------------
def _suit(suit: str) -> str:
    """``♠ spades``."""
    return render(msg("{symbol} {suit}", symbol=SUIT_SYMBOL[suit], suit=SUIT_WORDS[suit]))


def trump_words(state, seat, ranked, table):
    """Which suit to name (55-TRUMP-NAME), from the deals played out with each."""
    best = ranked[0]
    suit = best.action.suit
    rk_top = [c.unicode for c in state.hands[seat] if c in top_three(suit)]

    def chances(c):
        f = c.facts
        tricks = _given(f, "tricks ours")
        made = _given(f, "made ours")
        if tricks is None or made is None:
            return _score(table, f)
        p = dict(tricks=num(tricks, 1), percent=percent(made))
        return msg("your side take about {tricks} tricks and make the bid in {percent} of the "
                   "deals", **p) if table.sides else \
            msg("you take about {tricks} tricks and make the bid in {percent} of the deals",
                **p)

    order = trump_order(suit)
    held = sorted((c for c in state.hands[seat] if c in order), key=order.index)
    say = []  # the rule of the spot first: the trumps the hand would hold, in their order
    if held:
        p = dict(suits=SUIT_WORDS[suit], count=len(held), cards=_cards(held))
        if rk_top:
            say.append(msg("As trumps, {suits} would give you {count}: {cards}, best first "
                           "(55-RANK-TRUMP); {top} among the top three, the 5, the jack and "
                           "the A♥ (55-TOP3).",
                           top=_cards([c for c in held if c.unicode in rk_top]), **p))
        else:
            say.append(msg("As trumps, {suits} would give you {count}: {cards}, best first "
                           "(55-RANK-TRUMP).", **p))
    say.append(msg("With {symbol} {suit} as trumps {chances}.", symbol=SUIT_SYMBOL[suit],
                   suit=SUIT_WORDS[suit], chances=chances(best)))
    if len(ranked) > 1:
        second = ranked[1]
        s2 = second.action.suit
        say.append(msg("With {symbol} {suit}, the next best, {chances}.",
                       symbol=SUIT_SYMBOL[s2], suit=SUIT_WORDS[s2], chances=chances(second)))
    shown = [(c.action, _suit(c.action.suit), render(chances(c))) for c in ranked[:3]]
    return (render(msg("Name {symbol} {suit} as trumps.", symbol=SUIT_SYMBOL[suit],
                       suit=SUIT_WORDS[suit])),
            [render(x) for x in say], shown)


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
    if suits:
        say = [msg("Keep {cards}, for {symbol} {suit} as trumps: the cards you discard are out "
                   "of play (55-DISCARD).", cards=_cards(kept), symbol=SUIT_SYMBOL[suits[0][1]],
                   suit=SUIT_WORDS[suits[0][1]])]
    else:
        say = [msg("Keep {cards}: the cards you discard are out of play (55-DISCARD).",
                   cards=_cards(kept))]
    if made is not None and tricks is not None:
        say.append(msg("Played out so, you take about {tricks} tricks and make the bid in "
                       "{percent} of the deals.", tricks=num(tricks, 1), percent=percent(made)))
    return render(msg("Discard {cards}.", cards=_cards(cards))), [render(x) for x in say], []


# the other phases' advice, the hint's question, and whether it is one action after another
CHOICES = {"trump": Choice(trump_words, N_("Hint: which suit for trumps?")),
           "discard": Choice(discard_words, N_("Hint: what would you discard?"), repeated=True)}
