"""What the questions, lessons and worked examples say, read against the spec and the engine
(issue #36 §5).  The sentences are built beside the logic; these tests read them back:

* every card an explanation, a hint or a meaning names is in the position (the prompt, the
  choices, the context) or in the text of a rule the question cites;
* every amount a meaning gives matches the engine (56-TIERS, 56-MULT, 56-PAY-ALL);
* every count and every "must" of a hint matches the cards and the legal set;
* no doubled word, no "0 suits" or "1 card points", no "bids of 56–56";
* scoring practice shows contracts made and failed alike.

About a hundred seeds a kind by default (a few seconds); thousands under ``-m slow``."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from wording import known, said

import tutor.ui  # noqa: F401 - every game's question kinds registered
from tutor.engine.cards import A_SUIT, SUIT_WORDS, Card
from tutor.engine.messages import msg, nmsg
from tutor.engine.rulebook import rule_text
from tutor.engine.state import Call
from tutor.games import g55, g56
from tutor.games.g55.game import Game55
from tutor.games.g55.tables import ACE_OF_HEARTS
from tutor.games.g56.game import Game56
from tutor.games.g56.settle import settle
from tutor.games.g56.tables import tier
from tutor.teach.content import EXERCISES
from tutor.teach.g55.questions import HOUSE_WORDS, plain_words
from tutor.teach.questions import GAMES, KINDS, Quiz, lesson_kinds, make_question

ROOT = Path(__file__).resolve().parent.parent
ALL = [(k, g) for k in KINDS for g in GAMES] + sorted(lesson_kinds().items())
# fewer seeds: a bot auction each (bid_meaning, bid_choice); a whole hand played out each,
# about 8 hands for one made or lost as the seed draws (score_hand: 20 ms a question, 2,000
# seeds took 20 s of the suite per game for facts that 300 seeds check as well)
SLOW_KINDS = {"bid_meaning", "bid_choice", "score_hand"}
CARD = re.compile(r"(10|[2-9JQKA])([♠♥♦♣])")
SYMBOL = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


ANY = "\x01"  # a value the test does not know, in a message worded with said(...)


def says(text: str, worded: str) -> bool:
    """``text`` holds the message ``worded`` (said(...) with ANY for the values not known)."""
    return re.search(".*?".join(map(re.escape, worded.split(ANY))), text) is not None


# marks for the values a test reads back from a message: each a named group of a pattern
VALUE, LOW, TIMES, NUMBER = "\x02", "\x03", "\x04", "\x05"  # NUMBER: any, not read
_GROUPS = {ANY: ".*?", VALUE: r"(?P<value>[+−-]?\d+)", LOW: r"(?P<low>\d+)",
           TIMES: r"(?P<times>\d+)", NUMBER: r"\d+"}


def form(worded: str) -> re.Pattern:
    """The message ``worded`` (said(...) with marks) as a pattern: the marks' values read."""
    return re.compile("".join(_GROUPS.get(part, re.escape(part))
                              for part in re.split(f"([{''.join(_GROUPS)}])", worded)))


def seeds(kind: str, slow: bool = False) -> range:
    if slow:
        return range(200, 2200 if kind not in SLOW_KINDS else 500)
    return range(0, 120 if kind not in SLOW_KINDS else 15)


def cards_in(text: str) -> set[str]:
    return {f"{r}{SYMBOL[s]}" for r, s in CARD.findall(text)}


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _strings(v)


def position_cards(q) -> set[str]:
    """The cards the question shows: in its prompt, its choices and its context."""
    out = cards_in(q.prompt)
    for c in q.choices:
        out |= cards_in(c.label) | cards_in(c.spoken)
    for s in _strings(q.context):
        try:
            out.add(str(Card.parse(s)))
        except Exception:  # noqa: BLE001 - not a card
            out |= cards_in(s)
    return out


