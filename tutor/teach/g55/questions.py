"""Questions aimed at one lesson of 55: built position by position, so that every question
of an exercise is about the lesson's point (a plain lead, a trump lead with a top trump, a
house rule...), yet still engine-made and reproducible from its seed.

The kinds are written ``"kind:focus"`` (``"legal_cards:trump_lead"``) or are new kinds
(``"find_trumps"``); :func:`tutor.teach.questions.make_question` sends them here.  Every
answer comes from the engine's own functions (``legal_cards``, ``check_card``,
``Ranking.trick_result``); this module only chooses the cards.
"""

from __future__ import annotations

import random
from typing import Callable, Sequence

from ...engine.cards import (
    A_SUIT,
    ALL_CARDS,
    SUIT_WORD_SINGULAR,
    SUIT_WORDS,
    SUITS,
    Card,
    format_cards,
)
from ...engine.messages import N_, many, msg, nmsg, num, pmsg, render, sentences
from ...engine.state import Call
from ...games import g55
from ...games.g55 import SPEC
from ...games.g55.play import check_card, legal_cards, ranking, why_legal
from ...games.g55.tables import ACE_OF_HEARTS
from .. import house_rules
from ..questions import (
    Choice,
    Hint,
    Question,
    Shown,
    _rule_hint,
    _trump_words,
    allowed,
    card_choice,
    every_reason,
    hand_seat_no,
    hand_table,
    kind_title,
    legal_reason,
    not_allowed,
    played_words,
)
from ..seats import table_for
from .guided import score_breakdown  # the breakdown the guided hands show

GAME = SPEC.name  # this module teaches this game only
AH = ACE_OF_HEARTS

# Every house rule of 55 in a learner's words, as the rules text says it (tutor.teach.house_rules):
# each value of each setting with choices, and the house rules the lessons and questions set.
HOUSE_WORDS = {
    ("all_pass", "dealer_forced"): N_("if every non-dealer passes, the dealer may not pass: the "
                                      "dealer must bid and wins the auction at that bid"),
    ("all_pass", "redeal_next_dealer"): N_("if every non-dealer passes, the dealer may pass "
                                           "too: the hand is then abandoned and the next dealer "
                                           "deals again"),
    ("all_pass", "redeal_same_dealer"): N_("if every non-dealer passes, the dealer may pass "
                                           "too: the hand is then abandoned and the same dealer "
                                           "deals again"),
    ("dealer_raise_closes", True): N_("a dealer raise ends the auction at once, with the dealer "
                                      "as bidder"),
    ("dealer_raise_closes", False): N_("a dealer raise is answered like a hold: the outbid "
                                       "player may pass or bid higher, and the dealer speaks "
                                       "again (a dealer bid of 60 still ends the auction)"),
    ("reentry_after_hold", "held_bidder_only"): N_("after a hold only the held bidder may speak, "
                                                   "to pass or to bid higher"),
    ("reentry_after_hold", "all_not_passed"): N_("after a hold every non-dealer who has not "
                                                 "passed, outbid players included, speaks once "
                                                 "more in seat order, to pass or to bid higher; "
                                                 "then the dealer speaks again if anyone bid, "
                                                 "and otherwise wins at the held value"),
    ("trump_before_kitty", True): N_("the bidder names trumps before picking up the kitty"),
    ("trump_before_kitty", False): N_("the bidder names trumps after picking up the kitty and "
                                      "discarding"),
    ("first_lead", "dealer_left"): N_("the player on the dealer's left leads to the first "
                                      "trick, whoever won the auction"),
    ("first_lead", "bidder"): N_("the bidder leads to the first trick"),
    ("first_lead", "bidder_left"): N_("the player on the bidder's left leads to the first "
                                      "trick"),
    ("first_lead", "bidder_right"): N_("the player on the bidder's right leads to the first "
                                       "trick"),
    ("renege_mode", "led"): N_("a top trump (the 5 or the J of trumps, or the A♥) may renege "
                               "on a trump lead when it ranks above the led card, even if a "
                               "higher trump is played after the lead"),
    ("renege_mode", "none"): N_("nobody may renege: on a trump lead every trump, the 5, the J "
                                "and the A♥ included, must answer"),
    ("renege_mode", "five_only"): N_("only the 5 of trumps may renege; the J and the A♥ are "
                                     "ordinary trumps"),
    ("renege_mode", "highest_in_trick"): N_("a top trump may renege only if it ranks above "
                                            "every trump already in the trick, not just the "
                                            "led card"),
    ("ah_lead_forces_hearts", True): N_("when the A♥ is led, a player who need not play a "
                                        "trump must play a heart or a trump if they hold a "
                                        "heart"),
    ("ah_lead_forces_hearts", False): N_("a lead of the A♥ is a trump lead like any other: a "
                                         "player who need not play a trump may play any card"),
    ("plain_ace_high", True): N_("the ace is high in every plain suit (A K Q J ...); hearts "
                                 "keep no plain ace, the A♥ being a trump"),
    ("plain_ace_high", False): N_("a plain ace ranks between the J and the 2 in clubs and "
                                  "spades and lowest in diamonds; hearts keep no plain ace, the "
                                  "A♥ being a trump"),
    ("bidder_scores", "points"): N_("a bidder who makes a 10–25 bid scores its hand points, "
                                    "not the bid"),
    ("bidder_scores", "bid"): N_("a bidder who makes a 10–25 bid scores the bid only, not its "
                                 "hand points"),
    ("race_rule", "secured"): N_("if the target is reached during a hand, the first to reach "
                                 "it trick by trick wins; the bidder's points count only once "
                                 "its bid is secured"),
    ("race_rule", "retroactive"): N_("if the target is reached during a hand, the first to "
                                     "reach it trick by trick wins; a bidder who makes a 10–25 "
                                     "bid counts its points from the trick in which they were "
                                     "taken"),
    ("race_rule", "bidder_first"): N_("if the target is reached during a hand, a bidder who "
                                      "makes its bid and ends at or above the target wins; "
                                      "otherwise the first of the others to reach it trick by "
                                      "trick wins"),
    ("race_rule", "highest_total"): N_("if the target is reached during a hand, the highest "
                                       "final score of those who end at or above the target "
                                       "wins; equal scores go to the first to reach it trick "
                                       "by trick"),
    ("only_bidder_can_win", True): N_("only the bidder can win: it wins if it makes its bid "
                                      "and ends at or above the target; a non-bidder who "
                                      "reaches the target does not win and the game goes on"),
    ("only_bidder_can_win", False): N_("a non-bidder who reaches the target can win the game, "
                                       "as well as the bidder"),
    ("others_draw_max", 0): N_("no player but the bidder exchanges cards: the others neither "
                               "discard nor draw"),
    ("teams", None): N_("everyone plays alone, not in sides"),
    ("min_dealer_hold", None): N_("the dealer may hold any bid"),
    ("non_bidder_cap", None): N_("a non-bidder's score has no cap"),
}


