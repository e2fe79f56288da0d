"""The page's memory widget in the kernel (tutor.ui.memory): what it does with what the browser
reports (its ``stored`` text and ``status``, set here as memory.js sets them) and what it sends
back.  The browser's side is tested in tests/browser/test_memory.py."""

from __future__ import annotations

import html
import json

from tutor.teach import progress
from tutor.ui.memory import FULL, UNAVAILABLE, Memory


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
