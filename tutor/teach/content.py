"""Lesson content as data: the lesson tracks and pages, the worked examples, the exercises, the
house rules side by side and the teacher's saved positions.

The content lives in data files under ``tutor/teach/data/`` (TOML, read with the standard
library's ``tomllib``), the positions in the project's notation (``tutor.games.g55.notation``,
``...g56.notation``) as text files under ``data/positions/<game>/``.  Each file says at its top
what its entries hold.  This module reads them once, at import, and checks their shape: a
mistake is a :class:`ContentError` that names the file, the line and the entry.
``validate()`` then checks what needs the engine (rule IDs, positions, question kinds, whose
turn it is; a test runs it), so a typo in a lesson is caught before a learner meets it::

    python -m tutor.teach.content      # every problem, or nothing
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from ..engine.errors import InputError
from ..engine.messages import N_, many, msg, pmsg, render
from ..engine.rulebook import rules
from ..games.registry import find_game
from .questions import GAMES, KINDS, check_kind

DATA = Path(__file__).resolve().parent / "data"


class ContentError(ValueError):
    """A mistake in a content file; the message names the file, the line and the entry."""


@dataclass(frozen=True)
class Track:
    """A section of the lesson map: the lessons of one game (``id`` "55", "56"), or the tools
    (``id`` None).  ``blurb`` may say ``{Count}`` or ``{count}``: the number of its pages.

    The texts of the content files (here and in every class below) hold the English, which is
    their message id in the catalog (``scripts/babel_toml.py`` extracts them): a page words
    them when it shows them (``tutor.ui.cards.said``)."""

    id: str | None
    title: str
    blurb: str

    def blurb_for(self, count: int) -> str:
        """The blurb in the current language, counting ``count`` pages."""
        if 0 <= count < len(NUMBER_WORDS):
            return render(msg(self.blurb, Count=NUMBER_WORDS_FIRST[count],
                              count=NUMBER_WORDS[count]))
        return render(msg(self.blurb, Count=str(count), count=str(count)))


# The numbers a blurb says in words (Babel spells no number out): each word a message, in the
# middle of a sentence and at its start.
NUMBER_WORDS = (
    pmsg("number", "no"), pmsg("number", "one"), pmsg("number", "two"),
    pmsg("number", "three"), pmsg("number", "four"), pmsg("number", "five"),
    pmsg("number", "six"), pmsg("number", "seven"), pmsg("number", "eight"),
    pmsg("number", "nine"), pmsg("number", "ten"), pmsg("number", "eleven"),
    pmsg("number", "twelve"), pmsg("number", "thirteen"), pmsg("number", "fourteen"),
    pmsg("number", "fifteen"), pmsg("number", "sixteen"), pmsg("number", "seventeen"),
    pmsg("number", "eighteen"), pmsg("number", "nineteen"), pmsg("number", "twenty"))
NUMBER_WORDS_FIRST = (
    pmsg("number, at the start of a sentence", "No"),
    pmsg("number, at the start of a sentence", "One"),
    pmsg("number, at the start of a sentence", "Two"),
    pmsg("number, at the start of a sentence", "Three"),
    pmsg("number, at the start of a sentence", "Four"),
    pmsg("number, at the start of a sentence", "Five"),
    pmsg("number, at the start of a sentence", "Six"),
    pmsg("number, at the start of a sentence", "Seven"),
    pmsg("number, at the start of a sentence", "Eight"),
    pmsg("number, at the start of a sentence", "Nine"),
    pmsg("number, at the start of a sentence", "Ten"),
    pmsg("number, at the start of a sentence", "Eleven"),
    pmsg("number, at the start of a sentence", "Twelve"),
    pmsg("number, at the start of a sentence", "Thirteen"),
    pmsg("number, at the start of a sentence", "Fourteen"),
    pmsg("number, at the start of a sentence", "Fifteen"),
    pmsg("number, at the start of a sentence", "Sixteen"),
    pmsg("number, at the start of a sentence", "Seventeen"),
    pmsg("number, at the start of a sentence", "Eighteen"),
    pmsg("number, at the start of a sentence", "Nineteen"),
    pmsg("number, at the start of a sentence", "Twenty"))


@dataclass(frozen=True)
class Page:
    """A page of the app: its notebook (relative to ``lessons/``), title and summary.  ``id``
    is what its notebook passes to ``page_header()`` and ``lesson_footer()``."""

    notebook: str
    title: str
    summary: str
    game: str | None = None  # "55", "56" or None (both)
    rules: tuple[str, ...] = ()  # the rule IDs it teaches
    track: str | None = None  # "55" or "56" for a lesson of that track; None for a tool
    after: str = ""  # what the learner can do after the lesson
    id: str = ""


@dataclass(frozen=True)
class SavedPosition:
    """A position the teacher's board offers, with what it is good for."""

    name: str
    game: str
    text: str
    goal: str
    rules: tuple[str, ...] = ()


