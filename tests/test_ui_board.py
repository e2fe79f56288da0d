"""The teacher's board without a browser: loading positions, bad input, stepping, undo."""

from __future__ import annotations

import html

import pytest
from wording import said

from tutor.engine.cards import Card
from tutor.engine.errors import InputError
from tutor.engine.state import Play
from tutor.teach.coach import advise_call
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


def loaded(game: str, players: int) -> str:
    """The banner's first sentence once a position is loaded."""
    return said.n("Loaded a position of {game} with {n} player.",
                  "Loaded a position of {game} with {n} players.", players, game=game)


def sorry(problem: str) -> str:
    """What a failing callback shows."""
    return said("Sorry, that did not work: {problem}", problem=problem)


def could_not_load(problem: str) -> str:
    """What the board says of a position that does not load (with a table on show)."""
    return (said("Could not load the position: {problem}", problem=problem) + " "
            + said("The table below still shows the last position that loaded."))


def load_error(text: str) -> InputError:
    """The error the position ``text`` is refused with."""
    with pytest.raises(InputError) as e:
        load_position(text)
    return e.value


def bid_name(number: str, suit: str, plus: bool = False) -> str:
    """A 56 bid's name from its words (message ids): "Twenty-Nine Spades", "Plus Two Hearts"."""
    words = dict(number=number, suit=said.p("in a bid's name", suit))
    if plus:
        return said("Plus {number} {suit}", **words)
    return said.p("a call: its number, then its suit", "{number} {suit}", **words)


def in_a_name(word: str) -> str:
    return said.p("in a bid's name", word)


def test_the_board_opens_with_the_first_saved_position():
    b = teachers_board()
    assert isinstance(b, TeachersBoard)
    assert b.text.value == BOARD_POSITIONS[0].text
    assert loaded("55", 4) in b.load_message.value
    assert b.table is not None and said("Seat {seat} to play", seat=0) in b.table.board.value
    assert b.hand is not None and b.hand.seat == b.state.to_act
    assert BOARD_POSITIONS[0].goal.split(":")[0] in text(b.goal)


@pytest.mark.parametrize("index", range(len(BOARD_POSITIONS)))
def test_every_saved_position_loads(index):
    b = teachers_board()
    b.saved.value = index
    assert b.text.value == BOARD_POSITIONS[index].text
    b.load_button.click()
    assert loaded(BOARD_POSITIONS[index].game, b.state.n) in text(b.load_message)
    assert b.error.value == ""
    assert [label for label, _ in b.show.options][1:] == [
        said("Seat {seat}'s view", seat=s) for s in range(b.state.n)]


def test_a_bad_position_names_the_line_and_keeps_the_old_table():
    b = teachers_board()
    old_state, old_table = b.state, b.table.board.value
    b.text.value = BAD_CARD
    assert b.saved.value == -1  # edited: no longer the saved position
    b.load_button.click()
    msg = text(b.load_message)
    bad = load_error(BAD_CARD)  # the card the board names, by its line
    assert bad.where.startswith("line 4 ") and bad.token == "XX"
    assert could_not_load(str(bad)) in msg and said("line {n}", n=4) in msg and "'XX'" in msg
    assert b.state is old_state and b.table.board.value == old_table
    assert b.error.value == ""
    b.load(BOARD_POSITIONS[1].text)  # the page stays usable
    assert loaded("55", 3) in b.load_message.value


@pytest.mark.parametrize("bad, where, problem", [
    ("", None, ("the position is empty: paste one, or pick a saved position", {})),
    ("game: 57\nhand 0: 2S", "line 1 (game)", None), ("players 4", "line 1", None),
    ("x" * (board_mod.MAX_TEXT + 1), None,
     ("that is too long for a position ({size} characters; at most {most})",
      {"size": board_mod.MAX_TEXT + 1, "most": board_mod.MAX_TEXT}))])
def test_other_bad_input_is_a_message(bad, where, problem):
    b = teachers_board()
    b.load(bad)
    error = load_error(bad)
    assert error.where == where  # the line named, or none: the problem said instead
    if problem is not None:
        assert error.message == said(problem[0], **problem[1])
    assert could_not_load(str(error)) in text(b.load_message)


