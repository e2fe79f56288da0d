"""The coach, measured: how long advice takes, and how much better the strong tutor plays.

Latency: ``advise()`` (the search and its words) over seeded positions from every stage of the
play, 55 with 5 players and 56 with 6: p50, p95 and max.

Strength, in duplicate: every deal is played twice from the same cards.  55 (everyone for
himself): once with the strong tutor in one seat (a different seat each deal), once with
today's bot in that seat; the number is that seat's score change, strong minus bot.  56: once
with the strong tutor as Red and the bot as Black, once the other way round; the number is the
strong side's tables (and card points) per hand.  Each with its 95% confidence interval (the
normal approximation over the deals).  The other seats, the auction, the kitty and the
discards are the bot's in both runs, so only the play of the cards differs; with
``--bidding`` every deal starts before the auction and the strong seats also call by the
search (the kitty, discards and trumps stay the bot's).  Every 100 deals a progress line.

Bidding advice (``advise_call``): its latency over the first calls of seeded deals.

    .venv/bin/python bench/coach.py                       # 300 positions, 2,000 deals each
    .venv/bin/python bench/coach.py --deals 300 --games 56
    .venv/bin/python bench/coach.py --positions 0 --bidding --games 55
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
import tomllib
from pathlib import Path

import tutor.teach  # noqa: F401  (every game's words)
from tutor.engine.phases import AUCTION
from tutor.games import coach
from tutor.games.g56 import card_points
from tutor.games.registry import find_game, load_position, spec_of
from tutor.teach.coach import advise, advise_call, advise_choice
from tutor.teach.seats import table_for

TABLES = {"55": 5, "56": 6}


def positions(name: str, players: int, count: int, seed: int = 1) -> list:
    spec = find_game(name)
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        s = spec.game(players).new_game(rng)
        while s.phase != s.PLAY_PHASE and not s.is_terminal:
            s.chance(rng) if s.is_chance else s.push(spec.bot(s))
        for _ in range(rng.randrange(s.game.hand_size * s.game.n)):
            if s.phase != s.PLAY_PHASE:
                break
            s.push(spec.bot(s))
        if s.phase == s.PLAY_PHASE:
            out.append(s)
    return out


def latency(name: str, count: int) -> dict:
    players = TABLES[name]
    times, several = [], 0
    for s in positions(name, players, count):
        t = time.perf_counter()
        a = advise(s, table=table_for(name, players, s.to_act))
        times.append(time.perf_counter() - t)
        assert a.best in s.legal_actions()
        several += bool(a.lines)
    times.sort()
    q = statistics.quantiles(times, n=100)
    return {"game": name, "players": players, "positions": count,
            "with_a_choice": several, "p50_ms": round(1000 * q[49], 1),
            "p95_ms": round(1000 * q[94], 1), "max_ms": round(1000 * times[-1], 1)}


def call_latency(name: str, count: int) -> dict:
    """``advise_call`` at the first call of the learner's seat in ``count`` seeded deals."""
    spec = find_game(name)
    times = []
    for i in range(count):
        rng = random.Random(50_000 + i)
        s = spec.game(TABLES[name]).new_game(rng)
        while s.is_chance:
            s.chance(rng)
        t = time.perf_counter()
        a = advise_call(s, seed=i)
        times.append(time.perf_counter() - t)
        assert a.best in s.legal_actions()
    times.sort()
    q = statistics.quantiles(times, n=100)
    return {"game": name, "players": TABLES[name], "first calls": count,
            "p50_ms": round(1000 * q[49], 1), "p95_ms": round(1000 * q[94], 1),
            "max_ms": round(1000 * times[-1], 1)}


def one_hand(state, strong_seats: set, rng_seed: int):
    """Play the hand on the table to its end; the seats in ``strong_seats`` play their cards
    by the search, everything else is the bot's."""
    spec = spec_of(state)
    hand = state.hand_no
    rng = random.Random(rng_seed)
    while state.hand_no == hand and state.phase != state.DEAL_PHASE and not state.is_terminal:
        if state.is_chance:
            state.chance(rng)
        elif state.phase in (state.PLAY_PHASE, "auction") and state.to_act in strong_seats:
            state.play(coach.strong(state))  # checked: an action the rules refuse raises
        else:
            state.play(spec.bot(state))
    return state