def house_rule_words(name, value, n) -> str | None:
    """A house rule of 55 in the rules' words (None: one with no words of its own)."""
    if isinstance(value, list):  # a setting read from JSON
        value = tuple(value)
    try:
        said = HOUSE_WORDS.get((name, value))
    except TypeError:  # a value that is no key (a list of lists)
        return None
    if said is not None:
        return render(msg(said))
    number = isinstance(value, int) and not isinstance(value, bool)
    pair = isinstance(value, tuple) and len(value) == 2
    if name == "others_draw_max" and number:
        return render(nmsg("after the bidder's exchange each other player in turn may discard "
                           "up to {n} card and draw as many from the undealt stock, while it "
                           "lasts",
                           "after the bidder's exchange each other player in turn may discard "
                           "up to {n} cards and draw as many from the undealt stock, while it "
                           "lasts", value))
    if name == "deal_packets" and isinstance(value, tuple) and set(value) == {1}:
        return render(msg("the cards are dealt one at a time"))
    if name == "deal_packets" and pair:
        return render(msg("the cards are dealt in two rounds of packets, {first} then {second}",
                          first=value[0], second=value[1]))
    if name == "min_dealer_hold" and number:
        return render(msg("the dealer may hold only a bid of at least {bid}", bid=value))
    if name == "target_score" and number:
        return render(nmsg("the game is won by the first to reach {n} point",
                           "the game is won by the first to reach {n} points", value))
    if name == "sixty" and pair:
        return render(msg("a made 60 scores {win} and a failed 60 scores {loss}",
                          win=value[0], loss=value[1]))
    if name == "non_bidder_cap" and number:
        return render(msg("a non-bidder's score cannot rise above {cap} through points won "
                          "against a bid", cap=value))
    return None


def _capital(text: str) -> str:
    """A sentence worded with its first letter made a capital ("Hearts are red: ...")."""
    return text[:1].upper() + text[1:]


def _cards(ids: Sequence[str]) -> str:
    return format_cards([Card.parse(i) for i in ids], "unicode")


def _rng(kind: str, seed: int) -> random.Random:
    return random.Random(f"lesson/{kind}/{seed}")


def _hand_sort(cards) -> list[Card]:
    return sorted(set(cards), key=lambda c: c.index)


