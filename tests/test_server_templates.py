"""Voila's page templates are compiled once per server (tutor_server.templates)."""

from __future__ import annotations

import own_loop
import pytest

pytest.importorskip("voila")

import jinja2  # noqa: E402
from nbconvert.exporters import HTMLExporter  # noqa: E402

from tutor_server import templates  # noqa: E402
from tutor_server.app_config import TutorKernelManager  # noqa: E402, F401  (installs it)


@pytest.fixture
def compiles(monkeypatch):
    """How many times Jinja compiled a template's source."""
    seen = []
    compile_ = jinja2.Environment._compile

    def counted(self, source, filename):
        seen.append(filename)
        return compile_(self, source, filename)

    monkeypatch.setattr(jinja2.Environment, "_compile", counted)
    return seen


def test_the_servers_settings_install_the_cache():
    assert getattr(HTMLExporter._create_environment, "tutor_cached", False)
    assert templates.install() is False  # twice changes nothing


def test_a_second_exporter_compiles_no_template(compiles):
    for cache in templates._caches.values():
        cache.clear()
    first = HTMLExporter(template_name="lab")
    first.environment.get_template("index.html.j2")
    assert compiles, "the first exporter compiled nothing"
    compiles.clear()
    second = HTMLExporter(template_name="lab")
    assert second.environment is not first.environment  # nbconvert's own, one per exporter
    second.environment.get_template("index.html.j2")
    assert compiles == []


def test_a_changed_template_is_compiled_again(tmp_path):
    page = tmp_path / "page.j2"
    page.write_text("one {{ x }}")
    cache = templates.MemoryBytecodeCache()

    def render():
        env = jinja2.Environment(loader=jinja2.FileSystemLoader(tmp_path), bytecode_cache=cache)
        return env.get_template("page.j2").render(x=1)

    assert render() == "one 1"
    assert len(cache) == 1
    page.write_text("two {{ x }}")
    assert render() == "two 1"


def test_async_and_plain_environments_keep_apart(tmp_path):
    (tmp_path / "page.j2").write_text("{% for i in items %}{{ i }}{% endfor %}")
    loader = jinja2.FileSystemLoader(tmp_path)
    plain = jinja2.Environment(loader=loader)
    both = jinja2.Environment(loader=loader, enable_async=True)
    assert templates.cache_for(plain) is not templates.cache_for(both)
    plain.bytecode_cache = templates.cache_for(plain)
    both.bytecode_cache = templates.cache_for(both)
    assert plain.get_template("page.j2").render(items=[1, 2]) == "12"
    rendered = own_loop.run(both.get_template("page.j2").render_async(items=[1, 2]))
    assert rendered == "12"
