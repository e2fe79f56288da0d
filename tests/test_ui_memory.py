"""The page's memory widget in the kernel (tutor.ui.memory): what it does with what the browser
reports (its ``stored`` text and ``status``, set here as memory.js sets them) and what it sends
back.  The browser's side is tested in tests/browser/test_memory.py."""

from __future__ import annotations

import html
import json

from wording import said

from tutor.teach import progress
from tutor.ui.memory import FULL, MAX_WIRE, UNAVAILABLE, Memory

# what the page header says of stored progress it cannot use, and of answers it cannot keep
UNUSABLE = ("Your saved progress could not be used: {problem}. It is left as it is; the lessons "
            "work without it, or start afresh to keep your progress from now on.")
NOT_KEPT = "Your latest answers are not kept: {problem}."
OVERFLOW = ("that would make your saved progress {size} characters; the tutor keeps at most "
            "{most}")
MOST = "400,000"  # characters the tutor keeps (progress.MAX_TEXT)


def sent_by(m: Memory) -> list[dict]:
    out: list[dict] = []
    m.send = out.append  # what would go to the browser
    return out


def hear(m: Memory, stored: str = "", status: str = "ok") -> None:
    m.set_trait("stored", stored)
    m.set_trait("status", status)


def test_items_put_before_the_browser_answers_wait_and_then_merge():
    m = Memory()
    out = sent_by(m)
    m.put("last", {"page": "55-cards"})
    assert out == [] and not m.ready  # nobody to tell yet
    seen = []
    m.when_ready(lambda mem: seen.append(dict(mem.items)))
    older = {"last": {"t": 1, "page": "55-trumps"}, "page:55-trumps": {"t": 1}}
    hear(m, progress.dump(older))
    assert m.ready and m.items["last"]["page"] == "55-cards"  # ours is newer
    assert "page:55-trumps" in m.items and seen and "page:55-trumps" in seen[0]
    assert out == [{"op": "save", "version": progress.VERSION,
                    "items": {"last": m.items["last"]}}]


def test_a_watcher_hears_every_change():
    m = Memory()
    sent_by(m)
    calls = []
    m.when_ready(lambda mem: calls.append(len(mem.items)), watch=True)
    hear(m)
    m.put("page:55-cards", {})
    hear(m, progress.dump({"page:56-deck": {"t": progress.now_ms() + 5}}))  # another tab
    assert calls == [0, 1, 2]


def test_no_storage_is_said_once_and_nothing_is_sent():
    m = Memory()
    out = sent_by(m)
    hear(m, "", "unavailable")
    m.put("page:55-cards", {})
    assert out == [] and said(UNAVAILABLE) in html.unescape(m.notice.value)
    assert m.reset_button.layout.display == "none"
    m.set_trait("status", "full")
    assert said(FULL) in html.unescape(m.notice.value)


def test_data_that_is_not_ours_is_kept_until_the_learner_starts_afresh():
    m = Memory()
    out = sent_by(m)
    hear(m, json.dumps({"app": "another"}))
    foreign = said("what is saved under the tutor's name was not written by Trick Tutor")
    assert not m.keeps and m.loaded.state == "foreign"
    assert said(UNUSABLE, problem=foreign) in html.unescape(m.notice.value)
    assert m.reset_button.layout.display is None
    m.put("page:55-cards", {})
    assert out == []  # never written over
    m.reset_button.click()
    assert out == [{"op": "replace", "text": progress.dump({})}] and m.keeps
    assert m.notice.value == "" and m.items == {}
    m.put("page:55-cards", {})
    assert out[-1]["op"] == "save" and "page:55-cards" in out[-1]["items"]


def test_a_bad_item_is_not_kept():
    m = Memory()
    out = sent_by(m)
    hear(m)
    m.put("exercise:55-cards", {"seed": "not a number"})
    assert out == [] and "exercise:55-cards" not in m.items