def test_the_game_line_decides_the_notation():
    assert detect_game("players: 4\n") == "55"
    assert detect_game("# a comment\ngame: 56\n") == "56"
    with pytest.raises(InputError) as e:
        detect_game("\ngame: 99\n")
    assert e.value.where == "line 2 (game)"
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
    refused = b.state.check(Play(2, card("10S")))
    assert (refused.reason, refused.rule) == ("must_follow_suit", "55-FOLLOW-PLAIN")
    assert said("Not allowed.") in msg and refused.reason_text in msg and "55-FOLLOW-PLAIN" in msg
    assert said("You may play:") in msg
    b.play_card("2H")
    assert b.state.history[-1] == Play(2, card("2H"))
    assert said("Seat {seat} to play", seat=3) in b.table.board.value


def test_undo_restores_and_stops_at_the_loaded_position():
    b = teachers_board()
    start = b.state.copy()
    b.undo_button.click()
    nothing = said("This is the position as loaded: there is nothing to undo.")
    assert nothing in text(b.step_message) and b.state == start
    assert b.undo_button.disabled
    b.play_card("KH")
    b.auto_button.click()
    assert len(b.state.trick) == 2 and not b.undo_button.disabled
    last = b.state.history[-1]  # seat 1's card, played for it
    b.undo_button.click()
    took_back = said("Took back: {what}.",
                     what=said("seat {seat}'s {action}", seat=1, action=last.card.unicode))
    assert b.state.trick == [card("KH")] and took_back in text(b.step_message)
    b.undo_button.click()
    assert b.state == start and card("KH").spoken in b.table.board.value
    assert b.hand.seat == 0


def test_play_for_the_player_to_act_through_a_whole_trick():
    b = teachers_board()
    for _ in range(4):
        b.auto_button.click()
    assert len(b.state.tricks) == 1
    board = html.unescape(b.table.board.value)
    leader, cards, winner = b.state.tricks[0]
    wins, _ = said.around("Trick {number}: seat {seat} wins with {card}", "card", number=1,
                          seat=winner)
    assert wins in board and said("Why:") in board and "55-TRICK-WIN" in board
    best = cards[b.state.explain_trick(1).index]
    won = said("Seat {seat} wins trick {number} with {card}.", seat=winner, number=1,
               card=best.unicode)
    assert won in html.unescape(b.narration.value)


def test_a_seats_view_and_projector_size():
    b = teachers_board()
    b.show.value = 1
    assert said("Seat {seat} (you)", seat=1) in b.table.board.value
    assert card("3D").spoken not in b.table.board.value  # seat 0's card, face down
    assert b.hand_box.children == ()  # seat 0's cards stay hidden in seat 1's view
    assert said("Seat {seat}'s cards are hidden in seat {viewer}'s view: use the button below to "
                "play for it, or show all hands.", seat=0, viewer=1) in text(b.turn)
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
    assert labels == [said("Pass")] + [said("Bid {bid}", bid=n) for n in (10, 15, 20, 25, 60)]
    b.calls.children[2].click()
    assert b.state.auction_calls[-1] == (1, "15")
    assert said("Pass") in [w.description for w in b.calls.children]


def test_a_56_auction_with_many_calls_uses_a_dropdown():
    b = teachers_board()
    pos = BOARD_POSITIONS[2].text.replace("calls: 28S pass +2H pass pass pass", "calls: 28S")
    assert b.load(pos)
    pick, go = b.calls.children
    twenty_nine = in_a_name("Twenty-Nine")
    assert bid_name(twenty_nine, "Spades") in [label for label, _ in pick.options]
    go.click()
    assert len(b.state.auction_calls) == 2


def test_action_labels():
    from tutor.engine.state import Call
    assert action_label(Call(0, "20")) == said("Bid {bid}", bid=20)
    assert action_label(Call(0, "pass")) == said("Pass")
    assert action_label(Call(0, "+2H")) == bid_name(in_a_name("Two"), "Hearts", plus=True)


def test_a_failing_load_shows_a_message_and_keeps_the_table(monkeypatch):
    b = teachers_board()
    old = b.table.board.value

    def broken(text):
        raise RuntimeError("parser exploded")

    monkeypatch.setattr(board_mod, "load_position", broken)
    b.load_button.click()
    assert sorry("parser exploded") in b.error.value
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
    assert sorry("no undo today") in b.error.value


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
    assert loaded("55", again.state.n) in again.load_message.value
    assert again.saved.value == -1
    # the token is URL-safe and compact
    token = token_of(b.link.text)
    assert set(token) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    assert len(token) < 600


NOT_OPENED = ("This link's position could not be opened: {problem}. The board shows a saved "
              "position instead.")


