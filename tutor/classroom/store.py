"""Where a class lives while it runs: one database that every page's kernel reaches.

Each page has a kernel of its own, so the teacher's page and the learners' pages meet in a
database: SQLite (the standard library; WAL mode, so many kernels read while one writes) in a
data directory by default -- nothing to install, nothing to start -- or PostgreSQL (psycopg 3)
when ``TUTOR_DATABASE_URL`` names one, for a class served across several machines.  Both
through SQLAlchemy Core: one schema, in :data:`META`, versioned by :data:`MIGRATIONS`.

What is kept of a learner is a nickname and the answers, and :func:`classes.end_class
<tutor.classroom.classes.end_class>` deletes them with the class.
"""

from __future__ import annotations

import os
from pathlib import Path

import sqlalchemy as sa
from sqlalchemy.engine import Engine

ENV_URL = "TUTOR_DATABASE_URL"  # e.g. postgresql+psycopg://user@host/db
ENV_DIR = "TUTOR_DATA_DIR"  # where the SQLite file goes (default: ~/.local/share/trick-tutor)
SQLITE_NAME = "classes.sqlite3"

META = sa.MetaData()

CLASSES = sa.Table(
    "tt_classes", META,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("code", sa.String(12), nullable=False, unique=True),
    sa.Column("teacher_key", sa.String(64), nullable=False),  # sha256 of the teacher's key
    sa.Column("started", sa.Float, nullable=False),
    sa.Column("expires", sa.Float, nullable=False),
)

LEARNERS = sa.Table(
    "tt_learners", META,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("class_id", sa.Integer, sa.ForeignKey("tt_classes.id", ondelete="CASCADE"),
              nullable=False, index=True),
    sa.Column("nickname", sa.String(64), nullable=False),
    sa.Column("token", sa.String(64), nullable=False),  # sha256 of the learner's token
    sa.Column("joined", sa.Float, nullable=False),
    sa.UniqueConstraint("class_id", "nickname"),
)
# v3: what the nickname looks like (tutor.classroom.model.nickname_skeleton), one per class:
# "Ana" and a Cyrillic "Аna" cannot both join, even at the same instant
LEARNER_SKELETON = sa.Column("skeleton", sa.String(200), nullable=True)
LEARNERS.append_column(LEARNER_SKELETON)
LEARNER_SKELETON_INDEX = sa.Index("ix_tt_learners_skeleton", LEARNERS.c.class_id,
                                  LEARNERS.c.skeleton, unique=True)

QUESTIONS = sa.Table(
    "tt_questions", META,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("class_id", sa.Integer, sa.ForeignKey("tt_classes.id", ondelete="CASCADE"),
              nullable=False, index=True),
    sa.Column("number", sa.Integer, nullable=False),  # 1, 2, ... in the class
    sa.Column("spec", sa.Text, nullable=False),  # JSON: how any kernel makes the question again
    sa.Column("asked", sa.Float, nullable=False),
    sa.Column("revealed", sa.Float, nullable=True),
    sa.UniqueConstraint("class_id", "number"),
)
# v3: when the teacher's timer closes the question (None: no timer)
QUESTION_CLOSES = sa.Column("closes", sa.Float, nullable=True)
QUESTIONS.append_column(QUESTION_CLOSES)

