"""What the tutor remembers of a learner, kept in the learner's browser (no account, nothing on
the server): read, checked, migrated and merged here, in pure Python; ``tutor.ui.memory`` moves
the text between the kernel and the browser's localStorage.

The stored document (``KEY`` in localStorage) is JSON::

    {"app": "trick-tutor", "version": 1,
     "items": {"exercise:55-cards": {"t": 1764590000123, "seed": 81234, "number": 3, ...},
               "page:55-cards": {"t": 1764590000001},
               "last": {"t": 1764590000123, "page": "55-cards"}}}

Each item carries ``t``, when it was last written (milliseconds since 1970): two tabs of the
same browser write their own items and :func:`merge` keeps the newer of each, so neither loses
the other's answers.  An item that does not read as its kind is dropped (and counted); a
document that is not ours, or not JSON, is left alone until the learner chooses to start afresh.

The kinds of item:

``page:<page id>``
    the learner opened the page.
``exercise:<exercise name>``
    the exercise in progress: its ``seed`` (the questions are made from it, so the questions
    themselves are not stored), the ``order`` of the question numbers asked (``null``: 0, 1,
    2...; a retry of the missed ones lists them), the place ``number`` in that order, how many
    were ``answered`` and whether the current one is (``checked``), the ``score``, the question
    numbers ``missed``, the questions asked ``again`` (each a place in the run and a question
    number: a missed question is asked once more a little later), each answer's ``stars``,
    and over every run the ``best`` score of a finished run and ``count``, the kinds of
    question ``shown`` (right at the first try, no hint) and ``owed`` (missed, not yet made
    good), the ``best_stars`` of each kind, and whether the exercise is ``mastered`` (the
    lesson is done: issue #39).
``last``
    the page the learner was last on (the lesson map's Continue).
``step:<page id>``
    the step of a lesson the learner is on (``step``, from 0) and the furthest ``seen``:
    written by the page itself (``static/steps.js``), read for the map's Continue.
``settings``
    the learner's settings: ``four_colour`` (a colour per suit, on every page: memory.js
    sets a class on the page's root as soon as it reads it).
``class:<CODE>``
    a live class this browser is in (:mod:`tutor.ui.classroom`): its ``role`` (``teacher``,
    ``learner``, or ``ended`` once it is over) and its ``secret`` (the teacher's key, or the
    learner's token, so a reload takes up the class where it was), and a learner's
    ``nickname``.
``review:<game>:<kind>:<rule>``
    a kind of question to review (:mod:`tutor.teach.review`): its FSRS ``card`` (when it is
    ``due``, its stability and difficulty) and how many answers were ``right`` and ``wrong``.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime

from ..engine.messages import Msg, msg, nmsg, num, render

APP = "trick-tutor"
KEY = "trick-tutor"  # the browser's localStorage key
VERSION = 1  # of the stored document; MIGRATIONS bring older ones up to it
# The stored document, in characters.  The browser sends it to the kernel inside a websocket
# message, as a JSON string: written by dump (ASCII JSON), it at most doubles there (each " and
# \ escaped), so a document of MAX_TEXT stays well under the server's 1 MiB message limit
# (voila.json), past which the server closes the page's socket.  A learner's progress is a few
# kilobytes (each lesson, exercise and kind of question reviewed an item of 20-300 characters).
MAX_TEXT = 400_000
MAX_ITEM = 20_000  # characters of one item, as JSON
MAX_ITEMS = 5_000

# version n -> n + 1: a function of the document's items (a dict it may change and returns)
MIGRATIONS: dict[int, Callable[[dict], dict]] = {}


@dataclass(frozen=True)
class Loaded:
    """What a stored text held: the good ``items``; ``state`` "ok", "empty" (nothing stored),
    "corrupt" (not JSON, or not a document), "foreign" (another app's), "newer" (written by a
    newer tutor: left as it is); ``dropped``: the items that did not read and were left out;
    ``problem``: what was wrong, in words, for the learner."""

    items: dict = field(default_factory=dict)
    state: str = "empty"
    dropped: int = 0
    problem: str = ""

    @property
    def usable(self) -> bool:
        """May the tutor write over what is stored? (Not over another app's data, nor over a
        newer tutor's, nor over what could not be read, unless the learner says so.)"""
        return self.state in ("ok", "empty")


def now_ms() -> int:
    return int(time.time() * 1000)


# -- reading ------------------------------------------------------------------------------------
def load(text: str | None) -> Loaded:
    """Read the stored document ``text`` (None or "": nothing stored)."""
    if text is None or not text.strip():
        return Loaded()
    if len(text) > MAX_TEXT:
        return Loaded(state="corrupt", problem=too_big(len(text)))
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError) as e:
        return Loaded(state="corrupt", problem=render(msg(
            "the saved progress is not readable ({error})", error=str(e))))
    if not isinstance(doc, dict):
        return Loaded(state="corrupt", problem=render(msg(
            "the saved progress is not a record of lessons")))
    if doc.get("app") != APP:
        return Loaded(state="foreign", problem=render(msg(
            "what is saved under the tutor's name was not written by Trick Tutor")))
    version = doc.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        return Loaded(state="corrupt", problem=render(msg(
            "the saved progress has no valid version ({version})", version=repr(version))))
    if version > VERSION:
        return Loaded(state="newer", problem=render(msg(
            "the saved progress was written by a newer Trick Tutor (version {version}; this "
            "one reads up to {ours})", version=version, ours=VERSION)))
    items = doc.get("items")
    if not isinstance(items, dict):
        return Loaded(state="corrupt", problem=render(msg("the saved progress has no items")))
    try:
        for v in range(version, VERSION):
            items = MIGRATIONS[v](dict(items))
    except Exception as e:  # a migration met data it cannot read  # noqa: BLE001
        return Loaded(state="corrupt", problem=render(msg(
            "the saved progress could not be brought up to date ({error})", error=str(e))))
    good, first = {}, ""
    most = num(MAX_ITEMS)
    for n, (key, item) in enumerate(items.items()):
        wrong = check_item(key, item) if n < MAX_ITEMS else render(nmsg(
            "more than {count} item", "more than {count} items", MAX_ITEMS, count=most))
        if wrong is None:
            good[key] = item
        elif not first:
            first = f"{_short(key)}: {wrong}"
    dropped = len(items) - len(good)
    problem = render(nmsg("{n} saved item could not be read and was left out ({first})",
                          "{n} saved items could not be read and were left out (the first, "
                          "{first})", dropped, first=first)) if dropped else ""
    return Loaded(good, "ok", dropped, problem)


