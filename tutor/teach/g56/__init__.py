"""What the tutor teaches of 56: its lesson questions and the bid explainer's questions
(registered with :mod:`tutor.teach.questions` on import), and its guided hands."""

from . import bidding, coach, guided, questions, views  # noqa: F401
