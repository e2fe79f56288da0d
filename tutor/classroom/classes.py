"""A live class: the teacher starts it, learners join with its code and a nickname, the
teacher asks a question, every learner answers once, the teacher reveals the answers, and the
class ends (its data deleted).

Every call goes to the database (:mod:`tutor.classroom.store`), so the teacher's page and each
learner's page -- each its own kernel, perhaps on other machines -- see one class.  What the
teacher may do (ask, reveal, end) needs the teacher's key, which only the teacher's page holds
(the database keeps its SHA-256, and every such call checks it here, in the kernel: a learner's
page cannot skip the check).  A learner is known by a token their browser keeps: the same
browser coming back gets the same place on the scoreboard.

A question is kept as its *spec* (``{"kind": ..., "game": ..., "seed": ...}``): any kernel makes
the same question again from it (:func:`tutor.teach.questions.make_question`), so the store holds
no question text and no answer key, and a restarted server finds the class as it was.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import time
from collections import Counter
from typing import Callable

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from ..engine.messages import N_, msg, nmsg, render
from ..teach.content import PAGES
from ..teach.questions import check_kind
from . import store
from .model import (
    CLASS_HOURS,
    CODE_LENGTH,
    CODE_LETTERS,
    LESSON_LEARNERS_MAX,
    NICKNAME_MAX,
    TIMERS,
    Answered,
    Asked,
    ClassError,
    Joined,
    Lesson,
    Standing,
    Started,
    Tally,
    clean_code,
    clean_nickname,
    nickname_skeleton,
    question_of,
)
from .store import ANSWERS, CLASSES, JOIN_TRIES, LEARNERS, LESSONS, QUESTIONS

# Joins with a code that is no class: at most JOIN_TRIES_MAX in JOIN_WINDOW seconds for a page,
# and as many for a client (its browser, as the server knows it): a code cannot be guessed by
# trying them (15**5 codes; 8 a minute from each of a client's pages takes weeks).
JOIN_TRIES_MAX = 8
# ... and from one address (every browser behind a school's router, or a script that sends a
# new cookie with each page): a class mistyping its code now and then stays far below it
JOIN_TRIES_ADDRESS_MAX = 60
JOIN_WINDOW = 60.0
CLOSE_GRACE = 1.0  # an answer sent as the timer ends is still on its way: taken this much later
NO_CLASS = N_("there is no class {code} now: it has ended, or the code is mistyped")


def _digest(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


class Classroom:
    """The classes in one database.  ``clock``: seconds since the epoch (tests pass their
    own)."""

    def __init__(self, engine: Engine | None = None, clock: Callable[[], float] = time.time,
                 client: str | None = None, address: str | None = None):
        self.engine = engine if engine is not None else store.connect()
        self.clock = clock
        # who joins through this object, for the rate limit of joins: this page (a Classroom
        # per kernel), and the client (the browser) when the server says which
        # and the address it comes from: (key, most tries a minute)
        self.who = [("page:" + secrets.token_hex(8), JOIN_TRIES_MAX)]
        if client:
            self.who.append((f"client:{client}"[:80], JOIN_TRIES_MAX))
        if address:
            self.who.append((f"address:{address}"[:80], JOIN_TRIES_ADDRESS_MAX))

    # -- the teacher -------------------------------------------------------------------------
    def start(self) -> Started:
        """A new class with a fresh code; classes past their time are deleted first."""
        now = self.clock()
        key = secrets.token_urlsafe(24)
        with self.engine.begin() as conn:
            gone = conn.execute(CLASSES.delete().where(CLASSES.c.expires < now)).rowcount
            conn.execute(JOIN_TRIES.delete().where(JOIN_TRIES.c.at < now - JOIN_WINDOW))
        if gone:
            store.forget(self.engine)
        with self.engine.begin() as conn:
            for _ in range(20):
                code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
                if conn.execute(sa.select(CLASSES.c.id).where(CLASSES.c.code == code)).first():
                    continue
                conn.execute(CLASSES.insert().values(code=code, teacher_key=_digest(key),
                                                     started=now,
                                                     expires=now + CLASS_HOURS * 3600))
                return Started(code, key)
        raise ClassError(render(msg("no free class code was found: try again")))

    def ask(self, code: str, key: str, spec: dict, timer: int = 0) -> int:
        """Ask the class a question (its spec, checked by making it); the question before is
        closed.  ``timer``: seconds the learners have to answer (one of :data:`TIMERS`; 0, no
        limit).  Returns its number in the class."""
        if timer not in TIMERS:
            raise ClassError(render(msg("the timer must be one of {timers} seconds, not {timer}",
                                        timers=", ".join(map(str, TIMERS)), timer=repr(timer))))
        spec = {"kind": str(spec["kind"]), "game": str(spec["game"]), "seed": int(spec["seed"]),
                **({"position": str(spec["position"])} if spec.get("position") else {})}
        try:
            check_kind(spec["kind"], spec["game"])
        except Exception as exc:
            raise ClassError(str(exc)) from None
        question_of(spec)
        now = self.clock()
        with self.engine.begin() as conn:
            cid = self._teacher(conn, code, key)
            last = conn.execute(sa.select(sa.func.max(QUESTIONS.c.number))
                                .where(QUESTIONS.c.class_id == cid)).scalar() or 0
            conn.execute(QUESTIONS.update().where(QUESTIONS.c.class_id == cid,
                                                  QUESTIONS.c.revealed.is_(None))
                         .values(revealed=now))  # the question before takes no more answers
            conn.execute(QUESTIONS.insert().values(class_id=cid, number=last + 1,
                                                   spec=json.dumps(spec), asked=now,
                                                   closes=now + timer if timer else None))
        return last + 1

    def reveal(self, code: str, key: str, number: int) -> None:
        """Close question ``number`` and show its answers: no answer counts after this."""
        with self.engine.begin() as conn:
            cid = self._teacher(conn, code, key)
            done = conn.execute(QUESTIONS.update()
                                .where(QUESTIONS.c.class_id == cid, QUESTIONS.c.number == number,
                                       QUESTIONS.c.revealed.is_(None))
                                .values(revealed=self.clock()))
            if not done.rowcount and not conn.execute(
                    sa.select(QUESTIONS.c.id).where(QUESTIONS.c.class_id == cid,
                                                    QUESTIONS.c.number == number)).first():
                raise ClassError(render(msg("this class has no question {number}",
                                            number=number)))

    def end(self, code: str, key: str) -> None:
        """End the class: everything kept of it -- nicknames, questions, answers -- is
        deleted."""
        with self.engine.begin() as conn:
            cid = self._teacher(conn, code, key)
            qids = sa.select(QUESTIONS.c.id).where(QUESTIONS.c.class_id == cid)
            conn.execute(ANSWERS.delete().where(ANSWERS.c.question_id.in_(qids)))
            conn.execute(QUESTIONS.delete().where(QUESTIONS.c.class_id == cid))
            conn.execute(LESSONS.delete().where(LESSONS.c.class_id == cid))
            conn.execute(LEARNERS.delete().where(LEARNERS.c.class_id == cid))
            conn.execute(CLASSES.delete().where(CLASSES.c.id == cid))
        store.forget(self.engine)

    def check_teacher(self, code: str, key: str) -> None:
        """``ClassError`` unless ``key`` is the teacher's key of the class ``code``."""
        with self.engine.connect() as conn:
            self._teacher(conn, code, key)

    def tally(self, code: str, key: str, number: int) -> Tally:
        """Question ``number``'s answers so far, for the teacher."""
        with self.engine.connect() as conn:
            cid = self._teacher(conn, code, key)
            row = conn.execute(sa.select(QUESTIONS.c.id, QUESTIONS.c.revealed)
                               .where(QUESTIONS.c.class_id == cid,
                                      QUESTIONS.c.number == number)).first()
            if row is None:
                raise ClassError(render(msg("this class has no question {number}",
                                            number=number)))
            joined = conn.execute(sa.select(sa.func.count()).select_from(LEARNERS)
                                  .where(LEARNERS.c.class_id == cid)).scalar()
            rows = conn.execute(sa.select(ANSWERS.c.answer, ANSWERS.c.correct)
                                .where(ANSWERS.c.question_id == row.id)).all()
        counts: Counter = Counter()
        whole: Counter = Counter()
        for answer, _correct in rows:
            ids = json.loads(answer)
            counts.update(set(ids))
            whole[" ".join(ids)] += 1
        return Tally(number, joined, len(rows), sum(1 for _a, c in rows if c), dict(counts),
                     dict(whole), row.revealed is not None)

    def joined(self, code: str) -> int:
        """How many learners have joined."""
        with self.engine.connect() as conn:
            cid = self._class(conn, code)
            return conn.execute(sa.select(sa.func.count()).select_from(LEARNERS)
                                .where(LEARNERS.c.class_id == cid)).scalar()

    def scoreboard(self, code: str) -> list[Standing]:
        """Every learner, best first, then by nickname: right answers to the questions
        revealed so far (an open question's answers count as given, not yet as right or
        wrong: the scoreboard gives nothing away before the reveal)."""
        with self.engine.connect() as conn:
            cid = self._class(conn, code)
            counted = sa.and_(ANSWERS.c.correct, QUESTIONS.c.revealed.is_not(None))
            right = sa.func.coalesce(sa.func.sum(sa.case((counted, 1), else_=0)), 0)
            rows = conn.execute(
                sa.select(LEARNERS.c.id, LEARNERS.c.nickname, right.label("right"),
                          sa.func.count(ANSWERS.c.id).label("given"))
                .select_from(LEARNERS.outerjoin(ANSWERS, ANSWERS.c.learner_id == LEARNERS.c.id)
                             .outerjoin(QUESTIONS, QUESTIONS.c.id == ANSWERS.c.question_id))
                .where(LEARNERS.c.class_id == cid)
                .group_by(LEARNERS.c.id, LEARNERS.c.nickname)).all()
        return sorted((Standing(i, n, int(r), int(g)) for i, n, r, g in rows),
                      key=lambda t: (-t.right, t.nickname.casefold(), t.learner))

    def remove(self, code: str, key: str, learner: int) -> str:
        """The teacher removes a learner (a fake or rude nickname): their answers go with
        them, and their page is told.  Returns the nickname removed."""
        with self.engine.begin() as conn:
            cid = self._teacher(conn, code, key)
            name = conn.execute(sa.select(LEARNERS.c.nickname).where(
                LEARNERS.c.class_id == cid, LEARNERS.c.id == int(learner))).scalar()
            if name is None:
                raise ClassError(render(msg("that learner is not in this class (removed "
                                            "already?)")))
            conn.execute(ANSWERS.delete().where(ANSWERS.c.learner_id == int(learner)))
            conn.execute(LEARNERS.delete().where(LEARNERS.c.id == int(learner)))
        store.forget(self.engine)
        return name

    # -- the lesson the class opens next ----------------------------------------------------
    def open_lesson(self, code: str, key: str, notebook: str, learners: int) -> Lesson:
        """The class is about to open ``notebook`` (a lesson of the map): the server readies
        ``learners`` pages of it, and each learner's page shows a link to it.  Replaces the
        class's lesson before."""
        lessons = {p.notebook for p in PAGES if p.track is not None}
        if notebook not in lessons:
            raise ClassError(render(msg("{notebook} is not a lesson of the map",
                                        notebook=repr(notebook))))
        try:
            count = int(learners)
        except (TypeError, ValueError):
            raise ClassError(render(msg("the number of learners must be a whole number, not "
                                        "{learners}", learners=repr(learners)))) from None
        if not 1 <= count <= LESSON_LEARNERS_MAX:
            raise ClassError(render(msg("the number of learners must be 1 to {most}, not {count}",
                                        most=LESSON_LEARNERS_MAX, count=count)))
        now = self.clock()
        with self.engine.begin() as conn:
            cid = self._teacher(conn, code, key)
            conn.execute(LESSONS.delete().where(LESSONS.c.class_id == cid))
            conn.execute(LESSONS.insert().values(class_id=cid, notebook=notebook,
                                                 learners=count, asked=now, ready=0, opened=0))
        return Lesson(notebook, count, now, class_id=cid)

    def close_lesson(self, code: str, key: str) -> None:
        """No lesson readied any more: the server lets its waiting pages go."""
        with self.engine.begin() as conn:
            cid = self._teacher(conn, code, key)
            conn.execute(LESSONS.delete().where(LESSONS.c.class_id == cid))

    def lesson(self, code: str) -> Lesson | None:
        """The class's lesson (None: none asked), with what the server said of it."""
        with self.engine.connect() as conn:
            cid = self._class(conn, code)
            row = conn.execute(sa.select(LESSONS).where(LESSONS.c.class_id == cid)).first()
        return None if row is None else Lesson(row.notebook, row.learners, row.asked,
                                               row.ready, row.opened, cid)

    # -- the server ------------------------------------------------------------------------
    def lessons_wanted(self, within: float) -> list[Lesson]:
        """The lessons of every running class, asked less than ``within`` seconds ago: what
        the server should have ready (``tutor_server``)."""
        now = self.clock()
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(LESSONS).select_from(LESSONS.join(CLASSES,
                                                            CLASSES.c.id == LESSONS.c.class_id))
                .where(CLASSES.c.expires >= now, LESSONS.c.asked >= now - within)).all()
        return [Lesson(r.notebook, r.learners, r.asked, r.ready, r.opened, r.class_id)
                for r in rows]

    def lesson_progress(self, class_id: int, notebook: str, ready: int, opened: int) -> None:
        """The server's word on a class's lesson: pages ready and pages handed out."""
        with self.engine.begin() as conn:
            conn.execute(LESSONS.update().where(LESSONS.c.class_id == class_id,
                                                LESSONS.c.notebook == notebook)
                         .values(ready=int(ready), opened=int(opened)))

    # -- a learner ---------------------------------------------------------------------------
    def join(self, code: str, nickname: str, token: str | None = None) -> Joined:
        """Join the class ``code``.  With the ``token`` of a learner of this class, that
        learner comes back (same place, same answers, the nickname kept); else a new learner,
        whose nickname gets a number if another learner's looks like it ("Ana 2": "ana",
        a Cyrillic "Аna" and "Ana" with an invisible letter all look like "Ana").

        What a page learns of a code it does not know is rate-limited, and a missing nickname
        is said alike for a code that is a class and one that is not."""
        code = clean_code(code)
        given = " ".join(str(nickname or "").split())
        if token:
            back = self._back(code, str(token))
            if back is not None:
                return back
        name, note = clean_nickname(given)  # before the code is looked up: no oracle
        self._check_tries()
        for _ in range(20):  # a nickname taken at the same instant by another kernel: again
            try:
                return self._join_new(code, name, note)
            except sa.exc.IntegrityError:
                continue
        raise ClassError(render(msg("too many learners joined at once: press Join again")))

    def _back(self, code: str, token: str) -> Joined | None:
        with self.engine.connect() as conn:
            row = conn.execute(
                sa.select(LEARNERS.c.id, LEARNERS.c.nickname)
                .select_from(LEARNERS.join(CLASSES, CLASSES.c.id == LEARNERS.c.class_id))
                .where(CLASSES.c.code == code, CLASSES.c.expires >= self.clock(),
                       LEARNERS.c.token == _digest(token))).first()
        return None if row is None else Joined(row.id, row.nickname, token, back=True)

    def _check_tries(self) -> None:
        now = self.clock()
        with self.engine.connect() as conn:
            for who, most in self.who:
                times = conn.execute(sa.select(JOIN_TRIES.c.at).where(
                    JOIN_TRIES.c.who == who, JOIN_TRIES.c.at >= now - JOIN_WINDOW)
                    .order_by(JOIN_TRIES.c.at)).scalars().all()
                if len(times) >= most:
                    wait = max(1, round(times[-most] + JOIN_WINDOW - now))
                    raise ClassError(render(nmsg(
                        "that was {tries} codes that are no class in a minute: wait {n} "
                        "second, then check the code your teacher shows",
                        "that was {tries} codes that are no class in a minute: wait {n} "
                        "seconds, then check the code your teacher shows", wait,
                        tries=len(times))))

    def _no_class(self, code: str) -> ClassError:
        """A join with a code that is no class: counted against this page and client."""
        with self.engine.begin() as conn:
            now = self.clock()
            conn.execute(JOIN_TRIES.insert(), [{"who": w, "at": now} for w, _ in self.who])
        return ClassError(render(msg(NO_CLASS, code=code)))

    def _join_new(self, code: str, name: str, note: str) -> Joined:
        with self.engine.begin() as conn:
            try:
                cid = self._class(conn, code)
            except ClassError:
                raise self._no_class(code) from None
            taken = {nickname_skeleton(n) for (n,) in conn.execute(
                sa.select(LEARNERS.c.nickname).where(LEARNERS.c.class_id == cid))}
            wanted, k = name, 1
            while nickname_skeleton(name) in taken:
                k += 1
                name = f"{wanted[:NICKNAME_MAX - len(str(k)) - 1]} {k}"
            if name != wanted:
                taken_note = render(msg("Someone in this class is {wanted} already: you are "
                                        "{name}.", wanted=wanted, name=name))
                note = f"{note} {taken_note}" if note else taken_note
            token = secrets.token_urlsafe(18)
            learner = conn.execute(LEARNERS.insert().values(
                class_id=cid, nickname=name, skeleton=nickname_skeleton(name),
                token=_digest(token), joined=self.clock())).inserted_primary_key[0]
        return Joined(learner, name, token, note)

    def current(self, code: str) -> Asked | None:
        """The class's latest question (None before the first)."""
        with self.engine.connect() as conn:
            cid = self._class(conn, code)
            row = conn.execute(sa.select(QUESTIONS).where(QUESTIONS.c.class_id == cid)
                               .order_by(QUESTIONS.c.number.desc()).limit(1)).first()
        if row is None:
            return None
        return Asked(row.number, json.loads(row.spec), row.asked, row.revealed is not None,
                     row.closes)

    def answer(self, code: str, token: str, number: int, picked) -> Answered:
        """A learner's answer to question ``number``, graded here.  Only the first answer
        counts (a second one is told so, with the first); none is taken once the question is
        revealed or another one is asked."""
        ids = tuple(str(p) for p in ([picked] if isinstance(picked, str) else picked))
        with self.engine.begin() as conn:
            cid = self._class(conn, code)
            lid = self._learner(conn, cid, token)
            q = conn.execute(sa.select(QUESTIONS).where(QUESTIONS.c.class_id == cid,
                                                        QUESTIONS.c.number == number)).first()
            if q is None:
                raise ClassError(render(msg("this class has no question {number}",
                                            number=number)))
            mine = conn.execute(sa.select(ANSWERS.c.answer, ANSWERS.c.correct)
                                .where(ANSWERS.c.question_id == q.id,
                                       ANSWERS.c.learner_id == lid)).first()
            if mine is not None:
                return Answered(False, bool(mine.correct), tuple(json.loads(mine.answer)))
            newest = conn.execute(sa.select(sa.func.max(QUESTIONS.c.number))
                                  .where(QUESTIONS.c.class_id == cid)).scalar()
            if newest != number:
                raise ClassError(render(msg("your teacher has asked another question since")))
            if q.revealed is not None:
                raise ClassError(render(msg("the answers to this question are shown already: "
                                            "wait for the next one")))
            if q.closes is not None and self.clock() > q.closes + CLOSE_GRACE:
                raise ClassError(render(msg("time is up for this question: wait for the next "
                                            "one")))
            question = question_of(json.loads(q.spec))
            try:
                correct = question.grade(ids[0] if question.mode == "one" else list(ids)).correct
            except Exception as exc:
                raise ClassError(str(exc)) from None
            try:
                conn.execute(ANSWERS.insert().values(question_id=q.id, learner_id=lid,
                                                     answer=json.dumps(list(ids)),
                                                     correct=correct, at=self.clock()))
            except sa.exc.IntegrityError:  # the same learner, twice at once: the first stands
                raise ClassError(render(msg("your answer was in already"))) from None
        return Answered(True, correct, ids)

    def my_answer(self, code: str, token: str, number: int) -> Answered | None:
        """What this learner answered to question ``number``, if anything."""
        with self.engine.connect() as conn:
            cid = self._class(conn, code)
            lid = self._learner(conn, cid, token)
            row = conn.execute(
                sa.select(ANSWERS.c.answer, ANSWERS.c.correct)
                .select_from(ANSWERS.join(QUESTIONS, ANSWERS.c.question_id == QUESTIONS.c.id))
                .where(QUESTIONS.c.class_id == cid, QUESTIONS.c.number == number,
                       ANSWERS.c.learner_id == lid)).first()
        return None if row is None else Answered(False, bool(row.correct),
                                                 tuple(json.loads(row.answer)))

    # -- checks ------------------------------------------------------------------------------
    def _class(self, conn, code: str) -> int:
        code = clean_code(code)
        row = conn.execute(sa.select(CLASSES.c.id, CLASSES.c.expires)
                           .where(CLASSES.c.code == code)).first()
        if row is None or row.expires < self.clock():
            raise ClassError(render(msg(NO_CLASS, code=code)))
        return row.id

    def _teacher(self, conn, code: str, key: str) -> int:
        cid = self._class(conn, code)
        kept = conn.execute(sa.select(CLASSES.c.teacher_key).where(CLASSES.c.id == cid)).scalar()
        if not key or not hmac.compare_digest(kept, _digest(str(key))):
            raise ClassError(render(msg("only the teacher's page may do that")))
        return cid

    def _learner(self, conn, cid: int, token: str) -> int:
        lid = conn.execute(sa.select(LEARNERS.c.id).where(
            LEARNERS.c.class_id == cid, LEARNERS.c.token == _digest(str(token or "")))).scalar()
        if lid is None:
            raise ClassError(render(msg("join the class first")))
        return lid
