"""What a refused action offers instead, in words (tutor.teach.refusal): read once from each
game's own shapes, so no page reads them (issue #12)."""

from __future__ import annotations

import random

from wording import said

from tutor.engine.messages import many
from tutor.engine.state import Call, Play
from tutor.games.registry import find_game, load_position
from tutor.teach.content import BOARD_POSITIONS
from tutor.teach.refusal import allowed
from tutor.ui.hand import illegal_html

AUCTION_55 = """game: 55
players: 3
hand 0: 3D 7S QC 4H KH
hand 1: AH 5C 8C 2S 9D
hand 2: 10S QD 2H 6C JC
"""


def _refused(state, action):
    bad = state.check(action)
    assert bad is not None, action
    return bad


def test_a_card_refused_offers_the_legal_cards_and_nothing_else():
    for text in (p.text for p in BOARD_POSITIONS):
        state = load_position(text)
        if state.phase != "play":
            continue
        seat = state.to_act
        legal = list(state.legal_cards(seat))
        bad = [c for c in state.hands[seat] if c not in legal]
        if not bad:
            continue
        got = allowed(state, _refused(state, Play(seat, bad[0])))
        assert set(got.cards) == set(legal) and not got.calls
        assert got.words == tuple(c.unicode for c in got.cards)


def test_another_seats_turn_shows_none_of_their_cards():
    state = find_game("55").game(players=3).new_game(random.Random(1))
    while state.phase != "play":
        state.push(state.legal_actions()[-1])
    other = (state.to_act + 1) % len(state.hands)
    got = allowed(state, _refused(state, Play(other, state.hands[other][0])))
    assert not got and got.words == ()
    html = illegal_html(_refused(state, Play(other, state.hands[other][0])), state)
    assert said("Not allowed.") in html and said("You may play:") not in html
    assert said.around("Allowed now: {calls}", "calls")[0] not in html


def test_a_55_call_refused_offers_the_calls_as_their_buttons_say_them():
    state = load_position(AUCTION_55)
    state.push(Call(state.to_act, "20"))
    got = allowed(state, _refused(state, Call(state.to_act, "15")))  # not higher
    assert got.calls and not got.cards and said("Pass") in got.calls and "15" not in got.calls
    assert all(w == w.strip() and not w.startswith("{") for w in got.calls)


def test_a_56_call_refused_offers_a_range_of_bids_in_words_never_the_engines_summary():
    game = find_game("56").game(players=4)
    state = game.new_game(random.Random(2))
    state.push(Call(state.to_act, "S30"))
    got = allowed(state, _refused(state, Call(state.to_act, "S29")))
    bids = said("a bid from {low} to {high}", low=31, high=56)
    assert got.calls[-1] == bids, got
    assert said("Pass") in got.calls and not any("{" in w or "min" in w for w in got.calls)
    html = illegal_html(_refused(state, Call(state.to_act, "S29")), state)
    assert said("Allowed now: {calls}", calls=many(
        [said("Pass"), said("Double"), bids], "sequence")) in html and "56-BID-HIGHER" in html
