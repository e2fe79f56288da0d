"""What a class is made of, without the database: the value types the store hands out, the
class code and nickname rules, and :func:`question_of` (a question from its spec).  Light to
import: a page imports this at start and the database layer (:mod:`tutor.classroom.classes`,
SQLAlchemy) only when it first starts or joins a class."""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from dataclasses import dataclass
from typing import NamedTuple

from ..engine.errors import InputError
from ..engine.messages import msg, nmsg, render
from ..teach.links import state_from_token
from ..teach.questions import Question, make_question, position_question

# No look-alikes: no 0/O/Q/D, 1/I/L, 2/Z, 5/S, 6/G, 8/B, U/V; read aloud and typed on a phone.
CODE_LETTERS = "ACEFHJKMNPRTWXY"
CODE_LENGTH = 5
CLASS_HOURS = 12  # a class not ended by its teacher expires this long after it started
NICKNAME_MAX = 24  # characters kept of a nickname
LESSON_LEARNERS_MAX = 200  # pages of a lesson a teacher may ask the server to ready
TIMERS = (0, 20, 30, 60)  # the teacher's timer on a question, seconds (0: none)


class ClassError(Exception):
    """What went wrong, in words for the page (an unknown code, a teacher key that does not
    match, an answer after the reveal...)."""


@dataclass(frozen=True)
class Started:
    code: str
    key: str  # the teacher's secret: only its page holds it


@dataclass(frozen=True)
class Joined:
    learner: int
    nickname: str
    token: str  # the learner's secret: their browser keeps it to come back
    note: str = ""  # "", or what was changed ("Ana was taken: you are Ana 2")
    back: bool = False  # the same learner, come back


@dataclass(frozen=True)
class Asked:
    """The question on show in a class: its number, its spec, and whether it is revealed."""

    number: int
    spec: dict
    asked: float
    revealed: bool
    closes: float | None = None  # when the teacher's timer ends it (None: no timer)

    def question(self) -> Question:
        return question_of(self.spec)


@dataclass(frozen=True)
class Answered:
    first: bool  # False: an answer was in already; it is the one that counts
    correct: bool  # of the answer that counts
    picked: tuple[str, ...]  # the answer that counts


@dataclass(frozen=True)
class Lesson:
    """The lesson a teacher is about to open with the class: the server readies that many
    pages of it (``ready``: waiting, run; ``opened``: handed to a learner so far)."""

    notebook: str  # relative to lessons/, as the lesson map names it
    learners: int
    asked: float
    ready: int = 0
    opened: int = 0
    class_id: int = 0


@dataclass(frozen=True)
class Tally:
    """The teacher's view of a question: who joined, who answered, what they picked."""

    number: int
    joined: int
    answered: int
    right: int
    counts: dict  # choice id -> learners who picked it (an answer of several ids counts each)
    answers: dict  # the whole answer (ids joined by " ") -> learners who gave it
    revealed: bool


class Standing(NamedTuple):
    """A learner on the scoreboard: right answers count once their question is revealed."""

    learner: int
    nickname: str
    right: int
    answered: int


def ranks(rows: list[Standing]) -> list[int]:
    """The rank of each row (best first), equal right answers sharing one: 1, 1, 3."""
    out: list[int] = []
    for i, row in enumerate(rows):
        out.append(out[-1] if i and rows[i - 1].right == row.right else i + 1)
    return out


