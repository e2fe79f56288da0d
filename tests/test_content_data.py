"""The content data files (tutor/teach/data/, issue #12): a mistake in one is a ContentError
that names the file, the line and the entry; the lesson map, the counts and the previous/next
links follow the data; the package ships every data file."""

from __future__ import annotations

import fnmatch
import re
import shutil
import tomllib
from pathlib import Path

import pytest
from wording import ANY, fits, said

from tutor.engine.errors import where_words
from tutor.engine.messages import many
from tutor.teach import content
from tutor.teach.content import DATA, ContentError, load
from tutor.ui.style import esc

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def data(tmp_path) -> Path:
    """A copy of the data directory to break."""
    copy = tmp_path / "data"
    shutil.copytree(DATA, copy)
    return copy


def edit(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def line_of(path: Path, pattern: str) -> int:
    lines = path.read_text(encoding="utf-8").splitlines()
    return next(i + 1 for i, ln in enumerate(lines) if re.search(pattern, ln))





def at(path: Path, line, label: str, problem: str | None = None) -> str:
    """Where an entry stands, as a content error says it: the file, the line (ANY: not known)
    and the entry (``example '55-trumps'``: its table and name, as the data writes them); then
    ``problem``, if given."""
    where = f"{said('{file}, line {line}', file=str(path), line=line)} ({label})"
    return where if problem is None else f"{where}: {problem}"


def blurb(track: str, n: int) -> str:
    """A track's blurb counting ``n`` lessons, the number in words."""
    words = ("no one two three four five six seven eight nine ten eleven twelve").split()
    text = next(t.blurb for t in content.TRACKS if t.id == track)
    return said(text, Count=said.p("number, at the start of a sentence",
                                    words[n].capitalize()), count=said.p("number", words[n]))


def error(data: Path) -> str:
    with pytest.raises(ContentError) as info:
        load(data)
    return str(info.value)


def test_the_shipped_data_loads_and_is_what_the_module_holds():
    loaded = load()
    assert loaded.pages == content.PAGES and loaded.examples == content.EXAMPLES
    assert loaded.comparisons == content.COMPARISONS and loaded.exercises == content.EXERCISES
    assert loaded.board == content.BOARD_POSITIONS
    assert content.POSITIONS["55"]["plain"].startswith("game: 55")


def test_not_toml_names_the_file_and_the_line(data):
    edit(data / "examples.toml", 'seat = 2', 'seat = = 2')
    msg = error(data)
    assert fits(msg, said("{file}: not valid TOML: {error}", file=str(data / "examples.toml"),
                          error=ANY)), msg
    assert "line " in msg  # English kept: tomllib's own words, which name the line


def test_a_missing_key_names_the_entry_and_its_line(data):
    path = data / "examples.toml"
    edit(path, 'name = "55-trumps"\nposition = "55/trumps"\nseat = 2\n',
         'name = "55-trumps"\nposition = "55/trumps"\n')
    line = line_of(path, r'name = "55-trumps"') - 1  # the [[example]] line
    assert error(data) == at(path, line, "example '55-trumps'", said("{key} is missing",
                                                                    key="'seat'"))


def test_a_wrong_type_or_an_unknown_key_names_the_key_line(data):
    path = data / "examples.toml"
    edit(path, 'seat = 1\ncaption = """\\\n    Hearts are trumps and seat 0 led the 8♠',
         'seat = "one"\ncaption = """\\\n    Hearts are trumps and seat 0 led the 8♠')
    line = line_of(path, r'seat = "one"')
    assert error(data) == at(path, line, "example '55-follow'", said(
        "{key} must be {kind}, not {value}", key="'seat'", kind=said("a whole number"),
        value="'one'"))
    shutil.copy(DATA / "examples.toml", path)
    edit(path, "seat = 2\ncaption", "seat = 2\ncaptoin")
    assert error(data) == at(path, line_of(path, "captoin"), "example '55-plain'", said(
        "unknown key {key} (known: {keys})", key="'captoin'",
        keys=many(["name", "position", "seat", "caption", "rules"])))


def test_a_missing_position_file_is_named(data):
    (data / "positions" / "55" / "who-wins.txt").unlink()
    path = data / "examples.toml"
    msg = error(data)
    assert fits(msg, at(path, line_of(path, "position = .55/who-wins"), "example '55-who-wins'",
                        said("there is no position file positions/{game}/{name}.txt (the {game} "
                             "positions: {names})", game="55", name="who-wins", names=ANY))), msg


def test_a_position_folder_must_be_a_game(data):
    (data / "positions" / "77").mkdir()
    assert error(data) == said(
        "{folder}: a positions folder is named after a game: {error}",
        folder=str(data / "positions" / "77"), error=said(
            "unknown game {game} (known: {known})", game="'77'", known="55, 56"))


def test_two_entries_with_one_name(data):
    path = data / "exercises.toml"
    edit(path, 'name = "55-trumps"', 'name = "55-cards"')
    first, second = [i + 1 for i, ln in enumerate(path.read_text().splitlines())
                     if ln == 'name = "55-cards"']
    assert error(data) == at(path, second, "exercise '55-cards'", said(
        "two exercises have the {key} {value} (the other: {other})", key="name",
        value="'55-cards'", other=at(path, first - 1, "exercise '55-cards'")))


def test_a_page_of_an_unknown_track(data):
    path = data / "lessons.toml"
    edit(path, 'track = "56"', 'track = "57"')
    msg = error(data)
    assert fits(msg, at(path, line_of(path, "track = .57"), "page '56-deck'", said(
        "there is no [[track]] with the id {id} (known: {ids})", id="'57'", ids=ANY))), msg


def test_a_comparison_variant_is_located(data):
    path = data / "comparisons.toml"
    edit(path, 'note = "Only the 5 has the privilege', 'nite = "Only the 5 has the privilege')
    msg = error(data)
    variant = said("{entry}, variant {label}", entry="comparison 'renege_mode'",
                   label="'Only the 5'")
    assert fits(msg, at(path, line_of(path, "^nite = "), variant, said(
        "unknown key {key} (known: {keys})", key="'nite'", keys=ANY))), msg
    shutil.copy(DATA / "comparisons.toml", path)
    edit(path, 'label = "Only the 5"\nsettings = { renege_mode = "five_only" }\n',
         'label = "Only the 5"\n')
    edit(path, 'label = "Only the 5"', 'label = "Only the 5"\nsettings = { renege_mode = 5 }')
    assert load(data).comparisons[0].variants[2].settings == (("renege_mode", 5),)


def test_a_blurb_says_only_the_count(data):
    edit(data / "lessons.toml", "{Count} short lessons", "{Number} short lessons")
    assert fits(error(data), at(data / "lessons.toml", ANY, "track '55'", said(
        "the blurb may say {{Count}} or {{count}} and nothing else in braces ({error})",
        error=ANY))), error(data)


def test_validate_names_the_file_of_a_broken_position(data, monkeypatch):
    edit(data / "positions" / "55" / "who-wins.txt", "hand 0: 6S 8C", "hand 0: 6X 8C")
    broken = load(data)  # the shape is right: the engine finds the mistake
    monkeypatch.setattr(content, "CONTENT", broken)
    monkeypatch.setattr(content, "EXAMPLES", broken.examples)
    problems = content.validate()
    assert len(problems) == 1, problems
    line = line_of(data / "examples.toml", 'name = "55-who-wins"') - 1
    where = at(data / "examples.toml", line, "example '55-who-wins'")
    assert problems[0].startswith(said(
        "{where}, position {file}", where=where,
        file=str(data / "positions" / "55" / "who-wins.txt")) + ": "
        + where_words("line 4 (hand 0)")), problems


def test_the_map_the_counts_and_the_links_follow_the_data(data, monkeypatch):
    """A new lesson is a notebook and one [[page]] entry: it is on the map, counted in its
    track's blurb, and linked from its neighbours."""
    edit(data / "lessons.toml", '[[page]]\nid = "55-renege"',
         '[[page]]\nid = "55-new"\nnotebook = "55/04-new.ipynb"\ntrack = "55"\ngame = "55"\n'
         'title = "4. New"\nsummary = "Something new."\n\n[[page]]\nid = "55-renege"')
    loaded = load(data)
    monkeypatch.setattr(content, "PAGES", loaded.pages)
    new = content.page("55-new")
    before, after = content.neighbours(new)
    assert (before.id, after.id) == ("55-following", "55-renege")
    assert content.neighbours(content.page("55-following"))[1] is new
    track = loaded.tracks[0]
    assert track.blurb_for(len(content.track_pages("55"))) == blurb("55", 10)
    from tutor.ui import lesson_footer, lesson_map

    html = lesson_map().value
    assert 'href="55/04-new.ipynb"' in html and esc(blurb("55", 10)) in html
    html = lesson_footer("55-new").value
    assert 'href="../55/03-following.ipynb" rel="prev"' in html
    assert 'href="../55/04-renege.ipynb" rel="next"' in html


def test_the_map_counts_the_lessons_of_each_track():
    from tutor.ui.nav import tracks

    blurbs = {t: text for t, _, text in tracks()}
    assert blurbs["55"] == blurb("55", 9) and blurbs["56"] == blurb("56", 8)
    assert content.Track("x", "X", "{Count} ({count})").blurb_for(21) == "21 (21)"


def test_the_package_ships_every_data_file():
    """pyproject.toml's package-data covers every file of tutor/teach/data/ (the wheel test
    is by hand: pip wheel . --no-deps, then list the wheel)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    globs = config["tool"]["setuptools"]["package-data"]["tutor"]
    files = [p.relative_to(ROOT / "tutor").as_posix() for p in DATA.rglob("*") if p.is_file()]
    assert files
    assert [f for f in files if not any(fnmatch.fnmatchcase(f, g) for g in globs)] == []
