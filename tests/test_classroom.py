"""Class mode's store and rules (tutor.classroom), on SQLite always and on PostgreSQL when
``TUTOR_TEST_DATABASE_URL`` names one (CI starts a cluster and sets it; on a machine without
one those cases skip and say so, except under CI=true, where they fail)."""

from __future__ import annotations

import json
import multiprocessing
import os
import uuid
from contextlib import contextmanager

import pytest
import sqlalchemy as sa
from wording import ANY, fits, said

from tutor.classroom import store
from tutor.classroom.classes import (
    JOIN_TRIES_ADDRESS_MAX,
    JOIN_TRIES_MAX,
    NO_CLASS,
    Classroom,
    _digest,
)
from tutor.classroom.model import (
    CLASS_HOURS,
    CODE_LENGTH,
    CODE_LETTERS,
    NICKNAME_MAX,
    ClassError,
    Standing,
    clean_code,
    clean_nickname,
    nickname_skeleton,
    question_of,
    standings_csv,
)

PG_ENV = "TUTOR_TEST_DATABASE_URL"
SPEC = {"kind": "trick_winner", "game": "55", "seed": 7}


def _pg_url() -> str:
    url = os.environ.get(PG_ENV, "")
    if not url:
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI must run the store tests on PostgreSQL: set {PG_ENV}")
        pytest.skip(f"no PostgreSQL server given: set {PG_ENV} "
                    "(e.g. postgresql+psycopg://tutor:tutor@127.0.0.1/tutor_test) to run these")
    return url


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request, tmp_path):
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'classes.sqlite3'}"
    base = _pg_url()
    # a schema of its own per test: tests never see each other's classes
    schema = "t_" + uuid.uuid4().hex[:12]
    admin = sa.create_engine(base)
    with admin.begin() as conn:
        conn.execute(sa.text(f"CREATE SCHEMA {schema}"))
    request.addfinalizer(lambda: _drop(admin, schema))
    sep = "&" if "?" in base else "?"
    return f"{base}{sep}options=-csearch_path%3D{schema}"


def _drop(admin, schema):
    with admin.begin() as conn:
        conn.execute(sa.text(f"DROP SCHEMA {schema} CASCADE"))
    admin.dispose()


class Clock:
    def __init__(self, t=1_800_000_000.0):
        self.t = t

    def __call__(self):
        return self.t


@pytest.fixture
def room(url):
    engine = store.connect(url)
    yield Classroom(engine, Clock())
    engine.dispose()


def right_answer(spec=SPEC):
    q = question_of(spec)
    return q.answer[0] if q.mode == "one" else list(q.answer)


def wrong_answer(spec=SPEC):
    q = question_of(spec)
    return next(c.id for c in q.choices if c.id not in q.answer)


# -- the schema -------------------------------------------------------------------------------
ONLY_THE_TEACHER = "only the teacher's page may do that"
TYPE_A_NICKNAME = "type a nickname (any name your class will know you by)"



@contextmanager
def refused(worded: str):
    """``pytest.raises(ClassError)``, its words the message ``worded`` (said(...), with ANY for
    a value not known)."""
    with pytest.raises(ClassError) as e:
        yield e
    assert fits(str(e.value), worded), str(e.value)


def cut_short() -> str:
    return said.n("Nicknames are {n} character at most: yours was cut short.",
                  "Nicknames are {n} characters at most: yours was cut short.", NICKNAME_MAX)


def taken(wanted: str, name: str) -> str:
    return said("Someone in this class is {wanted} already: you are {name}.", wanted=wanted,
                name=name)


def wait(seconds: int | None = None, tries: int | None = None) -> list[str]:
    """A page that tried too many codes is told to wait (``seconds``, ``tries``: None, any)."""
    forms = ("that was {tries} codes that are no class in a minute: wait {n} second, then check "
             "the code your teacher shows",
             "that was {tries} codes that are no class in a minute: wait {n} seconds, then check "
             "the code your teacher shows")
    if seconds is not None:
        return [said.n(*forms, seconds, tries=ANY if tries is None else tries)]
    return [said.n(*forms, k, n=ANY, tries=ANY if tries is None else tries) for k in (1, 2)]


