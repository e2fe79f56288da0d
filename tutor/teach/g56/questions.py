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

from ...engine.cards import SUIT_WORDS, Card, format_cards
from ...engine.errors import InputError
from ...engine.messages import N_, Msg, many, msg, nmsg, num, pmsg, render, sentences
from ...engine.state import Call, ChooseDealer
from ...games import g56
from ...games.g56 import SPEC
from ...games.g56.auction import Auction56, parse_call
from ...games.g56.game import Game56, State56
from ...games.g56.play import card_points
from ...games.g56.settle import settle
from ...games.g56.tables import (
    COPIES,
    DECK_RANKS,
    PLAYERS,
    POINTS,
    RANK_ORDER,
    SUITS,
    TIERS,
    deck_facts,
    tier,
)
from ..questions import (
    Choice,
    Hint,
    Question,
    Shown,
    _rule_hint,
    _trump_words,
    allowed,
    hand_seat_no,
    hand_table,
    not_allowed,
    played_words,
    reason_sentence,
)
from ..seats import table_for

GAME = SPEC.name  # this module teaches this game only
GAMES = (GAME,)
KIND_TITLES = {
    "seats56": N_("Seats and turn order"),
    "deck56": N_("The cards in play"),
    "trick_points": N_("How many points?"),
    "trick_winner:twins": N_("Who wins the trick?"),
    "legal_calls:house56": N_("Which calls may you make?"),
    "tables56": N_("How many tables move?"),
}


def _rng(kind: str, seed: int) -> random.Random:
    return random.Random(f"lesson56/{kind}/{seed}")


def _check_game(kind: str, game: str) -> None:
    if str(game) != GAME:
        raise InputError(render(msg("{kind} questions are about 56: the game must be 56, not "
                                    "{game}", kind=kind, game=repr(game))), "game")



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
    return tuple(Choice(str(s), render(msg("Seat {seat}", seat=s)),
                        render(msg("seat {seat}", seat=s))) for s in range(n) if s not in skip)


def _text(*said) -> str:
    """Sentences (messages, or text already worded) worded and put one after the other."""
    return sentences(*said)


def _players(n: int, dealer: int) -> Msg:
    """"6 players, seat 5 deals."."""
    return nmsg("{n} player, seat {dealer} deals.", "{n} players, seat {dealer} deals.", n,
                dealer=dealer)


def _team_words(team: int) -> Msg:
    return (msg("team 0 (the even seats, the dealer's opponents)") if team == 0 else
            msg("team 1 (the odd seats, the dealer's team)"))


# -- seats and turn order -------------------------------------------------------------------------
SEAT_ASKS = ("next_play", "next_call", "partners", "first_lead", "first_call")


def _seat_role(k: int, n: int) -> Msg:
    if k == n - 1:
        return msg("seat {seat} is the dealer, the last seat in turn order", seat=k)
    if k == 0:
        return msg("seat {seat} sits on the dealer's right, the first seat in turn order", seat=k)
    if k == n - 2:
        return msg("seat {seat} sits on the dealer's left", seat=k)
    return msg("seat {seat} sits between seats {before} and {after}", seat=k, before=k - 1,
               after=k + 1)


