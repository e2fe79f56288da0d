"""The 56 lesson questions (``tutor.teach.g56.questions``): every kind is reproducible,
grades right and wrong answers, explains wrong choices, and its answer is what the engine says
when asked again here, independently (a real deal, a replayed auction, the trick ranking, the
settlement); and across seeds every variant of every kind turns up."""

from __future__ import annotations

import random
from functools import cache

import pytest
from wording import ANY, fits, said

from tutor.engine.cards import Card
from tutor.engine.errors import InputError
from tutor.engine.state import Call, ChooseDealer
from tutor.games.g56.auction import Auction56, run_auction
from tutor.games.g56.game import Game56, State56
from tutor.games.g56.play import card_points, check_cards, ranking
from tutor.games.g56.settle import settle
from tutor.games.g56.tables import POINTS, TIERS, deck_facts, deck_ranks
from tutor.teach import house_rules, questions
from tutor.teach.g56.questions import GAME_OF, MAKERS, SEAT_ASKS

SEEDS = range(60)
KINDS = sorted(MAKERS)



@cache
def q56(kind: str, seed: int):
    return MAKERS[kind]("56", seed)


def cards(ids) -> list[Card]:
    return [Card.parse(i) for i in ids]


def all_of(kind: str):
    return [q56(kind, seed) for seed in SEEDS]


def test_the_kinds_are_for_56():
    assert set(GAME_OF) == set(MAKERS) and set(GAME_OF.values()) == {"56"}
    assert {"seats56", "deck56", "trick_points", "trick_winner:twins", "legal_calls:house56",
            "tables56"} == set(MAKERS)
    for kind in KINDS:
        with pytest.raises(InputError) as e:
            MAKERS[kind]("55", 1)
        assert e.value.message == said("{kind} questions are about 56: the game must be 56, "
                                       "not {game}", kind=kind, game=repr("55"))


# -- what every question does -------------------------------------------------------------------
@pytest.mark.parametrize("kind", KINDS)
def test_questions_are_reproducible_graded_and_explained(kind):
    for seed in SEEDS:
        q = q56(kind, seed)
        assert q == MAKERS[kind]("56", seed)  # a fresh one, the same question
        assert q.kind == kind and q.game == "56" and q.seed == seed
        ids = [c.id for c in q.choices]
        assert len(ids) == len(set(ids)) >= 3
        assert q.answer and set(q.answer) <= set(ids)
        assert q.prompt and q.reason and q.rule.startswith("56-")
        assert len(q.hints) == 3 and [h.level for h in q.hints] == [1, 2, 3]
        assert q.hints[1].rule == q.rule
        assert fits(q.hints[1].text, said("The rule that decides: {title} ({rule}). {text}",
                                          title=ANY, rule=q.rule, text=ANY)) or \
            fits(q.hints[1].text, said("The rule that decides: {rule}. {text}", rule=q.rule,
                                       text=ANY)), q.hints[1].text
        assert set(q.hints[2].highlight) == set(q.answer)
        right = q.answer[0] if q.mode == "one" else list(q.answer)
        fb = q.grade(right)
        assert fb.correct and fb.points == 1.0 and fb.rule == q.rule and fb.answer == q.answer
        assert q.grade(right, hints_used=3).points == 0.0
        wrong_ids = [i for i in ids if i not in q.answer]
        assert all(i in q.meanings and q.meanings[i] for i in wrong_ids)
        if q.mode == "one":
            for i in wrong_ids:
                fb = q.grade(i)
                assert not fb.correct and fb.points == 0 and fb.wrong == (q.meanings[i],)
        else:
            assert q.mode == "many"
            if wrong_ids:  # one choice too many
                fb = q.grade(list(q.answer) + wrong_ids[:1])
                assert not fb.correct and q.meanings[wrong_ids[0]] in fb.wrong
            if len(q.answer) > 1 or wrong_ids:  # one choice missing
                fb = q.grade(list(q.answer)[1:] or wrong_ids[:1])
                assert not fb.correct and (fb.wrong or fb.missed)
        with pytest.raises(InputError):
            q.grade("no-such-choice")


