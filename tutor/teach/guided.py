"""Guided hands, whatever the game: the driver every game's guided hand builds on, and the
words a narration uses for seats and tricks.

A guided hand is one hand of a game for a learner at one seat, the bots acting for every other
seat (partners too) until the learner must act.  :class:`GuidedHand` holds what is the same in
every game: the seed and its ``random.Random``, the learner's seat and :class:`~.seats.Table`,
the bots' loop (with chance: a thrown-in hand is dealt again), the learner's checked
:meth:`~GuidedHand.play`, and the narration handed out a few new lines at a time.  A game's
guided hand (``tutor.teach.g55.guided.GuidedHand55``, ``tutor.teach.g56.guided.GuidedHand56``)
deals its hand, says when its hand is over and narrates it.

Pure Python: no widgets here.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from ..engine.cards import SUIT_SYMBOL, SUIT_WORD_SINGULAR, SUIT_WORDS
from ..engine.errors import InputError
from ..engine.messages import N_, many, msg, nmsg, num, render, sentences
from ..engine.phases import AUCTION
from ..engine.state import Play
from ..games import coach as search
from ..games.registry import spec_of
from .coach import (
    MORE,
    Advice,
    Review,
    advise,
    advise_call,
    advise_choice,
    explain,
    hint_question,
    line_text,
    percent,
    review_hand,
    unit_words,
)
from .seats import Table

# the tutor's strengths as a learner chooses them: (label, level, what it means); the label
# and what it means are message ids, worded with render(msg(label))
STRENGTHS = ((N_("Beginner"), "beginner", N_("The other players play simply (the tutor's bot)")),
             (N_("Strong"), "strong", N_("The other players play as the coach would: each "
                                         "searches the deals its cards allow (a little "
                                         "slower)")))
assert tuple(level for _, level, _ in STRENGTHS) == search.LEVELS

def tutor_bot(level: str) -> Callable:
    """The other seats' player at tutor strength ``level`` (a guided hand's ``bot``; its
    ``level`` says which)."""
    if level not in search.LEVELS:
        raise InputError(render(msg("unknown tutor strength {level} (known: {levels})",
                                    level=repr(level), levels=many(search.LEVELS))), "strength")

    def bot(state):
        return search.player(state, level)
    bot.level = level
    return bot


MAX_REDEALS = 20  # thrown-in hands in a row before a guided hand gives up
SEED_LIMIT = 1_000_000  # a guided hand's seed is shown to the learner: keep it short


def new_seed() -> int:
    """A fresh seed for a new hand (shown to the learner so it can be replayed)."""
    return random.randrange(1, SEED_LIMIT)


def check_seed(seed) -> int:
    """``seed``, or a fresh one for ``None``; an :class:`InputError` for anything but a whole
    number."""
    if seed is None:
        return new_seed()
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InputError(render(msg("a seed is a whole number, not {seed}", seed=repr(seed))),
                         "seed")
    return seed


def check_seat(seat, n: int) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
        raise InputError(render(msg("the learner's seat must be 0-{last}, not {seat}",
                                    last=n - 1, seat=repr(seat))), "seat")
    return seat


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def does(table: Table, seat: int, verb: str, capital: bool = False) -> str:
    """``you (seat 1) pass`` / ``seat 2 passes`` / ``the dealer (seat 3) holds``: ``verb``
    given without its s (:meth:`Table.does`, one of :data:`tutor.teach.seats.VERBS`)."""
    return table.does(seat, verb, capital)


def cards_words(cards) -> str:
    """``9♦``, ``9♦ and 7♦``, ``9♦, 8♦ and 7♦`` (an identical card, in 56, once)."""
    return render(many(dict.fromkeys(c.unicode for c in cards)))


# -- a trick, told with its seats ----------------------------------------------------------------
def trick_reason(table: Table, rk, leader: int, cards) -> dict:
    """Why a finished trick was won, in the seat words of ``table``: the winning card's place
    among the cards played (never "X wins because X wins"), and, when an identical card (a
    game of two packs) was played too, whose copy wins and whose loses, with the rule the
    engine cites for it.

    Returns ``{"index", "winner", "card", "reason", "twin"}``: ``reason`` completes "wins with
    J♠, ..."; ``twin`` is a sentence or ""."""
    n = table.n
    seats = [(leader + i) % n for i in range(len(cards))]
    w = rk.winner_index(cards)
    win = cards[w]
    twins = [i for i, c in enumerate(cards) if i != w and c == win]
    others = [c for i, c in enumerate(cards) if i != w and i not in twins]
    if rk.is_trump[win.index]:
        beaten = [c for c in others if rk.is_trump[c.index]]
        if beaten:
            reason = msg("the best trump in the trick (above {cards})",
                         cards=cards_words(beaten))
        elif twins:
            reason = msg("the best trump in the trick")
        else:
            reason = msg("the only trump in the trick")
    else:
        suit = rk.effective_suit(cards[0])
        one = SUIT_WORD_SINGULAR[suit]
        beaten = [c for c in others if rk.effective_suit(c) == suit]
        if beaten and rk.trump_suit:
            reason = msg("the best {suit}, the suit led (above {cards}), and no trump was "
                         "played", suit=one, cards=cards_words(beaten))
        elif beaten:
            reason = msg("the best {suit}, the suit led (above {cards})", suit=one,
                         cards=cards_words(beaten))
        elif twins and rk.trump_suit:
            reason = msg("the best {suit}, the suit led, and no trump was played", suit=one)
        elif twins:
            reason = msg("the best {suit}, the suit led", suit=one)
        elif rk.trump_suit:
            reason = msg("the only {suit}, the suit led: nobody else followed suit or played a "
                         "trump", suit=one)
        else:
            reason = msg("the only {suit}, the suit led: nobody else followed suit", suit=one)
    twin = ""
    if twins:
        winner, loser = seats[w], seats[twins[0]]
        # the rule the game gives for two identical cards (the engine's comparison cites it)
        rule = next(c.rule for c in rk.trick_result(cards).comparisons
                    if c.reason == "first_played")
        if winner == table.you:
            said = msg("Your {card} wins: played first; seat {loser}'s {card} loses (of two "
                       "identical cards the one played first ranks higher, {rule}).",
                       card=win.unicode, loser=loser, rule=rule)
        elif loser == table.you:
            said = msg("Seat {winner}'s {card} wins: played first; your {card} loses (of two "
                       "identical cards the one played first ranks higher, {rule}).",
                       card=win.unicode, winner=winner, rule=rule)
        else:
            said = msg("Seat {winner}'s {card} wins: played first; seat {loser}'s {card} loses "
                       "(of two identical cards the one played first ranks higher, {rule}).",
                       card=win.unicode, winner=winner, loser=loser, rule=rule)
        twin = render(said)
    return {"index": w, "winner": seats[w], "card": win, "reason": render(reason), "twin": twin}


