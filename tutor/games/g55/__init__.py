"""55 (Irish Twenty-Five family): rules as data (``tables``) plus hooks on ``tutor.engine``."""

from .auction import Auction, parse_call, run_auction
from .game import Discard, Draw, Game55, NameTrump, State55, play_random_hand
from .play import check_card, legal_cards, plain_order, ranking, top_three, trump_order
from .scoring import HandScore, score_hand
from .tables import BIDS, SETTINGS, TRUMP_ORDER

__all__ = [
    "Auction", "parse_call", "run_auction", "Discard", "Draw", "Game55", "NameTrump",
    "State55", "play_random_hand", "check_card", "legal_cards", "plain_order", "ranking",
    "top_three", "trump_order", "HandScore", "score_hand", "BIDS", "SETTINGS", "TRUMP_ORDER",
]