def _seats56(game: str, seed: int) -> Question:
    _check_game("seats56", game)
    rng = _rng("seats56", seed)
    ask = SEAT_ASKS[seed % len(SEAT_ASKS)]
    n = rng.choice(PLAYERS)
    g = _game(n)
    dealer = n - 1
    table = _players(n, dealer)
    context: dict = {"players": n, "dealer": dealer, "ask": ask, "seat": None}
    skip: tuple = ()
    mode = "one"
    meanings: dict[str, Msg] = {}
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
        played = many((msg("seat {seat}: {card}", seat=(leader + i) % n, card=c.unicode)
                       for i, c in enumerate(trick)), "sequence")
        prompt = _text(table, msg("The trick so far: {played}. Seat {seat} has just played; who "
                                  "plays next?", played=played, seat=s) if len(trick) > 1 else
                       msg("Seat {seat} has just led {card} to a trick. Who plays next?", seat=s,
                           card=trick[0].unicode))
        context.update(seat=s, leader=leader, trick=[str(c) for c in trick],
                       seats=[(leader + i) % n for i in range(len(trick))])
        rule = "56-SEATS"
        narrow = msg("Turn order runs counter-clockwise: each player plays after the player on "
                     "their left, and the next player sits on the right.")
        if s == n - 1:
            narrow = _text(narrow, msg("After the last seat the count starts again from 0."))
        reason = (msg("Seat {answer} plays next: it sits on seat {seat}'s right, and turn order "
                      "runs counter-clockwise, each seat followed by the next number; after seat "
                      "{dealer}, the dealer, comes seat 0 again.", answer=answer, seat=s,
                      dealer=n - 1) if s == n - 1 else
                  msg("Seat {answer} plays next: it sits on seat {seat}'s right, and turn order "
                      "runs counter-clockwise, each seat followed by the next number.",
                      answer=answer, seat=s))
        for k in range(n):
            if k == answer:
                continue
            if k == (s - 1) % n and len(trick) == 1:
                meanings[str(k)] = msg("Seat {seat} sits on seat {other}'s left: it plays last "
                                       "to this trick, not next (turn order runs "
                                       "counter-clockwise).", seat=k, other=s)
            elif k == (s - 1) % n:
                meanings[str(k)] = msg("Seat {seat} sits on seat {other}'s left: it played "
                                       "before seat {other}, not after (turn order runs "
                                       "counter-clockwise).", seat=k, other=s)
            elif k == s:
                meanings[str(k)] = msg("Seat {seat} has just played; every player plays once a "
                                       "trick.", seat=k)
            elif k == leader:
                meanings[str(k)] = msg("Seat {seat} led this trick and has played to it; it "
                                       "leads again only if it wins the trick.", seat=k)
            else:
                meanings[str(k)] = msg("Seat {seat} is not next: {role}. After seat {last} "
                                       "comes seat {answer}.", seat=k, role=_seat_role(k, n),
                                       last=s, answer=answer)
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
        said = many((msg("seat {seat}: {call}", seat=seat, call=parse_call(c).spoken())
                     for seat, c in calls), "sequence")
        prompt = _text(table, msg("The calls so far: {said}. Seat {seat} has just called. Who "
                                  "calls next?", said=said, seat=s))
        context.update(seat=s, calls=calls)
        rule = "56-SEATS"
        narrow = msg("The auction goes round the table in the same turn order as the play, "
                     "counter-clockwise, and nobody is skipped.")
        reason = (msg("Seat {answer} calls next: the turn passes from seat {seat} to the seat on "
                      "its right; after seat {dealer}, the dealer, comes seat 0 again.",
                      answer=answer, seat=s, dealer=n - 1) if s == n - 1 else
                  msg("Seat {answer} calls next: the turn passes from seat {seat} to the seat on "
                      "its right, seat {answer}.", answer=answer, seat=s))
        for k in range(n):
            if k == answer:
                continue
            if k == s:
                meanings[str(k)] = msg("Seat {seat} has just called; the turn moves on.", seat=k)
            elif k == (s - 1) % n:
                meanings[str(k)] = msg("Seat {seat} called just before seat {other}; the turn "
                                       "goes the other way, to the right.", seat=k, other=s)
            elif k == 0:
                meanings[str(k)] = msg("Seat 0 made the first call, but the auction goes on "
                                       "round the table: after seat {last} comes seat {answer}.",
                                       last=s, answer=answer)
            else:
                meanings[str(k)] = msg("Seat {seat} is not next: {role}. After seat {last} "
                                       "comes seat {answer}.", seat=k, role=_seat_role(k, n),
                                       last=s, answer=answer)
    elif ask == "partners":
        mode = "many"
        s = rng.randrange(n)
        a = Auction56(n, dealer, g.settings)
        team = a.team_of(s)
        partners = [k for k in range(n) if k != s and a.team_of(k) == team]
        skip = (s,)
        answer = tuple(str(k) for k in partners)
        prompt = _text(table, msg("Which seats are seat {seat}'s partners? Select every one.",
                                  seat=s))
        context.update(seat=s)
        rule = "56-TEAMS"
        narrow = msg("There are always two teams of {size}, and team-mates sit in alternate "
                     "seats, so every player has an opponent on each side.", size=n // 2)
        reason = (msg("Seat {seat} is in {team}: its partners are seats {partners}.", seat=s,
                      team=_team_words(team), partners=many(partners)) if len(partners) > 1 else
                  msg("Seat {seat} is in {team}: its partner is seat {partner}.", seat=s,
                      team=_team_words(team), partner=partners[0]))
        for k in range(n):
            if k == s:
                continue
            if a.team_of(k) == team:
                meanings[str(k)] = (
                    msg("Seat {seat} is a partner too: like seat {other} it is an even seat.",
                        seat=k, other=s) if team == 0 else
                    msg("Seat {seat} is a partner too: like seat {other} it is an odd seat.",
                        seat=k, other=s))
            elif (k - s) % n in (1, n - 1):
                meanings[str(k)] = msg("Seat {seat} is an opponent: it is in {team} and sits "
                                       "next to seat {other}.", seat=k,
                                       team=_team_words(a.team_of(k)), other=s)
            else:
                meanings[str(k)] = msg("Seat {seat} is an opponent: it is in {team}.", seat=k,
                                       team=_team_words(a.team_of(k)))
    elif ask == "first_lead":
        state = _deal(g, rng)
        bidder = rng.randrange(1, n)
        number = rng.randint(28, 40)
        denomination = rng.choice(SUITS + ("NT",))
        bid = _bid_text(number, denomination)
        _win_auction(state, bidder, bid)
        s, answer = bidder, state.to_act
        prompt = _text(table, msg("Seat {seat} won the auction with {bid}. Who leads to the first "
                                  "trick?", seat=bidder, bid=parse_call(bid).spoken()))
        context.update(seat=bidder, calls=list(state.auction_calls))
        rule = "56-LEAD"
        narrow = msg("Who wins the auction does not decide who leads the first trick.")
        reason = msg("Seat {answer}, on the dealer's right, leads to the first trick, whoever won "
                     "the auction; after that the winner of each trick leads.", answer=answer)
        for k in range(n):
            if k == answer:
                continue
            if k == bidder:
                meanings[str(k)] = msg("Seat {seat} won the auction, but the auction's winner "
                                       "does not lead: seat 0 always leads to the first trick.",
                                       seat=k)
            elif k == dealer:
                meanings[str(k)] = msg("Seat {seat} is the dealer, the last seat in turn order; "
                                       "it plays last to the first trick.", seat=k)
            else:
                meanings[str(k)] = msg("Seat {seat} does not lead: {role}. Seat 0, on the "
                                       "dealer's right, leads to the first trick.", seat=k,
                                       role=_seat_role(k, n))
    else:  # first_call
        a = Auction56(n, dealer, g.settings)
        s, answer = None, a.to_act
        prompt = _text(table, msg("Who makes the first call of the auction?"))
        rule = "56-SEATS"
        narrow = msg("The dealer, seat {dealer}, has the last seat in turn order; turns go "
                     "counter-clockwise.", dealer=dealer)
        reason = msg("Seat {answer}, the player on the dealer's right, calls first (and leads to "
                     "the first trick).", answer=answer)
        for k in range(n):
            if k == answer:
                continue
            if k == dealer:
                meanings[str(k)] = msg("Seat {seat} is the dealer: the dealer calls last in each "
                                       "round, not first.", seat=k)
            elif k == n - 2:
                meanings[str(k)] = msg("Seat {seat} sits on the dealer's left; the first call is "
                                       "made on the dealer's right.", seat=k)
            else:
                meanings[str(k)] = msg("Seat {seat} is not first: {role}. Seats are numbered in "
                                       "turn order from the first caller.", seat=k,
                                       role=_seat_role(k, n))
    if mode == "one":
        answer = (str(answer),)
    choices = _seat_choices(n, skip)
    words = many(msg("seat {seat}", seat=k) for k in answer)
    hints = (Hint(1, render(narrow)),
             Hint(2, _rule_hint(rule), rule),
             Hint(3, render(msg("The answer: {answer}.", answer=words)), None, tuple(answer)))
    return Question("seats56", GAME, seed, prompt, mode, choices, context,
                    tuple(sorted(answer, key=int)), rule, render(reason), hints,
                    {k: render(v) for k, v in meanings.items()})


# -- the deck -------------------------------------------------------------------------------------
DECK_ASKS = ("hand", "tricks", "cards", "ranks", "copies")
DECK_SETUPS = ((4, {}), (6, {}), (8, {}), (4, {"deck_4p": 32}), (8, {"deck_8p": 48}))
DECK_HOUSE = {("deck_4p", 32): N_("four players keep only the J, 9, A and 10"),
              ("deck_8p", 48): N_("eight players leave out the 8s and 7s")}


def _setup_words(n: int, rules: dict) -> Msg:
    if not rules:
        return nmsg("{n} player", "{n} players", n)
    (k, v), = rules.items()
    return nmsg("{n} player and the house rule that {rule}",
                "{n} players and the house rule that {rule}", n, rule=msg(DECK_HOUSE[(k, v)]))


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
    meanings: dict[str, Msg] = {}
    kept = _ranks_words(g.ranks)
    deck_line = msg("With {setup} the ranks kept are {kept}: {ranks} ranks in each of {suits} "
                    "suits, from {packs} packs, make {size} cards.", setup=setup, kept=kept,
                    ranks=len(g.ranks), suits=len(SUITS), packs=COPIES, size=size)
    rule = "56-DECK"

    def others(value_of) -> list[tuple[int, Msg]]:
        out = []
        for n2, rules2 in DECK_SETUPS:
            if (n2, rules2) == (n, rules):
                continue
            g2 = _game(n2, rules2)
            if rules2:
                (k, v), = rules2.items()
                why = nmsg("that is the number with {n} player under the house rule that "
                           "{rule}, a {size}-card deck",
                           "that is the number with {n} players under the house rule that "
                           "{rule}, a {size}-card deck", n2, rule=msg(DECK_HOUSE[(k, v)]),
                           size=len(g2.deck))
            else:
                why = nmsg("that is the number with {n} player, a {size}-card deck",
                           "that is the number with {n} players, a {size}-card deck", n2,
                           size=len(g2.deck))
            out.append((value_of(g2), why))
        return out

    if ask in ("hand", "tricks"):
        value = g.hand_size if ask == "hand" else facts["tricks"]
        prompt = (msg("With {setup} ({size}-card deck), how many cards does each player hold?",
                      setup=setup, size=size) if ask == "hand" else
                  msg("With {setup} ({size}-card deck), how many tricks are played in a hand?",
                      setup=setup, size=size))
        pool = [(n, nmsg("that is the number of players: each trick holds {n} card, one from "
                         "each player",
                         "that is the number of players: each trick holds {n} cards, one from "
                         "each player", n))]
        pool += others(lambda g2: g2.hand_size)
        pool += [(size // 2, nmsg("that would be half the deck; every card is dealt, shared "
                                  "among all {n} player",
                                  "that would be half the deck; every card is dealt, shared "
                                  "among all {n} players", n))]
        narrow = msg("Every card is dealt, and everybody gets the same number: {size} cards, "
                     "{n} players.", size=size, n=n)
        reason = (msg("{size} cards shared among {n} players: {value} each, so {value} tricks "
                      "of {n} cards.", size=size, n=n, value=value) if ask == "tricks" else
                  msg("{size} cards shared among {n} players: {value} cards each.", size=size,
                      n=n, value=value))
    elif ask == "cards":
        value = size
        prompt = msg("With {setup}, how many cards are in the deck?", setup=setup)
        pool = others(lambda g2: len(g2.deck))
        pool += [(56, msg("that is the points in the deck (and the name of the game), not the "
                          "number of cards")),
                 (52, msg("that is one full pack; 56 uses two packs with the low cards taken "
                          "out")),
                 (size // 2, msg("that is one stripped pack; 56 uses two (56-COPIES)"))]
        narrow = msg("Two packs, with only the ranks {kept} kept in each suit.", kept=kept)
        reason = deck_line
    elif ask == "ranks":
        mode = "many"
        value = None
        prompt = msg("With {setup}, which ranks are used? Select every one.", setup=setup)
        narrow = msg("Two packs are stripped of their low cards; the 8s and 7s are used only "
                     "with 8 players and the full 64-card deck.")
        reason = msg("With {setup} the ranks kept are {kept}, so the deck is {size} cards.",
                     setup=setup, kept=kept, size=size)
        for r in RANK_ORDER:
            if r in g.ranks:
                meanings[r] = msg("{rank} is used too: with {setup} the ranks are {kept}.",
                                  rank=_THE_RANK_FIRST[r], setup=setup, kept=kept)
            else:
                meanings[r] = msg("{rank} is not used: with {setup} the ranks are only {kept}.",
                                  rank=_THE_RANK_FIRST[r], setup=setup, kept=kept)
    else:  # copies
        rule = "56-COPIES"
        out = [r for r in RANK_ORDER if r not in g.ranks]
        rank = rng.choice(out) if out and rng.random() < 0.35 else rng.choice(g.ranks)
        card = Card(rank, rng.choice(SUITS))
        value = g.deck.count(card)
        if value == 0:
            rule = "56-DECK"
        prompt = msg("With {setup}, how many copies of the {card} are in the deck?", setup=setup,
                     card=card.unicode)
        context["card"] = str(card)
        pool = [(1, msg("that would be one pack; 56 uses two packs, so every card in use is "
                        "there twice")),
                (COPIES + 1, msg("that is too many: every card exists only twice, never a "
                                 "third")),
                (4, msg("that would be four packs; 56 uses two")),
                (0, msg("{rank} is one of the ranks kept ({kept}), so it is there twice",
                        rank=_THE_RANK[rank], kept=kept)),
                (COPIES, msg("that would be right if {rank} were used, but with {setup} the "
                             "ranks are only {kept}", rank=_THE_RANK[rank], setup=setup,
                             kept=kept))]
        narrow = msg("How many packs does 56 use, and is {rank} one of the ranks kept?",
                     rank=_THE_RANK[rank])
        reason = (msg("Two packs give two of every card kept: {count} {card}.", count=value,
                      card=card.unicode) if value else
                  msg("No {card}: with {setup} the ranks kept are only {kept}.",
                      card=card.unicode, setup=setup, kept=kept))
    if mode == "many":
        choices = tuple(Choice(r, r, r) for r in RANK_ORDER)
        answer = tuple(g.ranks)
        shown = kept
    else:
        values: dict[int, Msg | None] = {value: None}
        for v, why in pool:
            if v >= 0 and v not in values:
                values[v] = why
            if len(values) >= 5:
                break
        for v, why in values.items():
            if why:
                meanings[str(v)] = msg("{value} is not it: {why}.", value=v, why=why)
        choices = tuple(Choice(str(v), str(v), str(v)) for v in sorted(values))
        answer = (str(value),)
        shown = str(value)
    hints = (Hint(1, render(narrow)), Hint(2, _rule_hint(rule), rule),
             Hint(3, render(msg("The answer: {answer}.", answer=shown)), None, answer))
    return Question("deck56", GAME, seed, render(prompt), mode, choices, context, answer, rule,
                    render(reason), hints, {k: render(v) for k, v in meanings.items()})


# -- card points in a trick ---------------------------------------------------------------------
POINT_TARGETS = ("jack_nine", "ace_ten", "court", "eight_seven")
# the learner's usual slips, as other point tables: (name, changes, what the slip is)
POINT_SLIPS = (
    ("swap", {"J": POINTS["9"], "9": POINTS["J"]},
     N_("that swaps the J and the 9: the J is worth 3 and the 9 is worth 2")),
    ("court", {"K": 1, "Q": 1},
     N_("that gives the K and the Q a point each; they rank high but score nothing")),
    ("flat", {r: 1 for r, v in POINTS.items() if v},
     N_("that counts every scoring card as 1; the J is worth 3 and the 9 2")),
    ("ten", {"10": 10},
     N_("that counts the 10 as ten points; in 56 a 10 is worth 1, like the ace")),
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
    values: dict[int, Msg | None] = {value: None}
    slips = list(POINT_SLIPS)
    rng.shuffle(slips)
    for _, change, why in slips:
        table = {**POINTS, **change}
        v = sum(table[c.rank] for c in trick)
        if v not in values and v <= value + 10:
            values[v] = msg(why)
        if len(values) >= 4:
            break
    for d in (1, -1, 2, -2, 3):
        if len(values) >= 5:
            break
        if value + d >= 0 and value + d not in values:
            values[value + d] = msg("a slip in the adding up")
    meanings = {str(v): render(msg("{value} is not it: {why}. Card by card: {line}.", value=v,
                                   why=why, line=line))
                for v, why in values.items() if why}
    played = render(many((msg("{card} (seat {seat})", card=c.unicode, seat=s)
                          for c, s in zip(trick, seats)), "sequence"))
    scoring = [c for c in trick if POINTS[c.rank]]
    blanks = [c for c in trick if not POINTS[c.rank]]
    rule = "56-POINTS"
    here, nothing = format_cards(scoring, "unicode"), format_cards(blanks, "unicode")
    if scoring and blanks:
        which = nmsg("Here they are {scoring}; {blanks} scores nothing.",
                     "Here they are {scoring}; {blanks} score nothing.", len(blanks),
                     scoring=here, blanks=nothing)
    elif scoring:
        which = msg("Here they are {scoring}.", scoring=here)
    elif blanks:
        which = nmsg("There are none here; {blanks} scores nothing.",
                     "There are none here; {blanks} score nothing.", len(blanks), blanks=nothing)
    else:
        which = msg("There are none here.")
    narrow = _text(msg("Only the J, 9, A and 10 score."), which)
    hints = (Hint(1, narrow), Hint(2, _rule_hint(rule), rule),
             Hint(3, render(msg("The answer: {answer}.", answer=value)), None, (str(value),)))
    prompt = _text(nmsg("{n} player.", "{n} players.", n), _trump_words(trump),
                   msg("The trick: {played}; seat {winner} won it. How many card points does "
                       "this trick hold?", played=played, winner=winner))
    context = {"trump": trump, "trick": [str(c) for c in trick], "seats": seats,
               "leader": leader, "winner": winner, "players": n}
    reason = nmsg("The trick holds {n} card point: {line} (J 3, 9 2, A 1, 10 1, K Q 8 7 "
                  "nothing).",
                  "The trick holds {n} card points: {line} (J 3, 9 2, A 1, 10 1, K Q 8 7 "
                  "nothing).", value, line=line)
    return Question("trick_points", GAME, seed, prompt, "one",
                    tuple(Choice(str(v), str(v), render(nmsg("{n} point", "{n} points", v)))
                          for v in sorted(values)),
                    context, (str(value),), rule, render(reason), hints, meanings)


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
    choices = tuple(Choice(str(i), c.unicode,
                           render(msg("{card}, seat {seat}", card=c.spoken, seat=seats[i])))
                    for i, c in enumerate(trick))
    meanings = {}
    losers = [i for i in range(len(trick)) if i != w]
    for comp, i in zip(result.comparisons, losers):
        why = comp.text if comp.reason != "first_played" else msg(
            "it is identical to seat {seat}'s {card}, which was played first", seat=seats[w],
            card=trick[i].unicode)
        meanings[str(i)] = render(msg("Seat {seat}'s {card} loses: {why}.", seat=seats[i],
                                      card=trick[i].unicode, why=why))
    trumps = [str(i) for i, c in enumerate(trick) if rk.is_trump[c.index]]
    rule = "56-IDENTICAL"
    twin = trick[w].unicode
    trump_list = many((msg("{card} (seat {seat})", card=trick[int(i)].unicode,
                           seat=seats[int(i)]) for i in trumps), "sequence")
    narrow = _text(msg("Two {card} are in this trick, played by seat {first} and seat {second}.",
                       card=twin, first=seats[w], second=seats[later]),
                   msg("Trumps: {trumps}.", trumps=trump_list) if trumps else
                   msg("No trump was played: the best card of the led suit wins."))
    hints = (Hint(1, narrow, None, (str(w), str(later))),
             Hint(2, _rule_hint(rule), rule),
             Hint(3, render(msg("The answer: the {card} played by seat {seat}.", card=twin,
                                seat=seats[w])), None, (str(w),)))
    reason = msg("{result}, and of the two identical {card} the one played first, by seat "
                 "{seat}, ranks higher.", result=result.text, card=twin, seat=seats[w])
    return Question(
        "trick_winner:twins", GAME, seed,
        _text(nmsg("{n} player.", "{n} players.", n), _trump_words(trump),
              played_words(seats, trick), msg("Which card wins this trick?")),
        "one", choices, {"trump": trump, "trick": [str(c) for c in trick], "seats": seats,
                         "players": n},
        (str(w),), rule, render(reason), hints, meanings)


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
        return render(msg("a player who has passed may not bid again in this auction (doubles "
                          "and redoubles stay allowed)") if value else
                      msg("a player who has passed may still bid later (a pass is not final)"))
    if setting == "partner_overcall_min":
        return render(msg("over your own team's bid, a new bid must be at least {bid}",
                          bid=value) if value is not None else
                      msg("over your own team's bid, a new bid need only be higher"))
    if setting == "allow_plus_nt":
        return render(msg("Plus N No-trumps (such as +1NT, Plus One No-trumps) may be bid")
                      if value else msg("Plus N No-trumps may not be bid"))
    if value == "force_last_nondealer":
        return render(nmsg("if the first {n} call is a pass, seat {seat} (the dealer's left) may "
                           "not pass and must bid",
                           "if the first {n} calls are all passes, seat {seat} (the dealer's "
                           "left) may not pass and must bid", n - 2, seat=n - 2))
    return render(msg("seat 0 may not pass with the first call of the auction: it must bid"))




# The other house rules of 56 in a learner's words, as the rules text says them: every value of
# every setting with choices has words of its own (a number of the table is a parameter).
HOUSE_WORDS = {
    ("direction", "ccw"): N_("the table is drawn with play going counter-clockwise, each turn "
                             "passing to the right"),
    ("direction", "cw"): N_("the table is drawn mirrored, with play going clockwise; only the "
                            "drawing changes, no rule"),
    ("all_pass", "nondealer_28nt"): N_("if all {players} players pass, the hand is played in no "
                                       "trumps and scored as if team 0, the dealer's "
                                       "opponents, had bid 28, undoubled"),
    ("elimination", "zero_tables"): N_("a team left with no tables has lost the match"),
    ("elimination", "cannot_pay"): N_("a team loses the match when it owes more tables than it "
                                      "holds; a team that pays exactly down to 0 stays in"),
    ("cot", True): N_("a bidding team that wins every trick receives twice the tables; the "
                      "defenders may first offer to surrender: if the offer is accepted, play "
                      "stops and the usual tables are paid, and if it is refused, the bidders "
                      "pay double if they lose any trick"),
    ("cot", False): N_("winning every trick pays no more than the contract's usual tables"),
    ("redeal_no_points", True): N_("a hand with no point cards is thrown in and the same dealer "
                                   "deals again"),
    ("redeal_no_points", False): N_("a hand with no point cards is played like any other"),
    ("redeal_all_jacks", True): N_("if one player is dealt all eight Jacks, the same dealer "
                                   "deals again"),
    ("redeal_all_jacks", False): N_("a player dealt all eight Jacks plays them like any other "
                                    "hand"),
}
DECK_SETTINGS = {"deck_4p": 4, "deck_8p": 8}  # the players each deck setting is for (56-DECK)


def house_rule_words(name: str, value, n: int):
    """A house rule of 56 in the rules' words (None: one with no words of its own)."""
    if name in ("pass_is_final", "partner_overcall_min", "allow_plus_nt") or \
            name == "all_pass" and value in ("force_last_nondealer", "force_first_bidder"):
        return house_words(name, value, n)
    said = HOUSE_WORDS.get((name, value))
    if said is not None:
        return render(msg(said, players=n) if "{players}" in said else msg(said))
    if name in DECK_SETTINGS and (DECK_SETTINGS[name], value) in DECK_RANKS:
        players = DECK_SETTINGS[name]
        ranks = DECK_RANKS[players, value]
        cards = len(ranks) * len(SUITS) * COPIES
        return render(msg("with {players} players the ranks kept are {kept}: {cards} cards, "
                          "{hand} in each hand", players=players, kept=_ranks_words(ranks),
                          cards=cards, hand=cards // players))
    if name == "tiers" and value in TIERS:
        return render(msg("a made contract wins and a failed one costs, undoubled: {tiers}",
                          tiers=many(msg("{made} or {failed} tables for {bids}", made=made,
                                         failed=failed, bids=bid_range(lo, hi))
                                     for lo, hi, made, failed in TIERS[value])))
    if name == "redouble_mult" and isinstance(value, int) and not isinstance(value, bool):
        return render(msg("the tables are multiplied by 2 for a doubled contract and by "
                          "{multiplier} for a redoubled one", multiplier=value))
    if name == "start_tables" and isinstance(value, int) and not isinstance(value, bool):
        return render(nmsg("each team starts with {n} table", "each team starts with {n} tables",
                           value))
    return None




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
                meanings[c] = _text(meanings[c],
                                    msg("Under the standard rules it would be allowed."))
                rule = rule or bad.rule
        else:
            meanings[c] = allowed(spoken(c))
            if std_bad is not None:
                meanings[c] = render(msg("{call} is allowed only because of the house rule; "
                                         "the standard rules refuse it ({rule}). {reason}",
                                         call=spoken(c), reason=reason_sentence(std_bad),
                                         rule=std_bad.rule))
                rule = rule or std_bad.rule
    history = [(s, str(c)) for s, c in a.calls]
    said = render(many((msg("{who}: {call}", who=table.who(s), call=spoken(c))
                        for s, c in history), "sequence")) or render(msg("nothing yet"))
    words = house_words(setting, value, n)
    low = a.bid_range()[0]
    narrow = _text(_standing(a, seat, table),
                   *((msg("You have passed before."),) if seat in a.passed else ()),
                   msg("The lowest bid now is {bid}.", bid=low) if low else
                   msg("No bid is possible now."))
    changed = sorted(set(legal) ^ set(usual), key=all_calls.index)
    answer = tuple(sorted(legal))
    legal_words = many(spoken(c) for c in legal) if legal else msg("nothing")
    house = msg("House rule: {rule}.", rule=words)
    hints = (Hint(1, _text(house, narrow)),
             Hint(2, _rule_hint(rule), rule),
             Hint(3, render(msg("The answer: {answer}.", answer=legal_words)), None, answer))
    reason = _text(msg("You may call: {calls}. The house rule changes {changed}:",
                       calls=legal_words, changed=many(spoken(c) for c in changed)),
                   *(meanings[c] for c in changed))
    choices = tuple(Choice(c, spoken(c), spoken(c)) for c in all_calls)
    return Question(
        "legal_calls:house56", GAME, seed,
        _text(house, table.intro(sides=False),
              msg("The calls so far: {said}. It is your turn. Select every call you may make "
                  "now.", said=said)), "many",
        choices, {"players": n, "dealer": dealer, "calls": history, "seat": seat,
                  "rules": {setting: value}},
        answer, rule, reason, hints, meanings)


def _standing(a: Auction56, seat: int, table) -> Msg:
    """The standing bid, who made it and whose team's it is (``table`` names the seats); or
    that nobody has bid yet."""
    if a.high_seat is None:
        return msg("Nobody has bid yet.")
    who = table.who(a.high_seat)
    if a.team_of(a.high_seat) == a.team_of(seat):
        return (msg("The standing bid is {bid}, doubled, made by {who}: your own team's bid.",
                    bid=a.high, who=who) if a.doubled else
                msg("The standing bid is {bid}, made by {who}: your own team's bid.",
                    bid=a.high, who=who))
    return (msg("The standing bid is {bid}, doubled, made by {who}: the other team's bid.",
                bid=a.high, who=who) if a.doubled else
            msg("The standing bid is {bid}, made by {who}: the other team's bid.", bid=a.high,
                who=who))


# -- settling in tables ---------------------------------------------------------------------------
def _points(k: int) -> Msg:
    return nmsg("{n} card point", "{n} card points", k)


def bid_range(lo: int, hi: int) -> Msg:
    """``bids of 28–39``, ``a bid of 56``."""
    return msg("a bid of {bid}", bid=lo) if lo == hi else \
        msg("bids of {low}–{high}", low=lo, high=hi)


def tier_words(lo: int, hi: int) -> Msg:
    """``the 40–47 tier``, ``the tier of 56``."""
    return msg("the tier of {bid}", bid=lo) if lo == hi else \
        msg("the {low}–{high} tier", low=lo, high=hi)


def _signed_tables(v: int) -> Msg:
    """``+2 tables``, ``−1 table``: a choice as a screen reader says it."""
    return nmsg("{value} table", "{value} tables", abs(v), value=num(v, sign=True))


TABLE_CASES = ("made", "failed", "doubled", "redoubled", "pay_all")
# the bid and the points taken, by the contract's multiplier
MULT_WORDS = {1: N_("Team {team} bid {bid}; they took {points}."),
              2: N_("Team {team} bid {bid} and it was doubled; they took {points}."),
              4: N_("Team {team} bid {bid} and it was doubled and redoubled; they took "
                    "{points}.")}


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
    candidates = [(-signed, msg("has the right size but the wrong direction: the contract was "
                                "made, so the defenders pay the bidders (56-TRANSFER)")
                   if s.made else
                   msg("has the right size but the wrong direction: the contract failed, so "
                       "the bidders pay (56-TRANSFER)"))]
    if s.paid < s.owed:
        candidates.append((sign * s.owed, nmsg(
            "is what was owed, but a team pays at most the {n} table it holds (56-PAY-ALL)",
            "is what was owed, but a team pays at most the {n} tables it holds (56-PAY-ALL)",
            s.paid)))
    if multiplier > 1:
        candidates.append((sign * amount, msg("forgets the multiplier ×{multiplier} (56-MULT)",
                                              multiplier=multiplier)))
    if multiplier == st.redouble_mult:
        candidates.append((sign * amount * 2, msg("is the doubled amount; redoubled is "
                                                  "×{multiplier} (56-MULT)",
                                                  multiplier=multiplier)))
    other = failed_amount if s.made else made_amount
    candidates.append((sign * other * multiplier,
                       msg("takes the failed column of the tiers; this contract was made "
                           "(56-TIERS)") if s.made else
                       msg("takes the made column of the tiers; this contract failed "
                           "(56-TIERS)")))
    for lo, hi, m_amt, f_amt in tiers:
        if not lo <= bid <= hi:
            candidates.append((sign * (m_amt if s.made else f_amt) * multiplier,
                               msg("is the amount for {bids} ×{multiplier}; {bid} is in {tier} "
                                   "(56-TIERS)", bids=bid_range(lo, hi), multiplier=multiplier,
                                   bid=bid, tier=tier_words(low, high)) if multiplier > 1 else
                               msg("is the amount for {bids}; {bid} is in {tier} (56-TIERS)",
                                   bids=bid_range(lo, hi), bid=bid,
                                   tier=tier_words(low, high))))
    values: dict[int, Msg | None] = {signed: None}
    for v, why in candidates:
        if v != 0 and v not in values:
            values[v] = why
        if len(values) >= 5:
            break
    meanings = {str(v): render(msg("{value} {why}.", value=num(v, sign=True), why=why))
                for v, why in values.items() if why}
    rule = ("56-PAY-ALL" if s.paid < s.owed else "56-MULT" if multiplier > 1 else "56-TIERS")
    prompt = _text(msg(MULT_WORDS[multiplier], team=team, bid=bid, points=_points(points)),
                   nmsg("Team 0 holds {n} table and team 1 holds {other}.",
                        "Team 0 holds {n} tables and team 1 holds {other}.", tables[0],
                        other=tables[1]),
                   msg("How many tables move, and which way? Answer for team {team}, the "
                       "bidders: + they receive, − they pay.", team=team))
    narrow = _text(
        msg("{points} against a bid of {bid}: the contract was made, so the defenders pay.",
            points=_points(points), bid=bid) if s.made else
        msg("{points} against a bid of {bid}: the contract failed, so the bidders pay.",
            points=_points(points), bid=bid),
        _find_tier(bid, multiplier, case == "pay_all"))
    if low == high:
        pays = (msg("A bid of {bid} pays {made} made, {failed} failed, ×{multiplier}.", bid=low,
                    made=made_amount, failed=failed_amount, multiplier=multiplier)
                if multiplier > 1 else
                msg("A bid of {bid} pays {made} made, {failed} failed.", bid=low,
                    made=made_amount, failed=failed_amount))
    else:
        pays = (msg("Bids of {low}–{high} pay {made} made, {failed} failed, ×{multiplier}.",
                    low=low, high=high, made=made_amount, failed=failed_amount,
                    multiplier=multiplier) if multiplier > 1 else
                msg("Bids of {low}–{high} pay {made} made, {failed} failed.", low=low,
                    high=high, made=made_amount, failed=failed_amount))
    moved = (msg("Team {team} receives {n}: the tables go to {first} and {second}.", team=team,
                 n=abs(signed), first=s.tables[0], second=s.tables[1]) if signed > 0 else
             msg("Team {team} pays {n}: the tables go to {first} and {second}.", team=team,
                 n=abs(signed), first=s.tables[0], second=s.tables[1]))
    reason = _text(pays, s.text, moved,
                   *((msg("Team {loser} has no tables left and loses the match; team {winner} "
                          "wins it (56-ELIM).", loser=1 - s.match_winner,
                          winner=s.match_winner),) if s.match_winner is not None else ()))
    hints = (Hint(1, narrow), Hint(2, _rule_hint(rule), rule),
             Hint(3, render(msg("The answer: {answer}.", answer=num(signed, sign=True))), None,
                  (str(signed),)))
    choices = tuple(Choice(str(v), render(num(v, sign=True)), render(_signed_tables(v)))
                    for v in sorted(values, reverse=True))
    context = {"bid": bid, "team": team, "multiplier": multiplier, "points": points,
               "tables": list(tables)}
    return Question("tables56", GAME, seed, prompt, "one", choices, context, (str(signed),),
                    rule, reason, hints, meanings)


def _find_tier(bid: int, multiplier: int, holds: bool) -> Msg:
    """Hint 1's second sentence: find the tier, then the multiplier, then (``holds``) what the
    paying team holds."""
    if multiplier > 1:
        return (msg("Find the tier for {bid}, then multiply by {multiplier}, and look at what "
                    "the paying team holds.", bid=bid, multiplier=multiplier) if holds else
                msg("Find the tier for {bid}, then multiply by {multiplier}.", bid=bid,
                    multiplier=multiplier))
    return (msg("Find the tier for {bid}, and look at what the paying team holds.", bid=bid)
            if holds else msg("Find the tier for {bid}.", bid=bid))


# -- this game's parts of the generic questions (tutor.teach.questions) ------------------------
def _card_order_part(rng: random.Random) -> dict:
    suit = rng.choice("SHDC")
    ranks = list(RANK_ORDER[:6])  # the 48-card deck: J 9 A 10 K Q
    picked = [Card(r, suit) for r in rng.sample(ranks, rng.randint(4, 6))]
    rk = g56.ranking("NT")
    answer = sorted(picked, key=lambda c: rk.plain_rank[c.index])
    prompt = render(msg("Put these {suit} in order, best first.", suit=SUIT_WORDS[suit]))
    rule = "56-RANK"
    context = {"trump": None}
    narrow = render(msg("In 56 the Jack and the Nine are the two best cards of every suit."))
    highlight = tuple(str(c) for c in picked if c.rank in ("J", "9"))
    among = N_("{card} ranks above {other} (56 ranks J 9 A 10 K Q in every suit).")
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
    narrow = _text(_standing(a, seat, table_for(GAME, n, seat)),
                   *((msg("The lowest bid now is {bid}.", bid=low),) if low else ()))
    answer = tuple(legal)
    return dict(n=n, history=history, seat=seat, dealer=dealer, choices=choices,
                narrow=narrow, answer=answer, rule=rule, meanings=meanings)


def _score_hand_part(state) -> dict:
    s = state.last_settlement
    c = state.contract
    bidders, the_bidders = ((msg("team 0 (the dealer's opponents)"),
                             msg("Team 0 (the dealer's opponents)")) if c.team == 0 else
                            (msg("team 1 (the dealer's)"), msg("Team 1 (the dealer's)")))
    points = sum(g56.card_points(cs) for _, cs, w in state.tricks
                 if state.team_of(w) == c.team)
    signed = s.paid if s.payer != c.team else -s.paid
    options = sorted({signed, -signed, s.owed, -s.owed, 1, -2, 2, -3} - {0}, reverse=True)
    choices = tuple(Choice(str(v), render(num(v, sign=True)), render(_signed_tables(v)))
                    for v in options)
    took = dict(bid=c.bid, multiplier=c.multiplier, bidders=bidders, points=_points(points))
    if c.multiplier == 1:
        result = (msg("The contract was {bid} for {bidders}; they took {points}, so it was "
                      "made.", **took) if s.made else
                  msg("The contract was {bid} for {bidders}; they took {points}, so it was "
                      "failed.", **took))
    else:
        result = (msg("The contract was {bid} (×{multiplier}) for {bidders}; they took "
                      "{points}, so it was made.", **took) if s.made else
                  msg("The contract was {bid} (×{multiplier}) for {bidders}; they took "
                      "{points}, so it was failed.", **took))
    reason = _text(result, s.text)
    rule = "56-TIERS" if c.multiplier == 1 else "56-MULT"
    meanings = {str(v): _score_meaning56(v, signed, s, c) for v in options if v != signed}
    before = list(s.tables)  # what each team held before this hand's transfer
    before[s.payer] += s.paid
    before[1 - s.payer] -= s.paid
    won = dict(bidders=the_bidders, bid=c.bid, multiplier=c.multiplier)
    stake = {1: msg("{bidders} won the auction: {bid}.", **won),
             2: msg("{bidders} won the auction: {bid}, doubled.", **won),
             4: msg("{bidders} won the auction: {bid}, doubled and redoubled.", **won)}.get(
        c.multiplier, msg("{bidders} won the auction: {bid} ×{multiplier}.", **won))
    prompt = _text(hand_table(state).intro(), _trump_words(c.denomination),
                   nmsg("Before this hand team 0 held {n} table and team 1 held {other}.",
                        "Before this hand team 0 held {n} tables and team 1 held {other}.",
                        before[0], other=before[1]),
                   stake,
                   msg("Here are the tricks, each with the seat that won it. How many tables "
                       "does team {team} win (+) or lose (−)?", team=c.team))
    context = {"trump": c.denomination, "bid": c.bid, "team": c.team,
               "multiplier": c.multiplier, "players": state.n,
               "tricks": [(hand_seat_no(state, w), [str(x) for x in cs])
                          for _, cs, w in state.tricks],
               "points": points, "tables": before}
    narrow = render(msg("The bidding team took {points} against a bid of {bid}.",
                        points=_points(points), bid=c.bid))
    answer = (str(signed),)
    return dict(prompt=prompt, choices=choices, context=context, answer=answer, rule=rule,
                reason=reason, narrow=narrow, meanings=meanings)


def _score_meaning56(v: int, signed: int, s, c) -> str:
    value = num(v, sign=True)
    if v == -signed:
        return render(msg("{value} has the right size but the wrong direction: the contract "
                          "was made, so the defenders pay (56-TRANSFER).", value=value)
                      if s.made else
                      msg("{value} has the right size but the wrong direction: the contract "
                          "was failed, so the bidders pay (56-TRANSFER).", value=value))
    if abs(v) == s.owed and s.paid < s.owed:
        return render(nmsg("{value} is what was owed, but a team pays at most the {n} table it "
                           "holds (56-PAY-ALL).",
                           "{value} is what was owed, but a team pays at most the {n} tables it "
                           "holds (56-PAY-ALL).", s.paid, value=value))
    if c.multiplier > 1 and abs(v) * c.multiplier == s.owed:  # owed: before any cap
        return render(msg("{value} forgets the multiplier ×{multiplier} (56-MULT).",
                          value=value, multiplier=c.multiplier))
    if c.multiplier == 1:
        return render(msg("{value} is not the tier's amount for a bid of {bid} (56-TIERS).",
                          value=value, bid=c.bid))
    return render(msg("{value} is not the tier's amount for a bid of {bid} ×{multiplier} "
                      "(56-TIERS).", value=value, bid=c.bid, multiplier=c.multiplier))


def _hand_result_part(state, seat=None) -> dict | None:
    st, c = state.last_settlement, state.contract
    if st is None or c is None:
        return None
    signed = st.paid if st.payer != c.team else -st.paid
    points = [e.text for e in state.events if e.kind in ("settle", "match_won")]
    summary = (nmsg("The bidders win {n} table.", "The bidders win {n} tables.", abs(signed))
               if signed > 0 else
               nmsg("The bidders lose {n} table.", "The bidders lose {n} tables.", abs(signed)))
    over = (state.events[-1].text,) if state.events[-1].kind == "match_won" else ()
    return {"summary": _text(summary, *over),
            "made": st.made, "lines": points[-2:] if points else [st.text]}


# a rank with its article, a message of its own per rank (an article may agree with the
# card's name: French « le valet », « la dame », « l'as »)
_THE_RANK = {
    "J": pmsg("a card's rank with the definite article, in a sentence", "the J"),
    "9": pmsg("a card's rank with the definite article, in a sentence", "the 9"),
    "A": pmsg("a card's rank with the definite article, in a sentence", "the A"),
    "10": pmsg("a card's rank with the definite article, in a sentence", "the 10"),
    "K": pmsg("a card's rank with the definite article, in a sentence", "the K"),
    "Q": pmsg("a card's rank with the definite article, in a sentence", "the Q"),
    "8": pmsg("a card's rank with the definite article, in a sentence", "the 8"),
    "7": pmsg("a card's rank with the definite article, in a sentence", "the 7"),
}
_THE_RANK_FIRST = {
    "J": pmsg("a card's rank with the definite article, starting a sentence", "The J"),
    "9": pmsg("a card's rank with the definite article, starting a sentence", "The 9"),
    "A": pmsg("a card's rank with the definite article, starting a sentence", "The A"),
    "10": pmsg("a card's rank with the definite article, starting a sentence", "The 10"),
    "K": pmsg("a card's rank with the definite article, starting a sentence", "The K"),
    "Q": pmsg("a card's rank with the definite article, starting a sentence", "The Q"),
    "8": pmsg("a card's rank with the definite article, starting a sentence", "The 8"),
    "7": pmsg("a card's rank with the definite article, starting a sentence", "The 7"),
}


def _plain_call(call: str) -> str:
    """A call without a number in words ("pass"), as a list of the calls allowed says it."""
    words = {"pass": pmsg("a call in the list of the calls a seat may make", "pass"),
             "double": pmsg("a call in the list of the calls a seat may make", "double"),
             "redouble": pmsg("a call in the list of the calls a seat may make",
                              "redouble")}.get(call)
    return render(words) if words is not None else call


def _calls_summary_part(state, probe=()) -> str:
    if state.phase != "auction":
        c = state.contract
        who = msg("seat {seat}", seat=c.bidder) if c.bidder is not None else \
            msg("nobody (all passed)")
        return render(msg("The auction is over: {who}, {bid} in {denomination}.", who=who,
                          bid=c.bid, denomination=c.denomination))
    a = state.auction
    lc = a.legal_calls()
    words = [_plain_call(c) for c in lc["calls"]]
    if lc["min"] is not None:
        words.append(render(msg("bids {low}–{high}", low=lc["min"], high=lc["max"])))
    out = [msg("Seat {seat} to call: {calls}.", seat=state.to_act,
               calls=many(words, "sequence") if words else msg("nothing"))]
    for call in probe:
        out.append(msg("{call}: allowed.", call=call) if a.check(call) is None else
                   msg("{call}: not allowed.", call=call))
    return _text(*out)


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
                out.append(render(msg("a bid of {bid}", bid=low) if low == high else
                                  msg("a bid from {low} to {high}", low=low, high=high)))
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


# the parts of the generic questions (declared in tutor.teach.g56: tutor.teach.interface)
PARTS = dict(bidders=_bidders_part, quick_call=_quick_call_part, hand_result=_hand_result_part,
             calls_summary=_calls_summary_part, card_order=_card_order_part,
             score_hand=_score_hand_part, legal_calls=_legal_calls_part,
             legal_calls_position=_legal_calls_position, allowed_calls=_allowed_calls_part)


MAKERS: dict[str, Callable[[str, int], Question]] = {
    "seats56": _seats56,
    "deck56": _deck56,
    "trick_points": _trick_points,
    "trick_winner:twins": _twins,
    "legal_calls:house56": _house_calls,
    "tables56": _tables56,
}
GAME_OF = {kind: SPEC.name for kind in MAKERS}
KINDS = {kind: (maker, KIND_TITLES[kind]) for kind, maker in MAKERS.items()}
# what they show beside their choices
SHOWN = {"trick_points": Shown(("trumps", "trick")), "seats56": Shown(("calls", "you"))}

__all__ = ["GAME_OF", "GAMES", "KIND_TITLES", "MAKERS", "house_words"]
