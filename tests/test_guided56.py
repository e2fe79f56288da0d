"""Guided hands of 56 (tutor.teach.g56.guided): whole hands for 4, 6 and 8 players with the learner
at a seat drawn from the seed (numbered from the dealer, seat n-1), bot partners and opponents;
the meaning of every call, the tricks, the settlement."""

from __future__ import annotations

import random
import re

import pytest
from wording import said

from tutor.engine.cards import Card
from tutor.engine.errors import IllegalAction, InputError
from tutor.engine.messages import capfirst, many, render, sentences
from tutor.engine.state import Call, Play
from tutor.games.g56.auction import parse_call
from tutor.games.g56.bot import choose
from tutor.games.g56.conventions import explain_auction
from tutor.games.g56.tables import deck_facts
from tutor.teach.g56.guided import BID_STYLES, COT_OFFER_WORDS, GuidedHand56, new_seed
from tutor.teach.seats import WHO, table_for


# -- what the guided hand says, by the messages' ids ---------------------------------------------
def tables_words(k: int) -> str:
    return said.n("{n} table", "{n} tables", k)


def partners_words(g: GuidedHand56) -> str:
    """'your partners (seats 0 and 2)'."""
    p = g.partners
    return said.n("your partner ({seats})", "your partners ({seats})", len(p),
                  seats=said.n("seat {seats}", "seats {seats}", len(p),
                               seats=many([str(x) for x in p])))


def team_words(g: GuidedHand56, team: int) -> str:
    """'team 0 (Red, your team)': a hand's team (Red is team 0 in a guided hand)."""
    return said("team {team} ({name}, your team)" if team == g.team else
                "team {team} ({name}, the opponents)", team=team,
                name=said(("Red", "Black")[(team + g.first) % 2]))


def trick_line(g: GuidedHand56, t: dict) -> str:
    """A finished trick's line: who won with what and why, whose twin card lost, the card
    points it held and each team's so far."""
    p = dict(number=t["number"], player=g.who(t["winner"]), card=t["card"].unicode,
             reason=t["text"])
    won = said("Trick {number}: {player} win with {card}, {reason}." if t["winner"] == g.seat
               else "Trick {number}: {player} wins with {card}, {reason}.", **p)
    mine, theirs = t["running"][g.team], t["running"][1 - g.team]
    held = said.n("It held {n} card point; your team has {mine}, the opponents {theirs}.",
                  "It held {n} card points; your team has {mine}, the opponents {theirs}.",
                  t["points"], mine=mine, theirs=theirs)
    return capfirst(said.within(lambda: sentences(won, t["twin"], held)))


def result_words(g: GuidedHand56, b: dict) -> str:
    """How the settlement's sentence says the contract went: made or failed (or the cot's
    surrender and every trick won)."""
    c = b["contract"]
    p = dict(points=b["points"][c["team"]], total=sum(b["points"]), bid=c["bid"])
    if b["cot"] == "accepted":
        return said("the defenders offered to surrender and the bidders accepted, so play "
                    "stopped and the contract counts as made")
    if g.game.settings.cot and b["all_tricks"]:
        return said("the bidders won every trick ({points} card points), so the contract was "
                    "made, for twice the tables (house rule cot)", **p)
    if b["cot"] == "refused":
        return said("the bidders refused the surrender and then lost a trick (they took "
                    "{points} of the {total} card points), so the contract failed, whatever "
                    "their points", **p)
    return said("the bidders took {points} of the {total} card points (they needed {bid}), so "
                "the contract was made" if b["made"] else
                "the bidders took {points} of the {total} card points (they needed {bid}), so "
                "the contract failed", **p)


YOUR_CARDS, _ = said.around("Your cards: {cards}.", "cards")  # the learner's hand, dealt


