"""A finished hand is drawn as it was played.  Once a hand is scored (55) or settled (56) the
engine moves the deal on at once, so ``state.dealer`` is the next dealer while the finished
hand is still on the table; the state keeps that hand's dealer (``hand_dealer``) and, for 56,
its teams until the next deal, and the table draws the dealer badge and the contract's
partnership from them."""

from __future__ import annotations

import html
import random
import re

import pytest
from wording import said

from tutor.engine.state import Call
from tutor.engine.tricks import play_random_hand
from tutor.games.g55.game import Game55, State55
from tutor.games.g56.game import PARTNERSHIPS, Game56, State56
from tutor.games.g56.play import card_points
from tutor.games.g56.tables import ALL_PASS_BID
from tutor.ui.g55.guided import guided_hand
from tutor.ui.g56.guided import guided_hand_56
from tutor.ui.table import TableWidget, phase_words, table_html, trump_words

# the 56 contract as the table says it, by its multiplier
CONTRACT = {1: "Contract: {bid} in {denomination}, {who}, team {team} ({name})",
            2: "Contract: {bid} in {denomination}, doubled, {who}, team {team} ({name})",
            4: "Contract: {bid} in {denomination}, redoubled, {who}, team {team} ({name})"}


def seat_html(board: str, seat: int) -> str:
    """The HTML of one seat of a drawn table (its name, badges and cards)."""
    names = (said("Seat {seat}", seat=seat), said("Seat {seat} (you)", seat=seat))
    i = re.search("aria-label=\"(" + "|".join(map(re.escape, names)) + ")\"", board).start()
    return board[i:board.index("tt-seat-meta", i)]


def dealer_badges(board: str, n: int) -> list[int]:
    badge = f'<span class="tt-badge">{said("dealer")}</span>'
    return [s for s in range(n) if badge in seat_html(board, s)]


def finished(game, seed: int, contract=lambda st: True):
    """A state just after its first hand was scored or settled, the match going on (``phase``
    deal), with the dealer of that hand; the first seed from ``seed`` on whose hand is played
    out and passes ``contract``."""
    for k in range(seed, seed + 200):
        rng = random.Random(k)
        st = game.new_game(rng)
        dealer = st.dealer
        play_random_hand(st, rng)
        if st.phase == "deal" and st.tricks and contract(st):
            return st, dealer
    raise AssertionError("no such hand")


def settled_points(st: State56) -> int:
    return next(e for e in reversed(st.events) if e.kind == "settle").data["points"]


@pytest.mark.parametrize("players,seed", [(4, 1), (6, 2), (8, 3), (6, 30), (8, 41)])
def test_56_the_settled_hand_keeps_its_dealer_and_teams(players, seed):
    st, dealer = finished(Game56(players), seed)
    n = st.n
    assert st.dealer == (dealer + 1) % n  # 56-DEALER: the deal has moved on
    assert st.hand_dealer == dealer and st.first == (dealer + 1) % n
    assert st.team_of(dealer) == 1 and st.team_of(st.first) == 0 and st.hand_seat(dealer) == n - 1
    c = st.contract
    if c.bidder is not None:
        assert st.team_of(c.bidder) == c.team
        assert st.partnership_of_team(c.team) == c.bidder % 2
    else:  # 56-ALL-PASS: team 0, the dealer's opponents
        assert st.partnership_of_team(0) == (dealer + 1) % 2
    # the contract's team, counted with the state's teams, took the points the settlement used
    won = sum(card_points(cs) for _, cs, w in st.tricks if st.team_of(w) == c.team)
    assert won == settled_points(st)
    v = st.view(0)
    assert (v["dealer"], v["hand_dealer"], v["first"]) == (st.dealer, dealer, (dealer + 1) % n)


