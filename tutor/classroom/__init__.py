"""Class mode's shared state: the class a teacher runs and the learners who join it, kept in
a database that every page's kernel reaches (SQLite by default, PostgreSQL when
``TUTOR_DATABASE_URL`` says so).

A layer of its own between ``tutor.teach`` (which it uses to make and grade the questions) and
``tutor.ui`` (the teacher's and the learner's pages); it imports no UI module.  ``model`` is
the light part (value types, codes, nicknames); ``classes`` and ``store`` bring SQLAlchemy, so
a page imports them only once it starts or joins a class.
"""