def random_learner(g: GuidedHand56, rng: random.Random, bid_rate: float = 0.3) -> None:
    """Play the hand out with random legal choices from the offered set: a plain call or a
    bid built from a random level and style, a cot answer, a legal card."""
    steps = 0
    while not g.over:
        steps += 1
        assert steps < 300
        assert g.learner_to_act, g.summary()
        if g.phase == "auction":
            plain, levels = g.plain_calls(), g.bid_levels()
            assert plain or levels
            if levels and (not plain or rng.random() < bid_rate):
                level = rng.choice(levels[:4])
                choices = g.bid_choices(level)
                assert choices
                g.call(rng.choice(choices).call)
            else:
                g.call(rng.choice(plain))
        elif g.phase in ("cot_offer", "cot_answer"):
            g.answer_cot(rng.choice(g.cot_choices()))
        else:
            assert g.phase == "play"
            legal = g.legal_cards()
            assert legal and set(legal) == set(g.state.legal_cards(g.seat))
            g.play_card(rng.choice(legal))


def check_finished_hand(g: GuidedHand56) -> None:
    s = g.state
    n = g.players
    narration = g.narration()
    # every call narrated with its conventional meaning
    meanings = explain_auction(s.auction)
    calls = g.auction_meanings()
    assert meanings and [m["convention"] for m in calls] == [m.text for m in meanings]
    for m in calls:
        assert m["text"] in narration
    mine = [m for m in meanings if m.seat == g.seat]
    tells = [x["text"] for x in g.narration_items() if x["kind"] == "tells_partner"]
    assert len(tells) == len(mine) and all(t in narration for t in tells)
    for m, t in zip(mine, tells):
        if m.kind == "bid":
            assert t == said("You bid {call}. What it tells {partners}: {meaning}.",
                             call=m.spoken, partners=partners_words(g), meaning=g.tells(m))
    partners = [p for p in range(n) if p % 2 == g.seat % 2 and p != g.seat]
    assert g.partners == partners and g.opponents == list(range(1 - g.seat % 2, n, 2))
    # every trick: winner, why, points
    tricks = g.trick_explanations()
    assert len(tricks) == deck_facts(n, g.game.settings)["tricks"]
    for t, (leader, cards, winner) in zip(tricks, s.tricks):
        assert (t["leader"], t["cards"], t["winner"]) == (leader, cards, winner)
        assert t["rule"].startswith("56-") and t["text"]
        assert t["points"] == sum({"J": 3, "9": 2, "A": 1, "10": 1}.get(c.rank, 0)
                                  for c in cards)
        assert t["line"] in narration
    assert sum(t["points"] for t in tricks) == 56
    running = [0, 0]
    for t in tricks:
        running[g.team_of(t["winner"])] += t["points"]
        assert t["running"] == running
        # who won with what and why, the points it held, and each team's so far
        assert t["line"] == trick_line(g, t)
    assert running == g.points_taken()
    # the settlement
    b = g.settlement_breakdown()
    st = s.last_settlement
    c = s.contract
    assert b is not None and b["made"] == st.made and b["owed"] == st.owed
    assert b["paid"] == st.paid and b["text"] == st.text
    assert b["contract"]["bid"] == c.bid and b["contract"]["bidder"] == c.bidder
    assert b["points"][c.team] >= c.bid if st.made else b["points"][c.team] < c.bid
    assert sum(b["points"]) == 56
    assert [d["tables_after"] for d in b["teams"]] == list(s.tables)
    assert sum(d["tables_before"] for d in b["teams"]) == 24 == sum(s.tables)
    payer = next(d for d in b["teams"] if d["partnership"] == b["payer"])
    assert payer["change"] == -st.paid
    assert [d["you"] for d in b["teams"]] == [g.seat % 2 == 0, g.seat % 2 == 1]  # Red: even
    bidders = next(d for d in b["teams"] if d["role"] == "bidders")
    assert bidders["team"] == c.team and bidders["points"] == b["points"][c.team]
    assert b["sentence"] in narration and narration[-1] == b["sentence"]
    assert result_words(g, b) in b["sentence"] and b["made"] == st.made  # made, or failed
    assert {"56-MADE", "56-TIERS", "56-TRANSFER"} <= set(b["rules"])
    assert g.summary() == said.within(lambda: sentences(said("The hand is over."), b["sentence"]))
    assert not g.learner_actions() and not g.legal_cards() and not g.plain_calls()