@contextmanager
def told_to_wait(seconds: int | None = None, tries: int | None = None):
    with pytest.raises(ClassError) as e:
        yield e
    assert any(fits(str(e.value), w) for w in wait(seconds, tries)), str(e.value)


def test_a_new_database_gets_the_schema_and_a_second_connect_finds_it(url):
    engine = store.connect(url)
    assert store.version_of(engine) == store.SCHEMA_VERSION
    again = store.connect(url)
    assert store.version_of(again) == store.SCHEMA_VERSION
    with again.connect() as conn:
        assert conn.execute(sa.select(sa.func.count()).select_from(store.VERSION)).scalar() == 1
    engine.dispose()
    again.dispose()


def test_a_database_newer_than_the_code_is_refused(url):
    engine = store.connect(url)
    with engine.begin() as conn:
        conn.execute(store.VERSION.update().values(version=store.SCHEMA_VERSION + 1))
    # an operator's error, a RuntimeError with no message of the catalog: its words kept
    with pytest.raises(RuntimeError, match="update the tutor") as e:  # English kept
        store.connect(url)
    assert str(store.SCHEMA_VERSION + 1) in str(e.value)  # the version it found
    engine.dispose()


def test_an_other_database_url_is_refused():
    with pytest.raises(ValueError, match="sqlite:// or postgresql://"):  # an operator's error
        store.connect("mysql://somewhere/db")


def test_the_default_is_a_sqlite_file_in_the_data_dir(tmp_path, monkeypatch):
    monkeypatch.delenv(store.ENV_URL, raising=False)
    monkeypatch.setenv(store.ENV_DIR, str(tmp_path / "data"))
    assert store.default_url() == f"sqlite:///{tmp_path / 'data' / store.SQLITE_NAME}"
    engine = store.connect()
    with engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
    engine.dispose()


# -- codes and nicknames -----------------------------------------------------------------------
def test_class_codes_have_no_look_alike_letters(room):
    codes = {room.start().code for _ in range(30)}
    assert len(codes) == 30
    for code in codes:
        assert len(code) == CODE_LENGTH and set(code) <= set(CODE_LETTERS)
    assert not set(CODE_LETTERS) & set("0O1IL2Z5S8BQDUVG6")


def test_a_code_is_read_as_typed_and_a_bad_one_is_named():
    assert clean_code(" ace-fh ") == "ACEFH"
    five = said.n("a class code is {n} letter, such as {example}: check the code your teacher "
                  "shows",
                  "a class code is {n} letters, such as {example}: check the code your teacher "
                  "shows", 5, example=CODE_LETTERS[:5])
    for bad, words in (("", said("type the class code your teacher shows")), ("ACEF", five),
                       ("ACEF0", five), ("<b>XX", five)):
        with refused(words):
            clean_code(bad)


def test_nicknames_are_text_cut_to_size_and_never_empty():
    assert clean_nickname("  Ana   Maria ") == ("Ana Maria", "")
    assert clean_nickname("<b>Bo</b>") == ("<b>Bo</b>", "")  # kept as text; shown escaped
    long, note = clean_nickname("x" * 10_000)
    assert long == "x" * NICKNAME_MAX and note == cut_short()
    assert clean_nickname("a\u202eb\x00c\u200b")[0] == "abc"  # control and format characters
    for bad in ("", "   ", "\u200b\x07"):
        with refused(said(TYPE_A_NICKNAME)):
            clean_nickname(bad)


