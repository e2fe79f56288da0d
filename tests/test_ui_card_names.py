"""Every card is named in words, with its state (issue 13).

A card button's text is hidden by the stylesheet (its face is a CSS background) and is its
accessible name: the card in words, then its state in words, "ten of hearts, allowed"; its
title (the tooltip, left unset) is the same words.  The tests walk the widget trees that the
builders of tutor.ui make -- the hand, the quiz, the worked example, both guided hands, for
cards of both games -- and check every card button there, then change the state and check
the name follows.  Face-down cards are named once per seat; the SVG faces by their words.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import ipywidgets as widgets
import pytest
from wording import said

from tutor.engine.cards import ALL_CARDS, Card
from tutor.games.g55.game import Game55
from tutor.games.g56.game import Game56
from tutor.games.registry import load_position
from tutor.teach.content import BOARD_POSITIONS, EXAMPLES
from tutor.teach.examples import ExampleRun
from tutor.ui import hand_widget, quiz_widget, worked_example
from tutor.ui.aria import ButtonRow
from tutor.ui.cards import backs_html, card_chip, card_class, card_svg, cards_html
from tutor.ui.g55.guided import guided_hand
from tutor.ui.g56.guided import guided_hand_56
from tutor.ui.hand import CardButton
from tutor.ui.table import table_html

# What each mark says (message ids), in the order a name says it (selected first).
WORDS = {"tt-selected": "selected", "tt-legal": "allowed", "tt-dim": "not allowed",
         "tt-illegal": "not allowed", "tt-hinted": "marked by a hint", "tt-right": "right",
         "tt-wrong": "wrong", "tt-missed": "missed"}
SYMBOLS = re.compile("[♠♥♦♣♤♡♢♧✓✕★+]")
FACE = {card_class(c, four): c for c in ALL_CARDS for four in (False, True)}


def card_buttons(widget: widgets.Widget) -> list[CardButton]:
    """The card buttons shown in ``widget`` (the buttons with a card's face)."""
    out = []

    def walk(w) -> None:
        if isinstance(w, CardButton) and "tt-cardbtn" in w._dom_classes:
            out.append(w)
        if isinstance(w, ButtonRow):  # a row of buttons in one widget (a worked example's)
            out.extend(b for b in w.buttons if "tt-cardbtn" in b._dom_classes)
        for child in getattr(w, "children", ()):
            walk(child)

    walk(widget)
    return out


def face(button: CardButton) -> Card:
    """The card painted on ``button`` (by its face's class)."""
    (card,) = [FACE[c] for c in button._dom_classes if c in FACE]
    return card


def named(name: str, *states: str) -> str:
    """``name`` with the words of ``states`` (message ids) after it: "ten of hearts, allowed"."""
    for state in states:
        name = said("{name}, {state}", name=name, state=said(state))
    return name


def after(state: str) -> str:
    """The words a name ends with when it says ``state`` (a message id): ", selected"."""
    return said.around("{name}, {state}", "name", state=said(state))[1]


def seated(card: Card) -> set[str]:
    """The names of ``card`` played by a seat (a trick's twins of 56 told apart)."""
    return {said("{card}, seat {seat}", card=card.spoken, seat=s) for s in range(8)}


def names_for(button: CardButton) -> set[str]:
    """The names ``button`` may have: its card's words, alone or with a seat, then the words
    of its state classes."""
    states = dict.fromkeys(w for c, w in WORDS.items() if c in button._dom_classes)
    return {named(base, *states) for base in {face(button).spoken, *seated(face(button))}}


def check_names(widget: widgets.Widget, least: int = 1) -> list[CardButton]:
    """Every card button of ``widget`` is named in words, its card then its state."""
    buttons = card_buttons(widget)
    assert len(buttons) >= least
    for b in buttons:
        name = b.description
        assert name in names_for(b), name
        assert not SYMBOLS.search(name), name
        assert name.startswith(face(b).spoken), (name, face(b))
        assert b.tooltip is None  # the title is the name too (the view's fallback)
        # a card that may be chosen says whether it is (aria-pressed); others do not
        assert b.pressed in (None, "tt-selected" in b._dom_classes), (name, b.pressed)
    return buttons


def play_state(game, seed: int):
    """A state in the play phase (a few cards played), from a random deal."""
    rng = random.Random(seed)
    st = game.new_game(rng)
    for _ in range(500):
        if st.phase == "play" and len(st.trick) >= 1:
            return st
        st.play(rng.choice(st.legal_actions()))
    raise AssertionError("no play phase reached")


def position(game: str):
    p = next(p for p in BOARD_POSITIONS if f"game: {game}" in p.text)
    return load_position(p.text)


# -- the hand ------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", ["55", "56"])
def test_hand_buttons_are_named_and_follow_show_legal_and_a_refused_card(game):
    st = position(game)
    seat = st.to_act
    hand = hand_widget(st, seat)
    buttons = check_names(hand, len(st.hands[seat]))
    assert sorted(b.description for b in buttons) == sorted(c.spoken for c in st.hands[seat])

    hand.legal_toggle.value = True
    legal = set(st.legal_cards(seat))
    check_names(hand)
    for b, c in hand.buttons:
        assert b.description == named(c.spoken, "allowed" if c in legal else "not allowed")

    bad = next((c for c in st.hands[seat] if c not in legal), None)
    if bad is not None:
        hand.click(bad)
        b = next(b for b, c in hand.buttons if c is bad)
        assert b.description == named(bad.spoken, "selected", "not allowed")
        check_names(hand)

    hand.legal_toggle.value = False
    for b, c in hand.buttons:
        assert b.description == (named(c.spoken, "selected", "not allowed") if c is bad
                                 else c.spoken)


@pytest.mark.parametrize("game, seed", [(Game55(4), 3), (Game56(6), 4), (Game56(8), 5)])
def test_hand_buttons_of_a_dealt_hand(game, seed):
    st = play_state(game, seed)
    hand = hand_widget(st, st.to_act, show_legal=True)
    check_names(hand, len(st.hands[st.to_act]))
    played = next(c for c in st.legal_cards(st.to_act))
    hand.click(played)  # the hand redraws; the cards left keep their buttons and names
    check_names(hand, len(st.hands[hand.seat]))


# -- the quiz ------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", ["55", "56"])
@pytest.mark.parametrize("kind", ["legal_cards", "trick_winner", "card_order"])
def test_quiz_card_choices_are_named_through_picks_hints_and_feedback(game, kind):
    for seed in range(1, 4):
        w = quiz_widget(kinds=(kind,), game=game, seed=seed)
        buttons = check_names(w, 2)
        if kind == "trick_winner":  # the twins of 56 told apart: the seat that played each
            assert all(b.description in seated(face(b)) for b in buttons)
        first = buttons[0]
        base = first.description
        assert all(b.pressed is False for b in buttons)  # choosable: aria-pressed="false"
        w.pick(0)
        assert first.description == named(base, "selected") and first.pressed is True
        check_names(w)
        if w.question.mode == "many":
            w.pick(0)  # picked again: unselected
            assert first.description == base
            w.pick(0)
        if w.question.mode == "order":  # every card placed before a check
            for i in range(1, len(buttons)):
                w.pick(i)
            assert all(b.description.endswith(after("selected")) for b in buttons)
        for _ in range(2):  # hints that mark cards (the last would show the answer)
            w.hint()
            check_names(w)
        w.check()
        checked = check_names(w)
        assert any(after(w) in b.description for b in checked for w in ("right", "wrong", "missed"))
        w.next()
        check_names(w, 2)


def test_quiz_hint_marks_are_said():
    for seed in range(1, 40):
        w = quiz_widget(kinds=("legal_cards",), game="55", seed=seed)
        for _ in range(3):
            w.hint()
            marked = [b for b in card_buttons(w) if "tt-hinted" in b._dom_classes]
            if marked:
                assert all(b.description.endswith(after("marked by a hint")) for b in marked)
                check_names(w)
                return
    pytest.fail("no hint marked a card")


# -- the worked example --------------------------------------------------------------------------
CARD_EXAMPLES = [x.name for x in EXAMPLES if ExampleRun(x).phase != "auction"]


@pytest.mark.parametrize("name", CARD_EXAMPLES)
def test_worked_example_cards_are_named_through_tries(name):
    assert any(n.startswith("55-") for n in CARD_EXAMPLES)
    assert any(n.startswith("56-") for n in CARD_EXAMPLES)
    w = worked_example(name)
    run = w.run
    check_names(w, len(run.hand()))
    w.legal_toggle.value = True
    legal = set(run.legal_cards())
    for b, c in w.buttons:
        assert b.description == named(c.spoken, "allowed" if c in legal else "not allowed")
    bad = next((c for c in run.hand() if run.check(c) is not None), None)
    if bad is not None:
        w.attempt(bad)
        b = next(b for b, c in w.buttons if c is bad)
        assert b.description == named(bad.spoken, "selected", "not allowed")
        check_names(w)
    w.legal_toggle.value = False
    good = next(c for c in run.hand() if run.check(c) is None)
    w.attempt(good)
    check_names(w, 0)  # the last card of a hand: the score, no cards left
    w.again.click()
    for b, c in w.buttons:
        assert b.description == c.spoken


# -- the guided hands --------------------------------------------------------------------------
def test_guided_55_discards_and_hand_are_named():
    for seed in range(1, 80):
        w = guided_hand(seed=seed)
        g = w.guide
        while g.state.phase == "auction" and g.learner_to_act:
            bids = [b for b, c in w.call_buttons if c != "pass"]
            (bids[-1] if bids else w.call_buttons[0][0]).click()
        if g.state.phase == "discard" and g.learner_to_act:
            break
    else:
        pytest.fail("the learner never won an auction")
    check_names(w, len(g.state.hands[g.seat]))
    b, card = w.card_buttons[0]
    assert b.pressed is False  # a discard is chosen: aria-pressed
    b.click()
    assert b.description == named(card.spoken, "selected") and b.pressed is True
    b.click()
    assert b.description == card.spoken and b.pressed is False
    need = len(g.state.hands[g.seat]) - 5
    for b, _ in w.card_buttons[:need]:
        b.click()
    check_names(w)
    w.discard_button.click()
    w.call_buttons[0][0].click()  # trumps
    while not g.over:
        if g.state.phase == "play" and g.learner_to_act:
            assert all(b.pressed is None for b, _ in w.hand.buttons)  # a card to play
            check_names(w.hand, len(g.state.hands[g.seat]))
            legal = set(g.state.legal_cards(g.seat))
            next(b for b, c in w.hand.buttons if c in legal).click()
        elif w.call_buttons:
            w.call_buttons[0][0].click()
        else:
            w.choices.children[0].click()


@pytest.mark.parametrize("players", [4, 6, 8])
def test_guided_56_hand_is_named_with_the_legal_marks(players):
    w = guided_hand_56(players=players, seed=3)
    g = w.guide
    rng = random.Random(3)
    checked = 0
    for _ in range(300):
        if g.over:
            break
        if g.state.phase == "play" and g.learner_to_act:
            buttons = check_names(w.hand, len(g.state.hands[g.seat]))
            legal = set(g.state.legal_cards(g.seat))
            assert all(b.description == named(c.spoken, "allowed" if c in legal else "not allowed")
                       for b, c in w.hand.buttons)
            checked += 1
            rng.choice([b for b, c in w.hand.buttons if c in legal]).click()
            assert buttons
        elif w.call_buttons:
            w.call_buttons[0][0].click()
        elif w.cot_buttons:
            w.cot_buttons[0][0].click()
        else:
            rng.choice(w.bid_buttons)[0].click()
    assert checked >= 3


# -- pictures: faces, chips, the backs ------------------------------------------------------------
def test_faces_and_chips_are_images_named_in_words():
    svg = ET.fromstring(card_svg(Card.parse("10H"), state="legal"))
    assert svg.get("role") == "img"
    assert svg.get("aria-label") == "ten of hearts, allowed"  # English golden: a name as it reads
    assert svg.get("aria-label") == named(Card.parse("10H").spoken, "allowed")
    assert ET.fromstring(card_svg(Card.parse("10H"), state="illegal")).get("aria-label") \
        == named(Card.parse("10H").spoken, "not allowed")
    row = cards_html([Card.parse(c) for c in ("QS", "9D")], label="seat 1's hand")
    assert re.findall(r'role="img" aria-label="([^"]+)"', row) == [Card.parse("QS").spoken,
                                                                  Card.parse("9D").spoken]
    chip = card_chip(Card.parse("AC"))
    assert f'role="img" aria-label="{Card.parse("AC").spoken}"' in chip
    assert '<span aria-hidden="true">' in chip


def test_backs_are_one_name_per_seat():
    label = "seat 2: five cards face down"  # the caller's label
    html = backs_html(5, label=label)
    assert html.count('role="img"') == 1 and html.count('aria-hidden="true"') == 5
    assert f'aria-label="{label}"' in html
    one = said.n("{number} card face down", "{number} cards face down", 1, number=said("one"))
    assert f'aria-label="{one}"' in backs_html(1)


@pytest.mark.parametrize("game, seed", [(Game55(4), 1), (Game56(6), 2), (Game56(8), 3)])
def test_a_table_names_each_hidden_hand_once(game, seed):
    st = play_state(game, seed)
    view = table_html(st, viewer=0)
    assert said("a face-down card") not in view
    names = re.findall(r'class="tt-fan tt-backs" role="img" aria-label="([^"]+)"', view)
    assert len(names) == st.n - 1
    words = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
             8: "eight"}  # message ids
    for s in range(1, st.n):
        count = len(st.hands[s])
        hidden = said.n("seat {seat}: {number} card face down",
                        "seat {seat}: {number} cards face down", count, seat=s,
                        number=said(words[count]))
        assert hidden in names
    assert view.count("tt-card-back") == sum(len(h) for h in st.hands[1:])
    backs = re.findall(r'<span[^>]*tt-card-back[^>]*>', view)
    assert backs and all('aria-hidden="true"' in b and "role=" not in b for b in backs)
