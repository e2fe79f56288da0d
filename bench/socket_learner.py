"""A learner without a browser: the HTTP request for a page and the kernel's websocket,
speaking the Jupyter widget protocol as a browser's widget manager does (bench/class_load.py).

A phone's browser does three things with a Voila page: it loads the HTML (Voila runs the
notebook while it streams it), opens the kernel's websocket, asks the widget manager's
control comm for every widget's state, and then sends what the learner does as comm messages:
a text box's new ``value`` (``update``), a click (``custom``).  This does the same, so that a
class of 60 can be simulated on a 2-core machine whose cores would otherwise go to 60 Chromium
renderers, which on real phones cost the server nothing.
"""

from __future__ import annotations

import asyncio
import html
import json
import re
import time
import uuid
from datetime import UTC, datetime

import httpx
from websockets.asyncio.client import connect

CONFIG = re.compile(r'<script id="jupyter-config-data" type="application/json">(.*?)</script>',
                    re.S)


class SocketLearner:
    """One page of a Voila server, opened and used over HTTP and the kernel's websocket."""

    def __init__(self, server_url: str):
        self.base = server_url.rstrip("/")
        self.session = uuid.uuid4().hex
        self.models: dict[str, dict] = {}  # model id -> its state, kept up to date
        self.changed = asyncio.Event()
        self.ws = None
        self._reader: asyncio.Task | None = None
        self.kernel: str | None = None
        self.xsrf: str | None = None
        self.status: int | None = None  # the page's HTTP status
        self.html = ""  # the page as the server sent it

    async def open(self, url: str, timeout: float = 600) -> None:
        async with httpx.AsyncClient(timeout=timeout) as client:
            response = await client.get(url)
        self.status = response.status_code
        response.raise_for_status()
        self.html = response.text
        self.xsrf = response.cookies.get("_xsrf")
        found = CONFIG.search(response.text)
        if not found:
            raise RuntimeError("no page config in the page")
        self.kernel = kernel = json.loads(html.unescape(found.group(1)))["kernelId"]
        host = self.base.removeprefix("http://")
        self.ws = await connect(
            f"ws://{host}/api/kernels/{kernel}/channels?session_id={self.session}",
            origin=self.base, open_timeout=timeout, max_size=None)
        self._reader = asyncio.create_task(self._read())
        control = uuid.uuid4().hex
        await self._send("comm_open", {"comm_id": control,
                                       "target_name": "jupyter.widget.control", "data": {}},
                         {"version": "1.0.0"})  # the control protocol ipywidgets 8 speaks
        await self._send("comm_msg", {"comm_id": control, "data": {"method": "request_states"}})
        await self.wait_for(lambda: self.models, timeout)

    async def close(self) -> None:
        """The tab closed: the websocket goes, and the shutdown beacon Voila's page sends
        (a POST with the ``_xsrf`` cookie's value) shuts the kernel down."""
        if self._reader:
            self._reader.cancel()
        if self.ws:
            await self.ws.close()
        if self.kernel and self.xsrf:
            async with httpx.AsyncClient(timeout=60, cookies={"_xsrf": self.xsrf}) as client:
                await client.post(f"{self.base}/voila/api/shutdown/{self.kernel}",
                                  data={"_xsrf": self.xsrf})

    async def _send(self, msg_type: str, content: dict, metadata: dict | None = None) -> None:
        await self.ws.send(json.dumps({
            "header": {"msg_id": uuid.uuid4().hex, "msg_type": msg_type,
                       "session": self.session, "username": "learner", "version": "5.3",
                       "date": datetime.now(UTC).isoformat()},
            "parent_header": {}, "metadata": metadata or {}, "content": content, "channel": "shell",
            "buffers": []}))

    async def _read(self) -> None:
        async for frame in self.ws:
            if not isinstance(frame, str):
                continue  # a binary frame: buffers, which these widgets do not use
            msg = json.loads(frame)
            kind, content = msg.get("msg_type"), msg.get("content", {})
            data = content.get("data") or {}
            if kind == "comm_open" and content.get("target_name") == "jupyter.widget":
                self.models[content["comm_id"]] = dict(data.get("state", {}))
            elif kind == "comm_msg":
                method = data.get("method")
                if method == "update_states":
                    for mid, model in data.get("states", {}).items():
                        self.models.setdefault(mid, {}).update(model.get("state", {}))
                elif method in ("update", "echo_update"):
                    self.models.setdefault(content["comm_id"], {}).update(data.get("state", {}))
            elif kind == "comm_close":
                self.models.pop(content.get("comm_id"), None)
            else:
                continue
            self.changed.set()

    async def wait_for(self, found, timeout: float = 600):
        """The first true value of ``found()``, looked at after each widget message."""
        deadline = time.monotonic() + timeout
        while True:
            value = found()
            if value:
                return value
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("the page never showed what was waited for")
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), left)
            except TimeoutError:
                pass

    # -- what a learner sees and does ------------------------------------------------------
    def find(self, **state) -> str | None:
        """The id of a model whose state has these values."""
        return next((mid for mid, s in self.models.items()
                     if all(s.get(k) == v for k, v in state.items())), None)

    def html_with(self, text: str) -> bool:
        return any(text in str(s.get("value", "")) for s in self.models.values()
                   if s.get("_model_name") == "HTMLModel")

    def rows(self, *, label: str | None = None, item_class: str | None = None):
        """Rows of buttons (tutor.ui.aria.ButtonRow) showing a button of this label or
        class: (model id, state) pairs."""
        out = []
        for mid, s in self.models.items():
            items = s.get("items") if s.get("kind") == "buttons" else None
            if not items:
                continue
            if (label and any(i.get("label") == label and not i.get("hidden") for i in items)) \
                    or (item_class and any(item_class in i.get("classes", ()) for i in items)):
                out.append((mid, s))
        return out

    async def type_into(self, model: str, text: str) -> None:
        await self._send("comm_msg", {"comm_id": model, "data": {
            "method": "update", "state": {"value": text}, "buffer_paths": []}})

    async def press(self, model: str) -> None:
        await self._send("comm_msg", {"comm_id": model, "data": {
            "method": "custom", "content": {"event": "click"}}})

    async def press_in_row(self, model: str, index: int, settle: float = 5.0) -> None:
        """A click on a row's button, sent with the drawing's ``version`` as a browser sends
        it; then wait (up to ``settle`` s) for the kernel's redraw, so that the next click
        carries the new version (one of an older drawing is ignored, by design)."""
        version = self.models[model].get("version")
        await self._send("comm_msg", {"comm_id": model, "data": {
            "method": "custom", "content": {"event": "click", "index": index,
                                            "version": version}}})
        try:
            await self.wait_for(lambda: self.models.get(model, {}).get("version") != version,
                                settle)
        except TimeoutError:
            pass  # a click that changes nothing on the row