# -- the whole hand reviewed ------------------------------------------------------------------
MORE_DEALS = 3  # a call or choice the learner made otherwise: the two played out in this many
# times the deals (a card is reviewed with the hint's own search: coach.MORE)
SAME, ABOUT_SAME, COACH_BETTER, YOURS_BETTER = "same", "about the same", "coach better", \
    "yours better"


@dataclass(frozen=True)
class Decision:
    """One of the learner's decisions in a hand (a call, a choice such as the trumps, the
    discards taken together, a card), compared with what the coach would have done there,
    over the same deals of the cards the learner could not see.

    ``diff`` is the coach's value less the learner's (the game's units, e.g. 55's points),
    ``margin`` what the noise of those deals allows (the coach's floor or Z standard errors
    of the paired deals): ``verdict`` is :data:`SAME` (the same action), :data:`ABOUT_SAME`
    (another, but ``|diff| <= margin``), :data:`COACH_BETTER` or :data:`YOURS_BETTER`."""

    phase: str  # "auction", "play" or a game's own ("discard", "trump")
    trick: int  # a card: its trick (1-based); 0 otherwise
    mine: tuple  # the learner's action(s) (the discards: all of them, in order)
    coach: tuple  # the coach's
    verdict: str
    diff: float = 0.0
    margin: float = 0.0
    deals: int = 0
    mine_text: str = ""  # what the search found for the learner's choice ("" when the same)
    coach_text: str = ""  # and for the coach's
    why: str = ""  # the coach's reasons for its card (the play)
    text: str = ""  # the decision in words

    @property
    def kind(self) -> str:
        return {AUCTION: "call", "play": "card"}.get(self.phase, "choice")