# -- which cards may be played ------------------------------------------------------------------
def legal_question(kind: str, seed: int, trump: str, n: int, leader: int, seat: int,
                   hand: Sequence[Card], trick: Sequence[Card], settings: dict | None = None,
                   prefix: str = "") -> Question:

    """A "select every card you may play" question for one position (55)."""
    settings = dict(settings or {})
    mode = settings.get("renege_mode", "led")
    ah = bool(settings.get("ah_lead_forces_hearts", False))
    rk = ranking(trump)
    hand = _hand_sort(hand)
    legal = legal_cards(hand, trick, rk, mode, ah)
    meanings, rule = {}, None
    standard = set(legal_cards(hand, trick, rk))
    for c in hand:
        bad = check_card(hand, trick, c, rk, mode, ah)
        if bad is None:
            why = why_legal(c, hand, trick, rk, mode, ah)
            meanings[str(c)] = allowed(c.unicode, why)
        else:
            rule = rule or bad.rule
            meanings[str(c)] = not_allowed(c.unicode, bad)
            if settings and c in standard:
                meanings[str(c)] = sentences(meanings[str(c)], msg(
                    "Under the standard rules it would be allowed."))
    led = trick[0] if trick else None
    if rule is None:
        if led is None:
            rule = "55-LEAD"
        elif not rk.is_trump[led.index]:
            rule = "55-VOID" if not any(c.suit == led.suit and not rk.is_trump[c.index]
                                        for c in hand) else "55-RUFF"
        else:
            rule = "55-RENEGE" if any(rk.is_trump[c.index] for c in hand) else "55-VOID"
    table = table_for(GAME, n, seat)
    words = played_words([(leader + i) % n for i in range(len(trick))], list(trick), table)
    legal_text = format_cards(legal, "unicode")
    every = every_reason(hand, trick, rk, lambda c: why_legal(c, hand, trick, rk, mode, ah))
    reason = legal_reason(legal, hand, every)
    trumps = tuple(str(c) for c in hand if rk.is_trump[c.index])
    led_suit = rk.effective_suit(led)
    follow = [c for c in hand if rk.effective_suit(c) == led_suit]
    if rk.is_trump[led.index]:  # the led suit is the trumps: count them once
        narrow = render(nmsg("The led card is a trump ({card}). You hold {n} trump.",
                             "The led card is a trump ({card}). You hold {n} trumps.",
                             len(trumps), card=led.unicode))
    else:
        narrow = render(msg("The led card is plain ({card}). You hold {cards} of the led suit "
                            "and {trumps}.", card=led.unicode,
                            cards=nmsg("{n} card", "{n} cards", len(follow)),
                            trumps=nmsg("{n} trump", "{n} trumps", len(trumps))))
    if AH in hand and led.suit == "H" and trump != "H":
        narrow = sentences(narrow, msg("Remember what the A♥ is."))
    house = ""
    if settings:
        house = house_rules.sentence(GAME, settings, n)
    hints = (Hint(1, sentences(house, narrow), None, trumps),
             Hint(2, _rule_hint(rule), rule),
             Hint(3, render(msg("The answer: {cards}.", cards=legal_text)), None,
                  tuple(str(c) for c in legal)))
    return Question(
        kind, GAME, seed,
        sentences(prefix, house, table.intro(), _trump_words(trump), words,
                  msg("Select every card you may play.")),
        "many", tuple(card_choice(c) for c in hand),
        {"trump": trump, "trick": [str(c) for c in trick], "hand": [str(c) for c in hand],
         "seat": seat, "leader": leader, "players": n,
         "rules": dict(settings)},
        tuple(sorted(str(c) for c in legal)), rule, reason, hints, meanings)


def _others(rng: random.Random, deck: list[Card], trick: list[Card], count: int, size: int,
            rk, must: dict[int, Card] | None = None, plain_only: bool = False) -> bool:
    """Append ``count`` plays to ``trick`` by players holding ``size`` random cards from
    ``deck`` (used cards are removed); each play is a legal card.  ``must[i]`` forces the
    i-th of them to hold and play that card.  False if ``plain_only`` could not be kept."""
    for i in range(count):
        forced = (must or {}).get(i)
        hand = ([forced] if forced else []) + [deck.pop() for _ in range(size - bool(forced))]
        if forced:
            card = forced
        else:
            options = legal_cards(hand, trick, rk)
            if plain_only:
                options = [c for c in options if not rk.is_trump[c.index]]
                if not options:
                    return False
            card = rng.choice(options)
        trick.append(card)
    return True


def _fill(rng, deck: list[Card], take: Callable[[Card], bool], k: int) -> list[Card] | None:
    pool = [c for c in deck if take(c)]
    if len(pool) < k:
        return None
    got = rng.sample(pool, k)
    for c in got:
        deck.remove(c)
    return got


def _kinds_of_card(rk, suit: str):
    """Three tests: a plain card of ``suit``, a plain card of another suit, a trump."""
    def plain_of(c: Card) -> bool:
        return c.suit == suit and not rk.is_trump[c.index]

    def other(c: Card) -> bool:
        return c.suit != suit and not rk.is_trump[c.index]

    def trumps(c: Card) -> bool:
        return rk.is_trump[c.index]

    return plain_of, other, trumps


def _not_trump(rk) -> Callable[[Card], bool]:
    return lambda c: not rk.is_trump[c.index]


# -- a plain lead ----------------------------------------------------------------------------------
PLAIN_TARGETS = ("follow", "void", "ruff_or_follow", "ace_of_hearts")


def _plain_lead(game: str, seed: int, kind="legal_cards:plain_lead") -> Question:
    rng = _rng(kind, seed)
    target = PLAIN_TARGETS[seed % len(PLAIN_TARGETS)]
    for _ in range(300):
        trump = rng.choice([s for s in SUITS if s != "H"] if target == "ace_of_hearts"
                           else SUITS)
        rk = ranking(trump)
        n, size = rng.choice([3, 4, 5]), rng.randint(3, 5)
        suit = "H" if target == "ace_of_hearts" else rng.choice([s for s in SUITS if s != trump])
        deck = [c for c in ALL_CARDS]
        rng.shuffle(deck)
        led = rng.choice([c for c in deck if c.suit == suit and not rk.is_trump[c.index]])
        deck.remove(led)
        plain_of, other, trumps = _kinds_of_card(rk, suit)
        if target == "follow":
            parts = [(plain_of, rng.randint(1, 2)), (other, None)]
        elif target == "void":
            parts = [(other, size - rng.randint(0, 1)), (trumps, None)]
        elif target == "ruff_or_follow":
            parts = [(plain_of, 1), (trumps, rng.randint(1, 2)), (other, None)]
        else:
            if AH not in deck:
                continue
            deck.remove(AH)
            parts = [(other, None)] if rng.random() < 0.6 else [(plain_of, 1), (other, None)]
        hand = [AH] if target == "ace_of_hearts" else []
        for take, k in parts:
            k = size - len(hand) if k is None else min(k, size - len(hand))
            got = _fill(rng, deck, take, k)
            if got is None:
                break
            hand += got
        if len(hand) != size:
            continue
        k = rng.randrange(1, n)
        trick = [led]
        if not _others(rng, deck, trick, k - 1, size, rk):
            continue
        leader = rng.randrange(n)
        return legal_question(kind, seed, trump, n, leader, (leader + k) % n, hand, trick)
    raise RuntimeError(f"no plain-lead position for seed {seed}")  # pragma: no cover


