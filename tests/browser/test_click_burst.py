"""One learner's burst of clicks does not queue minutes of work in their kernel.

The page fires 300 clicks on "Next question" at once (what an autoclicker or a stuck key does);
the kernel handles a few of them and drops the rest (``tutor.ui.boundary.Coalescer``), and a
click made after the page has answered is handled as always.

A script talking to the page's kernel directly (``kernel_socket.KernelSocket``) floods it with
clicks whose header dates it forges a second apart, as if each were sent after the last was
answered: the kernel goes by when each click reached it, not by that date, and keeps only so
many waiting (``tutor.ui.kernel_guard``).  Meanwhile another learner's page is timed."""

from __future__ import annotations

import re
import statistics
import threading
import time
from datetime import UTC, datetime, timedelta

import pytest
import websocket
from kernel_socket import KernelSocket
from voila_harness import cpu_ticks, open_notebook, page_kernel_id, render_url

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(300)]

BURST = 300
NUMBER = re.compile(r"question (\d+)")


def question_number(page) -> int:
    text = page.locator(".tt-quiz-top").first.inner_text()
    match = NUMBER.search(text)
    assert match, text
    return int(match.group(1))


def settled_number(page, quiet: float = 2.0, limit: float = 120) -> int:
    """The question number once it has not changed for ``quiet`` seconds."""
    deadline = time.monotonic() + limit
    last, since = question_number(page), time.monotonic()
    while time.monotonic() < deadline:
        time.sleep(0.2)
        now = question_number(page)
        if now != last:
            last, since = now, time.monotonic()
        elif time.monotonic() - since >= quiet:
            return now
    raise AssertionError(f"the question number never settled (last {last})")


def test_a_burst_of_clicks_is_coalesced(watched, server_url):
    page = watched.page
    open_notebook(page, render_url(server_url, "practice.ipynb"))
    before = question_number(page)
    started = time.monotonic()
    page.evaluate("""(n) => {
        const b = [...document.querySelectorAll('button')]
            .find(b => b.textContent.trim() === 'Next question');
        for (let i = 0; i < n; i++) b.click();
    }""", BURST)
    after = settled_number(page)
    took = time.monotonic() - started
    handled = after - before
    print(f"{BURST} clicks: {handled} handled, settled in {took:.1f} s")
    assert 1 <= handled < BURST // 3, handled

    page.get_by_role("button", name="Next question").first.click()  # a click after the answer
    page.wait_for_function(
        """(n) => /question (\\d+)/.exec(document.querySelector('.tt-quiz-top').innerText)[1]
                  == n""", arg=str(after + 1), timeout=30_000)
    assert watched.errors == []


FLOOD = 500
CLICK_AND_WAIT = """async () => {
    const quiz = document.querySelector('.tt-quiz');
    const number = () => /question (\\d+)/.exec(quiz.querySelector('.tt-quiz-top').innerText)[1];
    const before = number();
    const b = [...quiz.querySelectorAll('button')]
        .find(b => b.textContent.trim() === 'Next question');
    const t0 = performance.now();
    await new Promise((resolve) => {
        const seen = new MutationObserver(() => {
            if (number() !== before) { seen.disconnect(); resolve(); }
        });
        seen.observe(quiz, {subtree: true, childList: true, characterData: true});
        b.click();
    });
    return performance.now() - t0;
}"""


def next_question_click(sock: KernelSocket) -> dict:
    """The comm message a page sends for a click on "Next question" (the quiz's row of
    controls, tutor.ui.aria.ButtonRow: the button's index and the row's drawing)."""
    for mid, state in sock.widget_states().items():
        if state.get("kind") != "buttons":
            continue
        for i, item in enumerate(state.get("items", [])):
            if item.get("label") == "Next question" and not item.get("hidden"):
                return {"comm_id": mid, "data": {"method": "custom", "content": {
                    "event": "click", "index": i, "version": state["version"]}}}
    raise AssertionError("no Next question button among the page's widgets")