def test_the_kinds_work_through_make_question():
    assert set(MAKERS) <= set(questions.lesson_kinds())  # registered, not skipped
    for kind in KINDS:
        assert questions.make_question(kind, "56", 3) == q56(kind, 3)
        quiz = questions.Quiz((kind,), "56", 1, 3)
        q = quiz.question
        assert quiz.answer(q.answer[0] if q.mode == "one" else list(q.answer)).correct


# -- the engine agrees ----------------------------------------------------------------------------
@cache
def game(n: int, rules: tuple = ()) -> Game56:
    return Game56(n, dict(rules))


def dealt(n: int, rules: tuple = (), seed: int = 0) -> State56:
    """A real hand, dealt by the engine with seat n-1 dealing."""
    state = State56.initial(game(n, rules))
    state.push(ChooseDealer(n - 1))
    while state.is_chance:
        state.chance(random.Random(seed))
    return state


def test_seats_are_the_engines_turn_order_and_teams():
    asks, players, wraps = set(), set(), set()
    for q in all_of("seats56"):
        ctx = q.context
        n, ask = ctx["players"], ctx["ask"]
        asks.add(ask)
        players.add(n)
        assert ctx["dealer"] == n - 1
        seat = ctx["seat"]
        if ask == "partners":
            assert q.mode == "many"
            a = Auction56(n, n - 1, game(n).settings)
            assert set(q.answer) == {str(k) for k in range(n) if k != seat
                                     and a.team_of(k) == a.team_of(seat)}
            assert len(q.answer) == n // 2 - 1 and str(seat) not in {c.id for c in q.choices}
            assert all(int(k) % 2 == seat % 2 for k in q.answer)  # 56-TEAMS: alternate seats
            continue
        assert q.mode == "one" and len(q.choices) == n
        (answer,) = q.answer
        if ask == "next_play":
            trick, seats = ctx["trick"], ctx["seats"]
            assert 0 < len(trick) < n and seats[0] == ctx["leader"] and seats[-1] == seat
            assert seats == [(ctx["leader"] + i) % n for i in range(len(trick))]
            assert int(answer) == dealt(n).seat_after(seat)
            wraps.add(("play", seat == n - 1))
        elif ask == "next_call":
            a = run_auction(n, [c for _, c in ctx["calls"]], game(n).settings)
            assert [s for s, _ in a.calls] == [s for s, _ in ctx["calls"]]
            assert not a.done and a.calls[-1][0] == seat and int(answer) == a.to_act
            wraps.add(("call", seat == n - 1))
        elif ask == "first_lead":
            state = dealt(n)
            for s, c in ctx["calls"]:
                state.play(Call(s, c))
            assert state.phase == "play" and state.contract.bidder == seat
            assert int(answer) == state.to_act == state.leader != seat  # 56-LEAD
        else:
            assert ask == "first_call"
            assert int(answer) == Auction56(n, n - 1, game(n).settings).to_act
    assert asks == set(SEAT_ASKS) and players == {4, 6, 8}
    assert wraps == {("play", True), ("play", False), ("call", True), ("call", False)}


@cache
def played_out(n: int, rules: tuple) -> State56:
    """A whole hand played with legal cards, to count its tricks."""
    state = dealt(n, rules, 7)
    rng = random.Random(7)
    while state.phase == "auction":
        state.play(Call(state.to_act, "pass"))  # all pass: 28 no trumps for team 0
    while state.phase == "play":
        actions = state.legal_actions()
        state.play(actions[rng.randrange(len(actions))])
    return state


