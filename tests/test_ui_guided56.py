"""The guided-hand widget of 56 (tutor.ui.g56.guided), without a browser: its buttons' click
handlers play whole hands for 4, 6 and 8 players; bids through the bid builder; an illegal card
and an illegal call are explained with their rule; a failing callback shows a message."""

from __future__ import annotations

import random
from html import escape as esc

import ipywidgets as widgets
import pytest

from tutor.games.g56.game import PARTNERSHIPS
from tutor.games.g56.tables import deck_facts
from tutor.teach.g56.guided import GuidedHand56
from tutor.ui.g56.guided import GuidedHand56Widget, guided_hand_56
from tutor.ui.style import style_html


def has(widget, cls: str) -> bool:
    return cls in widget._dom_classes


def click_one(w: GuidedHand56Widget, rng: random.Random, bid_rate: float = 0.0) -> None:
    """One learner action through the buttons, as a browser test would."""
    g = w.guide
    ph = g.state.phase
    if ph == "auction":
        assert w.call_buttons or w.bid_buttons
        assert all(has(b, "tt-g56-call") for b, _ in w.call_buttons)
        assert [b.description for b, _ in w.call_buttons] == \
            [{"pass": "Pass", "double": "Double", "redouble": "Redouble"}[c]
             for c in g.plain_calls()]
        if w.bid_buttons and (not w.call_buttons or rng.random() < bid_rate):
            rng.choice(w.bid_buttons)[0].click()
        else:
            w.call_buttons[0][0].click()  # Pass when it is legal
    elif ph in ("cot_offer", "cot_answer"):
        assert all(has(b, "tt-g56-cot") for b, _ in w.cot_buttons)
        w.cot_buttons[0][0].click()
    else:
        assert ph == "play" and w.hand_box.layout.display != "none"
        assert has(w.hand, "tt-g56-hand") and "Your turn" in w.prompt.value
        legal = set(g.state.legal_cards(g.seat))
        marked = [(b, c) for b, c in w.hand.buttons if has(b, "tt-legal")]
        assert {c for _, c in marked} == legal  # highlighted from the start
        assert all(has(b, "tt-dim") for b, c in w.hand.buttons if c not in legal)
        rng.choice(marked)[0].click()
    assert w.error.value == "", w.error.value


def click_through(w: GuidedHand56Widget, rng: random.Random, bid_rate: float = 0.0) -> None:
    for _ in range(300):
        if w.guide.over:
            return
        click_one(w, rng, bid_rate)
    pytest.fail("the hand did not end")


@pytest.mark.parametrize("players,seed", [(4, 1), (6, 2), (8, 3), (6, 17), (8, 40)])
def test_a_whole_hand_through_the_buttons(players, seed):
    w = guided_hand_56(players=players, seed=seed)
    assert isinstance(w, widgets.VBox) and has(w, "tt-g56") and has(w, "tt-app")
    assert w.seed_input.value == seed and w.players_toggle.value == players
    assert f'<b class="tt-g56-seed">{seed}</b>' in w.intro.value
    assert f"with {players} players" in w.intro.value
    # its looks: in tutor.css (tt-g56), no CSS in the widget but the stylesheet's one copy
    assert w.children[0].value == style_html()
    assert all("<style" not in str(getattr(c, "value", "")) for c in w.children[1:])
    assert "tt-g56-meaning" in w.auction_html.value or not w.guide.state.auction.calls
    click_through(w, random.Random(seed), bid_rate=0.3)
    g = w.guide
    b = g.settlement_breakdown()
    assert b is not None
    html = w.settlement_html.value
    assert "tt-g56-settle-table" in html and f"{g.partnership} (you)" in html
    assert "56-TIERS" in html and "56-TRANSFER" in html
    assert ("was made" in html) == b["made"]
    assert f"<td>{b['teams'][0]['tables_after']}</td>" in html
    # the outcome in words first, its number the learner's Change column's
    out = g.outcome()
    assert html.index(esc(out["line"])) < html.index("tt-g56-settle-table")
    mine = next(t for t in b["teams"] if t["you"])
    assert out["change"] == mine["change"] and f"<td>{mine['change']:+d}</td>" in html
    assert ("pays" in out["line"]) == (mine["change"] < 0)
    tricks = deck_facts(players, g.game.settings)["tricks"]
    assert w.tricks_html.value.count('<li class="tt-g56-trick">') == tricks
    assert w.auction_html.value.count("tt-g56-meaning") == len(g.state.auction.calls)
    for m in g.auction_meanings():
        assert m["text"].split(":")[0] in w.auction_html.value
    assert "What happened" in w.narration_html.value
    assert w.narration_html.value.count("<li>") == len(g.narration())
    assert w.hand_box.layout.display == "none" and "hand is over" in w.prompt.value
    assert not w.call_buttons and not w.bid_buttons and w.builder.layout.display == "none"


