"""A health check of the server (tutor_server.app_config): ``/healthz`` answers 200 "ok" to
GET and HEAD and starts no kernel, and ``/``, the start page's URL, answers a HEAD with 200
(Voila's tree page answered 405), all against the session's real Voila."""

from __future__ import annotations

import time
import urllib.request

import pytest
from voila_harness import wait_until

pytestmark = pytest.mark.browser


def fetch(url: str, method: str = "GET") -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, method=method)
    with urllib.request.urlopen(request, timeout=30) as response:  # raises on 4xx and 5xx
        return response.status, dict(response.headers), response.read()


def settled(server) -> set[str]:
    """The server's kernels once none has come or gone for 2 s and the start page's
    preheated one is there (it starts with the server)."""
    def still():
        kernels = set(server.kernels())
        time.sleep(2)
        return kernels if kernels and kernels == set(server.kernels()) else None
    return wait_until(still, 90, "the server's kernels to settle", interval=0)


def new_kernels(server, before: set[str]) -> set[str]:
    time.sleep(1)  # a kernel a request started would be running by now
    return set(server.kernels()) - before


def test_healthz_answers_ok_and_starts_no_kernel(server):
    before = settled(server)
    status, headers, body = fetch(server.url + "healthz")
    assert (status, body) == (200, b"ok\n")
    assert headers["Content-Type"].startswith("text/plain")
    assert headers["Cache-Control"] == "no-store"
    assert "Set-Cookie" not in headers
    status, headers, body = fetch(server.url + "healthz", "HEAD")
    assert (status, body) == (200, b"")
    assert new_kernels(server, before) == set()


@pytest.mark.parametrize("path", ["", "voila/tree"])
def test_the_start_pages_url_answers_head_with_200(server, path):
    before = settled(server)
    status, got, _ = fetch(server.url + path)
    status_head, headers, body = fetch(server.url + path, "HEAD")
    assert (status, status_head, body) == (200, 200, b"")
    assert headers["Content-Length"] == got["Content-Length"]  # as GET would send
    assert new_kernels(server, before) == set()