@dataclass(frozen=True)
class Example:
    """A worked example: a position, the seat whose decision it is, and what to look at.
    The learner tries cards (or calls) there; the engine says why each is allowed or not."""

    name: str
    game: str
    text: str
    seat: int
    caption: str
    rules: tuple[str, ...] = ()


@dataclass(frozen=True)
class Variant:
    """One column of a comparison: settings (empty = the standard rules) and what they say."""

    label: str
    settings: tuple[tuple[str, object], ...]
    note: str


@dataclass(frozen=True)
class Comparison:
    """A house rule shown on one position under the standard rules and its variants.
    ``aspect`` is what is compared: ``legal`` (the cards the seat to act may play),
    ``winner`` (who won the last trick), ``calls`` (who speaks and the calls allowed),
    ``leader`` (who leads the first trick) or ``score`` (the hand played out, then scored).
    ``then``: calls made after the position is loaded, under each variant."""

    name: str
    game: str
    setting: str
    text: str
    aspect: str
    variants: tuple[Variant, ...]
    summary: str
    rules: tuple[str, ...] = ()
    then: tuple[str, ...] = ()
    probe: tuple[str, ...] = ()  # calls whose legality each column reports (``calls``)
    label: str = ""  # its name in the house-rule picker: "Which bids the dealer may hold"


@dataclass(frozen=True)
class Exercise:
    """A checked exercise: ``count`` engine-generated questions of these kinds.  ``seed`` is
    the reference run the tests check; a learner's exercise widget draws a fresh seed of its
    own (``tutor.teach.questions.fresh_seed``), so that a reload asks other questions."""

    name: str
    game: str
    kinds: tuple[str, ...]
    count: int = 5
    seed: int = 1
    rules: tuple[str, ...] = field(default=())


ASPECTS = ("legal", "winner", "calls", "leader", "score")
STANDARD = "Standard"


# -- reading the files -------------------------------------------------------------------------
REQUIRED = object()
NAME = re.compile(r"[a-z0-9][a-z0-9_-]*")
POSITION = re.compile(r"(?P<game>[^/\s]+)/(?P<name>[a-z0-9][a-z0-9_-]*)")


def _shown(path: Path) -> str:
    """A data file's path as a message shows it: from the package (``tutor/teach/data/...``)."""
    try:
        return path.relative_to(DATA.parents[2]).as_posix()
    except ValueError:
        return str(path)


class _File:
    """One TOML file of the content: its tables, and where each entry and key stands in it
    (arrays of tables written ``[[example]]``; entries written otherwise get no line)."""

    def __init__(self, path: Path):
        self.path = path
        self.shown = _shown(path)
        try:
            self.text = path.read_text(encoding="utf-8")
        except OSError as e:
            raise ContentError(render(msg("{file}: cannot be read: {error}", file=self.shown,
                                          error=str(e.strerror or e)))) from None
        try:
            self.data = tomllib.loads(self.text)
        except tomllib.TOMLDecodeError as e:
            raise ContentError(render(msg("{file}: not valid TOML: {error}", file=self.shown,
                                          error=str(e)))) from None
        self.lines = self.text.splitlines()
        self.headers = [(i + 1, m.group(1)) for i, ln in enumerate(self.lines)
                        if (m := re.match(r"\s*\[\[\s*([\w.-]+)\s*\]\]\s*(?:#.*)?$", ln))]

    def entry_line(self, table: str, index: int, within: tuple[int, int] | None = None):
        """The line of the ``index``-th ``[[table]]`` (inside ``within``, a range of lines)."""
        lo, hi = within or (0, len(self.lines) + 1)
        found = [n for n, h in self.headers if h == table and lo <= n < hi]
        return found[index] if index < len(found) else None

    def entry_end(self, line: int, table: str) -> int:
        """The line after the entry that starts at ``line``: the next header that is not one
        of its own sub-tables."""
        return next((n for n, h in self.headers if n > line and not h.startswith(table + ".")),
                    len(self.lines) + 1)

    def key_line(self, key: str, start: int | None):
        if start is None:
            return None
        end = next((n for n, _ in self.headers if n > start), len(self.lines) + 1)
        for n in range(start + 1, end):
            if re.match(rf"\s*{re.escape(key)}\s*=", self.lines[n - 1]):
                return n
        return start


