"""The guided-hand widget (tutor.ui.g55.guided), without a browser: its buttons' click handlers
play a whole hand; an illegal card is explained; a failing callback shows a message."""

from __future__ import annotations

import re
from html import unescape

import ipywidgets as widgets
import pytest
from wording import said

from tutor.engine.cards import SUIT_SYMBOL, SUITS, Card
from tutor.engine.messages import capfirst, many
from tutor.teach.g55.guided import SCRIPTED, GuidedHand55
from tutor.ui.g55.guided import GuidedHand55Widget, guided_hand
from tutor.ui.style import esc

SUIT_IDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
# the prompt once a hand is over: its words hold tags (shown as written)
HAND_OVER = ("The hand is over. Press <b>Deal me a new hand</b> for another, or <b>Replay "
             "seed</b> to play this one again.")
# a finished trick's line in the list of tricks: its words hold tags
TRICK_LINE = "<b>Trick {number}</b> ({leader} led): {cards} → <b>{wins}</b> with {card}, {reason}."


def shown(page) -> str:
    """An HTML widget's value (or HTML text) with its character references read and its tags
    kept: words the page escaped one way or another (``&#x27;``, ``&#39;``) compare with the
    words the tutor says."""
    return unescape(getattr(page, "value", page))


def seed_words(seed: int) -> str:
    return said("Seed {seed} (type it in the seed box and press Replay seed to play this hand "
                "again).", seed=seed)


def score_heading(g) -> str:
    """The score's heading: 'The score: you (seat 2) bid 20 in ♠ spades and made it'."""
    b = g.score_breakdown()
    if b["bidder_is_you"]:  # "you bid": a message of its own (the verb agrees with "you")
        return said("The score: {you} bid {bid} in {trump} and made it" if b["made"] else
                    "The score: {you} bid {bid} in {trump} and failed",
                    you=b["bidder_words"], bid=b["bid"], trump=b["trump"])
    return said("The score: {bidder} bid {bid} in {trump} and made it" if b["made"] else
                "The score: {bidder} bid {bid} in {trump} and failed",
                bidder=b["bidder_words"], bid=b["bid"], trump=b["trump"])


def game_title(target: int) -> str:
    return said("A game of 55 to {target}", target=target)


def status_of(v) -> str:
    """The status line of a scripted hand's verdict ``v``, met or missed."""
    return said("{verdict} Well played!", verdict=v.text) if v.met else \
        said("{verdict} Press Start the lesson again to try another way.", verdict=v.text)


def click_through(w: GuidedHand55Widget) -> None:
    """Play the hand through the widget's buttons, always the first choice."""
    for _ in range(200):
        g = w.guide
        if g.over:
            return
        ph = g.state.phase
        if ph in ("auction", "trump"):
            assert w.call_buttons, ph
            w.call_buttons[0][0].click()
        elif ph == "discard":
            need = len(g.state.hands[g.seat]) - 5
            for b, _ in w.card_buttons[:need]:
                b.click()
            w.discard_button.click()
        elif ph == "play":
            assert w.hand_box.layout.display != "none"
            legal = set(g.state.legal_cards(g.seat))
            b = next(b for b, c in w.hand.buttons if c in legal)
            b.click()
        else:
            w.choices.children[0].click()
        assert w.error.value == "", w.error.value
    pytest.fail("the hand did not end")


@pytest.mark.parametrize("players,seed", [(4, 1), (3, 5), (5, 9), (6, 2), (4, 17)])
def test_a_whole_hand_through_the_buttons(players, seed):
    w = guided_hand(seed=seed, players=players)
    assert isinstance(w, widgets.VBox) and w.seed_input.value == seed
    assert seed_words(seed) in shown(w.intro)
    click_through(w)
    g = w.guide
    assert score_heading(g) in shown(w.score_html)
    you = said("you (seat {seat}, the dealer)" if g.seat == g.table.dealer else
               "you (seat {seat})", seat=g.seat)
    assert f"<td>{capfirst(you)}<" in shown(w.score_html)  # the learner's row
    assert "55-SCORE-BID" in w.score_html.value
    assert w.tricks_html.value.count("<li") == 5
    for t in g.trick_explanations():
        assert esc(t["line"]) in w.narration_html.value
    assert w.hand_box.layout.display == "none" and said(HAND_OVER) in w.prompt.value


