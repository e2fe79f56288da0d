"""The server holds up: kernels no browser connects to go, the number of kernels is capped,
and what a newcomer reads in the terminal is what matters.

Each test that changes a limit runs a Voila of its own with ``make serve``'s settings plus
that limit made short or small (the defaults, voila.json: a minute, 80 kernels)."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request

import pytest
from voila_harness import (
    LOAD_TIMEOUT,
    WIDGET,
    open_notebook,
    page_kernel_id,
    render_url,
    running_voila,
    wait_for_settled_kernels,
    wait_until,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(600)]

LESSON = "55/01-cards.ipynb"
UNCONNECTED = 6  # s: the cull timeout for kernels never connected, in these tests
INTERVAL = 2  # s: how often the culler looks


def get(url: str) -> tuple[int, str]:
    """A plain GET, as curl does it: no JavaScript, so no websocket ever connects."""
    try:
        with urllib.request.urlopen(url, timeout=LOAD_TIMEOUT / 1000) as response:
            return response.status, response.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8", "replace")


@pytest.fixture(scope="module")
def culling_server(tmp_path_factory):
    extra = [f"--TutorKernelManager.cull_unconnected_timeout={UNCONNECTED}",
             f"--MappingKernelManager.cull_interval={INTERVAL}"]
    log = tmp_path_factory.mktemp("voila-unconnected") / "voila.log"
    with running_voila(log, extra=extra) as running:
        yield running


def test_kernels_nobody_connects_to_go(culling_server):
    pool = set(wait_for_settled_kernels(culling_server, 1))  # the start page's preheated one
    started = set()
    for _ in range(10):  # ten reloads that never got as far as the widgets
        status, _ = get(render_url(culling_server.url, LESSON))
        assert status == 200
        started |= set(culling_server.kernels()) - pool
    assert len(started) == 10
    wait_until(lambda: not started & set(culling_server.kernels()),
               UNCONNECTED + 4 * INTERVAL + 20, "the kernels no browser connected to to go")
    assert set(culling_server.kernels()) == pool
    assert "no browser connected to it" in culling_server.log_text()


def test_a_connected_page_keeps_its_kernel(new_page, culling_server):
    seen = new_page(base_url=culling_server.url)
    open_notebook(seen.page, render_url(culling_server.url, "index.ipynb"))
    kernel = page_kernel_id(seen.page)
    time.sleep(UNCONNECTED + 3 * INTERVAL)
    assert kernel in culling_server.kernels()
    seen.page.get_by_role("radio", name="Hearts").click()
    seen.page.wait_for_function(
        f"document.querySelectorAll('{WIDGET}').length === 13", timeout=30_000)


@pytest.fixture(scope="module")
def small_server(tmp_path_factory):
    log = tmp_path_factory.mktemp("voila-cap") / "voila.log"
    extra = ["--TutorKernelManager.max_kernels=2", "--VoilaConfiguration.preheat_kernel=False",
             f"--TutorKernelManager.cull_unconnected_timeout={UNCONNECTED}",
             f"--MappingKernelManager.cull_interval={INTERVAL}"]
    with running_voila(log, extra=extra) as running:
        yield running


def test_past_the_cap_the_tutor_says_it_is_busy(new_page, small_server):
    url = render_url(small_server.url, LESSON)
    assert [get(url)[0] for _ in range(2)] == [200, 200]
    status, body = get(url)
    assert status == 503 and "The tutor is busy" in body and "Try again" in body
    assert len(small_server.kernels()) == 2

    seen = new_page(base_url=small_server.url)  # what a learner sees: a page, not a hang
    response = seen.page.goto(url)
    assert response is not None and response.status == 503
    assert seen.page.get_by_role("heading", name="The tutor is busy").is_visible()
    assert seen.page.get_by_role("link", name="Try again").is_visible()
    assert seen.offsite() == []

    # the two kernels nobody connected to go, and the learner tries again
    wait_until(lambda: len(small_server.kernels()) == 0, UNCONNECTED + 4 * INTERVAL + 20,
               "the kernels to go")
    seen.page.get_by_role("link", name="Try again").click()
    seen.page.wait_for_selector(".jupyter-widgets", timeout=LOAD_TIMEOUT)


def test_the_terminal_shows_no_noise_and_kernels_use_ipc(watched, server):
    """A page served: no "not trusted", no "over TCP without encryption"; the kernel talks
    over Unix sockets and keeps no IPython history."""
    open_notebook(watched.page, render_url(server.url, LESSON))
    kernel = page_kernel_id(watched.page)
    log = server.log_text()
    assert "is not trusted" not in log
    assert "without encryption" not in log
    assert "history saving thread" not in log
    pid = server.kernels()[kernel]
    with open(f"/proc/{pid}/cmdline", "rb") as f:  # a kernel forked from the zygote has
        # its command as one title (tutor_server.zygote): split it as the shell would
        args = [a for part in f.read().decode().split("\0") for a in part.split(" ") if a]
    assert "--HistoryManager.enabled=False" in args
    connection = json.loads(open(args[args.index("-f") + 1], encoding="utf-8").read())
    assert connection["transport"] == "ipc"