def rule_cards(q) -> set[str]:
    """The cards the rules the question cites name (a rule may name the A♥ or the A♦)."""
    out: set[str] = set()
    for rule in {q.rule, *(h.rule for h in q.hints if h.rule)}:
        try:
            out |= cards_in(rule_text(rule))
        except KeyError:
            pass
    if q.game == "55":  # the house rules in their words
        for words in HOUSE_WORDS.values():
            out |= cards_in(words)
    return out


def told(q) -> list[str]:
    """What the learner is told besides the prompt: the reason, the hints other than the
    rule's own text, what each choice would mean."""
    return [q.reason, *(h.text for h in q.hints if h.level != 2), *map(str, q.meanings.values())]


def everything(q) -> list[str]:
    return [q.prompt, *told(q), *(h.text for h in q.hints),
            *(c.label for c in q.choices), *(c.spoken for c in q.choices)]


# -- every card named is in the position ---------------------------------------------------------
def check_cards(q) -> None:
    if q.base_kind in ("bid_meaning", "bid_choice"):
        return  # a bid names the cards it shows, not cards of the position (56-CONV)
    allowed = position_cards(q) | rule_cards(q)
    for text in told(q):
        stray = cards_in(text) - allowed
        assert not stray, (q.kind, q.game, q.seed, stray, text)


# -- the words ----------------------------------------------------------------------------------
# English grammar, the point of these patterns: each would catch a sentence badly put together
GRAMMAR = [
    re.compile(r"\b(\w+) \1\b", re.IGNORECASE),  # a doubled word
    re.compile(r"(?<![\d.])[+−-]?1 "  # English golden: "1 cards", "-1 tables"
               r"(suits|cards|trumps|tables|points|card points|tricks|ranks)\b"),  # English golden
    re.compile(r"\b(\d+)–\1\b"),  # a range of one number
    re.compile(r"\bpartners are seat \d"),  # English golden
    re.compile(r"\bin only 0\b"),  # English golden
]


def check_words(q) -> None:
    for text in everything(q):
        for pattern in GRAMMAR:
            m = pattern.search(text)
            assert m is None, (q.kind, q.game, q.seed, m.group(0), text)


# -- counts and duties of a "which cards may you play" question ----------------------------------
def _ranking(q):
    ctx = q.context
    if q.game == "55":
        return g55.ranking(ctx["trump"], bool((ctx.get("rules") or {}).get("plain_ace_high")))
    return g56.ranking(ctx.get("trump") or "NT")


def _count(singular: str, plural: str, n: int):
    return nmsg(known(singular), plural, n)


def held_words(q, rk, led, follow, trumps) -> str:
    """What the first hint of a "which cards may you play" question says the hand holds, from
    the cards: the trumps alone on a trump lead (counted once), else the cards of the led suit
    and the trumps."""
    trumps_held = _count("{n} trump", "{n} trumps", len(trumps))
    if q.kind != "legal_cards":  # the 55 lessons' own questions
        if rk.is_trump[led.index]:
            return said.n("The led card is a trump ({card}). You hold {n} trump.",
                          "The led card is a trump ({card}). You hold {n} trumps.",
                          len(trumps), card=led.unicode)
        return said("The led card is plain ({card}). You hold {cards} of the led suit and "
                    "{trumps}.", card=led.unicode, trumps=trumps_held,
                    cards=_count("{n} card", "{n} cards", len(follow)))
    if rk.is_trump[led.index]:
        return said.n("The led card is a trump; you hold {n} trump.",
                      "The led card is a trump; you hold {n} trumps.", len(trumps))
    suit, cards = SUIT_WORDS[rk.effective_suit(led)], _count("{n} card of it", "{n} cards of it",
                                                            len(follow))
    if q.context.get("trump") in (None, "NT"):
        return said("The led suit is {suit}; you hold {cards}.", suit=suit, cards=cards)
    return said("The led suit is {suit}; you hold {cards} and {trumps}.", suit=suit,
                cards=cards, trumps=trumps_held)


