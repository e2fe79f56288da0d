"""The cot house rule told as the engine settles it (issue #11 item 12): what a surrender, a
refusal and winning every trick pay, and who pays, in the guided hand of 56 (the prompts, the
settlement) and in the learner's reference (56-D-COT), checked against the engine's settlement
in every outcome."""

from __future__ import annotations

import re

from wording import said

from tutor.engine.state import Call
from tutor.games.g56.bot import choose
from tutor.games.g56.game import Game56
from tutor.games.g56.settle import settle
from tutor.teach.g56.guided import GuidedHand56
from tutor.teach.reference import entry

RULES = {"cot": True, "deck_4p": 32}  # 4 players, 8 cards each: a deal a test can stack
SETTINGS = Game56(4, RULES).settings
ALL_SPADES = ["JS JS 9S 9S AS AS 10S 10S", "JH JH 9H 9H AH AH 10H 10H",
              "JD JD 9D 9D AD AD 10D 10D", "JC JC 9C 9C AC AC 10C 10C"]
# the same, but seat 0 holds a heart and seat 1 a spade: seat 0 loses the heart trick
ONE_HEART = ["JS JS 9S 9S AS AS 10S 10H", "JH JH 9H 9H AH AH 10H 10S",
             "JD JD 9D 9D AD AD 10D 10D", "JC JC 9C 9C AC AC 10C 10C"]


def deal(rows):
    return [row.split() for row in rows]


def tables_words(k: int) -> str:
    """'2 tables', as the tutor says it."""
    return said.n("{n} table", "{n} tables", k)


def team(number: int, name: str, yours: bool) -> str:
    """'team 1 (Black, the opponents)'."""
    return said("team {team} ({name}, your team)" if yours else
                "team {team} ({name}, the opponents)", team=number, name=said(name))


def pays(payer: str, k: int, receiver: str) -> str:
    return said("{payer} pays {tables} to {receiver}", payer=payer, tables=tables_words(k),
                receiver=receiver)


RED, BLACK = team(0, "Red", True), team(1, "Black", False)  # the learner at seat 0: Red


def engine(bid: int, bidders: int, outcome: str, points: int = 40):
    """What the engine pays for a hand under cot: (payer team, tables moved)."""
    kw = {"accepted": dict(cot="accepted"), "all_tricks": dict(all_tricks=True, cot="refused"),
          "refused_lost": dict(all_tricks=False, cot="refused"),
          "played_on_all": dict(all_tricks=True, cot=None)}[outcome]
    st = settle((12, 12), bidders, bid, 1, points, SETTINGS, **kw)
    return st.payer, st.paid


def passive(opener: int | None = None):
    """Bots that pass (or, at ``opener``'s first call, bid 28 Spades), offer to surrender as
    defenders and refuse a surrender as bidders."""
    def bot(state):
        if state.phase == "auction":
            s = state.to_act
            if s == opener and not any(x == s for x, _ in state.auction.calls):
                return Call(s, "28S")
            return Call(s, "pass")
        if state.phase == "cot_offer":
            return Call(state.to_act, "surrender")
        return choose(state)
    return bot


def play_out(g: GuidedHand56) -> None:
    while not g.over:
        legal = g.legal_cards()
        spades = [c for c in legal if c.suit == "S"]
        g.play_card((spades or legal)[0])


def test_the_bidders_answer_is_told_with_the_engines_amounts():
    g = GuidedHand56(4, seed=1, rules=RULES, seat=0, bot=passive(), deal=deal(ALL_SPADES))
    g.call("28S")
    assert g.phase == "cot_answer" and g.cot_choices() == ["accept", "refuse"]
    text = g.summary()
    accepted = engine(28, 0, "accepted")
    all_tricks = engine(28, 0, "all_tricks")
    lost = engine(28, 0, "refused_lost")
    assert accepted == (1, 1) and all_tricks == (1, 2) and lost == (0, 4)
    # the whole prompt, with the engine's amounts (no other words, such as "counts double")
    assert text == said(
        "House rule (cot): the defenders offer to surrender. Accept: play stops and they pay "
        "your team {accepted}, as for a made contract. Refuse: play goes on; if your team then "
        "wins every trick, the opponents pay twice, {all_tricks}; if you lose a trick, your "
        "team pays twice the failed amount, {refused_lost}, whatever your card points.",
        accepted=tables_words(accepted[1]), all_tricks=tables_words(all_tricks[1]),
        refused_lost=tables_words(lost[1]))


def test_refused_and_every_trick_won_the_defenders_pay_twice():
    g = GuidedHand56(4, seed=1, rules=RULES, seat=0, bot=passive(), deal=deal(ALL_SPADES))
    g.call("28S")
    promised = g.cot_terms()["all_tricks"]
    g.answer_cot("refuse")
    play_out(g)
    st = g.state.last_settlement
    b = g.settlement_breakdown()
    assert b["all_tricks"] and st.made and st.payer == 1 and st.paid == promised == 2
    assert (st.payer, st.paid) == engine(28, 0, "all_tricks", 56)
    assert b["payer"] == "Black" and b["receiver"] == "Red" and b["you_won"]
    # the cot's line, and no other after the tiers' (such as "counts double")
    assert b["lines"][2:] == [said("House rule cot: the bidders won every trick, so the "
                                   "defenders pay twice the tables for a made contract: "
                                   "2 × {made} = {total}.", made=1, total=2)]
    assert pays(BLACK, 2, RED) in b["sentence"]


