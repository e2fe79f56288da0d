"""What the tutor teaches of 55: its lesson questions and its guided hands, declared once
(:mod:`tutor.teach.interface`)."""

from .. import interface
from . import coach, guided, questions, views  # noqa: F401

TEACHING = interface.register(interface.Teaching(
    game=questions.GAME,
    parts={**questions.PARTS, "ranking_view": views.ranking_view,
           "table_facts": views.table_facts},
    kinds=questions.KINDS,
    coach=interface.CoachWords(
        reasons=coach.WORDS, spots=coach.SPOTS, facts=coach.facts, unit=coach.UNIT,
        calls=coach.call_words, choices=coach.CHOICES),
    house_rule_words=questions.house_rule_words,
    shown=questions.SHOWN))