@dataclass
class _Entry:
    """One entry of a file as it is read: its file, line and a name for messages."""

    file: _File
    table: str
    index: int
    values: dict
    line: int | None
    label: str = ""

    def where(self, key: str | None = None) -> str:
        line = self.file.key_line(key, self.line) if key else self.line
        at = render(msg("{file}, line {line}", file=self.file.shown, line=line)) if line \
            else self.file.shown
        return f"{at} ({self.label})"

    def error(self, message, key: str | None = None) -> ContentError:
        """The error of this entry: ``message`` (a message, or text already worded) after
        where the entry stands."""
        return ContentError(f"{self.where(key)}: {render(message)}")


def _entries(file: _File, table: str, data=None, within=None, naming=("name", "id")):
    """The entries of the array of tables ``table`` (``[[table]]``) in ``data`` (the file's
    top level by default)."""
    data = file.data if data is None else data
    short = table.rsplit(".", 1)[-1]
    items = data.get(short, [])
    if not isinstance(items, list) or not all(isinstance(x, dict) for x in items):
        raise ContentError(render(msg("{file}: {key} must be a list of [[{table}]] tables",
                                      file=file.shown, key=repr(short), table=table)))
    out = []
    for i, values in enumerate(items):
        label = render(msg("[[{table}]] number {number}", table=table, number=i + 1))
        for key in naming:
            if isinstance(values.get(key), str):
                label = f"{short} {values[key]!r}"
                break
        out.append(_Entry(file, table, i, values, file.entry_line(table, i, within), label))
    return out


def _top_level(file: _File, allowed: tuple[str, ...]) -> None:
    unknown = sorted(set(file.data) - set(allowed))
    if unknown:
        raise ContentError(render(msg("{file}: unknown table {table} (this file holds: "
                                      "{tables})", file=file.shown, table=repr(unknown[0]),
                                      tables=many(allowed))))


def _type_word(kind):
    """What a value of ``kind`` is, in words (a message)."""
    return {str: msg("a string"), int: msg("a whole number"), tuple: msg("a list of strings"),
            dict: msg("an inline table")}[kind]


def _fields(entry: _Entry, spec: dict, nested: tuple[str, ...] = ()) -> dict:
    """The entry's values, checked against ``spec`` (key -> (type, default or REQUIRED)):
    no unknown key, no missing one, each of its type; lists of strings become tuples.
    ``nested``: the keys of its sub-tables, read on their own."""
    values = entry.values
    for key in values:
        if key not in spec and key not in nested:
            raise entry.error(msg("unknown key {key} (known: {keys})", key=repr(key),
                                  keys=many(spec)), key)
    out = {}
    for key, (kind, default) in spec.items():
        if key not in values:
            if default is REQUIRED:
                raise entry.error(msg("{key} is missing", key=repr(key)))
            out[key] = default
            continue
        value = values[key]
        if kind is tuple:
            ok = isinstance(value, list) and all(isinstance(v, str) for v in value)
            value = tuple(value) if ok else value
        elif kind is int:
            ok = isinstance(value, int) and not isinstance(value, bool)
        else:
            ok = isinstance(value, kind)
        if not ok:
            raise entry.error(msg("{key} must be {kind}, not {value}", key=repr(key),
                                  kind=_type_word(kind), value=repr(value)), key)
        if kind is str and not value.strip():
            raise entry.error(msg("{key} is empty", key=repr(key)), key)
        out[key] = value
    return out


