"""The guided-hand widget of 56 (tutor.ui.g56.guided), without a browser: its buttons' click
handlers play whole hands for 4, 6 and 8 players; bids through the bid builder; an illegal card
and an illegal call are explained with their rule; a failing callback shows a message."""

from __future__ import annotations

import random
from html import escape as esc
from html import unescape

import ipywidgets as widgets
import pytest
from wording import said

from tutor.engine.cards import SUIT_SYMBOL
from tutor.engine.messages import capfirst, many
from tutor.engine.text import quoted
from tutor.games.g56.auction import parse_call
from tutor.games.g56.game import PARTNERSHIPS
from tutor.games.g56.tables import deck_facts
from tutor.teach.g56.guided import COT_OFFER_WORDS, RESULT_WORDS, GuidedHand56
from tutor.ui.g56.guided import GuidedHand56Widget, guided_hand_56
from tutor.ui.style import style_html


def has(widget, cls: str) -> bool:
    return cls in widget._dom_classes


def shown(page) -> str:
    """An HTML widget's value (or HTML text) with its character references read and its tags
    kept: words the page escaped one way or another (``&#x27;``, ``&#39;``) compare with the
    words the tutor says."""
    return unescape(getattr(page, "value", page))


CALL_IDS = {"pass": "Pass", "double": "Double", "redouble": "Redouble"}  # the buttons' words
SUIT_IDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def spoken(call: str) -> str:
    """A call's name as the tutor says it: 'Thirty Clubs'."""
    return said.within(parse_call(call).spoken)


def tables(n: int) -> str:
    return said.n("{n} table", "{n} tables", n)


def seats(numbers) -> str:
    """'seats 0 and 2'."""
    return said.n("seat {seats}", "seats {seats}", len(numbers),
                  seats=many([str(s) for s in numbers]))


def match_title(players: int, each: int) -> str:
    return said.n("A match of 56, {n} player, {tables} tables each",
                  "A match of 56, {n} players, {tables} tables each", players, tables=each)


# a match's intro, and a hand's result line in the match's list of hands (its end: the learner's
# team's tables now), as the widget words them
MATCH_ABOUT = ("{intro} You sit at the bottom of the table; in this hand your team is "
               "{partnership} (team {team}). The deal passes to the right after every hand "
               "(56-DEALER), so your seat number goes down by one and your team's seats change "
               "from even to odd: you and your partners stay in your places. Seed {seed} (type "
               "it in the seed box and press Replay seed to play this match again).")
RESULTS = RESULT_WORDS  # by (all passed, made)


def result_end(b: dict) -> str:
    """How the result line of the hand settled as ``b`` ends: '; your team now has 2
    tables.'."""
    mine = next(t for t in b["teams"] if t["you"])
    _, between, end = said.pieces(RESULTS[b["contract"]["all_pass"], b["made"]], "paid",
                                  "tables", player="", bid=0, denomination="", stake="",
                                  points=0, payer="")
    return between + tables(mine["tables_after"]) + end