# -- a class from start to end -------------------------------------------------------------------
def test_a_class_from_start_to_reveal(room):
    started = room.start()
    ana = room.join(started.code, "Ana")
    bo = room.join(started.code.lower(), "Bo")
    assert room.joined(started.code) == 2
    assert room.current(started.code) is None
    n = room.ask(started.code, started.key, SPEC)
    assert n == 1
    asked = room.current(started.code)
    assert (asked.number, asked.spec, asked.revealed) == (1, SPEC, False)
    assert asked.question().prompt == question_of(SPEC).prompt
    got = room.answer(started.code, ana.token, 1, right_answer())
    assert got.first and got.correct
    got = room.answer(started.code, bo.token, 1, wrong_answer())
    assert got.first and not got.correct
    tally = room.tally(started.code, started.key, 1)
    assert (tally.joined, tally.answered, tally.right, tally.revealed) == (2, 2, 1, False)
    assert tally.counts == {right_answer(): 1, wrong_answer(): 1}
    room.reveal(started.code, started.key, 1)
    assert room.current(started.code).revealed
    assert room.tally(started.code, started.key, 1).revealed
    assert [r[1:] for r in room.scoreboard(started.code)] == [("Ana", 1, 1), ("Bo", 0, 1)]
    assert room.ask(started.code, started.key, dict(SPEC, seed=8)) == 2


def test_only_the_first_answer_counts_and_the_second_is_told_so(room):
    c = room.start()
    ana = room.join(c.code, "Ana")
    room.ask(c.code, c.key, SPEC)
    assert room.answer(c.code, ana.token, 1, wrong_answer()).first
    again = room.answer(c.code, ana.token, 1, right_answer())
    assert not again.first and not again.correct and again.picked == (wrong_answer(),)
    assert room.tally(c.code, c.key, 1).answered == 1
    assert room.my_answer(c.code, ana.token, 1).picked == (wrong_answer(),)


def test_no_answer_after_the_reveal_or_to_an_old_question(room):
    c = room.start()
    ana, bo = room.join(c.code, "Ana"), room.join(c.code, "Bo")
    room.ask(c.code, c.key, SPEC)
    room.reveal(c.code, c.key, 1)
    with refused(said("the answers to this question are shown already: wait for the next one")):
        room.answer(c.code, ana.token, 1, right_answer())
    room.ask(c.code, c.key, dict(SPEC, seed=9))
    with refused(said("your teacher has asked another question since")):
        room.answer(c.code, bo.token, 1, right_answer())
    assert room.tally(c.code, c.key, 1).answered == 0


def test_an_answer_that_is_no_choice_is_refused_in_words(room):
    c = room.start()
    ana = room.join(c.code, "Ana")
    room.ask(c.code, c.key, SPEC)
    with refused(said("{where}: {problem}", where="answer", problem=said(
            "{choice} is not one of the choices", choice=repr("99")))):
        room.answer(c.code, ana.token, 1, "99")
    assert room.answer(c.code, ana.token, 1, right_answer()).first


def test_a_taken_nickname_gets_a_number_and_a_returning_learner_their_place(room):
    c = room.start()
    ana = room.join(c.code, "Ana")
    ana2 = room.join(c.code, "ana")
    assert ana2.nickname == "ana 2" and ana2.note == taken("ana", "ana 2")
    assert room.join(c.code, "Ana").nickname == "Ana 3"
    room.ask(c.code, c.key, SPEC)
    room.answer(c.code, ana.token, 1, right_answer())
    back = room.join(c.code, "whatever", token=ana.token)  # the tab closed and opened again
    assert back.back and back.learner == ana.learner and back.nickname == "Ana"
    assert not room.answer(c.code, back.token, 1, wrong_answer()).first
    assert room.joined(c.code) == 3
    assert [row.nickname for row in room.scoreboard(c.code)] == ["Ana", "ana 2", "Ana 3"]
    # a token of another class is no way in
    other = room.start()
    stranger = room.join(other.code, "Cy", token=ana.token)
    assert not stranger.back and stranger.token != ana.token


def test_long_and_html_nicknames_are_kept_as_text(room):
    c = room.start()
    j = room.join(c.code, "<img src=x onerror=alert(1)>" + "y" * 10_000)
    assert len(j.nickname) == NICKNAME_MAX and j.note == cut_short()
    assert room.scoreboard(c.code)[0].nickname == j.nickname


