"""Clicks that reached the kernel while the same widget was busy are dropped; no other click is;
and one page can have only so many messages waiting in its kernel.

The rule (``tutor.ui.boundary.Coalescer``) works on when each message reached the kernel, as
``tutor.ui.kernel_guard`` stamps it in ipykernel's shell channel thread, never on the date the
browser writes in the header.  A real kernel is flooded here while it is busy; in a Voila page
``tests/browser/test_click_burst.py`` floods one with forged dates."""

from __future__ import annotations

import time
import uuid
from datetime import UTC, datetime, timedelta

import ipywidgets as widgets
import pytest

from tutor.ui import boundary, kernel_guard
from tutor.ui import widgets as tutor_widgets
from tutor.ui.aria import ButtonRow, Pressable
from tutor.ui.boundary import Coalescer, safe
from tutor.ui.kernel_guard import MAX_WAITING, Arrivals


def test_a_burst_is_coalesced_to_one_click_per_handling_time():
    c = Coalescer()
    handled = []
    clock = 0.0
    for i in range(1000):  # 1,000 clicks arriving over 100 ms; each takes 20 ms to handle
        arrived = i * 0.0001
        clock = max(clock, arrived)
        if not c.should_drop(arrived):
            handled.append(i)
            clock += 0.020
            c.handled(arrived, clock)
    assert 4 <= len(handled) <= 6  # one every 20 ms of the 100 ms


def test_a_click_after_the_result_is_never_dropped():
    c = Coalescer()
    c.handled(10.0, 10.3)  # a slow click: handled from 10.0 to 10.3
    assert c.should_drop(10.29)  # it arrived while that click was being handled
    assert not c.should_drop(10.31)  # it arrived after the result was sent
    assert not c.should_drop(None)  # not stamped (not in a kernel): never dropped


def test_the_date_the_browser_writes_counts_for_nothing(monkeypatch):
    """However the header's date is forged, a click that arrived while the widget was busy is
    dropped: the click's time is the kernel's stamp."""
    monkeypatch.setattr(kernel_guard.ARRIVALS, "current", 5.0)
    box = widgets.HTML()
    button = tutor_widgets.Button()
    calls = []
    button.on_click(safe(lambda _b: calls.append(1), box))
    button.click()
    assert len(calls) == 1
    for _ in range(10):  # the same arrival: it came in before the first was done
        button.click()
    assert len(calls) == 1
    monkeypatch.setattr(kernel_guard.ARRIVALS, "current", time.monotonic() + 1)  # later
    button.click()
    assert len(calls) == 2


def test_a_click_after_any_of_the_answer_was_sent_is_kept(monkeypatch):
    """The handler shows its answer at once and works on: a click that arrived after the
    answer was sent (the learner saw it) is handled, even while the first is still running;
    one that arrived before is dropped."""
    arrival = [0.0]
    monkeypatch.setattr(boundary, "click_arrived_at", lambda: arrival[0])
    shown = tutor_widgets.HTML()
    sent: list[float] = []
    calls = []

    def answer(_b):
        before = time.monotonic()
        shown.value = f"question {len(calls) + 2}"  # to the page, at once
        sent.append(before)
        calls.append(1)
        time.sleep(0.05)  # and more work after it

    button = tutor_widgets.Button()
    button.on_click(safe(answer, widgets.HTML()))
    arrival[0] = time.monotonic()
    button.click()
    arrival[0] = sent[0] - 0.001  # before the answer was sent: made without seeing it
    button.click()
    assert len(calls) == 1
    arrival[0] = sent[0] + 0.002  # after it was sent, before the handler had finished
    button.click()
    assert len(calls) == 2


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
    """A burst that arrived at one moment: the first click is handled, the ones that came in
    while it was being handled are dropped."""
    monkeypatch.setattr(boundary, "click_arrived_at", lambda: 0.0)
    box = widgets.HTML()
    button = {"Button": tutor_widgets.Button, "Pressable": Pressable,
              "RowButton": lambda: ButtonRow().show([{"label": "Next"}])[0],
              "RowToggle": lambda: ButtonRow().show([{"label": "On", "toggle": True}])[0]}[kind]()
    calls = []
    button.on_click(safe(lambda _b: (calls.append(1), time.sleep(0.01)), box))
    for _ in range(20):
        button.click()
    assert len(calls) == 1


# -- the queue one page may have waiting (tutor.ui.kernel_guard.Arrivals) -------------------------
def test_arrivals_are_stamped_and_taken_in_order():
    a = Arrivals(limit=3)
    assert a.arrive("m1", 1.0) and a.arrive("m2", 2.0) and a.arrive("m3", 3.0)
    assert not a.arrive("m4", 4.0)  # three waiting: refused
    assert a.refused == 1 and a.waiting() == 3
    assert a.take("m2") == 2.0  # m1 was never handled (unreadable): forgotten with it
    assert a.waiting() == 1
    assert a.take("nope") is None and a.waiting() == 1
    assert a.arrive("m5", 5.0)
    assert a.take("m3") == 3.0 and a.take("m5") == 5.0 and a.waiting() == 0