@dataclass(frozen=True)
class HandReview:
    """The whole hand reviewed: every decision of the learner's (:class:`Decision`), the
    outcome of the contract (the game's :meth:`GuidedHand.outcome`) and what it adds up to.

    ``failed_own``: the learner's side held the contract and failed it; ``well_played``: no
    decision of the learner's was clearly worse than the coach's and no contract of theirs
    failed (only then may a page say "Well played")."""

    decisions: tuple[Decision, ...]
    outcome: dict | None
    headline: str
    lines: tuple[str, ...] = field(default=())

    @property
    def worse(self) -> tuple[Decision, ...]:
        return tuple(d for d in self.decisions if d.verdict == COACH_BETTER)

    @property
    def failed_own(self) -> bool:
        o = self.outcome
        return bool(o and o["ours"] and not o["made"])

    @property
    def well_played(self) -> bool:
        return not self.worse and not self.failed_own


def action_words(action, call_words: Callable[[str], str] | None = None) -> str:
    """An action in a learner's words: ``the J♠``, ``♠ spades as trumps``, a call as its
    button says it (``call_words``, the game's hook: ``Pass``, ``Twenty-eight Spades``; a
    number alone is ``bid 20``)."""
    card = getattr(action, "card", None)
    if card is not None:
        return render(msg("the {card}", card=card.unicode))
    suit = getattr(action, "suit", None)
    if suit is not None:
        return render(msg("{symbol} {suit} as trumps", symbol=SUIT_SYMBOL[suit],
                          suit=SUIT_WORDS[suit]))
    call = str(getattr(action, "call", action))
    said = call_words(call) if call_words is not None else call
    return render(msg("bid {call}", call=said)) if said.isdigit() else said


def actions_words(actions, call_words: Callable[[str], str] | None = None) -> str:
    """Several actions in words: ``the 10♣, 4♥ and 7♦`` (cards), else each joined."""
    actions = list(actions)
    if len(actions) > 1 and all(getattr(a, "card", None) is not None for a in actions):
        return render(msg("the {cards}", cards=many(dict.fromkeys(a.card.unicode
                                                                  for a in actions))))
    return render(many(action_words(a, call_words) for a in actions))


def _values(state, seat: int, lines: list[tuple], seed: int, worlds: int | None,
            factor: int = MORE_DEALS) -> list[search.Candidate]:
    """Each line of actions (the learner's discards, the coach's) played by ``seat`` from
    ``state`` and the hand finished by the game's bot, in the same seeded deals of the cards
    the seat has not seen (as :func:`tutor.games.coach.compare` plays one action)."""
    spec = spec_of(state)
    hooks = spec.hook("coach")
    know = search.knowledge(state, seat)
    if worlds is None:
        worlds = hooks.worlds(state) if hooks.worlds else 24
    worlds *= factor
    rng = random.Random(seed)
    values: list[list[float]] = [[] for _ in lines]
    sums: list[dict] = [{} for _ in lines]
    for _ in range(worlds):
        base = search.world(state, search.sample_hands(state, know, rng), know, rng)
        for k, line in enumerate(lines):
            w = base.copy()
            for a in (line if isinstance(line, tuple) else (line,)):
                w.push(a)
            search.playout(w, spec.bot)
            v, facts = hooks.value(state, w, seat)
            values[k].append(v)
            for name, x in facts.items():
                sums[k][name] = sums[k].get(name, 0.0) + x
    return [search.Candidate(line, sum(v) / len(v), {n: x / len(v) for n, x in t.items()},
                             len(v), tuple(v)) for line, v, t in zip(lines, values, sums)]


def _judge(state, best: search.Candidate, mine: search.Candidate) -> tuple[str, float, float]:
    """The verdict of the learner's ``mine`` against the coach's ``best`` (same deals): the
    difference and the margin the noise allows."""
    if best.action == mine.action:
        return SAME, 0.0, 0.0
    d, se = search.difference(best, mine)
    margin = max(spec_of(state).hook("coach").noise, search.Z * se)
    if abs(d) <= margin or mine.tied:
        return ABOUT_SAME, d, margin
    return (COACH_BETTER if d > 0 else YOURS_BETTER), d, margin