def test_the_teachers_controls_need_the_teachers_key(room):
    c = room.start()
    ana = room.join(c.code, "Ana")
    for bad in ("", "nope", ana.token, c.key + "x"):
        with refused(said(ONLY_THE_TEACHER)):
            room.ask(c.code, bad, SPEC)
        with refused(said(ONLY_THE_TEACHER)):
            room.end(c.code, bad)
    room.ask(c.code, c.key, SPEC)
    with refused(said(ONLY_THE_TEACHER)):
        room.reveal(c.code, "nope", 1)
    with refused(said(ONLY_THE_TEACHER)):
        room.tally(c.code, ana.token, 1)
    other = room.start()
    with refused(said(ONLY_THE_TEACHER)):  # one class's key, another class
        room.ask(other.code, c.key, SPEC)
    with room.engine.connect() as conn:  # the key itself is not kept
        kept = conn.execute(sa.select(store.CLASSES.c.teacher_key)).scalars().all()
    assert c.key not in kept


def test_a_bad_question_spec_is_refused(room):
    c = room.start()
    for spec, words in (({"kind": "nope", "game": "55", "seed": 1},
                         said("unknown question kind {kind} (known: {kinds})", kind=repr("nope"),
                              kinds=ANY)),
                        ({"kind": "trick_winner", "game": "57", "seed": 1},
                         said("game must be one of {games}, not {game}", games=ANY,
                              game=repr("57")))):
        with refused(words):
            room.ask(c.code, c.key, spec)
    assert room.current(c.code) is None


def test_end_deletes_everything_of_the_class_and_nothing_of_another(room):
    c, other = room.start(), room.start()
    ana, cy = room.join(c.code, "Ana"), room.join(other.code, "Cy")
    room.ask(c.code, c.key, SPEC)
    room.ask(other.code, other.key, SPEC)
    room.answer(c.code, ana.token, 1, right_answer())
    room.answer(other.code, cy.token, 1, right_answer())
    room.end(c.code, c.key)
    with refused(said(NO_CLASS, code=c.code)):
        room.join(c.code, "Bo")
    with refused(said(NO_CLASS, code=c.code)):
        room.answer(c.code, ana.token, 1, right_answer())
    with room.engine.connect() as conn:
        for table in (store.LEARNERS, store.QUESTIONS, store.ANSWERS):
            assert conn.execute(sa.select(sa.func.count()).select_from(table)).scalar() == 1
        assert "Ana" not in conn.execute(sa.select(store.LEARNERS.c.nickname)).scalars().all()
    # Cy's answer counts as given; as right once the other class's question is revealed
    assert [r[1:] for r in room.scoreboard(other.code)] == [("Cy", 0, 1)]
    room.reveal(other.code, other.key, 1)
    assert [r[1:] for r in room.scoreboard(other.code)] == [("Cy", 1, 1)]


def test_two_classes_at_once_never_see_each_others_data(room):
    a, b = room.start(), room.start()
    room.join(a.code, "Ana")
    room.join(b.code, "Ana")  # the same nickname in another class is free
    room.ask(a.code, a.key, SPEC)
    assert room.current(b.code) is None
    assert room.joined(a.code) == room.joined(b.code) == 1
    assert room.tally(a.code, a.key, 1).joined == 1
    with refused(said("this class has no question {number}", number=1)):
        room.tally(b.code, b.key, 1)


def test_a_class_expires_and_is_cleared_by_the_next_start(room):
    c = room.start()
    room.join(c.code, "Ana")
    room.clock.t += CLASS_HOURS * 3600 + 1
    with refused(said(NO_CLASS, code=c.code)):
        room.join(c.code, "Bo")
    room.start()
    with room.engine.connect() as conn:
        assert conn.execute(sa.select(sa.func.count()).select_from(store.LEARNERS)).scalar() == 0
        assert conn.execute(sa.select(store.CLASSES.c.code)).scalars().all() != [c.code]


def test_a_restarted_server_finds_the_class_as_it_was(url):
    first = store.connect(url)
    room = Classroom(first, Clock())
    c = room.start()
    ana = room.join(c.code, "Ana")
    room.ask(c.code, c.key, SPEC)
    room.answer(c.code, ana.token, 1, right_answer())
    first.dispose()  # the server (and every kernel) goes away
    again = Classroom(store.connect(url), Clock())
    assert again.current(c.code).spec == SPEC
    assert again.tally(c.code, c.key, 1).answered == 1
    assert again.join(c.code, "", token=ana.token).back
    again.engine.dispose()