def dealt(name: str, seed: int, bidding: bool = False):
    """A deal of ``name`` played by the bots up to its first card (redealt if thrown in);
    ``bidding``: only dealt, the auction to come."""
    spec = find_game(name)
    rng = random.Random(seed)
    s = spec.game(TABLES[name]).new_game(rng)
    while s.phase != (AUCTION if bidding else s.PLAY_PHASE) or s.is_chance:
        s.chance(rng) if s.is_chance else s.push(spec.bot(s))
    return s


def interval(xs) -> tuple[float, float, float]:
    m = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / len(xs) ** 0.5 if len(xs) > 1 else 0.0
    return round(m, 3), round(m - half, 3), round(m + half, 3)


def strength(name: str, deals: int, bidding: bool = False) -> dict:
    diffs, points = [], []
    t0 = time.perf_counter()
    for i in range(deals):
        if i and i % 100 == 0:
            m, lo, hi = interval(diffs)
            print(f"# {name}: {i} deals, {m} [{lo}, {hi}], "
                  f"{round(time.perf_counter() - t0)} s", flush=True)
        base = dealt(name, 10_000 + i, bidding)
        if name == "55":
            seat = i % base.game.n
            side = base.game.side_of[seat]
            before = base.scores[side]
            a = one_hand(base.copy(), {seat}, i)
            b = one_hand(base.copy(), set(), i)
            diffs.append((a.scores[side] - before) - (b.scores[side] - before))
        else:
            n = base.game.n
            red, black = set(range(0, n, 2)), set(range(1, n, 2))
            a = one_hand(base.copy(), red, i)  # strong is Red
            b = one_hand(base.copy(), black, i)  # strong is Black
            gain = (a.tables[0] - base.tables[0]) + (b.tables[1] - base.tables[1])
            diffs.append(gain / 2)
            pts = [coach_points(a, 0), coach_points(b, 1)]
            points.append(sum(pts) / 2 - 28)  # above the even share of the 56 points
    out = {"game": name, "deals": deals, "bidding": bidding,
           "seconds": round(time.perf_counter() - t0)}
    mean, lo, hi = interval(diffs)
    unit = "points per deal (strong seat minus the bot in it)" if name == "55" else \
        "tables per hand (strong side)"
    out.update({"unit": unit, "mean": mean, "ci95": [lo, hi]})
    if points:
        pm, plo, phi = interval(points)
        out["card_points_above_28"] = {"mean": pm, "ci95": [plo, phi]}
    return out


def coach_points(state, partnership: int) -> int:
    """Card points the partnership took in the hand just settled."""
    return card_points(c for _, cs, w in state.tricks
                       if state.partnership_of_team(state.team_of(w)) == partnership
                       for c in cs)


# -- textbook situations, found in seeded deals: what the coach plays there, and why -----------
def renege(s) -> bool:
    """55: a trump was led and the seat holds a top trump ranking above it (it may renege)."""
    rk, t = s.rk, s.trick
    if not t or not rk.is_trump[t[0].index]:
        return False
    led = rk.trump_rank[t[0].index]
    legal = s.legal_cards()
    top = [c for c in s.hands[s.to_act]
           if rk.is_trump[c.index] and rk.trump_rank[c.index] < min(3, led)]
    return bool(top) and any(not rk.is_trump[c.index] for c in legal)


def winner(s) -> int:
    return (s.leader + s.rk.winner_index(s.trick)) % s.n


def partner_wins(s) -> bool:
    """56: a partner's card is winning, the seat cannot beat it, and it holds cards with
    points and without."""
    t = s.trick
    if len(t) < 2 or winner(s) == s.to_act or s.team_of(winner(s)) != s.team_of(s.to_act):
        return False
    legal = set(s.legal_cards())
    beats = any(s.rk.winner_index(t + [c]) == len(t) for c in legal)
    return (not beats and any(card_points([c]) for c in legal)
            and any(not card_points([c]) for c in legal))


