"""The page's memory widget in the kernel (tutor.ui.memory): what it does with what the browser
reports (its ``stored`` text and ``status``, set here as memory.js sets them) and what it sends
back.  The browser's side is tested in tests/browser/test_memory.py."""

from __future__ import annotations

import html
import json

from tutor.teach import progress
from tutor.ui.memory import FULL, MAX_WIRE, UNAVAILABLE, Memory


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
    assert out == [] and UNAVAILABLE in html.unescape(m.notice.value)
    assert m.reset_button.layout.display == "none"
    m.set_trait("status", "full")
    assert FULL in html.unescape(m.notice.value)


def test_data_that_is_not_ours_is_kept_until_the_learner_starts_afresh():
    m = Memory()
    out = sent_by(m)
    hear(m, json.dumps({"app": "another"}))
    assert not m.keeps and "could not be used" in m.notice.value
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
    assert "could not be used: the saved progress is too big to read (1,320,000 characters" \
        in notice
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
    assert "Your latest answers are not kept: that would make your saved progress" \
        in html.unescape(m.notice.value)
    try:
        m.take({"page:other": {"t": 5, "n": "z" * 19_000}})
    except ValueError as e:
        assert "the tutor keeps at most 400,000" in str(e)
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
    mine.import_text('{"app": "trick-tutor", "version": 1, "items": {"page:x": {"t": 1, '
                     '"junk": "' + '\\"' * 330_000 + '"}}}', "big.json")
    said = html.unescape(mine.message.value)
    assert "Nothing was imported: big.json is 660,0" in said and "at most 400,000" in said
    mine.import_text(progress.dump({"page:x": {"t": 1, "junk": "x" * 30_000}}))
    said = html.unescape(mine.message.value)
    assert "Nothing was imported: 1 saved item could not be read" in said
    assert "page:x: its size (30,017 characters" in said and m.items == {}
    # what memory.js sends for a file too big to send, and for one it read
    m._on_custom(m, {"event": "refused-file", "name": "<b>huge</b>.json", "size": 5_000_000},
                 [])
    assert "Nothing was imported: <b>huge</b>.json is 5,000,000 bytes" \
        in html.unescape(mine.message.value)
    assert "<b>" not in mine.message.value  # the name is escaped
    m._on_custom(m, {"event": "refused-file", "name": "odd.json", "size": 300_000}, [])
    assert "Nothing was imported: odd.json is not progress saved by the tutor" \
        in html.unescape(mine.message.value)
    m._on_custom(m, {"event": "import-file", "name": "mine.json",
                     "text": progress.dump({"page:55-cards": {"t": 1}})}, [])
    assert "Imported 1 item" in html.unescape(mine.message.value)
    assert "page:55-cards" in m.items
    for junk in ({"event": "import-file", "name": 5, "text": "{}"},
                 {"event": "import-file", "name": "a", "text": None},
                 {"event": "refused-file", "name": "a", "size": True}, ["x"]):
        m._on_custom(m, junk, [])  # nothing said, nothing raised
    assert "Imported 1 item" in html.unescape(mine.message.value)
