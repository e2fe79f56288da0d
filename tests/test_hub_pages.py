"""The tutor on a JupyterHub (deploy/jupyterhub/), without a hub: a link that other learners
open (class mode's join link, the board's) goes through the hub to each learner's own server,
and each user's progress has its own key in a browser that several share."""

from __future__ import annotations

from tutor.ui import memory, pages

HUB_ENV = {"JUPYTERHUB_SERVICE_PREFIX": "/user/ann/", "JUPYTERHUB_BASE_URL": "/",
           "JUPYTERHUB_USER": "ann", "SERVER_NAME": "hub.example.org", "SERVER_PORT": "8000",
           "SCRIPT_NAME": "/user/ann/voila/render/class.ipynb"}


def test_a_join_link_goes_through_the_hub(monkeypatch):
    for name, value in HUB_ENV.items():
        monkeypatch.setenv(name, value)
    assert pages.page_url("join.ipynb", code="ABCD") == \
        "http://hub.example.org:8000/hub/user-redirect/voila/render/join.ipynb?code=ABCD"
    monkeypatch.setenv("JUPYTERHUB_PUBLIC_URL", "https://tutor.school.example/")
    assert pages.page_url("join.ipynb", code="ABCD") == \
        "https://tutor.school.example/hub/user-redirect/voila/render/join.ipynb?code=ABCD"


def test_without_a_hub_the_link_is_the_pages_own(monkeypatch):
    monkeypatch.delenv("JUPYTERHUB_SERVICE_PREFIX", raising=False)
    monkeypatch.setenv("SERVER_NAME", "192.168.1.5")
    monkeypatch.setenv("SERVER_PORT", "8866")
    monkeypatch.setenv("SCRIPT_NAME", "/voila/render/class.ipynb")
    assert pages.page_url("join.ipynb", code="ABCD") == \
        "http://192.168.1.5:8866/voila/render/join.ipynb?code=ABCD"


def test_each_hub_user_has_a_key_of_their_own(monkeypatch):
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
    assert memory.storage_key() == "trick-tutor"
    monkeypatch.setenv("JUPYTERHUB_USER", "ann")
    assert memory.storage_key() == "trick-tutor:ann"
    assert memory.Memory().key == "trick-tutor:ann"