def test_the_auction_buttons_and_the_bid_builder():
    w = guided_hand_56(players=6, seed=3)  # seat 3 stands at 30 clubs
    g = w.guide
    assert [b.description for b, _ in w.call_buttons] == ["Pass", "Double"]
    assert has(w.call_buttons[0][0], "tt-g56-call-pass")
    assert "standing bid is Thirty Clubs" in w.prompt.value
    assert w.builder.layout.display != "none"
    assert [v for _, v in w.level_dropdown.options] == list(range(31, 57))
    assert w.level_dropdown.value == 31 and has(w.level_dropdown, "tt-g56-level")
    labels = [b.description for b, _ in w.bid_buttons]
    assert labels[:4] == ["31♠", "31♥", "31♦", "31♣"] and "+1 Noes" in labels
    assert all(has(b, "tt-g56-bid") for b, _ in w.bid_buttons)
    assert has(next(b for b, c in w.bid_buttons if c.call == "31H"), "tt-g56-red")
    assert "What each bid of 31 would tell your partners" in w.bid_meanings.value
    tip = next(b for b, c in w.bid_buttons if c.call == "31S").tooltip
    assert tip.startswith("Thirty-One Spades: shows the top spade")
    w.level_dropdown.value = 33
    assert [c.level for _, c in w.bid_buttons] == [33] * len(w.bid_buttons)
    assert "+3♦" in [b.description for b, _ in w.bid_buttons]
    before = len(g.state.auction.calls)
    next(b for b, c in w.bid_buttons if c.call == "S33").click()
    assert w.error.value == "" and w.message.value == ""
    calls = [(s, str(c)) for s, c in g.state.auction.calls]
    assert calls[before] == (g.seat, "S33")
    assert "You bid Spades Thirty-Three. What it tells your partners (seats 0 and 2): " \
           "shows strength in spades without the top card" in w.auction_html.value
    assert "tt-g56-mine" in w.auction_html.value


def test_an_illegal_call_is_explained_with_its_rule():
    w = guided_hand_56(players=6, seed=3)
    w.call("29S")
    msg = w.message.value
    assert "Not allowed" in msg and "56-BID-HIGHER" in msg and "tt-rule-id" in msg
    assert "Allowed now: Pass, Double, a bid from 31 to 56" in msg
    assert w.guide.learner_to_act and w.error.value == ""
    w.call("pass")
    assert w.message.value == ""
    w.call("thirty bananas")  # no call at all
    assert "is not a call of 56" in w.message.value and "tt-msg-bad" in w.message.value
    assert w.error.value == ""


