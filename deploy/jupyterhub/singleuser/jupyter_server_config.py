"""The single-user server of a JupyterHub user: Voila's server extension with the settings of
the repo's voila.json that a Jupyter server (not Voila's own app) understands.

Found through JUPYTER_CONFIG_PATH (jupyterhub_config.py sets it to this folder).  voila.json is
read from the repo root (TUTOR_REPO, else two folders up from here); only these sections apply:

* VoilaConfiguration: template, theme, overrides off, strip_sources, show_tracebacks.  Its
  multi_kernel_manager_class and preheat_kernel are Voila-app-only (voila/app.py
  init_settings); dropped here, so no preheated start-page kernel under the hub.
* the kernel manager: ServerApp.kernel_manager_class = TutorKernelManager (the server's own
  MappingKernelManager, which Voila's extension uses), with TutorKernel per kernel, the cap,
  the cullers and the ipc transport.
* VoilaExecutor (timeouts) and NotebookNotary: read from the server's config by the
  extension's handler (it passes server_app.config to the executor).
* Voila.tornado_settings -> ServerApp.tornado_settings (websocket_max_message_size).
* Voila.identity_provider_class is NOT applied: the hub's identity provider stays (an
  XsrfCookieIdentityProvider here would replace the hub's OAuth login).
"""

import atexit
import json
import os
import shutil
import tempfile
from pathlib import Path

from jupyter_core.paths import jupyter_runtime_dir

c = get_config()  # noqa: F821

repo = Path(os.environ.get("TUTOR_REPO") or Path(__file__).resolve().parents[3])
voila = json.loads((repo / "voila.json").read_text(encoding="utf-8"))

STANDALONE_ONLY = {"multi_kernel_manager_class", "preheat_kernel", "default_pool_size"}
for name, value in voila.get("VoilaConfiguration", {}).items():
    if name not in STANDALONE_ONLY:
        setattr(c.VoilaConfiguration, name, value)

for section in ("AsyncMappingKernelManager", "TutorKernelManager", "MappingKernelManager",
                "KernelManager", "VoilaExporter", "VoilaExecutor", "NotebookNotary"):
    for name, value in voila.get(section, {}).items():
        setattr(c[section], name, value)

# KernelManager.transport "ipc": a kernel's sockets are files beside its connection file,
# <runtime dir>/kernel-<uuid>-ipc-<n>, and a Unix socket's path holds at most 107 bytes; under
# a long home (~/.local/share/jupyter/runtime) zmq fails "File name too long" and no page
# renders.  Voila standalone puts them in a fresh /tmp/voila_* folder; here a fresh private
# (0700) folder in /tmp when the default is too long.
if len(os.path.join(jupyter_runtime_dir(), f"kernel-{'0' * 36}-ipc-10")) > 107:
    os.environ["JUPYTER_RUNTIME_DIR"] = tempfile.mkdtemp(prefix="tutor-runtime-")
    atexit.register(shutil.rmtree, os.environ["JUPYTER_RUNTIME_DIR"], ignore_errors=True)

c.ServerApp.kernel_manager_class = "tutor_server.app_config.TutorKernelManager"
# No MathJax from a CDN: Voila's page loads it unless both settings are present and None, which
# Voila's own app passes (its Voila.mathjax_url/mathjax_config default None); a Jupyter server
# has no such settings, so Voila's extension would fall back to cdnjs on every page.
c.ServerApp.tornado_settings = {**voila.get("Voila", {}).get("tornado_settings", {}),
                                "mathjax_url": None, "mathjax_config": None}

# One learner's server under a hub: fewer pages at once than a class server (voila.json: 80);
# each open page is a kernel of about 60 MiB.
if os.environ.get("TUTOR_MAX_KERNELS"):
    c.TutorKernelManager.max_kernels = int(os.environ["TUTOR_MAX_KERNELS"])

# The lessons folder: JUPYTERHUB_ROOT_DIR (c.Spawner.notebook_dir) wins over this.
c.ServerApp.root_dir = str(repo / "lessons")
# A learner needs no terminal.
c.ServerApp.terminals_enabled = False