def too_big(size: int) -> str:
    """What is wrong with a stored document (or a file) of ``size`` characters, in words."""
    size, most = num(size), num(MAX_TEXT)
    return render(msg("the saved progress is too big to read ({size} characters; the tutor "
                      "keeps at most {most})", size=size, most=most))


def overflow(items: Mapping) -> str | None:
    """What is wrong with keeping ``items``, if their document would be over MAX_TEXT."""
    size = len(dump(items))
    if size <= MAX_TEXT:
        return None
    size_words, most = num(size), num(MAX_TEXT)
    return render(msg(
        "that would make your saved progress {size} characters; the tutor keeps at most {most}",
        size=size_words, most=most))


def _short(key: object, most: int = 40) -> str:
    text = key if isinstance(key, str) else repr(key)
    return text if len(text) <= most else text[:most] + "…"


def dump(items: Mapping) -> str:
    """The stored document of ``items``."""
    return json.dumps({"app": APP, "version": VERSION, "items": dict(items)},
                      separators=(",", ":"), sort_keys=True)


def merge(mine: Mapping, theirs: Mapping) -> dict:
    """Both sets of items, the newer of each key kept (``t``; a tie keeps ``theirs``)."""
    out = dict(mine)
    for key, item in theirs.items():
        if key not in out or item.get("t", 0) >= out[key].get("t", 0):
            out[key] = item
    return out


# -- checking -----------------------------------------------------------------------------------
def _int(v, low: int = 0, high: int = 2**53) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and low <= v <= high


def _num(v, low: float = 0.0, high: float = 1e6) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) \
        and low <= v <= high


def _ints(v, high: int = 10_000) -> bool:
    return isinstance(v, list) and len(v) <= high and all(_int(x, 0, high) for x in v)


