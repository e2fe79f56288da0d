"""Rule cases check the form of every input before any rule is applied (issue #11, items 17
and 18; shared/acceptance/README.md "Input errors", 55.md section 8, 56.md section 7).

A call list is read whole first: a call of another shape anywhere in it is an input error,
even after an illegal call; only then are the rules applied and the first illegal call named.
Case files write calls exactly as the README lists them, numbers in digits: the spoken forms
("thirty spades", "30 Dice") are for the learner's text boxes, which still take them."""

from __future__ import annotations

import pytest

from tutor.cases import answer


def _55_auction(calls, players=4, **extra):
    return answer({"id": "t", "game": "55", "ask": "auction", "players": players,
                   "calls": calls, **extra})


def _is_error(got) -> bool:
    return isinstance(got, dict) and got.get("error") is True


# -- 55 (item 17) --------------------------------------------------------------------------
@pytest.mark.parametrize("calls", [
    ["Pass"], ["PASS"], ["pass", "Hold"], [" pass"], ["pass "], ["10 "], ["010"], ["10.0"],
    [10], [None], [["pass"]], ["１０"], ["pass", "pass", "pass", "HOLD"], ["30"],
])
def test_55_auction_a_call_not_written_as_the_readme_lists_it_is_an_input_error(calls):
    got = _55_auction(calls)
    assert _is_error(got), got
    assert "call" in got["message"]


@pytest.mark.parametrize("calls", [
    ["hold", "30"], ["hold", "Pass"], ["pass", "hold", "pass", "pass", "twenty"],
    ["15", "10", "x"],
])
def test_55_auction_a_malformed_call_after_an_illegal_one_is_an_input_error(calls):
    got = _55_auction(calls)
    assert _is_error(got), got


def test_55_auction_the_malformed_call_is_named_by_its_place():
    got = _55_auction(["hold", "30"])
    assert "call 2" in got["message"] and "'30'" in got["message"]


@pytest.mark.parametrize("calls, illegal_at, rule", [
    (["hold"], 0, "55-BID-HOLD"),
    (["hold", "pass", "pass"], 0, "55-BID-HOLD"),  # calls after it are only read for form
    (["15", "10", "pass"], 1, "55-BID-RAISE"),
])
def test_55_auction_well_formed_calls_that_break_a_rule_are_still_illegal(calls, illegal_at,
                                                                          rule):
    assert _55_auction(calls) == {"illegal_at": illegal_at, "rule": rule}


def test_55_auction_well_formed_calls_still_answer():
    assert _55_auction(["pass", "15", "pass", "hold", "pass"]) == {
        "done": True, "bidder": 3, "bid": 15}
    assert _55_auction(["15", "20", "pass", "pass"]) == {"done": True, "bidder": 1, "bid": 20}
    assert _is_error(_55_auction(["15", "20", "pass", "pass", "pass"]))  # after the end