# -- a trump lead, with the top trumps ---------------------------------------------------------
TRUMP_TARGETS = ("may_renege", "forced", "with_low_trump", "higher_played", "ace_led")


def _trump_position(rng: random.Random, target: str):
    """(trump, n, leader, seat, hand, trick) for a trump lead that shows ``target``."""
    for _ in range(300):
        trump = rng.choice(SUITS)
        rk = ranking(trump)
        order = list(rk.trump_order)
        five, jack = order[0], order[1]
        top = order[:3]
        n, size = rng.choice([3, 4, 5]), rng.randint(3, 5)
        deck = list(ALL_CARDS)
        rng.shuffle(deck)
        must: dict[int, Card] = {}
        k = rng.randrange(1, n)
        if target == "may_renege":
            led = rng.choice(order[3:])
            mine = rng.sample(top, rng.randint(1, 2))
        elif target == "forced":
            led = rng.choice([five, jack])
            mine = [c for c in top if rk.trump_rank[c.index] > rk.trump_rank[led.index]]
            mine = rng.sample(mine, rng.randint(1, len(mine)))
        elif target == "with_low_trump":
            led = rng.choice(order[3:])
            mine = [rng.choice(top), rng.choice([c for c in order[3:] if c is not led])]
        elif target == "higher_played":
            if n < 3:
                continue
            led = rng.choice(order[3:])
            low, high = rng.choice([(jack, five), (AH, five), (AH, jack)])
            mine = [low]
            k = rng.randrange(2, n)
            must = {rng.randrange(k - 1): high}
        else:  # ace_led
            led = AH
            mine = rng.sample([five, jack], rng.randint(1, 2))
        used = {led, *mine, *must.values()}
        deck = [c for c in deck if c not in used]
        rest = _fill(rng, deck, _not_trump(rk), size - len(mine))
        if rest is None:
            continue
        hand = mine + rest
        trick = [led]
        if not _others(rng, deck, trick, k - 1, size, rk, must):
            continue
        # the story must hold: nobody before us played a trump that changes it
        if target == "may_renege" and any(c in top for c in trick[1:]):
            continue
        leader = rng.randrange(n)
        return trump, n, leader, (leader + k) % n, hand, trick
    raise RuntimeError(f"no trump-lead position for {target}")  # pragma: no cover


def _trump_lead(game: str, seed: int) -> Question:
    rng = _rng("legal_cards:trump_lead", seed)
    target = TRUMP_TARGETS[seed % len(TRUMP_TARGETS)]
    trump, n, leader, seat, hand, trick = _trump_position(rng, target)
    return legal_question("legal_cards:trump_lead", seed, trump, n, leader, seat, hand, trick)


# -- a house rule changes the answer ------------------------------------------------------------
HOUSE_LEGAL = (
    ("renege_mode", "none", "may_renege"),
    ("renege_mode", "five_only", "may_renege"),
    ("renege_mode", "highest_in_trick", "higher_played"),
    ("ah_lead_forces_hearts", True, None),
)


def _house_legal(game: str, seed: int) -> Question:
    rng = _rng("legal_cards:house", seed)
    setting, value, target = HOUSE_LEGAL[seed % len(HOUSE_LEGAL)]
    settings = {setting: value}
    for _ in range(300):
        if target is not None:
            trump, n, leader, seat, hand, trick = _trump_position(rng, target)
        else:
            trump = rng.choice([s for s in SUITS if s != "H"])
            rk = ranking(trump)
            n, size = rng.choice([3, 4, 5]), rng.randint(3, 5)
            deck = [c for c in ALL_CARDS if c is not AH]
            rng.shuffle(deck)
            hearts = _fill(rng, deck, lambda c: c.suit == "H", rng.randint(1, 2))
            plain = _not_trump(rk)
            rest = _fill(rng, deck, lambda c, plain=plain: c.suit != "H" and plain(c),
                         size - len(hearts))
            hand, trick, k = hearts + rest, [AH], rng.randrange(1, n)
            if not _others(rng, deck, trick, k - 1, size, rk):
                continue
            leader = rng.randrange(n)
            seat = (leader + k) % n
        rk = ranking(trump)
        mode = settings.get("renege_mode", "led")
        ah = settings.get("ah_lead_forces_hearts", False)
        if set(legal_cards(hand, trick, rk, mode, ah)) != set(legal_cards(hand, trick, rk)):
            return legal_question("legal_cards:house", seed, trump, n, leader, seat, hand,
                                  trick, settings)
    raise RuntimeError(f"no house-rule position for seed {seed}")  # pragma: no cover