def click_one(w: GuidedHand56Widget, rng: random.Random, bid_rate: float = 0.0) -> None:
    """One learner action through the buttons, as a browser test would."""
    g = w.guide
    ph = g.state.phase
    if ph == "auction":
        assert w.call_buttons or w.bid_buttons
        assert all(has(b, "tt-g56-call") for b, _ in w.call_buttons)
        assert [b.description for b, _ in w.call_buttons] == \
            [said(CALL_IDS[c]) for c in g.plain_calls()]
        if w.bid_buttons and (not w.call_buttons or rng.random() < bid_rate):
            rng.choice(w.bid_buttons)[0].click()
        else:
            w.call_buttons[0][0].click()  # Pass when it is legal
    elif ph in ("cot_offer", "cot_answer"):
        assert all(has(b, "tt-g56-cot") for b, _ in w.cot_buttons)
        w.cot_buttons[0][0].click()
    else:
        assert ph == "play" and w.hand_box.layout.display != "none"
        assert has(w.hand, "tt-g56-hand") and said(
            "Your turn: click a card to play it (the legal ones are marked).") in shown(w.prompt)
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
    assert said.n("A guided hand of 56 with {n} player",
                      "A guided hand of 56 with {n} players", players) in shown(w.intro)
    # its looks: in tutor.css (tt-g56), no CSS in the widget but the stylesheet's one copy
    assert w.children[0].value == style_html()
    assert all("<style" not in str(getattr(c, "value", "")) for c in w.children[1:])
    assert "tt-g56-meaning" in w.auction_html.value or not w.guide.state.auction.calls
    click_through(w, random.Random(seed), bid_rate=0.3)
    g = w.guide
    b = g.settlement_breakdown()
    assert b is not None
    html = w.settlement_html.value
    assert "tt-g56-settle-table" in html
    assert said("{partnership} (you)", partnership=said(g.partnership)) in shown(html)
    assert "56-TIERS" in html and "56-TRANSFER" in html
    assert (said("The settlement: the contract was made") in shown(html)) == b["made"]
    assert (said("The settlement: the contract failed") in shown(html)) != b["made"]
    assert f"<td>{b['teams'][0]['tables_after']}</td>" in html
    # the outcome in words first, its number the learner's Change column's
    out = g.outcome()
    assert html.index(esc(out["line"])) < html.index("tt-g56-settle-table")
    mine = next(t for t in b["teams"] if t["you"])
    assert out["change"] == mine["change"] and f"<td>{mine['change']:+d}</td>" in html
    said_of = dict(team=said("your team") if out["ours"] else said("the other team"),
                   bid=out["bid"], took=out["took"], tables=tables(abs(mine["change"])))
    if b["contract"]["all_pass"]:
        line = said("Nobody bid, so {team} played 28 in no trumps and took {took} card points: "
                    "your team pays {tables}.", **said_of) if mine["change"] < 0 else \
            said("Nobody bid, so {team} played 28 in no trumps and took {took} card points: "
                 "your team wins {tables}.", **said_of)
    else:
        line = said("{team} bid {bid} and took {took} card points: your team pays {tables}.",
                    **said_of) if mine["change"] < 0 else \
            said("{team} bid {bid} and took {took} card points: your team wins {tables}.",
                 **said_of)
    assert out["line"] == capfirst(line)  # 'pays' when the learner's team lost tables
    tricks = deck_facts(players, g.game.settings)["tricks"]
    assert w.tricks_html.value.count('<li class="tt-g56-trick">') == tricks
    assert w.auction_html.value.count("tt-g56-meaning") == len(g.state.auction.calls)
    for m in g.auction_meanings():
        assert m["text"] in shown(w.auction_html)  # who called what, and what it tells
    assert said("What happened ({n})", n=len(g.narration())) in shown(w.narration_html)
    assert w.narration_html.value.count("<li>") == len(g.narration())
    assert w.hand_box.layout.display == "none" and said(  # its words hold tags
        "The hand is over. Press <b>Deal me a new hand</b> for another, or <b>Replay seed</b> "
        "to play this one again.") in w.prompt.value
    assert not w.call_buttons and not w.bid_buttons and w.builder.layout.display == "none"


def test_the_auction_buttons_and_the_bid_builder():
    w = guided_hand_56(players=6, seed=3)  # seat 3 stands at 30 clubs
    g = w.guide
    assert [b.description for b, _ in w.call_buttons] == [said("Pass"), said("Double")]
    assert has(w.call_buttons[0][0], "tt-g56-call-pass")
    standing, _ = said.around("Your call: the standing bid is {call} ({level}) by {player}.",
                              "player", call=spoken("30C"), level=30)
    assert standing in shown(w.prompt)  # '... the standing bid is Thirty Clubs (30) by '
    assert w.builder.layout.display != "none"
    assert [v for _, v in w.level_dropdown.options] == list(range(31, 57))
    assert w.level_dropdown.value == 31 and has(w.level_dropdown, "tt-g56-level")
    labels = [b.description for b, _ in w.bid_buttons]
    assert labels[:4] == ["31♠", "31♥", "31♦", "31♣"] and "+1 Noes" in labels
    assert all(has(b, "tt-g56-bid") for b, _ in w.bid_buttons)
    assert has(next(b for b, c in w.bid_buttons if c.call == "31H"), "tt-g56-red")
    assert said.n("What each bid of {level} would tell your partner",
                      "What each bid of {level} would tell your partners", len(g.partners),
                      level=31) in shown(w.bid_meanings)
    tip = next(b for b, c in w.bid_buttons if c.call == "31S").tooltip
    assert tip == said("{call}: {tells}.", call=spoken("31S"), tells=said.n(
        "shows the top {one} ({cards}) with other {suits}",
        "shows the top {number} {suits} ({cards}) with other {suits}", 1,
        one=said.p("suit, singular", "spade"), cards="J♠", suits=said.p("suit", "spades")))
    w.level_dropdown.value = 33
    assert [c.level for _, c in w.bid_buttons] == [33] * len(w.bid_buttons)
    assert "+3♦" in [b.description for b, _ in w.bid_buttons]
    before = len(g.state.auction.calls)
    next(b for b, c in w.bid_buttons if c.call == "S33").click()
    assert w.error.value == "" and w.message.value == ""
    calls = [(s, str(c)) for s, c in g.state.auction.calls]
    assert calls[before] == (g.seat, "S33")
    assert g.partners == [0, 2]
    assert said("You bid {call}. What it tells {partners}: {meaning}.", call=spoken("S33"),
                partners=said.n("your partner ({seats})", "your partners ({seats})", 2,
                                seats=seats([0, 2])),
                meaning=said("shows strength in {suits} without the top card (for example "
                             "no J{symbol}, but 9s and aces)",
                             suits=said.p("suit", SUIT_IDS["S"]), symbol=SUIT_SYMBOL["S"])) \
        in shown(w.auction_html)
    assert "tt-g56-mine" in w.auction_html.value


