"""The 56 position notation and the bid parser: round trips, and any text either parses or
gets the documented InputError (hypothesis)."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from notation_edits import apply_edits, edits
from wording import ANY, fits, said

from tutor.engine.errors import InputError
from tutor.games.g56 import parse_call
from tutor.games.g56.auction import Call56, number_words
from tutor.games.g56.game import Game56
from tutor.games.g56.notation import (
    Position56,
    format_position,
    parse_position,
    position_to_state,
    state_to_position,
)

NOT_A_CALL = ("{text} is not a call of 56 (pass, double, redouble, or a bid such as 30S, S30, "
              "30NT, 30NOES, +2S, +1NOES)")



NOT_A_CALL_WORDS = said(NOT_A_CALL, text=ANY)  # worded once, not within a timed example


def words(id: str | tuple, **params) -> str:
    """The message ``id`` (a plural: its two forms and its count) worded, as said()."""
    return said.n(*id, **params) if isinstance(id, tuple) else said(id, **params)


def line_of(where: str | None) -> int | None:
    """The line of the position an error names (its ``where``, in the code's own form)."""
    m = re.match(r"line (\d+)\b", where or "")
    return int(m.group(1)) if m else None


STYLES_WRITTEN = ["{n}{s}", "{s}{n}", "{n}NT", "{n}NOES", "+{k}{s}", "+{k}NOES", "+{k}NT"]


@given(st.text(max_size=20))
@example("¹")  # a digit to str.isdigit() that int() cannot read
@example("thirty ²")
def test_any_text_is_a_call_or_an_input_error(text):
    try:
        call = parse_call(text)
    except InputError as e:
        assert fits(e.message, NOT_A_CALL_WORDS), str(e)
    else:
        assert isinstance(call, Call56) and parse_call(str(call)) == call


@given(st.sampled_from(STYLES_WRITTEN), st.integers(0, 99), st.integers(0, 30),
       st.sampled_from("SHDC"), st.booleans())
def test_written_bids_round_trip(form, n, k, s, lower):
    text = form.format(n=n, k=k, s=s)
    call = parse_call(text.lower() if lower else text)
    assert str(call) == text and call.kind == "bid"


@given(st.integers(28, 56), st.sampled_from(["spades", "hearts", "diamonds", "clubs"]))
def test_spoken_bids_read_like_their_written_form(n, suit):
    words = number_words(n)
    assert str(parse_call(f"{words} {suit}")) == f"{n}{suit[0].upper()}"
    assert str(parse_call(f"{suit} {words}")) == f"{suit[0].upper()}{n}"
    assert str(parse_call(f"{words} noes")) == f"{n}NOES"
    assert parse_call(parse_call(f"{n}{suit[0]}").spoken()) == parse_call(f"{n}{suit[0]}")


@st.composite
def states(draw):
    n = draw(st.sampled_from([4, 6, 8]))
    rules = draw(st.sampled_from([{}, {"deck_4p": 32}, {"start_tables": 7}, {"cot": True}]))
    rng = random.Random(draw(st.integers(0, 10**6)))
    state = Game56(n, rules).new_game(rng)
    for _ in range(draw(st.integers(0, 70))):
        actions = state.legal_actions()
        nxt = state.copy()
        if state.phase == "auction" and rng.random() < 0.6 and "pass" in \
                state.auction.legal_calls()["calls"]:
            action = actions[0]
        else:
            action = actions[rng.randrange(len(actions))]
        nxt.play(action)
        if nxt.phase in ("deal", "match_over", "cot_offer", "cot_answer"):
            break
        state = nxt
    return state


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(states())
def test_position_round_trips(state):
    pos = state_to_position(state)
    text = format_position(pos)
    assert parse_position(text) == pos
    rebuilt = position_to_state(pos)
    assert rebuilt.phase == state.phase and rebuilt.to_act == state.to_act
    assert [sorted(h) for h in rebuilt.hands] == [sorted(h) for h in state.hands]
    assert rebuilt.tables == state.tables
    assert set(map(str, rebuilt.legal_actions())) == set(map(str, state.legal_actions()))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(states(), edits("0123456789 :=#\n+JQKATSHDCtrickNOES♠"))
def test_malformed_positions_raise_only_input_error(state, changes):
    text = apply_edits(format_position(state_to_position(state)), changes)
    try:
        pos = parse_position(text)
    except InputError as e:
        assert str(e)
    else:
        assert isinstance(pos, Position56)


EXAMPLE = """\
game: 56
players: 4
dealer: 3
tables: 12 12
hand 0: JS 9S AS 10S KS QS JH 9H AH 10H KH QH
hand 1: JD 9D AD 10D KD QD JC 9C AC 10C KC QC
hand 2: JS 9S AS 10S KS QS JH 9H AH 10H KH QH
hand 3: JD 9D AD 10D KD QD JC 9C AC 10C KC QC
calls: 28S pass +2H pass pass pass
"""


@pytest.mark.parametrize("change, line, message, params", [  # line None: not checked
    (("calls: 28S", "calls: 28X"), 9, NOT_A_CALL, {"text": "'28X'"}),
    (("calls: 28S", "calls: 27S"), 9, "call {number} ({call}) is illegal: {why} [{rule}]",
     {"number": 1, "call": "27S", "why": ANY, "rule": "56-BID-RANGE"}),
    (("hand 1: JD", "hand 1: 2D"), 6, "{card} is not a card of this 56 deck (ranks {ranks})",
     {"card": "2D", "ranks": "J 9 A 10 K Q"}),
    (("hand 0: JS 9S", "hand 0: JD 9S"), None,
     ("{card} appears {n} time; every card exists only twice (56-COPIES)",
      "{card} appears {n} times; every card exists only twice (56-COPIES)", 3), {"card": "JD"}),
    (("tables: 12 12", "tables: 12 13"), 4,
     "tables are two whole numbers of {low} or more adding up to {total} (the even seats' "
     "first), not {tables}", {"low": 1, "total": 24, "tables": ANY}),
    (("hand 3: JD 9D AD 10D KD QD JC 9C AC 10C KC QC",
      "hand 3: JD 9D AD 10D KD QD JC 9C AC 10C KC"), 8,
     "seat {seat} should hold {need} cards ({dealt} dealt), not {n}",
     {"seat": 3, "need": 12, "dealt": 12, "n": 11}),
    (("players: 4", "players: 5"), None,
     "hand {seat} is missing: give one 'hand N:' line per seat, 0 to {last}",
     {"seat": 4, "last": 4}),
])
def test_errors_say_what_and_where(change, line, message, params):
    old, new = change
    assert old in EXAMPLE
    with pytest.raises(InputError) as e:
        parse_position(EXAMPLE.replace(old, new))
    if line is not None:
        assert line_of(e.value.where) == line, str(e.value)
    assert fits(e.value.message, words(message, **params)), str(e.value)


def test_example_with_a_trick():
    pos = parse_position(EXAMPLE.replace("hand 0: JS 9S AS 10S KS QS", "hand 0: 9S AS 10S KS QS")
                         .replace("hand 1: JD 9D AD 10D KD QD JC", "hand 1: 9D AD 10D KD QD JC")
                         .replace("hand 2: JS 9S AS 10S KS QS", "hand 2: JS 9S AS 10S KS")
                         .replace("hand 3: JD 9D AD 10D KD QD JC", "hand 3: 9D AD 10D KD QD JC")
                         + "trick: JS JD QS JD\n")
    state = position_to_state(pos)
    assert state.contract.denomination == "H" and state.to_act == 0  # the first J♠ won


def _round_trip(state):
    pos = state_to_position(state)
    text = format_position(pos)
    assert parse_position(text) == pos
    return text, position_to_state(parse_position(text))


def test_a_settled_hand_is_a_position_with_the_tables_before_it():
    from tutor.games.g56.game import play_random_hand
    s = Game56(4).new_game(random.Random(3))
    play_random_hand(s, random.Random(4))
    assert s.phase in ("deal", "match_over") and s.tables != [12, 12]
    pos = state_to_position(s)
    assert not any(pos.hands) and pos.tables == (12, 12) and pos.dealer == s.hand_dealer
    text, again = _round_trip(s)
    assert (again.phase, again.tables, again.dealer) == (s.phase, s.tables, s.dealer)


def test_the_surrender_offer_is_a_cot_line():
    from tutor.engine.state import Call
    s = Game56(4, {"cot": True}).new_game(random.Random(1))
    for call in ("28S", "pass", "pass", "pass"):
        s.play(Call(s.to_act, call))
    for word, phase, line in ((None, "cot_offer", "cot:\n"), ("surrender", "cot_answer",
                              "cot: surrender\n"), ("accept", "deal", "cot: surrender accept\n")):
        if word:
            s.play(Call(s.to_act, word))
        text, again = _round_trip(s)
        assert line in text and again.phase == s.phase == phase and again.tables == s.tables
    with pytest.raises(InputError) as e:
        parse_position(text.replace("cot: surrender accept", "cot: accept"))
    assert fits(e.value.message, said("{word} is not a choice here ({choices})",
                                      word=repr("accept"), choices=ANY)), str(e.value)
    with pytest.raises(InputError) as e:
        parse_position(text.replace("rules: cot=true\n", ""))
    assert e.value.message == said("there is no surrender offer at this table (house rule "
                                   "cot), so there is no cot line")