def _unique(entries: list[_Entry], key: str, said: str) -> None:
    """No two ``entries`` with the same ``key``; ``said`` (a message id with ``{key}``,
    ``{value}`` and ``{other}``) says it: "two tracks have the id '55' (the other: ...)"."""
    seen = {}
    for e in entries:
        value = e.values.get(key)
        if value in seen:
            raise e.error(msg(said, key=key, value=repr(value), other=seen[value].where()), key)
        seen[value] = e


def _tupled(value):
    """A TOML value as the content holds it: lists become tuples."""
    return tuple(_tupled(v) for v in value) if isinstance(value, list) else value


@dataclass(frozen=True)
class Content:
    """Everything the data files hold.  ``sources`` says where each entry came from:
    (kind, name) -> (where, position file or None), for the messages of :func:`validate`."""

    tracks: tuple[Track, ...]
    pages: tuple[Page, ...]
    examples: tuple[Example, ...]
    exercises: tuple[Exercise, ...]
    comparisons: tuple[Comparison, ...]
    board: tuple[SavedPosition, ...]
    positions: dict[str, dict[str, str]]
    sources: dict[tuple[str, str], tuple[str, str | None]]


def _positions(data: Path) -> dict[str, dict[str, str]]:
    """Every position file, by game and name: ``positions/55/plain.txt`` is ``["55"]["plain"]``."""
    root = data / "positions"
    out: dict[str, dict[str, str]] = {}
    if not root.is_dir():
        raise ContentError(render(msg("{folder}: the positions directory is missing",
                                      folder=_shown(root))))
    for folder in sorted(p for p in root.iterdir() if p.is_dir()):
        try:
            game = find_game(folder.name).name
        except InputError as e:
            raise ContentError(render(msg("{folder}: a positions folder is named after a game: "
                                          "{error}", folder=_shown(folder),
                                          error=e.message))) from None
        table = out.setdefault(game, {})
        for path in sorted(folder.glob("*.txt")):
            if not NAME.fullmatch(path.stem):
                raise ContentError(render(msg("{file}: a position's file name is lower-case "
                                              "letters, digits, '-' and '_'",
                                              file=_shown(path))))
            try:
                text = path.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError) as e:
                raise ContentError(render(msg("{file}: cannot be read: {error}",
                                              file=_shown(path), error=str(e)))) from None
            if not text.strip():
                raise ContentError(render(msg("{file}: the position is empty",
                                              file=_shown(path))))
            table[path.stem] = text
    return out


def _position(entry: _Entry, data: Path, positions: dict) -> tuple[str, str, str]:
    """The game, the text and the file of the entry's ``position = "<game>/<name>"``."""
    ref = entry.values["position"]
    m = POSITION.fullmatch(ref)
    if not m:
        raise entry.error(msg("'position' is \"<game>/<name>\" (a file "
                              "positions/<game>/<name>.txt), not {ref}", ref=repr(ref)),
                          "position")
    try:
        game = find_game(m["game"]).name
    except InputError as e:
        raise entry.error(msg("position {ref}: {error}", ref=repr(ref), error=e.message),
                          "position") from None
    table = positions.get(game, {})
    if m["name"] not in table:
        if table:
            said = msg("there is no position file positions/{game}/{name}.txt (the {game} "
                       "positions: {names})", game=game, name=m["name"], names=many(table))
        else:
            said = msg("there is no position file positions/{game}/{name}.txt (the {game} "
                       "positions: none)", game=game, name=m["name"])
        raise entry.error(said, "position")
    return game, table[m["name"]], _shown(data / "positions" / game / f"{m['name']}.txt")


def _game(entry: _Entry, value: str | None, key: str = "game") -> str | None:
    if value is None:
        return None
    try:
        return find_game(value).name
    except InputError as e:
        raise entry.error(e.message, key) from None