ANSWERS = sa.Table(
    "tt_answers", META,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("question_id", sa.Integer, sa.ForeignKey("tt_questions.id", ondelete="CASCADE"),
              nullable=False, index=True),
    sa.Column("learner_id", sa.Integer, sa.ForeignKey("tt_learners.id", ondelete="CASCADE"),
              nullable=False),
    sa.Column("answer", sa.Text, nullable=False),  # JSON: the choice ids picked
    sa.Column("correct", sa.Boolean, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
    sa.UniqueConstraint("question_id", "learner_id"),  # one answer each: the first counts
)

LESSONS = sa.Table(  # the lesson a teacher is about to open: the server readies its pages
    "tt_lessons", META,
    sa.Column("class_id", sa.Integer, sa.ForeignKey("tt_classes.id", ondelete="CASCADE"),
              primary_key=True),  # one lesson per class at a time
    sa.Column("notebook", sa.String(200), nullable=False),  # relative to lessons/
    sa.Column("learners", sa.Integer, nullable=False),  # how many pages to ready
    sa.Column("asked", sa.Float, nullable=False),
    sa.Column("ready", sa.Integer, nullable=False, server_default="0"),  # the server says
    sa.Column("opened", sa.Integer, nullable=False, server_default="0"),  # the server says
)

JOIN_TRIES = sa.Table(  # v3: join attempts with a code that is no class, for the rate limit
    "tt_join_tries", META,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("who", sa.String(80), nullable=False, index=True),  # a page or a client
    sa.Column("at", sa.Float, nullable=False),
)

VERSION = sa.Table(
    "tt_schema", META,
    sa.Column("version", sa.Integer, nullable=False),
)


_V3_COLUMNS = ((LEARNERS, LEARNER_SKELETON), (QUESTIONS, QUESTION_CLOSES))


def _v1(conn) -> None:
    # the tables as declared now: a new database gets v3's columns here, and _v3 finds them
    META.create_all(conn, tables=[CLASSES, LEARNERS, QUESTIONS, ANSWERS])


def _v2(conn) -> None:
    META.create_all(conn, tables=[LESSONS])


def _v3(conn) -> None:
    inspect = sa.inspect(conn)
    for table, column in _V3_COLUMNS:
        if column.name not in {c["name"] for c in inspect.get_columns(table.name)}:
            kind = column.type.compile(dialect=conn.dialect)
            conn.execute(sa.text(f"ALTER TABLE {table.name} ADD COLUMN {column.name} {kind}"))
    LEARNER_SKELETON_INDEX.create(conn, checkfirst=True)
    META.create_all(conn, tables=[JOIN_TRIES])


# version -> the step that makes it from the one before; a new version appends a step (an
# ALTER, a new table), never edits an old one.
MIGRATIONS = {1: _v1, 2: _v2, 3: _v3}
SCHEMA_VERSION = max(MIGRATIONS)


def default_url() -> str:
    """``TUTOR_DATABASE_URL`` if set, else a SQLite file in ``TUTOR_DATA_DIR`` (or
    ``~/.local/share/trick-tutor``)."""
    url = os.environ.get(ENV_URL, "").strip()
    if url:
        return url
    folder = Path(os.environ.get(ENV_DIR) or Path.home() / ".local" / "share" / "trick-tutor")
    return f"sqlite:///{folder / SQLITE_NAME}"


def private_file(path: Path) -> None:
    """The SQLite file (and its folder) readable by this user only: nicknames are in it.
    SQLite makes the -wal and -shm files with the database file's mode."""
    if not path.parent.exists():
        path.parent.mkdir(parents=True, mode=0o700)
    os.close(os.open(path, os.O_CREAT | os.O_RDWR, 0o600))
    for name in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
        if name.exists():
            os.chmod(name, 0o600)


def _sqlite_pragmas(dbapi_conn, _record) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")  # readers never wait for the writer
    cur.execute("PRAGMA foreign_keys=ON")  # ON DELETE CASCADE
    cur.execute("PRAGMA busy_timeout=5000")  # another kernel writing: wait, do not fail
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA secure_delete=ON")  # a deleted nickname is overwritten, not left
    cur.close()


def forget(engine: Engine) -> None:
    """After a delete (a class ended or expired): SQLite's write-ahead log still holds the
    pages that had the nicknames until a checkpoint; copy it back and empty it."""
    if engine.dialect.name == "sqlite":
        with engine.connect() as conn:
            conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")


def connect(url: str | None = None) -> Engine:
    """An engine on ``url`` (default: :func:`default_url`) with the schema migrated to
    :data:`SCHEMA_VERSION`.  A URL that is not SQLite or PostgreSQL is refused."""
    url = url or default_url()
    name = sa.engine.make_url(url).get_backend_name()
    if name not in ("sqlite", "postgresql"):
        raise ValueError(f"{ENV_URL} must be a sqlite:// or postgresql:// URL, not {name}://")
    if name == "sqlite":
        database = sa.engine.make_url(url).database
        if database and database != ":memory:":
            private_file(Path(database))
        engine = sa.create_engine(url, connect_args={"timeout": 5})
        sa.event.listen(engine, "connect", _sqlite_pragmas)
    else:
        engine = sa.create_engine(url, pool_pre_ping=True, pool_size=2, max_overflow=4)
    migrate(engine)
    return engine


def version_of(engine: Engine) -> int:
    """The schema version the database holds (0: none yet)."""
    with engine.connect() as conn:
        if not sa.inspect(conn).has_table(VERSION.name):
            return 0
        return conn.execute(sa.select(VERSION.c.version)).scalar() or 0


def migrate(engine: Engine) -> int:
    """Bring the schema to :data:`SCHEMA_VERSION`, one step at a time, each in a transaction
    of its own (two kernels starting at once: the second finds the work done).  A database
    newer than this code is refused."""
    with engine.begin() as conn:
        VERSION.create(conn, checkfirst=True)
    for _ in range(2):  # once more if another kernel made the same tables meanwhile
        try:
            return _migrate(engine)
        except sa.exc.IntegrityError:
            continue
        except sa.exc.ProgrammingError:
            continue
    return _migrate(engine)


def _migrate(engine: Engine) -> int:
    have = version_of(engine)
    if have > SCHEMA_VERSION:
        raise RuntimeError(f"the class database has schema version {have}; this tutor knows "
                           f"{SCHEMA_VERSION} at most: update the tutor")
    for version in range(have + 1, SCHEMA_VERSION + 1):
        with engine.begin() as conn:
            MIGRATIONS[version](conn)
            if conn.execute(sa.select(sa.func.count()).select_from(VERSION)).scalar():
                conn.execute(VERSION.update().values(version=version))
            else:
                conn.execute(VERSION.insert().values(version=version))
    return SCHEMA_VERSION