def test_an_illegal_call_is_explained_with_its_rule():
    w = guided_hand_56(players=6, seed=3)
    w.call("29S")
    msg = w.message.value
    assert said("Not allowed.") in shown(msg) and "56-BID-HIGHER" in msg and "tt-rule-id" in msg
    assert said("Allowed now: {calls}", calls=many(
        [said("Pass"), said("Double"), said("a bid from {low} to {high}", low=31, high=56)],
        "sequence")) in shown(msg)
    assert w.guide.learner_to_act and w.error.value == ""
    w.call("pass")
    assert w.message.value == ""
    w.call("thirty bananas")  # no call at all
    assert said("{text} is not a call of 56 (pass, double, redouble, or a bid such as 30S, "
                    "S30, 30NT, 30NOES, +2S, +1NOES)", text=quoted("thirty bananas")) \
        in shown(w.message) and "tt-msg-bad" in w.message.value
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
                    assert said("Not allowed.") in shown(msg) and "56-FOLLOW" in msg \
                        and "tt-rule-id" in msg
                    assert said("You may play:") in shown(msg)
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
    assert said.n("A guided hand of 56 with {n} player",
                      "A guided hand of 56 with {n} players", 8) in shown(w.intro)
    teams = [said("{side}: {seats}.", side=said("Team {number}", number=t),
                  seats=seats(range(t, 8, 2))) for t in (0, 1)]
    assert " ".join(teams) in shown(w.intro)
    assert [label for label, _ in w.players_toggle.options] == \
        [said.n("{n} player", "{n} players", n) for n in (4, 6, 8)]
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
    assert said("Seat {seat} (you)", seat=seat) in shown(board)
    assert said.n("A table of {game} with {n} player", "A table of {game} with {n} players",
                      6, game="56") in shown(board)
    dealer = w.guide.dealer
    assert dealer == 5  # 56-SEATS: the dealer is seat n-1, as the words say
    click_through(w, random.Random(9))
    g = w.guide
    assert g.state.dealer != dealer  # the engine moved the deal on after the settlement
    board = w.table.board.value
    c = g.state.contract
    if c.bidder is not None:
        contract = {1: "Contract: {bid} in {denomination}, {who}, team {team} ({name})",
                    2: "Contract: {bid} in {denomination}, doubled, {who}, team {team} ({name})"
                    }.get(c.multiplier, "Contract: {bid} in {denomination}, redoubled, {who}, "
                                        "team {team} ({name})")
        denomination = said("no trumps") if c.denomination == "NT" else \
            f"{SUIT_SYMBOL[c.denomination]} {said.p('suit', SUIT_IDS[c.denomination])}"
        assert said(contract, bid=c.bid, denomination=denomination,
                        who=said("seat {seat}", seat=c.bidder), team=c.team,
                        name=said(PARTNERSHIPS[c.bidder % 2])) in shown(board)
    i = board.index(f'aria-label="{esc(said("Seat {seat}", seat=dealer))}')
    assert said("dealer") + "</span>" in shown(board[i:board.index("tt-seat-meta", i)])