def review_decisions(state, seat: int, table: Table, *, seed: int = 0,
                     worlds: int | None = None, start: int | None = None,
                     say: Callable | None = None) -> list[Decision]:
    """Every decision ``seat`` made in the hand of ``state`` (from history index ``start``,
    default the hand's deal): each position rebuilt by replaying the history, the coach asked
    there with its own search (:func:`tutor.games.coach.compare` over the calls it compares,
    the choices and the cards; a repeated choice, the discards, by
    :func:`tutor.teach.coach.advise_choice`, then both sets played out in the same deals),
    and the two compared.  ``say(before, candidate, table) -> text``: what the search found
    for one choice, in words (default: the coach's line of its table)."""
    say = say or line_text
    history = state.history
    if start is None:
        start = max((i for i, a in enumerate(history) if type(a).__name__ == "Deal"), default=0)
    cls = type(state)
    out: list[Decision] = []
    i = start
    while i < len(history):
        action = history[i]
        if getattr(action, "seat", None) != seat or type(action).__name__ == "Deal":
            i += 1
            continue
        before = cls.replay(state.game, history[:i])
        phase = before.phase
        group = [action]
        if phase not in (AUCTION, before.PLAY_PHASE):  # a choice made card after card
            j = i + 1
            while j < len(history) and getattr(history[j], "seat", None) == seat and \
                    type(history[j]) is type(action):
                group.append(history[j])
                j += 1
        else:
            j = i + 1
        i = j
        legal = list(dict.fromkeys(before.legal_actions()))
        if len(legal) < 2 or hint_question(before) is None:
            continue  # nothing to choose, or a phase the coach does not advise in
        unit = _unit(before)
        call_words = spec_of(before).hook("call_words")
        if len(group) > 1:  # the discards: the coach's set against the learner's
            picks = tuple(advise_choice(before, seat, table, seed=seed).picks)
            mine = tuple(group)
            if sorted(map(str, picks)) == sorted(map(str, mine)):
                out.append(_decision(phase, 0, mine, picks, SAME, unit=unit,
                                     call_words=call_words))
                continue
            coach_c, mine_c = _values(before, seat, [picks, mine], seed, worlds, factor=1)
            verdict, d, margin = _judge(before, coach_c, mine_c)
            out.append(_decision(phase, 0, mine, picks, verdict, d, margin, coach_c.deals,
                                 say(before, mine_c, table), say(before, coach_c, table),
                                 unit=unit, call_words=call_words))
            continue
        if phase == before.PLAY_PHASE:  # the card the hint gives, as the hint finds it: the
            # hint's own search (its deals, its ``more``), so the review never names another
            ranked = search.compare(before, seat, seed=seed, worlds=worlds, more=MORE)
            best = ranked[0]
            mine_c = next(c for c in ranked if c.action == action)
        else:  # the call or choice the hint gives, then the two played out in more deals
            calls = search.candidate_calls(before, seat) if phase == AUCTION else None
            best = search.compare(before, seat, seed=seed, worlds=worlds, candidates=calls)[0]
            mine_c = best
            if best.action != action:
                best, mine_c = _values(before, seat, [best.action, action], seed, worlds)
        verdict, d, margin = _judge(before, best, mine_c)
        trick = len(before.tricks) + 1 if phase == before.PLAY_PHASE else 0
        why = ""
        if verdict != SAME and isinstance(best.action, Play):
            why = sentences(*explain(before, seat, best.action.card, table)[1][:2])
        same = verdict == SAME
        out.append(_decision(phase, trick, (action,), (best.action,), verdict, d, margin,
                             best.deals, "" if same else say(before, mine_c, table),
                             "" if same else say(before, best, table), why, unit=unit,
                             call_words=call_words))
    return out


def _unit(state) -> str:
    """The game's unit of the coach's values, short ("points"), in words."""
    return unit_words(spec_of(state).name)


def _what(phase: str, trick: int, count: int):
    """What a decision was, as its line starts: "Your call", "Trick 3", "Your discards"."""
    if phase == AUCTION:
        return msg("Your call")
    if phase == "play":
        return msg("Trick {trick}", trick=trick)
    if phase == "discard":
        return nmsg("Your discard", "Your discards", count)
    if phase == "trump":
        return nmsg("Your trump", "Your trumps", count)
    return nmsg("Your choice", "Your choices", count)  # a phase of a game to come