def duck(s) -> bool:
    """56: void in the suit led, holding trumps and other cards, the opponents winning a
    trick of at most 1 point."""
    t, trump = s.trick, s.rk.trump_suit
    if not t or trump is None:
        return False
    hand = s.hands[s.to_act]
    if any(c.suit == t[0].suit for c in hand) or s.team_of(winner(s)) == s.team_of(s.to_act):
        return False
    return (card_points(t) <= 1 and any(c.suit == trump for c in hand)
            and any(c.suit != trump for c in hand))


SITUATIONS = (("55", 5, renege, "a top trump that may renege on a low trump lead"),
              ("56", 6, partner_wins, "a partner winning the trick: give points"),
              ("56", 6, duck, "void, holding trumps, on a poor trick: no duty to trump"))


def situations(per: int = 2) -> str:
    out = []
    for name, players, test, label in SITUATIONS:
        found = 0
        for st in positions(name, players, 1500, seed=21):
            if not test(st):
                continue
            a = advise(st, table=table_for(name, players, st.to_act))
            trump = st.rk.trump_suit or "no trumps"
            out += [f"### {label} ({name}, {players} players)",
                    f"trick: {' '.join(c.unicode for c in st.trick)} | hand: "
                    f"{' '.join(c.unicode for c in st.hands[st.to_act])} | trumps: {trump}",
                    a.text, ""]
            found += 1
            if found == per:
                break
    return "\n".join(out)


TEXTBOOK = Path(__file__).resolve().parents[1] / "tests" / "data" / "textbook.toml"


def textbook(seeds=range(4)) -> tuple[str, dict]:
    """The coach on the textbook positions at each seed: its card, whether a good player's,
    and why; with the agreement over every position and seed."""
    out, agree, total = [], 0, 0
    for p in tomllib.loads(TEXTBOOK.read_text(encoding="utf-8"))["position"]:
        s = load_position(p["text"])
        for seed in seeds:
            if s.phase == s.PLAY_PHASE:
                a, chosen = advise(s, seed=seed), None
                chosen = [str(a.best.card)]
            elif s.phase == "auction":
                a = advise_call(s, seed=seed)
                chosen = [str(a.best.call)]
            else:  # the trumps, the discards (each of them)
                a = advise_choice(s, seed=seed)
                chosen = [str(x).split(": ", 1)[1] for x in (a.picks or (a.best,))]
            ok = all(c in p["good"] for c in chosen)
            agree += ok
            total += 1
            if seed == 0 or not ok:
                out.append(f"### {p['name']} ({p['rule']}), seed {seed}\n"
                           f"{' '.join(p['why'].split())}\nGood: {', '.join(p['good'])}. "
                           f"The coach: {', '.join(chosen)} "
                           f"({'agrees' if ok else 'DISAGREES'}).\n{a.text}\n")
    return "\n".join(out), {"textbook_agreement": f"{agree}/{total}", "seeds": len(seeds)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--games", nargs="+", default=list(TABLES))
    parser.add_argument("--json", type=Path)
    parser.add_argument("--bidding", action="store_true",
                        help="strength from before the auction: the strong seats call too")
    parser.add_argument("--calls", type=int, default=0,
                        help="the latency of bidding advice over this many first calls")
    parser.add_argument("--textbook", action="store_true",
                        help="only print the coach's choice on tests/data/textbook.toml")
    parser.add_argument("--situations", action="store_true",
                        help="only print the coach's advice in textbook situations")
    args = parser.parse_args()
    if args.situations:
        print(situations())
        return
    if args.textbook:
        text, summary = textbook()
        print(text)
        print(json.dumps(summary))
        return
    results = [textbook()[1]]
    print(json.dumps(results[0]), flush=True)
    for name in args.games:
        if args.positions:
            results.append(latency(name, args.positions))
            print(json.dumps(results[-1]), flush=True)
    for name in args.games:
        if args.calls:
            results.append(call_latency(name, args.calls))
            print(json.dumps(results[-1]), flush=True)
    for name in args.games:
        if args.deals:
            results.append(strength(name, args.deals, args.bidding))
            print(json.dumps(results[-1]), flush=True)
    if args.json:
        args.json.write_text(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