def test_deck_answers_are_what_a_real_deal_holds():
    seen = set()
    for q in all_of("deck56"):
        ctx = q.context
        n, rules = ctx["players"], tuple(sorted(ctx["rules"].items()))
        g = game(n, rules)
        state = dealt(n, rules, q.seed)
        held = [c for h in state.hands for c in h]
        ask = ctx["ask"]
        seen.add((ask, n, rules))
        if ask == "hand":
            assert int(q.answer[0]) == len(state.hands[0]) == g.hand_size
        elif ask == "tricks":
            assert int(q.answer[0]) == len(played_out(n, rules).tricks)
            assert int(q.answer[0]) == deck_facts(n, g.settings)["tricks"]
        elif ask == "cards":
            assert int(q.answer[0]) == len(held) == len(g.deck)
        elif ask == "ranks":
            assert set(q.answer) == {c.rank for c in held} == set(deck_ranks(n, g.settings))
        else:
            card = Card.parse(ctx["card"])
            assert int(q.answer[0]) == held.count(card) == g.deck.count(card)
            seen.add(("copies", held.count(card)))
    setups = {(4, ()), (6, ()), (8, ()), (4, (("deck_4p", 32),)), (8, (("deck_8p", 48),))}
    for ask in ("hand", "tricks", "cards", "ranks", "copies"):
        assert {(n, r) for a, n, r in (s for s in seen if len(s) == 3) if a == ask} == setups
    assert ("copies", 0) in seen and ("copies", 2) in seen


def test_trick_points_are_the_engines_card_points():
    seen = set()
    for q in all_of("trick_points"):
        ctx = q.context
        trick, n = cards(ctx["trick"]), ctx["players"]
        assert len(trick) == n and ctx["seats"] == [(ctx["leader"] + i) % n for i in range(n)]
        check_cards(trick, deck_ranks(n, game(n).settings))
        rk = ranking(ctx["trump"])
        assert ctx["winner"] == (ctx["leader"] + rk.winner_index(trick)) % n
        assert q.answer == (str(card_points(trick)),)
        assert len(q.choices) >= 4 and all(int(c.id) >= 0 for c in q.choices)
        for c in q.choices:  # every wrong sum is explained card by card
            if c.id not in q.answer:  # "... Card by card: Q♥ 0 + K♥ 0 + 9♥ 2 = 2."
                assert fits(q.meanings[c.id], said(
                    "{value} is not it: {why}. Card by card: {line}.", value=c.id, why=ANY,
                    line=f"{ANY} = {q.answer[0]}")), q.meanings[c.id]
        ranks = {c.rank for c in trick}
        seen |= {"J9"} if {"J", "9"} <= ranks else set()
        seen |= {"A10"} if "J" not in ranks and ranks & {"A", "10"} else set()
        seen |= {"KQ"} if sum(c.rank in "KQ" for c in trick) >= 2 else set()
        seen |= {"87"} if ranks & {"8", "7"} else set()
        seen.add(("trump" if ctx["trump"] != "NT" else "NT", n))
        assert sum(POINTS[c.rank] for c in trick) == card_points(trick)
    assert {"J9", "A10", "KQ", "87"} <= seen
    assert {(t, n) for t in ("trump", "NT") for n in (4, 6, 8)} <= seen


def test_twins_are_won_by_the_first_played_twin():
    seen = set()
    for q in all_of("trick_winner:twins"):
        ctx = q.context
        assert set(ctx) == {"trump", "trick", "seats", "players"}  # the quiz draws this shape
        trick, n = cards(ctx["trick"]), ctx["players"]
        assert ctx["seats"] == [(ctx["seats"][0] + i) % n for i in range(n)]
        rk = ranking(ctx["trump"])
        result = rk.trick_result(trick)
        assert q.answer == (str(result.index),) and q.rule == "56-IDENTICAL"
        w = result.index
        later = [i for i in range(w + 1, n) if trick[i] == trick[w]]
        assert len(later) == 1
        # the later twin loses only because it was played second
        comp = result.comparisons[[i for i in range(n) if i != w].index(later[0])]
        assert comp.reason == "first_played"
        seats = ctx["seats"]
        assert q.meanings[str(later[0])] == said(
            "Seat {seat}'s {card} loses: {why}.", seat=seats[later[0]],
            card=trick[later[0]].unicode, why=said(
                "it is identical to seat {seat}'s {card}, which was played first",
                seat=seats[w], card=trick[w].unicode))
        assert q.choices[later[0]].label == q.choices[w].label
        seen.add("plain" if not rk.is_trump[trick[w].index] else
                 "trump_lead" if rk.is_trump[trick[0].index] else "ruff")
        seen.add(n)
    assert seen == {"plain", "ruff", "trump_lead", 4, 6, 8}