def _decision(phase, trick, mine, coach, verdict, diff=0.0, margin=0.0, deals=0, mine_text="",
              coach_text="", why="", *, unit=None, call_words=None) -> Decision:
    """A :class:`Decision` with its sentence, from its numbers (``unit``: the game's, worded;
    default "points"; ``call_words``: the game's words for a call)."""
    what = _what(phase, trick, len(mine))
    unit = unit or render(msg("points"))
    yours, theirs = actions_words(mine, call_words), actions_words(coach, call_words)
    if verdict == SAME:
        text = render(msg("{what}: {yours}, as the coach would have.", what=what, yours=yours))
    else:
        signed, ahead, behind, noise = num(diff, 2, sign=True), num(diff, 2), num(-diff, 2), \
            num(margin, 2)
        said = [msg("{what}: {yours}; the coach would have chosen {theirs}.", what=what,
                    yours=yours, theirs=theirs)]
        if verdict == ABOUT_SAME:
            said.append(nmsg("About the same: over {n} deal the difference, {diff} {unit}, is "
                             "inside the noise (±{margin}).",
                             "About the same: over {n} deals the difference, {diff} {unit}, is "
                             "inside the noise (±{margin}).", deals, diff=signed, unit=unit,
                             margin=noise))
        elif verdict == COACH_BETTER:
            said.append(nmsg("The coach's choice comes out {diff} {unit} ahead over {n} deal "
                             "(give or take {margin}).",
                             "The coach's choice comes out {diff} {unit} ahead over {n} deals "
                             "(give or take {margin}).", deals, diff=ahead, unit=unit,
                             margin=noise))
        else:
            said.append(nmsg("Yours comes out {diff} {unit} ahead over {n} deal (give or take "
                             "{margin}).",
                             "Yours comes out {diff} {unit} ahead over {n} deals (give or take "
                             "{margin}).", deals, diff=behind, unit=unit, margin=noise))
        if why and verdict == COACH_BETTER:
            said.append(why)
        if verdict != ABOUT_SAME:
            said.append(msg("With {theirs}: {coach}. With {yours}: {mine}.", theirs=theirs,
                            coach=coach_text, yours=yours, mine=mine_text))
        text = sentences(*said)
    return Decision(phase, trick, tuple(mine), tuple(coach), verdict, diff, margin, deals,
                    mine_text, coach_text, why, text)


