"""JupyterHub for Trick Tutor on one machine: every user's server is jupyterhub-singleuser
with Voila's server extension, opening the start page (lessons/index.ipynb).

Environment (all optional):
  TUTOR_REPO          the repo checkout (default: two folders up from this file)
  TUTOR_HUB_IP        where the proxy listens (default 127.0.0.1; 0.0.0.0 for a class)
  TUTOR_HUB_PORT      its port (default 8000)
  TUTOR_HUB_API_PORT, TUTOR_PROXY_API_PORT  the hub's and the proxy's APIs, on 127.0.0.1
                      (default 8081, 8001)
  TUTOR_HUB_DIR       the hub's state: sqlite db, cookie secret, users' homes
                      (default: ~/.local/share/trick-tutor/hub)
  TUTOR_DATABASE_URL  class mode's PostgreSQL (several machines); without it, class mode's
                      SQLite goes to TUTOR_DATA_DIR, shared by all users of this machine
  TUTOR_TEST_HUB=1    dummy authenticator + SimpleLocalProcessSpawner (any name logs in, all
                      users run as this OS user): for a test on one machine only
  CHP_PATH            configurable-http-proxy's executable, if not on PATH
"""

import os
import sys
from pathlib import Path

c = get_config()  # noqa: F821

REPO = Path(os.environ.get("TUTOR_REPO") or Path(__file__).resolve().parents[2])
HUB_DIR = Path(os.environ.get("TUTOR_HUB_DIR")
               or Path.home() / ".local/share/trick-tutor/hub")
HUB_DIR.mkdir(parents=True, exist_ok=True)

c.JupyterHub.ip = os.environ.get("TUTOR_HUB_IP", "127.0.0.1")
c.JupyterHub.port = int(os.environ.get("TUTOR_HUB_PORT", "8000"))
c.JupyterHub.hub_ip = "127.0.0.1"  # the hub's API, for the proxy and the users' servers
c.JupyterHub.hub_port = int(os.environ.get("TUTOR_HUB_API_PORT", "8081"))
PROXY_API_PORT = os.environ.get("TUTOR_PROXY_API_PORT", "8001")
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{PROXY_API_PORT}"
c.JupyterHub.db_url = f"sqlite:///{HUB_DIR / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(HUB_DIR / "jupyterhub_cookie_secret")
c.ConfigurableHTTPProxy.pid_file = str(HUB_DIR / "jupyterhub-proxy.pid")
if os.environ.get("CHP_PATH"):
    c.ConfigurableHTTPProxy.command = [os.environ["CHP_PATH"]]

# ---- each user's server: the tutor, on its start page
c.Spawner.cmd = [str(Path(sys.executable).with_name("jupyterhub-singleuser"))]
c.Spawner.notebook_dir = str(REPO / "lessons")              # -> ServerApp.root_dir
c.Spawner.default_url = "/voila/render/index.ipynb"         # after login: the lesson map
shared = HUB_DIR / "class"  # class mode's SQLite, one file for every user of this machine
shared.mkdir(exist_ok=True)
c.Spawner.environment = {
    # jupyter_server_config.py beside this file: Voila's settings from voila.json
    "JUPYTER_CONFIG_PATH": str(Path(__file__).resolve().parent / "singleuser"),
    "TUTOR_REPO": str(REPO),
    "TUTOR_DATA_DIR": os.environ.get("TUTOR_DATA_DIR", str(shared)),
}
# The "tutor" template: `pip install .` puts it in <prefix>/share/jupyter, where Voila looks;
# an editable install (`pip install -e .`) leaves it in the repo's share/jupyter.
if not (Path(sys.prefix) / "share/jupyter/voila/templates/tutor").is_dir():
    c.Spawner.environment["JUPYTER_PATH"] = str(REPO / "share/jupyter")
for name in ("TUTOR_DATABASE_URL", "TUTOR_MAX_KERNELS", "TUTOR_KEEP_PROGRESS",
             "PYTHONPYCACHEPREFIX"):
    if os.environ.get(name):
        c.Spawner.environment[name] = os.environ[name]
c.Spawner.environment.setdefault("TUTOR_MAX_KERNELS", "10")  # pages open at once, per learner
c.Spawner.start_timeout = 120  # a cold first start on a busy machine
c.Spawner.http_timeout = 120

# ---- stop the servers of learners gone idle (pip install jupyterhub-idle-culler)
CULL = int(os.environ.get("TUTOR_CULL_TIMEOUT", "3600"))  # seconds without activity; 0: never
if CULL:
    c.JupyterHub.services = [{
        "name": "idle-culler",
        "command": [sys.executable, "-m", "jupyterhub_idle_culler", f"--timeout={CULL}",
                    f"--cull-every={max(60, CULL // 6)}"],
    }]
    c.JupyterHub.load_roles = [{
        "name": "idle-culler",
        "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
        "services": ["idle-culler"],
    }]

if os.environ.get("TUTOR_TEST_HUB") == "1":
    c.JupyterHub.authenticator_class = "dummy"          # any name, any password
    c.Authenticator.allow_all = True
    c.JupyterHub.spawner_class = "simple"  # jupyterhub.spawner.SimpleLocalProcessSpawner
    c.SimpleLocalProcessSpawner.home_dir_template = str(HUB_DIR / "home" / "{username}")
    if os.geteuid() == 0:  # a test machine or container as root: jupyter_server refuses root
        c.Spawner.args = ["--allow-root"]