def _rule_ids(entry: _Entry, ids: tuple[str, ...]) -> tuple[str, ...]:
    for r in ids:
        if not re.fullmatch(r"\d+-[A-Z0-9-]+", r):
            raise entry.error(msg("{rule} is not a rule ID (such as 55-RENEGE)", rule=repr(r)),
                              "rules")
    return ids


def load(data: Path = DATA) -> Content:
    """Read and check every content file of ``data``; a :class:`ContentError` names the
    first mistake."""
    positions = _positions(data)
    sources: dict[tuple[str, str], tuple[str, str | None]] = {}

    # lessons.toml: the tracks and the pages
    f = _File(data / "lessons.toml")
    _top_level(f, ("track", "page"))
    tracks = []
    track_entries = _entries(f, "track", naming=("id", "title"))
    for e in track_entries:
        v = _fields(e, {"id": (str, None), "title": (str, REQUIRED), "blurb": (str, REQUIRED)})
        track = Track(v["id"], v["title"], v["blurb"])
        try:
            track.blurb_for(1)
        except (KeyError, IndexError, ValueError) as err:
            error = f"{type(err).__name__}: {err}"
            raise e.error(msg("the blurb may say {{Count}} or {{count}} and nothing else in "
                              "braces ({error})", error=error), "blurb") from None
        tracks.append(track)
    _unique(track_entries, "id", N_("two tracks have the {key} {value} (the other: {other})"))
    track_ids = [t.id for t in tracks]
    pages = []
    page_entries = _entries(f, "page", naming=("id", "notebook"))
    for e in page_entries:
        v = _fields(e, {"id": (str, REQUIRED), "notebook": (str, REQUIRED),
                        "track": (str, None), "game": (str, None), "title": (str, REQUIRED),
                        "summary": (str, REQUIRED), "rules": (tuple, ()), "after": (str, "")})
        if not NAME.fullmatch(v["id"]):
            raise e.error(msg("an id is lower-case letters, digits, '-' and '_'"), "id")
        if not v["notebook"].endswith(".ipynb") or v["notebook"].startswith(("/", ".")):
            raise e.error(msg("the notebook is a path under lessons/ ending in .ipynb"),
                          "notebook")
        if v["track"] not in track_ids:
            raise e.error(msg("there is no [[track]] with the id {id} (known: {ids})",
                              id=repr(v["track"]), ids=many(str(t) for t in track_ids if t)),
                          "track")
        pages.append(Page(v["notebook"], v["title"], v["summary"], _game(e, v["game"]),
                          _rule_ids(e, v["rules"]), v["track"], v["after"], v["id"]))
        sources[("page", v["id"])] = (e.where(), None)
    _unique(page_entries, "id", N_("two pages have the {key} {value} (the other: {other})"))
    _unique(page_entries, "notebook",
            N_("two pages have the {key} {value} (the other: {other})"))

    # examples.toml
    f = _File(data / "examples.toml")
    _top_level(f, ("example",))
    examples = []
    entries = _entries(f, "example")
    for e in entries:
        v = _fields(e, {"name": (str, REQUIRED), "position": (str, REQUIRED),
                        "seat": (int, REQUIRED), "caption": (str, REQUIRED),
                        "rules": (tuple, ())})
        game, text, file = _position(e, data, positions)
        if v["seat"] < 0:
            raise e.error(msg("the seat is a number from 0"), "seat")
        examples.append(Example(v["name"], game, text, v["seat"], v["caption"],
                                _rule_ids(e, v["rules"])))
        sources[("example", v["name"])] = (e.where(), file)
    _unique(entries, "name", N_("two examples have the {key} {value} (the other: {other})"))

    # exercises.toml
    f = _File(data / "exercises.toml")
    _top_level(f, ("exercise",))
    exercises = []
    entries = _entries(f, "exercise")
    for e in entries:
        kinds = e.values.get("kinds")
        v = _fields(e, {"name": (str, REQUIRED), "game": (str, REQUIRED),
                        "kinds": (str if isinstance(kinds, str) else tuple, REQUIRED),
                        "count": (int, 5), "seed": (int, 1), "rules": (tuple, ())})
        if isinstance(v["kinds"], str):
            if v["kinds"] != "all":
                raise e.error(msg("'kinds' is a list of question kinds or \"all\", not {kinds}",
                                  kinds=repr(v["kinds"])), "kinds")
            v["kinds"] = KINDS
        elif not v["kinds"]:
            raise e.error(msg("'kinds' is empty"), "kinds")
        exercises.append(Exercise(v["name"], _game(e, v["game"]), v["kinds"], v["count"],
                                  v["seed"], _rule_ids(e, v["rules"])))
        sources[("exercise", v["name"])] = (e.where(), None)
    _unique(entries, "name", N_("two exercises have the {key} {value} (the other: {other})"))

    # comparisons.toml
    f = _File(data / "comparisons.toml")
    _top_level(f, ("comparison",))
    comparisons = []
    entries = _entries(f, "comparison")
    for e in entries:
        v = _fields(e, {"name": (str, REQUIRED), "setting": (str, None),
                        "position": (str, REQUIRED), "aspect": (str, REQUIRED),
                        "label": (str, REQUIRED), "summary": (str, REQUIRED),
                        "rules": (tuple, ()), "then": (tuple, ()),
                        "probe": (tuple, ())}, nested=("variant",))
        game, text, file = _position(e, data, positions)
        if v["aspect"] not in ASPECTS:
            raise e.error(msg("the aspect is one of {aspects}, not {aspect}",
                              aspects=many(ASPECTS, "or"), aspect=repr(v["aspect"])), "aspect")
        # its variants' headers stand between its own header and the next entry's
        within = (e.line, f.entry_end(e.line, "comparison")) if e.line else (0, 0)
        variants = []
        for ve in _entries(f, "comparison.variant", e.values, within, naming=("label",)):
            ve.label = render(msg("{entry}, variant {label}", entry=e.label,
                                  label=repr(ve.values.get("label", ve.index + 1))))
            vv = _fields(ve, {"label": (str, REQUIRED), "settings": (dict, {}),
                              "note": (str, REQUIRED)})
            settings = tuple((k, _tupled(x)) for k, x in vv["settings"].items())
            variants.append(Variant(vv["label"], settings, vv["note"]))
        if len(variants) < 2:
            raise e.error(msg("a comparison has at least two [[comparison.variant]]: the "
                              "standard rules and a house rule"))
        if variants[0].settings:
            raise e.error(msg("the first variant is the standard rules: it has no settings"))
        comparisons.append(Comparison(v["name"], game, v["setting"] or v["name"], text,
                                      v["aspect"], tuple(variants), v["summary"],
                                      _rule_ids(e, v["rules"]), v["then"], v["probe"],
                                      v["label"]))
        sources[("comparison", v["name"])] = (e.where(), file)
    _unique(entries, "name",
            N_("two comparisons have the {key} {value} (the other: {other})"))

    # board.toml
    f = _File(data / "board.toml")
    _top_level(f, ("position",))
    board = []
    entries = _entries(f, "position")
    for e in entries:
        v = _fields(e, {"name": (str, REQUIRED), "position": (str, REQUIRED),
                        "goal": (str, REQUIRED), "rules": (tuple, ())})
        game, text, file = _position(e, data, positions)
        board.append(SavedPosition(v["name"], game, text, v["goal"], _rule_ids(e, v["rules"])))
        sources[("position", v["name"])] = (e.where(), file)
    _unique(entries, "name",
            N_("two saved positions have the {key} {value} (the other: {other})"))

    return Content(tuple(tracks), tuple(pages), tuple(examples), tuple(exercises),
                   tuple(comparisons), tuple(board), positions, sources)


