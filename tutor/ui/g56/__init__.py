"""The widgets of 56 only: the guided hand, the bid explainer and the seating."""

from .bidding import bid_explainer
from .guided import GuidedHand56Widget, guided_hand_56
from .seating import seating_56

__all__ = ["GuidedHand56Widget", "guided_hand_56", "bid_explainer", "seating_56"]
