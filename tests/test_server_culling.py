"""The kernel manager's culler (tutor_server.app_config), on the pieces it reads."""

from __future__ import annotations

import pytest

pytest.importorskip("jupyter_server")

from datetime import UTC, datetime  # noqa: E402

from tutor_server.app_config import TutorKernel, last_activity  # noqa: E402


def test_the_culler_reads_a_starting_kernels_activity_as_none():
    """A kernel still starting has no last activity yet: reading the trait raises, which the
    culler once logged as an error for 28 kernels of a class's rush."""
    kernel = TutorKernel()
    assert last_activity(kernel) is None
    now = datetime.now(UTC)
    kernel.last_activity = now
    assert last_activity(kernel) == now
