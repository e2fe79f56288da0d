"""Widgets for the lessons (ipywidgets 8).  Builders return a widget; the notebook displays it.

``tutor.ui`` may import ``tutor.engine`` and ``tutor.games``; never the reverse.
"""

from .boundary import safe
from .ranking import trump_ladder

__all__ = ["safe", "trump_ladder"]
