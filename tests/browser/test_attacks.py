"""What a page's kernel accepts from someone who talks to it directly, not through the page.

A learner's browser holds the kernel's websocket (``/api/kernels/<id>/channels``); anyone who
can open the page can open that socket too and send what they like.  These tests do exactly
that, from Python, to the kernel of a page opened in Chromium on the ``make serve`` server:

* only widget messages reach the kernel (execute, inspect, complete, history are refused by
  Voila's server);
* no widget can be created from the browser (``tutor.ui.kernel_guard``), and malformed comm
  messages send nothing back: no traceback, no install path;
* a message over the server's size limit (voila.json) closes that socket and reaches no
  kernel, and the page itself goes on working;
* the ``?template=`` and ``?theme=`` overrides of Voila are off.
"""

from __future__ import annotations

import urllib.error
import urllib.request
import uuid
from pathlib import Path

import pytest
import websocket
from kernel_socket import KernelSocket
from playwright.sync_api import expect
from voila_harness import (
    REPO,
    WIDGET,
    open_notebook,
    page_kernel_id,
    render_url,
    voila_config,
    wait_until,
)

from tutor.ui.board import MAX_TEXT

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(300)]

START_PAGE = "index.ipynb"
LEAKS = ["Traceback", "most recent call last", "site-packages", ".py\"", '"ename"',
         '"msg_type": "error"', '"name": "stderr"']


@pytest.fixture
def attacked(watched, server_url):
    """The start page, rendered in Chromium, and a raw socket to its kernel."""
    page = watched.page
    page.goto(render_url(server_url, START_PAGE))
    page.wait_for_selector(WIDGET)
    sock = KernelSocket(server_url, page_kernel_id(page))
    yield page, sock
    sock.close()


def text_model(value: str) -> dict:
    return {"state": {"_model_name": "TextModel", "_model_module": "@jupyter-widgets/controls",
                      "_model_module_version": "2.0.0", "_view_name": "TextView",
                      "_view_module": "@jupyter-widgets/controls",
                      "_view_module_version": "2.0.0", "value": value},
            "buffer_paths": []}


def assert_page_still_works(page):
    page.get_by_role("radio", name="Hearts").click()
    expect(page.locator(WIDGET)).to_have_count(13)


def test_the_browser_cannot_create_widgets(attacked):
    page, sock = attacked
    before = sock.widget_comms()
    assert len(before) > 5, "the start page's widgets are not there"
    for _ in range(5):
        sock.send("comm_open", {"comm_id": uuid.uuid4().hex, "target_name": "jupyter.widget",
                                "data": text_model("x" * 100_000)})
    sock.send("comm_open", {"comm_id": uuid.uuid4().hex, "target_name": "no.such.target",
                            "data": {}})
    sock.settle()
    assert sock.widget_comms() == before
    assert_page_still_works(page)


# One page takes every message of a list in turn (a page load is the cost of a case): each is
# answered with nothing but status (or a comm's close), and the page still works after each.
MALFORMED = [
    ("comm_open", {}),
    ("comm_open", {"comm_id": 7, "target_name": ["jupyter.widget"], "data": "x"}),
    ("comm_open", {"comm_id": "c1", "target_name": "jupyter.widget.control", "data": 5}),
    ("comm_msg", {"comm_id": "nope", "data": {"method": "update", "state": {}}}),
    ("comm_msg", {}),
    ("comm_close", {"comm_id": None}),
]


def test_malformed_comm_messages_send_nothing_back(attacked):
    page, sock = attacked
    for msg_type, content in MALFORMED:
        case = f"{msg_type} {content}"
        sock.received.clear()
        sock.send(msg_type, content)
        messages = sock.ours(sock.settle())  # not the page's own traffic (the clicks below)
        text = "\n".join(sock.received)
        assert [leak for leak in LEAKS if leak in text] == [], f"{case}: {text[:2000]}"
        assert all(m.get("msg_type") in ("status", "comm_close") for m in messages), \
            f"{case}: {messages}"
        assert_page_still_works(page)


def test_a_widget_update_that_breaks_a_trait_sends_no_traceback(attacked):
    """An existing widget of the page, sent a value of the wrong type."""
    page, sock = attacked
    for comm_id in sorted(sock.widget_comms()):
        sock.send("comm_msg", {"comm_id": comm_id, "data": {
            "method": "update", "state": {"description": ["not", "a", "string"],
                                          "value": {"a": 1}, "layout": 5},
            "buffer_paths": []}})
    sock.settle()
    text = "\n".join(sock.received)
    assert [leak for leak in LEAKS if leak in text] == [], text[:2000]


NOT_WIDGETS = [
    ("execute_request", {"code": "open('/tmp/tutor-pwned', 'w').write('x')", "silent": False,
                         "store_history": False, "user_expressions": {},
                         "allow_stdin": False, "stop_on_error": True}),
    ("inspect_request", {"code": "open", "cursor_pos": 4, "detail_level": 1}),
    ("complete_request", {"code": "impo", "cursor_pos": 4}),
    ("history_request", {"output": True, "raw": True, "hist_access_type": "tail", "n": 10}),
]