# -- the driver -------------------------------------------------------------------------------
class GuidedHand:
    """What every game's guided hand shares.  A subclass sets :attr:`state` (its hand dealt,
    the dealer seat ``n - 1``), :attr:`seat`, :attr:`table`, :attr:`rng`, :attr:`bot` and
    :attr:`hand_no`, calls :meth:`advance_bots` once, and defines :meth:`ended` (is the hand
    in ``s`` played and scored?) and :meth:`narration` (every line the learner may read,
    oldest first)."""

    state: object
    seat: int
    table: Table
    rng: random.Random
    bot: Callable
    hand_no: int
    _seen: int = 0  # narration lines already handed out by new_lines
    pause_after_trick: bool = False  # keep a finished trick on the table (see next_trick)
    paused: bool = False  # a finished trick waits for the learner before a bot leads
    _tricks_seen: int = 0  # finished tricks the learner moved on from

    # -- what a game says --------------------------------------------------------------------
    def ended(self, s) -> bool:  # pragma: no cover - abstract
        """The hand being guided is over in state ``s`` (this hand's, or a copy of it)."""
        raise NotImplementedError

    def narration(self) -> list[str]:  # pragma: no cover - abstract
        raise NotImplementedError

    def following(self, seed: int) -> "GuidedHand":  # pragma: no cover - abstract
        """The next hand of the same game after this one (over, the game not won): dealt
        from ``seed``, the deal passed on, the scores (or tables) carried, the learner at the
        same place at the table, so at the seat number the new dealer gives it."""
        raise NotImplementedError

    def race_lines(self) -> list[str]:  # pragma: no cover - abstract
        """Where the game stands, in words: the scores (or tables), who is close to winning
        and what the learner's big bids would do."""
        raise NotImplementedError

    def standings(self) -> list[tuple[str, int, bool]]:  # pragma: no cover - abstract
        """Where the game stands now, per player or side: (its name as a whole game names it,
        which stays from hand to hand; its score or tables; is it the learner's), the
        learner's first."""
        raise NotImplementedError

    UNIT = "points"  # what standings count

    def winner_name(self) -> str | None:  # pragma: no cover - abstract
        """Who won the game (its name in :meth:`standings`), None while it is on."""
        raise NotImplementedError

    def next_steps(self, hands: list["GuidedHand"]) -> list[dict]:
        """After a whole game of ``hands``: the lesson that matches the learner's weakest
        spot, as ``{"page": a page id of lessons.toml, "why": ...}`` (a game's own)."""
        return []

    def result_line(self) -> str:  # pragma: no cover - abstract
        """The hand's result in one sentence (once it is over), for a game's summary."""
        raise NotImplementedError

    def new_hand(self) -> None:
        """Called when the cards were thrown in and dealt again (the hand's number moves on)."""
        self.hand_no = self.state.hand_no

    # -- where the hand is ---------------------------------------------------------------------
    @property
    def over(self) -> bool:
        """The hand has been played and scored."""
        return self.ended(self.state)

    @property
    def game_over(self) -> bool:
        """The hand is over and it decided the game (a 55 target reached, a 56 match won)."""
        return self.over and getattr(self.state, "winner", None) is not None

    @property
    def learner_to_act(self) -> bool:
        return not self.over and not self.paused and self.state.to_act == self.seat

    def learner_actions(self) -> list:
        """Every legal engine action of the learner now (``[]`` when it is not their turn)."""
        return self.state.legal_actions() if self.learner_to_act else []

    # -- acting --------------------------------------------------------------------------------
    def advance_bots(self) -> list[str]:
        """Let the bots (and chance, after a thrown-in hand) act until the learner must act
        or the hand is over; return the new narration lines."""
        self.run_bots(self.state)
        return self.new_lines()

    def run_bots(self, s) -> None:
        """The bots act in ``s`` (the hand, or a copy of it) until the learner must or the
        hand is over."""
        redeals = 0
        while not self.ended(s) and s.to_act != self.seat:
            if s is self.state and self._hold_trick(s):
                self.paused = True  # the learner sees the trick, then presses Next trick
                return
            if s.is_chance:  # nobody bid, or a house rule threw the cards in: deal again
                redeals += 1
                if redeals > MAX_REDEALS:
                    raise RuntimeError("too many thrown-in hands")
                s.chance(self.rng)
                if s is self.state:
                    self.new_hand()
                continue
            s.play(self.bot(s))

    def _hold_trick(self, s) -> bool:
        """A finished trick is on the table, a bot would lead the next one, and the learner
        has not moved on from it yet (only when :attr:`pause_after_trick` is set)."""
        return (self.pause_after_trick and s.phase == s.PLAY_PHASE and not s.trick
                and len(s.tricks) > self._tricks_seen)

    def next_trick(self) -> list[str]:
        """The learner has seen the finished trick: the bots play on.  Returns the new
        narration lines."""
        if not self.paused:
            raise InputError(render(msg("no finished trick is waiting")), "next trick")
        self.paused = False
        self._tricks_seen = len(self.state.tricks)
        return self.advance_bots()

    def play(self, action) -> list[str]:
        """The learner's action (checked: an ``IllegalAction`` propagates and nothing
        changes); then the bots act.  Returns the narration lines that are new."""
        if self.over:
            raise InputError(render(msg("the hand is over: deal a new one")), "action")
        if self.paused:
            raise InputError(render(msg("the trick is finished: press Next trick first")),
                             "action")
        seat = getattr(action, "seat", self.seat)
        if seat != self.seat:
            raise InputError(render(msg("you play for seat {seat}, not seat {other}",
                                        seat=self.seat, other=seat)), "action")
        self.state.play(action)
        return self.advance_bots()

    @property
    def strength(self) -> str:
        """The tutor's strength for the other seats (see :func:`tutor_bot`)."""
        return getattr(self.bot, "level", "beginner")

    def set_strength(self, level: str) -> None:
        """The tutor's strength for the other seats from now on: ``beginner`` (the game's bot)
        or ``strong`` (the coach's search for their cards)."""
        self.bot = tutor_bot(level)

    def hint(self) -> Advice:
        """The coach's advice for the learner's turn: in the play the best card, in the
        auction the best call, why, and how the next best compare (seeded by the hand's
        seed: the same advice each time)."""
        s = self.state
        if not self.learner_to_act:
            raise InputError(render(msg("the coach advises when it is your turn")), "hint")
        if s.phase == s.PLAY_PHASE:
            return advise(s, self.seat, self.table, seed=self.seed or 0)
        if s.phase == AUCTION:
            return advise_call(s, self.seat, self.table, seed=self.seed or 0)
        return advise_choice(s, self.seat, self.table, seed=self.seed or 0)

    def review(self) -> list[Review]:
        """After the hand: the learner's cards the coach would have played otherwise, each with
        the difference it makes (seeded like the hints)."""
        if not self.over:
            raise InputError(render(msg("the review comes when the hand is over")), "review")
        return review_hand(self.state, self.seat, self.table, seed=self.seed or 0)

    def outcome(self) -> dict | None:
        """The contract's outcome once the hand is over, as the engine scored it: ``ours``
        (the learner's side held it), ``bid``, ``took`` (the points the bidders took),
        ``made``, ``change`` (the learner's side's score or tables this hand) and ``line``,
        the outcome in words ("You bid 20 and took 15: you lose 20."); None before."""
        return None

    def choice_words(self, before, candidate, table: Table) -> str:
        """What the search found for one of the choices compared in the review (a call, the
        trumps, the discards, a card), in words: a card as the coach's table says it; a
        call or a choice by the contract: how often the learner's side won the auction and
        made the bid, and what it came to on average."""
        if before.phase == before.PLAY_PHASE:
            return line_text(before, candidate, table)
        f = candidate.facts
        ours = f.get("ours", 0.0)
        parts = []
        if before.phase == AUCTION:
            parts.append(msg("your side won the auction in {percent} of the deals",
                             percent=percent(ours)) if table.sides else
                         msg("you won the auction in {percent} of the deals",
                             percent=percent(ours)))
        if ours and "made ours" in f:
            made = percent(f["made ours"] / ours)
            parts.append(msg("the bid was made in {percent} of those", percent=made)
                         if before.phase == AUCTION else
                         msg("the bid was made in {percent} of the deals", percent=made))
        value = num(candidate.value, 2, sign=True)
        parts.append(msg("it came to {value} {unit} on average", value=value,
                         unit=_unit(before)))
        return render(many(parts, "clauses"))

    def review_whole(self, worlds: int | None = None) -> HandReview:
        """After the hand: every decision of the learner's (the calls, the game's choices
        such as the trumps and the discards, the cards) compared with the coach's (seeded
        like the hints), and what it adds up to; never "well played" on a contract of the
        learner's that failed."""
        if not self.over:
            raise InputError(render(msg("the review comes when the hand is over")), "review")
        decisions = review_decisions(self.state, self.seat, self.table, seed=self.seed or 0,
                                     worlds=worlds, start=getattr(self, "_first", None),
                                     say=self.choice_words)
        o = self.outcome()
        worse = [d for d in decisions if d.verdict == COACH_BETTER]
        failed = bool(o and o["ours"] and not o["made"])
        k = len(worse)
        head = o["line"] if o and o["ours"] else ""
        if failed and worse:
            said = nmsg("What went wrong: the coach would have decided otherwise {n} time.",
                        "What went wrong: the coach would have decided otherwise {n} times.", k)
        elif failed:
            said = msg("None of your decisions was clearly worse than the coach's (each was "
                       "the same, or about as good): the bid failed on the cards you could not "
                       "see.")
        elif worse:
            said = nmsg("The coach would have decided otherwise {n} time.",
                        "The coach would have decided otherwise {n} times.", k)
        else:
            said = msg("The coach would have made every decision as you did, or one about as "
                       "good. Well played.")
        head = sentences(head, said)
        return HandReview(tuple(decisions), o, head, tuple(d.text for d in decisions))

    def new_lines(self) -> list[str]:
        """The narration lines not handed out before."""
        lines = self.narration()
        new, self._seen = lines[self._seen:], len(lines)
        return new


