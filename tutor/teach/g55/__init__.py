"""What the tutor teaches of 55: its lesson questions (registered with
:mod:`tutor.teach.questions` on import) and its guided hands."""

from . import coach, guided, questions, views  # noqa: F401
