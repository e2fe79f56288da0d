"""Clicks the browser sent while the same widget was busy are dropped; no other click is.

The rule (``tutor.ui.boundary.Coalescer``) works on the dates the browser stamps on its
messages.  In a real kernel ``tests/browser/test_click_burst.py`` fires a burst from a page."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta

import ipywidgets as widgets
import pytest

from tutor.ui import boundary
from tutor.ui import widgets as tutor_widgets
from tutor.ui.aria import ButtonRow, Pressable
from tutor.ui.boundary import Coalescer, safe

T0 = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)


def at(ms: float) -> datetime:
    return T0 + timedelta(milliseconds=ms)


def test_a_burst_is_coalesced_to_one_click_per_handling_time():
    c = Coalescer()
    handled = []
    for i in range(1000):  # 1,000 clicks sent within 100 ms; each takes 20 ms to handle
        sent = at(i * 0.1)
        if not c.should_drop(sent):
            handled.append(i)
            c.handled(sent, 0.020)
    assert 4 <= len(handled) <= 6  # one every 20 ms of the browser's 100 ms


def test_a_click_after_the_result_is_never_dropped():
    c = Coalescer()
    c.handled(at(0), 0.300)  # a slow click: 300 ms
    assert c.should_drop(at(299))  # sent while it was being handled
    assert not c.should_drop(at(301))  # sent after it can have been answered
    assert not c.should_drop(None)  # no date (not in a kernel): never dropped


def test_dates_that_go_backwards_or_differ_in_kind_drop_nothing():
    c = Coalescer()
    c.handled(at(1000), 0.5)
    assert not c.should_drop(at(900))
    assert not c.should_drop(datetime(2026, 11, 30, 12, 0, 1))  # naive


def test_without_a_kernel_every_click_is_handled():
    box = widgets.HTML()
    calls = []
    button = widgets.Button()
    button.on_click(safe(lambda _b: calls.append(1), box))
    for _ in range(50):
        button.click()
    assert len(calls) == 50


@pytest.mark.parametrize("kind", ["Button", "Pressable", "RowButton", "RowToggle"])
def test_every_kind_of_button_has_its_burst_coalesced(kind, monkeypatch):
    """A burst sent at one moment (the browser's date on each message): the first click is
    handled, the ones that came in while it was being handled are dropped."""
    monkeypatch.setattr(boundary, "click_sent_at", lambda: at(0))
    box = widgets.HTML()
    button = {"Button": tutor_widgets.Button, "Pressable": Pressable,
              "RowButton": lambda: ButtonRow().show([{"label": "Next"}])[0],
              "RowToggle": lambda: ButtonRow().show([{"label": "On", "toggle": True}])[0]}[kind]()
    calls = []
    button.on_click(safe(lambda _b: (calls.append(1), time.sleep(0.01)), box))
    for _ in range(20):
        button.click()
    assert len(calls) == 1