def test_the_bidder_discards_and_names_trumps_through_the_buttons():
    for seed in range(1, 80):
        w = guided_hand(seed=seed)
        g = w.guide
        while g.state.phase == "auction" and g.learner_to_act:
            bids = [b for b, c in w.call_buttons if c not in ("pass",)]
            (bids[-1] if bids else w.call_buttons[0][0]).click()
        if g.state.phase == "discard" and g.learner_to_act:
            break
    else:
        pytest.fail("the learner never won an auction")
    need = len(g.state.hands[g.seat]) - 5
    assert need == 5 and said.n(
        "You took the kitty: choose {n} card to discard face down, then press Discard.",
        "You took the kitty: choose {n} cards to discard face down, then press Discard.",
        need) in shown(w.prompt)
    w.discard_button.click()  # nothing chosen yet
    assert said.n("Choose {n} card to discard ({chosen} chosen).",
                      "Choose {n} cards to discard ({chosen} chosen).", 5, chosen=0) \
        in shown(w.message) and w.error.value == ""
    cards = [c for _, c in w.card_buttons]
    w.card_buttons[0][0].click()
    w.card_buttons[0][0].click()  # unselect
    assert w.discard_pick == []
    for b, _ in w.card_buttons[:5]:
        b.click()
    assert "tt-selected" in w.card_buttons[0][0]._dom_classes
    w.card_buttons[5][0].click()  # a sixth is one too many
    assert said.n("You discard {n} card: unselect one first.",
                      "You discard {n} cards: unselect one first.", 5) in shown(w.message)
    assert len(w.discard_pick) == 5
    w.discard_button.click()
    assert w.error.value == ""
    assert all(c not in g.state.hands[g.seat] for c in cards[:5])
    assert g.state.phase == "trump" and sorted(c for _, c in w.call_buttons) == ["C", "D", "H", "S"]
    next(b for b, c in w.call_buttons if c == "H").click()
    assert g.state.trump == "H"
    click_through(w)
    assert score_heading(g) in shown(w.score_html)


def test_an_illegal_card_shows_the_reason_and_the_rule():
    for seed in range(1, 80):
        w = guided_hand(seed=seed)
        g = w.guide
        while not g.over:
            s = g.state
            if s.phase == "play":
                legal = set(s.legal_cards(g.seat))
                bad = [c for c in s.hands[g.seat] if c not in legal]
                if bad:
                    w.hand.legal_toggle.value = True
                    marked = {c for b, c in w.hand.buttons if "tt-legal" in b._dom_classes}
                    assert marked == legal
                    before = list(s.hands[g.seat])
                    button = next(b for b, c in w.hand.buttons if c is bad[0])
                    button.click()
                    msg = w.hand.message.value
                    assert said("Not allowed.") in shown(msg) and "tt-rule-id" in msg \
                        and "55-" in msg
                    assert said("You may play:") in shown(msg)
                    assert s.hands[g.seat] == before and w.error.value == ""
                    return
            click_one(w)
    pytest.fail("no illegal card met")


def click_one(w):
    g = w.guide
    ph = g.state.phase
    if ph == "play":
        legal = set(g.state.legal_cards(g.seat))
        next(b for b, c in w.hand.buttons if c in legal).click()
    elif ph == "discard":
        for b, _ in w.card_buttons[:len(g.state.hands[g.seat]) - 5]:
            b.click()
        w.discard_button.click()
    else:
        w.call_buttons[0][0].click()


