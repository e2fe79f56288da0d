"""The games: each is rules as data (tables, settings) plus narrow hooks on ``tutor.engine``."""

from . import g55, g56  # noqa: E402,F401  (each game registers itself: tutor.games.registry)
