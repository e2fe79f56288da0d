"""56 (the Kerala partnership game): rules as data (``tables``) plus hooks on ``tutor.engine``."""

from ...engine.messages import N_
from .. import registry as _registry
from . import bot as _bot
from . import cases as _cases  # noqa: F401  (registers the game's rule-case handlers)
from . import coach as _coach
from . import notation as _notation
from .auction import Auction56, Call56, Contract, parse_call, run_auction
from .conventions import Meaning, explain_auction
from .game import Game56, State56
from .play import card_points, check_card, legal_cards, ranking
from .settle import Settlement, settle
from .tables import PLAYERS, SETTINGS

SPEC = _registry.register(_registry.GameSpec(
    name="56", title=N_("56 (the Kerala partnership game)"), players=PLAYERS, default_players=6,
    game_class=Game56, state_class=State56, settings=SETTINGS, notation=_notation,
    bot=_bot.choose, rules_file="56.md", calls=("pass", "double", "redouble"),
    hooks={
        "coach": _coach.HOOKS,  # what the coach's search needs (tutor.games.coach)
        "trick_points": card_points,  # the card points a trick holds (56-POINTS)
        "rule_ids": {"lead": "56-LEAD", "void": "56-VOID"},  # who may lead anything, a void
        # seats go to the dealer's right; team 0 the even seats (56-SEATS, 56-TEAMS)
        "seating": {"turn_side": "right", "side_word": "team",
                    "teams": lambda n: (tuple(range(0, n, 2)), tuple(range(1, n, 2)))},
        "question_players": (4, 6, 8),  # the usual tables, for generated questions
        "call_words": lambda call: parse_call(call).spoken(),  # "Thirty Spades"
        "read_call": lambda text: str(parse_call(text)),  # "thirty spades" -> "30S"
        "bids_by_number": True,  # bids are a number and a denomination, not a short list
    }))

__all__ = ["Auction56", "Call56", "Contract", "parse_call", "run_auction", "Meaning",
           "explain_auction", "card_points", "check_card", "legal_cards", "ranking",
           "Settlement", "settle", "SETTINGS", "Game56", "State56", "SPEC"]