@pytest.mark.parametrize("players", [4, 6, 8])
@pytest.mark.parametrize("seed", [1, 2, 5, 42])
def test_a_whole_hand_is_played_to_the_settlement(players, seed):
    g = GuidedHand56(players=players, seed=seed)
    assert g.seed == seed and g.state.n == players and g.state.hand_dealer == players - 1
    assert g.learner_to_act and g.phase == "auction"
    random_learner(g, random.Random(seed * 10 + players))
    check_finished_hand(g)
    with pytest.raises(InputError, match=re.escape(said("the hand is over: deal a new one"))):
        g.call("pass")


@pytest.mark.parametrize("players", [4, 6, 8])
def test_many_random_hands_end_settled(players):
    for seed in range(20, 35):
        g = GuidedHand56(players=players, seed=seed)
        random_learner(g, random.Random(seed), bid_rate=0.5)
        check_finished_hand(g)


def test_the_same_seed_deals_the_same_hand_and_a_new_hand_shows_its_seed():
    a, b = GuidedHand56(6, seed=11), GuidedHand56(6, seed=11)
    assert a.state.hands == b.state.hands and a.dealer == b.dealer
    assert a.narration() == b.narration()
    random_learner(a, random.Random(3))
    random_learner(b, random.Random(3))
    assert a.state.history == b.state.history and a.narration() == b.narration()
    assert a.state.last_settlement == b.state.last_settlement
    other = GuidedHand56(6, seed=12)
    assert other.state.hands != a.state.hands or other.dealer != a.dealer
    fresh = GuidedHand56(8)
    assert isinstance(fresh.seed, int) and fresh.seed > 0
    again = GuidedHand56(8, seed=fresh.seed)
    assert again.state.hands[0] == fresh.state.hands[0] and again.dealer == fresh.dealer
    assert isinstance(new_seed(), int)


def test_advance_bots_returns_only_new_lines_and_hides_the_others_cards():
    g = GuidedHand56(6, seed=3)
    seen = g.narration()
    new = g.call("pass")
    assert g.narration() == seen + new
    assert new[0] == said("{player} pass: nothing to say now (a pass is not final in 56: you may "
                          "still bid later).", player=said("You (seat {seat})", seat=g.seat))
    assert g.seat == 4 and g.partners == [0, 2]
    assert new[1] == said("You passed. What it tells {partners}: you have nothing to say now.",
                          partners=partners_words(g))
    assert sum(t.startswith(YOUR_CARDS) for t in seen) == 1
    holds = [said.around("Seat {seat} holds {cards}.", "cards", seat=x)[0] for x in range(6)]
    assert not any(h in t for h in holds for t in seen)  # nobody's cards but "Your cards"


def test_the_bots_act_until_the_learner_must():
    for seed in range(1, 12):
        g = GuidedHand56(4, seed=seed)
        assert g.learner_to_act and g.state.to_act == g.seat
        calls = g.state.auction.calls
        first = g.first
        assert [s for s, _ in calls] == [(first + i) % 4 for i in range(len(calls))]


def test_an_illegal_card_is_rejected_with_a_56_rule():
    for seed in range(1, 60):
        g = GuidedHand56(6, seed=seed)
        while not g.over:
            s = g.state
            if s.phase == "play":
                legal = set(g.legal_cards())
                bad = [c for c in s.hands[g.seat] if c not in legal]
                if bad:
                    before = list(s.hands[g.seat])
                    with pytest.raises(IllegalAction) as e:
                        g.play_card(bad[0])
                    assert e.value.rule == "56-FOLLOW" and e.value.alternatives
                    assert set(e.value.alternatives) == legal
                    assert s.hands[g.seat] == before and s.to_act == g.seat
                    return
                g.play_card(sorted(legal, key=lambda c: c.index)[0])
            else:
                g.call("pass")
    pytest.fail("no seed gave the learner an illegal card")


