"""The server holds up: kernels no browser connects to go, the number of kernels is capped
(the start page's preheated pool included), one browser or one address holds only so many
pages, the routes no page needs answer 404, and what a newcomer reads in the terminal is what
matters.

Each test that changes a limit runs a Voila of its own with ``make serve``'s settings plus
that limit made short or small (the defaults, voila.json: a minute, 80 kernels)."""

from __future__ import annotations

import json
import re
import threading
import time
import urllib.error
import urllib.request

import httpx
import pytest
from playwright.sync_api import expect
from voila_harness import (
    LOAD_TIMEOUT,
    WIDGET,
    lesson_notebooks,
    open_notebook,
    page_kernel_id,
    render_url,
    running_voila,
    wait_for_settled_kernels,
    wait_until,
)
from wording import Words

from tutor.teach import i18n

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(600)]

LESSON = "55/01-cards.ipynb"
UNCONNECTED = 6  # s: the cull timeout for kernels never connected, in these tests
INTERVAL = 2  # s: how often the culler looks


def get(url: str, headers: dict | None = None) -> tuple[int, str]:
    """A plain GET, as curl does it: no JavaScript, so no websocket ever connects, and no
    cookie is kept from one request to the next."""
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=LOAD_TIMEOUT / 1000) as response:
            return response.status, response.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8", "replace")


class Browser:
    """A client that keeps its cookies, as a browser does, without JavaScript: its pages
    never connect, and it can send a page's shutdown beacon as Voila's page does."""

    def __init__(self, base_url: str):
        self.base_url = base_url
        self.http = httpx.Client(timeout=LOAD_TIMEOUT / 1000)

    def get(self, notebook: str) -> tuple[int, str]:
        response = self.http.get(render_url(self.base_url, notebook))
        return response.status_code, response.text

    def close_page(self, kernel: str) -> int:
        xsrf = self.http.cookies.get("_xsrf")
        response = self.http.post(f"{self.base_url}voila/api/shutdown/{kernel}",
                                  data={"_xsrf": xsrf})
        return response.status_code


def kernel_of(page: str) -> str:
    """The kernel id in a page's config, as Voila's JavaScript reads it."""
    return re.search(r'"kernelId": "([0-9a-f-]{36})"', page).group(1)


class KernelCount(threading.Thread):
    """Counts the server's kernels every 50 ms while it runs: the most seen at once."""

    def __init__(self, server):
        super().__init__(daemon=True)
        self.server, self.most, self.running = server, 0, True

    def run(self):
        while self.running:
            self.most = max(self.most, len(self.server.kernels()))
            time.sleep(0.05)

    def stop(self) -> int:
        self.running = False
        self.join()
        return self.most


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
    # in the page's language (issue #38): the pseudo-language's words, its <html lang>
    pseudo, asked = Words(i18n.PSEUDO), new_page(base_url=small_server.url).page
    response = asked.goto(render_url(small_server.url, LESSON, f"lang={i18n.PSEUDO}"))
    assert response is not None and response.status == 503
    assert asked.evaluate("document.documentElement.lang") == i18n.PSEUDO
    assert asked.get_by_role("heading", name=pseudo("The tutor is busy")).is_visible()
    assert asked.get_by_role("link", name=pseudo("Try again")).is_visible()
    assert i18n.english_left(asked.locator("body").inner_text()) == []

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


# --------------------------------------------------------------------------- the pool and the cap

CAP = 3
# Kernels started as the server's own children, not forks of its zygote: these tests count
# every kernel from /proc, and a zygote restarted (tutor/ edited while the tests run) leaves
# its forks to init, out of the count.
OWN_CHILDREN = ["--TutorKernelManager.fork_kernels=False"]


@pytest.fixture(scope="module")
def capped_server(tmp_path_factory):
    """voila.json's settings (the start page's pool of one) with room for three kernels."""
    log = tmp_path_factory.mktemp("voila-pool-cap") / "voila.log"
    extra = [f"--TutorKernelManager.max_kernels={CAP}", *OWN_CHILDREN,
             f"--MappingKernelManager.cull_interval={INTERVAL}"]
    with running_voila(log, extra=extra) as running:
        yield running


