"""Guided hands of 55 (tutor.teach.g55.guided): whole hands against the bots, the scripted
lessons, the goal checks and what the learner reads (issue #11: seats numbered from the dealer
as the lessons teach, every goal checked with a reason)."""

from __future__ import annotations

import re

import pytest
from wording import said

from tutor.engine.cards import Card
from tutor.engine.errors import IllegalAction, InputError
from tutor.engine.messages import capfirst, many
from tutor.engine.state import Call, Play
from tutor.games.g55.game import Discard, NameTrump
from tutor.games.g55.notation import parse_position
from tutor.teach.g55.guided import GOALS, SCRIPTED, GuidedHand55, find_script
from tutor.teach.seats import WHO, table_for


def you(t, capital: bool = False) -> str:
    """The learner named to the learner: 'you (seat 2)', 'you (seat 3, the dealer)'."""
    return said(WHO["you_dealer" if t.you == t.dealer else "you", capital], seat=t.you)


def trick_line(g: GuidedHand55, t: dict) -> str:
    """A finished trick's line: 'Trick 2: you (seat 0) win with Q♦, ...' (55 has no
    identical cards, so no second sentence)."""
    p = dict(number=t["number"], player=g.table.who(t["winner"]), card=t["card"].unicode,
             reason=t["text"])
    return capfirst(said("Trick {number}: {player} win with {card}, {reason}."
                         if t["winner"] == g.seat else
                         "Trick {number}: {player} wins with {card}, {reason}.", **p))


YOUR_CARDS, _ = said.around("Your cards: {cards}.", "cards")  # the learner's hand, dealt


def play_out(g: GuidedHand55) -> None:
    steps = 0
    while not g.over:
        assert g.learner_to_act
        actions = g.learner_actions()
        assert actions and all(a.seat == g.seat for a in actions)
        g.play(actions[0])
        steps += 1
        assert steps < 100


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("seed", [1, 2, 7, 42])
def test_a_whole_hand_is_played_to_the_score(players, seed):
    g = GuidedHand55(seed=seed, players=players)
    assert g.seed == seed and g.state.n == players
    play_out(g)
    assert len(g.state.tricks) == 5 and not g.learner_actions()
    b = g.score_breakdown()
    sc = g.state.last_score
    assert b["made"] == sc.made and b["bid"] == sc.bid
    assert [d["delta"] for d in b["sides"]] == list(sc.deltas)
    assert [d["tricks"] for d in b["sides"]] == list(sc.tricks)
    assert sum(d["tricks"] for d in b["sides"]) == 5
    assert [d["points"] for d in b["sides"]] == list(sc.points)
    mine = next(d for d in b["sides"] if d["you"])  # the learner's line of the score
    p = dict(side=you(g.table), points=mine["points"], change=f"{mine['delta']:+d}",
             score=mine["score"])
    assert b["lines"] and capfirst(
        said.n("{side}: {n} trick, {points} points with the bonus, {change} → {score}.",
               "{side}: {n} tricks, {points} points with the bonus, {change} → {score}.",
               mine["tricks"], **p) if mine["bonus"] else
        said.n("{side}: {n} trick, {points} points, {change} → {score}.",
               "{side}: {n} tricks, {points} points, {change} → {score}.", mine["tricks"],
               **p)) in b["lines"]
    narration = g.narration()
    for t in g.trick_explanations():
        assert t["line"] in narration
        assert t["line"] == trick_line(g, t)  # "Trick 2: ... with Q♦, ..."
        assert t["rule"] and t["text"]
    with pytest.raises(InputError):
        g.play(Play(g.seat, Card.parse("2C")))


def test_the_same_seed_deals_the_same_hand():
    a, b = GuidedHand55(seed=11), GuidedHand55(seed=11)
    assert a.state.hands == b.state.hands and a.narration() == b.narration()
    play_out(a)
    play_out(b)
    assert a.state.last_score == b.state.last_score


def test_advance_bots_returns_only_new_lines_and_hides_the_others_cards():
    g = GuidedHand55(seed=3)
    seen = list(g.narration())
    new = g.play(g.learner_actions()[0])
    assert g.narration() == seen + new
    holds = [said.around("Seat {seat} holds {cards}.", "cards", seat=x)[0]
             for x in range(g.state.n)]
    assert not any(h in t for h in holds for t in g.narration())  # nobody's cards
    mine = [t for t in g.narration() if t.startswith(YOUR_CARDS)]
    assert len(mine) == 1
    assert all(c.unicode in mine[0] for c in g.state.hands[g.seat])


