"""Conformance of every registered game to the state protocol (``tutor.engine.state``).

One suite for all the games of :mod:`tutor.games.registry`, written against the protocol and
the registry only (no game's rules).  For each game, its smallest, usual and largest player
count, under three house-rule profiles built from the game's settings table (the defaults;
every setting with listed values at its first other value; at its last), seeded random
matches are played from ``initial(game)`` -- chance nodes sampled with the test's own
``random.Random``, the players' actions chosen at random or by the game's bot -- for
a quarter of ``TUTOR_CONFORMANCE_HANDS`` hands (default 400, as for the per-game suites;
100 is a quick run; a new match every 5 hands).  Checked as they go (what is costly, at a
few steps of each hand, so that a quick run stays quick):

* chance: ``legal_actions()`` is empty, the same seed gives the same outcome and another seed
  another deal, a broken deal is an input error, the module's global ``random`` is never used
  (its state is unchanged after each hand, the bot's choices included);
* every step: the player to act is a seat with legal actions; at about three steps of each
  hand, every legal action (a sample of a long list) passes ``check()`` and ``play()`` (on
  copies, which leave the state unchanged), and ``undo()`` after the push returns the
  snapshot before it (after every push of every tenth hand); the bot's choices are legal;
* illegal actions at those steps -- cards that may not be played, calls of the phase that may
  not be made now, actions out of turn, actions of another phase (a card in the auction, a
  call in play: ``wrong_phase``, never an input error) -- fail ``check()`` and ``play()``
  (changing nothing) with a reason code, a rule ID of the game's rulebook
  (``tutor.engine.rulebook``: ``tutor/rules/<spec.rules_file>`` and its decisions),
  ``legal_actions`` of the one shape of ``tutor.engine.errors`` (equal to the state's legal
  actions, whoever tried) and alternatives that name legal actions; an action of a seat that
  does not exist, and text that cannot be read, is an input error;
* a seat's view (one seat, in a third of the hands) is a value: the same view again and a
  copy's view are equal to it; its events are exactly those the protocol makes visible to it
  (``private_to``, ``public_text``), it holds its own hand, it shows no card the seat has
  not seen; and its information set: the cards hidden from the
  seat (dealt to the others or to the undealt piles, never moved since) exchanged among their
  places, the same actions replayed, the seat's view is the very same;
* every hand ends scored (one public score/settle event, after the last trick) or thrown in
  (one redeal event, no card played); a finished match is terminal, ends with its win event,
  has no legal action and refuses any further one (illegal: ``game_over``);
* ``replay(game, history)`` gives the same snapshot and narration (at a random step of a match
  and at its end); a copy is not changed by the state it was copied from;
* the game's notation (``spec.notation``): the position of a state is written, read back
  equal, written again the same, and the state it gives shows every seat the same view (but
  the match's narration and hand count, which a position does not hold): at every state of
  every twentieth hand, at the fully checked steps of the others, and at the end of every hand
  -- scored (the game perhaps over) or thrown in.

``test_no_hash_randomness`` plays the same seeded hands in two interpreters with different
``PYTHONHASHSEED``: the histories and narrations must be equal.
"""

from __future__ import annotations

import dataclasses
import os
import random
import re
import subprocess
import sys
from collections import Counter
from collections.abc import Sequence
from functools import cache
from pathlib import Path

import pytest

import tutor
from tutor.engine import rulebook
from tutor.engine.cards import Card
from tutor.engine.errors import IllegalAction, InputError
from tutor.engine.messages import Msg
from tutor.engine.state import CHANCE, Call, Deal, Play
from tutor.games.registry import HAND_OVER_PHASES, find_game, game_names, hand_over, spec_of