def test_refused_and_a_trick_lost_the_bidders_pay_twice_whatever_their_points():
    g = GuidedHand56(4, seed=1, rules=RULES, seat=0, bot=passive(), deal=deal(ONE_HEART))
    g.call("28S")
    promised = g.cot_terms()["refused_lost"]
    g.answer_cot("refuse")
    play_out(g)
    st = g.state.last_settlement
    b = g.settlement_breakdown()
    assert b["points"][0] >= 28 and not b["all_tricks"]  # enough points, but a trick lost
    assert not st.made and st.payer == 0 and st.paid == promised == 4
    assert (st.payer, st.paid) == engine(28, 0, "refused_lost", b["points"][0])
    assert said("House rule cot: the surrender was refused and the bidders lost a trick, so "
                "they pay twice the tables for a failed contract, whatever their card points: "
                "2 × {failed} = {total}.", failed=2, total=4) in b["lines"]
    assert pays(RED, 4, BLACK) in b["sentence"]
    assert said("the bidders refused the surrender and then lost a trick (they took {points} of "
                "the {total} card points), so the contract failed, whatever their points",
                points=b["points"][0], total=sum(b["points"])) in b["sentence"]


def test_a_surrender_accepted_pays_the_made_amount():
    g = GuidedHand56(4, seed=1, rules=RULES, seat=0, bot=passive(), deal=deal(ONE_HEART))
    g.call("28S")
    promised = g.cot_terms()["accepted"]
    g.answer_cot("accept")
    st = g.state.last_settlement
    assert g.over and (st.payer, st.paid) == engine(28, 0, "accepted") == (1, promised)
    assert said.n("House rule cot: the surrender was accepted, so the defenders paid the amount "
                  "for a made contract, {n} table.", "House rule cot: the surrender was "
                  "accepted, so the defenders paid the amount for a made contract, {n} tables.",
                  1) in g.settlement_breakdown()["lines"]


def test_the_defenders_offer_is_told_with_the_engines_amounts_and_kept():
    # the learner at seat 1 defends: seat 0 bids 28 Spades holding every spade
    g = GuidedHand56(4, seed=1, rules=RULES, seat=1, bot=passive(opener=0),
                     deal=deal(ALL_SPADES))
    while g.phase == "auction":
        g.call("pass")
    assert g.phase == "cot_offer" and g.cot_choices() == ["play_on", "surrender"]
    text = g.summary()
    accepted, all_tricks = engine(28, 0, "accepted"), engine(28, 0, "all_tricks")
    lost = engine(28, 0, "refused_lost")
    terms = g.cot_terms()  # made and failed: played on, the usual amounts
    assert text == said(
        "House rule (cot): your team defends. Offer to surrender, or play on? If you offer and "
        "the bidders accept, play stops and your team pays {accepted}, as for a made contract; "
        "if they refuse, play goes on and your team pays twice, {all_tricks}, if they win every "
        "trick, while they pay your team twice, {refused_lost}, if they lose even one. If you "
        "play on, the hand is settled as usual (made: your team pays {made}; failed: they pay "
        "{failed}), but your team pays twice, {all_tricks}, if they win every trick.",
        accepted=tables_words(accepted[1]), all_tricks=tables_words(all_tricks[1]),
        refused_lost=tables_words(lost[1]), made=tables_words(terms["made"]),
        failed=tables_words(terms["failed"]))
    g.answer_cot("surrender")  # the bot bidder refuses
    assert g.state.cot == "refused"
    while not g.over:
        g.play_card(g.legal_cards()[0])
    st = g.state.last_settlement
    assert (st.payer, st.paid) == all_tricks and g.team == 1  # the learner's team paid 2
    assert not g.settlement_breakdown()["you_won"]


def test_the_reference_says_who_pays_what_as_the_engine_does():
    """The reference's English text (the catalog's source, which translators follow) read for
    what it claims: who pays whom, and how many tables."""
    e = entry("56-D-COT")
    text = " ".join(e.text.split())
    assert "a team that wins every trick receives twice the tables" not in text  # English golden
    assert "if the bidding team wins every trick, the defenders pay it twice the tables" \
        in text  # English golden
    # the example: 30 Spades, undoubled, the surrender refused
    m = re.search(r"winning every trick brings (\d+) tables, while losing even one trick "
                  r"costs (\d+)", " ".join(e.example.split()))  # English golden
    assert m, e.example
    assert int(m.group(1)) == engine(30, 0, "all_tricks")[1]
    assert int(m.group(2)) == engine(30, 0, "refused_lost")[1]
