"""Kernels do not pile up: closing a tab shuts its kernel down, however the page was opened.

Voila's page posts a shutdown beacon on ``beforeunload`` carrying the ``_xsrf`` cookie; a
lesson opened by a deep link in a fresh browser used to have no such cookie, the beacon was
refused and the kernel (some 55 MiB) stayed (voila-dashboards/voila#1458; fixed by
``tutor_server.app_config.XsrfCookieIdentityProvider``).

The kernels are counted on the server: the kernel processes that are children of this test's
own Voila process, read from /proc (``voila_harness.kernel_processes``), so that no other test
or other Voila on the machine disturbs the count.  The preheated pool (voila.json) is part of
the baseline: after a page closes the server is back to exactly its pool.

Every page opened by a deep link, its kernel shut down when its tab closes, is checked in the
page pass (``test_page_pass.check_closed``); here, the start page opened at ``/``, the cookie
itself, and nothing piling up on a server of its own."""

from __future__ import annotations

import pytest
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
    wait_for_settled_kernels,
    wait_until,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(600)]

SHUTDOWN_TIMEOUT = 15  # s: the beacon is one POST; the kernel process exits in about a second


@pytest.fixture(scope="module")
def kernel_server(tmp_path_factory):
    """A Voila of its own (``make serve``'s settings), so only these tests' kernels count."""
    with running_voila(tmp_path_factory.mktemp("voila-kernels") / "voila.log") as running:
        yield running


@pytest.fixture(scope="module")
def pool(kernel_server) -> int:
    """The kernels the server keeps with no page open: its preheated pool, once full."""
    size = sum(pool_sizes(lesson_notebooks()).values())
    wait_for_settled_kernels(kernel_server, size)
    return size


WAYS_IN = ["start page", "deep link to 55/04-renege.ipynb"]


@pytest.mark.parametrize("way_in", WAYS_IN)
def test_closing_the_tab_shuts_the_kernel_down(new_page, kernel_server, pool, way_in):
    wait_for_settled_kernels(kernel_server, pool)
    seen = new_page(base_url=kernel_server.url)  # a fresh browser context: no cookies yet
    page = seen.page
    assert page.context.cookies() == []
    if way_in == "start page":
        page.goto(kernel_server.url, timeout=LOAD_TIMEOUT)  # "/" forwards to the start page
        page.wait_for_selector(WIDGET, timeout=LOAD_TIMEOUT)
    else:
        open_notebook(page, render_url(kernel_server.url, way_in.removeprefix("deep link to ")))
    kernel = page_kernel_id(page)
    assert kernel in kernel_server.kernels()
    expect(page.locator("#rendered_cells")).to_be_visible()

    seen.close()  # beforeunload: Voila's beacon asks the server to shut the kernel down

    wait_until(lambda: kernel not in kernel_server.kernels(), SHUTDOWN_TIMEOUT,
               f"kernel {kernel} to shut down after its tab closed "
               f"(server log: {kernel_server.log})")
    wait_for_settled_kernels(kernel_server, pool, timeout=60)  # nothing piles up
    assert f"403 POST /voila/api/shutdown/{kernel}" not in kernel_server.log_text()
    assert seen.errors == []


def test_the_deep_link_page_sets_the_xsrf_cookie(new_page, kernel_server, pool):
    """The cause, checked directly: the beacon sends the ``_xsrf`` cookie's value."""
    seen = new_page(base_url=kernel_server.url)
    open_notebook(seen.page, render_url(kernel_server.url, "index.ipynb"))
    names = {cookie["name"] for cookie in seen.page.context.cookies()}
    assert "_xsrf" in names