def test_only_widget_messages_reach_the_kernel(attacked):
    page, sock = attacked
    for msg_type, content in NOT_WIDGETS:
        sent = sock.send(msg_type, content)
        messages = sock.ours(sock.settle())
        assert [m for m in messages if m.get("msg_type") != "status"] == [], msg_type
        assert all(m.get("parent_header", {}).get("msg_id") != sent for m in messages), \
            f"{msg_type} reached the kernel: {messages}"
    assert not Path("/tmp/tutor-pwned").exists()
    assert_page_still_works(page)


def test_an_oversized_message_is_refused_at_the_door(attacked):
    page, sock = attacked
    limit = voila_config()["Voila"]["tornado_settings"]["websocket_max_message_size"]
    before = sock.widget_comms()
    sock.send("comm_msg", {"comm_id": sorted(before)[0], "data": {
        "method": "update", "state": {"value": "x" * (limit + 1)}, "buffer_paths": []}})

    def closed():
        try:
            sock.collect(0.5)
        except (websocket.WebSocketConnectionClosedException, ConnectionError):
            return True
        return not sock.ws.connected
    wait_until(closed, 10, "the server to close the socket of an oversized message")
    assert "x" * 1000 not in "\n".join(sock.received)
    assert_page_still_works(page)


@pytest.mark.parametrize("query", ["template=lab", "template=reveal", "template=nonexistent",
                                   "theme=dark", "template=classic&theme=dark"])
def test_template_and_theme_cannot_be_overridden(new_page, server, query):
    before = len(server.kernels())
    seen = new_page()
    page = seen.page
    response = page.goto(render_url(server.url, START_PAGE) + "?" + query)
    assert response is not None and response.ok
    page.wait_for_selector(WIDGET)
    assert seen.offsite() == []
    assert page.evaluate("document.body.dataset.jpThemeName || ''") in ("", "JupyterLab Light")
    assert "theme-dark" not in response.text()
    seen.close()
    wait_until(lambda: len(server.kernels()) <= before, 30,
               "the page's kernel to go with its tab")


MARKUP = '<img src=x onerror="window.__tt_pwned=1"><b id="tt-pwned">bold</b>'


@pytest.mark.parametrize("notebook, field, button", [
    ("board.ipynb", "textarea", "Load"),
    ("56/05-conventions.ipynb", "input[type=text]", "Explain"),
])
def test_typed_text_is_never_rendered_as_html(watched, server_url, notebook, field, button):
    page = watched.page
    open_notebook(page, render_url(server_url, notebook))
    box = page.locator(f".jupyter-widgets {field}").first
    box.fill(f"game: 55\nplayers: {MARKUP}" if field == "textarea" else f"28S {MARKUP}")
    box.press("Tab")
    page.get_by_role("button", name=button, exact=True).first.click()
    page.wait_for_selector(".tt-error, [role=alert], .tt-muted", timeout=30_000)
    page.wait_for_timeout(1000)
    assert page.locator("#tt-pwned").count() == 0
    assert page.evaluate("window.__tt_pwned === undefined")


@pytest.mark.parametrize("path", [
    "voila/render/../../../../../etc/passwd",
    "voila/render/..%2f..%2f..%2f..%2fetc%2fpasswd",
    "voila/files/..%2f..%2f..%2f..%2fetc%2fpasswd",
    "voila/static/..%2f..%2f..%2f..%2f..%2f..%2fetc%2fpasswd",
    "voila/templates/tutor/static/..%2f..%2f..%2f..%2f..%2f..%2fetc%2fpasswd",
    "voila/tree/..%2f..%2f..%2f",
])
def test_no_path_leaves_the_lessons(server_url, path):
    try:
        with urllib.request.urlopen(server_url + path, timeout=30) as response:
            body = response.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as error:
        body = error.read().decode("utf-8", "replace")
    assert "root:x:0:0" not in body
    assert "pyproject" not in body and "voila.json" not in body


def test_the_page_caps_text_boxes_at_the_boards_limit():
    """The template's limit is the board's: a position of MAX_TEXT characters still fits."""
    template = (REPO / "share/jupyter/voila/templates/tutor/index.html.j2").read_text("utf-8")
    assert f"var LIMIT = {MAX_TEXT};" in template


def test_a_huge_paste_is_cut_by_the_browser_and_the_page_goes_on(watched, server_url):
    page = watched.page
    open_notebook(page, render_url(server_url, "board.ipynb"))
    board = page.locator(".tt-board")
    box = board.locator("textarea")
    box.fill("")
    box.click()
    page.keyboard.insert_text("x" * (MAX_TEXT + 10_000))
    assert box.evaluate("b => b.value.length") == MAX_TEXT
    board.get_by_role("button", name="Load", exact=True).click()
    expect(board).to_contain_text("Could not load the position: line 1")  # still connected
    box.fill("game: 55\nplayers: 3\ndealer: 2\nhand 0: 3D 7S QC 4H KH\n"
             "hand 1: AH 5C 8C 2S 9D\nhand 2: 10S QD 2H 6C JC\n")
    board.get_by_role("button", name="Load", exact=True).click()
    expect(board).to_contain_text("Loaded a position of 55 with 3 players")
    assert watched.errors == []