# -- what the teacher sees, and keeps ---------------------------------------------------------
def test_the_scoreboard_says_nothing_of_right_or_wrong_before_the_reveal(room):
    c = room.start()
    ana, bo = room.join(c.code, "Ana"), room.join(c.code, "Bo")
    room.ask(c.code, c.key, SPEC)
    room.answer(c.code, ana.token, 1, right_answer())
    room.answer(c.code, bo.token, 1, wrong_answer())
    before = room.scoreboard(c.code)
    assert [(r.nickname, r.right, r.answered) for r in before] == [("Ana", 0, 1), ("Bo", 0, 1)]
    room.reveal(c.code, c.key, 1)
    after = room.scoreboard(c.code)
    assert [(r.nickname, r.right, r.answered) for r in after] == [("Ana", 1, 1), ("Bo", 0, 1)]


def test_the_teacher_removes_a_learner_and_their_answers(room):
    c = room.start()
    ana, rude = room.join(c.code, "Ana"), room.join(c.code, "Rude name")
    room.ask(c.code, c.key, SPEC)
    room.answer(c.code, rude.token, 1, right_answer())
    with refused(said(ONLY_THE_TEACHER)):
        room.remove(c.code, ana.token, rude.learner)
    assert room.remove(c.code, c.key, rude.learner) == "Rude name"
    assert [r.nickname for r in room.scoreboard(c.code)] == ["Ana"]
    assert room.tally(c.code, c.key, 1).answered == 0
    with refused(said("join the class first")):  # the removed page is out
        room.answer(c.code, rude.token, 1, right_answer())
    gone = said("that learner is not in this class (removed already?)")
    with refused(gone):
        room.remove(c.code, c.key, rude.learner)
    other = room.start()
    cy = room.join(other.code, "Cy")
    with refused(gone):  # one class's key, another's learner
        room.remove(c.code, c.key, cy.learner)


def test_the_standings_as_csv_keep_a_formula_as_text():
    rows = [Standing(1, "Ana", 2, 2), Standing(2, "=HYPERLINK(\"x\")", 1, 2),
            Standing(4, "Cy", 1, 1), Standing(3, "Bo, \"the\" best", 0, 1)]
    text = standings_csv("ACEFH", rows)
    assert text.splitlines() == [
        "class,rank,nickname,right,answered", "ACEFH,1,Ana,2,2",
        "ACEFH,2,\"'=HYPERLINK(\"\"x\"\")\",1,2", "ACEFH,2,Cy,1,1",
        "ACEFH,4,\"Bo, \"\"the\"\" best\",0,1"]


def test_a_timed_question_takes_no_answer_once_its_time_is_up(room):
    c = room.start()
    ana, bo = room.join(c.code, "Ana"), room.join(c.code, "Bo")
    room.ask(c.code, c.key, SPEC, timer=20)
    asked = room.current(c.code)
    assert asked.closes == asked.asked + 20
    room.clock.t += 20.5  # within the grace: an answer on its way as the time ended
    assert room.answer(c.code, ana.token, 1, right_answer()).first
    room.clock.t += 1
    with refused(said("time is up for this question: wait for the next one")):
        room.answer(c.code, bo.token, 1, right_answer())
    with refused(said("the timer must be one of {timers} seconds, not {timer}",
                      timers="0, 20, 30, 60", timer="5")):
        room.ask(c.code, c.key, SPEC, timer=5)


# -- joining: no oracle, no look-alikes, no guessing ------------------------------------------
def test_a_missing_nickname_is_said_alike_for_a_class_and_for_no_class(room):
    c = room.start()
    unknown = "".join(reversed(c.code)) if c.code[::-1] != c.code else "ACEFH"
    told = []
    for code in (c.code, unknown):
        for token in (None, "forged-token"):
            with pytest.raises(ClassError) as err:
                room.join(code, "  ", token=token)
            told.append(str(err.value))
    assert len(set(told)) == 1 and told[0] == said(TYPE_A_NICKNAME)