def test_an_illegal_learner_action_propagates_with_reason_rule_and_alternatives():
    for seed in range(1, 60):
        g = GuidedHand55(seed=seed)
        while not g.over:
            s = g.state
            if s.phase == "play":
                legal = set(s.legal_cards(g.seat))
                bad = [c for c in s.hands[g.seat] if c not in legal]
                if bad:
                    with pytest.raises(IllegalAction) as e:
                        g.play(Play(g.seat, bad[0]))
                    assert e.value.rule.startswith("55-") and e.value.alternatives
                    assert s.hands[g.seat].count(bad[0]) == 1  # nothing changed
                    return
            g.play(g.learner_actions()[0])
    pytest.fail("no seed gave the learner an illegal card")


def test_a_call_out_of_range_is_refused():
    g = GuidedHand55(seed=1)
    assert g.state.phase == "auction" and g.learner_to_act
    with pytest.raises(IllegalAction):
        g.play(Call(g.seat, "10"))  # the high bid is already 15


@pytest.mark.parametrize("sc", SCRIPTED, ids=lambda s: s.name)
def test_the_scripted_positions_parse_and_start_with_the_learner(sc):
    pos = parse_position(sc.position)
    assert sc.check in GOALS and sc.goal
    g = GuidedHand55(script=sc.name)
    assert g.state.n == pos.players and g.learner_to_act and g.goal == sc.goal
    assert g.goal_met() is None
    play_out(g)
    assert g.goal_met() in (True, False) and g.score_breakdown() is not None


def test_keep_the_jack_goal():
    sc = find_script("keep-the-jack")
    good = GuidedHand55(script=sc.name)
    assert {a.card for a in good.learner_actions()} == {Card.parse("JD"), Card.parse("QD")}
    good.play(Play(0, Card.parse("QD")))
    assert good.goal_met() is True
    bad = GuidedHand55(script=sc.name)
    bad.play(Play(0, Card.parse("JD")))
    assert bad.state.tricks[1][2] == 0  # the jack wins too, but gives it up
    assert bad.goal_met() is False
    assert bad.verdict().text.startswith(said(
        "Goal missed: you played your {jack}: it won trick {trick}, but the goal was to win it "
        "and keep the {jack} for later.", jack="J♦", trick=2))
    assert said("{cards} would have won it and kept the {jack}.", cards="Q♦", jack="J♦") \
        in bad.verdict().text


def test_make_the_bid_goal():
    g = GuidedHand55(script="bid-your-hand")
    g.play(Call(0, "pass"))
    assert g.goal_met() is False  # somebody else bids
    g = GuidedHand55(script="bid-your-hand")
    g.play(Call(0, "25"))
    while g.state.phase == "auction" and g.learner_to_act:
        g.play(next(a for a in g.learner_actions() if a.call != "pass"))
    assert g.state.bidder == 0 and g.state.phase == "discard"
    keep = {Card.parse(x) for x in ("5H", "JH", "AH", "KH", "QH")}
    from tutor.games.g55.game import Discard, NameTrump
    for c in [c for c in g.state.hands[0] if c not in keep]:
        g.play(Discard(0, c))
    g.play(NameTrump(0, "H"))
    play_out(g)
    assert g.goal_met() is g.state.last_score.made


def test_win_tricks_goal():
    g = GuidedHand55(script="draw-the-trumps")
    for c in ("5S", "JS", "KD", "QD"):
        if not g.over and g.learner_to_act:
            g.play(Play(0, Card.parse(c)))
    play_out(g)
    won = sum(1 for _, _, w in g.state.tricks if w == 0)
    assert won == 5 and g.goal_met() is True


def test_bad_inputs_are_named():
    with pytest.raises(InputError):
        GuidedHand55(script="no-such-lesson")
    with pytest.raises(InputError):
        GuidedHand55(seed=1, check="no_such_goal")
    with pytest.raises(InputError):
        GuidedHand55(seed=1, seat=4)
    with pytest.raises(InputError):
        GuidedHand55(seed="x")
    with pytest.raises(InputError, match="55-SEATS"):  # a position dealt by another seat
        position = find_script("bid-your-hand").position
        GuidedHand55(position=position.replace("dealer: 3", "dealer: 1"))


def test_a_position_with_a_custom_goal():
    g = GuidedHand55(position=find_script("keep-the-jack").position, goal="Win it",
                   check="win_trick_keep_jack", check_args={"trick": 2})
    assert g.goal == "Win it" and g.seed is None and g.goal_met() is None


