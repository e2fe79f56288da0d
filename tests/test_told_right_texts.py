"""Texts checked against the rules (issue #11 items 9-11, 13, 14): each test reads what a
learner is shown and compares it with what ../shared/rules says."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tutor.engine.cards import Card
from tutor.games.g55.play import check_card, ranking
from tutor.teach import house_rules
from tutor.teach.content import COMPARISONS, EXAMPLES
from tutor.teach.examples import ExampleRun
from tutor.teach.questions import make_question
from tutor.ui.explorer import orders_html

LESSONS = Path(__file__).resolve().parents[1] / "lessons"


def _markdown(notebook: str) -> str:
    cells = json.loads((LESSONS / notebook).read_text())["cells"]
    return "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")


def test_hearts_trumps_hint_does_not_add_one_more_card():
    """55-TRUMP-SUIT: with hearts trumps there are 13 trumps, the A♥ among them."""
    seen = set()
    for seed in range(80):
        q = make_question("find_trumps", "55", seed)
        hint = q.hints[0].text
        seen.add(q.context["trump"])
        if q.context["trump"] == "H":
            assert "one more card" not in hint and "thirteen" in hint, hint
        else:
            assert "one more card" in hint
    assert "H" in seen


def test_the_56_explorer_counts_the_points_of_one_pack_and_of_the_deck():
    note = re.sub(r"<[^>]+>", " ", orders_html("56", "S"))
    assert "pack of 48" not in note
    assert "28 in each of the two packs, 56 in all" in note


def test_the_ace_of_hearts_lead_rule_asks_for_a_heart_or_a_trump():
    """55-AH-LEAD: "a player holding a heart must play a heart or a trump"."""
    words = house_rules.words("55", "ah_lead_forces_hearts", True)
    assert "a heart or a trump" in words
    assert "a heart or a trump" in _markdown("55/09-house-rules.ipynb")
    comparison = next(c for c in COMPARISONS if c.name == "ah_lead_forces_hearts")
    assert "a heart or a trump" in comparison.variants[1].note
    # and the engine agrees: a trump is allowed too on an A♥ lead under the house rule
    hand = [Card.parse(c) for c in ("7H", "2S", "JC")]
    rk = ranking("S")
    assert check_card(hand, [Card.parse("AH")], Card.parse("2S"), rk, "led", True) is None


def test_all_five_tricks_on_a_lower_bid_score_30_or_25_with_no_trump():
    """55-SCORE-ALL-FIVE: "30 (25 if no trump was played)"."""
    assert "25 if no trump was played" in _markdown("55/07-scoring.ipynb")
    example = next(x for x in EXAMPLES if x.name == "55-score")
    assert "25 if no trump was played" in example.caption
    for seed in range(60):
        q = make_question("score_hand", "55", seed)
        for text in q.meanings.values():
            if "all five tricks" in text:
                assert "25 if no trump was played" in text


def test_house_rules_are_said_in_words_never_by_setting_name():
    for game, name, value in (("55", "renege_mode", "none"), ("55", "plain_ace_high", True),
                              ("55", "first_lead", "bidder"), ("56", "pass_is_final", True),
                              ("56", "deck_4p", 32), ("56", "cot", True)):
        text = house_rules.words(game, name, value)
        assert name not in text and "True" not in text and "=" not in text, text


def test_calls_are_not_echoed_or_quoted_and_trick_lists_read_as_sentences():
    """'Hold is allowed: 'hold' is allowed here', "then K♣ were played", "J♥ A♥ does not"."""
    for ex in EXAMPLES:
        first = ExampleRun(ex)
        options = first.call_options() if first.phase == "auction" else first.hand()
        for o in options:
            out = ExampleRun(ex).attempt(o)
            assert not re.search(r"'[a-z0-9]+'", out.text), out.text
            assert "is allowed here" not in out.text
    for seed in range(40):
        for kind, game in (("legal_cards", "55"), ("legal_cards:trump_lead", "55"),
                           ("legal_cards", "56")):
            q = make_question(kind, game, seed)
            assert "were played" not in q.prompt and "was played" not in q.prompt
            for text in q.meanings.values():
                assert not re.search(r"[♠♥♦♣] [0-9JQKA]+[♠♥♦♣] does not", text), text
                assert "Legal:" not in text


def test_seats_questions_do_not_say_the_seat_before_the_leader_has_played():
    """56/01: when seat s has just led, the seat on its left plays last, not "before"."""
    for seed in range(0, 400, 5):  # "next_play" asks
        q = make_question("seats56", "56", seed)
        if q.context.get("ask") != "next_play" or len(q.context.get("trick", ())) != 1:
            continue
        s, n = q.context["seat"], q.context["players"]
        left = q.meanings[str((s - 1) % n)]
        assert "played before" not in left and "plays last" in left


def test_twin_captions_say_what_each_seat_played():
    example = next(x for x in EXAMPLES if x.name == "56-twin")
    assert "the others followed" not in example.caption
    assert "J♣" in example.caption