def standings_csv(code: str, rows: list[Standing]) -> str:
    """The standings as CSV (rank, nickname, right, answered).  A nickname that a spreadsheet
    would read as a formula (=, +, -, @ first) is kept as text with a leading apostrophe."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\r\n")
    w.writerow(["class", "rank", "nickname", "right", "answered"])
    for rank, row in zip(ranks(rows), rows):
        name = row.nickname
        if name[:1] in ("=", "+", "-", "@", "\t", "\r"):
            name = "'" + name
        w.writerow([code, rank, name, row.right, row.answered])
    return out.getvalue()


def question_of(spec: dict) -> Question:
    """The question a spec makes, in any kernel (``ClassError`` for a spec that makes none):
    ``{"kind", "game", "seed"}`` an engine-made question; with ``"position"`` (a board link's
    token, :mod:`tutor.teach.links`) the question of ``kind`` on that position."""
    try:
        if spec.get("position"):
            return position_question(state_from_token(str(spec["position"])), str(spec["kind"]))
        return make_question(str(spec["kind"]), str(spec["game"]), int(spec["seed"]))
    except (InputError, KeyError, TypeError, ValueError) as exc:
        raise ClassError(render(msg("that question cannot be made ({problem})",
                                    problem=str(exc)))) from None


def clean_code(text: str) -> str:
    """A code as typed (``" acefh "``, ``"ACE-FH"``) in its one form, or ``ClassError``."""
    code = re.sub(r"[\s\-]", "", str(text or "")).upper()
    if not code:
        raise ClassError(render(msg("type the class code your teacher shows")))
    if len(code) != CODE_LENGTH or any(c not in CODE_LETTERS for c in code):
        raise ClassError(render(nmsg(
            "a class code is {n} letter, such as {example}: check the code your teacher shows",
            "a class code is {n} letters, such as {example}: check the code your teacher shows",
            CODE_LENGTH, example=CODE_LETTERS[:CODE_LENGTH])))
    return code


# Characters that show as nothing, or as a space, though they are letters or symbols to
# Unicode: the Hangul fillers (Lo), the Braille blank (So), the Khmer inherent vowels, and
# every default-ignorable code point (Unicode's DerivedCoreProperties: Default_Ignorable_Code_Point,
# which the control/format filter below does not catch: U+3164 and U+115F are letters).
_BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u17b4\u17b5\u034f\u180b\u180c"
                    "\u180d\u180e\u180f\u2061\u2062\u2063\u2064")
_INVISIBLE = re.compile("[\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufe00-\ufe0f"
                        "\ufeff\U000e0000-\U000e0fff]")


def _visible(c: str) -> bool:
    return c not in _BLANKS and not _INVISIBLE.match(c) and unicodedata.category(c)[0] != "C"


def clean_nickname(text: str) -> tuple[str, str]:
    """A nickname as kept, and a note if it was changed.  Control, format and blank
    characters go (the Hangul filler, the Braille blank...), spaces are folded, and only
    :data:`NICKNAME_MAX` characters are kept; a nickname of nothing visible is refused.  It is
    shown as text, never as HTML, so ``<b>`` stays three characters."""
    text = unicodedata.normalize("NFC", str(text or ""))
    text = "".join(" " if c in _BLANKS else c for c in text if c in _BLANKS or _visible(c))
    text = " ".join(text.split())
    if not text:
        raise ClassError(render(msg("type a nickname (any name your class will know you by)")))
    if len(text) > NICKNAME_MAX:
        return text[:NICKNAME_MAX].rstrip(), render(nmsg(
            "Nicknames are {n} character at most: yours was cut short.",
            "Nicknames are {n} characters at most: yours was cut short.", NICKNAME_MAX))
    return text, ""


def nickname_skeleton(name: str) -> str:
    """What a nickname looks like, for telling two apart: "Ana", "Аna" (a Cyrillic А),
    "Ａｎａ" (fullwidth), "ANA" and "Ana\u3164" have one skeleton, so a class cannot have two of
    them.

    Unicode's skeleton (TR39: each character of the confusables data replaced by its
    prototype, the data of the ``confusable_homoglyphs`` package), taken after NFKC and again
    after case folding, with the spaces and blanks dropped."""
    proto = _prototypes()

    def skeleton(text: str) -> str:
        text = unicodedata.normalize("NFKC", text)
        return "".join(proto.get(c, c) for c in text if not c.isspace() and _visible(c))

    return skeleton(skeleton(str(name)).casefold())


_PROTOTYPES: dict[str, str] | None = None


def _prototypes() -> dict[str, str]:
    """Each look-alike character -> its prototype ("а" -> "a", "I" -> "l", "Ａ" -> "A").

    The package keeps TR39's pairs both ways: a look-alike lists its prototype alone, a
    prototype lists its look-alikes.  A pair that lists only each other is read as the later
    character pointing to the earlier."""
    global _PROTOTYPES
    if _PROTOTYPES is None:
        from confusable_homoglyphs.confusables import confusables_data
        found = {}
        for char, alikes in confusables_data.items():
            if len(char) != 1 or len(alikes) != 1:
                continue
            other = alikes[0]["c"]
            back = confusables_data.get(other, [])
            if len(back) == 1 and back[0]["c"] == char and other > char:
                continue  # each other's only look-alike: the earlier is the prototype
            found[char] = other
        _PROTOTYPES = found
    return _PROTOTYPES
