"""The games: each is rules as data (tables, settings) plus narrow hooks on ``tutor.engine``."""