def test_illegal_calls_are_rejected_with_their_rules():
    g = GuidedHand56(6, seed=3)  # seat 3 stands at 30 clubs
    sb = g.standing_bid()
    assert sb["level"] == 30 and sb["relation"] == "opponent"
    with pytest.raises(IllegalAction) as e:
        g.call("29S")
    assert e.value.rule == "56-BID-HIGHER"
    with pytest.raises(IllegalAction) as e:
        g.call("redouble")
    assert e.value.rule == "56-REDOUBLE"
    with pytest.raises(IllegalAction) as e:
        g.call("60S")
    assert e.value.rule == "56-BID-RANGE"
    with pytest.raises(InputError):
        g.call("thirty bananas")
    assert g.state.auction.to_act == g.seat  # nothing changed
    with pytest.raises(InputError):
        g.play(Call((g.seat + 1) % 6, "pass"))
    # no bid stands yet: a Plus call or a double are refused
    for seed in range(1, 40):
        g = GuidedHand56(4, seed=seed)
        if g.standing_bid() is None:
            with pytest.raises(IllegalAction) as e:
                g.call("+1S")
            assert e.value.rule == "56-PLUS"
            with pytest.raises(IllegalAction) as e:
                g.call("double")
            assert e.value.rule == "56-DOUBLE"
            assert "double" not in g.plain_calls() and g.bid_levels()[0] == 28
            assert not any(c.style.startswith("plus") for c in g.bid_choices(28))
            return
    pytest.fail("no hand where the learner calls before any bid")


def test_the_bid_builder_offers_every_style_with_its_meaning():
    g = GuidedHand56(6, seed=3)
    levels = g.bid_levels()
    assert levels == list(range(31, 57)) and g.plain_calls() == ["pass", "double"]
    choices = g.bid_choices(32)
    styles = {c.style for c in choices}
    assert styles == {s for s, _ in BID_STYLES} - {"plus_nt"}  # Plus N No-trumps is off
    assert len(choices) == 15 and len({c.call for c in choices}) == 15
    by_call = {c.call: c for c in choices}
    assert by_call["32S"].label == "32♠" and by_call["S32"].label == "♠32"
    assert by_call["+2H"].label == "+2♥" and by_call["+2NOES"].label == "+2 Noes"
    for c in choices:
        assert g.state.check(Call(g.seat, c.call)) is None and c.level == 32
        m = g.preview(c.call)
        assert c.meaning == m.text
        assert m.text == said("{call}: {tells}.", call=said.within(lambda m=m: render(m.head)),
                              tells=c.tells)
    assert g.bid_call(32, "plus_suit", "h") == "+2H"
    assert g.bid_call(32, "number_noes") == "32NOES"
    with pytest.raises(InputError):
        g.bid_choices(30)
    with pytest.raises(InputError):
        g.bid_call(32, "sideways", "S")
    with pytest.raises(InputError):
        g.bid_call(32, "number_suit", "NT")
    g.bid(32, "number_suit", "S")
    a = g.state.auction
    assert (g.seat, "32S") in [(s, str(c)) for s, c in a.calls]
    mine = [m for m in g.auction_meanings() if m["seat"] == g.seat]
    assert mine[0]["call"] == "32S" and "tells_partner" in mine[0]
    assert g.partners == [0, 2] and mine[0]["tells_partner"] == said(
        "You bid {call}. What it tells {partners}: {meaning}.",
        call=said.within(parse_call("32S").spoken), partners=partners_words(g),
        meaning=by_call["32S"].tells)
    assert mine[0]["tells_partner"] in g.narration()