def _exercise(item: dict) -> str | None:
    if not _int(item.get("seed")):
        return "seed"
    if not _int(item.get("count"), 1, 10_000):
        return "count"
    order = item.get("order")
    if order is not None and (not _ints(order) or not order):
        return "order"
    size = len(order) if order is not None else item["count"]
    again = item.get("again", [])
    if not isinstance(again, list) or len(again) > size or not all(
            isinstance(a, list) and len(a) == 2 and _int(a[0], 1, 2 * size) and
            _int(a[1], 0, 10_000) for a in again):
        return "again"
    size += len(again)  # the questions asked again are places of the run too
    if not _int(item.get("number"), 0, size - 1):
        return "number"
    if not _int(item.get("answered"), 0, size):
        return "answered"
    if not isinstance(item.get("checked"), bool):
        return "checked"
    if not _num(item.get("score"), 0, size):
        return "score"
    if not _ints(item.get("missed")):
        return "missed"
    best = item.get("best")
    if best is not None and not _num(best, 0, item["count"]):
        return "best"
    picked = item.get("picked", [])
    if not isinstance(picked, list) or len(picked) > 100 or \
            not all(isinstance(p, str) and len(p) <= 40 for p in picked):
        return "picked"
    if not _int(item.get("hints", 0), 0, 10):
        return "hints"
    stars = item.get("stars", [])
    if not isinstance(stars, list) or len(stars) > size or not all(_int(n, 0, 3) for n in stars):
        return "stars"
    for name in ("shown", "owed"):  # kinds of question
        kinds = item.get(name, [])
        if not isinstance(kinds, list) or len(kinds) > 100 or \
                not all(isinstance(k, str) and 0 < len(k) <= 40 for k in kinds):
            return name
    best = item.get("best_stars", {})
    if not isinstance(best, dict) or len(best) > 100 or not all(
            isinstance(k, str) and 0 < len(k) <= 40 and _int(n, 0, 3) for k, n in best.items()):
        return "best_stars"
    if not isinstance(item.get("mastered", False), bool):
        return "mastered"
    return None


def _page(item: dict) -> str | None:
    return None


def _text(v, most: int = 60) -> bool:
    return isinstance(v, str) and 0 < len(v) <= most


def _when(v) -> bool:
    try:
        return isinstance(v, str) and len(v) <= 40 and \
            datetime.fromisoformat(v).tzinfo is not None
    except ValueError:
        return False


def _review(item: dict) -> str | None:
    for name in ("game", "kind", "rule"):
        if not _text(item.get(name)):
            return name
    if not (_int(item.get("right", 0)) and _int(item.get("wrong", 0))):
        return msg("its count of answers")
    card = item.get("card")
    if not isinstance(card, dict) or not _when(card.get("due")) or \
            not _int(card.get("state"), 1, 3) or \
            not (card.get("step") is None or _int(card.get("step"), 0, 100)) or \
            not all(card.get(k) is None or _num(card.get(k), 0, 1e9)
                    for k in ("stability", "difficulty")) or \
            not (card.get("last_review") is None or _when(card.get("last_review"))):
        return "schedule"
    return None


def _settings(item: dict) -> str | None:
    return None if isinstance(item.get("four_colour", False), bool) else "four_colour"


def _class(item: dict) -> str | None:
    role = item.get("role")
    if role not in ("teacher", "learner", "ended"):
        return "role"
    if role != "ended" and not _text(item.get("secret"), 80):
        return "secret"
    if role == "learner" and not _text(item.get("nickname"), 80):
        return "nickname"
    return None


def _step(item: dict) -> str | None:
    if not _int(item.get("step"), 0, 99):
        return "step"
    if not _int(item.get("seen", 0), 0, 99):
        return "seen"
    return None


def _example(item: dict) -> str | None:
    return None if _int(item.get("stars"), 0, 3) else "stars"


def _last(item: dict) -> str | None:
    page = item.get("page")
    return None if isinstance(page, str) and 0 < len(page) <= 200 else "page"


KINDS: dict[str, Callable[[dict], str | Msg | None]] = {
    "exercise": _exercise, "page": _page, "last": _last, "review": _review,
    "settings": _settings, "class": _class, "step": _step, "example": _example}


# "kind:name" keys; the others are the kind alone
NAMED = ("exercise", "page", "review", "class", "step", "example")


