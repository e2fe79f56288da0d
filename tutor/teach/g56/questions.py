"""Questions aimed at one lesson of 56: seats and turn order, the deck, card points, identical
cards, house rules of the auction and settling in tables.  Each is built for the lesson's
point, yet engine-made and reproducible from its seed, like :mod:`tutor.teach.g55.questions`
for 55.

Kinds (all for 56): ``seats56``, ``deck56``, ``trick_points``,
``trick_winner:twins``, ``legal_calls:house56``, ``tables56``.  Every answer comes from the
engine: the turn order of a real :class:`~tutor.games.g56.game.State56` or
:class:`~tutor.games.g56.auction.Auction56`, the deck of :class:`~tutor.games.g56.game.Game56`,
``card_points``, ``Ranking.trick_result``, ``Auction56.check`` under the house rule and
``settle``; this module only chooses the positions.  :data:`MAKERS` maps each kind to its
maker and :data:`GAME_OF` to its game.
"""

from __future__ import annotations

import random
from typing import Callable

from ...engine.cards import SUIT_NAME, Card, format_cards
from ...engine.errors import InputError
from ...engine.state import Call, ChooseDealer
from ...games import g56
from ...games.g56 import SPEC
from ...games.g56.auction import Auction56, parse_call
from ...games.g56.game import Game56, State56
from ...games.g56.play import card_points
from ...games.g56.settle import settle
from ...games.g56.tables import (
    COPIES,
    PLAYERS,
    POINTS,
    RANK_ORDER,
    SUITS,
    TIERS,
    deck_facts,
    tier,
)
from .. import house_rules
from ..questions import (
    Choice,
    Hint,
    Question,
    _rule_hint,
    _trump_words,
    allowed,
    hand_seat_no,
    hand_table,
    not_allowed,
    played_words,
    reason_words,
    register_kind,
    register_parts,
)
from ..seats import table_for

GAME = SPEC.name  # this module teaches this game only
GAMES = (GAME,)
KIND_TITLES = {
    "seats56": "Seats and turn order",
    "deck56": "The cards in play",
    "trick_points": "How many points?",
    "trick_winner:twins": "Who wins the trick?",
    "legal_calls:house56": "Which calls may you make?",
    "tables56": "How many tables move?",
}


def _rng(kind: str, seed: int) -> random.Random:
    return random.Random(f"lesson56/{kind}/{seed}")


def _check_game(kind: str, game: str) -> None:
    if str(game) != GAME:
        raise InputError(f"{kind} questions are about 56: the game must be 56, not {game!r}",
                         "game")



_GAMES: dict[tuple, Game56] = {}


def _game(n: int, rules: dict | None = None) -> Game56:
    key = (n, tuple(sorted((rules or {}).items())))
    if key not in _GAMES:
        _GAMES[key] = Game56(n, dict(rules or {}))
    return _GAMES[key]


def _deal(game: Game56, rng: random.Random) -> State56:
    """A hand dealt by ``rng`` with seat ``n-1`` dealing, so that seat numbers are those of the
    rules text (seat 0 on the dealer's right, 56-SEATS)."""
    state = State56.initial(game)
    state.push(ChooseDealer(game.n - 1))
    while state.is_chance:
        state.chance(rng)
    return state


def _bid_text(number: int, denomination: str) -> str:
    return f"{number}NT" if denomination == "NT" else f"{number}{denomination}"


def _win_auction(state: State56, bidder: int, bid: str) -> None:
    """Checked calls: everybody passes up to ``bidder``, who bids ``bid``; then n-1 passes."""
    while state.to_act != bidder:
        state.play(Call(state.to_act, "pass"))
    state.play(Call(bidder, bid))
    while state.phase == "auction":
        state.play(Call(state.to_act, "pass"))


def _seat_choices(n: int, skip=()) -> tuple[Choice, ...]:
    return tuple(Choice(str(s), f"Seat {s}", f"seat {s}") for s in range(n) if s not in skip)


def _and(items) -> str:
    items = [str(i) for i in items]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _team_words(team: int) -> str:
    return ("team 0 (the even seats, the dealer's opponents)" if team == 0 else
            "team 1 (the odd seats, the dealer's team)")


# -- seats and turn order -------------------------------------------------------------------------
SEAT_ASKS = ("next_play", "next_call", "partners", "first_lead", "first_call")


def _seat_role(k: int, n: int) -> str:
    if k == n - 1:
        return f"seat {k} is the dealer, the last seat in turn order"
    if k == 0:
        return f"seat {k} sits on the dealer's right, the first seat in turn order"
    if k == n - 2:
        return f"seat {k} sits on the dealer's left"
    return f"seat {k} sits between seats {k - 1} and {k + 1}"


