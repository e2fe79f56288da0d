"""Class mode's shared state: the class a teacher runs and the learners who join it, kept in
a database that every page's kernel reaches (SQLite by default, PostgreSQL when
``TUTOR_DATABASE_URL`` says so).

A layer of its own between ``tutor.teach`` (which it uses to make and grade the questions) and
``tutor.ui`` (the teacher's and the learner's pages); it imports no UI module.
"""

from .classes import ClassError, Classroom, clean_code, clean_nickname, question_of

__all__ = ["ClassError", "Classroom", "clean_code", "clean_nickname", "question_of"]