def test_the_cot_buttons():
    w = guided_hand_56(players=6, seed=1, rules={"cot": True})
    for seed in range(1, 40):
        w.seed_input.value = seed
        w.replay_button.click()
        g = w.guide
        while g.phase == "auction" and g.learner_to_act:
            w.call_buttons[0][0].click()
        if g.phase == "cot_offer" and g.learner_to_act:
            assert [b.description for b, _ in w.cot_buttons] == \
                [said("Play on"), said("Surrender")]
            terms = {k: tables(v) for k, v in g.cot_terms().items()}
            assert said(
                COT_OFFER_WORDS, **terms) in shown(w.prompt)
            w.cot_buttons[1][0].click()  # the bot bidder refuses
            assert g.phase == "play" and g.state.cot == "refused"
            click_through(w, random.Random(seed))
            b = g.settlement_breakdown()
            refused = said("the bidders refused the surrender and then lost a trick (they took "
                           "{points} of the {total} card points), so the contract failed, "
                           "whatever their points", points=b["points"][b["contract"]["team"]],
                           total=sum(b["points"]))
            assert g.state.cot == "refused" and refused in shown(w.settlement_html)
            return
    pytest.fail("the learner never defended")


def test_every_callback_error_shows_a_message_not_a_traceback(monkeypatch):
    w = guided_hand_56(players=6, seed=1)

    def boom(self, *a, **k):
        raise RuntimeError("the bots are asleep")

    monkeypatch.setattr(GuidedHand56, "advance_bots", boom)
    w.call_buttons[0][0].click()
    assert said("Sorry, that did not work: {problem}", problem="the bots are asleep") \
        in shown(w.error)
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
        assert said.between("{intro} You sit at the bottom of the table; your team is "
                            "{partnership} (team {team} in this hand). Seed {seed} (type it in "
                            "the seed box and press Replay seed to play this hand again).",
                            "intro", "seed", partnership=said(g.partnership), team=g.team) \
            in w.intro.value
        board = w.table.board.value
        assert said("Seat {seat} (you)", seat=g.seat) in shown(board)
        i = board.index(f'aria-label="{esc(said("Seat {seat}", seat=players - 1))}')
        assert said("dealer") + "</span>" in shown(board[i:board.index("tt-seat-meta", i)])
        click_through(w, random.Random(seed), bid_rate=0.3)
        for t in g.trick_explanations():
            before, after, _ = said.pieces(
                "<b>Trick {number}</b> ({leader} led): {cards} → <b>{wins}</b> with {card}, "
                "{reason}.", "leader", "cards", number=t["number"], wins="", card="", reason="")
            assert before + g.who(t["leader"]) + after in shown(w.tricks_html)
        assert said("team {number}: {seats}", number=0, seats=seats(range(0, players, 2))) \
            in shown(w.settlement_html)
        assert esc(g.settlement_breakdown()["sentence"]) in w.settlement_html.value


def test_a_whole_match_through_the_buttons():
    """A match of 3 tables each for 4 players: Next trick after each finished trick the
    tutor would lead, Next hand between hands, the learner's partnership name kept."""
    w = guided_hand_56(players=4, seed=5, match=True, rules={"start_tables": 3})
    assert said("Start a new match") in w.new_button.description
    assert match_title(4, 3) in shown(w.intro)
    assert said("The match (56-TABLES): your team has {mine}, the other team {theirs}, of "
                    "{total}.", mine=tables(3), theirs=tables(3), total=6) in shown(w.race_html)
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
            assert result_end(g.settlement_breakdown()) in shown(w.race_html)
            w.next_hand_button.click()
            assert w.guide.partnership == name and said.between(
                MATCH_ABOUT, "intro", "seed", partnership=said(name), team=w.guide.team) \
                in w.intro.value
        else:
            click_one(w, rng)
        assert w.error.value == "", w.error.value
    assert w.match.over and waited >= 1
    assert said("{title}: the match is over", title=match_title(4, 3)) in shown(w.race_html)
    ours = w.guide.state.winner == w.guide.seat % 2
    assert said("Your team has won the match: the other team has no tables left (56-ELIM)."
                    if ours else "The other team has won the match: your team has no tables "
                    "left (56-ELIM).") in shown(w.race_html)
    w.tables_choice.value = 5
    assert w.match.number == 1 and w.guide.state.game.start_tables == (5, 5)


def test_the_coach_advises_a_call_in_the_auction():
    w = guided_hand_56(players=6, seed=1)
    assert w.guide.learner_to_act and w.guide.state.phase == "auction"
    assert w.call_hint_box.layout.display == ""
    w.call_hint_button.click()
    html = w.call_coach_html.value
    assert said("Bid {bid}.", bid=spoken("28D")) in shown(html) and "56-CONV" in html
    assert said.n("Compared over {n} deal of the cards you cannot see",
                      "Compared over {n} deals of the cards you cannot see", 32) in shown(html)
    assert w.error.value == ""