# -- who wins a trick ------------------------------------------------------------------------------
def winner_question(kind: str, seed: int, trump: str, n: int, leader: int, trick,
                    plain_ace_high: bool = False) -> Question:
    rk = ranking(trump, plain_ace_high)
    result = rk.trick_result(trick)
    seats = [(leader + i) % n for i in range(len(trick))]
    choices = tuple(Choice(f"{i}", c.unicode, c.spoken) for i, c in enumerate(trick))
    meanings = {}
    losers = [i for i in range(len(trick)) if i != result.index]
    for comp, i in zip(result.comparisons, losers):
        meanings[str(i)] = render(msg("Seat {seat}'s {card} loses: {why}.", seat=seats[i],
                                      card=trick[i].unicode, why=comp.text))
    trumps = [str(i) for i, c in enumerate(trick) if rk.is_trump[c.index]]
    led = trick[0]
    house = (render(msg("House rule: {rule}.", rule=msg(HOUSE_WORDS[("plain_ace_high", True)])))
             if plain_ace_high else "")
    if trumps:
        narrow = render(msg("Trumps in this trick: {cards}.",
                            cards=many(trick[int(i)].unicode for i in trumps)))
    else:
        order = plain_words(led.suit, plain_ace_high)
        played = render(msg("No trump was played, so the best {suit} wins.",
                            suit=SUIT_WORD_SINGULAR[led.suit]))
        colour = _capital(render(
            msg("{suits} are red: {order}", suits=SUIT_WORDS[led.suit], order=order)
            if led.suit in "HD" else
            msg("{suits} are black: {order}", suits=SUIT_WORDS[led.suit], order=order)))
        narrow = sentences(played, colour)
    hints = (Hint(1, sentences(house, narrow), None, tuple(trumps)),
             Hint(2, _rule_hint(result.rule if trumps else "55-RANK-PLAIN"),
                  result.rule if trumps else "55-RANK-PLAIN"),
             Hint(3, render(msg("The answer: {cards}.", cards=trick[result.index].unicode)),
                  None, (str(result.index),)))
    rule = result.rule if trumps else "55-RANK-PLAIN"
    players = render(nmsg("{n} player.", "{n} players.", n))
    ask = render(msg("Which card wins this trick?"))
    return Question(
        kind, GAME, seed,
        sentences(house, players, _trump_words(trump), played_words(seats, list(trick)), ask),
        "one", choices, {"trump": trump, "trick": [str(c) for c in trick], "seats": seats,
                         "players": n, "rules": {"plain_ace_high": True} if plain_ace_high
                         else {}},
        (str(result.index),), rule,
        render(msg("Seat {seat}'s {what}.", seat=seats[result.index], what=result.text)), hints,
        meanings)


def plain_words(suit: str, plain_ace_high: bool = False) -> str:
    """The order of a plain suit, best first, read from the game's ranking table
    (55-RANK-PLAIN): hearts have no ace (the A♥ is a trump), diamonds end with the A♦, clubs
    and spades put the ace after the J."""
    rk = ranking("C" if suit != "C" else "S", plain_ace_high)
    ranks = " ".join(c.rank for c in rk.plain_orders[suit])
    if plain_ace_high:
        if suit == "H":
            return render(msg("{ranks}, best first with the house rule (no ace: the A♥ is a "
                              "trump).", ranks=ranks))
        return render(msg("{ranks}, best first with the house rule.", ranks=ranks))
    if suit == "H":
        return render(msg("{ranks}, best first (no ace: the A♥ is a trump).", ranks=ranks))
    return render(msg("{ranks}, best first.", ranks=ranks))


def _plain_trick(rng: random.Random, trump: str, need=None, plain_ace_high=False):
    rk = ranking(trump, plain_ace_high)
    for _ in range(300):
        n = rng.choice([3, 4, 5, 6])
        size = rng.randint(2, 5)
        deck = [c for c in ALL_CARDS if not rk.is_trump[c.index]]
        rng.shuffle(deck)
        suit = rng.choice([s for s in SUITS if s != trump])
        led = next(c for c in deck if c.suit == suit)
        deck.remove(led)
        trick = [led]
        # others hold only plain cards here, so nobody can trump: a plain trick
        _others(rng, deck, trick, n - 1, size, rk)
        if need is None or need(trick, rk):
            return n, trick
    return None


def _plain_winner(game: str, seed: int) -> Question:
    rng = _rng("trick_winner:plain", seed)
    while True:
        trump = rng.choice(SUITS)
        rk = ranking(trump)
        # prefer tricks where the highest-looking card does not win
        got = _plain_trick(rng, trump, lambda t, rk=rk: rk.winner_index(t) != 0
                           or rng.random() < 0.25)
        if got:
            n, trick = got
            return winner_question("trick_winner:plain", seed, trump, n, rng.randrange(n), trick)


def _ace_high_differs(trump: str):
    std, high = ranking(trump), ranking(trump, True)
    return lambda trick, _rk: std.winner_index(trick) != high.winner_index(trick)


def _house_winner(game: str, seed: int) -> Question:
    rng = _rng("trick_winner:house", seed)
    while True:
        trump = rng.choice(SUITS)
        got = _plain_trick(rng, trump, _ace_high_differs(trump), plain_ace_high=True)
        if got:
            n, trick = got
            return winner_question("trick_winner:house", seed, trump, n, rng.randrange(n),
                                   trick, plain_ace_high=True)


