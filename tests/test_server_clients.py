"""Who a page's client is (tutor_server.app_config): the address counted for a request,
with and without a trusted proxy, on tornado's own request objects."""

from __future__ import annotations

import pytest

pytest.importorskip("jupyter_server")

from types import SimpleNamespace  # noqa: E402

from tornado.httputil import HTTPHeaders, HTTPServerRequest  # noqa: E402

from tutor_server.app_config import client_address  # noqa: E402


def page_request(peer: str, forwarded: str | None = None):
    headers = HTTPHeaders({"X-Forwarded-For": forwarded} if forwarded else {})
    request = HTTPServerRequest(method="GET", uri="/voila/render/index.ipynb",
                                headers=headers)
    request.remote_ip = peer
    return SimpleNamespace(request=request)


def test_a_forwarded_address_is_ignored_unless_the_proxy_is_trusted():
    handler = page_request("192.0.2.7", "10.0.0.1, 198.51.100.9")
    assert client_address(handler) == "192.0.2.7"
    assert client_address(handler, trust_forwarded_for=False) == "192.0.2.7"


def test_behind_a_trusted_proxy_the_address_it_saw_counts():
    # the entries before the last are whatever the client wrote: only the proxy's own counts
    handler = page_request("127.0.0.1", "10.0.0.1, 198.51.100.9")
    assert client_address(handler, trust_forwarded_for=True) == "198.51.100.9"
    assert client_address(page_request("127.0.0.1"), trust_forwarded_for=True) == "127.0.0.1"
