"""The teacher's board without a browser: loading positions, bad input, stepping, undo."""

from __future__ import annotations

import html

import pytest

from tutor.engine.cards import Card
from tutor.engine.errors import InputError
from tutor.engine.state import Play
from tutor.teach.content import BOARD_POSITIONS
from tutor.ui import board as board_mod
from tutor.ui import teachers_board
from tutor.ui.board import TeachersBoard, action_label, detect_game, load_position

BAD_CARD = """game: 55
players: 3
hand 0: 3D 7S QC 4H KH
hand 1: AH XX 8C 2S 9D
hand 2: 10S QD 2H 6C JC
"""

AUCTION_55 = """game: 55
players: 3
hand 0: 3D 7S QC 4H KH
hand 1: AH 5C 8C 2S 9D
hand 2: 10S QD 2H 6C JC
calls: pass
"""


def text(widget) -> str:
    return html.unescape(widget.value)


def card(t: str) -> Card:
    return Card.parse(t)


def test_the_board_opens_with_the_first_saved_position():
    b = teachers_board()
    assert isinstance(b, TeachersBoard)
    assert b.text.value == BOARD_POSITIONS[0].text
    assert "Loaded a position of 55 with 4 players" in b.load_message.value
    assert b.table is not None and "Seat 0 to play" in b.table.board.value
    assert b.hand is not None and b.hand.seat == b.state.to_act
    assert BOARD_POSITIONS[0].goal.split(":")[0] in text(b.goal)


@pytest.mark.parametrize("index", range(len(BOARD_POSITIONS)))
def test_every_saved_position_loads(index):
    b = teachers_board()
    b.saved.value = index
    assert b.text.value == BOARD_POSITIONS[index].text
    b.load_button.click()
    assert "Loaded a position of " + BOARD_POSITIONS[index].game in b.load_message.value
    assert b.error.value == ""
    assert [label for label, _ in b.show.options][1:] == [
        f"Seat {s}'s view" for s in range(b.state.n)]


def test_a_bad_position_names_the_line_and_keeps_the_old_table():
    b = teachers_board()
    old_state, old_table = b.state, b.table.board.value
    b.text.value = BAD_CARD
    assert b.saved.value == -1  # edited: no longer the saved position
    b.load_button.click()
    msg = text(b.load_message)
    assert "Could not load the position" in msg and "line 4" in msg and "'XX'" in msg
    assert "still shows the last position" in msg
    assert b.state is old_state and b.table.board.value == old_table
    assert b.error.value == ""
    b.load(BOARD_POSITIONS[1].text)  # the page stays usable
    assert "Loaded a position of 55 with 3 players" in b.load_message.value


@pytest.mark.parametrize("bad, where", [
    ("", "empty"), ("game: 57\nhand 0: 2S", "line 1"), ("players 4", "line 1"),
    ("x" * (board_mod.MAX_TEXT + 1), "too long")])
def test_other_bad_input_is_a_message(bad, where):
    b = teachers_board()
    b.load(bad)
    assert where in text(b.load_message) and "Could not load" in b.load_message.value


def test_the_game_line_decides_the_notation():
    assert detect_game("players: 4\n") == "55"
    assert detect_game("# a comment\ngame: 56\n") == "56"
    with pytest.raises(InputError, match="line 2"):
        detect_game("\ngame: 99\n")
    st = load_position(BOARD_POSITIONS[2].text)
    assert type(st).__name__ == "State56"


def test_an_illegal_card_is_answered_with_reason_and_rule():
    b = teachers_board()
    b.play_card("KH")  # seat 0 leads
    b.auto_play()  # seat 1
    assert b.state.to_act == 2 and b.hand.seat == 2
    before = len(b.state.history)
    b.play_card("10S")  # seat 2 holds 2H: must follow hearts or trump
    assert len(b.state.history) == before
    msg = text(b.hand.message)
    assert "Not allowed" in msg and "55-FOLLOW-PLAIN" in msg and "You may play" in msg
    b.play_card("2H")
    assert b.state.history[-1] == Play(2, card("2H"))
    assert "Seat 3 to play" in b.table.board.value


def test_undo_restores_and_stops_at_the_loaded_position():
    b = teachers_board()
    start = b.state.copy()
    b.undo_button.click()
    assert "nothing to undo" in b.step_message.value and b.state == start
    assert b.undo_button.disabled
    b.play_card("KH")
    b.auto_button.click()
    assert len(b.state.trick) == 2 and not b.undo_button.disabled
    b.undo_button.click()
    assert b.state.trick == [card("KH")] and "Took back: seat 1" in text(b.step_message)
    b.undo_button.click()
    assert b.state == start and "king of hearts" in b.table.board.value
    assert b.hand.seat == 0


