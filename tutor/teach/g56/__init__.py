"""What the tutor teaches of 56: its lesson questions, its bidding and its guided hands,
declared once (:mod:`tutor.teach.interface`)."""

from .. import interface
from . import bidding, coach, guided, questions, views  # noqa: F401

TEACHING = interface.register(interface.Teaching(
    game=questions.GAME,
    parts={**questions.PARTS, "ranking_view": views.ranking_view,
           "table_facts": views.table_facts, "example_calls": views.example_calls},
    kinds={**questions.KINDS, **bidding.KINDS},
    coach=interface.CoachWords(
        reasons=coach.WORDS, spots=coach.SPOTS, facts=coach.facts, unit=coach.UNIT,
        calls=coach.call_words),
    house_rule_words=questions.house_rule_words,
    shown={**questions.SHOWN, **bidding.SHOWN}))