# per game, count and profile: the state-protocol checks are costly per step (views, replays,
# shuffled information sets), so a quarter of the per-game suites' hands, which run the rules
HANDS = max(1, int(os.environ.get("TUTOR_CONFORMANCE_HANDS", 400)) // 4)
RULES = Path(tutor.__file__).resolve().parent / "rules"
BOLD_ID = re.compile(r"\*\*(\d\d-[A-Z0-9-]+?)\.?\*\*")

# The narration's vocabulary (Event.kind) that differs between games comes from the spec
# (scored_event, thrown_in_event, won_event, over_phase).
TRICK = "trick"

# What is checked at every step is cheap; the rest is checked at a few steps of each hand, so
# that 100 hands of every case run in seconds.
CHECKED_STEPS = 3  # steps of each hand with every check (legal, illegal, copies, undo)
UNDO_EVERY_STEP = 10  # every 10th hand: undo after each push
VIEW_HANDS = 0.3  # the share of hands in which one seat's view and information set are checked
MATCH_HANDS = 5  # a new match after this many hands (a view reads the whole match's narration)
NOTATION_EVERY = 20  # every 20th hand: every state round-trips through the notation
BOT_SHARE = 0.2  # the share of actions the game's bot chooses (the others: at random)


# -- the games, counts and profiles -----------------------------------------------------------
@cache
def catalog_ids() -> frozenset[str]:
    """The message ids of the catalog template (a plural by its singular)."""
    from babel.messages.pofile import read_po

    with (Path(tutor.__file__).parent / "locale" / "tutor.pot").open("rb") as f:
        return frozenset(m.id if isinstance(m.id, str) else m.id[0] for m in read_po(f) if m.id)


def player_counts(spec) -> list[int]:
    return sorted({min(spec.players), spec.default_players, max(spec.players)})


def _same(a, b) -> bool:
    return type(a) is type(b) and a == b  # True is not 1


def profiles(spec) -> dict[str, dict]:
    """The defaults, and every setting with listed values at its first / last other value."""
    out = {"default": {}}
    for label, pick in (("first", 0), ("last", -1)):
        rules = {}
        for name, setting in sorted(spec.settings.items()):
            others = [c for c in setting.choices or () if not _same(c, setting.default)]
            if others:
                rules[name] = others[pick]
        out[label] = rules
    return out


CASES = [(name, n, profile) for name in game_names() for n in player_counts(find_game(name))
         for profile in profiles(find_game(name))]


@cache
def rule_ids(name: str) -> frozenset[str]:
    """The rule IDs of the game's rulebook: its rules file (``tutor/rules/<spec.rules_file>``)
    and the project's decisions beside it."""
    spec = find_game(name)
    text = (RULES / spec.rules_file).read_text(encoding="utf-8")
    ids = frozenset(rulebook.rules(name))
    assert {i for i in BOLD_ID.findall(text) if i.startswith(f"{name}-")} <= ids
    return ids


# -- helpers ------------------------------------------------------------------------------------
def cards_in(x):
    """Every card inside a view's value (dicts, sequences, actions)."""
    if isinstance(x, Card):
        yield x
    elif isinstance(x, dict):
        for v in x.values():
            yield from cards_in(v)
    elif isinstance(x, (Sequence, set, frozenset)) and not isinstance(x, str):
        for v in x:
            yield from cards_in(v)
    elif dataclasses.is_dataclass(x) and not isinstance(x, type):
        for f in dataclasses.fields(x):
            yield from cards_in(getattr(x, f.name))


def visible_texts(state, seat: int, known: dict) -> list[str]:
    """What the protocol says a seat reads: an event's text, or its public text if the event
    is private to another seat.  ``known``: event id -> (event, text), texts already read (so
    a text is read from the event once, as a view reads it)."""
    out = []
    for e in state.events:
        if e.private_to in (None, seat):
            got = known.get(id(e))
            if got is None:
                got = known[id(e)] = (e, e.text)
            t = got[1]
        else:
            t = e.public_text
        if t:
            out.append(t)
    return out


def sample(seq, k: int, rng: random.Random) -> list:
    """``k`` items of a (possibly lazy) sequence: its ends and random ones."""
    n = len(seq)
    if n <= k:
        return list(seq)
    picks = {0, n - 1} | {rng.randrange(n) for _ in range(k - 2)}
    return [seq[i] for i in sorted(picks)]


# -- the run ------------------------------------------------------------------------------------
class Run:
    """Seeded matches of one game, player count and profile, checked as they are played."""

    def __init__(self, spec, game, rng: random.Random):
        self.spec, self.game, self.rng = spec, game, rng
        self.n = game.n
        self.ids = rule_ids(spec.name)
        self.id_pattern = re.compile(rf"^{re.escape(spec.name)}-[A-Z0-9-]+$")
        self.vocab: dict[str, set[str]] = {}  # phase -> call words once legal in it
        self.kinds: dict[str, set[type]] = {}  # phase -> the types of actions once legal in it
        self.examples: dict[str, object] = {}  # phase -> a legal action of it
        self.counts = Counter()  # what was checked, to be sure it was

    # -- a match ------------------------------------------------------------------------------
    def new_match(self) -> None:
        self.state = self.spec.state_class.initial(self.game)
        self.texts = {}  # event id -> (event, text), for visible_texts
        assert spec_of(self.state) is self.spec
        self.pre_deal = None  # the state just before the current hand's deal
        self.deal_at = None  # the deal's index in the history
        self.hand_events = 0  # the index of the current hand's first event
        self.replay_at = self.rng.randrange(400)  # a step of the match to replay at
        self.steps = 0

    def check_replay(self) -> None:
        s = self.state
        again = type(s).replay(self.game, s.history)
        assert again.snapshot() == s.snapshot()
        assert [e.text for e in again.events] == [e.text for e in s.events]
        self.counts["replay"] += 1

    # -- a hand -------------------------------------------------------------------------------
    def hand(self, hand_no: int) -> None:
        s, rng = self.state, self.rng
        global_random = random.getstate()
        while s.is_chance:
            self.chance_step()
        assert not hand_over(s)
        expected = sum(len(h) for h in s.hands) + 2 * self.n  # about the hand's steps
        checked = min(1.0, CHECKED_STEPS / expected)
        undo_all = hand_no % UNDO_EVERY_STEP == 0
        view_at = rng.randrange(expected) if rng.random() < VIEW_HANDS else -1
        every_state = hand_no % NOTATION_EVERY == 0
        kept = None  # a copy taken during the hand, which the hand must not change
        steps = 0
        while not hand_over(s):
            if steps == view_at:
                kept, kept_snapshot = s.copy(), s.snapshot()
                self.check_view(rng.randrange(self.n), information_set=True)
            full = rng.random() < checked
            if full or every_state:
                self.check_notation()
            self.player_step(full, undo=undo_all or full)
            steps += 1
            self.steps += 1
            if self.steps == self.replay_at:
                self.check_replay()
        if kept is not None:
            assert kept.snapshot() == kept_snapshot
        self.check_notation()  # the finished hand: scored (the game perhaps over) or thrown in
        self.check_hand_end()
        assert random.getstate() == global_random, "the module's global random was used"

    # -- chance ---------------------------------------------------------------------------------
    def chance_step(self) -> None:
        s, rng = self.state, self.rng
        assert s.to_act == CHANCE and s.is_chance and not s.is_terminal
        assert s.legal_actions() == []
        before = s.snapshot()
        for example in list(self.examples.values())[:2]:
            self.expect_illegal(example, strict=True)
        assert s.snapshot() == before
        seed = rng.getrandbits(32)
        pre, twin = s.copy(), s.copy()
        action = s.chance(random.Random(seed))
        assert twin.chance(random.Random(seed)) == action and twin.snapshot() == s.snapshot()
        assert s.history[-1] == action and pre.snapshot() == before
        self.counts["chance"] += 1
        if type(action) is Deal and s.is_chance:  # a deal a house rule throws in at once
            self.check_notation()
        if type(action) is Deal:
            self.pre_deal, self.deal_at = pre, len(s.history) - 1
            self.hand_events = len(pre.events)
            self.post_deal_phase = s.phase
            other = pre.copy().chance(random.Random(seed + 1))
            assert other != action, "another seed, the same deal"
            broken = dataclasses.replace(action, hands=(action.hands[0][1:],) + action.hands[1:])
            with pytest.raises(InputError):
                pre.check(broken)
            if rng.random() < 0.1:  # undoing a deal replays the match: not every time
                assert s.undo() == action and s.snapshot() == before
                s.push(action)
                self.counts["undo_deal"] += 1

    # -- a player's step ----------------------------------------------------------------------
    def player_step(self, full: bool, undo: bool) -> None:
        """One action; with ``full``, every check of the legal and illegal actions first."""
        s, rng = self.state, self.rng
        seat = s.to_act
        assert isinstance(seat, int) and 0 <= seat < self.n, seat
        assert not s.is_chance and not s.is_terminal
        legal = s.legal_actions()
        assert len(legal) > 0, s.phase
        self.examples.setdefault(s.phase, legal[0])
        if not full and len(legal) <= 16:
            self.learn(s.phase, legal)
        if full or undo:
            before = s.snapshot()
        if full:
            # every legal action passes check(), and play() on a copy; copies leave s alone
            for a in sample(legal, 12, rng):
                assert a.seat == seat
                assert s.check(a) is None, a
            for a in sample(legal, 2, rng):
                c = s.copy()
                c.play(a)
                assert c.history[-1] == a and len(c.history) == len(s.history) + 1
            with pytest.raises(InputError):
                s.chance(rng)  # not a chance node
            self.learn(s.phase, legal)
            self.check_illegal(seat, legal)
            assert s.snapshot() == before, "a check, a refused play or a copy changed the state"
            self.counts["checked_step"] += 1
        action = self.choose(legal)
        s.play(action)
        assert s.history[-1] == action
        if undo:
            after = s.snapshot()
            assert s.undo() == action
            assert s.snapshot() == before
            s.push(action)
            assert s.snapshot() == after
            self.counts["undo"] += 1
        self.counts["step"] += 1

    def choose(self, legal):
        s, rng = self.state, self.rng
        r = rng.random()
        if r < BOT_SHARE:
            action = self.spec.bot(s)
            assert s.check(action) is None, f"the bot chose an illegal {action}"
            return action
        scan = legal if len(legal) <= 64 else legal[:16]
        words = [a for a in scan if getattr(a, "call", None) in self.spec.calls]
        if words and r < 0.65:  # half the time a non-bid call: varied auctions
            return words[rng.randrange(len(words))]
        return legal[rng.randrange(len(legal))]

    def learn(self, phase: str, legal) -> None:
        """Remember an action of each phase and the call words legal in it."""
        scan = legal if len(legal) <= 600 else sample(legal, 64, self.rng)
        self.kinds.setdefault(phase, set()).update(type(a) for a in scan)
        words = {a.call for a in scan if type(a) is Call}
        if words:
            vocab = self.vocab.setdefault(phase, set())
            if words & set(self.spec.calls):
                vocab.update(self.spec.calls)
            vocab.update(words)

    # -- illegal actions ----------------------------------------------------------------------
    def check_illegal(self, seat: int, legal) -> None:
        s, rng = self.state, self.rng
        legal_set = set(legal)
        hand = s.hands[seat]
        # cards that may not be played
        cards = {a.card for a in legal_set if type(a) is Play}
        if cards:
            for c in set(hand) - cards:
                bad = self.expect_illegal(Play(seat, c), strict=True, legal_set=legal_set)
                assert set(bad.alternatives) == cards, (bad.alternatives, cards)
                self.counts["illegal_card"] += 1
        # calls of this phase that may not be made now
        words = sorted(self.vocab.get(s.phase, ()))
        for w in rng.sample(words, min(4, len(words))):
            if Call(seat, w) not in legal_set:
                self.expect_illegal(Call(seat, w), strict=True, legal_set=legal_set)
                self.counts["illegal_call"] += 1
        # out of turn, with the other seat's own card if the action is a card's
        a = legal[rng.randrange(len(legal))]
        other = rng.choice([o for o in range(self.n) if o != seat])
        cand = dataclasses.replace(a, seat=other)
        if hasattr(a, "card") and s.hands[other]:
            cand = dataclasses.replace(cand, card=rng.choice(s.hands[other]))
        self.expect_illegal(cand, strict=True)
        self.counts["out_of_turn"] += 1
        # a seat that does not exist
        with pytest.raises(InputError):
            s.check(dataclasses.replace(a, seat=self.n))
        # an action of another phase (a call in the play, a card in the auction...): illegal,
        # never an input error, whatever the phase
        for phase, example in self.examples.items():
            if phase == s.phase:
                continue
            cand = dataclasses.replace(example, seat=seat)
            if hasattr(cand, "card") and hand:
                cand = dataclasses.replace(cand, card=hand[0])
            if cand not in legal_set:
                bad = self.expect_illegal(cand, strict=True, legal_set=legal_set)
                if type(cand) not in self.kinds[s.phase] or type(cand) is Call and \
                        cand.call not in self.vocab.get(s.phase, ()):  # of the wrong kind
                    assert bad.reason == "wrong_phase", (s.phase, cand, bad.reason)
                self.counts["wrong_phase"] += 1
        # text that cannot be read is an input error, in every phase
        for unreadable in (Call(seat, "no such call"), Play(seat, "AS")):
            with pytest.raises(InputError):
                s.check(unreadable)

    def expect_illegal(self, action, strict: bool, legal_set=None):
        """``action`` fails check() (an IllegalAction; an InputError too unless ``strict``)
        and play() (the caller checks that nothing changed).  Every illegal action has a
        reason code, a rule ID of the game's rulebook and ``legal_actions`` of the one shape
        (tutor.engine.errors): the state's legal actions, in turn or not, in every phase."""
        s = self.state
        try:
            bad = s.check(action)
        except InputError:
            assert not strict, f"{action}: an input error, not an illegal action"
            bad = None
        else:
            assert isinstance(bad, IllegalAction), f"{action} passes check() in {s.phase}"
            assert re.fullmatch(r"[a-z][a-z_]*", bad.reason), bad.reason
            assert self.id_pattern.match(bad.rule) and bad.rule in self.ids, \
                f"{bad.rule} is not a rule of the rulebook of {self.spec.name}"
            assert bad.message and str(bad)
            # keyed where it is made, worded at the edge (issue #38): a message id of the
            # catalog with its parameters, not text worded in advance
            assert isinstance(bad.msg, Msg) and bad.msg.id in catalog_ids(), \
                f"{bad.reason}: {bad.msg!r} is no message of tutor/locale/tutor.pot"
            self.check_legal_actions(bad)
            assert isinstance(bad.alternatives, list)
            if legal_set is not None and getattr(action, "seat", None) == s.to_act:
                self.check_alternatives(bad, legal_set, s.to_act)
        with pytest.raises(IllegalAction) if strict else \
                pytest.raises((IllegalAction, InputError)):
            s.play(action)
        return bad

    def check_legal_actions(self, bad: IllegalAction) -> None:
        """The one shape: a sequence of actions equal to the state's legal actions."""
        s = self.state
        legal = s.legal_actions()
        got = bad.legal_actions
        assert isinstance(got, Sequence) and not isinstance(got, str), type(got)
        assert got == legal and len(got) == len(legal), (bad.reason, got, legal)
        for a in sample(got, 4, self.rng):
            assert a.seat == s.to_act and s.check(a) is None, a
        self.counts["legal_actions"] += 1

    def check_alternatives(self, bad: IllegalAction, legal_set, seat: int) -> None:
        """The alternatives name legal actions: actions, their cards, their call words, or a
        summary of the legal calls (a dict whose ``calls`` are legal words)."""
        assert bad.alternatives, f"{bad.rule}: no alternatives"
        for alt in bad.alternatives:
            if isinstance(alt, Card):
                assert Play(seat, alt) in legal_set, alt
            elif isinstance(alt, str):
                assert Call(seat, alt) in legal_set, alt
            elif isinstance(alt, dict):
                assert all(Call(seat, w) in legal_set for w in alt.get("calls", ())), alt
            else:
                assert alt in legal_set, alt
        self.counts["alternatives"] += 1

    # -- the notation ---------------------------------------------------------------------------
    def check_notation(self) -> None:
        """The state's position round-trips through the game's notation: written, read back
        equal and written the same; the state it gives shows every seat the same view, but
        for the match's narration and hand count (a position holds one hand)."""
        s, notation = self.state, self.spec.notation
        pos = notation.state_to_position(s)
        text = notation.format_position(pos)
        # read_position: parse_position, and the state position_to_state gives of what it read
        # (the one it builds to check the text, not built a second time)
        again, rebuilt = notation.read_position(text)
        assert again == pos, text
        assert notation.format_position(again) == text
        assert type(rebuilt) is type(s) and rebuilt.phase == s.phase, (s.phase, text)
        for seat in range(self.n):
            got, want = rebuilt.view(seat), s.view(seat)
            for k in ("events", "hand_no"):
                del got[k], want[k]
            assert got == want, (seat, text, {k: (v, got.get(k)) for k, v in want.items()
                                              if got.get(k) != v})
        self.counts["notation"] += 1
        if hand_over(s):
            self.counts["notation_hand_over"] += 1

    # -- views --------------------------------------------------------------------------------
    def seen(self, seat: int) -> set[Card]:
        """The cards ``seat`` has seen this hand: dealt to it, held, played by anyone, or
        moved by its own actions (its discards)."""
        s = self.state
        if self.deal_at is None:
            return set()
        deal = s.history[self.deal_at]
        out = set(deal.hands[seat]) | set(s.hands[seat])
        for a in s.history[self.deal_at + 1:]:
            c = getattr(a, "card", None)
            if c is not None and (type(a) is Play or a.seat == seat):
                out.add(c)
        return out

    def check_view(self, seat: int, information_set: bool = False) -> None:
        s = self.state
        v = s.view(seat)
        assert isinstance(v, dict)
        # a value: the same view again, and a copy's, are equal to it (and so are their parts)
        again, copied = s.view(seat), s.copy().view(seat)
        assert again == v and copied == v and again is not v
        assert all(again[k] == x for k, x in v.items())
        assert v["events"] == visible_texts(s, seat, self.texts)
        assert Counter(v["hand"]) == Counter(s.hands[seat])
        seen = self.seen(seat)
        shown = {c for k, x in v.items() if k != "events" for c in cards_in(x)}
        assert shown <= seen, f"seat {seat} is shown {sorted(shown - seen)}"
        self.counts["view"] += 1
        if information_set and self.deal_at is not None:
            self.check_information_set(seat, v)

    def check_information_set(self, seat: int, view: dict) -> None:
        """Exchange the cards hidden from ``seat`` (dealt to the others or to the undealt
        piles, never moved by an action since) among their places, replay the same actions:
        the seat's view must not change."""
        s, n = self.state, self.n
        deal = s.history[self.deal_at]
        after = s.history[self.deal_at + 1:]
        fixed = {getattr(a, "card", None) for a in after} | set(deal.hands[seat]) | \
            set(s.hands[seat])
        piles = [list(p) for p in deal.hands + deal.extra]
        places = [(i, j) for i, p in enumerate(piles) if i != seat for j, c in enumerate(p)
                  if c not in fixed]
        cards = [piles[i][j] for i, j in places]
        if len(set(cards)) < 2:
            return
        self.rng.shuffle(cards)
        for (i, j), c in zip(places, cards):
            piles[i][j] = c
        alt = self.pre_deal.copy()
        alt.push(Deal(tuple(map(tuple, piles[:n])), tuple(map(tuple, piles[n:]))))
        if alt.phase != self.post_deal_phase:
            return  # the other deal is thrown in by a house rule: not the same hand
        for a in after:
            alt.push(a)
        assert alt.view(seat) == view, \
            f"seat {seat}'s view depends on cards hidden from it"
        self.counts["information_set"] += 1

    # -- the end of a hand ----------------------------------------------------------------------
    def check_hand_end(self) -> None:
        s = self.state
        assert hand_over(s)
        spec = self.spec
        scored, won = spec.scored_event, spec.won_event
        new = s.events[self.hand_events:]
        kinds = [e.kind for e in new]
        ends = [i for i, k in enumerate(kinds) if k in (scored, spec.thrown_in_event)]
        assert len(ends) == 1, kinds
        end = new[ends[0]]
        if end.kind == scored:
            assert end.private_to is None and end.text
            assert TRICK not in kinds[ends[0]:], "a trick after the score"
            self.counts["scored"] += 1
        else:
            assert "play" not in kinds and TRICK not in kinds, "a hand thrown in after play"
            self.counts["thrown_in"] += 1
        if not any(s.hands):
            assert end.kind == scored, "a hand played out and not scored"
        if s.is_terminal:
            assert kinds[-1] == won and end.kind == scored, kinds
            assert s.phase == spec.over_phase
            assert not s.is_chance and s.legal_actions() == []
            for example in self.examples.values():  # over: illegal, whatever the action
                bad = self.expect_illegal(example, strict=True)
                assert bad.reason == "game_over" and bad.legal_actions == []
            self.check_view(self.rng.randrange(self.n))
            self.counts["terminal"] += 1
        else:
            assert won not in kinds
            assert s.is_chance and s.legal_actions() == []


@pytest.mark.parametrize("name,n,profile", CASES,
                         ids=[f"{g}-{n}p-{p}" for g, n, p in CASES])
def test_state_protocol(name, n, profile):
    spec = find_game(name)
    game = spec.game(n, profiles(spec)[profile])
    run = Run(spec, game, random.Random(f"{name}-{n}-{profile}"))
    played = 0
    while played < HANDS:
        run.new_match()
        for _ in range(MATCH_HANDS):
            if played == HANDS or run.state.is_terminal:
                break
            run.hand(played)
            played += 1
        run.check_replay()
    c = run.counts
    assert c["scored"] > 0 and c["view"] > 0 and c["out_of_turn"] > 0 and c["replay"] > 0
    assert c["undo"] > 0 and c["alternatives"] > 0 and c["legal_actions"] > 0
    assert c["notation"] > 0 and c["notation_hand_over"] > 0
    if HANDS >= 100:
        assert c["illegal_card"] > 0 and c["illegal_call"] > 0 and c["information_set"] > 0
        assert c["wrong_phase"] > 0


def test_every_game_reaches_the_end_of_a_match():
    """Every game, played at random at its usual count, ends a match: terminal, scored, won."""
    for name in game_names():
        spec = find_game(name)
        run = Run(spec, spec.game(), random.Random(f"{name}-match"))
        run.new_match()
        for hand_no in range(1, 1000):
            run.hand(hand_no)
            if run.state.is_terminal:
                break
        assert run.counts["terminal"] == 1, name
        run.check_replay()


def test_the_registry_knows_every_game_s_end():
    """hand_over() knows every game's phases between hands and after the match, and the spec
    names the game's own words for a hand's end (its state's)."""
    for name in game_names():
        spec = find_game(name)
        cls = spec.state_class
        assert {cls.DEAL_PHASE, spec.over_phase} <= set(HAND_OVER_PHASES)
        words = (spec.scored_event, spec.won_event, spec.thrown_in_event)
        assert all(re.fullmatch(r"[a-z_]+", w) for w in words) and len(set(words)) == 3


_SCRIPT = """
import random
from tutor.games.registry import find_game, game_names, hand_over
for name in game_names():
    spec = find_game(name)
    for n in sorted(set(spec.players))[:2]:
        rng = random.Random(f"{name}-{n}")
        state = spec.state_class.initial(spec.game(n))
        for _ in range(3):
            while state.is_chance:
                state.chance(rng)
            while not hand_over(state):
                legal = state.legal_actions()
                a = spec.bot(state) if rng.random() < 0.5 else legal[rng.randrange(len(legal))]
                state.play(a)
        print(name, n, [str(a) for a in state.history])
        print([e.text for e in state.events])
        print([state.view(s) for s in range(n)])
"""


def test_no_hash_randomness():
    """Same seeds, same hands, whatever the interpreter's string hashing (set order)."""
    root = Path(__file__).resolve().parents[1]
    out = []
    for hash_seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        done = subprocess.run([sys.executable, "-c", _SCRIPT], cwd=root, env=env,
                              capture_output=True, text=True, timeout=120, check=True)
        out.append(done.stdout)
    assert out[0] and out[0] == out[1]
