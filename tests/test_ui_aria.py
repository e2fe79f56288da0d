"""The buttons that say their state and the live regions (tutor/ui/aria.py, issue #13), on the
kernel's side; tests/browser/test_keyboard.py drives them in a browser."""

from __future__ import annotations

import pytest
from traitlets import TraitError
from wording import said

from tutor.engine.cards import Card
from tutor.games.registry import load_position
from tutor.teach.content import BOARD_POSITIONS
from tutor.ui import quiz_widget
from tutor.ui.aria import ButtonRow, Choices, Live, Pressable, Toggle, spoken_text
from tutor.ui.cards import card_chip
from tutor.ui.hand import card_button, hand_widget, set_state_class
from tutor.ui.style import message_html, rule_html


def test_choices_keep_value_and_index_in_step_both_ways():
    c = Choices(options=[("4 players", 4), ("6 players", 6)], value=6, description="Players:")
    assert (c.labels, c.index, c.value) == (["4 players", "6 players"], 1, 6)
    seen = []
    c.observe(lambda ch: seen.append(ch["new"]), names="value")
    c.index = 0  # what the browser sends
    assert c.value == 4 and seen == [4]
    c.value = 6
    assert c.index == 1
    with pytest.raises(TraitError):
        c.value = 5
    c.options = ["a", "b"]  # the value is gone: the first option
    assert (c.value, c.index, c.labels) == ("a", 0, ["a", "b"])
    assert "value" not in c.keys and "index" in c.keys  # only the index goes to the browser


def test_a_toggle_is_pressed_when_on():
    t = Toggle(description="Show legal cards")
    assert t.get_state()["value"] is False and t.kind == "toggle"
    t.value = True
    assert t.get_state()["value"] is True


def test_a_pressable_button_clicks_takes_the_focus_and_keeps_its_classes_on_the_button():
    b = Pressable(description="Check", button_style="primary")
    b.add_class("tt-action")
    assert b.classes == ["tt-action"] and "_dom_classes" not in b.keys
    hits = []
    b.on_click(hits.append)
    b.click()
    b._on_custom(b, {"event": "click"}, [])  # a click sent by the browser
    b._on_custom(b, {"event": "other"}, [])
    assert hits == [b, b]
    b.disabled = True
    b._on_custom(b, {"event": "click"}, [])
    assert len(hits) == 2
    assert b.pressed is None  # a plain button: no aria-pressed
    b.take_focus()
    assert b._focus is True
    b.take_focus()  # again: still asked (the browser hands it back once done)
    assert b._focus is True


def test_a_row_of_buttons_is_one_widget_whose_buttons_click_only_on_the_drawing_shown():
    row = ButtonRow(group_name="Calls")
    sent = []
    row.comm.send = lambda data=None, **kw: sent.append(data)  # what goes to the browser
    pass_, bid = row.show([{"label": "Pass", "tip": "call pass", "classes": ("tt-choice",)},
                           {"label": "28♠", "disabled": True}])
    assert row.get_state()["items"] == [
        {"label": "Pass", "tip": "call pass", "classes": ["tt-choice"], "disabled": False,
         "pressed": None},
        {"label": "28♠", "tip": None, "classes": [], "disabled": True, "pressed": None}]
    assert len(sent) == 1, "a drawing is one message"
    clicks = []
    pass_.on_click(lambda b: clicks.append(b.description))
    bid.on_click(lambda b: clicks.append(b.description))
    v = row.version
    row._on_custom(row, {"event": "click", "index": 0, "version": v}, [])
    row._on_custom(row, {"event": "click", "index": 1, "version": v}, [])  # disabled
    row._on_custom(row, {"event": "click", "index": 0, "version": v - 1}, [])  # an old drawing
    for bad in ({"event": "click", "index": 9, "version": v}, {"event": "click", "index": "0"},
                {"event": "click"}, "junk"):
        row._on_custom(row, bad, [])
    assert clicks == ["Pass"]
    bid.disabled = False
    bid.add_class("tt-selected")
    bid.add_class("tt-selected")  # already there: no change
    set_state_class(pass_, "tt-illegal")
    assert bid._dom_classes == ("tt-selected",)
    assert pass_._dom_classes == ("tt-choice", "tt-illegal")
    bid.remove_class("tt-selected")
    assert bid._dom_classes == () and not bid.disabled
    sent.clear()
    with row.hold_sync():
        for b in (pass_, bid):
            b.description = b.description + "!"
    assert len(sent) == 1 and [b.description for b in row.buttons] == ["Pass!", "28♠!"]
    bid.take_focus()
    assert row._focus == 1
    again = row.show([{"label": "Double"}])
    assert row.version == v + 1 and row._focus is None and len(again) == 1


