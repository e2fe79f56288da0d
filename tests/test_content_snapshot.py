"""The lesson content moved from Python to data files (issue #12) without a word changing.

``tests/data/content_snapshot.json`` was written from the Python content before the move
(``tutor/teach/content.py``, ``positions55.py``, ``positions56.py`` and the track blurbs of
``tutor/ui/nav.py``).  Every entry it holds must still be there, equal field by field and in
the same order; entries may be added (a new lesson is not a change to the old ones).  To change
an existing text on purpose, rewrite the snapshot and review its diff::

    .venv/bin/python tests/test_content_snapshot.py --write
"""

from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path

SNAPSHOT = Path(__file__).resolve().parent / "data" / "content_snapshot.json"
COLLECTIONS = ("PAGES", "LESSONS_55", "LESSONS_56", "EXAMPLES", "EXERCISES", "COMPARISONS",
               "BOARD_POSITIONS")
PER_GAME = {"LESSONS_55": "55", "LESSONS_56": "56"}  # a track's pages: content.track_pages


def plain(value):
    """A dataclass, tuple or dict as JSON data (tuples become lists)."""
    if dataclasses.is_dataclass(value):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, tuple | list):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    return value


def lists_in(value, where: str = "") -> list[str]:
    """Where a list hides in the content: the Python content holds tuples only, and JSON
    cannot tell a tuple from a list."""
    if isinstance(value, list):
        return [where or "?"]
    if dataclasses.is_dataclass(value):
        return [w for f in dataclasses.fields(value)
                for w in lists_in(getattr(value, f.name), f"{where}.{f.name}")]
    if isinstance(value, tuple):
        return [w for i, v in enumerate(value) for w in lists_in(v, f"{where}[{i}]")]
    if isinstance(value, dict):
        return [w for k, v in value.items() for w in lists_in(v, f"{where}[{k!r}]")]
    return []


def snapshot() -> dict:
    """The content as JSON data, from the public names of ``tutor.teach.content``."""
    from tutor.teach import content
    from tutor.ui import nav

    data = {name: plain(content.track_pages(PER_GAME[name]) if name in PER_GAME
                        else getattr(content, name)) for name in COLLECTIONS}
    data["POSITIONS_55"] = dict(content.POSITIONS["55"])
    data["POSITIONS_56"] = dict(content.POSITIONS["56"])
    data["TRACKS"] = [{"track": track, "title": title, "blurb": blurb,
                       "pages": len([p for p in content.PAGES if p.track == track])}
                      for track, title, blurb in nav.tracks()]
    return data


def same(old, new) -> bool:
    """``new`` says what ``old`` says: the same value, or a dict with at least the same keys
    and values (a field added since the snapshot is not a change)."""
    if isinstance(old, dict) and isinstance(new, dict):
        return all(k in new and same(v, new[k]) for k, v in old.items())
    return old == new


def is_subsequence(old: list, new: list) -> bool:
    rest = iter(new)
    return all(any(same(item, n) for n in rest) for item in old)


def test_every_entry_of_the_snapshot_is_unchanged():
    old = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
    new = snapshot()
    for name in COLLECTIONS:
        assert is_subsequence(old[name], new[name]), (
            f"{name}: an entry of the snapshot is missing, changed or moved: "
            f"{[e for e in old[name] if not any(same(e, n) for n in new[name])]}")
    for name in ("POSITIONS_55", "POSITIONS_56"):
        changed = sorted(k for k in old[name] if new[name].get(k) != old[name][k])
        assert changed == [], f"{name}: changed or missing: {changed}"


def test_the_track_blurbs_are_unchanged():
    from tutor.teach import content

    old = json.loads(SNAPSHOT.read_text(encoding="utf-8"))["TRACKS"]
    new = snapshot()["TRACKS"]
    assert [t["track"] for t in new] == [t["track"] for t in old]
    for o, n in zip(old, new):
        assert n["title"] == o["title"]
        if n["pages"] == o["pages"]:
            assert n["blurb"] == o["blurb"]
        else:  # a lesson was added: the blurb counts it, and says the rest as before
            track = next(t for t in content.TRACKS if t.id == o["track"])
            assert track.blurb_for(o["pages"]) == o["blurb"]


def test_the_content_holds_tuples_not_lists():
    from tutor.teach import content

    for name in COLLECTIONS:
        value = content.track_pages(PER_GAME[name]) if name in PER_GAME else getattr(content, name)
        assert lists_in(value, name) == []


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit(__doc__)
    SNAPSHOT.parent.mkdir(exist_ok=True)
    SNAPSHOT.write_text(json.dumps(snapshot(), ensure_ascii=False, indent=1) + "\n",
                        encoding="utf-8")
    print(f"wrote {SNAPSHOT}")