# -- issue #11 item 5: seats numbered from the dealer, one presentation ---------------------------
def seat_mentions_are_named(line: str, t) -> None:
    """Every "seat k" of a line: the learner's is "you (seat k)", the dealer's "the dealer
    (seat k)": with those names, worded as the catalog words them, taken out of the line, no
    bare "seat k" of the learner or the dealer is left, and no seat that is not at the table
    is named."""
    rest = line
    for capital in (False, True):
        rest = rest.replace(you(t, capital), "")
        if t.dealer != t.you:
            rest = rest.replace(said(WHO["dealer", capital], seat=t.dealer), "")
    bare = {t.you, t.dealer} | set(range(t.n, 10))
    for k in bare:
        for seat in ("seat {seat}", "Seat {seat}"):
            assert said(seat, seat=k) not in rest, (k, line)


@pytest.mark.parametrize("players", [3, 4, 6])
def test_a_fresh_hand_numbers_the_seats_from_the_dealer(players):
    seats = set()
    for seed in range(1, 25):
        g = GuidedHand55(seed=seed, players=players)
        assert g.state.hand_dealer == players - 1  # 55-SEATS: the dealer is seat n-1
        assert g.state.auction.calls == [] or g.state.auction.calls[0][0] == 0  # seat 0 first
        seats.add(g.seat)
        play_out(g)
        t = table_for("55", players, g.seat)
        assert g.table == t
        lines = g.narration() + g.score_breakdown()["lines"]
        assert lines[0] == t.intro()  # the shared way to set the table (tutor.teach.seats)
        for line in lines[1:]:
            seat_mentions_are_named(line, t)
    assert players - 1 in seats and len(seats) >= 3  # the learner sits anywhere, dealer too


def test_the_same_seed_gives_the_learner_the_same_cards_as_before_the_renumbering():
    """The learner's seat comes from the seed's first draw (the old random dealer), so a seed
    still deals the learner the five cards the old seat 0 was dealt."""
    import random

    from tutor.games.g55.game import Game55
    for players in (3, 4, 6):
        for seed in (1, 2, 11):
            old = Game55(players).new_game(random.Random(seed))
            g = GuidedHand55(seed=seed, players=players)
            assert g.seat == (0 - old.dealer - 1) % players
            assert sorted(g.state.hands[g.seat]) == sorted(old.hands[0])


# -- issue #11 item 7: every goal checked, a missed goal says why ---------------------------------
def bid_and_play(first: str, trump: str = "H", keep=("5H", "JH", "AH", "KH", "QH")):
    g = GuidedHand55(script="bid-your-hand")
    g.play(Call(0, first))
    if g.state.bidder == 0:
        for c in [c for c in g.state.hands[0] if c not in {Card.parse(x) for x in keep}]:
            g.play(Discard(0, c))
        g.play(NameTrump(0, trump))
    play_out(g)
    return g


def cards_then_out(name: str, cards):
    g = GuidedHand55(script=name)
    for c in cards:
        g.play(Play(0, Card.parse(c)))
    play_out(g)
    return g


def first_call_wins(bid: int) -> str:
    return said("A bid of {bid} at your first call would have won you the auction.", bid=bid)


def bid_made(g: GuidedHand55) -> str:
    """Goal met: the auction won, hearts named, the bid made with the bidders' points."""
    sc = g.state.last_score
    return said("Goal met: you won the auction with {bid}, named {suits} as trumps and made "
                "your bid with {points} points.", bid=g.state.bid, suits=said.p("suit", "hearts"),
                points=sc.points[sc.bidding_side])