def test_plus_with_no_trumps_when_the_table_allows_it():
    g = GuidedHand56(6, seed=3, rules={"allow_plus_nt": True})
    assert "plus_nt" in {c.style for c in g.bid_choices(31)}
    assert "+1NT" in {c.call for c in g.bid_choices(31)}


def test_an_all_pass_hand_is_played_in_28_no_trumps():
    for seed in range(1, 200):
        g = GuidedHand56(6, seed=seed)
        while g.phase == "auction" and g.learner_to_act:
            g.call("pass")
        if g.state.contract is not None and g.state.contract.bidder is None:
            break
    else:
        pytest.fail("no all-pass hand")
    nobody = said("Nobody bid: {team} plays 28 in no trumps, the dealer's opponents "
                  "(56-ALL-PASS).", team=team_words(g, 0))
    assert g.contract_text() == nobody and nobody in g.narration()
    random_learner(g, random.Random(1))
    check_finished_hand(g)
    b = g.settlement_breakdown()
    assert b["contract"]["all_pass"] and b["contract"]["bid"] == 28
    assert b["contract"]["denomination"] == "NT" and "56-ALL-PASS" in b["rules"]
    first, _ = said.pieces("{contract}; {result}: {payment}. Tables now: Red {red}, Black "
                           "{black}.", "contract", result="", payment="", red=0, black=0)
    assert b["sentence"].startswith(first + said("Nobody bid, so {team} played 28 in no trumps",
                                                 team=team_words(g, 0)))


def test_a_forced_bid_offers_no_pass():
    for seed in range(1, 60):
        g = GuidedHand56(4, seed=seed, rules={"all_pass": "force_first_bidder"})
        if not g.state.auction.calls:  # the learner calls first
            break
    else:
        pytest.fail("the learner never called first")
    assert "pass" not in g.plain_calls() and g.bid_levels()[0] == 28
    with pytest.raises(IllegalAction) as e:
        g.call("pass")
    assert e.value.rule == "56-FORCED-BID"
    random_learner(g, random.Random(2))
    check_finished_hand(g)


def test_the_cot_house_rule_asks_the_defending_learner():
    answers = set()
    for seed in range(1, 40):
        g = GuidedHand56(6, seed=seed, rules={"cot": True})
        while g.phase == "auction" and g.learner_to_act:
            g.call("pass")
        if g.phase == "cot_offer" and g.learner_to_act:
            assert g.cot_choices() == ["play_on", "surrender"]
            assert g.summary() == said(
                COT_OFFER_WORDS,
                **{k: tables_words(v) for k, v in g.cot_terms().items()})
            answer = "surrender" if "surrender" not in answers else "play_on"
            answers.add(answer)
            g.answer_cot(answer)
            assert g.phase == "play"  # the bot bidder refuses a surrender
            random_learner(g, random.Random(seed))
            check_finished_hand(g)
            assert g.state.cot == ("refused" if answer == "surrender" else None)
            if answer == "surrender":  # refused, then a trick lost
                b = g.settlement_breakdown()
                c = b["contract"]
                assert said("the bidders refused the surrender and then lost a trick (they took "
                            "{points} of the {total} card points), so the contract failed, "
                            "whatever their points", points=b["points"][c["team"]],
                            total=sum(b["points"])) in b["lines"][0]
        if answers == {"surrender", "play_on"}:
            return
    pytest.fail(f"the learner defended too rarely: {answers}")


def test_the_learner_accepts_a_surrender():
    def passive(state):  # passes, and surrenders as a defender
        if state.phase == "auction":
            return Call(state.to_act, "pass")
        if state.phase == "cot_offer":
            return Call(state.to_act, "surrender")
        return choose(state)

    g = GuidedHand56(4, seed=1, rules={"cot": True}, bot=passive)
    g.call("28S")
    assert g.phase == "cot_answer" and g.cot_choices() == ["accept", "refuse"]
    g.answer_cot("accept")
    assert g.over and not g.state.tricks
    b = g.settlement_breakdown()
    assert b["made"] and b["cot"] == "accepted" and b["points"] == [0, 0]
    assert said("the defenders offered to surrender and the bidders accepted, so play stopped "
                "and the contract counts as made") in b["sentence"]
    assert b["receiver"] == g.partnership and b["you_won"]


