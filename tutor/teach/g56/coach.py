"""The coach's words for 56: give points to a winning partner, take a rich trick, keep a trump
for a better one."""

from __future__ import annotations

from ...engine.messages import N_, Msg, many, msg, nmsg, num, pmsg, render
from ...games.coach import Z, difference
from ...games.g56 import SPEC, card_points
from ...games.g56.coach import PLAIN_CALLS
from ...games.g56.conventions import explain_auction
from ...games.g56.tables import RANK_ORDER
from ..coach import percent, rank_above

# one card of a suit, as a noun ("you hold no heart", "your lowest heart")
_ONE_OF = {"S": pmsg("suit, singular", "spade"), "H": pmsg("suit, singular", "heart"),
           "D": pmsg("suit, singular", "diamond"), "C": pmsg("suit, singular", "club")}


def _say_identical(fact, card, state, seat, table):
    return (render(msg("a {card} is already in the trick, and of two identical cards the one "
                       "played first ranks higher ({rule})", card=card.unicode, rule=fact.rule)),
            render(msg("Its twin, the other {card}, was played first, so this one cannot beat "
                       "it ({rule}).", card=card.unicode, rule=fact.rule)))


def _say_void(fact, card, state, seat, table):
    led = fact.cards[0]
    return ("", render(msg("You hold no {suit}: any card may go, and there is no duty to trump "
                           "({rule}).", suit=_ONE_OF[led.suit], rule=fact.rule)))


def _say_partner(fact, card, state, seat, table):
    spot = (render(msg("give points to your partner's trick (56-POINTS)"))
            if card_points([card]) else "")
    return (spot, render(msg("{who} is winning with the {card}.",
                             who=table.who(fact.number, True), card=fact.cards[0].unicode)))


def _say_lowest(fact, card, state, seat, table):
    ranks = " ".join(r for r in RANK_ORDER if any(c.rank == r for c in state.game.deck))
    return "", render(msg("It is your lowest {suit}: {above} (56-RANK: {ranks}).",
                          suit=_ONE_OF[card.suit], above=rank_above(fact.cards), ranks=ranks))


WORDS = {"identical": _say_identical, "void": _say_void, "partner_winning": _say_partner,
         "lowest_in_suit": _say_lowest}
SPOTS = ("identical", "cheapest_winner", "partner_winning", "best_left", "none_wins")


def facts(f: dict, deals: int, table) -> str:
    parts = []
    if "trick" in f:
        parts.append(msg("your team wins this trick in {percent} of the deals",
                         percent=percent(f["trick"])))
    if "points" in f:
        parts.append(msg("your team takes {points} card points on average",
                         points=num(f["points"], 1)))
    if "made" in f:
        if f.get("ours"):
            parts.append(msg("your team's contract is made in {percent}",
                             percent=percent(f["made"])))
        else:
            parts.append(msg("the bidders' contract fails in {percent}",
                             percent=percent(1 - f["made"])))
    return render(many(parts, "clauses")) or render(msg("the hand ends here"))


UNIT = (N_("tables"), N_("tables (a card point counts a fiftieth of a table)"))


# -- the auction ------------------------------------------------------------------------------


def _meaning(state, seat, call: str):
    a = state.auction.copy()
    a.call(call, seat)
    return explain_auction(a)[-1]


def _label(state, seat, call: str) -> Msg:
    """A call as the comparison's lines name it: "Pass", "Bid Thirty Spades"."""
    if call in PLAIN_CALLS:
        return {"pass": msg("Pass"), "double": msg("Double"), "redouble": msg("Redouble")}[call]
    return msg("Bid {bid}", bid=_meaning(state, seat, call).spoken)


def _headline(state, seat, call: str) -> Msg:
    """The advice's headline: "Pass.", "Bid Thirty Spades."."""
    if call in PLAIN_CALLS:
        return {"pass": msg("Pass."), "double": msg("Double."),
                "redouble": msg("Redouble.")}[call]
    return msg("Bid {bid}.", bid=_meaning(state, seat, call).spoken)