# for every scripted goal: hands that meet it, with what the verdict says (its whole text), and
# hands that miss it with the reasons expected (the first the whole "Goal missed" sentence),
# each as the catalog words it
GOAL_CASES = {
    "keep-the-jack": (
        [(lambda: cards_then_out("keep-the-jack", ["QD"]),
          lambda g: said("Goal met: you won trick {trick} with {card} and kept your {jack} for "
                         "later.", trick=2, card="Q♦", jack="J♦"))],
        [(lambda: cards_then_out("keep-the-jack", ["JD"]),
          lambda: [said("Goal missed: you played your {jack}: it won trick {trick}, but the goal "
                        "was to win it and keep the {jack} for later.", jack="J♦", trick=2),
                   said("{cards} would have won it and kept the {jack}.", cards="Q♦",
                        jack="J♦")])]),
    "bid-your-hand": (
        [(lambda: bid_and_play("20"), bid_made), (lambda: bid_and_play("25"), bid_made)],
        [(lambda: bid_and_play("15"),  # the case: 15 was told "Goal met"
          lambda: [said("Goal missed: you won the auction with {bid}, the goal was a bid of at "
                        "least {min_bid} that you win and then make.", bid=15, min_bid=20),
                   first_call_wins(20)]),
         (lambda: bid_and_play("pass"),
          lambda: [said("Goal missed: you passed, the goal was a bid of at least {min_bid} that "
                        "you win and then make; {player} won the auction with {bid}.",
                        min_bid=20, player=said("seat {seat}", seat=2), bid=10),
                   first_call_wins(20)]),
         (lambda: bid_and_play("20", trump="S"),
          lambda: [said("Goal missed: you named {suits} as trumps; the goal was {goal}.",
                        suits=said.p("suit", "spades"),
                        goal=said("{symbol} {suit}", symbol="♥", suit=said.p("suit", "hearts")))]),
         (lambda: bid_and_play("20", keep=("5H", "3S", "8C", "JC", "6D")),
          lambda: [said("Goal missed: you bid {bid} with {suits} as trumps but took {points} "
                        "points; the goal was to make the bid ({bid} points).", bid=20,
                        suits=said.p("suit", "hearts"), points=10),
                   said.around("Playing {cards} in that order would have made it.",
                               "cards")[1]])]),
    "draw-the-trumps": (
        [(lambda: cards_then_out("draw-the-trumps", ["5S"]),
          lambda g: said("Goal met: you won all five tricks.")),
         (lambda: cards_then_out("draw-the-trumps", ["JS"]),
          lambda g: said("Goal met: you won all five tricks."))],
        [(lambda: cards_then_out("draw-the-trumps", ["KD"]),
          lambda: [said.n("Goal missed: you won {n} trick; the goal was all five.",
                          "Goal missed: you won {n} tricks; the goal was all five.", 4),
                   said("Trick {number} went to {player} ({card}).", number=1,
                        player=said("seat {seat}", seat=1), card="2♠"),
                   said("Playing {cards} in that order would have won all five.",
                        cards=many(["5♠", "J♠", "K♦", "Q♦", "K♣"]))])]),
}


def test_every_scripted_goal_has_a_met_and_a_missed_case():
    assert set(GOAL_CASES) == {s.name for s in SCRIPTED}


@pytest.mark.parametrize("name", sorted(GOAL_CASES))
def test_a_goal_is_checked_on_the_engine_state_and_a_miss_says_why(name):
    met, missed = GOAL_CASES[name]
    for make, says in met:
        g = make()
        v = g.verdict()
        assert v.met is True and g.goal_met() is True, v.text
        assert v.text == says(g)  # "Goal met: ..."
    for make, reasons in missed:
        g = make()
        v = g.verdict()
        assert v.met is False and g.goal_met() is False, v.text
        said_why = reasons()
        assert v.text.startswith(said_why[0]), v.text  # "Goal missed: ..., the goal was ..."
        for r in said_why:
            assert r in v.text, v.text


def test_bid_your_hand_checks_what_its_goal_says():
    sc = find_script("bid-your-hand")
    assert "at least 20" in sc.goal and "hearts as trumps" in sc.goal  # English golden
    assert dict(sc.args) == {"min_bid": 20, "trump": "H"}
    g = GuidedHand55(script=sc.name)
    g.play(Call(0, "15"))  # won at 15: missed at once, before any card
    assert g.state.phase == "discard" and g.goal_met() is False


# -- issue #11 item 9: no raw values, no tautologies ---------------------------------------------
RAW = re.compile(r"[\[\]{}]|\bNone\b|\bTrue\b|\bFalse\b|[a-z]_[a-z]|Why: \S+ wins")


def test_what_the_learner_reads_has_no_raw_values_and_no_tautology():
    for seed in range(1, 40):
        g = GuidedHand55(seed=seed, players=3 + seed % 4)
        texts = [g.summary()]
        while not g.over:
            g.play(g.learner_actions()[seed % len(g.learner_actions())])
            texts.append(g.summary())
        texts += g.narration() + g.score_breakdown()["lines"]
        for t in g.trick_explanations():
            assert t["line"].count(t["card"].unicode) == 1, t["line"]  # said once, not "X wins: X"
            assert t["line"] == trick_line(g, t)  # the winner, the card, why: no "wins: X"
        for text in texts:
            assert not RAW.search(text), text
