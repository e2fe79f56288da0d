"""The registered games: one :class:`GameSpec` per game, found by name.

In the spirit of python-chess's ``find_variant`` and OpenSpiel's registered games: each game
package (``tutor.games.g55``, ``tutor.games.g56``) registers itself once when ``tutor.games`` is
imported (its ``__init__`` imports every game package), with its rules as data
and its hooks; every layer above finds a game here by the name a learner or a file gives
(:func:`find_game`), or by a state (:func:`spec_of`).  An unknown name is an input error, never
a default game.

The games name their end differently on purpose: 55 is one game to 55 points (phase
``game_over``, events ``score`` and ``game_won``), 56 a match of tables (``match_over``,
``settle``, ``match_won``); generic code asks :func:`hand_over` or a spec's ``over_phase``,
``scored_event``, ``won_event`` and ``thrown_in_event``, never the words.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from ..engine.errors import InputError
from ..engine.messages import msg, render
from ..engine.text import quoted

__all__ = ["DEFAULT_GAME", "GameSpec", "register", "find_game", "game_names", "spec_of",
           "load_position", "detect_game", "hand_over", "HAND_OVER_PHASES"]

# The game a widget or a question shows when none is named (the first lessons' game).
DEFAULT_GAME = "55"

# The phases in which no hand is being played: between hands and after the match.
HAND_OVER_PHASES = ("deal", "game_over", "match_over")


@dataclass(frozen=True)
class GameSpec:
    """One game: its name and title, the player counts, its game class (``Game55``...), its
    settings table, its notation, its bot, its rules text and its teaching hooks."""

    name: str  # what a learner and a file call it: "55"
    title: str  # "55 (Twenty-Five family)": a message id, worded with render(msg(title))
    players: tuple[int, ...]
    default_players: int
    game_class: type  # Game55(players, rules) makes a table; .new_game(rng) a match
    state_class: type
    settings: dict  # name -> engine.settings.Setting
    notation: Any  # module: parse_position, read_position, format_position, position_to_state...
    bot: Callable  # choose(state) -> an action
    rules_file: str  # the rules text the project ships: tutor/rules/<file>
    calls: tuple[str, ...] = ()  # the call words of the game's auction, for pickers
    hooks: dict = field(default_factory=dict)  # narrow teaching hooks, by name

    def game(self, players: int | None = None, rules: dict | None = None):
        """A table of this game (``players`` defaults to the usual count)."""
        return self.game_class(self.default_players if players is None else players, rules)

    def parse(self, text: str):
        """The playable state of a position text in this game's notation."""
        return self.notation.read_position(text)[1]  # the state built to check the text

    # the game's words for a hand's end, from its state class (see the module's docstring)
    @property
    def over_phase(self) -> str:
        """The phase once the game (or match) is over: ``game_over``, ``match_over``."""
        return self.state_class.OVER_PHASE

    @property
    def scored_event(self) -> str:
        """The event of a hand played out and scored: ``score``, ``settle``."""
        return self.state_class.SCORED_EVENT

    @property
    def won_event(self) -> str:
        """The event that ends the game (or match): ``game_won``, ``match_won``."""
        return self.state_class.WON_EVENT

    @property
    def thrown_in_event(self) -> str:
        """The event of a hand thrown in, not scored: ``redeal``."""
        return self.state_class.THROWN_IN_EVENT

    def hook(self, name: str):
        try:
            return self.hooks[name]
        except KeyError:
            raise InputError(render(msg("game {game} has no {hook}", game=self.name,
                                        hook=repr(name)))) from None


_GAMES: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> GameSpec:
    """Register a game once; a second registration of a name is a programming error."""
    if spec.name in _GAMES and _GAMES[spec.name] is not spec:
        raise ValueError(f"game {spec.name} is registered twice")
    _GAMES[spec.name] = spec
    return spec


def game_names() -> tuple[str, ...]:
    """The names of the registered games, in order."""
    return tuple(sorted(_GAMES))


def find_game(name) -> GameSpec:
    """The game called ``name`` ("55"; the number 55 reads the same); an :class:`InputError`
    naming the known games otherwise."""
    if isinstance(name, int) and not isinstance(name, bool):
        name = str(name)
    if isinstance(name, str) and name.strip() in _GAMES:
        return _GAMES[name.strip()]
    raise InputError(render(msg("unknown game {game} (known: {known})", game=quoted(name),
                                known=", ".join(game_names()))), "game")


def spec_of(state_or_game) -> GameSpec:
    """The game a state (or a table) belongs to."""
    game = getattr(state_or_game, "game", state_or_game)
    for spec in _GAMES.values():
        if isinstance(game, spec.game_class) or isinstance(state_or_game, spec.state_class):
            return spec
    raise InputError(render(msg("{kind} is not a state of a registered game",
                                kind=type(state_or_game).__name__)))


def detect_game(text: str, default: str | None = None) -> GameSpec:
    """The game named by the ``game:`` line of a position text (``default`` when there is
    none); an :class:`InputError` names the line of an unknown game."""
    for no, line in enumerate(text.splitlines(), 1):
        body = line.split("#", 1)[0].strip()
        if ":" not in body:
            continue
        key, value = (p.strip() for p in body.split(":", 1))
        if key.lower() == "game":
            try:
                return find_game(value)
            except InputError as e:
                raise InputError(f"{e.message}", f"line {no} (game)") from None
    if default is None:
        raise InputError(render(msg("the position names no game: add a line such as "
                                    "\"game: {game}\"", game=game_names()[0])))
    return find_game(default)


def load_position(text: str, default: str | None = None):
    """The playable state of a position text, read with its game's notation."""
    return detect_game(text, default).parse(text)


def hand_over(state) -> bool:
    """No hand is being played: between hands, or the match is over."""
    return state.phase in HAND_OVER_PHASES or state.is_terminal
