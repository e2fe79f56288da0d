"""The card and 55 position notations: examples, round trips (hypothesis) and malformed text
that never raises anything but the documented InputError."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from notation_edits import apply_edits, edits

from tutor.engine.cards import ALL_CARDS, Card, parse_card, parse_cards
from tutor.engine.errors import InputError
from tutor.engine.state import Call
from tutor.games.g55 import Game55
from tutor.games.g55.notation import (
    Position55,
    format_position,
    parse_position,
    position_to_state,
    state_to_position,
)

EXAMPLE = """\
game: 55
players: 4
dealer: 3
rules: target_score=110 teams=[[0, 2], [1, 3]]
scores: 10 -5
hand 0: 3D 7S QC 4H
hand 1: 2S 5C 8H AH
hand 2: 10S QD 2H 6C
hand 3: 3C 4S 9S 7D KS
kitty: 2C 3S 8C JC 5D
calls: 10 pass 15 hold pass
discards: 2C 3S 8C JC 5D
trump: S
trick: KD 9D JD
"""


def test_example_position_reads_and_gives_the_right_state():
    pos = parse_position(EXAMPLE)
    state = position_to_state(pos)
    assert state.phase == "play" and state.trump == "S" and state.bidder == 3
    assert state.scores == [10, -5] and state.to_act == 3
    assert {str(c) for c in state.legal_cards()} == {"4S", "9S", "7D", "KS"}
    assert state_to_position(state) == pos
    assert parse_position(format_position(pos)) == pos


@pytest.mark.parametrize("change, words", [
    (("3D 7S QC 4H", "3D 7S QC 1X"), ["line 6", "'1X'"]),
    (("hand 1: 2S", "hand 1: 3D"), ["line 7", "3D appears twice"]),
    (("hand 2: 10S QD 2H 6C", "hand 2: 10S QD 2H"), ["line 8", "seat 2 should hold 4 cards"]),
    (("trick: KD 9D JD", "trick: KD 9D JD 9H 10H"), ["line 14", "one card from each"]),
    (("calls: 10 pass 15 hold pass", "calls: 10 pass 10"), ["line 11", "55-BID-RAISE"]),
    (("trump: S", "trump: NT"), ["line 13", "'NT' is not a suit"]),
    (("target_score=110", "target=110"), ["line 4", "unknown house rule 'target'"]),
    (("scores: 10 -5", "scores: 10 200"), ["line 5", "reaches the target"]),
    (("hand 3:", "hand 4:"), ["line 9", "hand 4 is not a seat"]),
    (("dealer: 3", "dealer: three"), ["line 3", "not a whole number"]),
    (("kitty: 2C 3S 8C JC 5D", "kitty: 2C 3S 8C JC"), ["line 10", "kitty has 5 cards"]),
    (("game: 55", "game: 56"), ["line 1", "notation of 55"]),
    (("trump: S", "trumps: S"), ["line 13", "unknown key 'trumps'"]),
])
def test_errors_say_what_and_where(change, words):
    old, new = change
    assert old in EXAMPLE
    with pytest.raises(InputError) as e:
        parse_position(EXAMPLE.replace(old, new))
    for w in words:
        assert w in str(e.value), str(e.value)


def test_illegal_play_in_a_position_names_the_trick_and_rule():
    text = EXAMPLE.replace("hand 3: 3C 4S 9S 7D KS", "hand 3: 4S 9S 7D KS") \
                  .replace("trick: KD 9D JD", "trick: KD 9D JD 3C")
    with pytest.raises(InputError) as e:
        parse_position(text)
    assert "line 14" in str(e.value) and "55-FOLLOW-PLAIN" in str(e.value)


def test_comments_blank_lines_and_unknown_kitty_are_fine():
    text = "# a teaching position\n\n" + EXAMPLE.replace("kitty: 2C 3S 8C JC 5D\n", "") \
        .replace("discards: 2C 3S 8C JC 5D\n", "")
    pos = parse_position(text)
    assert pos.kitty is None and pos.discards is None
    assert position_to_state(pos).legal_cards()


# -- properties ---------------------------------------------------------------------------------
@given(st.text(max_size=8))
def test_any_text_is_a_card_or_an_input_error(text):
    try:
        card = parse_card(text)
    except InputError as e:
        assert repr(text) in str(e) or "not a card" in str(e)
    else:
        assert isinstance(card, Card) and parse_card(str(card)) is card


@given(st.sampled_from(ALL_CARDS), st.booleans(), st.booleans(), st.booleans())
def test_card_round_trip_any_spelling(card, use_symbol, lower, use_t):
    rank = "T" if use_t and card.rank == "10" else card.rank
    suit = card.unicode[-1] if use_symbol else card.suit
    text = rank + suit
    assert parse_card(text.lower() if lower else text) is card


@given(st.text(alphabet="0123456789TJQKASHDC♠♥♦♣ ,;x", max_size=40))
def test_any_card_list_text_parses_or_fails_cleanly(text):
    try:
        cards = parse_cards(text)
    except InputError as e:
        assert "card" in str(e)
    else:
        assert parse_cards(" ".join(map(str, cards))) == cards


PROFILES = [{}, {"trump_before_kitty": True}, {"teams": [[0, 2], [1, 3]]},
            {"others_draw_max": 2, "renege_mode": "five_only"}]


@st.composite
def positions(draw):
    """A position reached by random legal play from a seeded deal."""
    n = draw(st.integers(2, 9))
    rules = draw(st.sampled_from(PROFILES))
    if rules.get("teams") and n != 4:
        rules = {}
    seed = draw(st.integers(0, 10**6))
    steps = draw(st.integers(0, 45))
    rng = random.Random(seed)
    state = Game55(n, rules).new_game(rng)
    for _ in range(steps):
        actions = state.legal_actions()
        if not actions:
            break
        nxt = state.copy()
        nxt.play(actions[rng.randrange(len(actions))])
        if nxt.phase in ("deal", "game_over") or nxt.phase == "draw":
            break
        state = nxt
    return state


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_position_round_trips(state):
    pos = state_to_position(state)
    text = format_position(pos)
    again = parse_position(text)
    assert again == pos
    assert format_position(again) == text
    rebuilt = position_to_state(again)
    assert rebuilt.phase == state.phase and rebuilt.to_act == state.to_act
    assert [sorted(h) for h in rebuilt.hands] == [sorted(h) for h in state.hands]
    assert set(map(str, rebuilt.legal_actions())) == set(map(str, state.legal_actions()))


MUTATION_ALPHABET = "0123456789 :=#\n-TJQKASHDCtrickhandplayers♠♥[],x"


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(), edits(MUTATION_ALPHABET))
def test_malformed_positions_raise_only_input_error(state, changes):
    text = apply_edits(format_position(state_to_position(state)), changes)
    try:
        pos = parse_position(text)
    except InputError as e:
        assert str(e)
    else:
        assert isinstance(pos, Position55)
        assert parse_position(format_position(pos)) == pos, (text, format_position(pos))


def test_a_position_without_a_dealer_line_equals_it_written_out():
    """Found by the fuzz test: "players: 4#dealer: 3" comments the dealer line out; the
    position (dealer: the last seat) must equal the same position formatted and read again."""
    text = EXAMPLE.replace("players: 4\ndealer: 3", "players: 4#dealer: 3")
    pos = parse_position(text)
    assert pos.dealer == 3
    assert parse_position(format_position(pos)) == pos


def _round_trip(state):
    pos = state_to_position(state)
    text = format_position(pos)
    assert parse_position(text) == pos
    return text, position_to_state(parse_position(text))


def test_a_finished_hand_is_a_position_with_the_scores_before_it():
    from tutor.games.g55 import play_random_hand
    s = Game55(3, scores=(10, 0, 5)).new_game(random.Random(7))
    play_random_hand(s, random.Random(1))
    assert s.phase in ("deal", "game_over") and len(s.tricks) == 5
    pos = state_to_position(s)
    assert not any(pos.hands) and pos.scores == (10, 0, 5) and pos.dealer == s.hand_dealer
    text, again = _round_trip(s)
    assert text.count("trick:") == 5
    assert (again.phase, again.scores, again.dealer) == (s.phase, s.scores, s.dealer)


def test_a_hand_thrown_in_is_a_position():
    s = Game55(3, {"all_pass": "redeal_next_dealer"}).new_game(random.Random(2))
    while s.phase == "auction":
        s.play(Call(s.to_act, "pass"))
    assert s.phase == "deal" and s.auction.bidder is None
    text, again = _round_trip(s)
    assert "calls: pass pass pass" in text and again.phase == "deal"
    assert again.dealer == s.dealer and again.hands == s.hands


def test_the_exchanges_of_others_draw_max_are_written_and_read_back():
    for seed in range(40):
        rng = random.Random(seed)
        s = Game55(4, {"others_draw_max": 2}).new_game(rng)
        while s.phase not in ("play", "deal"):
            legal = s.legal_actions()
            discards = [a for a in legal if type(a).__name__ == "Discard"]
            s.play(discards[0] if s.phase == "draw" and discards and rng.random() < 0.5 else
                   next((a for a in legal if getattr(a, "call", None) != "pass"), legal[0]))
            if s.phase == "draw":
                text, again = _round_trip(s)
                assert again.to_act == s.to_act and again.hands == s.hands
        if s.phase == "play" and " for " in format_position(state_to_position(s)):
            text, again = _round_trip(s)
            assert "exchange" in text and again.hands == s.hands
            assert again.legal_actions() == s.legal_actions()
            return
    pytest.fail("no seed gave an exchange")


@pytest.mark.parametrize("line,words", [
    ("exchange 1: none", "seat 0 comes first"),  # from the dealer's left, in turn
    ("exchange 3: none", "the bidder does not exchange"),
    ("exchange 0: 9H for", "as many cards"),
    ("exchange 0: 4H", "seat 0 has not exchanged yet"),  # and a trick is under way
])
def test_a_bad_exchange_line_is_an_input_error(line, words):
    text = EXAMPLE.replace("teams=[[0, 2], [1, 3]]", "teams=[[0, 2], [1, 3]] others_draw_max=2")
    parse_position(text)  # nobody exchanged
    if line.endswith("4H"):  # seat 0 has discarded its 4H and not drawn yet
        text = text.replace("hand 0: 3D 7S QC 4H", "hand 0: 3D 7S QC")
    with pytest.raises(InputError, match=words):
        parse_position(text + line + "\n")
