"""Kernels forked from the server's zygote (tutor_server.zygote), started for real: a kernel
answers, runs in the folder and with the environment asked for, is the zygote's child, and
is gone when shut down; with forking off, kernels start as before."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import own_loop
import pytest

pytest.importorskip("jupyter_server")

from tutor_server import zygote  # noqa: E402
from tutor_server.app_config import TutorKernelManager  # noqa: E402

# kernels forked and spawned: make test-fast leaves them to make test (issue #37)
pytestmark = [pytest.mark.timeout(120), pytest.mark.slow]


def ppid(pid: int) -> int:
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])


async def ask(manager, kernel_id: str, code: str) -> str:
    client = manager.get_kernel(kernel_id).client()
    client.start_channels()
    try:
        await client.wait_for_ready(timeout=60)
        said = []
        await client.execute_interactive(
            code, timeout=60,
            output_hook=lambda m: said.append(m["content"].get("text", ""))
            if m["msg_type"] == "stream" else None)
        return "".join(said).strip()
    finally:
        client.stop_channels()


def run_kernel(tmp_path, fork: bool, env: dict) -> tuple[str, int, int | None]:
    async def go():
        manager = TutorKernelManager(kernel_manager_class="tutor_server.app_config.TutorKernel",
                                     root_dir=str(tmp_path), fork_kernels=fork,
                                     connection_dir=str(tmp_path))
        kernel_id = await manager.start_kernel(kernel_name="python3", path="",
                                               env={**os.environ, **env})
        pid = manager.get_kernel(kernel_id).provisioner.pid
        said = await ask(manager, kernel_id,
                         "import os, sys; k = get_ipython().kernel; "
                         "print(os.getcwd(), os.environ.get('TT_ASKED'), "
                         "'tutor.ui' in sys.modules, "
                         "getattr(k.shell_handlers['comm_open'], 'tutor_guard', False), "
                         "'jupyter.widget' in k.comm_manager.targets)")
        parent = ppid(pid)
        warm = manager._zygote
        zygote_pid = warm.proc.pid if warm and warm.proc else None
        await manager.shutdown_kernel(kernel_id)
        gone = not Path(f"/proc/{pid}").exists() or \
            Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
        if warm:
            warm.stop()
        assert gone, "the kernel outlived its shutdown"
        return said, parent, zygote_pid
    return own_loop.run(go())


def test_a_forked_kernel_answers_in_its_folder_with_its_environment(tmp_path):
    said, parent, zygote_pid = run_kernel(tmp_path, True, {"TT_ASKED": "yes"})
    # tutor.ui imported already (by the zygote), and what its import does in a kernel done in
    # this one: the browser's messages guarded, the widgets' comm target registered
    assert said == f"{tmp_path} yes True True True"
    assert zygote_pid is not None and parent == zygote_pid


def test_what_kernels_write_to_their_stdout_never_fills_up(tmp_path):
    """Every kernel writes its connection info to its process's stdout; the zygote's stdout
    was once a pipe to the server that nobody read after "ready", and after ~100 kernels the
    next kernel hung on its first print.  A kernel that writes far more than a pipe holds
    (64 KiB) still answers."""
    async def go():
        manager = TutorKernelManager(kernel_manager_class="tutor_server.app_config.TutorKernel",
                                     root_dir=str(tmp_path), fork_kernels=True,
                                     connection_dir=str(tmp_path))
        try:
            said = []
            for _ in range(2):  # a second kernel from the same zygote, after the first wrote
                kernel_id = await manager.start_kernel(kernel_name="python3", path="")
                said.append(await asyncio.wait_for(ask(
                    manager, kernel_id,
                    "import sys; sys.__stdout__.write('x' * 400_000 + '\\n'); "
                    "sys.__stdout__.flush(); print('answered')"), 90))
                await manager.shutdown_kernel(kernel_id)
            return said
        finally:
            if manager._zygote:
                manager._zygote.stop()
    assert own_loop.run(go()) == ["answered", "answered"]


def test_with_forking_off_a_kernel_is_a_child_of_the_server(tmp_path):
    said, parent, zygote_pid = run_kernel(tmp_path, False, {"TT_ASKED": "no"})
    assert said.startswith(f"{tmp_path} no")
    assert zygote_pid is None and parent == os.getpid()


def test_only_this_pythons_ipykernel_is_forked():
    import sys
    assert zygote.kernel_argv([sys.executable, "-m", "ipykernel_launcher", "-f", "c.json"]) \
        == ["-f", "c.json"]
    assert zygote.kernel_argv(["/usr/bin/other-python", "-m", "ipykernel_launcher"]) is None
    assert zygote.kernel_argv([sys.executable, "-m", "other_kernel", "-f", "c.json"]) is None


def test_a_changed_tutor_restarts_the_zygote(tmp_path, monkeypatch):
    import logging
    warm = zygote.Zygote(str(tmp_path), logging.getLogger("test"), check_every=0)
    try:
        warm.ensure()
        first = warm.proc.pid
        warm.ensure()
        assert warm.proc.pid == first  # nothing changed: the same zygote
        monkeypatch.setattr(zygote, "_tutor_mtime", lambda: warm.started_code + 1)
        warm.ensure()
        assert warm.proc.pid != first
    finally:
        warm.stop()