def test_an_illegal_card_shows_the_reason_and_the_rule():
    for seed in range(1, 60):
        w = guided_hand_56(players=6, seed=seed)
        g = w.guide
        rng = random.Random(seed)
        while not g.over:
            s = g.state
            if s.phase == "play":
                legal = set(s.legal_cards(g.seat))
                bad = [c for c in s.hands[g.seat] if c not in legal]
                if bad:
                    before = list(s.hands[g.seat])
                    button = next(b for b, c in w.hand.buttons if c is bad[0])
                    assert has(button, "tt-dim")
                    button.click()
                    msg = w.hand.message.value
                    assert "Not allowed" in msg and "56-FOLLOW" in msg and "tt-rule-id" in msg
                    assert "You may play" in msg
                    assert s.hands[g.seat] == before and w.error.value == "" and g.learner_to_act
                    w.play_card(sorted(legal, key=lambda c: c.index)[0])
                    assert len(s.hands[g.seat]) == len(before) - 1
                    return
            click_one(w, rng)
    pytest.fail("no illegal card met")


def test_new_hand_replay_seed_and_the_player_count():
    w = guided_hand_56(players=6, seed=5)
    first = [list(h) for h in w.guide.state.hands]
    w.new_button.click()
    new_seed = w.guide.seed
    assert w.seed_input.value == new_seed and f">{new_seed}</b>" in w.intro.value
    w.seed_input.value = 5
    w.replay_button.click()
    assert w.guide.seed == 5 and [list(h) for h in w.guide.state.hands] == first
    w.players_toggle.value = 8
    assert w.guide.players == 8 and w.guide.state.n == 8 and len(w.guide.state.hands) == 8
    assert "with 8 players" in w.intro.value
    assert "Team 0: seats 0, 2, 4 and 6. Team 1: seats 1, 3, 5 and 7." in w.intro.value
    assert [label for label, _ in w.players_toggle.options] == \
        ["4 players", "6 players", "8 players"]
    w.seed_input.value = 5
    w.replay_button.click()  # the same seed at 8 players
    again = [list(h) for h in w.guide.state.hands]
    w.replay_button.click()
    assert [list(h) for h in w.guide.state.hands] == again
    w.set_players(4)
    assert w.players_toggle.value == 4 and w.guide.state.n == 4
    assert w.error.value == ""
    click_through(w, random.Random(1))
    assert w.settlement_html.value
    w.replay_button.click()  # the finished hand again, from its start
    assert not w.guide.over and w.settlement_html.value == "" and w.tricks_html.value == ""


def test_the_table_is_drawn_from_the_learners_seat_with_the_hands_dealer():
    w = guided_hand_56(players=6, seed=9)
    board = w.table.board.value
    seat = w.guide.seat
    assert f"Seat {seat} (you)" in board and "A table of 56 with 6 players" in board
    dealer = w.guide.dealer
    assert dealer == 5  # 56-SEATS: the dealer is seat n-1, as the words say
    click_through(w, random.Random(9))
    g = w.guide
    assert g.state.dealer != dealer  # the engine moved the deal on after the settlement
    board = w.table.board.value
    c = g.state.contract
    if c.bidder is not None:
        assert f"seat {c.bidder}, team {c.team} ({PARTNERSHIPS[c.bidder % 2]})" in board
    i = board.index(f'aria-label="Seat {dealer}')
    assert "dealer</span>" in board[i:board.index("tt-seat-meta", i)]


def test_the_cot_buttons():
    w = guided_hand_56(players=6, seed=1, rules={"cot": True})
    for seed in range(1, 40):
        w.seed_input.value = seed
        w.replay_button.click()
        g = w.guide
        while g.phase == "auction" and g.learner_to_act:
            w.call_buttons[0][0].click()
        if g.phase == "cot_offer" and g.learner_to_act:
            assert [b.description for b, _ in w.cot_buttons] == ["Play on", "Surrender"]
            assert "surrender" in w.prompt.value
            w.cot_buttons[1][0].click()  # the bot bidder refuses
            assert g.phase == "play" and g.state.cot == "refused"
            click_through(w, random.Random(seed))
            assert g.state.cot == "refused" and "refused" in w.settlement_html.value
            return
    pytest.fail("the learner never defended")