# -- a whole game ---------------------------------------------------------------------------------
MAX_HANDS = 200  # a game that has not ended after this many hands is stopped


class GuidedGame:
    """A whole game for one learner against the tutor, hand after hand: a game of 55 to the
    target, a match of 56 until a team has no tables.  Each hand is a game's
    :class:`GuidedHand`, numbered from its own dealer as the rules number every hand (so the
    learner's seat number moves as the deal passes on), its scores carried from the hand
    before (:meth:`GuidedHand.following`); a finished trick stays on the table until the
    learner moves on (:meth:`GuidedHand.next_trick`).  Every hand's deal comes from the game's
    seed, so the same seed deals the same cards again."""

    def __init__(self, first: GuidedHand, seed: int):
        self.seed = seed
        first.pause_after_trick = True  # (its constructor stopped before any trick was done)
        self.hands: list[GuidedHand] = [first]
        self._start = first.standings()  # before its first hand is scored

    @property
    def hand(self) -> GuidedHand:
        """The hand being played (or the last one, when the game is over)."""
        return self.hands[-1]

    @property
    def number(self) -> int:
        return len(self.hands)

    @property
    def over(self) -> bool:
        return self.hand.game_over

    def hand_seed(self, number: int) -> int:
        """The seed of hand ``number`` (1, 2, ...) of this game."""
        if number == 1:
            return self.seed
        return random.Random(f"{self.seed}:{number}").randrange(1, SEED_LIMIT)

    def next_hand(self) -> list[str]:
        """Deal the next hand (the one before must be over, the game not); returns its first
        narration lines."""
        h = self.hand
        if not h.over:
            raise InputError(render(msg("finish this hand first")), "next hand")
        if self.over:
            raise InputError(render(msg("the game is over: start a new one")), "next hand")
        if self.number >= MAX_HANDS:
            raise InputError(render(nmsg("the game was stopped after {n} hand",
                                         "the game was stopped after {n} hands", MAX_HANDS)),
                             "next hand")
        nxt = h.following(self.hand_seed(self.number + 1))
        nxt.pause_after_trick = True
        self.hands.append(nxt)
        return nxt.new_lines()

    def race(self) -> list[str]:
        """Where the game stands, in words (the current hand's view)."""
        return self.hand.race_lines()

    def story(self) -> dict:
        """The game told once it is over (or so far), in numbers first: ``names`` (the
        players or sides, the learner's first), ``unit``, ``start`` (their standing before
        hand 1) and ``hands`` (per hand: its number, the standings after it, the learner's
        lead over the best of the others before and after, the swing, its result line);
        ``turning``, the hand with the largest swing in the learner's lead (the first of
        equals; None before a hand is over); ``winner``, the name of who won (None while
        on); ``steps``, what to do next (another game, the lesson of the weakest spot,
        review)."""
        first = self.hands[0]
        names = [n for n, _, _ in self._start]
        mine = next(n for n, _, you in self._start if you)

        def lead(st: dict) -> int:
            return st[mine] - max(v for n, v in st.items() if n != mine)

        before = {n: v for n, v, _ in self._start}
        hands = []
        for k, h in enumerate(self.hands, 1):
            if not h.over:
                break
            after = {n: v for n, v, _ in h.standings()}
            hands.append({"number": k, "standings": after, "lead_before": lead(before),
                          "lead_after": lead(after), "swing": lead(after) - lead(before),
                          "result": h.result_line()})
            before = after
        turning = max(hands, key=lambda x: (abs(x["swing"]), -x["number"]))["number"] \
            if hands else None
        winner = None
        if self.over:
            winner = self.hand.winner_name()
        steps = [{"kind": "again"}]
        steps += [{"kind": "lesson", **x} for x in first.next_steps(self.hands)]
        steps.append({"kind": "review", "page": "review",
                      "why": render(msg("questions of every kind you have met, when they "
                                        "are due"))})
        return {"names": names, "you": mine, "unit": first.UNIT,
                "start": {n: v for n, v, _ in self._start}, "hands": hands,
                "turning": turning, "winner": winner, "steps": steps}

    def summary(self) -> list[str]:
        """One line per finished hand, then where the game stands."""
        lines = [render(msg("Hand {number}: {result}", number=k, result=h.result_line()))
                 for k, h in enumerate(self.hands, 1) if h.over]
        return lines + self.race()