def _would(state, seat, call: str) -> Msg:
    """What a hand "would" do, after the verb: "pass", "bid thirty spades" (a verb: the same
    English is a noun in a list of calls)."""
    if call in PLAIN_CALLS:
        return {"pass": pmsg("a call as a verb: this hand would ... here", "pass"),
                "double": pmsg("a call as a verb: this hand would ... here", "double"),
                "redouble": pmsg("a call as a verb: this hand would ... here", "redouble")}[call]
    return pmsg("a call as a verb: this hand would ... here", "bid {bid}",
                bid=_meaning(state, seat, call).spoken)


# a double or a redouble as a noun, the subject of a sentence ("the double comes out better")
_THE_CALL = {"double": pmsg("a call as a noun, the subject of a sentence", "the double"),
             "redouble": pmsg("a call as a noun, the subject of a sentence", "the redouble")}


def _doing(call: str, state, seat) -> Msg:
    """A call as the subject of a sentence: "passing", "doubling", "bidding Thirty Spades"."""
    if call in PLAIN_CALLS:
        return {"pass": msg("passing"), "double": msg("doubling"),
                "redouble": msg("redoubling")}[call]
    return msg("bidding {bid}", bid=_meaning(state, seat, call).spoken)


def _versus(a, b, better: bool = False) -> tuple[bool, Msg]:
    """``a`` against ``b`` from the numbers the table shows (each call's value: tables, a card
    point a fiftieth of one), with their uncertainty over the same deals: (inside the noise,
    the words); ``better``: "better" or "worse" rather than "ahead" or "behind"."""
    d, se = difference(a, b)
    noise = SPEC.hook("coach").noise
    margin = num(Z * se, 2)
    if abs(d) <= max(noise, Z * se):
        return True, msg("about the same: the difference, {diff} tables (give or take "
                         "{margin}), is inside the noise", diff=num(d, 2, sign=True), margin=margin)
    size = num(abs(d), 2)
    if better:
        return False, (msg("{diff} tables better (give or take {margin})", diff=size,
                           margin=margin) if d > 0 else
                       msg("{diff} tables worse (give or take {margin})", diff=size,
                           margin=margin))
    return False, (msg("{diff} tables ahead (give or take {margin})", diff=size, margin=margin)
                   if d > 0 else
                   msg("{diff} tables behind (give or take {margin})", diff=size,
                       margin=margin))