def test_new_hand_and_replay_seed():
    w = guided_hand(seed=5)
    first = [list(h) for h in w.guide.state.hands]
    w.new_button.click()
    new_seed = w.guide.seed
    assert w.seed_input.value == new_seed and seed_words(new_seed) in shown(w.intro)
    w.seed_input.value = 5
    w.replay_button.click()
    assert w.guide.seed == 5 and [list(h) for h in w.guide.state.hands] == first
    assert w.error.value == ""


@pytest.mark.parametrize("name", [s.name for s in SCRIPTED])
def test_a_scripted_lesson_shows_its_goal_and_can_restart(name):
    w = guided_hand(script=name)
    sc = next(s for s in SCRIPTED if s.name == name)
    assert said(sc.title) in shown(w.intro)
    assert said("Goal: {goal}", goal=said(sc.goal)) in shown(w.intro)
    click_through(w)
    v = w.guide.verdict()
    assert v.met is not None and status_of(v) in shown(w.status)  # the goal met or missed
    w.restart_button.click()
    assert not w.guide.over and w.guide.learner_to_act and w.score_html.value == ""


def test_keep_the_jack_through_the_hand():
    w = guided_hand(script="keep-the-jack")
    w.hand.click(Card.parse("QD"))
    v = w.guide.verdict()
    assert v.met is True and v.text == said(
        "Goal met: you won trick {trick} with {card} and kept your {jack} for later.", trick=2,
        card="Q♦", jack="J♦")
    assert status_of(v) in shown(w.status)
    trick_2 = said.pieces(TRICK_LINE, "leader", "cards", "reason", number=2, wins="",
                          card="")[0]  # "<b>Trick 2</b> ("
    assert trick_2 in w.tricks_html.value and "55-TRICK-WIN" in w.tricks_html.value


def test_every_callback_error_shows_a_message_not_a_traceback(monkeypatch):
    w = guided_hand(seed=1)

    def boom(self, *a, **k):
        raise RuntimeError("the bots are asleep")

    monkeypatch.setattr(GuidedHand55, "advance_bots", boom)
    w.call_buttons[0][0].click()
    assert said("Sorry, that did not work: {problem}", problem="the bots are asleep") \
        in shown(w.error)
    assert "Traceback" not in w.error.value
    w.new_button.click()  # the constructor advances the bots too
    assert "the bots are asleep" in w.error.value
    monkeypatch.undo()
    w.seed_input.value = 3
    w.replay_button.click()
    assert w.error.value == "" and w.guide.seed == 3


def test_an_unknown_script_is_named():
    unknown, _ = said.pieces("no scripted hand {name}; there are: {names}", "names",
                             name=repr("nope"))
    with pytest.raises(Exception, match=re.escape(unknown)):
        guided_hand(script="nope")


def test_the_widget_names_seats_as_the_lessons_do():
    """Issue #11 item 5: the intro sets the table numbered from the dealer, the drawing agrees
    (the learner at the bottom, the dealer badge on seat n-1), and every caption names seats
    the same way."""
    for seed in (1, 2, 3, 4):
        w = guided_hand(seed=seed)
        g = w.guide
        n = g.state.n
        assert esc(g.table.intro()) in w.intro.value
        board = w.table.board.value
        assert said("Seat {seat} (you)", seat=g.seat) in shown(board)
        i = board.index(f'aria-label="{esc(said("Seat {seat}", seat=n - 1))}')
        assert said("dealer") + "</span>" in shown(board[i:board.index("tt-seat-meta", i)])
        click_through(w)
        title = w.score_html.value.split("</div>")[0]
        assert score_heading(g) in shown(title)
        for t in g.trick_explanations():
            before, after, _ = said.pieces(TRICK_LINE, "leader", "cards", number=t["number"],
                                           wins="", card="", reason="")
            assert before + g.table.who(t["leader"]) + after in shown(w.tricks_html)