def must_play() -> list[tuple[str, str, bool]]:
    """The sentences that say what must be played: (the sentence, with ANY for what it names
    besides, the suit that must be played or "trump", whether a trump will do instead)."""
    out = [(said("A trump was led and you hold {cards}, so you must play a trump.", cards=ANY),
            "trump", False)]
    out += [(said.n("A top trump may renege only when it ranks above {what}; {cards} does not, "
                    "so you must play a trump.",
                    "A top trump may renege only when it ranks above {what}; {cards} do not, so "
                    "you must play a trump.", n, what=ANY, cards=ANY), "trump", False)
            for n in (1, 2)]
    out += [(said("the A♥ was led and you hold a heart, so you must play a heart or a trump."),
             "H", True),
            (said("when the A♥ is led, a player who need not play a trump must play a heart or "
                  "a trump if they hold a heart"), "H", True)]
    for s in A_SUIT:
        out += [(said("You hold {suit}, so you must play {a_suit} or a trump; {card} is "
                      "neither.", suit=SUIT_WORDS[s], a_suit=A_SUIT[s], card=ANY), s, True),
                (said("The lead was in {suit} and you hold {suit}, so you must play {a_suit}; "
                      "{card} is not one (following suit is the only duty of play).",
                      suit=SUIT_WORDS[s], a_suit=A_SUIT[s], card=ANY), s, False)]
    return out


def no_duty_to_trump() -> list[str]:
    """The sentences that say there is no duty to trump."""
    return [said("you hold no card of the suit led, so any card may be played: there is no duty "
                 "to trump (56-VOID)."),
            said("You hold no {suit}: any card may go, and there is no duty to trump ({rule}).",
                 suit=ANY, rule=ANY)]


def check_legal(q) -> None:
    if q.base_kind != "legal_cards" or not q.context.get("trick"):
        return
    rk = _ranking(q)
    hand = [Card.parse(c) for c in q.context["hand"]]
    led = Card.parse(q.context["trick"][0])
    legal = [c for c in hand if str(c) in q.answer]
    trumps = [c for c in hand if rk.is_trump[c.index]]
    follow = [c for c in hand if not rk.is_trump[c.index] and
              rk.effective_suit(c) == rk.effective_suit(led)]
    narrow = q.hints[0].text
    # the counts it gives are the hand's (on a trump lead, the trumps alone: counted once)
    assert held_words(q, rk, led, follow, trumps) in narrow, (q.kind, q.seed, narrow)
    for text in told(q):
        for sentence, what, ruff in must_play():
            if not says(text, sentence):
                continue
            if what == "trump":
                assert all(rk.is_trump[c.index] for c in legal), (q.kind, q.seed, text)
            else:
                assert all(c.suit == what or ruff and rk.is_trump[c.index] for c in legal), \
                    (q.kind, q.seed, text)
        if rk.is_trump[led.index]:  # a trump lead: following is trumping
            assert not any(says(text, w) for w in no_duty_to_trump()), (q.kind, q.seed, text)
    if set(legal) == set(hand) and follow and trumps and not rk.is_trump[led.index] and \
            q.game == "55" and len(follow) + len(trumps) == len(hand):
        # followed or ruffed: the reason is not "it follows" alone (55-RUFF)
        assert "55-RUFF" in q.reason, (q.kind, q.seed, q.reason)


# -- the amounts of a settlement ----------------------------------------------------------------
def check_amounts(q) -> None:
    if q.game != "56" or q.base_kind not in ("score_hand", "tables56"):
        return
    ctx = q.context
    st = Game56(4).settings
    s = settle(tuple(ctx["tables"]), ctx["team"], ctx["bid"], ctx["multiplier"], ctx["points"],
               st)
    signed = s.paid if s.payer != ctx["team"] else -s.paid
    assert q.answer == (str(signed),), (q.kind, q.seed)
    m = ctx["multiplier"]
    forgets, tiers = amount_forms()
    for text in map(str, q.meanings.values()):
        for forgot in filter(None, (f.fullmatch(text) for f in forgets)):
            assert abs(int(forgot["value"])) * int(forgot["times"]) == s.owed, (q.seed, text)
        for tiered in filter(None, (f.fullmatch(text) for f in tiers)):
            low = int(tiered["low"])
            times = int(tiered.groupdict().get("times") or 1)
            assert times == m, (q.seed, text)
            made, failed = tier(low, st)
            assert abs(int(tiered["value"])) == (made if s.made else failed) * m, (q.seed, text)


