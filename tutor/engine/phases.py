"""The phases every game's state goes through, by the names the games use.

A game may have more (55's ``discard``, ``trump`` and ``draw``; 56's ``cot_offer`` and
``cot_answer``) and names its end its own way (``game_over``, ``match_over``): those stay the
game's business.  Code above the games layer asks these three, and
:func:`tutor.games.registry.hand_over` for "no hand is being played"."""

DEAL = "deal"  # between hands: the next deal is a chance event
AUCTION = "auction"  # the players call in turn
PLAY = "play"  # cards are played to tricks

__all__ = ["DEAL", "AUCTION", "PLAY"]