# -- sizes (issue #35) ---------------------------------------------------------------------------
def test_stored_progress_too_big_to_send_is_said_with_start_afresh():
    """memory.js sends no text over the limits, only its size and the status "toobig"."""
    m = Memory()
    out = sent_by(m)
    m.set_trait("size", 1_320_000)
    hear(m, "", "toobig")
    notice = html.unescape(m.notice.value)
    too_big = said("the saved progress is too big to read ({size} characters; the tutor keeps at "
                   "most {most})", size="1,320,000", most=MOST)
    assert said(UNUSABLE, problem=too_big) in notice
    assert m.reset_button.layout.display is None and not m.keeps
    m.put("page:55-cards", {})
    assert out == []  # never written over
    m.reset_button.click()
    assert out == [{"op": "replace", "text": progress.dump({})}]
    m.set_trait("size", 0)
    hear(m, progress.dump({}), "ok")  # what memory.js reports once it has written
    assert m.keeps and m.notice.value == ""


def test_the_browser_is_told_the_limits():
    m = Memory()
    assert m.limit == progress.MAX_TEXT and m.wire_limit == MAX_WIRE


def test_an_item_that_would_overfill_the_document_is_not_kept_and_said():
    m = Memory()
    out = sent_by(m)
    hear(m, progress.dump({f"page:p{i}": {"t": 1, "n": "x" * 19_500} for i in range(20)}))
    assert m.keeps
    m.put("page:big", {"n": "y" * 19_000})
    assert "page:big" not in m.items and out == []
    # the size, which the test does not count, between the words said of it
    before, after = said.around(OVERFLOW, "size", most=MOST)
    (head, tail), notice = said.around(NOT_KEPT, "problem"), html.unescape(m.notice.value)
    assert head + before in notice and after + tail in notice
    try:
        m.take({"page:other": {"t": 5, "n": "z" * 19_000}})
    except ValueError as e:
        assert str(e).startswith(before) and str(e).endswith(after)
    else:
        raise AssertionError("an import that overfills was taken")
    assert "page:other" not in m.items


def test_an_import_over_the_limits_is_refused_in_words(monkeypatch):
    from tutor.ui import memory as memory_module
    from tutor.ui.mydata import MyData

    monkeypatch.setattr(memory_module, "_MEMORY", None)
    m = memory_module.memory()
    sent_by(m)
    hear(m)
    mine = MyData()
    big = ('{"app": "trick-tutor", "version": 1, "items": {"page:x": {"t": 1, '
           '"junk": "' + '\\"' * 330_000 + '"}}}')
    mine.import_text(big, "big.json")
    shown = html.unescape(mine.message.value)
    assert said("Nothing was imported: {name} is {size} characters, too big to be progress saved "
                "by the tutor (a file holds at most {most}).", name="big.json",
                size=f"{len(big):,}", most=MOST) in shown
    mine.import_text(progress.dump({"page:x": {"t": 1, "junk": "x" * 30_000}}))
    shown = html.unescape(mine.message.value)
    size = said("its size ({size} characters; an item holds at most {most})", size="30,017",
                most=f"{progress.MAX_ITEM:,}")
    dropped = said.n("{n} saved item could not be read and was left out ({first})",
                     "{n} saved items could not be read and were left out (the first, {first})",
                     1, first=f"page:x: {size}")
    assert said("Nothing was imported: {problem}.", problem=dropped) in shown
    assert m.items == {}
    # what memory.js sends for a file too big to send, and for one it read
    m._on_custom(m, {"event": "refused-file", "name": "<b>huge</b>.json", "size": 5_000_000},
                 [])
    assert said("Nothing was imported: {name} is {size} bytes, too big to be progress saved by "
                "the tutor (a file holds at most {most}).", name="<b>huge</b>.json",
                size="5,000,000", most=MOST) in html.unescape(mine.message.value)
    assert "<b>" not in mine.message.value  # the name is escaped
    m._on_custom(m, {"event": "refused-file", "name": "odd.json", "size": 300_000}, [])
    assert said("Nothing was imported: {name} is not progress saved by the tutor.",
                name="odd.json") in html.unescape(mine.message.value)
    m._on_custom(m, {"event": "import-file", "name": "mine.json",
                     "text": progress.dump({"page:55-cards": {"t": 1}})}, [])
    imported = said.n("Imported {n} item: the newer of each kept.",
                      "Imported {n} items: the newer of each kept.", 1)
    assert imported in html.unescape(mine.message.value)
    assert "page:55-cards" in m.items
    for junk in ({"event": "import-file", "name": 5, "text": "{}"},
                 {"event": "import-file", "name": "a", "text": None},
                 {"event": "refused-file", "name": "a", "size": True}, ["x"]):
        m._on_custom(m, junk, [])  # nothing said, nothing raised
    assert imported in html.unescape(mine.message.value)