def test_play_for_the_player_to_act_through_a_whole_trick():
    b = teachers_board()
    for _ in range(4):
        b.auto_button.click()
    assert len(b.state.tricks) == 1
    board = html.unescape(b.table.board.value)
    assert "Trick 1: seat" in board and "Why:" in board and "55-TRICK-WIN" in board
    assert "wins trick 1" in b.narration.value


def test_a_seats_view_and_projector_size():
    b = teachers_board()
    b.show.value = 1
    assert "Seat 1 (you)" in b.table.board.value
    assert "three of diamonds" not in b.table.board.value  # seat 0's card, face down
    assert b.hand_box.children == ()  # seat 0's cards stay hidden in seat 1's view
    assert "hidden" in b.turn.value
    b.auto_button.click()  # the teacher plays for seat 0
    assert b.state.to_act == 1 and b.hand_box.children == (b.hand,)
    b.projector.value = True
    assert "tt-large" in b._dom_classes and "tt-large" in b.table._dom_classes
    assert 'width="100"' in b.table.board.value and "tt-large" in b.hand._dom_classes
    b.four.value = True
    assert "#1a55c4" in b.table.board.value or "#127a35" in b.table.board.value


def test_calls_are_offered_in_an_auction():
    b = teachers_board()
    assert b.load(AUCTION_55)
    labels = [w.description for w in b.calls.children]
    assert labels == ["Pass", "Bid 10", "Bid 15", "Bid 20", "Bid 25", "Bid 60"]
    b.calls.children[2].click()
    assert b.state.auction_calls[-1] == (1, "15")
    assert "Pass" in [w.description for w in b.calls.children]


def test_a_56_auction_with_many_calls_uses_a_dropdown():
    b = teachers_board()
    pos = BOARD_POSITIONS[2].text.replace("calls: 28S pass +2H pass pass pass", "calls: 28S")
    assert b.load(pos)
    pick, go = b.calls.children
    assert "Twenty-Nine Spades" in [label for label, _ in pick.options]
    go.click()
    assert len(b.state.auction_calls) == 2


def test_action_labels():
    from tutor.engine.state import Call
    assert action_label(Call(0, "20")) == "Bid 20"
    assert action_label(Call(0, "pass")) == "Pass"
    assert action_label(Call(0, "+2H")) == "Plus Two Hearts"


def test_a_failing_load_shows_a_message_and_keeps_the_table(monkeypatch):
    b = teachers_board()
    old = b.table.board.value

    def broken(text):
        raise RuntimeError("parser exploded")

    monkeypatch.setattr(board_mod, "load_position", broken)
    b.load_button.click()
    assert "Sorry, that did not work: parser exploded" in b.error.value
    assert "Traceback" not in b.error.value and b.table.board.value == old
    monkeypatch.undo()
    b.load_button.click()
    assert b.error.value == ""


def test_a_failing_step_shows_a_message(monkeypatch):
    b = teachers_board()

    def broken(self):
        raise RuntimeError("no undo today")

    monkeypatch.setattr(TeachersBoard, "undo", broken)
    b.undo_button.click()
    assert "no undo today" in b.error.value


# -- links and projector mode (issue #15) ------------------------------------------------------
def token_of(url: str) -> str:
    from urllib.parse import parse_qs, urlsplit
    return parse_qs(urlsplit(url).query)["position"][0]


def test_a_link_reopens_the_position_with_the_plays_made_since_loading(monkeypatch):
    monkeypatch.setenv("SERVER_NAME", "192.0.2.7")
    monkeypatch.setenv("SERVER_PORT", "8866")
    monkeypatch.setenv("SCRIPT_NAME", "/voila/render/board.ipynb")
    b = TeachersBoard(query={})
    first = b.link.text
    assert first.startswith("http://192.0.2.7:8866/voila/render/board.ipynb?position=")
    b.auto_play()
    b.auto_play()
    assert b.link.text != first  # the link follows the position
    assert b.viewer_link.text == b.link.text + "&view=1"
    again = TeachersBoard(query={"position": token_of(b.link.text)})
    assert again.state.history == b.state.history
    assert [str(c) for c in again.state.trick] == [str(c) for c in b.state.trick]
    assert "Loaded a position of 55" in again.load_message.value
    assert again.saved.value == -1
    # the token is URL-safe and compact
    token = token_of(b.link.text)
    assert set(token) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    assert len(token) < 600


@pytest.mark.parametrize("token, words", [
    ("", "has no position"),
    ("2abc", "does not know"),
    ("1abc$%", "characters a board link never has"),
    ("1AAAA", "cannot be read"),
])
def test_a_broken_link_says_so_and_opens_a_saved_position(token, words):
    b = TeachersBoard(query={"position": token})
    assert "could not be opened" in text(b.load_message) and words in text(b.load_message)
    assert b.state is not None and b.text.value == BOARD_POSITIONS[0].text


