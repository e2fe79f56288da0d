"""A raw websocket to one kernel of a Voila server, speaking the Jupyter protocol as JSON
text frames: what anyone who can open a page can do (tests/browser/test_attacks.py), and how
the benchmarks count a kernel's live widgets (bench/soak.py)."""

from __future__ import annotations

import json
import time
import uuid
from datetime import UTC, datetime

import websocket


class KernelSocket:
    """A raw websocket to one kernel, speaking the Jupyter protocol as JSON text frames."""

    def __init__(self, server_url: str, kernel_id: str):
        host = server_url.removeprefix("http://").rstrip("/")
        self.session = uuid.uuid4().hex
        self.ws = websocket.create_connection(
            f"ws://{host}/api/kernels/{kernel_id}/channels?session_id={self.session}",
            origin=server_url.rstrip("/"), timeout=10)
        self.received: list[str] = []

    def send(self, msg_type: str, content: dict, channel: str = "shell", *,
             date: datetime | None = None, metadata: dict | None = None) -> str:
        """Send one message; ``date``: the header's date (the sender's to write: now)."""
        msg_id = uuid.uuid4().hex
        self.ws.send(json.dumps({
            "header": {"msg_id": msg_id, "msg_type": msg_type, "session": self.session,
                       "username": "attacker", "version": "5.3",
                       "date": (date or datetime.now(UTC)).isoformat()},
            "parent_header": {}, "metadata": metadata or {}, "content": content,
            "channel": channel, "buffers": []}))
        return msg_id

    def widget_states(self, timeout: float = 30) -> dict[str, dict]:
        """Every widget's state, asked of the control comm as a page's widget manager asks:
        {model id: state}."""
        control = uuid.uuid4().hex
        self.send("comm_open", {"comm_id": control, "target_name": "jupyter.widget.control",
                                "data": {}}, metadata={"version": "1.0.0"})
        self.send("comm_msg", {"comm_id": control, "data": {"method": "request_states"}})
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for msg in self.collect(0.5):
                data = msg.get("content", {}).get("data") or {}
                if msg.get("msg_type") == "comm_msg" and data.get("method") == "update_states":
                    return {mid: model.get("state", {})
                            for mid, model in data.get("states", {}).items()}
        raise AssertionError("no update_states from the control comm")

    def collect(self, seconds: float) -> list[dict]:
        """Every message received for ``seconds``."""
        out = []
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            self.ws.settimeout(max(0.05, deadline - time.monotonic()))
            try:
                frame = self.ws.recv()
            except websocket.WebSocketTimeoutException:
                break
            text = frame if isinstance(frame, str) else frame.decode("utf-8", "replace")
            if not text:  # websocket-client's answer to the server's closing frame (ci38)
                raise ConnectionError("the server closed the socket")
            self.received.append(text)
            out.append(json.loads(text))
        return out

    def settle(self, timeout: float = 15) -> list[dict]:
        """Everything the kernel sends for what was sent before: a harmless request goes last
        (``comm_info_request``), and the kernel handles a socket's requests in order, so all
        it does for the earlier ones is sent before it is idle again after this one.  Returns
        the messages received until then, but this request's own."""
        marker = self.send("comm_info_request", {"target_name": "jupyter.widget"})
        out = []
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for msg in self.collect(0.2):
                if msg.get("parent_header", {}).get("msg_id") != marker:
                    out.append(msg)
                elif msg.get("msg_type") == "status" and \
                        msg.get("content", {}).get("execution_state") == "idle":
                    return out + self.collect(0.2)  # and anything the server had on the way
        raise AssertionError(f"the kernel did not answer within {timeout} s")

    def ours(self, messages: list[dict]) -> list[dict]:
        """The messages that answer this socket's own (the kernel's iopub goes to every socket
        of it, the page's too)."""
        return [m for m in messages if m.get("parent_header", {}).get("session") == self.session]

    def reply_to(self, msg_id: str, timeout: float = 15) -> dict | None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for msg in self.collect(0.5):
                if msg.get("parent_header", {}).get("msg_id") == msg_id and \
                        msg.get("msg_type", "").endswith("_reply"):
                    return msg
        return None

    def widget_comms(self) -> set[str]:
        reply = self.reply_to(self.send("comm_info_request", {"target_name": "jupyter.widget"}))
        assert reply is not None, "no comm_info_reply"
        return set(reply["content"]["comms"])

    def close(self):
        self.ws.close()