# -- put plain cards in order ---------------------------------------------------------------------
def _plain_order(game: str, seed: int) -> Question:
    rng = _rng("card_order:plain", seed)
    trump = rng.choice(SUITS)
    suit = rng.choice([s for s in SUITS if s != trump])
    rk = ranking(trump)
    pool = list(rk.plain_orders[suit])
    # always one court card and one numeral or ace, so that the colour matters
    picked = rng.sample(pool[:3], 1) + rng.sample(pool[3:], rng.randint(3, 5))
    answer = sorted(picked, key=lambda c: rk.plain_rank[c.index])
    rng.shuffle(picked)
    if picked == answer:
        picked.reverse()
    red = suit in "HD"
    order, suits = plain_words(suit), SUIT_WORDS[suit]
    meanings = {"order": render(msg("The order is {cards}.",
                                    cards=format_cards(answer, "unicode")))}
    for i, a in enumerate(answer):
        for b in answer[i + 1:]:
            meanings[("above", a.text, b.text)] = render(
                msg("{higher} ranks above {lower}: {suits} are red, {order}", higher=a.unicode,
                    lower=b.unicode, suits=suits, order=order) if red else
                msg("{higher} ranks above {lower}: {suits} are black, {order}",
                    higher=a.unicode, lower=b.unicode, suits=suits, order=order))
    narrow = _capital(render(
        msg("{suits} are red, and not trumps: {order}", suits=suits, order=order) if red else
        msg("{suits} are black, and not trumps: {order}", suits=suits, order=order)))
    hints = (Hint(1, narrow, None, tuple(str(c) for c in picked if c.rank in "KQJ")),
             Hint(2, _rule_hint("55-RANK-PLAIN"), "55-RANK-PLAIN"),
             Hint(3, render(msg("The answer: {cards}.", cards=format_cards(answer, "unicode"))),
                  None, tuple(str(c) for c in answer)))
    return Question(
        "card_order:plain", GAME, seed,
        f"{_trump_words(trump)} "
        + render(msg("Put these {suits} in order, best first.", suits=suits)), "order",
        tuple(card_choice(c) for c in picked), {"trump": trump},
        tuple(str(c) for c in answer), "55-RANK-PLAIN",
        render(msg("Best first: {cards}.", cards=format_cards(answer, "unicode"))), hints,
        meanings)


# -- which of these cards are trumps ---------------------------------------------------------------
def _find_trumps(game: str, seed: int) -> Question:
    rng = _rng("find_trumps", seed)
    trump = rng.choice(SUITS)
    rk = ranking(trump)
    size = rng.randint(6, 8)
    deck = list(ALL_CARDS)
    rng.shuffle(deck)
    hand: list[Card] = []
    if trump != "H" and rng.random() < 0.8:
        hand.append(AH)
    hearts = [c for c in deck if c.suit == "H" and c is not AH]
    if trump != "H":
        hand += hearts[:rng.randint(1, 2)]
    trumps = [c for c in deck if c.suit == trump and c not in hand]
    hand += trumps[:rng.randint(1, 3)]
    hand += [c for c in deck if c not in hand][:size - len(hand)]
    hand = _hand_sort(hand)
    answer = [c for c in hand if rk.is_trump[c.index]]
    meanings = {}
    for c in hand:
        if c is AH:
            said = msg("The A♥ is always a trump, whatever suit is trumps (55-AH).")
        elif rk.is_trump[c.index]:
            said = msg("{card} is {a_suit}, so it is a trump.", card=c.unicode,
                       a_suit=A_SUIT[trump])
        elif c.suit == "H":
            said = msg("{card} is a heart, and hearts are not trumps: only the A♥ is a trump in "
                       "every suit.", card=c.unicode)
        else:
            said = msg("{card} is a plain card: {suits} are not trumps.", card=c.unicode,
                       suits=SUIT_WORDS[c.suit])
        meanings[str(c)] = render(said)
    rule = "55-AH" if AH in hand and trump != "H" else "55-TRUMP-SUIT"
    which = (msg("The trumps are the {suits} and one more card, from another suit.",
                 suits=SUIT_WORDS[trump]) if trump != "H" else
             msg("The trumps are the {suits}: all thirteen hearts, the A♥ among them, and no "
                 "other card.", suits=SUIT_WORDS[trump]))
    cards = format_cards(answer, "unicode")
    hints = (Hint(1, render(which), None, tuple(str(c) for c in hand if c.suit == trump)),
             Hint(2, _rule_hint(rule), rule),
             Hint(3, render(msg("The answer: {cards}.", cards=cards) if cards else
                            msg("The answer: none.")), None,
                  tuple(str(c) for c in answer)))
    return Question(
        "find_trumps", GAME, seed,
        f"{_trump_words(trump)} " + render(msg("Select every trump in this hand.")), "many",
        tuple(card_choice(c) for c in hand), {"trump": trump, "hand": [str(c) for c in hand]},
        tuple(sorted(str(c) for c in answer)), rule,
        _trumps_reason(answer, trump),
        hints, meanings)


def _trumps_reason(answer: list[Card], trump: str) -> str:
    """"The trumps are ...: ..." naming the A♥ only if the hand holds it."""
    cards = format_cards(answer, "unicode")
    if not answer:
        return render(msg("The hand holds no trump: no {suit} and not the A♥.",
                          suit=SUIT_WORD_SINGULAR[trump]) if trump != "H" else
                      msg("The hand holds no trump: no {suit}.", suit=SUIT_WORD_SINGULAR[trump]))
    suits = any(c.suit == trump for c in answer)
    if AH in answer and trump != "H":
        if suits:
            return render(msg("The trumps are {cards}: the {suits} and the A♥.", cards=cards,
                              suits=SUIT_WORDS[trump]))
        return render(msg("The trumps are {cards}: the A♥.", cards=cards))
    return render(msg("The trumps are {cards}: the {suits}.", cards=cards,
                      suits=SUIT_WORDS[trump]))