HOUSE_RULE_IDS = {"pass_is_final": "56-PASS-FINAL", "partner_overcall_min": "56-PARTNER-MIN",
                  "allow_plus_nt": "56-PLUS-NT", "all_pass": "56-FORCED-BID"}


def test_house_rule_calls_differ_from_the_standard_rules():
    seen = set()
    for q in all_of("legal_calls:house56"):
        ctx = q.context
        assert {"players", "dealer", "calls", "seat", "rules"} <= set(ctx)
        (setting, value), = ctx["rules"].items()
        n = ctx["players"]
        assert q.mode == "many" and q.prompt.startswith(said.n(
            "House rule: {rules}.", "House rules: {rules}.", 1,
            rules=house_rules.words("56", setting, value, n)))
        assert ctx["dealer"] == n - 1
        calls = [c for _, c in ctx["calls"]]
        house = run_auction(n, calls, Game56(n, ctx["rules"]).settings)
        usual = run_auction(n, calls, game(n).settings)
        assert house.to_act == usual.to_act == ctx["seat"]
        assert [s for s, _ in house.calls] == [s for s, _ in ctx["calls"]]
        ids = [c.id for c in q.choices]
        legal = {c for c in ids if house.check(c) is None}
        assert set(q.answer) == legal != {c for c in ids if usual.check(c) is None}
        # the same from the engine's other account of the legal calls
        lc = house.legal_calls()
        for c in ids:
            if c in ("pass", "double", "redouble"):
                assert (c in legal) == (c in lc["calls"])
            elif not c.startswith("+"):
                number = int(c[:-1])
                assert (c in legal) == (lc["min"] is not None and
                                        lc["min"] <= number <= lc["max"])
        assert q.rule == HOUSE_RULE_IDS[setting]
        seen.add((setting, value if setting != "partner_overcall_min" else "min"))
        seen.add(n)
    assert seen == {("pass_is_final", True), ("partner_overcall_min", "min"),
                    ("allow_plus_nt", True), ("all_pass", "force_last_nondealer"),
                    ("all_pass", "force_first_bidder"), 4, 6, 8}


def test_tables_are_the_engines_settlement():
    st = game(4).settings
    seen = set()
    for q in all_of("tables56"):
        ctx = q.context
        tables = tuple(ctx["tables"])
        assert sum(tables) == 2 * st.start_tables and 0 not in tables
        s = settle(tables, ctx["team"], ctx["bid"], ctx["multiplier"], ctx["points"], st)
        signed = s.paid if s.payer != ctx["team"] else -s.paid
        assert q.answer == (str(signed),)
        assert (signed > 0) == s.made == (ctx["points"] >= ctx["bid"])
        assert all(c.label == f"{int(c.id):+d}" and int(c.id) != 0 for c in q.choices)
        assert str(-signed) in {c.id for c in q.choices}  # the wrong direction is offered
        tier = next(i for i, (lo, hi, _, _) in enumerate(TIERS[st.tiers])
                    if lo <= ctx["bid"] <= hi)
        seen |= {("tier", tier), ("made", s.made), ("mult", ctx["multiplier"]),
                 ("pay_all", s.paid < s.owed)}
        if s.paid < s.owed:
            assert q.rule == "56-PAY-ALL" and str(s.owed if s.made else -s.owed) in q.meanings
    assert seen == {("tier", 0), ("tier", 1), ("tier", 2), ("tier", 3), ("made", True),
                    ("made", False), ("mult", 1), ("mult", 2), ("mult", 4),
                    ("pay_all", True), ("pay_all", False)}