def amount_forms() -> tuple[list[re.Pattern], list[re.Pattern]]:
    """What a wrong amount of a 56 settlement is told, read back: "+2 forgets the multiplier
    ×2" (the amount, the multiplier), "+3 is the amount for bids of 40–47 ×2" (the amount, the
    lowest bid of the tier, the multiplier)."""
    def why(id: str, **params) -> str:
        return said("{value} {why}.", value=VALUE, why=msg(known(id), **params))

    forgets = [why("forgets the multiplier ×{multiplier} (56-MULT)", multiplier=TIMES),
               said("{value} forgets the multiplier ×{multiplier} (56-MULT).", value=VALUE,
                    multiplier=TIMES)]
    tiers = []
    for bids in (msg(known("a bid of {bid}"), bid=LOW),
                 msg(known("bids of {low}–{high}"), low=LOW, high=NUMBER)):
        tiers += [why("is the amount for {bids} ×{multiplier}; {bid} is in {tier} (56-TIERS)",
                      bids=bids, multiplier=TIMES, bid=NUMBER, tier=ANY),
                  why("is the amount for {bids}; {bid} is in {tier} (56-TIERS)", bids=bids,
                      bid=NUMBER, tier=ANY)]
    return [form(f) for f in forgets], [form(f) for f in tiers]


CHECKS = (check_cards, check_words, check_legal, check_amounts)


@pytest.mark.parametrize("kind,game", ALL, ids=[f"{k}-{g}" for k, g in ALL])
def test_what_a_question_says_is_so(kind, game):
    for seed in seeds(kind):
        q = make_question(kind, game, seed)
        for check in CHECKS:
            check(q)


@pytest.mark.slow
@pytest.mark.parametrize("kind,game", ALL, ids=[f"{k}-{g}" for k, g in ALL])
def test_what_a_question_says_is_so_many_seeds(kind, game):
    for seed in seeds(kind, slow=True):
        q = make_question(kind, game, seed)
        for check in CHECKS:
            check(q)


# -- single facts --------------------------------------------------------------------------------
def test_plain_orders_are_the_ranking_tables():
    """55-RANK-PLAIN: the order a hint gives is the game's own, suit by suit (hearts have no
    ace: the A♥ is a trump; the A♦ ends diamonds only)."""
    for ace_high in (False, True):
        for suit in "HDC":
            rk = g55.ranking("S", ace_high)
            ranks = " ".join(c.rank for c in rk.plain_orders[suit])
            if suit == "H":  # no ace: the A♥ is a trump
                assert "A" not in ranks.split(), ranks
                words = said("{ranks}, best first with the house rule (no ace: the A♥ is a "
                             "trump).", ranks=ranks) if ace_high else \
                    said("{ranks}, best first (no ace: the A♥ is a trump).", ranks=ranks)
            else:
                words = said("{ranks}, best first with the house rule.", ranks=ranks) \
                    if ace_high else said("{ranks}, best first.", ranks=ranks)
            assert plain_words(suit, ace_high) == words, suit
    seen = 0
    for kind in ("trick_winner:plain", "trick_winner:house", "card_order:plain"):
        for seed in range(60):
            q = make_question(kind, "55", seed)
            text = q.hints[0].text
            ace_high = bool((q.context.get("rules") or {}).get("plain_ace_high"))
            colours = {s: colour_words(s, ANY) for s in "SHDC"}
            said_suits = [s for s, words in colours.items() if any(says(text, w) for w in words)]
            if not said_suits:
                continue
            assert len(said_suits) == 1, (kind, seed, text)
            suit = said_suits[0]
            other = {c for c in cards_in(text) if c[-1] != suit} - {"AH"}
            assert not other, (kind, seed, text)
            # the order it gives is the suit's own (the hearts': no ace)
            order = plain_words(suit, ace_high)
            assert any(w in text for w in colour_words(suit, order)), (kind, seed, text)
            seen += 1
    assert seen