def test_a_missed_goal_says_why_in_the_widget():
    """Issue #11 item 7: not just "Goal missed this time"."""
    w = guided_hand(script="keep-the-jack")
    w.hand.click(Card.parse("JD"))
    assert said("Goal missed: you played your {jack}: it won trick {trick}, but the goal "
                    "was to win it and keep the {jack} for later.", jack="J♦", trick=2) \
        in shown(w.status)
    assert said("{cards} would have won it and kept the {jack}.", cards="Q♦", jack="J♦") \
        in shown(w.status)
    w = guided_hand(script="bid-your-hand")
    w.call("15")
    assert said("Goal missed: you won the auction with {bid}, the goal was a bid of at least "
                    "{min_bid} that you win and then make.", bid=15, min_bid=20) \
        in shown(w.status)


def click_whole_game(w: GuidedHand55Widget, hands: int = 60) -> int:
    """Play a whole game through the widget's buttons: the first choice at every turn, Next
    trick when a finished trick waits, Next hand between hands.  Returns the tricks that
    waited for the learner."""
    waited = 0
    for _ in range(hands * 40):
        g, m = w.guide, w.match
        if m.over:
            return waited
        if g.paused:
            k = len(g.state.tricks)
            over, press = said.around("Trick {number} is over: {wins} it. Look at the table, "
                                      "then press <b>Next trick</b>.", "wins", number=k)
            assert w.next_trick_button.layout.display == "" and over in w.prompt.value \
                and press in w.prompt.value
            assert w.hint_button.layout.display == "none"  # not the learner's turn to play
            # the finished trick is on the table, with who won it
            wins, _ = said.around("Trick {number}: seat {seat} wins with {card}", "card",
                                  number=k, seat=g.state.tricks[-1][2])
            assert wins in w.table.board.value
            waited += 1
            w.next_trick_button.click()
        elif g.over:
            assert w.next_hand_button.layout.display == "" and said(
                "Hand {number} is over. Press <b>Next hand</b> to deal hand {next}.",
                number=m.number, next=m.number + 1) in w.prompt.value
            w.next_hand_button.click()
        else:
            assert w.next_trick_button.layout.display == "none"
            assert w.hint_button.layout.display == ""
            click_one(w)
        assert w.error.value == "", w.error.value
    pytest.fail("the game did not end")


@pytest.mark.parametrize("target", [55, 110])
def test_a_whole_game_to_the_target_through_the_buttons(target):
    w = guided_hand(seed=3, whole_game=True, rules={"target_score": target})
    assert said("Start a new game") in w.new_button.description
    n = w.guide.state.n
    assert said.n("{title} against the tutor, {n} player",
                      "{title} against the tutor, {n} players", n, title=game_title(target)) \
        in shown(w.intro)
    assert said("The deal passes to the left after every hand (55-NEXT-DEALER), so your "
                    "seat number goes down by one; you stay in your place. Seed {seed} (type it "
                    "in the seed box and press Replay seed to play this game again).", seed=3) \
        in shown(w.intro)
    race, _ = said.around("The race to {target} (55-GAME-TARGET): {scores}.", "scores",
                          target=target)
    assert race in shown(w.race_html)
    assert said("{title}: hand {number}", title=game_title(target), number=1) \
        in shown(w.race_html)
    waited = click_whole_game(w)
    assert waited >= 1
    m = w.match
    s = m.hand.state
    assert s.winner is not None and s.scores[s.winner] >= target
    assert said("{title}: the game is over", title=game_title(target)) in shown(w.race_html)
    assert said("Every hand so far ({n})", n=m.number) in shown(w.race_html)
    assert w.race_html.value.count("<li>") == m.number + len(m.race()) + len(
        m.story()["steps"])  # every hand, the race and the next steps
    assert said("The game is over. Press <b>Start a new game</b> to play again.") \
        in w.prompt.value  # its words hold tags
    assert w.next_hand_button.layout.display == "none"
    first = m.hands[0].seed
    w.replay()  # the same seed: the same first deal
    assert w.match.number == 1 and w.match.hands[0].seed == first == 3


def test_the_target_choice_starts_a_new_game():
    w = guided_hand(seed=4, whole_game=True)
    click_one(w)
    w.target_choice.value = 110
    assert w.match.number == 1 and game_title(110) in shown(w.intro)
    assert w.guide.state.game.settings.target_score == 110


