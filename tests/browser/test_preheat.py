"""Preheated kernels and the idle culler together, with a cull timeout of a few seconds.

Voila 0.5.13 keeps pooled kernels from the culler, but the moment a page takes one it is an
idle kernel with no connection whose last activity was its preheat, possibly long ago; the
next cull tick, before the browser has opened its websocket, used to cull it, and the page
never showed its widgets.  ``tutor_server.app_config.TutorKernelManager`` gives a kernel that has
left the pool the full cull timeout to be connected.  These tests let the pooled kernel go
stale, then ask for pages, and check that the culler still takes abandoned kernels."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect
from voila_harness import (
    LOAD_TIMEOUT,
    WIDGET,
    lesson_notebooks,
    open_notebook,
    page_kernel_id,
    pool_sizes,
    render_url,
    running_voila,
    save_artefact,
    voila_config,
    wait_for_settled_kernels,
    wait_until,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(600)]

CULL_TIMEOUT = 5  # s: short, yet longer than a page takes to connect on a busy machine
CULL_INTERVAL = 1  # s
STALE = CULL_TIMEOUT + 2 * CULL_INTERVAL  # idle for longer than this, a kernel is cullable

START_PAGE = "index.ipynb"


@pytest.fixture(scope="module")
def config() -> dict:
    """voila.json, with preheating on (as the tests need it even if voila.json turns it off)."""
    config = voila_config()
    config.setdefault("VoilaConfiguration", {})["preheat_kernel"] = True
    return config


@pytest.fixture(scope="module")
def pool(config) -> int:
    sizes = pool_sizes(lesson_notebooks(), config)
    if not sizes.get(START_PAGE):
        pytest.skip(f"voila.json preheats no kernel for {START_PAGE}")
    return sum(sizes.values())


@pytest.fixture(scope="module")
def culling_server(tmp_path_factory, pool):
    extra = ["--VoilaConfiguration.preheat_kernel=True",
             f"--MappingKernelManager.cull_idle_timeout={CULL_TIMEOUT}",
             f"--MappingKernelManager.cull_interval={CULL_INTERVAL}",
             "--MappingKernelManager.cull_connected=False"]
    log = tmp_path_factory.mktemp("voila-preheat") / "voila.log"
    with running_voila(log, extra=extra) as running:
        yield running


def stale_pool(server, pool: int) -> set[str]:
    """Wait for a full, idle pool, then let its kernels sit idle past the cull timeout;
    they must all still be there (the culler leaves pooled kernels alone)."""
    kernels = wait_for_settled_kernels(server, pool)
    time.sleep(STALE)  # the point of the test: the pooled kernels are now "idle too long"
    assert server.kernels() == kernels, "the culler took a kernel from the pool"
    return set(kernels)


@pytest.mark.parametrize("round_", [1, 2, 3])
def test_a_stale_pooled_kernel_still_serves_its_page(new_page, culling_server, pool, round_):
    pooled = stale_pool(culling_server, pool)
    seen = new_page(base_url=culling_server.url)
    page = seen.page
    page.goto(render_url(culling_server.url, START_PAGE), timeout=LOAD_TIMEOUT)
    kernel = page_kernel_id(page)
    try:
        page.wait_for_selector(WIDGET, timeout=LOAD_TIMEOUT)
    except PlaywrightTimeoutError:
        culled = [line for line in culling_server.log_text().splitlines()
                  if "Culling" in line and kernel in line]
        raise AssertionError(f"the widgets never showed; the culler: {culled}") from None
    assert kernel in pooled, "the page did not get a preheated kernel"

    if round_ == 1:  # connected, the kernel stays however long the learner thinks
        time.sleep(STALE)
    page.get_by_role("radio", name="Hearts").click()
    expect(page.locator(WIDGET)).to_have_count(13)
    expect(page.locator(WIDGET).first).to_have_attribute("aria-label", "five of hearts")
    assert kernel in culling_server.kernels()
    assert f"({kernel}) with 0 connections" not in culling_server.log_text()
    assert seen.errors == []

    seen.close()
    wait_until(lambda: kernel not in culling_server.kernels(), 15,
               f"kernel {kernel} to shut down after its tab closed")


def test_an_abandoned_kernel_is_culled(new_page, culling_server, pool):
    """The safety net: a tab that vanishes without its beacon (a crash, a lost network) loses
    its kernel to the culler after the idle timeout."""
    wait_for_settled_kernels(culling_server, pool)
    seen = new_page(base_url=culling_server.url)
    notebook = lesson_notebooks()[-1]  # a lesson with no pool if there is one, else the start
    open_notebook(seen.page, render_url(culling_server.url, notebook))
    kernel = page_kernel_id(seen.page)
    save_artefact(seen.page, seen.name)
    seen.page.context.close()  # no beforeunload, so no beacon
    wait_until(lambda: kernel not in culling_server.kernels(), STALE + 15,
               f"the culler to take abandoned kernel {kernel}")
    assert any(line.startswith("[Voila] WARNING | Culling") and kernel in line
               for line in culling_server.log_text().splitlines())
    wait_for_settled_kernels(culling_server, pool, timeout=60)
