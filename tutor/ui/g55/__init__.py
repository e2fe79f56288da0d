"""The widgets of 55 only: the guided hand and the trump ladders."""

from .guided import GuidedHand55Widget, guided_hand
from .ranking import plain_ladder, trump_ladder, trump_ladders

__all__ = ["GuidedHand55Widget", "guided_hand", "plain_ladder", "trump_ladder", "trump_ladders"]