def _seats56(game: str, seed: int) -> Question:
    _check_game("seats56", game)
    rng = _rng("seats56", seed)
    ask = SEAT_ASKS[seed % len(SEAT_ASKS)]
    n = rng.choice(PLAYERS)
    g = _game(n)
    dealer = n - 1
    table = f"{n} players, seat {dealer} deals."
    context: dict = {"players": n, "dealer": dealer, "ask": ask, "seat": None}
    skip: tuple = ()
    mode = "one"
    meanings: dict[str, str] = {}
    if ask == "next_play":
        wrap = rng.random() < 0.4
        for _ in range(200):
            state = _deal(g, rng)
            bidder = rng.randrange(n)
            _win_auction(state, bidder, _bid_text(rng.randint(28, 34), rng.choice(SUITS + ("NT",))))
            found = None
            while state.phase == "play":
                trick = state.trick
                if trick:
                    last = (state.leader + len(trick) - 1) % n
                    if (last == n - 1) if wrap else rng.random() < 0.25:
                        found = last
                        break
                actions = state.legal_actions()
                state.push(actions[rng.randrange(len(actions))])
            if found is not None:
                break
        else:  # pragma: no cover - a stop comes within a few hands
            raise RuntimeError(f"no seats56 trick for seed {seed}")
        s, leader, answer = found, state.leader, state.to_act
        trick = list(state.trick)
        played = ", ".join(f"seat {(leader + i) % n}: {c.unicode}" for i, c in enumerate(trick))
        prompt = (f"{table} The trick so far: {played}. Seat {s} has just played; who plays "
                  "next?" if len(trick) > 1 else
                  f"{table} Seat {s} has just led {trick[0].unicode} to a trick. Who plays next?")
        context.update(seat=s, leader=leader, trick=[str(c) for c in trick],
                       seats=[(leader + i) % n for i in range(len(trick))])
        rule = "56-SEATS"
        narrow = ("Turn order runs counter-clockwise: each player plays after the player on "
                  "their left, and the next player sits on the right." +
                  (" After the last seat the count starts again from 0." if s == n - 1 else ""))
        reason = (f"Seat {answer} plays next: it sits on seat {s}'s right, and turn order runs "
                  "counter-clockwise, each seat followed by the next number" +
                  (f"; after seat {n - 1}, the dealer, comes seat 0 again." if s == n - 1
                   else "."))
        for k in range(n):
            if k == answer:
                continue
            if k == (s - 1) % n and len(trick) == 1:
                meanings[str(k)] = (f"Seat {k} sits on seat {s}'s left: it plays last to this "
                                    "trick, not next (turn order runs counter-clockwise).")
            elif k == (s - 1) % n:
                meanings[str(k)] = (f"Seat {k} sits on seat {s}'s left: it played before seat "
                                    f"{s}, not after (turn order runs counter-clockwise).")
            elif k == s:
                meanings[str(k)] = f"Seat {k} has just played; every player plays once a trick."
            elif k == leader:
                meanings[str(k)] = (f"Seat {k} led this trick and has played to it; it leads "
                                    "again only if it wins the trick.")
            else:
                meanings[str(k)] = (f"Seat {k} is not next: {_seat_role(k, n)}. After seat "
                                    f"{s} comes seat {answer}.")
    elif ask == "next_call":
        wrap = rng.random() < 0.4
        for _ in range(200):
            a = Auction56(n, dealer, g.settings)
            stop = rng.randrange(1, 2 * n)
            while not a.done and len(a.calls) < stop:
                lc = a.legal_calls()
                options = ["pass"] * 3 + [c for c in lc["calls"] if c != "pass"]
                if lc["min"] is not None and lc["min"] <= 40:
                    options.append(_bid_text(rng.randint(lc["min"], lc["min"] + 2),
                                             rng.choice(SUITS)))
                a.call(rng.choice(options))
            if not a.done and a.calls and (a.calls[-1][0] == n - 1) == wrap:
                break
        else:  # pragma: no cover - a stop comes within a few auctions
            raise RuntimeError(f"no seats56 auction for seed {seed}")
        s, answer = a.calls[-1][0], a.to_act
        calls = [(seat, str(c)) for seat, c in a.calls]
        said = ", ".join(f"seat {seat}: {parse_call(c).spoken()}" for seat, c in calls)
        prompt = (f"{table} The calls so far: {said}. Seat {s} has just called. Who calls next?")
        context.update(seat=s, calls=calls)
        rule = "56-SEATS"
        narrow = ("The auction goes round the table in the same turn order as the play, "
                  "counter-clockwise, and nobody is skipped.")
        reason = (f"Seat {answer} calls next: the turn passes from seat {s} to the seat on its "
                  "right" + (f"; after seat {n - 1}, the dealer, comes seat 0 again." if s == n - 1
                            else f", seat {answer}."))
        for k in range(n):
            if k == answer:
                continue
            if k == s:
                meanings[str(k)] = f"Seat {k} has just called; the turn moves on."
            elif k == (s - 1) % n:
                meanings[str(k)] = (f"Seat {k} called just before seat {s}; the turn goes the "
                                    "other way, to the right.")
            elif k == 0:
                meanings[str(k)] = ("Seat 0 made the first call, but the auction goes on round "
                                    f"the table: after seat {s} comes seat {answer}.")
            else:
                meanings[str(k)] = (f"Seat {k} is not next: {_seat_role(k, n)}. After seat "
                                    f"{s} comes seat {answer}.")
    elif ask == "partners":
        mode = "many"
        s = rng.randrange(n)
        a = Auction56(n, dealer, g.settings)
        team = a.team_of(s)
        partners = [k for k in range(n) if k != s and a.team_of(k) == team]
        skip = (s,)
        answer = tuple(str(k) for k in partners)
        prompt = f"{table} Which seats are seat {s}'s partners? Select every one."
        context.update(seat=s)
        rule = "56-TEAMS"
        narrow = (f"There are always two teams of {n // 2}, and team-mates sit in alternate "
                  "seats, so every player has an opponent on each side.")
        reason = (f"Seat {s} is in {_team_words(team)}: "
                  + (f"its partners are seats {_and(partners)}." if len(partners) > 1 else
                     f"its partner is seat {partners[0]}."))
        for k in range(n):
            if k == s:
                continue
            if a.team_of(k) == team:
                meanings[str(k)] = (f"Seat {k} is a partner too: like seat {s} it is an "
                                    f"{'even' if team == 0 else 'odd'} seat.")
            else:
                side = (" and sits next to seat " + str(s)) if (k - s) % n in (1, n - 1) else ""
                meanings[str(k)] = (f"Seat {k} is an opponent: it is in "
                                    f"{_team_words(a.team_of(k))}{side}.")
    elif ask == "first_lead":
        state = _deal(g, rng)
        bidder = rng.randrange(1, n)
        number = rng.randint(28, 40)
        denomination = rng.choice(SUITS + ("NT",))
        bid = _bid_text(number, denomination)
        _win_auction(state, bidder, bid)
        s, answer = bidder, state.to_act
        prompt = (f"{table} Seat {bidder} won the auction with {parse_call(bid).spoken()}. "
                  "Who leads to the first trick?")
        context.update(seat=bidder, calls=list(state.auction_calls))
        rule = "56-LEAD"
        narrow = "Who wins the auction does not decide who leads the first trick."
        reason = (f"Seat {answer}, on the dealer's right, leads to the first trick, whoever won "
                  "the auction; after that the winner of each trick leads.")
        for k in range(n):
            if k == answer:
                continue
            if k == bidder:
                meanings[str(k)] = (f"Seat {k} won the auction, but the auction's winner does "
                                    "not lead: seat 0 always leads to the first trick.")
            elif k == dealer:
                meanings[str(k)] = (f"Seat {k} is the dealer, the last seat in turn order; it "
                                    "plays last to the first trick.")
            else:
                meanings[str(k)] = (f"Seat {k} does not lead: {_seat_role(k, n)}. Seat 0, on "
                                    "the dealer's right, leads to the first trick.")
    else:  # first_call
        a = Auction56(n, dealer, g.settings)
        s, answer = None, a.to_act
        prompt = f"{table} Who makes the first call of the auction?"
        rule = "56-SEATS"
        narrow = (f"The dealer, seat {dealer}, has the last seat in turn order; turns go "
                  "counter-clockwise.")
        reason = (f"Seat {answer}, the player on the dealer's right, calls first (and leads to "
                  "the first trick).")
        for k in range(n):
            if k == answer:
                continue
            if k == dealer:
                meanings[str(k)] = (f"Seat {k} is the dealer: the dealer calls last in each "
                                    "round, not first.")
            elif k == n - 2:
                meanings[str(k)] = (f"Seat {k} sits on the dealer's left; the first call is "
                                    "made on the dealer's right.")
            else:
                meanings[str(k)] = (f"Seat {k} is not first: {_seat_role(k, n)}. Seats are "
                                    "numbered in turn order from the first caller.")
    if mode == "one":
        answer = (str(answer),)
    choices = _seat_choices(n, skip)
    words = _and(f"seat {k}" for k in answer)
    hints = (Hint(1, narrow),
             Hint(2, _rule_hint(rule), rule),
             Hint(3, f"The answer: {words}.", None, tuple(answer)))
    return Question("seats56", GAME, seed, prompt, mode, choices, context,
                    tuple(sorted(answer, key=int)), rule, reason, hints, meanings)