def colour_words(suit: str, order: str) -> list[str]:
    """What a hint says of a plain suit's colour and order ("Hearts are red: ..."), worded with
    a capital as a sentence's start."""
    red = suit in "HD"
    ids = (("{suits} are red: {order}", "{suits} are red, and not trumps: {order}") if red else
           ("{suits} are black: {order}", "{suits} are black, and not trumps: {order}"))
    worded = [said(i, suits=SUIT_WORDS[suit], order=order) for i in ids]
    return [w[:1].upper() + w[1:] for w in worded]


def test_find_trumps_names_the_ace_of_hearts_only_when_held():
    for seed in range(200):
        q = make_question("find_trumps", "55", seed)
        held = "AH" in q.context["hand"]
        assert ("A♥" in q.reason) == (held and "AH" in q.answer), (seed, q.reason)


def test_every_card_allowed_says_why_each_is():
    """Hearts led, diamonds trumps, the hand 9♥ 2♦ Q♦: every card may be played, the 9♥ as
    following, the trumps by 55-RUFF."""
    q = make_question("legal_cards:plain_lead", "55", 6)
    assert q.context["hand"] == ["9H", "2D", "QD"] and q.context["trump"] == "D"
    assert set(q.answer) == {"9H", "2D", "QD"}
    assert "55-RUFF" in q.reason and "55-FOLLOW-PLAIN" in q.reason


@pytest.mark.parametrize("game", ["55", "56"])
def test_scoring_practice_shows_contracts_made_and_failed(game):
    made = sum(int(make_question("score_hand", game, s).answer[0]) > 0 for s in range(100))
    assert 35 <= made <= 65, made


def test_the_55_scoring_exercise_has_both():
    ex = next(e for e in EXERCISES if e.name == "55-scoring")
    quiz = Quiz(ex.kinds, ex.game, ex.seed, ex.count)
    signs = set()
    for _ in range(ex.count):
        signs.add(int(quiz.question.answer[0]) > 0)
        quiz.answer(quiz.question.answer[0])
        if not quiz.finished:
            quiz.next()
    assert signs == {True, False}


VOIDS = ("shows a void in {suits}, the suit bid before the most recent one. It is played in no "
         "trumps",
         "can show a void in {suits} (a jump in Noes), the suit bid before the most recent one. "
         "It is played in no trumps",
         "shows no {suits} at all (a void in the suit just bid). It is played in no trumps")


def _sense(label: str) -> tuple:
    """What a bid_meaning choice says, as a fact: a void in a suit, top cards of a suit..."""
    for suit, words in SUIT_WORDS.items():
        for void in VOIDS:
            if label == said("Partner's bid {tells}.", tells=msg(known(void), suits=words)):
                return ("void", suit)
    return ("text", label)


def test_bid_meaning_choices_differ_in_meaning():
    for seed in range(40):
        q = make_question("bid_meaning", "56", seed)
        senses = [_sense(c.label) for c in q.choices]
        assert len(set(senses)) == len(senses), (seed, [c.label for c in q.choices])