def test_a_match_can_end_in_one_hand():
    def doubler(state):  # doubles and redoubles whenever it may
        if state.phase == "auction":
            legal = state.auction.legal_calls()["calls"]
            for c in ("redouble", "double", "pass"):
                if c in legal:
                    return Call(state.to_act, c)
        return choose(state)

    g = GuidedHand56(4, seed=2, bot=doubler)
    g.call("56S")
    assert g.state.contract.multiplier == 4 and g.phase == "play"
    random_learner(g, random.Random(0))
    assert g.over and g.state.phase == "match_over"
    b = g.settlement_breakdown()
    assert b["match_winner"] in ("Red", "Black") and b["paid"] == 12 < b["owed"]
    assert {"56-PAY-ALL", "56-MULT"} <= set(b["rules"])
    assert said("{team} has won the match: the other team has no tables left.",
                team=said(b["match_winner"])) in b["lines"]
    assert said(", redoubled") in b["sentence"]


def test_a_redeal_is_narrated_and_dealt_again():
    for seed in range(1, 400):
        g = GuidedHand56(8, seed=seed, rules={"redeal_no_points": True})
        if g.redeals:
            break
    else:
        pytest.fail("no redeal")
    text = g.narration()
    i = text.index(said("House rule: a player holds no point card, so the same dealer deals "
                        "again."))
    assert text[i + 1] == said("The cards are shuffled and dealt again.")
    assert sum(t.startswith(YOUR_CARDS) for t in text) == g.redeals + 1
    assert g.phase == "auction" and g.learner_to_act
    random_learner(g, random.Random(seed))
    check_finished_hand(g)


def test_the_table_after_the_hand_keeps_its_dealer_and_teams():
    g = GuidedHand56(6, seed=9)
    dealer, first = g.dealer, g.first
    random_learner(g, random.Random(9))
    assert g.state.dealer != dealer  # the engine moved the deal on
    assert (g.dealer, g.first) == (dealer, first)
    c = g.state.contract
    b = g.settlement_breakdown()
    assert b["contract"]["partnership"] == ("Red", "Black")[(c.team + first) % 2]


def test_bad_inputs_are_named():
    players = "a guided hand of 56 is for 4, 6 or 8 players, not {players} (56-PLAYERS)"
    with pytest.raises(InputError, match=re.escape(said(players, players=repr(5)))):
        GuidedHand56(players=5)
    with pytest.raises(InputError, match=re.escape(said(players, players=repr(True)))):
        GuidedHand56(players=True)
    with pytest.raises(InputError) as e:
        GuidedHand56(seed="x")
    assert e.value.where == "seed"
    assert said("a seed is a whole number, not {seed}", seed=repr("x")) in str(e.value)
    with pytest.raises(InputError):
        GuidedHand56(rules={"no_such_rule": 1})
    g = GuidedHand56(4, seed=1)
    with pytest.raises(InputError, match=re.escape(said(
            "you play for seat {seat}, not seat {other}", seat=g.seat, other=(g.seat + 1) % 4))):
        g.play(Play((g.seat + 1) % 4, Card.parse("JS")))
    with pytest.raises(IllegalAction):  # a card in the auction
        g.play(Play(g.seat, g.state.hands[g.seat][0]))
    assert g.cot_choices() == [] and g.legal_cards() == []