def test_a_whole_game_refuses_a_script_and_bad_rules():
    with pytest.raises(ValueError, match="one hand"):
        guided_hand(script="keep-the-jack", whole_game=True)
    with pytest.raises(Exception, match="target_score"):
        guided_hand(whole_game=True, rules={"target_score": -1})


def test_the_coach_advises_a_call_in_the_auction():
    w = guided_hand(seed=1)
    g = w.guide
    assert g.learner_to_act and g.state.phase == "auction"
    assert w.call_hint_box.layout.display == "" and w.call_coach_html.value == ""
    assert w.hand_box.layout.display == "none"
    w.call_hint_button.click()
    html = w.call_coach_html.value
    assert said("Bid {call}.", call="20") in shown(html) and "55-SCORE-BID" in html
    assert said.n("Compared over {n} deal of the cards you cannot see",
                      "Compared over {n} deals of the cards you cannot see", 40) in shown(html)
    assert w.error.value == ""
    w.call_buttons[0][0].click()  # a call: the advice was for the call before
    assert w.call_coach_html.value == ""
    if not (w.guide.learner_to_act and w.guide.state.phase == "auction"):
        assert w.call_hint_box.layout.display == "none"


def test_the_coach_selects_the_discards_and_advises_the_trumps():
    w = guided_hand(seed=6)
    while w.guide.state.phase == "auction" and w.guide.learner_to_act:
        bids = [(b, c) for b, c in w.call_buttons if c != "pass"]
        (bids[-2] if len(bids) > 1 else bids[0])[0].click()
    g = w.guide
    assert g.state.phase == "discard" and g.learner_to_act
    assert w.call_hint_box.layout.display == ""
    assert w.call_hint_button.description == said("Hint: what would you discard?")
    w.call_hint_button.click()
    picked = many([c.unicode for c in w.discard_pick])  # the coach's discards, selected
    assert said("Discard {cards}.", cards=picked) in shown(w.call_coach_html)
    assert w.error.value == ""
    assert len(w.discard_pick) == len(g.state.hands[g.seat]) - 5  # selected, to confirm
    line = "To discard ({chosen} of {need}): {cards}"  # its words hold tags
    assert said.around(line, "cards", chosen=5, need=5)[0] in w.message.value
    w.discard_button.click()
    assert g.state.phase == "trump" and w.call_coach_html.value == ""
    assert said.pieces(line, "chosen", "need", "cards")[0] not in w.message.value  # gone
    assert w.call_hint_button.description == said("Hint: which suit for trumps?")
    w.call_hint_button.click()
    assert any(said("Name {symbol} {suit} as trumps.", symbol=SUIT_SYMBOL[x],
                        suit=said.p("suit", SUIT_IDS[x])) in shown(w.call_coach_html)
               for x in SUITS)


def test_the_tutor_strength_is_chosen_on_the_page_and_kept_for_new_hands():
    from tutor.ui.g56.guided import guided_hand_56

    w = guided_hand(seed=4)
    assert w.strength.labels == [said("Beginner"), said("Strong")]
    assert len(w.strength.tooltips) == 2
    assert w.guide.strength == "beginner"
    w.strength.index = 1  # as the browser sends a click on "Strong"
    assert w.strength.value == "strong" and w.guide.strength == "strong"
    w.new_button.click()  # the next hand: strong from its first call
    assert w.guide.strength == "strong" and w.error.value == ""
    click_through(w)
    v = guided_hand_56(players=4, seed=3)
    v.strength.value = "strong"
    v.replay_button.click()
    assert v.guide.strength == "strong" and v.error.value == ""