def test_one_message_id_sent_many_times_still_counts_as_many():
    a = Arrivals(limit=5)
    accepted = sum(a.arrive("same", float(i)) for i in range(100))
    assert accepted == 5 and a.refused == 95
    assert [a.take("same") for _ in range(5)] == [0.0, 1.0, 2.0, 3.0, 4.0]


def test_a_page_sends_at_most_so_many_a_second_however_fast_they_are_handled():
    """A flood drained as fast as it comes (each click dropped by the coalescer) never fills
    the queue: the rate bounds it.  A learner's few clicks a second are never refused."""
    a = Arrivals(limit=10, rate=5)
    accepted = 0
    for i in range(1000):  # 1,000 messages over 2 s, each handled at once
        if a.arrive(i, i * 0.002):
            accepted += 1
            assert a.take(i) == i * 0.002
    assert 19 <= accepted <= 20  # the burst of 10, then 5 a second
    calm = Arrivals(limit=10, rate=5)
    assert all(calm.arrive(i, 100 + i * 0.25) and calm.take(i) is not None
               for i in range(200))  # four clicks a second for 50 s


def test_the_servers_own_check_is_never_refused():
    a = Arrivals(limit=1)
    assert a.arrive("m", 0.0)
    assert not a.arrive("n", 0.0)
    assert a.arrive("info", 0.0, refusable=False)


def test_entries_never_handled_do_not_fill_the_queue_for_ever():
    a = Arrivals(limit=2)
    a.arrive("lost1", 0.0)
    a.arrive("lost2", 1.0)
    assert not a.arrive("m", 10.0)
    assert a.arrive("m", kernel_guard.STALE + 5.0)  # the lost ones are long stale


def test_a_flood_is_one_line_in_the_log_when_it_starts_and_one_when_it_ends(caplog):
    a = Arrivals(limit=1)
    with caplog.at_level("WARNING", logger="tutor.ui"):
        a.arrive("x", 0.0)
        for i in range(500):
            a.arrive(f"f{i}", 0.0)
        a.take("x")
        a.arrive("y", 1.0)
    lines = [r.getMessage() for r in caplog.records]
    assert lines == ["refusing messages from the browser: 1 already waiting to be handled, "
                     "or over 30 a second",
                     "refused 500 messages from the browser in a flood"]


@pytest.mark.slow  # make test-fast leaves it to make test (issue #37)
def test_a_busy_kernel_keeps_only_so_many_messages_of_a_flood():
    """A real kernel, guarded as a lesson's is, busy for two seconds while 500 widget messages
    come in: it handles MAX_WAITING of them, refuses the rest on arrival, and then answers at
    once."""
    pytest.importorskip("jupyter_client")
    from jupyter_client.manager import start_new_kernel

    km, kc = start_new_kernel()
    try:
        out: list = []
        reply = kc.execute_interactive(
            "import tutor.ui\n"
            "from comm import create_comm\n"
            "hits = []\n"
            "c = create_comm(target_name='tt-test')\n"
            "c.on_msg(lambda m: hits.append(m['content']['data']['n']))\n"
            "print(c.comm_id)", timeout=120, output_hook=out.append)
        assert reply["content"]["status"] == "ok"
        comm_id = "".join(m["content"].get("text", "") for m in out
                          if m["msg_type"] == "stream").strip()
        time.sleep(0.5)  # the guard's hook is in place in the shell channel thread
        busy = kc.execute("import time; time.sleep(2)")
        time.sleep(0.3)  # the sleep has begun
        forged = datetime.now(UTC)
        for n in range(500):
            msg = kc.session.msg("comm_msg", {"comm_id": comm_id, "data": {"n": n}})
            msg["header"]["date"] = (forged + timedelta(seconds=n)).isoformat()
            msg["header"]["msg_id"] = uuid.uuid4().hex
            kc.shell_channel.send(msg)
        kc.get_shell_msg(timeout=30)  # the sleep's reply
        assert busy
        time.sleep(1.0)  # the messages kept are handled (the queue is full until then)
        out.clear()
        started = time.monotonic()
        reply = kc.execute_interactive("print(len(hits), hits[:3], hits[-1])", timeout=60,
                                       output_hook=out.append)
        took = time.monotonic() - started
        text = "".join(m["content"].get("text", "") for m in out if m["msg_type"] == "stream")
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)
    assert text.strip() == f"{MAX_WAITING} [0, 1, 2] {MAX_WAITING - 1}"
    assert took < 10
