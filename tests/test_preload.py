"""A lesson's kernel imports the tutor's widgets in the background while it starts
(tutor.preload, started by the server's kernel arguments): the modules are ready when the
page's first cell asks for them, and nothing breaks when preloading fails or is off."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

pytest.importorskip("jupyter_client")

from jupyter_client.manager import start_new_kernel  # noqa: E402

from tutor import preload  # noqa: E402


def run(code: str, **env) -> str:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, env={**os.environ, **env}, timeout=120).stdout.strip()


def test_start_imports_the_widgets_in_a_daemon_thread():
    out = run("import sys, json, tutor.preload as p\n"
              "before = 'tutor.ui' in sys.modules\n"
              "t = p.start(); t.join(60)\n"
              "print(json.dumps([before, t.daemon, t.name, 'tutor.ui' in sys.modules]))")
    assert json.loads(out) == [False, True, "tutor-preload", True]


def test_turned_off_it_imports_nothing():
    out = run("import sys, tutor.preload as p\n"
              "print(p.start(), 'tutor.ui' in sys.modules)", TUTOR_PRELOAD="0")
    assert out == "None False"


def test_a_failed_import_is_logged_and_left_to_the_notebook(monkeypatch, caplog):
    monkeypatch.setattr(preload, "MODULES", ("tutor.no_such_module",))
    with caplog.at_level("WARNING", logger="tutor.preload"):
        preload.start().join(30)
    assert "preloading tutor.no_such_module failed" in caplog.text


def test_a_kernel_started_with_the_servers_arguments_has_the_widgets_before_its_first_cell():
    pytest.importorskip("jupyter_server")
    from tutor_server.app_config import KERNEL_ARGS

    outputs: list = []
    km, kc = start_new_kernel(extra_arguments=KERNEL_ARGS)
    try:
        reply = kc.execute_interactive(
            "import sys, threading, time\n"
            "t = [t for t in threading.enumerate() if t.name == 'tutor-preload']\n"
            "[x.join(60) for x in t]\n"
            "print('tutor.ui' in sys.modules, 'preload' in dir())", timeout=120,
            output_hook=outputs.append)
        assert reply["content"]["status"] == "ok"
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)
    text = "".join(m["content"].get("text", "") for m in outputs if m["msg_type"] == "stream")
    assert text.strip() == "True False"  # imported; and no name left in the learner's namespace