def play_bid_20(w: GuidedHand55Widget) -> None:
    """Through the widget: bid 20 at the first call, then every choice as the bot makes it."""
    from tutor.games.g55.game import Discard, NameTrump

    for _ in range(200):
        g = w.guide
        if g.over:
            return
        ph = g.state.phase
        if ph == "auction":
            calls = dict((c, b) for b, c in w.call_buttons)
            (calls["20"] if "20" in calls else calls["pass"]).click()
        elif ph == "discard":  # the bot's discards, worked out on a copy
            s = g.state.copy()
            while s.phase == "discard" and s.to_act == g.seat:
                a = g.bot(s)
                assert isinstance(a, Discard)
                w.toggle_discard(a.card)
                s.play(a)
            w.confirm_discards()
        elif ph == "trump":
            a = g.bot(g.state)
            assert isinstance(a, NameTrump)
            w.name_trump(a.suit)
        elif ph == "play":
            card = g.bot(g.state).card
            next(b for b, c in w.hand.buttons if c == card).click()
        else:
            w.choices.children[0].click()
        assert w.error.value == "", w.error.value
    pytest.fail("the hand did not end")


def test_a_failed_bid_is_said_in_words_whose_numbers_are_the_tables(monkeypatch):
    """Issue #36 §4: seed 4, bid 20, took 15: the outcome in words first, its numbers the
    table's; the table's points add up (tricks' points and the bonus); the review names the
    decisions and never says "Well played"."""
    import re

    w = guided_hand(seed=4)
    play_bid_20(w)
    html = w.score_html.value
    line = re.search(r'class="tt-outcome[^"]*"><b>([^<]*)</b>', html).group(1)
    assert w.guide.seat == 2 and w.guide.table.dealer != 2
    assert shown(line) == capfirst(said("{player} bid {bid} and took {took}: {result}.",
                                        player=said("you (seat {seat})", seat=2), bid=20,
                                        took=15, result=said("you lose {amount}", amount=20)))
    assert html.index("tt-outcome") < html.index("tt-score-table")  # the words first
    row = re.search(r'<tr class="tt-you">(.*?)</tr>', html).group(1)
    cells = re.findall(r"<td>([^<]*)</td>", row)
    tricks, trick_pts, bonus, points, delta = cells[1:6]
    assert int(trick_pts) + (5 if bonus == "+5" else 0) == int(points) == 15
    assert int(delta) == -20 and int(trick_pts) == 5 * int(tricks)
    w.review_box.children[0].click()
    review = w.review_box.children[1].value
    assert said.around("{verdict} Well played!", "verdict")[1] not in review
    assert "tt-msg-bad" in review
    assert review.count("<li") == len(w.guide.review_whole().decisions) >= 6
    assert 'class="tt-coach-better"' in review and said("bid {call}", call="20") in shown(review)


def test_a_whole_game_ends_with_its_story():
    """Issue #36 §4: the end of a game shows the standings hand by hand (a table whose
    numbers are the story's, a bar beside each, hidden from screen readers), the turning
    hand and the next steps as links to real pages."""
    import re

    from tutor.teach.content import page

    w = guided_hand(seed=3, whole_game=True)
    for _ in range(3000):
        g = w.guide
        if w.match.over:
            break
        if g.paused:
            w.next_trick()
        elif g.over:
            w.next_hand()
        else:
            w.act(lambda g=g: g.play(g.bot(g.state)))
        assert w.error.value == "", w.error.value
    assert w.match.over
    st = w.match.story()
    html = w.race_html.value
    assert "tt-story-chart" in html and 'aria-hidden="true"' in html
    rows = re.findall(r"<tr[^>]*><th scope=\"row\">(.*?)</tr>", html)
    assert len(rows) == len(st["hands"])
    for row, h in zip(rows, st["hands"]):
        nums = [int(x) for x in re.findall(r'class="tt-bar-num">(-?\d+)<', row)]
        assert nums == [h["standings"][n] for n in st["names"]]
        turning = said("Hand {number} (the turning hand)", number=h["number"])
        assert (turning in shown(row)) == (h["number"] == st["turning"])
    assert said("The turning hand: hand {number}.", number=st["turning"]) in shown(html)
    lesson = page(st["steps"][1]["page"])
    assert f'href="../{lesson.notebook}"' in html and 'href="../review.ipynb"' in html
