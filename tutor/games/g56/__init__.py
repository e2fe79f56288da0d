"""56 (the Kerala partnership game): rules as data (``tables``) plus hooks on ``tutor.engine``."""

from .auction import Auction56, Call56, Contract, parse_call, run_auction
from .conventions import Meaning, explain_auction
from .play import card_points, check_card, legal_cards, ranking
from .settle import Settlement, settle
from .tables import SETTINGS

__all__ = ["Auction56", "Call56", "Contract", "parse_call", "run_auction", "Meaning",
           "explain_auction", "card_points", "check_card", "legal_cards", "ranking",
           "Settlement", "settle", "SETTINGS"]