def test_the_55_pass_says_when_a_pass_is_allowed():
    """55-BID-ALLPASS: the dealer may not pass when every other player has passed, so a
    pass's reason is never "any player may pass"."""
    for n in (3, 4, 5):
        for rules in ({}, {"all_pass": "redeal_next_dealer"}):
            game = Game55(n, rules)
            for calls in ([], ["pass"] * (n - 1), ["15"] + ["pass"] * (n - 2)):
                state = game.new_game(__import__("random").Random(n))
                while state.is_chance:
                    state.chance(__import__("random").Random(1))
                for c in calls:
                    state.push(Call(state.to_act, c))
                if state.check(Call(state.to_act, "pass")) is not None:
                    continue
                why = state.why_legal(Call(state.to_act, "pass"))
                dealer = len(calls) == n - 1
                if dealer and "15" in calls:  # a standing bid: the dealer's pass ends it
                    assert "55-BID-END" in why, (calls, why)
                    assert why == said("the dealer may pass a standing bid; its maker wins the "
                                       "auction (55-BID-END).")
                elif dealer:  # nobody bid: only the house rule lets the dealer pass
                    assert rules and "55-BID-ALLPASS" in why, (calls, why)
                    assert why == said("the house rule lets the dealer pass when every other "
                                       "player has passed: the hand is thrown in and dealt "
                                       "again (55-BID-ALLPASS).")
                else:  # the dealer's duty named only where it holds, never "any player"
                    assert ("55-BID-ALLPASS" in why) == (not rules), (calls, why)
                    assert why == (said("a player may pass at their turn (55-BID-ORDER).")
                                   if rules else
                                   said("a player may pass at their turn (55-BID-ORDER); only "
                                        "the dealer, once every other player has passed, must "
                                        "bid instead (55-BID-ALLPASS)."))


def _markdown(path: str) -> str:
    nb = json.loads((ROOT / path).read_text())
    return "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")


def test_the_renege_lesson_says_any_trump_meets_the_duty():
    """55-TRUMP-LEAD: J♠ led, spades trumps, the hand 5♠ A♥ 3♦: the 5♠ or the A♥."""
    rk = g55.ranking("S")
    hand = [Card.parse(c) for c in ("5S", "AH", "3D")]
    legal = g55.legal_cards(hand, [Card.parse("JS")], rk)
    assert {str(c) for c in legal} == {"5S", "AH"}
    # the lesson's own text, its English source, read against the engine
    text = " ".join(_markdown("lessons/55/04-renege.ipynb").split())
    assert "A♥ must be played" not in text  # English golden
    assert "only the 5 may renege" not in text  # English golden
    assert "must be played" not in text.split(  # English golden
        "If the **5 is led**")[1].split("\n")[0]  # English golden
    assert ACE_OF_HEARTS in legal and Card.parse("5S") in legal


def test_identical_cards_rank_the_first_higher_not_win():
    """56-IDENTICAL: of two identical cards the one played first *ranks* higher (the English
    source of the lesson and of the worked examples' captions)."""
    texts = [_markdown("lessons/56/03-trick.ipynb"),
             (ROOT / "tutor/teach/data/examples.toml").read_text()]
    for text in texts:
        flat = " ".join(text.split())
        assert not re.search(r"first played wins|played first wins",  # English golden
                             flat), flat[:200]
    rk = g56.ranking("D")  # TW-3's trick: the 9♦ played first wins, it being the best card
    trick = [Card.parse(c) for c in ("AS", "9D", "9D", "JS", "QS", "10S")]
    assert rk.trick_result(trick).index == 1
    trick = [Card.parse(c) for c in ("9S", "9S", "JD")]  # here neither twin wins
    assert rk.trick_result(trick).index == 2


def test_top_cards_are_counted_after_those_anyone_showed():
    """56-CONV: "the Jack, if no card of that suit has been shown yet" -- by anyone: the
    engine counts an opponent's card, and the reference and the decisions say so."""
    from tutor.games.g56.auction import Auction56
    from tutor.games.g56.conventions import explain_auction
    a = Auction56(4, 3, Game56(4).settings)
    a.call("28S")  # seat 0 shows the J♠
    a.call("29S")  # seat 1, the other team, at the lowest level: the second J♠
    m = explain_auction(a)[-1]
    assert m.cards == ("JS",) and m.before and m.before[0][1] == 0
    for path in ("tutor/teach/reference/56.md", "tutor/rules/56-decisions.md"):
        flat = " ".join((ROOT / path).read_text().split())  # the English source of the rules
        assert "team has already shown" not in flat, path  # English golden