@pytest.mark.parametrize("players,seed", [(4, 5), (6, 6), (8, 7)])
def test_56_the_table_draws_the_settled_hand_as_it_was_played(players, seed):
    st, dealer = finished(Game56(players), seed, lambda s: s.contract.bidder is not None)
    board = table_html(st, viewer=0)
    assert dealer_badges(board, st.n) == [dealer]
    c = st.contract
    words = trump_words(st)
    # around() cannot take the message's own {name}: pieces() at the one placeholder
    head, tail = said.pieces(CONTRACT[c.multiplier], "denomination", bid=c.bid, team=c.team,
                             who=said("seat {seat}", seat=c.bidder),
                             name=said(PARTNERSHIPS[c.bidder % 2]))
    assert words.startswith(head) and words.endswith(tail)
    assert words in html.unescape(str(board))
    over = said("The hand is over · seat {seat} deals next", seat=st.dealer)
    assert phase_words(st) == over
    assert over in html.unescape(str(board))
    # the next deal: the badge and the teams move on with it
    st.chance(random.Random(seed))
    assert st.phase == "auction" and st.hand_dealer == st.dealer == (dealer + 1) % st.n
    assert st.first == (dealer + 2) % st.n
    assert dealer_badges(table_html(st, viewer=0), st.n) == [st.dealer]
    assert phase_words(st) == said("Auction: seat {seat} to call", seat=st.to_act)


def test_56_all_pass_contract_names_the_dealers_opponents():
    rng = random.Random(4)
    st = Game56(6).new_game(rng)
    dealer = st.dealer
    for _ in range(6):  # 56-ALL-PASS: 28 no trumps for team 0
        st.play(Call(st.to_act, "pass"))
    play_random_hand(st, rng)
    assert st.phase == "deal" and st.contract.bidder is None and st.dealer != dealer
    assert trump_words(st) == said(CONTRACT[1], bid=ALL_PASS_BID, denomination=said("no trumps"),
                                   who=said("nobody bid ({bid} for team 0)", bid=ALL_PASS_BID),
                                   team=0, name=said(PARTNERSHIPS[(dealer + 1) % 2]))
    assert dealer_badges(table_html(st), st.n) == [dealer]


def test_56_copy_replay_and_undo_keep_the_hand_dealer():
    st, dealer = finished(Game56(6), 11)
    assert st.copy() == st and st.copy().hand_dealer == dealer
    again = State56.replay(st.game, st.history)
    assert again == st and again.hand_dealer == dealer
    last = st.undo()  # back into the hand: the last card is not played yet
    assert type(last).__name__ == "Play" and st.phase == "play"
    assert st.dealer == st.hand_dealer == dealer


@pytest.mark.parametrize("players,seed", [(3, 1), (4, 2), (6, 3)])
def test_55_the_scored_hand_keeps_its_dealer(players, seed):
    st, dealer = finished(Game55(players), seed, lambda s: s.last_score is not None)
    assert st.dealer == (dealer + 1) % players and st.hand_dealer == dealer
    assert st.view(0)["hand_dealer"] == dealer
    assert dealer_badges(table_html(st, viewer=0), players) == [dealer]
    assert dealer_badges(TableWidget(st).board.value, players) == [dealer]
    over = said("The hand is over · seat {seat} deals next", seat=st.dealer)
    assert phase_words(st) == over
    again = State55.replay(st.game, st.history)
    assert again == st and again.hand_dealer == dealer
    st.chance(random.Random(seed))  # the next deal
    assert st.hand_dealer == st.dealer == (dealer + 1) % players
    assert dealer_badges(table_html(st), players) == [st.dealer]


def test_the_guided_hands_draw_the_finished_hand_from_the_state_itself():
    """No copy of the state with the dealer put back: the table shows the guide's state."""
    w = guided_hand_56(players=6, seed=9)
    dealer = w.guide.dealer
    for _ in range(300):
        if w.guide.over:
            break
        if w.call_buttons:
            w.call_buttons[0][0].click()
        elif w.bid_buttons:
            w.bid_buttons[0][0].click()
        elif w.cot_buttons:
            w.cot_buttons[0][0].click()
        else:
            w.play_card(w.guide.state.legal_cards(w.guide.seat)[0])
    assert w.guide.over and w.table.state is w.guide.state
    assert dealer_badges(w.table.board.value, 6) == [dealer] != [w.guide.state.dealer]

    w55 = guided_hand(seed=1)
    g = w55.guide
    rng = random.Random(1)
    while not g.over:
        g.play(rng.choice(g.learner_actions()))
    w55.draw()
    st = g.state
    dealer = next(e for e in reversed(st.events) if e.kind == "deal").seat  # this hand's
    assert w55.table.state is st and st.hand_dealer == dealer
    if st.phase == "deal":
        assert st.dealer != dealer
    assert dealer_badges(w55.table.board.value, st.n) == [dealer]