def test_a_link_whose_position_is_tampered_with_names_the_line():
    from tutor.teach import links
    bad = links.pack(BOARD_POSITIONS[0].text.replace("hand 1:", "hand 1: XX", 1))
    b = TeachersBoard(query={"position": bad})
    assert "does not load" in text(b.load_message) and "XX" in text(b.load_message)


def test_a_learners_link_is_read_only():
    b = TeachersBoard(query={})
    b.auto_play()
    viewer = TeachersBoard(query={"position": token_of(b.link.text), "view": "1"})
    for w in (viewer.editor, viewer.links_box, viewer.steps, viewer.hand_box, viewer.calls):
        assert w.layout.display == "none"
    assert viewer.state.history == b.state.history


def test_projector_mode_hides_the_editor_and_steps_by_keys():
    b = TeachersBoard(query={})
    b.presenting.value = True
    assert "tt-projector" in b._dom_classes and b.projector.value
    assert b.presenter_keys.active
    before = len(b.state.history)
    b.presenter_keys._on_custom(b.presenter_keys, {"event": "key", "name": "step"}, [])
    assert len(b.state.history) == before + 1
    b.presenter_keys._on_custom(b.presenter_keys, {"event": "key", "name": "undo"}, [])
    assert len(b.state.history) == before
    b.presenter_keys._on_custom(b.presenter_keys, {"event": "key", "name": "rm -rf"}, [])
    b.presenter_keys._on_custom(b.presenter_keys, {"event": "key", "name": "leave"}, [])
    assert not b.presenting.value and "tt-projector" not in b._dom_classes
    b.presenter_keys._on_custom(b.presenter_keys, {"event": "key", "name": "step"}, [])
    assert len(b.state.history) == before  # keys do nothing outside projector mode


RENEGE_55 = """game: 55
players: 4
dealer: 3
hand 0: 5H 9C 2H 4D KS
hand 1: JH 7C 3S 8D QS
hand 2: AH 6C 10S 9D 2C
hand 3: KH 8C 4S 10D JS
kitty: 3C 5S 6S 7S 5C
calls: 20 pass pass pass
discards: 3C 5S 6S 7S 5C
trump: H
"""


def test_the_same_deal_under_another_house_rule_side_by_side():
    b = TeachersBoard(query={})
    assert b.rule_pick.options and all(isinstance(v, tuple) for _, v in b.rule_pick.options)
    assert not any("packet" in label for label, _ in b.rule_pick.options)  # cosmetic: left out
    # the first lead: which seat leads depends on a house rule
    b.rule_pick.value = ("first_lead", "bidder")
    b.compare()
    html = text(b.comparison)
    assert "As the position stands" in html and "With: " in html
    assert "tt-compare-differs" in b.comparison.value and "What changes: Seat" in html
    b.auto_play()  # the position changes: the comparison is gone, the choice kept
    assert b.comparison.value == "" and b.rule_pick.value == ("first_lead", "bidder")


def test_a_renege_right_shown_under_a_house_rule_that_takes_it_away():
    b = TeachersBoard(query={})
    assert b.load(RENEGE_55)
    b.act(Play(0, card("2H")))  # a low trump led: seat 1 may keep the J♥ back (55-RENEGE)
    b.rule_pick.value = ("renege_mode", "none")
    b.compare()
    html = text(b.comparison)
    assert "What changes:" in html
    for c in ("7♣", "3♠", "8♦", "Q♠"):
        assert f"{c} becomes not allowed" in html
    assert "J♥ becomes" not in html


def test_a_rule_the_position_cannot_be_reached_under_is_said_not_compared():
    b = TeachersBoard(query={})
    assert b.load(RENEGE_55)
    b.act(Play(0, card("2H")))
    b.act(Play(1, card("7C")))  # a renege: allowed now, not under "no renege"
    b.rule_pick.value = ("renege_mode", "none")
    b.compare()
    assert "Not compared: under that house rule this position cannot be reached" in \
        text(b.comparison)


def test_the_coach_on_the_board_advises_the_player_to_act_and_its_card_is_legal():
    b = teachers_board()
    b.play_card("KH")  # seat 0 leads; seat 1 to act
    assert not b.hint_button.disabled
    b.hint_button.click()
    msg = text(b.step_message)
    assert "Seat 1, from what that seat can see" in msg and "Play the" in msg
    chip = msg.split('aria-label="', 1)[1].split('"', 1)[0]  # the coach's card, in words
    best = next(c for c in b.state.hands[1] if c.spoken == chip)
    b.play_card(str(best))
    assert b.state.history[-1] == Play(1, best)  # the coach's card was legal
    b.load(AUCTION_55)  # an auction: the coach advises a call
    assert not b.hint_button.disabled and b.hint_button.description == \
        "Hint: what would you bid?"
    b.hint_button.click()
    msg = text(b.step_message)
    assert f"Seat {b.state.to_act}, from what that seat can see" in msg
    assert "Compared over" in msg and "55-SCORE-BID" in msg
