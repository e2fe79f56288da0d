"""Every fact the coach says of a card is checked against the rules engine, over seeded
positions of both games (issue #36 §3): a few hundred in the fast run, thousands when slow."""

from __future__ import annotations

import re

import pytest
from test_coach import positions

import tutor.teach  # noqa: F401  (registers every game's words)
from tutor.engine.state import Play
from tutor.games import coach
from tutor.games.registry import spec_of


def _wins(state, trick, card) -> bool:
    """Through the engine's own trick result: does ``card`` played now head the trick?"""
    return state.rk.trick_result(list(trick) + [card]).index == len(trick)


def _above(rk, a, b, led) -> bool:
    """Does ``a`` beat ``b`` played after it, by the engine's comparison?"""
    return rk.compare(a, b, led, a_first=True).winner == a and rk.compare(
        a, b, led, a_first=False).winner == a


def check(state, seat, card, fact) -> str | None:
    """What is false in ``fact`` of ``card`` in ``state``, or None."""
    rk, trick, hand = state.rk, list(state.trick), list(state.hands[seat])
    legal = set(state.legal_cards())
    hooks = spec_of(state).hook("coach")
    code = fact.code
    if code == "only_card":
        return None if legal == {card} else f"legal {legal}"
    if code in ("partner_winning", "opponent_winning"):
        w = rk.trick_result(trick).index
        wseat = (state.leader + w) % state.n
        ok = wseat == fact.number and trick[w] == fact.cards[0] and \
            (coach.same_side(state, wseat, seat) == (code == "partner_winning"))
        return None if ok else f"winner {trick[w]} seat {wseat}"
    if code == "wins_now":
        return None if _wins(state, trick, card) else "it does not win"
    if code == "cannot_win":
        return None if not _wins(state, trick, card) else "it wins"
    if code == "none_wins":
        return None if not any(_wins(state, trick, c) for c in legal) else "a card wins"
    if code == "cheapest_winner":
        led = trick[0]
        ok = _wins(state, trick, card) and set(fact.cards) == {
            c for c in legal if c != card and _wins(state, trick, c)} and all(
            _above(rk, c, card, led) for c in fact.cards)
        return None if ok else "not the cheapest winner"
    if code == "lowest_in_suit":
        suit = rk.effective_suit(card)
        others = {c for c in hand if c != card and rk.effective_suit(c) == suit}
        ok = others == set(fact.cards) and all(_above(rk, c, card, card) for c in others)
        return None if ok else "not the lowest of its suit held"
    if code == "lowest_of_suit":
        suit = rk.effective_suit(card)
        ok = all(_above(rk, c, card, card) for c in hooks.deck(state.game)
                 if c != card and rk.effective_suit(c) == suit)
        return None if ok else "not the lowest of its suit"
    if code == "best_left":
        seen = {c for _, c, _ in coach.played_by(state)} | set(hand)
        ok = not trick and not any(
            _above(rk, c, card, card) for c in hooks.deck(state.game)
            if c not in seen and rk.effective_suit(c) == rk.effective_suit(card))
        return None if ok else "a better card is out"
    if code == "points":
        return None if fact.number == hooks.points([card]) else "points"
    if code == "trick_points":
        return None if fact.number == hooks.points(trick) else "trick points"
    if code == "ah_trump":
        return None if str(card) == "AH" and rk.is_trump[card.index] else "not the A♥ trump"
    if code == "must_trump":
        ok = trick and rk.is_trump[trick[0].index] and all(rk.is_trump[c.index] for c in legal) \
            and any(not rk.is_trump[c.index] for c in hand)
        return None if ok else "no duty to trump"
    if code == "not_exempt":  # with a plain card beside it, the rules still refuse the plain
        plain = next(c for c in hand if not rk.is_trump[c.index])
        ok = plain not in state.cards_allowed([card, plain], trick)
        return None if ok else "it is exempt"
    if code == "renege_free":
        *kept, led = fact.cards
        ok = led == trick[0] and card in legal and all(c in hand for c in kept) and any(
            not rk.is_trump[c.index] for c in legal)
        return None if ok else "no renege"
    if code == "identical":
        winning = trick[state.rk.winner_index(trick)]
        ok = card in trick and winning == card and not _wins(state, trick, card)
        return None if ok else "no twin ahead"
    if code == "void":
        ok = all(c.suit != trick[0].suit for c in hand) and legal == set(hand)
        return None if ok else "not void, or a duty"
    return f"unknown fact {code}"


