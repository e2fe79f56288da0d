"""Cards drawn as SVG, the hand widget and the table widget, without a browser."""

from __future__ import annotations

import html as html_mod
import logging
import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import ipywidgets as widgets
import pytest
from wording import said

from tutor.engine.cards import Card
from tutor.engine.state import Play
from tutor.games.g55.game import Game55
from tutor.games.g55.notation import parse_position, position_to_state
from tutor.games.g56.game import Game56
from tutor.teach.content import BOARD_POSITIONS
from tutor.ui import card_svg, hand_widget, table_widget
from tutor.ui.aria import ButtonRow, RowButton
from tutor.ui.cards import SIZES, back_svg, card_class, card_css, cards_html, deck_css, main
from tutor.ui.hand import HandWidget
from tutor.ui.table import LAYOUT, TableWidget, seat_order, table_html

SVG = "{http://www.w3.org/2000/svg}"
CARDS_SHEET = (Path(__file__).resolve().parents[1]
               / "share/jupyter/voila/templates/tutor/static/tutor-cards.css")


def card(text: str) -> Card:
    return Card.parse(text)


def state_of(index: int):
    return position_to_state(parse_position(BOARD_POSITIONS[index].text))


def named(text: str, state: str) -> str:
    """A card's name with the words of its state (a message id): "ten of hearts, allowed"."""
    return said("{name}, {state}", name=card(text).spoken, state=said(state))


def sorry(problem: str) -> str:
    """What a failing callback shows."""
    return said("Sorry, that did not work: {problem}", problem=problem)


# -- cards ------------------------------------------------------------------------------------
def test_a_card_is_an_accessible_svg_with_corners_and_a_pip():
    svg = card_svg(card("10H"))
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg"
    assert root.get("role") == "img" and root.get("aria-label") == card("10H").spoken
    assert root.find(SVG + "title") is None  # a <title> would be a description saying it again
    assert root.get("viewBox") == "0 0 100 140"
    assert (root.get("width"), root.get("height")) == ("64", "90")
    ranks = [t.text for t in root.iter(SVG + "text")]
    assert ranks == ["10", "10"]  # two corners
    assert len(list(root.iter(SVG + "rect"))) == 1  # the rounded card
    assert root.find(SVG + "rect").get("rx") == "8"
    pips = [g for g in root.iter(SVG + "g") if g.get("fill")]
    assert len(pips) == 3  # two corner pips and the big one


@pytest.mark.parametrize("text, two, four", [
    ("AS", "#1a1a1a", "#1a1a1a"), ("KH", "#c8102e", "#c8102e"),
    ("QD", "#c8102e", "#1a55c4"), ("JC", "#1a1a1a", "#127a35")])
def test_suit_colours_and_the_four_colour_deck(text, two, four):
    assert f'fill="{two}"' in card_svg(card(text))
    assert f'fill="{four}"' in card_svg(card(text), four_colour=True)


def test_sizes_states_and_the_back():
    big = ET.fromstring(card_svg(card("5S"), size="large"))
    assert (big.get("width"), big.get("height")) == tuple(map(str, SIZES["large"]))
    legal = card_svg(card("5S"), state="legal")
    assert f'aria-label="{named("5S", "allowed")}"' in legal and "#1b7f3b" in legal
    assert f'aria-label="{named("5S", "not allowed")}"' in card_svg(card("5S"), state="illegal")
    assert 'opacity="0.45"' in card_svg(card("5S"), state="dim")
    assert "#0b57d0" in card_svg(card("5S"), state="selected")
    back = ET.fromstring(back_svg())
    assert back.get("aria-label") == said("a face-down card")
    with pytest.raises(ValueError):
        card_svg(card("5S"), size="huge")
    with pytest.raises(ValueError):
        card_svg(card("5S"), state="glowing")