def test_the_preheated_pool_counts_against_the_cap(capped_server):
    """At the cap, a GET of the start page hands out its pooled kernel and Voila refilled the
    pool outside the cap (issue 35: 8 GETs took a server from 80 kernels to 87).  Now the
    pool is refilled only when there is room, and no GET of any page passes the cap."""
    server = capped_server
    wait_for_settled_kernels(server, 1)  # the start page's pooled kernel
    count = KernelCount(server)
    count.start()
    lessons = [name for name in lesson_notebooks() if name != "index.ipynb"]
    learner = Browser(server.url)
    held = [learner.get(name) for name in lessons[:CAP - 1]]
    assert [status for status, _ in held] == [200] * (CAP - 1)
    statuses: dict[str, list[int]] = {}
    for _ in range(3):  # every page, three times over, at the cap
        for name in lesson_notebooks():
            status, body = get(render_url(server.url, name))
            statuses.setdefault(name, []).append(status)
            assert len(server.kernels()) <= CAP, (name, statuses)
            if status != 200:
                assert status == 503 and "The tutor is busy" in body
        time.sleep(1.5)  # Voila refills a pool a second after a page took from it
    time.sleep(2 * INTERVAL + 1)
    most = count.stop()
    assert most <= CAP, f"{most} kernels at once, max_kernels is {CAP}"
    assert statuses["index.ipynb"][0] == 200  # the pooled kernel, handed out
    assert all(status == 503 for name, got in statuses.items() for status in got[1:])
    assert "Pool not refilled" in server.log_text()

    # room again: a page closes, and the pool, not a passer-by, takes the place back
    status = learner.close_page(kernel_of(held[0][1]))
    assert status in (200, 204)
    wait_for_settled_kernels(server, CAP, timeout=60)
    before = server.log_text().count("Using pre-heated kernel")
    status, _ = get(render_url(server.url, "index.ipynb"))
    assert status == 200
    assert server.log_text().count("Using pre-heated kernel") == before + 1
    time.sleep(2)
    assert len(server.kernels()) <= CAP


# --------------------------------------------------------------------------- one client's pages

PER_CLIENT = 2
PER_ADDRESS = 4


@pytest.fixture(scope="module")
def client_server(tmp_path_factory):
    """Room for many kernels, but two pages a browser and four an address."""
    log = tmp_path_factory.mktemp("voila-clients") / "voila.log"
    extra = ["--TutorKernelManager.max_kernels=10", *OWN_CHILDREN,
             f"--TutorKernelManager.max_kernels_per_client={PER_CLIENT}",
             f"--TutorKernelManager.max_kernels_per_address={PER_ADDRESS}"]
    with running_voila(log, extra=extra) as running:
        yield running