def call_words(state, seat, ranked, table):
    best = ranked[0]
    call = str(best.action.call)
    conventional = str(SPEC.bot(state).call)
    partners = len(table.partners)
    headline = render(_headline(state, seat, call))
    say = []
    by_call = {str(c.action.call): c for c in ranked}
    doubles = [c for c in ranked if str(c.action.call) in ("double", "redouble")]
    passing = by_call.get("pass")
    if doubles and passing is not None and "made" in passing.facts:
        # the rule of the spot: what a double or redouble does (first when it is the advice)
        d = doubles[0]
        fails = percent(1 - passing.facts["made"])
        what = str(d.action.call)
        same, cmp = _versus(d, passing)
        verdict = (msg("it comes out {comparison} against a pass", comparison=cmp) if same else
                   msg("it is worth it: {comparison} against a pass", comparison=cmp)
                   if d.value > passing.value else
                   msg("it is not worth it here: {comparison} against a pass", comparison=cmp))
        text = render(
            msg("Double (56-DOUBLE): the contract fails in {percent} of the deals, and a double "
                "multiplies the tables that move either way (56-MULT); {verdict}.",
                percent=fails, verdict=verdict) if what == "double" else
            msg("Redouble (56-REDOUBLE): the contract fails in {percent} of the deals, and a "
                "redouble multiplies the tables that move either way (56-MULT); {verdict}.",
                percent=fails, verdict=verdict))
        if call == what:
            say.append(text)
            say.append(render(
                msg("By the conventions (56-CONV) this hand would {call} here too.",
                    call=_would(state, seat, conventional)) if conventional == call else
                msg("By the conventions (56-CONV) this hand would {call} here; played out, "
                    "{advice} comes out better.", call=_would(state, seat, conventional),
                    advice=_THE_CALL[call])))
            doubles_said = True
        else:
            doubles_said = False
    else:
        text, doubles_said = "", False
    if call not in PLAIN_CALLS:
        m = _meaning(state, seat, call)
        say.append(render(nmsg("{bid} by the conventions (56-CONV): to your partner it {tells}.",
                               "{bid} by the conventions (56-CONV): to your partners it {tells}.",
                               partners, bid=m.spoken, tells=m.what)))
    if conventional in PLAIN_CALLS and call not in PLAIN_CALLS:
        say.append(render(msg("The conventions alone would pass with this hand, but played out "
                              "the bid comes out {comparison}.",
                              comparison=_versus(best, passing)[1])
                          if passing is not None else
                          msg("The conventions alone would pass here.")))
    elif conventional in PLAIN_CALLS and call not in ("double", "redouble"):
        say.append(render(nmsg("By the conventions (56-CONV) this hand has no bid to make: no "
                               "bid would tell your partner something true of it and be likely "
                               "to be made.",
                               "By the conventions (56-CONV) this hand has no bid to make: no "
                               "bid would tell your partners something true of it and be likely "
                               "to be made.", partners)))
    elif conventional != call and conventional not in PLAIN_CALLS:
        m = _meaning(state, seat, conventional)
        c = by_call.get(conventional)
        say.append(render(nmsg("By the conventions (56-CONV) this hand could bid {bid} (to your "
                               "partner it {tells}), but played out, {doing} comes out "
                               "{comparison}.",
                               "By the conventions (56-CONV) this hand could bid {bid} (to your "
                               "partners it {tells}), but played out, {doing} comes out "
                               "{comparison}.", partners, bid=m.spoken,
                               tells=m.what,
                               doing=_doing(call, state, seat),
                               comparison=_versus(best, c)[1] if c is not None else
                               msg("ahead"))))
    f = best.facts
    if call not in PLAIN_CALLS:
        ours = f.get("ours", 0.0)
        made = f["made ours"] / ours if ours and "made ours" in f else None
        say.append(render(
            msg("Played out, your team wins the contract in {percent} of the deals.",
                percent=percent(ours)) if made is None else
            msg("Played out, your team wins the contract in {percent} of the deals and makes "
                "it in {made} of those (56-MADE).", percent=percent(ours),
                made=percent(made))))
    elif call == "pass" and conventional in PLAIN_CALLS:
        bid = next((c for c in ranked if str(c.action.call) not in PLAIN_CALLS), None)
        if bid is not None:
            same, cmp = _versus(bid, best, better=True)
            spoken = _meaning(state, seat, str(bid.action.call)).spoken
            say.append(render(
                msg("Bidding {bid} comes out {comparison}, so the conventions' pass it is.",
                    bid=spoken, comparison=cmp) if same else
                msg("Bidding {bid} comes out {comparison} over the deals.", bid=spoken,
                    comparison=cmp)))
    if text and not doubles_said:
        say.append(text)
    shown = []
    for c in ranked[:3]:
        g = c.facts
        parts = [msg("comes out {value} tables", value=num(c.value, 2, sign=True))]
        ours = g.get("ours", 0.0)
        if str(c.action.call) not in PLAIN_CALLS or ours:
            parts.append(msg("your team wins the contract in {percent} of the deals",
                             percent=percent(ours)))
            if ours and "made ours" in g:
                parts.append(msg("made in {percent} of those",
                                 percent=percent(g["made ours"] / ours)))
        elif "made" in g:
            parts.append(msg("the other team's contract is made in {percent}",
                             percent=percent(g["made"])))
        parts.append(msg("your team's tables {tables} and card points {points} on average",
                         tables=num(g.get("tables", 0), 2, sign=True),
                         points=num(g.get("points", 0), 1)))
        shown.append((c.action, render(_label(state, seat, str(c.action.call))),
                      render(many(parts, "clauses"))))
    return headline, say, shown


