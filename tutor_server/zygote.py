"""Kernels forked from a warm process: a page's kernel starts without importing anything.

Every lesson page runs in a kernel of its own, and a new kernel is a new Python: it imports
ipykernel, IPython, ipywidgets and the tutor, some 0.45 CPU-seconds of the ~0.7 a page costs its
kernel (bench/load.py; the rest is running the page's cells).  When a class opens a lesson at
once, 30 kernels doing that on two cores is most of the wait.

So the server starts one **zygote** (``python -m tutor_server.zygote SOCKET``) that imports all
of that once and waits; each kernel is then a ``fork()`` of it, with the request's environment,
working folder and arguments, running ``ipykernel_launcher`` as the kernel command would.  A
forked child shares the zygote's imported modules (copy-on-write) and starts in a few
milliseconds.

Safe because the zygote only *imports*: it starts no thread, creates no zmq context and no
event loop before forking (checked at start: it refuses to serve if a thread is running), and
the child makes its own, as a fresh kernel does.  The child starts a session of its own
(``setsid``), so signals to its process group reach it alone; the zygote reaps its children.

:class:`Zygote` is the server's side: it starts the zygote, asks it for kernels, and restarts it
when the tutor's code changed since it started (a developer editing ``tutor/`` while
``make serve`` runs gets the new code in the next page, as before).  :class:`ForkedProcess` is
the ``Popen``-like handle jupyter_client's ``LocalProvisioner`` keeps: ``poll``, ``wait``,
signals.  If the zygote is not there or fails, the kernel is started the usual way.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

PRELOAD = ("ipykernel.kernelapp", "ipykernel.ipkernel", "ipykernel.zmqshell", "IPython",
           "ipywidgets", "tutor.ui", "tutor.teach.i18n")


# --------------------------------------------------------------------------- the zygote


def _reap(_signum, _frame) -> None:
    """SIGCHLD: collect every child that has ended (the server sees it gone)."""
    while True:
        try:
            pid, _status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def _child(request: dict) -> None:
    """In the forked child: become the kernel the request asked for; never returns."""
    try:
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        os.setsid()
        os.environ.clear()
        os.environ.update(request["env"])
        if request.get("cwd"):
            os.chdir(request["cwd"])
        # the page's language, which the zygote's imports could not know (tutor.ui reads it
        # when a kernel that is not forked imports it)
        sys.modules["tutor.teach.i18n"].use_environment()
        devnull = os.open(os.devnull, os.O_RDONLY)
        os.dup2(devnull, 0)
        os.close(devnull)
        sys.argv = ["ipykernel_launcher", *request["argv"]]
        try:  # what ps, top and the tests see: the kernel's command, not the zygote's
            from setproctitle import setproctitle

            setproctitle(" ".join([sys.executable, "-m", "ipykernel_launcher",
                                   *request["argv"]]))
        except ImportError:
            pass
        from ipykernel.kernelapp import launch_new_instance

        launch_new_instance()
    except SystemExit as exc:
        os._exit(exc.code if isinstance(exc.code, int) else 0)
    except BaseException:
        import traceback

        traceback.print_exc()
        os._exit(1)
    os._exit(0)


def serve(path: str) -> None:
    """The zygote: import, then fork a kernel for each request on the Unix socket ``path``,
    until the server that started it is gone."""
    import importlib

    for name in PRELOAD:
        importlib.import_module(name)
    try:  # made ready here, while the environment is as the process started with it
        import setproctitle

        setproctitle.getproctitle()
    except ImportError:
        pass
    if threading.active_count() != 1:  # forking a process with threads is not safe
        print(f"tutor zygote: {threading.active_count()} threads after imports; not serving",
              file=sys.stderr)
        sys.exit(2)
    parent = os.getppid()
    signal.signal(signal.SIGCHLD, _reap)
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen(64)
    listener.settimeout(1.0)
    print("ready", flush=True)  # the server waits for this line, on a pipe nobody reads after:
    os.dup2(2, 1)  # from now on stdout is the server's stderr, which every kernel inherits
    # (a kernel writes its connection info there; into the pipe, ~100 kernels filled it and
    # the next one hung on its first print)
    while os.getppid() == parent:
        try:
            conn, _ = listener.accept()
        except (TimeoutError, InterruptedError):
            continue
        with conn:
            conn.settimeout(10)
            data = b""
            while not data.endswith(b"\n"):
                chunk = conn.recv(65536)
                if not chunk:
                    break
                data += chunk
            try:
                request = json.loads(data)
            except ValueError:
                continue
            pid = os.fork()
            if pid == 0:
                listener.close()
                conn.close()
                _child(request)
            conn.sendall(json.dumps({"pid": pid}).encode() + b"\n")


# --------------------------------------------------------------------------- the server's side


class ForkedProcess:
    """A kernel forked by the zygote, as ``LocalProvisioner`` uses a ``Popen``: not our child,
    so it is watched by its pid (the zygote reaps it when it ends)."""

    stdin = stdout = stderr = None

    def __init__(self, pid: int):
        self.pid = pid
        self.returncode: int | None = None

    def poll(self) -> int | None:
        if self.returncode is None:
            try:
                os.kill(self.pid, 0)
                state = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
                if state == "Z":  # ended, not reaped yet
                    self.returncode = 0
            except (ProcessLookupError, FileNotFoundError):
                self.returncode = 0
            except (PermissionError, OSError, IndexError):
                pass
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        deadline = None if timeout is None else time.monotonic() + timeout
        while self.poll() is None:
            if deadline is not None and time.monotonic() > deadline:
                raise subprocess.TimeoutExpired(str(self.pid), timeout)
            time.sleep(0.05)
        return self.returncode

    def send_signal(self, signum: int) -> None:
        if self.poll() is None:
            try:
                os.kill(self.pid, signum)
            except ProcessLookupError:
                pass

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)


def _tutor_mtime() -> float:
    """The newest modification time of the tutor package's Python files."""
    import importlib.util

    spec = importlib.util.find_spec("tutor")
    newest = 0.0
    for folder in (spec.submodule_search_locations or []) if spec else []:
        for path in Path(folder).rglob("*.py"):
            try:
                newest = max(newest, path.stat().st_mtime)
            except OSError:
                pass
    return newest