def run(name: str, players: int, count: int, seed: int) -> int:
    checked = 0
    for state in positions(name, players, count, seed=seed):
        seat = state.to_act
        for card in dict.fromkeys(state.legal_cards()):
            for fact in coach.play_facts(state, seat, card):
                bad = check(state, seat, card, fact)
                assert bad is None, (fact, str(card), bad, state.trick, state.hands[seat])
                assert not fact.rule or fact.rule[:3] == name + "-", fact
                checked += 1
    return checked


@pytest.mark.parametrize("name,players", [("55", 4), ("55", 5), ("56", 4), ("56", 6)])
def test_every_fact_of_every_card_is_true(name, players):
    assert run(name, players, 80, seed=players) > 200


@pytest.mark.slow
@pytest.mark.parametrize("name,players", [("55", 3), ("55", 5), ("55", 7), ("56", 4),
                                          ("56", 6), ("56", 8)])
def test_every_fact_of_every_card_is_true_many(name, players):
    run(name, players, 1500, seed=100 + players)


def test_the_advice_says_only_checked_facts():
    """The advice of the coach over seeded positions: every fact it carries is true."""
    for name, players in (("55", 5), ("56", 6)):
        for state in positions(name, players, 12, seed=11):
            from tutor.teach.coach import advise

            a = advise(state)
            for fact in a.facts:
                assert check(state, state.to_act, a.best.card, fact) is None, fact
            assert a.best == Play(state.to_act, a.best.card)


RANKS_ABOVE = re.compile(r"the ((?:\S+, )*\S+(?: and \S+)?) (ranks?) above")  # English golden


def test_the_verb_agrees_with_the_cards_it_names():
    """"the 4♠ ranks above it", "the 4♠ and 3♠ rank above it": the reasons of every legal card
    over seeded positions of both games (English plural agreement: the point is the words)."""
    from tutor.teach.coach import explain, seat_table

    seen = set()
    for name, players in (("55", 5), ("56", 6)):
        for state in positions(name, players, 60, seed=12):
            table = seat_table(state, state.to_act)
            for card in dict.fromkeys(state.legal_cards()):
                _, sentences, _ = explain(state, state.to_act, card, table)
                for names, verb in RANKS_ABOVE.findall(" ".join(sentences)):
                    one = " and " not in names  # English golden
                    assert (verb == "ranks") == one, (names, verb)  # English golden
                    seen.add(verb)
    assert seen == {"ranks", "rank"}  # English golden: both were said in these positions


def test_a_twin_only_when_it_is_the_card_winning():
    """56-IDENTICAL is the spot only where the twin played first is winning the trick: a Q♦
    under a J♦, with the other Q♦ beaten in the trick too, loses to the jack, not to its twin."""
    from tutor.engine.cards import Card
    from tutor.games.registry import load_position

    head = "game: 56\nplayers: 4\ndealer: 3\ntables: 12 12\n"
    s = load_position(head + """hand 0: JS QS JH KC 10C 10H 9C JD AC KH 9D
hand 1: 9D 10S QH JC JH AC 10D QS 10H AD KD
hand 2: 10D 9S 10S JC JS QC 9S QC 9H AS 10C
hand 3: QD AD KH 9H KS AH AS QH KS 9C AH KC
calls: 28S pass pass pass
trick: KD QD JD""")
    codes = {f.code for f in coach.play_facts(s, 3, Card("Q", "D"))}
    assert "identical" not in codes and "cannot_win" in codes
    twin = load_position(head + """hand 0: JS QS JH KC 10C 10H 9C 9D AC KH 9D
hand 1: AD 10S QH JC JH AC 10D QS 10H 10D QD
hand 2: KD 9S 10S JC JS QC 9S QC 9H AS 10C
hand 3: JD AD KH 9H KS AH AS QH KS 9C AH KC
calls: 28S pass pass pass
trick: KD JD QD""")
    assert "identical" in {f.code for f in coach.play_facts(twin, 3, Card("J", "D"))}