def test_a_row_may_hide_a_button_caption_one_and_hold_a_toggle():
    row = ButtonRow(group_name="Answer")
    toggle, hidden, card = row.show([
        {"label": "Show legal cards", "toggle": True},
        {"label": "New questions", "hidden": True},
        {"label": "two of hearts", "card": Card.parse("2H"), "caption": "Seat 0 led"}])
    items = row.get_state()["items"]
    assert items[0]["pressed"] is False and items[1]["hidden"] is True
    assert items[2]["caption"] == "Seat 0 led" and "hidden" not in items[2]
    clicks, changes = [], []
    hidden.on_click(lambda b: clicks.append(b.description))
    toggle.on_change(lambda ch: changes.append(ch["new"]))
    row._on_custom(row, {"event": "click", "index": 1, "version": row.version}, [])
    assert clicks == []  # a hidden button is not there to click
    hidden.hidden = False
    row._on_custom(row, {"event": "click", "index": 1, "version": row.version}, [])
    assert clicks == ["New questions"] and row.items[1]["hidden"] is False
    row._on_custom(row, {"event": "click", "index": 0, "version": row.version}, [])
    assert toggle.value is True and row.items[0]["pressed"] is True and changes == [True]
    toggle.value = True  # no change: not heard
    toggle.value = False
    assert changes == [True, False] and row.items[0]["pressed"] is False
    assert card.card == Card.parse("2H") and card.name == "two of hearts"


def test_a_card_that_may_be_chosen_is_pressed_with_its_selection():
    b = card_button(Card.parse("10H"), choosable=True)
    name = Card.parse("10H").spoken
    assert b.pressed is False
    set_state_class(b, "tt-selected")
    assert b.pressed is True
    assert b.description == said("{name}, {state}", name=name, state=said("selected"))
    set_state_class(b)
    assert b.pressed is False and b.description == name
    play = card_button(Card.parse("10H"))
    set_state_class(play, "tt-selected", "tt-illegal")
    assert play.pressed is None  # a card to play is a plain button


def test_a_live_region_says_new_words_and_the_same_words_again():
    live = Live()
    live.say("Right.")
    first = live.text
    live.say("Right.")
    assert live.text != first and live.text.strip("\u00a0") == "Right."
    live.say("   ")
    assert live.text.strip("\u00a0") == "Right."  # nothing to say: unchanged


def test_spoken_text_reads_labels_and_leaves_out_what_is_hidden_or_read_on_the_page():
    html = (message_html("Not allowed.", "bad")
            + f"<div>You may play: {card_chip(Card.parse('10H'))} {card_chip(Card.parse('KS'))}"
              "</div>"
            + '<style>.x{}</style><span aria-hidden="true">♥</span> Seat 2 played 10♣.'
            + rule_html("55-RENEGE", "Renege", "A long rule text.", open_text=True))
    words = spoken_text(html)  # the words above are the test's own; the cards', the tutor's
    ten, king, clubs = (Card.parse(c).spoken for c in ("10H", "KS", "10C"))
    assert words.startswith(f"Not allowed. You may play: {ten}, {king}")
    assert "55-RENEGE" in words and "Renege" in words
    assert f"Seat 2 played {clubs}." in words  # cards by name, not by symbol
    assert "long rule text" not in words and "♥" not in words and ".x" not in words


def test_the_widgets_have_one_live_region_watching_their_messages():
    w = quiz_widget(kinds=("legal_cards",), game="55", seed=3)
    assert w.live in w.children
    w.check()  # nothing picked
    assert said("Pick an answer first.") in w.live.text
    w.pick(0)
    w.check()
    verdict = said("Right!") if w.quiz.attempt.feedback.correct else said("Not quite.")
    assert w.live.text.startswith(verdict), w.live.text
    assert not any(s in w.live.text for s in "♠♥♦♣"), w.live.text  # cards by name
    hand = hand_widget(load_position(BOARD_POSITIONS[0].text), 0)
    assert hand.live is not None and hand.live in hand.children