def test_look_alike_and_blank_nicknames(room):
    c = room.start()
    assert room.join(c.code, "Ana").nickname == "Ana"
    for lookalike in ("Ana\u3164", "\u0410na", "\uff21\uff4e\uff41", "ANA", "A n a"):
        j = room.join(c.code, lookalike)
        assert j.nickname != "Ana" and j.nickname.endswith(tuple("23456")), lookalike
        assert j.note == taken(clean_nickname(lookalike)[0], j.nickname)
    for blank in ("\u3164", "\u2800\u2800", "\u115f\u200b", "\u3164 \u3164"):
        with refused(said(TYPE_A_NICKNAME)):
            room.join(c.code, blank)
    assert room.join(c.code, "Anna").nickname == "Anna"  # another name is another name
    assert nickname_skeleton("Sam") != nickname_skeleton("Pam")


def test_guessing_codes_is_rate_limited_per_page_and_per_client(url):
    engine = store.connect(url)
    clock = Clock()
    teacher = Classroom(engine, clock)
    c = teacher.start()
    page = Classroom(engine, clock, client="browser-1")
    codes = [x for x in ("ACEFH", "CEFHJ", "EFHJK", "FHJKM", "HJKMN", "JKMNP", "KMNPR",
                         "MNPRT", "NPRTW", "PRTWX") if x != c.code]
    for code in codes[:JOIN_TRIES_MAX]:
        with refused(said(NO_CLASS, code=code)):
            page.join(code, "Eve")
    for code in (codes[JOIN_TRIES_MAX], c.code):  # even the right code waits now
        with told_to_wait(60, JOIN_TRIES_MAX):
            page.join(code, "Eve")
    # another page of the same browser waits too; another browser's page does not
    with told_to_wait():
        Classroom(engine, clock, client="browser-1").join(c.code, "Eve")
    assert Classroom(engine, clock, client="browser-2").join(c.code, "Ana").nickname == "Ana"
    clock.t += 61  # a minute later the page may try again
    assert page.join(c.code, "Eve").nickname == "Eve"
    # a script sending a new cookie with every page is still one address
    clock.t += 61
    for i in range(JOIN_TRIES_ADDRESS_MAX):
        fresh = Classroom(engine, clock, client=f"forged-{i}", address="router")
        with refused(said(NO_CLASS, code=codes[i % len(codes)])):
            fresh.join(codes[i % len(codes)], "Eve")
    with told_to_wait():
        Classroom(engine, clock, client="forged-new", address="router").join(c.code, "Eve")
    assert Classroom(engine, clock, client="b3", address="elsewhere").join(c.code, "Cy")
    engine.dispose()


def test_the_database_files_are_private_and_an_ended_class_leaves_no_nickname(tmp_path):
    folder = tmp_path / "data"
    db = folder / "classes.sqlite3"
    engine = store.connect(f"sqlite:///{db}")
    room = Classroom(engine, Clock())
    c = room.start()
    names = [f"Zebedee{i}" for i in range(4)]
    for name in names:
        room.join(c.code, name)
    room.ask(c.code, c.key, SPEC)
    room.end(c.code, c.key)
    for path in folder.iterdir():
        assert path.stat().st_mode & 0o077 == 0, path  # the owner's only
        assert b"Zebedee" not in path.read_bytes(), path
    assert folder.stat().st_mode & 0o077 == 0
    engine.dispose()


def _processes():
    """Processes that start as a kernel's would, each with its own engine and connections, but
    forked from a server process that imported this module once (forkserver): spawning thirty
    imported SQLAlchemy and the tutor thirty times, about a CPU second each (issue #37)."""
    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload(["sqlalchemy", "tutor.classroom.classes", "tutor.classroom.store",
                                "tutor.teach.questions", __name__])
    return ctx


def _join_process(url, code, nickname, out):
    room = Classroom(store.connect(url))
    try:
        out.put(room.join(code, nickname).nickname)
    except Exception as exc:  # reported to the test, which fails on it
        out.put(repr(exc))
    finally:
        room.engine.dispose()


