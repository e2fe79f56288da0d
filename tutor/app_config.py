"""Server-side settings for Voila that ``voila.json`` cannot spell as plain values.

``voila.json`` names the two classes below; nothing here is imported by a lesson or a widget.
Both are written against voila==0.5.13 (pinned in pyproject.toml) and jupyter_server 2.

* ``XsrfCookieIdentityProvider`` issues the ``_xsrf`` cookie on every notebook page, so that
  the page's shutdown beacon is accepted and closing a tab shuts its kernel down.
* ``CullingKernelManager`` culls idle kernels (the safety net for tabs that vanish without a
  beacon) but never a kernel that Voila has just handed out of its preheated pool.

The rest of voila.json, since JSON holds no comments:

* ``MappingKernelManager``: a kernel with no browser connected and idle for 10 minutes is
  culled (checked every minute); a connected one never is (``cull_connected`` false), nor a
  busy one.
* ``preheat_kernel`` with ``kernel_pools_config``: one kernel waits, preheated, for the
  start page only (about 0.5 s sooner to the first widget; see ``make bench-pages``).  Every
  pooled kernel holds some 57 MiB for as long as the server runs, and a preheated page runs
  before anyone asks for it (no query string, no request headers), so the lessons are not
  pooled; add ``"lesson.ipynb": {"pool_size": 1}`` to pool one.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from jupyter_core.utils import ensure_async
from jupyter_server.auth.identity import PasswordIdentityProvider
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from voila.handler import VoilaHandler


class XsrfCookieIdentityProvider(PasswordIdentityProvider):
    """Voila's identity provider, plus: a notebook page always carries the ``_xsrf`` cookie.

    When a tab closes, Voila's page posts ``/voila/api/shutdown/<kernel>`` with navigator.
    sendBeacon, sending the value of the ``_xsrf`` cookie as the form field ``_xsrf``
    (double-submit).  Voila 0.5.13 sets that cookie only on pages rendered from the server's
    own templates (the tree at ``/``), never on ``/voila/render/...``; a lesson opened by a
    deep link in a fresh browser has no cookie, the beacon is refused (403 "'_xsrf' argument
    missing from POST", voila-dashboards/voila#1458) and the kernel is left running.

    Here the render page reads ``handler.xsrf_token``, which makes tornado set the cookie
    when the browser has none, exactly as the tree page already does.  The XSRF check itself
    stays on for every POST, the beacon included.

    Security trade-off: nothing new.  It is the same per-browser token tornado issues on the
    tree page; like any double-submit token it is readable by script on this origin (not
    HttpOnly: the page must read it to send it), which only matters if a page of ours is
    already compromised by XSS, and a cross-site page can neither read it nor set it, so it
    still cannot forge the beacon or any other POST.  The alternatives were worse: the
    ``disable_check_xsrf`` setting would drop the check for every POST of the server, and
    minting a token in the page's JavaScript would depend on tornado's token format.
    """

    async def get_user(self, handler):
        user = await ensure_async(super().get_user(handler))
        is_page = handler.request.method == "GET" and isinstance(handler, VoilaHandler)
        if user is not None and is_page:
            handler.current_user = user  # as prepare() does next; tornado's xsrf_token reads it
            handler.xsrf_token  # noqa: B018 -- the property sets the cookie if it is missing
        return user


class CullingKernelManager(AsyncMappingKernelManager):
    """jupyter_server's kernel manager whose idle culler spares kernels just out of the pool.

    With ``VoilaConfiguration.preheat_kernel`` Voila wraps this class in its
    ``VoilaKernelManager`` (voila/voila_kernel_manager.py, 0.5.13).  That class keeps pooled
    kernels from the culler (``cull_kernel_if_idle``, lines 369-381, returns early while a
    kernel's pool task is done), but ``get_rendered_notebook`` pops the kernel from the pool
    when a page asks for it (line 187, ``self._pools[notebook_name].pop(0)``; called from
    voila/handler.py line 155), and from then on the kernel is an ordinary idle kernel with
    no connection whose ``last_activity`` is the end of its preheat, possibly long ago.
    jupyter_server's culler (services/kernels/kernelmanager.py, lines 746-751) then sees it
    idle for longer than the timeout with no connection, and the next tick, which can come
    before the browser has loaded Voila's JavaScript and opened the websocket, culls it: the
    page never shows its widgets.

    Here the culler's clock for a kernel starts at the first check that finds it outside the
    pool and neither starting nor busy: such a kernel is culled only when it has been idle
    for ``cull_idle_timeout`` by jupyter_server's own measure (``last_activity``) *and* has
    been out of the pool, idle, for ``cull_idle_timeout`` as this culler saw it.  A kernel
    seen in the pool at a check gets the full timeout after it is handed out; one handed out
    less than a ``cull_interval`` after its preheat, before any check saw it pooled, gets at
    least ``cull_idle_timeout - cull_interval`` (9 of voila.json's 10 minutes): either way far
    more than the second or two a browser takes to connect.  A connected kernel is never
    culled (``cull_connected`` false); an abandoned one goes at most one ``cull_interval`` and
    one ``cull_idle_timeout`` later than it would otherwise.  Without a pool (preheat off)
    the same rule holds for every kernel.  Requires ``cull_idle_timeout > cull_interval``.
    """

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._idle_seen_since: dict[str, datetime] = {}

    def _pooled_kernel_ids(self) -> set[str]:
        """The kernels waiting in Voila's preheated pools (none without preheating)."""
        pooled = set()
        for pool in getattr(self, "_pools", {}).values():
            for task in pool:
                if task.done() and not task.cancelled() and task.exception() is None:
                    pooled.add(task.result()["kernel_id"])
        return pooled

    async def cull_kernels(self):
        pooled = self._pooled_kernel_ids()
        for kernel_id in list(self._idle_seen_since):
            if kernel_id in pooled or kernel_id not in self._kernels:
                del self._idle_seen_since[kernel_id]
        await super().cull_kernels()

    async def cull_kernel_if_idle(self, kernel_id):
        # VoilaKernelManager.cull_kernel_if_idle has already returned for pooled kernels.
        kernel = self._kernels[kernel_id]
        state = getattr(kernel, "execution_state", None)
        if state in ("starting", "busy"):
            self._idle_seen_since.pop(kernel_id, None)
        elif state != "dead":
            now = datetime.now(UTC)
            since = self._idle_seen_since.setdefault(kernel_id, now)
            if now - since <= timedelta(seconds=self.cull_idle_timeout):
                return None
        return await super().cull_kernel_if_idle(kernel_id)