def test_every_callback_error_shows_a_message_not_a_traceback(monkeypatch):
    w = guided_hand_56(players=6, seed=1)

    def boom(self, *a, **k):
        raise RuntimeError("the bots are asleep")

    monkeypatch.setattr(GuidedHand56, "advance_bots", boom)
    w.call_buttons[0][0].click()
    assert "Sorry, that did not work: the bots are asleep" in w.error.value
    assert "Traceback" not in w.error.value
    w.new_button.click()  # the constructor advances the bots too
    assert "the bots are asleep" in w.error.value
    w.players_toggle.value = 4
    assert "the bots are asleep" in w.error.value
    monkeypatch.undo()
    w.seed_input.value = 3
    w.replay_button.click()
    assert w.error.value == "" and w.guide.seed == 3 and w.guide.players == 4


def test_bad_arguments_are_named():
    with pytest.raises(ValueError, match="4, 6 or 8"):
        guided_hand_56(players=5)
    with pytest.raises(Exception, match="no_such_rule"):
        guided_hand_56(rules={"no_such_rule": True})


def test_the_widget_names_seats_and_teams_as_the_lessons_do():
    """Issue #11 item 5: the intro sets the table numbered from the dealer (seat n-1), the
    drawing agrees (the learner at the bottom, the dealer badge on seat n-1), and the trick
    list and the settlement table name seats and teams the same way."""
    from tutor.ui.style import esc
    for players, seed in ((4, 2), (6, 5), (8, 7)):
        w = guided_hand_56(players=players, seed=seed)
        g = w.guide
        assert esc(g.table.intro()) in w.intro.value
        assert f"your team is {g.partnership} (team {g.team} in this hand)" in w.intro.value
        board = w.table.board.value
        assert f"Seat {g.seat} (you)" in board
        i = board.index(f'aria-label="Seat {players - 1}')
        assert "dealer</span>" in board[i:board.index("tt-seat-meta", i)]
        click_through(w, random.Random(seed), bid_rate=0.3)
        for t in g.trick_explanations():
            assert f"({esc(g.who(t['leader']))} led)" in w.tricks_html.value
        assert "team 0: seats 0" in w.settlement_html.value
        assert esc(g.settlement_breakdown()["sentence"]) in w.settlement_html.value


def test_a_whole_match_through_the_buttons():
    """A match of 3 tables each for 4 players: Next trick after each finished trick the
    tutor would lead, Next hand between hands, the learner's partnership name kept."""
    w = guided_hand_56(players=4, seed=5, match=True, rules={"start_tables": 3})
    assert "Start a new match" in w.new_button.description
    assert "A match of 56, 4 players, 3 tables each" in w.intro.value
    assert "The match (56-TABLES): your team has 3 tables" in w.race_html.value
    rng = random.Random(5)
    name = w.guide.partnership
    waited = 0
    for _ in range(3000):
        g, m = w.guide, w.match
        if m.over:
            break
        if g.paused:
            waited += 1
            w.next_trick_button.click()
        elif g.over:
            assert "your team now has" in w.race_html.value
            w.next_hand_button.click()
            assert w.guide.partnership == name and f"your team is {name}" in w.intro.value
        else:
            click_one(w, rng)
        assert w.error.value == "", w.error.value
    assert w.match.over and waited >= 1
    assert "the match is over" in w.race_html.value and "has won the match" in w.race_html.value
    w.tables_choice.value = 5
    assert w.match.number == 1 and w.guide.state.game.start_tables == (5, 5)


def test_the_coach_advises_a_call_in_the_auction():
    w = guided_hand_56(players=6, seed=1)
    assert w.guide.learner_to_act and w.guide.state.phase == "auction"
    assert w.call_hint_box.layout.display == ""
    w.call_hint_button.click()
    html = w.call_coach_html.value
    assert "Bid Twenty-Eight Diamonds." in html and "56-CONV" in html
    assert "Compared over 32 deals" in html and w.error.value == ""