def test_every_card_draws_and_text_is_escaped():
    for c in Card._interned.values():
        ET.fromstring(card_svg(c))  # well-formed
    assert "&lt;b&gt;" in card_svg(card("2C"), label="<b>")
    row = cards_html([card("2C"), card("3D")], fan=True, label="a hand")
    assert row.count("<svg") == 2 and 'class="tt-fan"' in row


def test_card_buttons_are_painted_by_css_data_uris():
    css = card_css([card("10H"), card("QC")], four_colour=True)
    assert f".{card_class(card('10H'), True)}" in css and "data:image/svg+xml," in css
    assert "#" not in css.split("url(")[1].split(")")[0]  # a '#' would end the data URI


def sheet_rules(css: str) -> dict[str, str]:
    """selector -> declarations of a stylesheet of plain rules (no @media, no nesting)."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    rules = {}
    for selectors, body in re.findall(r"([^{}]+)\{([^{}]*)\}", css):
        for s in selectors.split(","):
            assert s.strip() not in rules, f"{s.strip()} twice"
            rules[s.strip()] = body
    return rules


def test_the_card_faces_file_is_what_the_generator_makes():
    """tutor-cards.css is made by ``make cards-css`` (python -m tutor.ui.cards --css): a change
    to the drawing of the cards must be followed by running it (this test says so)."""
    assert CARDS_SHEET.read_text(encoding="utf-8") == deck_css(), \
        "tutor-cards.css is out of date: run make cards-css"


def test_the_card_faces_file_paints_every_card_in_both_colour_schemes():
    rules = {s: d for s, d in sheet_rules(deck_css()).items() if "tt-cb-" in s}  # the faces
    deck = list(Card._interned.values())
    # 104 faces, and the 26 diamonds and clubs again under the learner's four-colour setting
    assert len(deck) == 52 and len(rules) == 104 + 26
    for four in (False, True):
        for c in deck:
            [(selector, face)] = sheet_rules(card_css([c], four)).items()
            assert rules[selector] == face  # the same face as card_css draws
            if four and c.suit in "DC":  # the page-wide setting paints the four-colour face
                assert rules[f".tt-four-colour {selector.replace('-4', '')}"] == face
    # spades and hearts look the same in both schemes: one rule, two classes; the setting's
    # classes share their face's rule too; three rules per changed suit repaint the rest
    assert len(re.findall(r"\{", deck_css())) == 52 + 26 + 2 * 3 + 1 + len(SIZES)
    # 56's cards (J 9 A 10 K Q, and the 8s and 7s of some decks) are among them
    for rank in ("J", "9", "A", "10", "K", "Q", "8", "7"):
        assert f".tt-app .jupyter-button.{card_class(card(rank + 'S'))}" in rules


def test_the_generator_writes_the_file(capsys):
    main(["--css"])
    assert capsys.readouterr().out == deck_css()
    with pytest.raises(SystemExit):
        main([])


# -- the hand --------------------------------------------------------------------------------------
def test_hand_buttons_are_keyboard_buttons_named_in_words():
    st = state_of(0)
    hand = hand_widget(st, 0)
    assert isinstance(hand, HandWidget) and isinstance(hand, widgets.Widget)
    labels = [b.description for b, _ in hand.buttons]
    assert sorted(labels) == sorted(c.spoken for c in st.hands[0])
    for b, c in hand.buttons:  # the title is the name too (no tooltip of its own)
        assert isinstance(b, RowButton) and b.card is c  # one widget for the row of cards
        assert b.tooltip is None and b.description == c.spoken
        assert "tt-cardbtn" in b._dom_classes
    for b, c in hand.buttons:  # its face: the rule of its class in tutor-cards.css
        assert card_class(c) in b._dom_classes
    assert isinstance(hand.cards_row, ButtonRow) and hand.row.children == (hand.cards_row,)


def sent_strings(widget):
    """Every string the widget and the widgets inside it send to the browser."""
    for value in widget.get_state().values():
        if isinstance(value, str):
            yield value
    for child in getattr(widget, "children", ()):
        yield from sent_strings(child)


def test_under_voila_card_buttons_come_with_no_css(monkeypatch):
    monkeypatch.setenv("VOILA_BASE_URL", "/")  # as in a kernel Voila started
    from tutor.ui import quiz_widget

    hand = hand_widget(state_of(0), 0, four_colour=True)
    quiz = quiz_widget(["legal_cards"], seed=3, count=1)
    assert hand.buttons and any(card_class(c, True) in b._dom_classes for b, c in hand.buttons)
    assert any("tt-cardbtn" in b._dom_classes for b, _ in quiz.choice_buttons)
    for w in (hand, quiz):
        assert not [s for s in sent_strings(w) if "<style" in s]


def test_an_illegal_card_is_explained_not_played():
    st = state_of(0)  # diamonds trumps, seat 0 to lead
    played = []
    st.play(Play(0, card("KH")))
    st.play(Play(1, card("9D")))
    hand = hand_widget(st, 2, on_play=played.append)  # seat 2 holds 2H: must follow
    before = len(st.history)
    hand.click("10S")
    assert len(st.history) == before and not played
    msg = hand.message.value
    bad = st.check(Play(2, card("10S")))  # the refusal the hand explains
    assert (bad.reason, bad.rule) == ("must_follow_suit", "55-FOLLOW-PLAIN")
    assert bad.alternatives == [card("QD"), card("2H")]
    shown = html_mod.unescape(msg)
    assert said("Not allowed.") in shown and bad.reason_text in shown and "55-FOLLOW-PLAIN" in msg
    assert said("You may play:") in shown
    for c in ("QD", "2H"):  # the alternatives, by name
        assert f'aria-label="{card(c).spoken}"' in msg
    button = next(b for b, c in hand.buttons if c is card("10S"))
    assert "tt-illegal" in button._dom_classes
    hand.click("2H")
    assert st.history[-1] == Play(2, card("2H")) and played == [Play(2, card("2H"))]
    assert said("Seat {seat} played {card}.", seat=2, card="2♥") in hand.message.value
    assert card("2H") not in [c for _, c in hand.buttons]


def test_a_click_plays_and_a_button_click_does_the_same():
    st = state_of(0)
    hand = hand_widget(st, 0)
    b = next(b for b, c in hand.buttons if c is card("KH"))
    b.click()
    assert st.trick == [card("KH")] and hand.error.value == ""


def test_show_legal_marks_legal_and_dims_the_rest():
    st = state_of(0)
    st.play(Play(0, card("KH")))
    st.play(Play(1, card("9D")))
    hand = hand_widget(st, 2, show_legal=True)
    marks = {c.text: b._dom_classes for b, c in hand.buttons}
    assert "tt-legal" in marks["2H"] and "tt-legal" in marks["QD"]
    assert "tt-dim" in marks["10S"] and "tt-legal" not in marks["JC"]
    hand.legal_toggle.value = False
    assert all("tt-legal" not in b._dom_classes for b, _ in hand.buttons)


def test_not_your_turn_is_answered_with_the_rule():
    st = state_of(0)
    hand = hand_widget(st, 1)
    hand.click("AH")
    msg = html_mod.unescape(hand.message.value)
    bad = st.check(Play(1, card("AH")))
    assert (bad.reason, bad.rule, bad.msg.args["turn"]) == ("not_your_turn", "55-LEAD", 0)
    turn = said("It is seat {turn}'s turn to play, not seat {seat}'s.", turn=0, seat=1)
    assert turn in msg and "55-LEAD" in msg


def test_a_failing_hand_callback_shows_a_message(monkeypatch, caplog):
    st = state_of(0)
    hand = hand_widget(st, 0)

    def broken(action):
        raise RuntimeError("the engine broke")

    monkeypatch.setattr(st, "check", broken)
    with caplog.at_level(logging.ERROR, logger="tutor.ui"):
        hand.buttons[0][0].click()
    assert sorry("the engine broke") in hand.error.value
    assert "Traceback" not in hand.error.value + hand.message.value


# -- the table -------------------------------------------------------------------------------------
@pytest.mark.parametrize("n", sorted(LAYOUT)[1:])
def test_every_seat_appears_once_around_the_table(n):
    st = Game55(n).new_game(random.Random(n))
    sides = seat_order(st, 0)
    assert sorted(s for side in sides for s in side) == list(range(n))
    html = table_html(st)
    assert all(f'aria-label="{said("Seat {seat}", seat=s)}"' in html for s in range(n))


@pytest.mark.parametrize("n", [4, 6, 8])
def test_56_tables_have_team_colours(n):
    st = Game56(n).new_game(random.Random(n))
    html = table_html(st)
    assert html.count("tt-seat-red") == n // 2 and html.count("tt-seat-black") == n // 2
    assert f">{said('Red')}</span>" in html and f">{said('Black')}</span>" in html


def test_a_seats_view_hides_the_other_hands():
    st = state_of(0)
    all_up = table_html(st)
    view = table_html(st, viewer=1)
    assert card("AH").spoken in all_up  # seat 1's card
    assert card("AH").spoken in view and said("Seat {seat} (you)", seat=1) in view
    assert card("3D").spoken not in view  # seat 0's card, face down
    assert view.count("tt-card-back") == sum(len(h) for s, h in enumerate(st.hands) if s != 1)
    with pytest.raises(ValueError):
        table_html(st, viewer=7)


def test_the_trick_shows_who_played_and_after_it_who_won_and_why():
    st = state_of(0)
    tw = table_widget(st)
    assert isinstance(tw, TableWidget)
    assert said("Seat {seat} leads to the first trick.", seat=0) in tw.board.value
    for seat, text in [(0, "KH"), (1, "AH")]:
        st.play(Play(seat, card(text)))
    tw.refresh()
    played_by = said("{card}, played by seat {seat}", card=card("KH").spoken, seat=0)
    assert played_by in tw.board.value
    assert said("Seat {seat} led", seat=0) in tw.board.value
    assert said("Seat {seat} to play", seat=2) in tw.board.value
    for seat, text in [(2, "2H"), (3, "3C")]:
        st.play(Play(seat, card(text)))
    tw.refresh()
    html = tw.board.value
    result = st.explain_trick(1)
    assert st.tricks[-1][2] == 1 and result.card == card("AH") and result.rule == "55-TRICK-WIN"
    wins, _ = said.around("Trick {number}: seat {seat} wins with {card}", "card", number=1, seat=1)
    assert wins in html
    assert said("it is the best trump in the trick") in html and "55-TRICK-WIN" in html
    assert said("Seat {seat} · won", seat=1) in html


def test_the_table_reports_a_broken_state_without_a_traceback():
    tw = table_widget(state_of(0))
    tw.state = object()
    tw.refresh()
    sorry_for, _ = said.around("Sorry, that did not work: {problem}", "problem")
    assert sorry_for in tw.error.value and "Traceback" not in tw.error.value


def test_the_table_follows_size_and_viewer():
    st = state_of(0)
    tw = table_widget(st)
    tw.set_size("large")
    assert "tt-large" in tw._dom_classes and 'width="100"' in tw.board.value
    tw.set_viewer(2)
    assert said("Seat {seat} (you)", seat=2) in tw.board.value
    assert card("10S").spoken in tw.board.value


def test_a_seats_backs_are_drawn_once_by_the_stylesheet_not_once_per_card():
    from tutor.ui.cards import backs_html
    html = backs_html(8)
    assert "<svg" not in html and html.count("tt-back-normal") == 8
    sheet = CARDS_SHEET.read_text(encoding="utf-8")
    assert "span.tt-card-back{background:url(" in sheet
    for size, (w, h) in SIZES.items():
        assert f":where(.tt-back-{size}){{width:{w}px;height:{h}px}}" in sheet
