"""55 (Irish Twenty-Five family): rules as data (``tables``) plus hooks on ``tutor.engine``."""

from ...engine.messages import N_, msg, render
from .. import registry as _registry
from . import bot as _bot
from . import cases as _cases  # noqa: F401  (registers the game's rule-case handlers)
from . import coach as _coach
from . import notation as _notation
from .auction import Auction, parse_call, run_auction
from .game import Discard, Draw, Game55, NameTrump, State55, play_random_hand
from .play import check_card, legal_cards, plain_order, ranking, top_three, trump_order
from .scoring import HandScore, score_hand
from .tables import BIDS, MAX_PLAYERS, MIN_PLAYERS, SETTINGS, TRUMP_ORDER

# the calls that are words, as their buttons say them (a bid is its number)
_CALL_WORDS = {"pass": N_("Pass"), "hold": N_("Hold")}

SPEC = _registry.register(_registry.GameSpec(
    name="55", title=N_("55 (the Twenty-Five family)"),
    players=tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1)), default_players=4,
    game_class=Game55, state_class=State55, settings=SETTINGS, notation=_notation,
    bot=_bot.choose, rules_file="55.md", calls=("pass", "hold") + tuple(str(b) for b in BIDS),
    hooks={
        "coach": _coach.HOOKS,  # what the coach's search needs (tutor.games.coach)
        "rule_ids": {"lead": "55-LEAD", "void": "55-VOID"},  # who may lead anything, a void
        # seats go to the dealer's left; sides only by house rule (55-SEATS, 55-TEAMS)
        "seating": {"turn_side": "left", "side_word": "side"},
        "question_players": (3, 4, 5, 6),  # the usual tables, for generated questions
        # a call as its button shows it: "Pass", "Hold", "20"
        "call_words": lambda call: render(msg(_CALL_WORDS[call])) if call in _CALL_WORDS
        else call,
        # a call a learner typed, as the auction reads it
        "read_call": lambda text: text.strip().lower(),
    }))

__all__ = [
    "Auction", "parse_call", "run_auction", "Discard", "Draw", "Game55", "NameTrump",
    "State55", "play_random_hand", "check_card", "legal_cards", "plain_order", "ranking",
    "top_three", "trump_order", "HandScore", "score_hand", "BIDS", "SETTINGS", "TRUMP_ORDER",
    "SPEC",
]
