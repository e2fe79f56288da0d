"""JupyterHub for a school (deploy/jupyterhub/), for real on this machine: the hub with the
dummy authenticator and the simple local process spawner, configurable-http-proxy from npm;
three learners log in, each lands on the tutor's lesson map on a server of their own, opens
lesson 55/01 and answers a question of its exercise; nothing is fetched from anywhere but the
hub, and a closed tab takes its kernel with it."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from urllib.error import URLError
from urllib.parse import urlsplit
from urllib.request import urlopen

import pytest
from playwright.sync_api import expect
from quizzing import button, pick, reveal, to_step_of
from voila_harness import REPO, free_port

pytest.importorskip("jupyterhub")
pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.hub, pytest.mark.timeout(900)]

LESSON = "55/01-cards.ipynb"
LOAD = 180_000  # ms: a learner's first server start on a busy machine


def proxy_command() -> str:
    """configurable-http-proxy, installed from npm into .cache/chp once."""
    found = shutil.which("configurable-http-proxy")
    if found:
        return found
    prefix = REPO / ".cache" / "chp"
    chp = prefix / "node_modules" / ".bin" / "configurable-http-proxy"
    if not chp.exists():
        subprocess.run(["npm", "install", "--silent", "--prefix", str(prefix),
                        "configurable-http-proxy@5"], check=True, timeout=600)
    return str(chp)


@pytest.fixture(scope="module")
def hub(tmp_path_factory):
    state = tmp_path_factory.mktemp("hub")
    port = free_port()
    env = {**os.environ, "TUTOR_TEST_HUB": "1", "TUTOR_REPO": str(REPO),
           "TUTOR_HUB_DIR": str(state), "TUTOR_HUB_PORT": str(port),
           "TUTOR_HUB_API_PORT": str(free_port()), "TUTOR_PROXY_API_PORT": str(free_port()),
           "TUTOR_CULL_TIMEOUT": "0", "CHP_PATH": proxy_command(),
           "TUTOR_DATA_DIR": str(state / "class")}
    log = open(state / "hub.log", "w")
    proc = subprocess.Popen(
        [str(Path(sys.executable).with_name("jupyterhub")), "-f",
         str(REPO / "deploy" / "jupyterhub" / "jupyterhub_config.py")],
        cwd=state, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    url = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + 120
    while True:
        try:
            urlopen(url + "hub/login", timeout=5)
            break
        except (URLError, OSError):
            if proc.poll() is not None or time.monotonic() > deadline:
                log.flush()
                pytest.fail("the hub did not start:\n" + (state / "hub.log").read_text()[-4000:])
            time.sleep(0.5)
    yield url
    proc.send_signal(signal.SIGTERM)  # the hub stops the learners' servers, then itself
    try:
        proc.wait(timeout=90)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
    log.close()


@pytest.mark.parametrize("name", ["ann", "ben", "cat"])
def test_a_learner_logs_in_and_answers_through_the_hub(browser, hub, name):
    context = browser.new_context(viewport={"width": 1366, "height": 800})
    page = context.new_page()
    errors: list[str] = []
    requests: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("request", lambda r: requests.append(r.url))
    try:
        page.goto(hub + "hub/login", timeout=LOAD)
        page.fill("#username_input", name)
        page.fill("#password_input", "any")
        page.click("#login_submit")
        page.wait_for_url(f"{hub}user/{name}/voila/render/index.ipynb", timeout=LOAD)
        tile = page.locator(f'a.tt-tile[href="{LESSON}"]')
        expect(tile).to_be_visible(timeout=LOAD)  # the lesson map, on the learner's own server
        tile.click()
        page.wait_for_url(f"{hub}user/{name}/voila/render/{LESSON}", timeout=LOAD)
        box = page.locator(".tt-quiz").last
        expect(box.locator(".tt-quiz-top")).to_contain_text(" to go", timeout=LOAD)
        to_step_of(page, box)  # the lesson in steps: on to the exercise's
        q = reveal(box)
        assert q.answer
        pick(box, q.answer)
        button(box, "Check").click()
        expect(box.locator(".tt-msg-bad, .tt-msg-ok").first).to_contain_text("Right!")
        text = page.inner_text("body")
        assert "Traceback" not in text and "Sorry, that did not work" not in text
        assert page.locator(".jp-InputArea-editor").count() == 0  # the sources stay hidden
        assert any("/voila/templates/tutor/static/tutor.css" in u for u in requests)
        offsite = [u for u in requests if urlsplit(u).scheme in ("http", "https")
                   and urlsplit(u).netloc != urlsplit(hub).netloc]
        assert offsite == [] and errors == [], (offsite, errors)
        kernels = f"{hub}user/{name}/api/kernels"
        assert len(context.request.get(kernels).json()) == 1
        page.close(run_before_unload=True)  # the tab closes: Voila's beacon ends its kernel
        deadline = time.monotonic() + 30
        while context.request.get(kernels).json() and time.monotonic() < deadline:
            time.sleep(0.5)
        assert context.request.get(kernels).json() == []
    finally:
        context.close()
