"""Trick Tutor: an interactive rules tutor for the card games 55 and 56."""

__version__ = "0.1.0"