@pytest.mark.slow
def test_ten_learners_joining_at_once_as_sam_are_ten_names(url):
    room = Classroom(store.connect(url))
    c = room.start()
    ctx = _processes()
    out = ctx.Queue()
    procs = [ctx.Process(target=_join_process, args=(url, c.code, "Sam", out))
             for _ in range(10)]
    for p in procs:
        p.start()
    got = [out.get(timeout=120) for _ in procs]
    for p in procs:
        p.join(60)
    assert all(not g.startswith(("ClassError", "IntegrityError", "OperationalError"))
               and "Error" not in g for g in got), got
    assert sorted(got) == sorted(["Sam"] + [f"Sam {k}" for k in range(2, 11)])
    room.engine.dispose()


# -- many kernels at once ----------------------------------------------------------------------
def _learner_process(url, code, nickname, number, answer, out):
    room = Classroom(store.connect(url))
    try:
        j = room.join(code, nickname)
        got = room.answer(code, j.token, number, answer)
        out.put((nickname, got.first))
    except Exception as exc:  # reported to the test, which fails on it
        out.put((nickname, repr(exc)))
    finally:
        room.engine.dispose()


@pytest.mark.slow
def test_thirty_kernels_answering_at_once_lose_no_answer(url):
    room = Classroom(store.connect(url))
    c = room.start()
    room.ask(c.code, c.key, SPEC)
    ctx = _processes()
    out = ctx.Queue()
    procs = [ctx.Process(target=_learner_process,
                         args=(url, c.code, f"L{i}", 1, right_answer(), out)) for i in range(30)]
    for p in procs:
        p.start()
    results = [out.get(timeout=120) for _ in procs]
    for p in procs:
        p.join(30)
    assert sorted(results) == sorted((f"L{i}", True) for i in range(30))
    tally = room.tally(c.code, c.key, 1)
    assert (tally.joined, tally.answered, tally.right) == (30, 30, 30)
    room.engine.dispose()


def test_the_store_keeps_no_question_text_only_the_spec(room):
    c = room.start()
    room.ask(c.code, c.key, SPEC)
    with room.engine.connect() as conn:
        (spec,) = conn.execute(sa.select(store.QUESTIONS.c.spec)).one()
    assert json.loads(spec) == SPEC


# -- a lesson together ------------------------------------------------------------------------
LESSON = "55/04-renege.ipynb"


def _v1_schema() -> sa.MetaData:
    """The schema of version 1 as it was made (before v3's skeleton and timer columns)."""
    meta, key = sa.MetaData(), sa.ForeignKey
    sa.Table("tt_schema", meta, sa.Column("version", sa.Integer, nullable=False))
    sa.Table("tt_classes", meta, sa.Column("id", sa.Integer, primary_key=True),
             sa.Column("code", sa.String(12), nullable=False, unique=True),
             sa.Column("teacher_key", sa.String(64), nullable=False),
             sa.Column("started", sa.Float, nullable=False),
             sa.Column("expires", sa.Float, nullable=False))
    sa.Table("tt_learners", meta, sa.Column("id", sa.Integer, primary_key=True),
             sa.Column("class_id", sa.Integer, key("tt_classes.id", ondelete="CASCADE"),
                       nullable=False),
             sa.Column("nickname", sa.String(64), nullable=False),
             sa.Column("token", sa.String(64), nullable=False),
             sa.Column("joined", sa.Float, nullable=False),
             sa.UniqueConstraint("class_id", "nickname"))
    sa.Table("tt_questions", meta, sa.Column("id", sa.Integer, primary_key=True),
             sa.Column("class_id", sa.Integer, key("tt_classes.id", ondelete="CASCADE"),
                       nullable=False),
             sa.Column("number", sa.Integer, nullable=False),
             sa.Column("spec", sa.Text, nullable=False),
             sa.Column("asked", sa.Float, nullable=False),
             sa.Column("revealed", sa.Float, nullable=True),
             sa.UniqueConstraint("class_id", "number"))
    sa.Table("tt_answers", meta, sa.Column("id", sa.Integer, primary_key=True),
             sa.Column("question_id", sa.Integer, key("tt_questions.id", ondelete="CASCADE"),
                       nullable=False),
             sa.Column("learner_id", sa.Integer, key("tt_learners.id", ondelete="CASCADE"),
                       nullable=False),
             sa.Column("answer", sa.Text, nullable=False),
             sa.Column("correct", sa.Boolean, nullable=False),
             sa.Column("at", sa.Float, nullable=False),
             sa.UniqueConstraint("question_id", "learner_id"))
    return meta