def forged_flood(sock: KernelSocket, click: dict, count: int | None = None,
                 until: threading.Event | None = None) -> int:
    """Send the click ``count`` times (or until ``until`` is set), each dated a second after
    the last: by the dates, every one was sent long after the one before was answered."""
    start = datetime.now(UTC)
    sent = 0
    while (count is None or sent < count) and not (until is not None and until.is_set()):
        try:
            sock.send("comm_msg", click, date=start + timedelta(seconds=sent))
        except (websocket.WebSocketException, OSError):
            if count is not None:
                raise
            break  # a flood in the background: the server stopped reading for a while
        sent += 1
    return sent


def test_a_flood_with_forged_dates_is_dropped_on_arrival(watched, server_url):
    page = watched.page
    open_notebook(page, render_url(server_url, "practice.ipynb"))
    sock = KernelSocket(server_url, page_kernel_id(page))
    try:
        click = next_question_click(sock)
        before = question_number(page)
        started = time.monotonic()
        forged_flood(sock, click, FLOOD)
        sent_in = time.monotonic() - started
        after = settled_number(page)
        handled = after - before
        print(f"forged-date flood: {handled} of {FLOOD} clicks handled (sent in {sent_in:.2f} s,"
              f" settled in {time.monotonic() - started:.1f} s)")
        assert 1 <= handled <= FLOOD // 10, handled
    finally:
        sock.close()
    # the learner, who has seen the result, clicks: that click is never lost
    page.get_by_role("button", name="Next question").first.click()
    page.wait_for_function(
        """(n) => /question (\\d+)/.exec(document.querySelector('.tt-quiz-top').innerText)[1]
                  == n""", arg=str(after + 1), timeout=30_000)
    assert watched.errors == []


def test_another_page_stays_quick_while_one_is_flooded(new_page, server):
    """Speed is reported, not asserted beyond a generous bound: the other learner's click on
    "Next question", timed in their browser, alone and while one page is flooded.  What is
    asserted is the flooded kernel's work: it is quiet two seconds after the flood ends (it
    kept only so many clicks waiting, not tens of thousands)."""
    flooded, other = new_page(), new_page()
    open_notebook(flooded.page, render_url(server.url, "practice.ipynb"))
    open_notebook(other.page, render_url(server.url, "practice.ipynb"))
    alone = [other.page.evaluate(CLICK_AND_WAIT) for _ in range(5)]
    kernel = page_kernel_id(flooded.page)
    pid = server.kernels()[kernel]
    sock = KernelSocket(server.url, kernel)
    stop = threading.Event()
    sent: list[int] = []
    try:
        click = next_question_click(sock)
        flood = threading.Thread(
            target=lambda: sent.append(forged_flood(sock, click, until=stop)))
        ticks = cpu_ticks(pid)
        flood.start()
        time.sleep(1.0)  # the flood under way
        during = []
        for _ in range(8):
            during.append(other.page.evaluate(CLICK_AND_WAIT))
            time.sleep(0.3)
        stop.set()
        flood.join(60)
        ticks_flood = cpu_ticks(pid) - ticks
        time.sleep(2.0)
        # then quiet: under 0.3 s of CPU in a 2 s window, looked for over 12 s (a loaded CI
        # machine took 0.33 s in its first window; a kernel that worked through its queue of
        # forged clicks one by one would take far longer: 40,000 clicks of 1 ms are 40 s)
        for _ in range(6):
            ticks = cpu_ticks(pid)
            time.sleep(2.0)
            ticks_after = cpu_ticks(pid) - ticks
            if ticks_after < 30:
                break
    finally:
        stop.set()
        sock.close()
    print(f"other page's click: alone median {statistics.median(alone):.0f} ms "
          f"(max {max(alone):.0f}); while a page is flooded ({sent[0] if sent else '?'} "
          f"forged clicks) median {statistics.median(during):.0f} ms "
          f"(max {max(during):.0f}); the flooded kernel's CPU: {ticks_flood / 100:.1f} s "
          f"during the flood, {ticks_after / 100:.2f} s in 2 s from 2 s after it")
    assert sent and sent[0] > 1000, sent
    assert max(during) < 20_000
    assert ticks_after < 30, "the flooded kernel is still working through the flood"
    assert other.errors == []