# -- this game's parts of the generic questions (tutor.teach.questions) ------------------------
def _card_order_part(rng: random.Random) -> dict:
    trump = rng.choice("SHDC")
    rk = g55.ranking(trump)
    order = list(rk.trump_order)
    k = rng.randint(4, 6)
    picked = rng.sample(order[:6], 2) + rng.sample(order[6:], k - 2)
    answer = sorted(picked, key=lambda c: rk.trump_rank[c.index])
    prompt = _capital(render(msg("{suits} are trumps. Put these trumps in order, best first.",
                                 suits=SUIT_WORDS[trump])))
    rule = "55-RANK-TRUMP"
    context = {"trump": trump}
    narrow = render(msg("The 5, the J and the A♥ are the top three trumps. In black trumps the "
                        "numerals run 2 (high) to 10 (low); in red trumps 10 (high) to 2 "
                        "(low)."))
    highlight = tuple(str(c) for c in picked if c in rk.trump_order[:3])
    # why one card is above another (tutor.teach.questions words it of each pair)
    among = N_("{card} ranks above {other} among the trumps.")
    return dict(picked=picked, answer=answer, prompt=prompt, rule=rule, context=context,
                narrow=narrow, highlight=highlight, among=among)

def _legal_calls_part(rng: random.Random) -> dict:
    n = rng.choice([3, 4, 5])
    st = g55.Game55(n).settings
    for _ in range(40):
        a = g55.Auction(n, n - 1, st)
        steps = rng.randrange(1, 2 * n)
        for _ in range(steps):
            if a.done:
                break
            calls = a.legal_calls()
            a.call(rng.choice(calls))
        if not a.done:
            break
    return _calls_of(a, n)


def _legal_calls_position(state) -> dict:
    """The legal-calls question's pieces for the auction of a given position."""
    return _calls_of(state.auction, state.n)


# a call's name on its button, and spoken (a bid: its number, "bid 25")
_CALL_LABELS = {"pass": msg("Pass"), "hold": msg("Hold")}
_CALL_SPOKEN = {"pass": pmsg("a call's name, as a screen reader says its button", "pass"),
                "hold": pmsg("a call's name, as a screen reader says its button", "hold")}


def _calls_of(a, n: int) -> dict:
    all_calls = ("pass", "hold", "10", "15", "20", "25", "60")
    legal = a.legal_calls()
    meanings = {}
    for c in all_calls:
        bad = a.check(c)
        words = render(_CALL_LABELS[c] if c in _CALL_LABELS else msg("A bid of {bid}", bid=c))
        meanings[c] = not_allowed(words, bad) if bad else allowed(words)
    # the rule that matters most here: a bid too low, then a dealer's pass, then a hold
    order = ("10", "15", "20", "25", "60", "pass", "hold")
    first_bad = next((a.check(c) for c in order if a.check(c)), None)
    rule = first_bad.rule if first_bad else "55-BID-DEALER"
    history = [(s, c) for s, c in a.calls]
    seat, dealer = a.to_act, a.dealer
    choices = tuple(Choice(c, render(_CALL_LABELS[c]) if c in _CALL_LABELS else c,
                           render(_CALL_SPOKEN[c] if c in _CALL_SPOKEN else
                                  msg("bid {bid}", bid=c))) for c in all_calls)
    narrow = render(msg("The standing bid is {bid}. Seat {dealer} is the dealer.", bid=a.high,
                        dealer=dealer) if a.high else
                    msg("Nobody has bid yet. Seat {dealer} is the dealer.", dealer=dealer))
    answer = tuple(legal)
    return dict(n=n, history=history, seat=seat, dealer=dealer, choices=choices,
                narrow=narrow, answer=answer, rule=rule, meanings=meanings)


def _score_hand_part(state) -> dict:
    sc = state.last_score
    b = sc.bidding_side
    delta = sc.deltas[b]
    options = {delta, sc.points[b], -state.bid, state.bid, 60, -60, 30, 25}
    options = sorted(options, reverse=True)
    choices = tuple(Choice(str(v), render(num(v, sign=True)),
                           render(nmsg("{points} point", "{points} points", abs(v),
                                       points=num(v, sign=True))))
                    for v in options)
    bidder = hand_seat_no(state, state.bidder)
    reason = render(_score_reason(sc.made, sc.bonus_side == b, sc.tricks[b], seat=bidder,
                                  bid=state.bid, points=sc.points[b], score=num(delta, sign=True)))
    rule = "55-SCORE-SIXTY" if state.bid == 60 else "55-SCORE-BID"
    meanings = {str(v): _score_meaning55(v, state, sc) for v in options if v != delta}
    prompt = (f"{hand_table(state).intro()} {_trump_words(state.trump)} "
              + render(msg("Seat {bidder} won the auction with a bid of {bid}. Here are the "
                           "five tricks, each with the seat that won it. How much does seat "
                           "{bidder} score?", bidder=bidder, bid=state.bid)))
    context = {"trump": state.trump, "bid": state.bid, "bidder": bidder,
               "tricks": [(hand_seat_no(state, w), [str(c) for c in cs])
                          for _, cs, w in state.tricks],
               "players": state.n}
    narrow = render(msg("Count seat {bidder}'s tricks (5 points each) and who won the trick "
                        "with the best trump played ({card}).", bidder=bidder,
                        card=sc.best_trump.unicode) if sc.best_trump else
                    msg("Count seat {bidder}'s tricks (5 points each) and who won the trick "
                        "with the best trump played (no trump was played).", bidder=bidder))
    answer = (str(delta),)
    return dict(prompt=prompt, choices=choices, context=context, answer=answer, rule=rule,
                reason=reason, narrow=narrow, meanings=meanings)