@pytest.mark.parametrize("token, problem", [
    ("", "the link has no position in it"),
    ("2abc", "the link's position is of a format this tutor does not know (made by a newer "
             "tutor?)"),
    ("1abc$%", "the link's position has characters a board link never has: it was cut short or "
               "changed; copy the link again"),
    ("1AAAA", "the link's position cannot be read: it was cut short or changed; copy the link "
              "again"),
])
def test_a_broken_link_says_so_and_opens_a_saved_position(token, problem):
    b = TeachersBoard(query={"position": token})
    assert said(NOT_OPENED, problem=said(problem)) in text(b.load_message)
    assert b.state is not None and b.text.value == BOARD_POSITIONS[0].text


def test_a_link_whose_position_is_tampered_with_names_the_line():
    from tutor.teach import links
    tampered = BOARD_POSITIONS[0].text.replace("hand 1:", "hand 1: XX", 1)
    bad = links.pack(tampered)
    b = TeachersBoard(query={"position": bad})
    error = load_error(tampered)
    assert error.token == "XX" and error.where.startswith("line ")
    problem = said("the link's position does not load: {error}", error=str(error))
    assert said(NOT_OPENED, problem=problem) in text(b.load_message)


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
    assert not any(name == "deal_packets" for _, (name, _v) in b.rule_pick.options)  # cosmetic
    # the first lead: which seat leads depends on a house rule
    b.rule_pick.value = ("first_lead", "bidder")
    b.compare()
    html = text(b.comparison)
    with_rule, _ = said.around("With: {rule}", "rule")
    assert said("As the position stands") in html and with_rule in html
    changes, _ = said.around("What changes: {changes}.", "changes")
    seat_may = said.pieces("Seat {seat} may play {cards}.", "seat", "cards")[0]  # another leads
    assert "tt-compare-differs" in b.comparison.value and changes + seat_may in html
    b.auto_play()  # the position changes: the comparison is gone, the choice kept
    assert b.comparison.value == "" and b.rule_pick.value == ("first_lead", "bidder")


def test_a_renege_right_shown_under_a_house_rule_that_takes_it_away():
    b = TeachersBoard(query={})
    assert b.load(RENEGE_55)
    b.act(Play(0, card("2H")))  # a low trump led: seat 1 may keep the J♥ back (55-RENEGE)
    b.rule_pick.value = ("renege_mode", "none")
    b.compare()
    html = text(b.comparison)
    assert said.around("What changes: {changes}.", "changes")[0] in html
    for c in ("7♣", "3♠", "8♦", "Q♠"):
        assert said("{card} becomes not allowed", card=c) in html
    assert said("{card} becomes not allowed", card="J♥") not in html
    assert said("{card} becomes allowed", card="J♥") not in html


def test_a_rule_the_position_cannot_be_reached_under_is_said_not_compared():
    b = TeachersBoard(query={})
    assert b.load(RENEGE_55)
    b.act(Play(0, card("2H")))
    b.act(Play(1, card("7C")))  # a renege: allowed now, not under "no renege"
    b.rule_pick.value = ("renege_mode", "none")
    b.compare()
    not_compared, _ = said.around("Not compared: {problem}.", "problem")
    unreachable, _ = said.around("under that house rule this position cannot be reached: {error}",
                                 "error")
    assert not_compared + unreachable in text(b.comparison)


def test_the_coach_on_the_board_advises_the_player_to_act_and_its_card_is_legal():
    b = teachers_board()
    b.play_card("KH")  # seat 0 leads; seat 1 to act
    assert not b.hint_button.disabled
    b.hint_button.click()
    msg = text(b.step_message)
    play_the, _ = said.around("Play the {card}.", "card")  # the coach's card comes next
    assert said("Seat {seat}, from what that seat can see:", seat=1) in msg and play_the in msg
    chip = msg.split('aria-label="', 1)[1].split('"', 1)[0]  # the coach's card, in words
    best = next(c for c in b.state.hands[1] if c.spoken == chip)
    b.play_card(str(best))
    assert b.state.history[-1] == Play(1, best)  # the coach's card was legal
    b.load(AUCTION_55)  # an auction: the coach advises a call
    assert not b.hint_button.disabled and b.hint_button.description == \
        said("Hint: what would you bid?")
    b.hint_button.click()
    msg = text(b.step_message)
    assert said("Seat {seat}, from what that seat can see:", seat=b.state.to_act) in msg
    advice = advise_call(b.state)  # the coach's advice, as shown
    compared = said.n("Compared over {n} deal of the cards you cannot see",
                      "Compared over {n} deals of the cards you cannot see", advice.deals)
    assert advice.headline in msg and compared in msg and "55-SCORE-BID" in msg
