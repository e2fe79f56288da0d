"""Voila's page templates compiled once per server, not once per page.

Voila renders every page with a new ``VoilaExporter``, and each exporter builds a new Jinja
environment (nbconvert's ``TemplateExporter._create_environment``), so every page parsed and
compiled the same templates again (``index.html.j2``, ``base.html.j2``, nbconvert's
``display_priority.j2``, ``null.j2`` ...).  Profiled with py-spy on this project's 2-core
machine, that compiling was 45% of the server's busy time while pages were served: the
largest single cost of a page on the server, and the server is what a class waits on when
everyone opens a lesson at once (``bench/load.py``).

Jinja has the mechanism for this: a bytecode cache (``jinja2.BytecodeCache``) given to the
environment.  The template's source is still read and its checksum compared, so a changed
template is compiled again; only the compiling is saved.  The cache is kept in memory, one per
kind of environment (async or not, and its extensions), since a template compiles differently
for each.  :func:`install` gives every template exporter of this process such a cache; the
server's settings (``app_config``) call it.
"""

from __future__ import annotations

import threading

from jinja2 import BytecodeCache
from jinja2.bccache import Bucket


class MemoryBytecodeCache(BytecodeCache):
    """Compiled templates, in memory, by template (Jinja checks each one's source)."""

    def __init__(self) -> None:
        self._code: dict[str, bytes] = {}
        self._lock = threading.Lock()

    def load_bytecode(self, bucket: Bucket) -> None:
        code = self._code.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: Bucket) -> None:
        with self._lock:
            self._code[bucket.key] = bucket.bytecode_to_string()

    def clear(self) -> None:
        with self._lock:
            self._code.clear()

    def __len__(self) -> int:
        return len(self._code)


_caches: dict[tuple, MemoryBytecodeCache] = {}


def cache_for(environment) -> MemoryBytecodeCache:
    """The cache shared by every environment compiled like ``environment``."""
    key = (environment.is_async, tuple(sorted(environment.extensions)))
    return _caches.setdefault(key, MemoryBytecodeCache())


def install() -> bool:
    """Give every nbconvert template exporter (Voila's pages) a shared bytecode cache;
    installing twice changes nothing."""
    from nbconvert.exporters.templateexporter import TemplateExporter

    create = TemplateExporter._create_environment
    if getattr(create, "tutor_cached", False):
        return False

    def _create_environment(self):
        environment = create(self)
        if environment.bytecode_cache is None:
            environment.bytecode_cache = cache_for(environment)
        return environment

    _create_environment.tutor_cached = True
    TemplateExporter._create_environment = _create_environment
    return True
