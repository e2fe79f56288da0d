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

from tutor.teach import content
from tutor.teach.content import DATA, ContentError, load

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
    assert msg.startswith(f"{data / 'examples.toml'}: not valid TOML") and "line " in msg


def test_a_missing_key_names_the_entry_and_its_line(data):
    path = data / "examples.toml"
    edit(path, 'name = "55-trumps"\nposition = "55/trumps"\nseat = 2\n',
         'name = "55-trumps"\nposition = "55/trumps"\n')
    line = line_of(path, r'name = "55-trumps"') - 1  # the [[example]] line
    assert error(data) == f"{path}, line {line} (example '55-trumps'): 'seat' is missing"


def test_a_wrong_type_or_an_unknown_key_names_the_key_line(data):
    path = data / "examples.toml"
    edit(path, 'seat = 1\ncaption = """\\\n    Hearts are trumps and seat 0 led the 8♠',
         'seat = "one"\ncaption = """\\\n    Hearts are trumps and seat 0 led the 8♠')
    line = line_of(path, r'seat = "one"')
    assert error(data) == (f"{path}, line {line} (example '55-follow'): 'seat' must be a "
                           "whole number, not 'one'")
    shutil.copy(DATA / "examples.toml", path)
    edit(path, "seat = 2\ncaption", "seat = 2\ncaptoin")
    msg = error(data)
    assert msg.startswith(f"{path}, line {line_of(path, 'captoin')} (example '55-plain'): "
                          "unknown key 'captoin' (known: name, position, seat, caption")


def test_a_missing_position_file_is_named(data):
    (data / "positions" / "55" / "who-wins.txt").unlink()
    path = data / "examples.toml"
    msg = error(data)
    assert msg.startswith(f"{path}, line {line_of(path, 'position = .55/who-wins')} (example "
                          "'55-who-wins'): there is no position file positions/55/who-wins.txt")


def test_a_position_folder_must_be_a_game(data):
    (data / "positions" / "77").mkdir()
    assert "positions/77: a positions folder is named after a game" in error(data)
    assert "55, 56" in error(data)


def test_two_entries_with_one_name(data):
    path = data / "exercises.toml"
    edit(path, 'name = "55-trumps"', 'name = "55-cards"')
    first, second = [i + 1 for i, ln in enumerate(path.read_text().splitlines())
                     if ln == 'name = "55-cards"']
    assert error(data) == (f"{path}, line {second} (exercise '55-cards'): two exercises have "
                           f"the name '55-cards' (the other: {path}, line {first - 1} "
                           "(exercise '55-cards'))")


def test_a_page_of_an_unknown_track(data):
    path = data / "lessons.toml"
    edit(path, 'track = "56"', 'track = "57"')
    msg = error(data)
    assert msg.startswith(f"{path}, line {line_of(path, 'track = .57')} (page '56-deck'): "
                          "there is no [[track]] with the id '57'")


def test_a_comparison_variant_is_located(data):
    path = data / "comparisons.toml"
    edit(path, 'note = "Only the 5 has the privilege', 'nite = "Only the 5 has the privilege')
    msg = error(data)
    assert msg.startswith(f"{path}, line {line_of(path, '^nite = ')} (comparison "
                          "'renege_mode', variant 'Only the 5'): unknown key 'nite'")
    shutil.copy(DATA / "comparisons.toml", path)
    edit(path, 'label = "Only the 5"\nsettings = { renege_mode = "five_only" }\n',
         'label = "Only the 5"\n')
    edit(path, 'label = "Only the 5"', 'label = "Only the 5"\nsettings = { renege_mode = 5 }')
    assert load(data).comparisons[0].variants[2].settings == (("renege_mode", 5),)


def test_a_blurb_says_only_the_count(data):
    edit(data / "lessons.toml", "{Count} short lessons", "{Number} short lessons")
    assert "(track '55'): the blurb may say {Count} or {count}" in error(data)


def test_validate_names_the_file_of_a_broken_position(data, monkeypatch):
    edit(data / "positions" / "55" / "who-wins.txt", "hand 0: 6S 8C", "hand 0: 6X 8C")
    broken = load(data)  # the shape is right: the engine finds the mistake
    monkeypatch.setattr(content, "CONTENT", broken)
    monkeypatch.setattr(content, "EXAMPLES", broken.examples)
    problems = content.validate()
    assert len(problems) == 1, problems
    line = line_of(data / "examples.toml", 'name = "55-who-wins"') - 1
    assert problems[0].startswith(
        f"{data / 'examples.toml'}, line {line} (example '55-who-wins'), position "
        f"{data / 'positions' / '55' / 'who-wins.txt'}: line 4 (hand 0)")


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
    assert track.blurb_for(len(content.track_pages("55"))).startswith("Ten short lessons")
    from tutor.ui import lesson_footer, lesson_map

    html = lesson_map().value
    assert 'href="55/04-new.ipynb"' in html and "Ten short lessons" in html
    html = lesson_footer("55-new").value
    assert 'href="../55/03-following.ipynb" rel="prev"' in html
    assert 'href="../55/04-renege.ipynb" rel="next"' in html


def test_the_map_counts_the_lessons_of_each_track():
    from tutor.ui.nav import tracks

    words = {t: blurb.split()[0] for t, _, blurb in tracks()}
    assert words["55"] == "Nine" and words["56"] == "Eight"
    assert content.Track("x", "X", "{Count} ({count})").blurb_for(21) == "21 (21)"


def test_the_package_ships_every_data_file():
    """pyproject.toml's package-data covers every file of tutor/teach/data/ (the wheel test
    is by hand: pip wheel . --no-deps, then list the wheel)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    globs = config["tool"]["setuptools"]["package-data"]["tutor"]
    files = [p.relative_to(ROOT / "tutor").as_posix() for p in DATA.rglob("*") if p.is_file()]
    assert files
    assert [f for f in files if not any(fnmatch.fnmatchcase(f, g) for g in globs)] == []