# -- the deck -------------------------------------------------------------------------------------
DECK_ASKS = ("hand", "tricks", "cards", "ranks", "copies")
DECK_SETUPS = ((4, {}), (6, {}), (8, {}), (4, {"deck_4p": 32}), (8, {"deck_8p": 48}))
DECK_HOUSE = {("deck_4p", 32): "four players keep only the J, 9, A and 10",
              ("deck_8p", 48): "eight players leave out the 8s and 7s"}


def _setup_words(n: int, rules: dict) -> str:
    if not rules:
        return f"{n} players"
    (k, v), = rules.items()
    return f"{n} players and the house rule that {DECK_HOUSE[(k, v)]}"


def _ranks_words(ranks) -> str:
    return " ".join(ranks)


def _deck56(game: str, seed: int) -> Question:
    _check_game("deck56", game)
    rng = _rng("deck56", seed)
    ask = DECK_ASKS[seed % len(DECK_ASKS)]
    # every (ask, setup) pair within 25 seeds, and a new setup from one seed to the next
    n, rules = DECK_SETUPS[(seed + seed // len(DECK_ASKS)) % len(DECK_SETUPS)]
    g = _game(n, rules)
    facts = deck_facts(n, g.settings)
    size = len(g.deck)
    setup = _setup_words(n, rules)
    mode = "one"
    context: dict = {"players": n, "rules": dict(rules), "ask": ask}
    meanings: dict[str, str] = {}
    kept = _ranks_words(g.ranks)
    deck_line = (f"With {setup} the ranks kept are {kept}: {len(g.ranks)} ranks in each of "
                 f"{len(SUITS)} suits, from {COPIES} packs, make {size} cards.")
    rule = "56-DECK"

    def others(value_of) -> list[tuple[int, str]]:
        out = []
        for n2, rules2 in DECK_SETUPS:
            if (n2, rules2) == (n, rules):
                continue
            g2 = _game(n2, rules2)
            house = "".join(f" under the house rule that {DECK_HOUSE[(k, v)]}"
                            for k, v in rules2.items())
            out.append((value_of(g2), f"that is the number with {n2} players{house}, a "
                                      f"{len(g2.deck)}-card deck"))
        return out

    if ask in ("hand", "tricks"):
        value = g.hand_size if ask == "hand" else facts["tricks"]
        noun = "cards does each player hold" if ask == "hand" else "tricks are played in a hand"
        prompt = f"With {setup} ({size}-card deck), how many {noun}?"
        pool = [(n, f"that is the number of players: each trick holds {n} cards, one from "
                    "each player")]
        pool += others(lambda g2: g2.hand_size)
        pool += [(size // 2, f"that would be half the deck; every card is dealt, "
                             f"shared among all {n} players")]
        narrow = f"Every card is dealt, and everybody gets the same number: {size} cards, {n} " \
                 "players."
        reason = (f"{size} cards shared among {n} players: {value} each, so {value} tricks of "
                  f"{n} cards." if ask == "tricks" else
                  f"{size} cards shared among {n} players: {value} cards each.")
    elif ask == "cards":
        value = size
        prompt = f"With {setup}, how many cards are in the deck?"
        pool = others(lambda g2: len(g2.deck))
        pool += [(56, "that is the points in the deck (and the name of the game), not the number "
                      "of cards"),
                 (52, "that is one full pack; 56 uses two packs with the low cards taken out"),
                 (size // 2, "that is one stripped pack; 56 uses two (56-COPIES)")]
        narrow = (f"Two packs, with only the ranks {kept} kept in each suit.")
        reason = deck_line
    elif ask == "ranks":
        mode = "many"
        value = None
        prompt = f"With {setup}, which ranks are used? Select every one."
        narrow = ("Two packs are stripped of their low cards; the 8s and 7s are used only with "
                  "8 players and the full 64-card deck.")
        reason = f"With {setup} the ranks kept are {kept}, so the deck is {size} cards."
        for r in RANK_ORDER:
            if r in g.ranks:
                meanings[r] = f"The {r} is used too: with {setup} the ranks are {kept}."
            else:
                meanings[r] = f"The {r} is not used: with {setup} the ranks are only {kept}."
    else:  # copies
        rule = "56-COPIES"
        out = [r for r in RANK_ORDER if r not in g.ranks]
        rank = rng.choice(out) if out and rng.random() < 0.35 else rng.choice(g.ranks)
        card = Card(rank, rng.choice(SUITS))
        value = g.deck.count(card)
        if value == 0:
            rule = "56-DECK"
        prompt = f"With {setup}, how many copies of the {card.unicode} are in the deck?"
        context["card"] = str(card)
        pool = [(1, "that would be one pack; 56 uses two packs, so every card in use is "
                    "there twice"),
                (COPIES + 1, "that is too many: every card exists only twice, never a "
                             "third"),
                (4, "that would be four packs; 56 uses two"),
                (0, f"the {rank} is one of the ranks kept ({kept}), so it is there twice"),
                (COPIES, f"that would be right if the {rank} were used, but with {setup} "
                         f"the ranks are only {kept}")]
        narrow = f"How many packs does 56 use, and is the {rank} one of the ranks kept?"
        reason = (f"Two packs give two of every card kept: {value} {card.unicode}." if value
                  else f"No {card.unicode}: with {setup} the ranks kept are only {kept}.")
    if mode == "many":
        choices = tuple(Choice(r, r, r) for r in RANK_ORDER)
        answer = tuple(g.ranks)
        shown = kept
    else:
        values = {value: None}
        for v, why in pool:
            if v >= 0 and v not in values:
                values[v] = why
            if len(values) >= 5:
                break
        for v, why in values.items():
            if why:
                meanings[str(v)] = f"{v} is not it: {why}."
        choices = tuple(Choice(str(v), str(v), str(v)) for v in sorted(values))
        answer = (str(value),)
        shown = str(value)
    hints = (Hint(1, narrow), Hint(2, _rule_hint(rule), rule),
             Hint(3, f"The answer: {shown}.", None, answer))
    return Question("deck56", GAME, seed, prompt, mode, choices, context, answer, rule, reason,
                    hints, meanings)


# -- card points in a trick ---------------------------------------------------------------------
POINT_TARGETS = ("jack_nine", "ace_ten", "court", "eight_seven")
# the learner's usual slips, as other point tables: (name, changes, what the slip is)
POINT_SLIPS = (
    ("swap", {"J": POINTS["9"], "9": POINTS["J"]},
     "that swaps the J and the 9: the J is worth 3 and the 9 is worth 2"),
    ("court", {"K": 1, "Q": 1},
     "that gives the K and the Q a point each; they rank high but score nothing"),
    ("flat", {r: 1 for r, v in POINTS.items() if v},
     "that counts every scoring card as 1; the J is worth 3 and the 9 2"),
    ("ten", {"10": 10},
     "that counts the 10 as ten points; in 56 a 10 is worth 1, like the ace"),
)


def _point_target(target: str, trick) -> bool:
    ranks = [c.rank for c in trick]
    if target == "jack_nine":
        return "J" in ranks and "9" in ranks
    if target == "ace_ten":
        return "J" not in ranks and ("A" in ranks or "10" in ranks) and \
            sum(r in ("K", "Q") for r in ranks) >= 1 and card_points(trick) > 0
    if target == "court":
        return sum(r in ("K", "Q") for r in ranks) >= 2 and card_points(trick) > 0
    return any(r in ("8", "7") for r in ranks)


def _played_trick(rng: random.Random, n: int, accept, bias=None,
                  denominations=SUITS + ("NT",)):
    """A trick from a real deal played with legal cards (the contract: a random bid in one of
    ``denominations`` won by a random seat); ``accept(trick, state)`` picks it.
    ``bias(state, actions)`` may choose the card to play.  (state, leader, cards, winner), or
    None when no trick of the hand is accepted."""
    g = _game(n)
    state = _deal(g, rng)
    denomination = rng.choice(denominations)
    _win_auction(state, rng.randrange(n), _bid_text(rng.randint(28, 36), denomination))
    while state.phase == "play":
        done = len(state.tricks)
        actions = state.legal_actions()
        chosen = bias(state, actions) if bias else None
        state.push(chosen or actions[rng.randrange(len(actions))])
        if len(state.tricks) > done:
            leader, cards, winner = state.tricks[-1]
            if accept(cards, state):
                return state, leader, list(cards), winner
    return None


def _points_line(trick) -> str:
    return " + ".join(f"{c.unicode} {POINTS[c.rank]}" for c in trick) + \
        f" = {card_points(trick)}"


def _trick_points(game: str, seed: int) -> Question:
    _check_game("trick_points", game)
    rng = _rng("trick_points", seed)
    target = POINT_TARGETS[seed % len(POINT_TARGETS)]
    for _ in range(200):
        n = 8 if target == "eight_seven" else rng.choice(PLAYERS)
        found = _played_trick(rng, n, lambda t, _s: _point_target(target, t))
        if found is not None:
            break
    else:  # pragma: no cover - every target shows up within a few hands
        raise RuntimeError(f"no trick_points trick for seed {seed}")
    state, leader, trick, winner = found
    value = card_points(trick)
    trump = state.contract.denomination
    seats = [(leader + i) % n for i in range(len(trick))]
    line = _points_line(trick)
    values: dict[int, str | None] = {value: None}
    slips = list(POINT_SLIPS)
    rng.shuffle(slips)
    for _, change, why in slips:
        table = {**POINTS, **change}
        v = sum(table[c.rank] for c in trick)
        if v not in values and v <= value + 10:
            values[v] = why
        if len(values) >= 4:
            break
    for d in (1, -1, 2, -2, 3):
        if len(values) >= 5:
            break
        if value + d >= 0 and value + d not in values:
            values[value + d] = "a slip in the adding up"
    meanings = {str(v): f"{v} is not it: {why}. Card by card: {line}."
                for v, why in values.items() if why}
    played = ", ".join(f"{c.unicode} (seat {s})" for c, s in zip(trick, seats))
    scoring = [c for c in trick if POINTS[c.rank]]
    blanks = [c for c in trick if not POINTS[c.rank]]
    rule = "56-POINTS"
    narrow = ("Only the J, 9, A and 10 score. " +
              (f"Here they are {format_cards(scoring, 'unicode')}" if scoring else
               "There are none here") +
              (f"; {format_cards(blanks, 'unicode')} score{'s' if len(blanks) == 1 else ''} "
               "nothing." if blanks else "."))
    hints = (Hint(1, narrow), Hint(2, _rule_hint(rule), rule),
             Hint(3, f"The answer: {value}.", None, (str(value),)))
    prompt = (f"{n} players. {_trump_words(trump)} The trick: {played}; seat {winner} won it. "
              "How many card points does this trick hold?")
    context = {"trump": trump, "trick": [str(c) for c in trick], "seats": seats,
               "leader": leader, "winner": winner, "players": n}
    return Question("trick_points", GAME, seed, prompt, "one",
                    tuple(Choice(str(v), str(v), f"{v} point{'s' if v != 1 else ''}")
                          for v in sorted(values)),
                    context, (str(value),), rule,
                    f"The trick holds {value} card point{'s' if value != 1 else ''}: {line} "
                    "(J 3, 9 2, A 1, 10 1, "
                    "K Q 8 7 nothing).", hints, meanings)


# -- who wins a trick with two identical cards ----------------------------------------------------
# the twins win in the led suit; are trumps on a plain lead; are trumps on a trump lead
TWIN_TARGETS = ("plain", "ruff", "trump_lead")


def twin_target(trick, rk) -> str | None:
    """Which of :data:`TWIN_TARGETS` a trick shows, if its winner has an identical card played
    later in the trick (56-IDENTICAL); None otherwise."""
    w = rk.winner_index(trick)
    if trick[w] not in trick[w + 1:]:
        return None
    if not rk.is_trump[trick[w].index]:
        return "plain"
    return "trump_lead" if rk.is_trump[trick[0].index] else "ruff"


def _twins(game: str, seed: int) -> Question:
    _check_game("trick_winner:twins", game)
    rng = _rng("trick_winner:twins", seed)
    target = TWIN_TARGETS[seed % len(TWIN_TARGETS)]

    def accept(trick, state):
        return twin_target(trick, state.rk) == target

    def bias(state, actions):
        """Prefer the twin of the card winning so far (a legal card all the same); lead a
        trump or a plain card as the target asks, and on a void prefer a trump when the trick
        is to be won by a trump."""
        trick, rk = state.trick, state.rk
        if not trick:
            if target == "plain" or not rk.trump_suit:
                return None
            want = [p for p in actions if rk.is_trump[p.card.index] == (target == "trump_lead")]
            return rng.choice(want) if want and rng.random() < 0.8 else None
        best = trick[state.rk.winner_index(trick)]
        twin = [p for p in actions if p.card == best]
        if twin and rng.random() < 0.9:
            return twin[0]
        if target != "plain" and state.rk.trump_suit:
            trumps = [p for p in actions if state.rk.is_trump[p.card.index]]
            if trumps and trumps != actions and rng.random() < 0.7:
                return rng.choice(trumps)
        return None

    for _ in range(500):
        n = rng.choice(PLAYERS)
        found = _played_trick(rng, n, accept, bias,
                              SUITS if target != "plain" else SUITS + ("NT",))
        if found is not None:
            break
    else:  # pragma: no cover - the twins show up within a few hands
        raise RuntimeError(f"no trick_winner:twins trick for seed {seed}")
    state, leader, trick, _ = found
    rk = state.rk
    result = rk.trick_result(trick)
    trump = state.contract.denomination
    seats = [(leader + i) % n for i in range(len(trick))]
    w = result.index
    later = next(i for i in range(w + 1, len(trick)) if trick[i] == trick[w])
    choices = tuple(Choice(str(i), c.unicode, f"{c.spoken}, seat {seats[i]}")
                    for i, c in enumerate(trick))
    meanings = {}
    losers = [i for i in range(len(trick)) if i != w]
    for comp, i in zip(result.comparisons, losers):
        why = comp.text if comp.reason != "first_played" else (
            f"it is identical to seat {seats[w]}'s {trick[i].unicode}, which was played first")
        meanings[str(i)] = f"Seat {seats[i]}'s {trick[i].unicode} loses: {why}."
    trumps = [str(i) for i, c in enumerate(trick) if rk.is_trump[c.index]]
    rule = "56-IDENTICAL"
    twin = trick[w].unicode
    trump_list = ", ".join(f"{trick[int(i)].unicode} (seat {seats[int(i)]})" for i in trumps)
    narrow = (f"Two {twin} are in this trick, played by seat {seats[w]} and seat "
              f"{seats[later]}. " +
              (f"Trumps: {trump_list}." if trumps else
               "No trump was played: the best card of the led suit wins."))
    hints = (Hint(1, narrow, None, (str(w), str(later))),
             Hint(2, _rule_hint(rule), rule),
             Hint(3, f"The answer: the {twin} played by seat {seats[w]}.", None, (str(w),)))
    reason = (f"{result.text}, and of the two identical {twin} the one played first, by seat "
              f"{seats[w]}, ranks higher.")
    return Question(
        "trick_winner:twins", GAME, seed,
        f"{n} players. {_trump_words(trump)} {played_words(seats, trick)} Which card wins "
        "this trick?",
        "one", choices, {"trump": trump, "trick": [str(c) for c in trick], "seats": seats,
                         "players": n},
        (str(w),), rule, reason, hints, meanings)


# -- a house rule of the auction changes the legal calls ------------------------------------------
HOUSE_CALLS = (
    ("pass_is_final", True),
    ("partner_overcall_min", None),  # the number is chosen per question
    ("allow_plus_nt", True),
    ("all_pass", "force_last_nondealer"),
    ("all_pass", "force_first_bidder"),
)
PARTNER_MINS = (36, 40, 44)


def house_words(setting: str, value, n: int) -> str:
    """The house rule in plain words (no full stop)."""
    if setting == "pass_is_final":
        return ("a player who has passed may not bid again in this auction (doubles and "
                "redoubles stay allowed)")
    if setting == "partner_overcall_min":
        return f"over your own team's bid, a new bid must be at least {value}"
    if setting == "allow_plus_nt":
        return "Plus N No-trumps (such as +1NT, Plus One No-trumps) may be bid"
    if value == "force_last_nondealer":
        return (f"if the first {n - 2} calls are all passes, seat {n - 2} (the dealer's left) "
                "may not pass and must bid")
    return "seat 0 may not pass with the first call of the auction: it must bid"




def _own_words(name: str, value, n: int):
    if name in ("pass_is_final", "partner_overcall_min", "allow_plus_nt") or \
            name == "all_pass" and value in ("force_last_nondealer", "force_first_bidder"):
        return house_words(name, value, n)
    return None


house_rules.register_words(GAME, _own_words)


def _house_auction(rng: random.Random, setting: str, value, n: int, settings, standard):
    """(house auction, standard auction) with the same calls, legal under both, that reach
    a turn where the house rule matters; None if this try did not get there."""
    a, b = Auction56(n, n - 1, settings), Auction56(n, n - 1, standard)

    def call(c):
        a.call(c)
        b.call(c)  # the house rules here only forbid, so a house-legal call is legal

    if setting == "all_pass":
        for _ in range(0 if value == "force_first_bidder" else n - 2):
            call("pass")
        return a, b
    steps = rng.randrange(2, 2 * n + 2)
    for _ in range(steps):
        if a.done:
            return None
        lc = a.legal_calls()
        options = ["pass", "pass"] + [c for c in lc["calls"] if c != "pass"]
        if lc["min"] is not None and lc["min"] <= 42:
            top = min(lc["max"], lc["min"] + 3)
            options += [_bid_text(rng.randint(lc["min"], top), rng.choice(SUITS))] * 2
        call(rng.choice(options))
    if a.done:
        return None
    seat = a.to_act
    if setting == "pass_is_final" and seat not in a.passed:
        return None
    if setting == "partner_overcall_min" and (a.high_seat is None or
                                              a.team_of(a.high_seat) != a.team_of(seat)):
        return None
    if setting == "allow_plus_nt" and a.high_seat is None:
        return None
    return a, b


def _call_choices(a: Auction56, setting: str, value) -> tuple[str, ...]:
    """The choices of :func:`tutor.teach.questions._legal_calls` for 56, and the calls the
    house rule is about."""
    numbers = sorted({a.high or 28, (a.high or 27) + 1, 56})
    extra: list[int] = []
    if setting == "partner_overcall_min":
        extra = [value - 1, value]
    numbers = sorted(set(numbers) | set(extra))
    calls = ("pass", "double", "redouble") + tuple(f"{k}H" for k in numbers)
    if setting == "allow_plus_nt":
        calls += ("+1NT", "+1NOES")
    return calls


def _house_calls(game: str, seed: int) -> Question:
    _check_game("legal_calls:house56", game)
    rng = _rng("legal_calls:house56", seed)
    setting, value = HOUSE_CALLS[seed % len(HOUSE_CALLS)]
    for _ in range(500):
        n = rng.choice(PLAYERS)
        if setting == "partner_overcall_min":
            value = rng.choice(PARTNER_MINS)
        settings = _game(n, {setting: value}).settings
        standard = _game(n).settings
        got = _house_auction(rng, setting, value, n, settings, standard)
        if got is None:
            continue
        a, b = got
        all_calls = _call_choices(a, setting, value)
        legal = [c for c in all_calls if a.check(c) is None]
        usual = [c for c in all_calls if b.check(c) is None]
        if legal != usual:
            break
    else:  # pragma: no cover - the house rule matters within a few auctions
        raise RuntimeError(f"no legal_calls:house56 auction for seed {seed}")
    seat, dealer = a.to_act, a.dealer
    table = table_for(GAME, n, seat)

    def spoken(c: str) -> str:
        return parse_call(c).spoken()

    meanings = {}
    rule = None
    for c in all_calls:
        bad, std_bad = a.check(c), b.check(c)
        if bad is not None:
            meanings[c] = not_allowed(spoken(c), bad)
            if std_bad is None:
                meanings[c] += " Under the standard rules it would be allowed."
                rule = rule or bad.rule
        else:
            meanings[c] = allowed(spoken(c))
            if std_bad is not None:
                meanings[c] = (f"{spoken(c)} is allowed only because of the house rule: under "
                               f"the standard rules {reason_words(std_bad)} "
                               f"({std_bad.rule}).")
                rule = rule or std_bad.rule
    history = [(s, str(c)) for s, c in a.calls]
    said = ", ".join(f"{table.who(s)}: {spoken(c)}" for s, c in history) or "nothing yet"
    words = house_words(setting, value, n)
    low = a.bid_range()[0]
    narrow = ((f"The standing bid is {a.high}" + (", doubled" if a.doubled else "") +
               f", made by {table.who(a.high_seat)}: "
               + ("your own team's bid." if a.team_of(a.high_seat) == a.team_of(seat) else
                  "the other team's bid.") if a.high_seat is not None else
               "Nobody has bid yet.") +
              (" You have passed before." if seat in a.passed else "") +
              (f" The lowest bid now is {low}." if low else " No bid is possible now."))
    changed = sorted(set(legal) ^ set(usual), key=all_calls.index)
    answer = tuple(sorted(legal))
    legal_words = _and([spoken(c) for c in legal]) or "nothing"
    hints = (Hint(1, f"House rule: {words}. {narrow}"),
             Hint(2, _rule_hint(rule), rule),
             Hint(3, f"The answer: {legal_words}.", None, answer))
    reason = (f"You may call: {legal_words}. The house rule changes "
              f"{_and([spoken(c) for c in changed])}: " + " ".join(meanings[c] for c in changed))
    choices = tuple(Choice(c, spoken(c), spoken(c)) for c in all_calls)
    return Question(
        "legal_calls:house56", GAME, seed,
        f"House rule: {words}. {table.intro(sides=False)} The calls so far: {said}. It is your "
        "turn. Select every call you may make now.", "many",
        choices, {"players": n, "dealer": dealer, "calls": history, "seat": seat,
                  "rules": {setting: value}},
        answer, rule, reason, hints, meanings)


# -- settling in tables ---------------------------------------------------------------------------
def _points(k: int) -> str:
    return f"{k} card point{'' if k == 1 else 's'}"


def bid_range(lo: int, hi: int) -> str:
    """``bids of 28–39``, ``a bid of 56``."""
    return f"a bid of {lo}" if lo == hi else f"bids of {lo}–{hi}"


def tier_words(lo: int, hi: int) -> str:
    """``the 40–47 tier``, ``the tier of 56``."""
    return f"the tier of {lo}" if lo == hi else f"the {lo}–{hi} tier"


def _tables(k: int) -> str:
    return f"{k} table{'' if k == 1 else 's'}"


TABLE_CASES = ("made", "failed", "doubled", "redoubled", "pay_all")
MULT_WORDS = {1: "", 2: " and it was doubled", 4: " and it was doubled and redoubled"}


def _tables56(game: str, seed: int) -> Question:
    _check_game("tables56", game)
    rng = _rng("tables56", seed)
    case = TABLE_CASES[seed % len(TABLE_CASES)]
    st = _game(4).settings
    tiers = TIERS[st.tiers]
    low, high, _, _ = rng.choice(tiers)
    bid = rng.randint(low, high)
    team = rng.randrange(2)
    multiplier = {"doubled": 2, "redoubled": st.redouble_mult}.get(case, 1)
    if case == "pay_all":
        multiplier = rng.choice((1, 2, st.redouble_mult))
    made = {"made": True, "failed": False}.get(case, rng.random() < 0.5)
    if case == "pay_all" and made and tier(bid, st)[0] * multiplier < 2:
        made = False  # a made 28-39 undoubled owes 1: nobody can owe more than they hold
    points = rng.randint(bid, 56) if made else rng.randint(max(0, bid - 12), bid - 1)
    total = 2 * st.start_tables
    first = settle((st.start_tables,) * 2, team, bid, multiplier, points, st)
    owed, payer = first.owed, first.payer
    if case == "pay_all":
        held = rng.randint(1, owed - 1)
    else:
        held = rng.randint(owed, max(owed, total - 4))
    tables = [0, 0]
    tables[payer], tables[1 - payer] = held, total - held
    s = settle(tuple(tables), team, bid, multiplier, points, st)
    signed = s.paid if s.payer != team else -s.paid
    made_amount, failed_amount = tier(bid, st)
    amount = made_amount if s.made else failed_amount
    sign = 1 if s.made else -1
    done = "was made" if s.made else "failed"
    candidates = [(-signed, "has the right size but the wrong direction: the contract "
                            f"{done}, so the "
                            f"{'defenders pay the bidders' if s.made else 'bidders pay'} "
                            "(56-TRANSFER)")]
    if s.paid < s.owed:
        candidates.append((sign * s.owed, "is what was owed, but a team pays at most the "
                                          f"{_tables(s.paid)} it holds (56-PAY-ALL)"))
    if multiplier > 1:
        candidates.append((sign * amount, f"forgets the multiplier ×{multiplier} (56-MULT)"))
    if multiplier == st.redouble_mult:
        candidates.append((sign * amount * 2, "is the doubled amount; redoubled is "
                                              f"×{multiplier} (56-MULT)"))
    other = failed_amount if s.made else made_amount
    candidates.append((sign * other * multiplier,
                       f"takes the {'failed' if s.made else 'made'} column of the tiers; this "
                       f"contract {done} (56-TIERS)"))
    times = f" ×{multiplier}" if multiplier > 1 else ""
    for lo, hi, m_amt, f_amt in tiers:
        if not lo <= bid <= hi:
            candidates.append((sign * (m_amt if s.made else f_amt) * multiplier,
                               f"is the amount for {bid_range(lo, hi)}{times}; {bid} is in "
                               f"{tier_words(low, high)} (56-TIERS)"))
    values: dict[int, str | None] = {signed: None}
    for v, why in candidates:
        if v != 0 and v not in values:
            values[v] = why
        if len(values) >= 5:
            break
    meanings = {str(v): f"{v:+d} {why}." for v, why in values.items() if why}
    rule = ("56-PAY-ALL" if s.paid < s.owed else "56-MULT" if multiplier > 1 else "56-TIERS")
    held_words = f"Team 0 holds {_tables(tables[0])} and team 1 holds {tables[1]}."
    prompt = (f"Team {team} bid {bid}{MULT_WORDS[multiplier]}; they took {_points(points)}. "
              f"{held_words} How many tables move, and which way? Answer for team {team}, the "
              "bidders: + they receive, − they pay.")
    narrow = (f"{_points(points)} against a bid of {bid}: the contract "
              f"{done}, so the {'defenders' if s.made else 'bidders'} pay. Find "
              f"the tier for {bid}" + (f", then multiply by {multiplier}" if multiplier > 1 else "")
              + (", and look at what the paying team holds." if case == "pay_all" else "."))
    reason = (f"{bid_range(low, high).capitalize()} pay{'s' if low == high else ''} "
              f"{made_amount} made, {failed_amount} failed"
              + (f", ×{multiplier}" if multiplier > 1 else "") + f". {s.text} "
              f"Team {team} {'receives' if signed > 0 else 'pays'} {abs(signed)}: the tables "
              f"go to {s.tables[0]} and {s.tables[1]}.")
    if s.match_winner is not None:
        reason += (f" Team {1 - s.match_winner} has no tables left and loses the match; "
                   f"team {s.match_winner} wins it (56-ELIM).")
    hints = (Hint(1, narrow), Hint(2, _rule_hint(rule), rule),
             Hint(3, f"The answer: {signed:+d}.", None, (str(signed),)))
    choices = tuple(Choice(str(v), f"{v:+d}", f"{v:+d} table{'s' if abs(v) != 1 else ''}")
                    for v in sorted(values, reverse=True))
    context = {"bid": bid, "team": team, "multiplier": multiplier, "points": points,
               "tables": list(tables)}
    return Question("tables56", GAME, seed, prompt, "one", choices, context, (str(signed),),
                    rule, reason, hints, meanings)


# -- this game's parts of the generic questions (tutor.teach.questions) ------------------------
def _card_order_part(rng: random.Random) -> dict:
    suit = rng.choice("SHDC")
    ranks = list(RANK_ORDER[:6])  # the 48-card deck: J 9 A 10 K Q
    picked = [Card(r, suit) for r in rng.sample(ranks, rng.randint(4, 6))]
    rk = g56.ranking("NT")
    answer = sorted(picked, key=lambda c: rk.plain_rank[c.index])
    prompt = f"Put these {SUIT_NAME[suit]} in order, best first."
    rule = "56-RANK"
    context = {"trump": None}
    narrow = "In 56 the Jack and the Nine are the two best cards of every suit."
    highlight = tuple(str(c) for c in picked if c.rank in ("J", "9"))
    among = " (56 ranks J 9 A 10 K Q in every suit)"
    return dict(picked=picked, answer=answer, prompt=prompt, rule=rule, context=context,
                narrow=narrow, highlight=highlight, among=among)

def _legal_calls_part(rng: random.Random) -> dict:
    n = rng.choice([4, 6])
    st = g56.SETTINGS and Game56(n).settings
    a = g56.Auction56(n, n - 1, st)
    for _ in range(rng.randrange(1, 6)):
        lc = a.legal_calls()
        options = list(lc["calls"])
        if lc["min"] is not None:
            options.append(f"{rng.randint(lc['min'], min(lc['max'], lc['min'] + 3))}"
                           f"{rng.choice('SHDC')}")
        a.call(rng.choice(options))
        if a.done:
            a = g56.Auction56(n, n - 1, st)
    return _calls_of(a, n)


def _legal_calls_position(state) -> dict:
    """The legal-calls question's pieces for the auction of a given position."""
    return _calls_of(state.auction, state.n)


def _calls_of(a, n: int) -> dict:
    lc = a.legal_calls()
    low = lc["min"]
    numbers = sorted({a.high or 28, (a.high or 27) + 1, 56} - {0})
    all_calls = ("pass", "double", "redouble") + tuple(f"{k}H" for k in numbers)
    meanings = {}
    legal = []
    for c in all_calls:
        bad = a.check(c)
        if bad is None:
            legal.append(c)
        words = g56.parse_call(c).spoken()
        meanings[c] = not_allowed(words, bad) if bad else allowed(words)
    order = all_calls[3:] + ("double", "redouble", "pass")
    first_bad = next((a.check(c) for c in order if a.check(c)), None)
    rule = first_bad.rule if first_bad else "56-AUCTION"
    history = [(s, str(c)) for s, c in a.calls]
    seat, dealer = a.to_act, a.dealer
    choices = tuple(Choice(c, g56.parse_call(c).spoken(), g56.parse_call(c).spoken())
                    for c in all_calls)
    narrow = (f"The standing bid is {a.high}" + (", doubled" if a.doubled else "") +
              f", made by {table_for(GAME, n, seat).who(a.high_seat)}: "
              + ("your own team's bid." if a.team_of(a.high_seat) == a.team_of(seat) else
                 "the other team's bid.")
              if a.high_seat is not None else
              "Nobody has bid yet.") + (f" The lowest bid now is {low}." if low else "")
    answer = tuple(legal)
    return dict(n=n, history=history, seat=seat, dealer=dealer, choices=choices,
                narrow=narrow, answer=answer, rule=rule, meanings=meanings)


def _score_hand_part(state) -> dict:
    s = state.last_settlement
    c = state.contract
    bidders = "team 0 (the dealer's opponents)" if c.team == 0 else "team 1 (the dealer's)"
    points = sum(g56.card_points(cs) for _, cs, w in state.tricks
                 if state.team_of(w) == c.team)
    signed = s.paid if s.payer != c.team else -s.paid
    options = sorted({signed, -signed, s.owed, -s.owed, 1, -2, 2, -3} - {0}, reverse=True)
    choices = tuple(Choice(str(v), f"{v:+d}", f"{v:+d} table{'s' if abs(v) != 1 else ''}")
                    for v in options)
    reason = (f"The contract was {c.bid}" + ("" if c.multiplier == 1 else
                                             f" (×{c.multiplier})") +
              f" for {bidders}; they took {_points(points)}, so it was "
              f"{'made' if s.made else 'failed'}. {s.text}")
    rule = "56-TIERS" if c.multiplier == 1 else "56-MULT"
    meanings = {str(v): _score_meaning56(v, signed, s, c) for v in options if v != signed}
    before = list(s.tables)  # what each team held before this hand's transfer
    before[s.payer] += s.paid
    before[1 - s.payer] -= s.paid
    stake = {1: "", 2: ", doubled", 4: ", doubled and redoubled"}.get(
        c.multiplier, f" ×{c.multiplier}")
    prompt = (f"{hand_table(state).intro()} {_trump_words(c.denomination)} "
              f"Before this hand team 0 held {before[0]} tables and team 1 held "
              f"{before[1]}. "
              f"{bidders.capitalize()} won the auction: {c.bid}{stake}. Here are the "
              f"tricks, each with the seat that won it. How many tables does team {c.team} "
              "win (+) or lose (−)?")
    context = {"trump": c.denomination, "bid": c.bid, "team": c.team,
               "multiplier": c.multiplier, "players": state.n,
               "tricks": [(hand_seat_no(state, w), [str(x) for x in cs])
                          for _, cs, w in state.tricks],
               "points": points, "tables": before}
    narrow = f"The bidding team took {_points(points)} against a bid of {c.bid}."
    answer = (str(signed),)
    return dict(prompt=prompt, choices=choices, context=context, answer=answer, rule=rule,
                reason=reason, narrow=narrow, meanings=meanings)


def _score_meaning56(v: int, signed: int, s, c) -> str:
    if v == -signed:
        return (f"{v:+d} has the right size but the wrong direction: the contract was "
                f"{'made' if s.made else 'failed'}, so the {'defenders' if s.made else 'bidders'}"
                " pay (56-TRANSFER).")
    if abs(v) == s.owed and s.paid < s.owed:
        return (f"{v:+d} is what was owed, but a team pays at most the {s.paid} tables it holds "
                "(56-PAY-ALL).")
    if c.multiplier > 1 and abs(v) * c.multiplier == s.owed:  # owed: before any cap
        return f"{v:+d} forgets the multiplier ×{c.multiplier} (56-MULT)."
    return (f"{v:+d} is not the tier's amount for a bid of {c.bid}"
            + ("" if c.multiplier == 1 else f" ×{c.multiplier}") + " (56-TIERS).")


def _hand_result_part(state, seat=None) -> dict | None:
    st, c = state.last_settlement, state.contract
    if st is None or c is None:
        return None
    signed = st.paid if st.payer != c.team else -st.paid
    points = [e.text for e in state.events if e.kind in ("settle", "match_won")]
    words = "win" if signed > 0 else "lose"
    plural = "s" if abs(signed) != 1 else ""
    over = " " + state.events[-1].text if state.events[-1].kind == "match_won" else ""
    return {"summary": f"The bidders {words} {abs(signed)} table{plural}.{over}",
            "made": st.made, "lines": points[-2:] if points else [st.text]}


def _calls_summary_part(state, probe=()) -> str:
    if state.phase != "auction":
        c = state.contract
        who = f"seat {c.bidder}" if c.bidder is not None else "nobody (all passed)"
        return f"The auction is over: {who}, {c.bid} in {c.denomination}."
    a = state.auction
    lc = a.legal_calls()
    words = list(lc["calls"])
    if lc["min"] is not None:
        words.append(f"bids {lc['min']}–{lc['max']}")
    out = f"Seat {state.to_act} to call: {', '.join(words) or 'nothing'}."
    for call in probe:
        out += f" {call}: {'allowed' if a.check(call) is None else 'not allowed'}."
    return out


def _allowed_calls_part(alternatives) -> list[str]:
    """The calls that may be made instead, as their buttons say them, with the range of bids
    in words ("a bid from 29 to 56"); other actions as they are written."""
    words = SPEC.hook("call_words")
    out = []
    for a in alternatives:
        if isinstance(a, dict):  # the auction's summary: {"calls": [...], "min": m, "max": M}
            out += [words(c) for c in a.get("calls", ())]
            low, high = a.get("min"), a.get("max")
            if low is not None:
                out.append(f"a bid of {low}" if low == high else f"a bid from {low} to {high}")
        elif isinstance(a, Call):
            out.append(words(str(a.call)))
        else:
            out.append(str(a))
    return out


def _quick_call_part(state, actions, rng):
    """A random hand for a question: once someone has bid, mostly pass, so auctions stay
    short (otherwise the caller draws any legal call)."""
    if rng.random() < 0.6 and state.auction.high_seat is not None:
        plain = [a for a in actions[:3] if a.call == "pass"]
        if plain:
            return plain[0]
    return None


def _bidders_part(state) -> set[int]:
    """The seats of the bidding team (engine seats)."""
    return {s for s in range(state.n) if state.team_of(s) == state.contract.team}


register_parts(GAME, bidders=_bidders_part, quick_call=_quick_call_part,
               hand_result=_hand_result_part,
               calls_summary=_calls_summary_part, card_order=_card_order_part,
               score_hand=_score_hand_part, legal_calls=_legal_calls_part,
               legal_calls_position=_legal_calls_position,
               allowed_calls=_allowed_calls_part)


MAKERS: dict[str, Callable[[str, int], Question]] = {
    "seats56": _seats56,
    "deck56": _deck56,
    "trick_points": _trick_points,
    "trick_winner:twins": _twins,
    "legal_calls:house56": _house_calls,
    "tables56": _tables56,
}
GAME_OF = {kind: SPEC.name for kind in MAKERS}
for _kind, _maker in MAKERS.items():
    register_kind(_kind, _maker, SPEC.name, KIND_TITLES[_kind])

__all__ = ["GAME_OF", "GAMES", "KIND_TITLES", "MAKERS", "house_words"]