class Zygote:
    """The server's handle on its zygote: started on first use, restarted when the tutor's
    code changed since (checked at most every ``check_every`` seconds)."""

    def __init__(self, folder: str, log, check_every: float = 2.0):
        self.path = os.path.join(folder, f"tutor-zygote-{os.getpid()}.sock")
        self.log = log
        self.check_every = check_every
        self.proc: subprocess.Popen | None = None
        self.started_code = 0.0
        self.checked = 0.0
        self.lock = threading.Lock()

    def _start(self) -> None:
        if os.path.exists(self.path):
            os.unlink(self.path)
        self.started_code = _tutor_mtime()
        self.proc = subprocess.Popen([sys.executable, "-m", "tutor_server.zygote", self.path],
                                     stdout=subprocess.PIPE, stdin=subprocess.DEVNULL,
                                     text=True)
        line = self.proc.stdout.readline()  # "ready", or nothing if it failed
        self.proc.stdout.close()
        if line.strip() != "ready":
            self.proc.kill()
            self.proc = None
            raise RuntimeError("the kernel zygote did not start")
        self.log.info("Kernel zygote ready (pid %d)", self.proc.pid)

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            self.proc = None

    def ensure(self) -> None:
        """A running zygote with the tutor's current code (starts or restarts it)."""
        now = time.monotonic()
        if self.proc is not None and self.proc.poll() is None:
            if now - self.checked < self.check_every:
                return
            self.checked = now
            if _tutor_mtime() <= self.started_code:
                return
            self.log.info("The tutor's code changed: restarting the kernel zygote")
            self.stop()
        self._start()
        self.checked = now

    def fork(self, argv: list[str], env: dict, cwd: str | None) -> int:
        """A new kernel process running ``ipykernel_launcher`` with ``argv``; its pid."""
        with self.lock:
            self.ensure()
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
            s.settimeout(30)
            s.connect(self.path)
            s.sendall(json.dumps({"argv": argv, "env": env, "cwd": cwd}).encode() + b"\n")
            data = b""
            while not data.endswith(b"\n"):
                chunk = s.recv(4096)
                if not chunk:
                    raise RuntimeError("the kernel zygote hung up")
                data += chunk
        return int(json.loads(data)["pid"])


def kernel_argv(cmd: list[str]) -> list[str] | None:
    """The arguments after ``-m ipykernel_launcher`` if ``cmd`` starts this Python's
    ipykernel (what the zygote can fork), else None."""
    if len(cmd) >= 3 and cmd[1:3] == ["-m", "ipykernel_launcher"] and \
            os.path.realpath(cmd[0]) == os.path.realpath(sys.executable):
        return cmd[3:]
    return None


if __name__ == "__main__":
    serve(sys.argv[1])