CONTENT = load()

TRACKS: tuple[Track, ...] = CONTENT.tracks
PAGES: tuple[Page, ...] = CONTENT.pages
EXAMPLES: tuple[Example, ...] = CONTENT.examples
EXERCISES: tuple[Exercise, ...] = CONTENT.exercises
COMPARISONS: tuple[Comparison, ...] = CONTENT.comparisons
BOARD_POSITIONS: tuple[SavedPosition, ...] = CONTENT.board
POSITIONS: dict[str, dict[str, str]] = CONTENT.positions


# -- looking pages up --------------------------------------------------------------------------
def page(ref: str) -> Page:
    """The page whose id (``"55-renege"``) or notebook (``"55/04-renege.ipynb"``) is ``ref``."""
    for p in PAGES:
        if ref in (p.id, p.notebook):
            return p
    raise KeyError(f"no page {ref!r}")


def track_pages(track: str | None) -> tuple[Page, ...]:
    """The pages of a track (``None``: the tools), in order."""
    return tuple(p for p in PAGES if p.track == track)


def neighbours(p: Page) -> tuple[Page | None, Page | None]:
    """The lessons before and after ``p`` in its track (None at either end, and for a tool)."""
    if p.track is None:
        return None, None
    track = track_pages(p.track)
    i = track.index(p) if p in track else -1
    return (track[i - 1] if i > 0 else None,
            track[i + 1] if 0 <= i < len(track) - 1 else None)