def kind_of(key: str) -> str:
    return key.split(":", 1)[0]


def check_item(key, item) -> str | None:
    """What is wrong with the stored item ``key``, in words (None: nothing).  A kind's check
    (:data:`KINDS`) names the field that is wrong ("seed": "its seed"), or says it (a
    message)."""
    if not isinstance(key, str) or not 0 < len(key) <= 200:
        return render(msg("its key"))
    if not isinstance(item, dict):
        return render(msg("not a record"))
    try:
        size = len(json.dumps(item, separators=(",", ":")))
    except (TypeError, ValueError, RecursionError):
        return render(msg("not a record"))
    if size > MAX_ITEM:
        size_words, most = num(size), num(MAX_ITEM)
        return render(msg("its size ({size} characters; an item holds at most {most})",
                          size=size_words, most=most))
    if not _int(item.get("t")):
        return render(msg("its time"))
    kind, _, name = key.partition(":")
    check = KINDS.get(kind)
    if check is None:
        return render(msg("unknown kind {kind}", kind=repr(kind)))
    if (kind in NAMED) != bool(name):
        return render(msg("its key"))
    try:
        wrong = check(item)
    except (TypeError, KeyError, ValueError) as e:
        wrong = str(e)
    if wrong is None:
        return None
    return render(wrong) if isinstance(wrong, Msg) else render(msg("its {field}", field=wrong))


# -- what the items say -------------------------------------------------------------------------
def exercise_key(name: str) -> str:
    return f"exercise:{name}"


def example_key(name: str) -> str:
    """A worked example's item: the most stars a go at it earned (``{"stars": 3}``)."""
    return f"example:{name}"


def example_stars(items: Mapping, name: str) -> int | None:
    """The most stars the learner earned at the worked example ``name``, if they tried it."""
    item = items.get(example_key(name))
    return int(item["stars"]) if item else None


def page_key(page_id: str) -> str:
    return f"page:{page_id}"


def review_key(game: str, kind: str, rule: str) -> str:
    return f"review:{game}:{kind}:{rule}"


def exercise_item(run: Mapping, count: int, finished: bool, before: Mapping | None) -> dict:
    """The stored item of an exercise: the run's record (``Quiz.record``), the exercise's
    ``count``, the ``best`` score of a finished full run so far (this one included), and
    whether it is ``mastered`` (once shown, kept: a later run's miss does not undo a lesson
    done)."""
    best = before.get("best") if before else None
    if finished and run.get("order") is None:
        best = max(best or 0.0, float(run["score"]))
    done = bool(run.get("mastered")) or mastered(before)
    return {**run, "count": count, "best": best, "mastered": done}


def mastered(item: Mapping | None) -> bool:
    """Has the learner shown mastery of the exercise kept as ``item`` (issue #39): every kind
    of its questions answered right at the first try without a hint, and every miss made good
    (``Quiz.mastered``)?  A run kept before mastery was recorded counts when it was a full run
    with every answer right and no hint (its best score the whole count)."""
    if not item:
        return False
    if "mastered" in item:
        return bool(item["mastered"])
    best = item.get("best")
    return best is not None and float(best) >= int(item.get("count", 0) or 0) > 0


def lesson_state(items: Mapping, page_id: str, exercise: str | None = None) -> str:
    """"done" (its exercise mastered: :func:`mastered`), "started" (opened, or its exercise
    begun) or "new"."""
    ex = items.get(exercise_key(exercise or page_id))
    if mastered(ex):
        return "done"
    if ex is not None or page_key(page_id) in items:
        return "started"
    return "new"


def best_score(items: Mapping, exercise: str) -> tuple[float, int] | None:
    """(best score, questions) of a finished run of ``exercise``, or None."""
    ex = items.get(exercise_key(exercise))
    if ex is None or ex.get("best") is None:
        return None
    return float(ex["best"]), int(ex["count"])


def step_of(items: Mapping, page_id: str) -> int | None:
    """The step of the lesson ``page_id`` the learner was on (from 0), if the page kept it."""
    item = items.get(f"step:{page_id}")
    return int(item["step"]) if item else None


def last_page(items: Mapping) -> str | None:
    """The page the learner was on last."""
    last = items.get("last")
    return last.get("page") if last else None
