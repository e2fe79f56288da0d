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


# -- readying a lesson for a class (LessonWarmer), on a stand-in of Voila's pooled manager ------
import asyncio  # noqa: E402
import logging  # noqa: E402
import uuid  # noqa: E402

import own_loop  # noqa: E402

from tutor.classroom.model import Lesson  # noqa: E402
from tutor_server.app_config import LessonWarmer  # noqa: E402

NB = "55/04-renege.ipynb"


class PooledManager:
    """What LessonWarmer reads and calls of Voila 0.5.13's VoilaKernelManager: ``_pools`` of
    tasks whose result names a kernel, ``kernel_pools_config`` read by ``fill_if_needed``,
    and ``shutdown_kernel`` taking a kernel out of its pool."""

    def __init__(self, max_kernels=80, running=1):
        self.log = logging.getLogger("test")
        self.max_kernels, self._starting = max_kernels, 0
        self._kernels = {f"other-{i}": None for i in range(running)}
        self.kernel_pools_config = {"default": {"pool_size": 0}}
        self._pools: dict[str, list] = {}
        self.shut: list[str] = []

    def fill_if_needed(self, delay=None, notebook_name=None, **_):
        size = self.kernel_pools_config.get(notebook_name,
                                            self.kernel_pools_config["default"])["pool_size"]
        pool = self._pools.setdefault(notebook_name, [])
        for _ in range(size - len(pool)):
            kernel = uuid.uuid4().hex
            self._kernels[kernel] = None
            task = asyncio.get_running_loop().create_future()
            task.set_result({"kernel_id": kernel})
            pool.append(task)

    def take(self, notebook):  # a learner's page asks: Voila pops and refills by the config
        task = self._pools[notebook].pop(0)
        self.fill_if_needed(notebook_name=notebook)
        return task

    async def shutdown_kernel(self, kernel_id):
        for pool in self._pools.values():
            pool[:] = [t for t in pool if t.result()["kernel_id"] != kernel_id]
        del self._kernels[kernel_id]
        self.shut.append(kernel_id)


def wanted(learners, notebook=NB):
    return [Lesson(notebook, learners, 0.0, class_id=1)]


def test_a_lesson_is_readied_for_the_class_and_pages_taken_are_not_replaced():
    async def run():
        m = PooledManager()
        warmer = LessonWarmer(m)
        await warmer.follow(wanted(5))
        assert len(m._pools[NB]) == 5
        assert m.kernel_pools_config == {"default": {"pool_size": 0}}  # put back at once
        m.take(NB), m.take(NB)
        assert len(m._pools[NB]) == 3  # Voila did not refill them
        await warmer.follow(wanted(5))
        assert len(m._pools[NB]) == 3 and warmer.opened[NB] == 2
        await warmer.follow(wanted(7))  # the teacher says 7 after all
        assert len(m._pools[NB]) == 5
        await warmer.follow([])  # the class ended
        assert m._pools[NB] == [] and len(m.shut) == 5
        assert len(m._kernels) == 3  # the other kernel and the two pages taken stay
    own_loop.run(run())


def test_readying_stays_under_max_kernels():
    async def run():
        m = PooledManager(max_kernels=6, running=2)
        await LessonWarmer(m).follow(wanted(30))
        assert len(m._pools[NB]) == 4
    own_loop.run(run())


def test_a_changed_lesson_lets_the_old_ones_pages_go():
    async def run():
        m = PooledManager()
        warmer = LessonWarmer(m)
        await warmer.follow(wanted(3))
        await warmer.follow(wanted(2, "56/02-ranks.ipynb"))
        assert m._pools[NB] == [] and len(m._pools["56/02-ranks.ipynb"]) == 2
        assert len(m.shut) == 3
    own_loop.run(run())
