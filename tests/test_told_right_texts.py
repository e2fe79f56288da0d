"""Texts checked against the rules (issue #11 items 9-11, 13, 14): each test reads what a
learner is shown and compares it with what ../shared/rules says."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

from wording import said

from tutor.engine.cards import SUIT_WORDS, Card
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
            assert hint == said("The trumps are the {suits}: all thirteen hearts, the A♥ among "
                                "them, and no other card.", suits=SUIT_WORDS["H"]), hint
        else:
            assert hint == said("The trumps are the {suits} and one more card, from another "
                                "suit.", suits=SUIT_WORDS[q.context["trump"]]), hint
    assert "H" in seen


def test_the_56_explorer_counts_the_points_of_one_pack_and_of_the_deck():
    from tutor.teach.ranking import ranking_view

    points = said("In every suit, trumps included: J 9 A 10 K Q (then 8 7 with 8 players and 64 "
                  "cards). Points: J 3, 9 2, A 1, 10 1, the others 0: 28 in each of the two "
                  "packs, 56 in all the cards dealt.")
    assert ranking_view("56", "S").note == points  # the whole note: no "pack of 48"
    assert points in html.unescape(re.sub(r"<[^>]+>", "", orders_html("56", "S")))


def test_the_ace_of_hearts_lead_rule_asks_for_a_heart_or_a_trump():
    """55-AH-LEAD: "a player holding a heart must play a heart or a trump"."""
    words = house_rules.words("55", "ah_lead_forces_hearts", True)
    assert words == said("when the A♥ is led, a player who need not play a trump must play a "
                         "heart or a trump if they hold a heart")
    # the lesson's own text (its English source) quotes the rule
    assert "a heart or a trump" in _markdown("55/09-house-rules.ipynb")  # English golden
    comparison = next(c for c in COMPARISONS if c.name == "ah_lead_forces_hearts")
    assert said(comparison.variants[1].note) == said(
        "A player who need not play a trump but holds a heart must play a heart or a trump.")
    # and the engine agrees: a trump is allowed too on an A♥ lead under the house rule
    hand = [Card.parse(c) for c in ("7H", "2S", "JC")]
    rk = ranking("S")
    assert check_card(hand, [Card.parse("AH")], Card.parse("2S"), rk, "led", True) is None


def test_all_five_tricks_on_a_lower_bid_score_30_or_25_with_no_trump():
    """55-SCORE-ALL-FIVE: "30 (25 if no trump was played)"."""
    # the lesson's own text (its English source) quotes the rule
    assert "25 if no trump was played" in _markdown("55/07-scoring.ipynb")  # English golden
    example = next(x for x in EXAMPLES if x.name == "55-score")
    assert said(example.caption) == said(
        "Seat 2 bid 20 and has won every trick so far. Play your last card: the hand ends and is "
        "scored. Five tricks on a bid of 20 score 30 (25 if no trump was played), not 60.")
    sixty = said("60 is only for a bid of 60 made; all five tricks on a lower bid score the hand "
                 "points, 30 (25 if no trump was played) (55-SCORE-ALL-FIVE).")
    told = 0
    for seed in range(60):
        q = make_question("score_hand", "55", seed)
        if q.context["bid"] != 60:  # +60, a wrong answer, is told what all five tricks score
            assert q.meanings["60"] == sixty, q.meanings
            told += 1
        else:
            assert sixty not in q.meanings.values()
    assert told


def test_house_rules_are_said_in_words_never_by_setting_name():
    for game, name, value in (("55", "renege_mode", "none"), ("55", "plain_ace_high", True),
                              ("55", "first_lead", "bidder"), ("56", "pass_is_final", True),
                              ("56", "deck_4p", 32), ("56", "cot", True)):
        text = house_rules.words(game, name, value)
        assert name not in text and "True" not in text and "=" not in text, text


DOES_NOT = re.compile(r"[♠♥♦♣] [0-9JQKA]+[♠♥♦♣] does not")  # English golden


def test_calls_are_not_echoed_or_quoted_and_trick_lists_read_as_sentences():
    """'Hold is allowed: 'hold' is allowed here', "then K♣ were played", "J♥ A♥ does not"."""
    for ex in EXAMPLES:
        first = ExampleRun(ex)
        options = first.call_options() if first.phase == "auction" else first.hand()
        for o in options:
            out = ExampleRun(ex).attempt(o)
            assert not re.search(r"'[a-z0-9]+'", out.text), out.text
            assert "is allowed here" not in out.text  # English golden: no echo of the call
    for seed in range(40):
        for kind, game in (("legal_cards", "55"), ("legal_cards:trump_lead", "55"),
                           ("legal_cards", "56")):
            q = make_question(kind, game, seed)
            # a trick said as a sentence, not "then K♣ were played"
            assert "were played" not in q.prompt  # English golden
            assert "was played" not in q.prompt  # English golden
            for text in q.meanings.values():  # not "J♥ A♥ does not"
                assert not DOES_NOT.search(text), text
                assert said.around("Legal: {cards}.", "cards")[0] not in text


def test_seats_questions_do_not_say_the_seat_before_the_leader_has_played():
    """56/01: when seat s has just led, the seat on its left plays last, not "before"."""
    for seed in range(0, 400, 5):  # "next_play" asks
        q = make_question("seats56", "56", seed)
        if q.context.get("ask") != "next_play" or len(q.context.get("trick", ())) != 1:
            continue
        s, n = q.context["seat"], q.context["players"]
        left = q.meanings[str((s - 1) % n)]
        assert left == said("Seat {seat} sits on seat {other}'s left: it plays last to this "
                            "trick, not next (turn order runs counter-clockwise).",
                            seat=(s - 1) % n, other=s)


def test_twin_captions_say_what_each_seat_played():
    example = next(x for x in EXAMPLES if x.name == "56-twin")
    shown = said(example.caption)  # the whole caption: each seat's card, not "the others"
    assert shown == said(
        "Hearts are trumps. Seat 1 led the J♥; seats 2, 4 and 5 followed with hearts and seat 3, "
        "holding none, played the J♣. You hold the other J♥, your only heart, so you must play "
        "it: it is identical to the led one, and of two identical cards the one played first "
        "ranks higher: yours cannot beat it.")
    assert "J♣" in shown