# -- issue #11 item 5: seats and teams numbered from the dealer, one presentation -----------------
def seat_mentions_are_named(line: str, g: GuidedHand56) -> None:
    """Every "seat k" of a line names who it is: "you (seat k)", "your partner (seat k)", "an
    opponent (seat k)", "the dealer (seat k, an opponent)", "your partners (seats 0 and 2)" (a
    possessive "seat k's" keeps its bare number): with those names, worded as the catalog words
    them, taken out of the line, no bare "seat k" is left, and no seat that is not at the table
    is named."""
    t = g.table
    rest = line.replace(partners_words(g), "")  # "your partners (seats 0 and 2)"
    for k in range(t.n):
        dealer = k == t.dealer
        kind = {"you": "you_dealer" if dealer else "you",
                "partner": "partner_dealer" if dealer else "partner",
                "opponent": "dealer_opponent" if dealer else "opponent"}[t.relation(k)]
        for capital in (False, True):
            rest = rest.replace(said(WHO[kind, capital], seat=k), "")
        owner = said("seat {seat}'s", seat=k)  # a possessive, also starting a sentence
        rest = rest.replace(owner, "").replace(capfirst(owner), "")
    for k in range(10):
        for bare in ("seat {seat}", "Seat {seat}"):
            assert said(bare, seat=k) not in rest, (k, line)


@pytest.mark.parametrize("players", [4, 6, 8])
def test_a_hand_numbers_seats_and_teams_from_the_dealer(players):
    seats = set()
    for seed in range(1, 16):
        g = GuidedHand56(players, seed=seed)
        s = g.state
        assert s.hand_dealer == g.dealer == players - 1 and g.first == 0  # 56-SEATS
        assert s.auction.calls == [] or s.auction.calls[0][0] == 0  # seat 0 calls first
        assert g.team == g.seat % 2 and g.team_name(0) == team_words(g, 0)
        seats.add(g.seat)
        random_learner(g, random.Random(seed))
        assert s.tricks[0][0] == 0  # seat 0 leads (56-LEAD)
        lines = g.narration() + g.settlement_breakdown()["lines"] + [g.summary()]
        assert lines[0] == table_for("56", players, g.seat).intro()
        for line in lines[1:]:
            seat_mentions_are_named(line, g)
        b = g.settlement_breakdown()
        assert [d["team"] for d in b["teams"]] == [0, 1]  # Red is team 0 in a guided hand
    seats |= {GuidedHand56(players, seed=seed).seat for seed in range(16, 60)}
    assert {0, players - 1} <= seats  # the learner calls first in some hands, deals in others


def test_the_same_seed_gives_the_learner_the_same_cards_as_before_the_renumbering():
    """The learner's seat comes from the seed's first draw (the old random dealer): a seed
    still deals the learner the cards the old absolute seat 0 was dealt."""
    from tutor.games.g56.game import Game56
    for players in (4, 6, 8):
        for seed in (1, 3, 9):
            old = Game56(players).new_game(random.Random(seed))
            g = GuidedHand56(players, seed=seed)
            assert g.seat == (0 - old.dealer - 1) % players
            assert sorted(g.state.hands[g.seat]) == sorted(old.hands[0])


# -- issue #11 item 9: no raw values, the final pass, identical cards named ----------------------
RAW = re.compile(r"[\[\]{}]|\bNone\b|\bTrue\b|\bFalse\b|[a-z]_[a-z]|Why: \S+ wins")


@pytest.mark.parametrize("rules", [None, {"cot": True}, {"pass_is_final": True}],
                         ids=["default", "cot", "pass_is_final"])