def test_one_browser_holds_only_so_many_pages(new_page, client_server):
    server = client_server
    pool = set(wait_for_settled_kernels(server, 1))
    first = Browser(server.url)
    # a lesson (a kernel started for it) and the start page (its pooled kernel)
    status, lesson = first.get("55/01-cards.ipynb")
    assert status == 200
    assert first.http.cookies.get("tutor_client")
    status, start = first.get("index.ipynb")
    assert status == 200 and kernel_of(start) in pool
    for name in ("55/02-trumps.ipynb", "index.ipynb"):  # a third page, either way: refused
        status, body = first.get(name)
        assert status == 429, name
        assert f"You have {PER_CLIENT} pages of the tutor open" in body
        assert "Close one of them" in body and "Try again" in body

    second = Browser(server.url)  # another learner, on the same machine even
    status, _ = second.get("55/02-trumps.ipynb")
    assert status == 200

    # a page closed frees its place
    assert first.close_page(kernel_of(lesson)) in (200, 204)
    wait_until(lambda: kernel_of(lesson) not in server.kernels(), 30, "the kernel to go")
    status, _ = first.get("55/03-following.ipynb")
    assert status == 200

    # no cookie at all, and a made-up forwarded address: the address's bucket still holds
    flood = [get(render_url(server.url, "55/01-cards.ipynb"),
                 {"X-Forwarded-For": f"10.0.0.{i}"}) for i in range(6)]
    assert [status for status, _ in flood] == [200] + [429] * 5
    assert f"{PER_ADDRESS} pages of the tutor are open from your network" in flood[-1][1]
    assert len(set(server.kernels()) - pool) <= PER_ADDRESS

    seen = new_page(base_url=server.url)  # what a learner on that network sees
    response = seen.page.goto(render_url(server.url, "55/04-renege.ipynb"))
    assert response is not None and response.status == 429
    assert seen.page.get_by_role(
        "heading", name=f"{PER_ADDRESS} pages of the tutor are open from your network"
    ).is_visible()
    assert seen.page.get_by_role("link", name="Try again").is_visible()
    assert seen.offsite() == []
    pseudo = Words(i18n.PSEUDO)  # in the page's language (issue #38)
    seen.page.goto(render_url(server.url, "55/04-renege.ipynb", f"lang={i18n.PSEUDO}"))
    assert seen.page.get_by_role("heading", name=pseudo.n(
        "{n} page of the tutor is open from your network",
        "{n} pages of the tutor are open from your network", PER_ADDRESS)).is_visible()
    assert i18n.english_left(seen.page.locator("body").inner_text()) == []


@pytest.fixture(scope="module")
def roaming_server(tmp_path_factory):
    """Two pages a browser, as client_server, and a fresh address's bucket of its own."""
    log = tmp_path_factory.mktemp("voila-roaming") / "voila.log"
    extra = ["--TutorKernelManager.max_kernels=10", *OWN_CHILDREN,
             f"--TutorKernelManager.max_kernels_per_client={PER_CLIENT}",
             "--TutorKernelManager.max_kernels_per_address=10"]
    with running_voila(log, extra=extra) as running:
        yield running


def test_a_learner_going_from_page_to_page_is_never_refused(new_page, roaming_server):
    """A phone that sends no shutdown beacon (iOS Safari) and goes through more lessons than
    a browser may hold: each page left closes its websocket, and a page left no longer counts
    for the browser, so the next one opens (its kernel still goes after the grace)."""
    server = roaming_server
    seen = new_page(base_url=server.url)
    seen.page.add_init_script("navigator.sendBeacon = () => true;")  # no beacon arrives
    lessons = ["55/01-cards.ipynb", "55/02-trumps.ipynb", "55/03-following.ipynb",
               "55/04-renege.ipynb"]
    assert len(lessons) > PER_CLIENT
    for name in lessons:
        response = seen.page.goto(render_url(server.url, name))
        assert response is not None and response.status == 200, name
        expect(seen.page.locator(".tt-app").first).to_be_visible(timeout=60_000)


# --------------------------------------------------------------------------- routes no page needs


@pytest.mark.parametrize("path", ["voila/api/contents", "voila/api/contents/",
                                  "voila/api/contents/55", "voila/api/contents/index.ipynb",
                                  "logout", "login"])
def test_routes_no_page_needs_answer_404(server, path):
    status, body = get(server.url + path)
    assert status == 404, (path, status)
    assert "01-cards" not in body and "index.ipynb" not in body


@pytest.mark.parametrize("path", ["", "voila/tree", "voila/tree/", "voila/tree/55"])
def test_the_tree_leads_to_the_start_page(new_page, server, path):
    """Voila's tree page listed the lesson files from the contents API; it leads to the start
    page instead (whose lesson map lists the lessons), and a plain GET starts no kernel."""
    kernels = set(server.kernels())
    status, body = get(server.url + path)
    assert status == 200 and 'url=/voila/render/index.ipynb"' in body
    assert "01-cards" not in body
    assert set(server.kernels()) - kernels == set()
    seen = new_page(base_url=server.url)
    seen.page.goto(server.url + path)
    seen.page.wait_for_selector(WIDGET, timeout=LOAD_TIMEOUT)  # the start page's widgets
    assert seen.page.url == render_url(server.url, "index.ipynb")
    assert seen.errors == []