def test_a_version_1_database_is_migrated_and_keeps_its_classes(url):
    engine = sa.create_engine(url)
    v1 = _v1_schema()
    with engine.begin() as conn:
        v1.create_all(conn)
        t = v1.tables
        conn.execute(t["tt_schema"].insert().values(version=1))
        cid = conn.execute(t["tt_classes"].insert().values(
            code="ACEFH", teacher_key=_digest("k"), started=0.0, expires=4e9)
        ).inserted_primary_key[0]
        conn.execute(t["tt_learners"].insert().values(class_id=cid, nickname="Ana", token="t",
                                                      joined=0.0))
    engine.dispose()
    engine = store.connect(url)
    assert store.version_of(engine) == store.SCHEMA_VERSION == 3
    with engine.connect() as conn:
        assert sa.inspect(conn).has_table(store.LESSONS.name)
        assert sa.inspect(conn).has_table(store.JOIN_TRIES.name)
        assert conn.execute(sa.select(store.CLASSES.c.code)).scalars().all() == ["ACEFH"]
    room = Classroom(engine, Clock())
    # the learner of before v3 has no skeleton kept, and still no look-alike joins beside her
    assert room.join("ACEFH", "Аna").nickname == "Аna 2"
    room.ask("ACEFH", "k", SPEC, timer=20)
    assert room.current("ACEFH").closes == room.clock() + 20
    engine.dispose()


def test_the_teacher_readies_a_lesson_and_the_server_sees_it_until_the_class_ends(room):
    c, other = room.start(), room.start()
    assert room.lesson(c.code) is None and room.lessons_wanted(600) == []
    room.open_lesson(c.code, c.key, LESSON, 30)
    wanted = room.lessons_wanted(600)
    assert [(w.notebook, w.learners) for w in wanted] == [(LESSON, 30)]
    room.lesson_progress(wanted[0].class_id, LESSON, 12, 3)
    lesson = room.lesson(c.code)
    assert (lesson.notebook, lesson.learners, lesson.ready, lesson.opened) == (LESSON, 30, 12, 3)
    room.open_lesson(c.code, c.key, "56/02-ranks.ipynb", 5)  # another one replaces it
    assert [(w.notebook, w.learners, w.ready) for w in room.lessons_wanted(600)] == [
        ("56/02-ranks.ipynb", 5, 0)]
    room.open_lesson(other.code, other.key, LESSON, 2)
    assert len(room.lessons_wanted(600)) == 2
    room.end(c.code, c.key)
    assert [w.notebook for w in room.lessons_wanted(600)] == [LESSON]
    room.close_lesson(other.code, other.key)
    assert room.lessons_wanted(600) == [] and room.lesson(other.code) is None


def test_a_lesson_readied_long_ago_is_no_longer_wanted(room):
    c = room.start()
    room.open_lesson(c.code, c.key, LESSON, 10)
    room.clock.t += 1801
    assert room.lessons_wanted(1800) == []
    assert room.lesson(c.code).notebook == LESSON  # the learners' link stays


def test_readying_a_lesson_needs_the_teachers_key_a_lesson_and_a_sane_count(room):
    c = room.start()
    with refused(said(ONLY_THE_TEACHER)):
        room.open_lesson(c.code, "not the key", LESSON, 3)
    for bad in ("class.ipynb", "../secret.ipynb", "55/99-none.ipynb", ""):
        with refused(said("{notebook} is not a lesson of the map", notebook=repr(bad))):
            room.open_lesson(c.code, c.key, bad, 3)
    for bad in (0, -1, 201):
        with refused(said("the number of learners must be 1 to {most}, not {count}", most=200,
                          count=bad)):
            room.open_lesson(c.code, c.key, LESSON, bad)
    with refused(said("the number of learners must be a whole number, not {learners}",
                      learners=repr("many"))):
        room.open_lesson(c.code, c.key, LESSON, "many")
    with refused(said(ONLY_THE_TEACHER)):
        room.close_lesson(c.code, "")