def test_what_the_learner_reads_has_no_raw_values_and_no_false_pass(rules):
    twins = 0
    for seed in range(1, 25):
        g = GuidedHand56(4 + 2 * (seed % 3), seed=seed, rules=rules)
        texts = [g.summary()]
        rng = random.Random(seed)
        while not g.over:
            random_learner_step(g, rng)
            texts.append(g.summary())
        texts += g.narration() + g.settlement_breakdown()["lines"]
        for text in texts:
            assert not RAW.search(text), text
        calls = g.auction_meanings()
        for i, m in enumerate(calls):
            if m["kind"] == "pass" and (i == len(calls) - 1 or (rules or {}).get("pass_is_final")):
                assert not any(m["text"].endswith(later) for later in LATER), m["text"]  # final
        for t in g.trick_explanations():
            card = t["card"].unicode
            _, wins, comma, _ = said.pieces(
                "Trick {number}: {player} win with {card}, {reason}." if t["winner"] == g.seat
                else "Trick {number}: {player} wins with {card}, {reason}.", "player", "card",
                "reason", number=t["number"])
            assert t["line"].count(wins + card + comma) == 1  # "wins with X, ": said once
            if t["twin"]:
                twins += 1
                assert twin_said(g, t) and t["rule"] == "56-IDENTICAL", t["twin"]
    assert twins  # identical cards met and named with whose they are


# what a pass that is not final says after its player ("... they may still bid later.")
LATER = [said.around("{player} pass: nothing to say now (a pass is not final in 56: you may "
                     "still bid later).", "player")[1],
         said.around("{player} passes: nothing to say now (a pass is not final in 56: they may "
                     "still bid later).", "player")[1]]
# the line of a trick won by the first of two identical cards: the winner's, another's
TWINS = {"you": "Your {card} wins: played first; seat {loser}'s {card} loses (of two identical "
                "cards the one played first ranks higher, {rule}).",
         "you lost": "Seat {winner}'s {card} wins: played first; your {card} loses (of two "
                     "identical cards the one played first ranks higher, {rule}).",
         "others": "Seat {winner}'s {card} wins: played first; seat {loser}'s {card} loses (of "
                   "two identical cards the one played first ranks higher, {rule})."}


def twin_said(g: GuidedHand56, t: dict) -> bool:
    """The twin line names whose card won (yours, or seat k's), the card, and that the other
    copy lost, as the catalog words it."""
    card = t["card"].unicode
    if t["winner"] == g.seat:
        start, _, end = said.pieces(TWINS["you"], "loser", "rule", card=card)
        return t["twin"].startswith(start) and t["twin"].endswith(end)
    for id, unknown in (("you lost", ("rule",)), ("others", ("loser", "rule"))):
        start, *_, end = said.pieces(TWINS[id], *unknown, card=card, winner=t["winner"])
        if t["twin"].startswith(start) and t["twin"].endswith(end):
            return True
    return False


def random_learner_step(g: GuidedHand56, rng: random.Random) -> None:
    if g.phase == "auction":
        plain, levels = g.plain_calls(), g.bid_levels()
        if levels and (not plain or rng.random() < 0.3):
            g.call(rng.choice(g.bid_choices(rng.choice(levels[:3]))).call)
        else:
            g.call(rng.choice(plain))
    elif g.phase in ("cot_offer", "cot_answer"):
        g.answer_cot(rng.choice(g.cot_choices()))
    else:
        g.play_card(rng.choice(g.legal_cards()))


def test_the_seats_a_meaning_names_are_named_as_the_lessons_name_them():
    """A seat in what a call tells is a name the reader's view words ("the J♦ your partner
    (seat 2) showed"), not text found and replaced in a sentence; worded with no view, it is
    the seat's number ("the J♦ seat 2 showed")."""
    from tutor.engine.messages import SeatName, msg, render

    g = GuidedHand56(players=6, seed=3)
    message = msg("after the J♦ {seat} showed; {owner} call stands", seat=SeatName(0),
                  owner=SeatName(g.seat, owner=True))  # the test's own words: no catalog's
    seat_0, owner = said("seat {seat}", seat=0), said("seat {seat}'s", seat=g.seat)
    bare = f"after the J♦ {seat_0} showed; {owner} call stands"
    assert render(message) == bare
    from tutor.engine.messages import seats_named
    with seats_named(g.name_seat):
        named = render(message)
    assert named == f"after the J♦ {g.who(0)} showed; {said('your')} call stands"
    assert render(message) == bare
