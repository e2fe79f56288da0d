"""A page gone without its shutdown beacon (a browser killed, a tab whose beacon never
arrived) loses its kernel a short grace after its last websocket closed, not after the
ten-minute idle cull (issue 35); a page that reconnects within the grace keeps it.

A Voila of its own with ``make serve``'s settings (the idle cull still ten minutes) and a grace
of a few seconds (``TutorKernelManager.cull_disconnected_timeout``; voila.json's default is a
minute)."""

from __future__ import annotations

import contextlib
import os
import signal
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect
from voila_harness import (
    CHROMIUM,
    CHROMIUM_ARGS,
    WIDGET,
    close_tab,
    open_notebook,
    page_kernel_id,
    render_url,
    running_voila,
    wait_until,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(600)]

GRACE = 5  # s: the kernel of a page whose websocket closed goes after this
INTERVAL = 1  # s: how often the culler looks
GONE_WITHIN = GRACE + 3 * INTERVAL + 10  # s: the grace, a look or two, and a busy machine
LESSON = "55/01-cards.ipynb"


@pytest.fixture(scope="module")
def dropping_server(tmp_path_factory):
    log = tmp_path_factory.mktemp("voila-dropped") / "voila.log"
    extra = [f"--TutorKernelManager.cull_disconnected_timeout={GRACE}",
             f"--MappingKernelManager.cull_interval={INTERVAL}"]
    with running_voila(log, extra=extra) as running:
        yield running


def _ancestors(pid: int) -> set[int]:
    seen = set()
    while pid > 1 and pid not in seen:
        seen.add(pid)
        try:
            stat = Path(f"/proc/{pid}/stat").read_text()
        except OSError:
            break
        pid = int(stat.rsplit(")", 1)[1].split()[1])
    return seen


def _our_chromiums() -> set[int]:
    """The Chromium browser processes (not their renderers) this test process started."""
    found = set()
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            args = Path(f"/proc/{entry}/cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if args and args[0].endswith(b"chromium") or CHROMIUM.encode() in args[0]:
            if not any(a.startswith(b"--type=") for a in args) and \
                    os.getpid() in _ancestors(int(entry)):
                found.add(int(entry))
    return found


def test_a_killed_browser_loses_its_kernel_after_the_grace(browser, dropping_server):
    """The browser process dies: no beforeunload, no beacon; the websocket closes with it."""
    server = dropping_server
    before = _our_chromiums()
    doomed = browser.browser_type.launch(executable_path=CHROMIUM, headless=True,
                                         args=CHROMIUM_ARGS)
    # what this process started during the launch is the doomed browser's (on a busy machine
    # a second browser-level process of it was seen once: every one of them is killed)
    pids = _our_chromiums() - before
    assert pids, "no Chromium process of the launch found"
    try:
        page = doomed.new_context().new_page()
        open_notebook(page, render_url(server.url, LESSON))
        kernel = page_kernel_id(page)
        assert kernel in server.kernels()
        for pid in pids:
            with contextlib.suppress(ProcessLookupError):  # one that was gone already
                os.kill(pid, signal.SIGKILL)
        killed = time.monotonic()
        wait_until(lambda: kernel not in server.kernels(), GONE_WITHIN,
                   f"the kernel {kernel} of a killed browser to go")
        assert time.monotonic() - killed >= GRACE - 1  # the grace was given
    finally:
        try:
            doomed.close()
        except Exception:
            pass  # it is dead already
    assert f"Culling kernel {kernel}: its page's connection closed" in server.log_text()


def test_a_tab_whose_beacon_never_arrives_loses_its_kernel(new_page, dropping_server):
    server = dropping_server
    seen = new_page(base_url=server.url)
    # the beacon is sent and lost on the way (page.route does not see a beacon in Chromium)
    seen.page.add_init_script("navigator.sendBeacon = () => true;")
    open_notebook(seen.page, render_url(server.url, LESSON))
    kernel = page_kernel_id(seen.page)
    close_tab(seen.page)
    assert f"/voila/api/shutdown/{kernel}" not in server.log_text()
    wait_until(lambda: kernel not in server.kernels(), GONE_WITHIN,
               f"the kernel {kernel} of a tab closed without its beacon to go")


RECORD_SOCKETS = """
window.__tt_sockets = [];
const Socket = window.WebSocket;
window.WebSocket = class extends Socket {
  constructor(...args) { super(...args); window.__tt_sockets.push(this); }
};
"""
KERNEL_SOCKETS = ("() => window.__tt_sockets.filter(s => s.url.includes('/api/kernels/'))"
                  ".map(s => s.readyState)")


def test_a_page_that_reconnects_keeps_its_kernel(new_page, dropping_server):
    """The page's websocket closes (a network blip) and the page connects again at once, as
    JupyterLab's kernel connection does: the kernel stays past the grace, and works."""
    server = dropping_server
    seen = new_page(base_url=server.url)
    seen.page.add_init_script(RECORD_SOCKETS)
    open_notebook(seen.page, render_url(server.url, "index.ipynb"))
    kernel = page_kernel_id(seen.page)
    assert seen.page.evaluate(KERNEL_SOCKETS) == [1]  # one, open
    seen.page.evaluate("() => window.__tt_sockets.forEach(s => s.close())")
    wait_until(lambda: seen.page.evaluate(KERNEL_SOCKETS) == [3, 1], 30,
               "the page to open a new websocket")
    time.sleep(GRACE + 3 * INTERVAL)
    assert kernel in server.kernels()
    seen.page.get_by_role("radio", name="Hearts").click()
    expect(seen.page.locator(WIDGET)).to_have_count(13)
    assert f"Culling kernel {kernel}" not in server.log_text()