def _score_reason(made: bool, bonus: bool, tricks: int, **params):
    """"Seat 0 bid 20 and took 25 hand points (4 tricks, with the best trump), so it makes the
    bid and scores +25." (``params``: seat, bid, points, score)."""
    if made and bonus:
        return nmsg("Seat {seat} bid {bid} and took {points} hand points ({n} trick, with the "
                    "best trump), so it makes the bid and scores {score}.",
                    "Seat {seat} bid {bid} and took {points} hand points ({n} tricks, with the "
                    "best trump), so it makes the bid and scores {score}.", tricks, **params)
    if made:
        return nmsg("Seat {seat} bid {bid} and took {points} hand points ({n} trick), so it "
                    "makes the bid and scores {score}.",
                    "Seat {seat} bid {bid} and took {points} hand points ({n} tricks), so it "
                    "makes the bid and scores {score}.", tricks, **params)
    if bonus:
        return nmsg("Seat {seat} bid {bid} and took {points} hand points ({n} trick, with the "
                    "best trump), so it fails the bid and scores {score}.",
                    "Seat {seat} bid {bid} and took {points} hand points ({n} tricks, with the "
                    "best trump), so it fails the bid and scores {score}.", tricks, **params)
    return nmsg("Seat {seat} bid {bid} and took {points} hand points ({n} trick), so it fails "
                "the bid and scores {score}.",
                "Seat {seat} bid {bid} and took {points} hand points ({n} tricks), so it fails "
                "the bid and scores {score}.", tricks, **params)


def _score_meaning55(v: int, state, sc) -> str:
    b = sc.bidding_side
    score = num(v, sign=True)
    if v == sc.points[b] and not sc.made:
        return render(msg("{score} would be the hand points, but the bid of {bid} was not "
                          "made.", score=score, bid=state.bid))
    if v == state.bid and sc.made and v != sc.deltas[b]:
        return render(msg("{score} is the bid; a made bid scores the hand points, {points} "
                          "(55-SCORE-BID).", score=score, points=sc.points[b]))
    if v == -state.bid and sc.made:
        return render(msg("{score} would be a failed bid, but {points} points make {bid}.",
                          score=score, points=sc.points[b], bid=state.bid))
    if v == 60 and state.bid != 60:
        return render(msg("60 is only for a bid of 60 made; all five tricks on a lower bid "
                          "score the hand points, 30 (25 if no trump was played) "
                          "(55-SCORE-ALL-FIVE)."))
    return render(msg("{score} is not what this hand gives.", score=score))


def _hand_result_part(state, seat=None) -> dict | None:
    b = score_breakdown(state, seat)
    if b is None:
        return None
    bidder = b["sides"][state.game.side_of[b["bidder"]]]
    b["summary"] = render(msg("The bidder scores {score}.", score=num(bidder['delta'], sign=True)))
    return b


def _calls_summary_part(state, probe=()) -> str:
    if state.phase != "auction":
        return render(msg("The auction is over: seat {seat} plays at {bid}.", seat=state.bidder,
                          bid=state.bid))
    calls = [str(a.call) for a in state.legal_actions()]
    return render(msg("Seat {seat} to call: {calls}.", seat=state.to_act,
                      calls=many(calls, "or")))


def _allowed_calls_part(alternatives) -> list[str]:
    """The calls (or other actions) that may be made instead, as their buttons say them."""
    words = SPEC.hook("call_words")
    return [words(str(a.call)) if isinstance(a, Call) else
            words(a) if isinstance(a, str) else str(a) for a in alternatives]


def _quick_call_part(state, actions, rng):
    """A random hand for a question: half the time the first bid there is, so hands are
    played to a contract (otherwise the caller draws any legal call)."""
    calls = [a for a in actions if a.call != "pass"]
    if calls and rng.random() < 0.5:
        return calls[0]
    return None


def _bidders_part(state) -> set[int]:
    """The seats of the bidding side (engine seats)."""
    side = state.game.side_of
    return {s for s in range(state.n) if side[s] == side[state.bidder]}


# the parts of the generic questions (declared in tutor.teach.g55: tutor.teach.interface)
PARTS = dict(bidders=_bidders_part, quick_call=_quick_call_part, hand_result=_hand_result_part,
             calls_summary=_calls_summary_part, card_order=_card_order_part,
             score_hand=_score_hand_part, legal_calls=_legal_calls_part,
             legal_calls_position=_legal_calls_position, allowed_calls=_allowed_calls_part)


MAKERS: dict[str, Callable[[str, int], Question]] = {
    "legal_cards:plain_lead": _plain_lead,
    "legal_cards:trump_lead": _trump_lead,
    "legal_cards:house": _house_legal,
    "trick_winner:plain": _plain_winner,
    "trick_winner:house": _house_winner,
    "card_order:plain": _plain_order,
    "find_trumps": _find_trumps,
}
GAME_OF = {k: SPEC.name for k in MAKERS}
TITLES = {"find_trumps": N_("Which cards are trumps?")}
KINDS = {kind: (maker, TITLES.get(kind, kind_title(kind))) for kind, maker in MAKERS.items()}
# what they show beside their choices (the variants of a generic kind show what it shows)
SHOWN = {"find_trumps": Shown((), N_("Your hand"))}