def parse_saved(position: SavedPosition):
    """The position of a saved entry, parsed with its game's notation."""
    return find_game(position.game).notation.parse_position(position.text)


# -- checking with the engine ------------------------------------------------------------------
def _at(kind: str, name: str, position: bool = False) -> str:
    """Where an entry comes from, for a message: ``"tutor/teach/data/x.toml, line 3 (...)"``
    (and its position file); a bare description for an entry made in code."""
    where, file = CONTENT.sources.get((kind, name), (None, None))
    if where is None:
        return f"{kind} {name}"
    if position and file:
        return render(msg("{where}, position {file}", where=where, file=file))
    return f"{where}"


def validate() -> list[str]:
    """Every problem in the content, as lines (empty when all is well)."""
    problems = []

    def check_rules(where: str, ids) -> None:
        for r in ids:
            game = r.split("-", 1)[0]
            if game not in GAMES or r not in rules(game):
                problems.append(render(msg("{where}: unknown rule ID {rule}", where=where,
                                           rule=r)))

    names = [p.notebook for p in PAGES]
    if len(set(names)) != len(names):
        problems.append(render(msg("pages: a notebook is listed twice")))
    ids = [p.id for p in PAGES if p.id]
    if len(set(ids)) != len(ids):
        problems.append(render(msg("pages: an id is listed twice")))
    for p in PAGES:
        check_rules(_at("page", p.id) if p.id else render(msg("page {notebook}",
                                                              notebook=p.notebook)), p.rules)
    for s in BOARD_POSITIONS:
        check_rules(_at("position", s.name), s.rules)
        try:
            parse_saved(s)
        except InputError as e:
            problems.append(f"{_at('position', s.name, True)}: {e}")
    for e in EXERCISES:
        check_rules(_at("exercise", e.name), e.rules)
        for k in e.kinds:
            try:
                check_kind(k, e.game)
            except InputError as err:
                problems.append(f"{_at('exercise', e.name)}: {err}")
        if e.count < 1:
            problems.append(render(msg("{where}: no questions", where=_at("exercise", e.name))))
    for said, items in ((N_("exercises: two are named {name}"), EXERCISES),
                        (N_("examples: two are named {name}"), EXAMPLES),
                        (N_("comparisons: two are named {name}"), COMPARISONS)):
        names = [x.name for x in items]
        problems += [render(msg(said, name=n)) for n in sorted(set(names))
                     if names.count(n) > 1]
    from .examples import ExampleRun, compare
    for x in EXAMPLES:
        check_rules(_at("example", x.name), x.rules)
        try:
            run = ExampleRun(x)
            if not run.learner_to_act:
                problems.append(render(msg("{where}: it is not seat {seat}'s turn",
                                           where=_at("example", x.name), seat=x.seat)))
        except InputError as err:
            problems.append(f"{_at('example', x.name, True)}: {err}")
    for c in COMPARISONS:
        check_rules(_at("comparison", c.name), c.rules)
        try:
            columns = compare(c)
            if len({col.summary for col in columns}) < 2:
                problems.append(render(msg("{where}: the variants give the same result",
                                           where=_at("comparison", c.name))))
        except InputError as err:
            problems.append(f"{_at('comparison', c.name, True)}: {err}")
    return problems


if __name__ == "__main__":
    import sys

    found = validate()
    print("\n".join(found) or render(msg("The content is valid.")))
    sys.exit(1 if found else 0)
