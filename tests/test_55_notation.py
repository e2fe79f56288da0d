"""The card and 55 position notations: examples, round trips (hypothesis) and malformed text
that never raises anything but the documented InputError."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from notation_edits import apply_edits, edits
from wording import ANY, fits, said

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





def words(id: str | tuple, **params) -> str:
    """The message ``id`` (a plural: its two forms and its count) worded, as said()."""
    return said.n(*id, **params) if isinstance(id, tuple) else said(id, **params)


def line_of(where: str | None) -> int | None:
    """The line of the position an error names (its ``where``, in the code's own form)."""
    m = re.match(r"line (\d+)\b", where or "")
    return int(m.group(1)) if m else None


CARD_ERRORS = ("{text} is not a card (expected text such as '10H')",
               "{text} is not a card: a card is a rank then a suit, such as 10H",
               "{text} is not a card (the rank comes first: {card})",
               "{text} is not a card: {suit} is not a suit (S, H, D, C or ♠ ♥ ♦ ♣)",
               "{text} is not a card: {rank} is not a rank (2-10, T, J, Q, K, A)")


CARD_ERROR_WORDS = [said(m, text=ANY, card=ANY, suit=ANY, rank=ANY) for m in CARD_ERRORS]


def not_a_card(message: str) -> bool:
    """``message`` says its text is not a card (whichever way; worded once, not within a timed
    example)."""
    return any(fits(message, w) for w in CARD_ERROR_WORDS)


@pytest.mark.parametrize("change, line, message, params", [
    (("3D 7S QC 4H", "3D 7S QC 1X"), 6, CARD_ERRORS[3], {"text": "'1X'", "suit": "'X'"}),
    (("hand 1: 2S", "hand 1: 3D"), 7, "{card} appears twice in the position ({places})",
     {"card": "3D", "places": ANY}),
    (("hand 2: 10S QD 2H 6C", "hand 2: 10S QD 2H"), 8,
     ("seat {seat} should hold {n} card (each player is dealt 5 cards, {played} played), not "
      "{held}",
      "seat {seat} should hold {n} cards (each player is dealt 5 cards, {played} played), not "
      "{held}", 4), {"seat": 2, "played": 1, "held": 3}),
    (("trick: KD 9D JD", "trick: KD 9D JD 9H 10H"), 14,
     "a trick has one card from each of the {n} players, not {count}", {"n": 4, "count": 5}),
    (("calls: 10 pass 15 hold pass", "calls: 10 pass 10"), 11,
     "call {number} ({call}) is illegal: {reason} [{rule}]",
     {"number": 3, "call": "10", "reason": ANY, "rule": "55-BID-RAISE"}),
    (("trump: S", "trump: NT"), 13, "{text} is not a suit (use S, H, D, C or ♠ ♥ ♦ ♣)",
     {"text": "'NT'"}),
    (("target_score=110", "target=110"), 4, "unknown house rule {name} (known: {known})",
     {"name": "'target'", "known": ANY}),
    (("scores: 10 -5", "scores: 10 200"), 5, "a score already reaches the target {target}",
     {"target": 110}),
    (("hand 3:", "hand 4:"), 9,
     ("hand {seat} is not a seat: with {n} player the seats are 0 to {last}",
      "hand {seat} is not a seat: with {n} players the seats are 0 to {last}", 4),
     {"seat": 4, "last": 3}),
    (("dealer: 3", "dealer: three"), 3,
     "{text} is not a whole number (write it with the digits 0-9)", {"text": "'three'"}),
    (("kitty: 2C 3S 8C JC 5D", "kitty: 2C 3S 8C JC"), 10, "the kitty has {size} cards, not {count}",
     {"size": 5, "count": 4}),
    (("game: 55", "game: 56"), 1, "this is the notation of {game}, not {text}",
     {"game": "55", "text": "'56'"}),
    (("trump: S", "trumps: S"), 13, "unknown key {key} (known: {known})",
     {"key": "'trumps'", "known": ANY}),
])
def test_errors_say_what_and_where(change, line, message, params):
    old, new = change
    assert old in EXAMPLE
    with pytest.raises(InputError) as e:
        parse_position(EXAMPLE.replace(old, new))
    assert line_of(e.value.where) == line, str(e.value)
    assert fits(e.value.message, words(message, **params)), str(e.value)


def test_illegal_play_in_a_position_names_the_trick_and_rule():
    text = EXAMPLE.replace("hand 3: 3C 4S 9S 7D KS", "hand 3: 4S 9S 7D KS") \
                  .replace("trick: KD 9D JD", "trick: KD 9D JD 3C")
    with pytest.raises(InputError) as e:
        parse_position(text)
    assert line_of(e.value.where) == 14, str(e.value)
    assert fits(e.value.message, said("seat {seat} may not play {card}: {reason} [{rule}]",
                                      seat=3, card="3C", reason=ANY, rule="55-FOLLOW-PLAIN"))


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
        assert repr(text) in str(e) or not_a_card(e.message), str(e)
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
    except InputError as e:  # a card of the list, named where it is
        assert (e.where or "").startswith("card ") and not_a_card(e.message), str(e)
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


@pytest.mark.parametrize("line,message,params", [
    ("exchange 1: none",  # from the dealer's left, in turn
     "the players exchange in turn from the dealer's left: seat {seat} comes first",
     {"seat": 0}),
    ("exchange 3: none", "the bidder does not exchange", {}),
    ("exchange 0: 9H for", "a player draws as many cards as it discarded: {discarded}, not "
     "{drawn}", {"discarded": 1, "drawn": 0}),
    ("exchange 0: 4H",  # and a trick is under way
     "seat {seat} has not exchanged yet, so no card has been played", {"seat": 0}),
])
def test_a_bad_exchange_line_is_an_input_error(line, message, params):
    text = EXAMPLE.replace("teams=[[0, 2], [1, 3]]", "teams=[[0, 2], [1, 3]] others_draw_max=2")
    parse_position(text)  # nobody exchanged
    if line.endswith("4H"):  # seat 0 has discarded its 4H and not drawn yet
        text = text.replace("hand 0: 3D 7S QC 4H", "hand 0: 3D 7S QC")
    with pytest.raises(InputError) as e:
        parse_position(text + line + "\n")
    assert e.value.message == said(message, **params)
