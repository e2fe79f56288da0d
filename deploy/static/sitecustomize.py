"""The static site's Pyodide (``make site`` puts this file in its ``python_stdlib.zip``, and
Python's ``site`` imports it when the interpreter starts): the kernel's drive is never searched
for modules.

JupyterLite mounts the site's files at ``/drive`` (the notebooks, through the service worker)
and makes it the working directory before the kernel imports IPython, and Pyodide puts ``""``,
the working directory, first on ``sys.path``.  So every module imported from then on was first
looked for on the drive, and each look was a synchronous request from the kernel's worker to
the page: 121 of them for lesson 55/01, 84 before its first cell ran.  The drive holds the
lessons' notebooks and never a module, so a path hook answers for it, at once, that it has
nothing to import.
"""

import sys

DRIVE = "/drive"  # where JupyterLite's Pyodide kernel mounts the site's contents


class NothingToImport:
    """The finder of a folder that holds no module."""

    def __init__(self, path: str) -> None:
        self.path = path

    def find_spec(self, fullname, target=None):
        return None

    def invalidate_caches(self) -> None:
        pass


def drive_hook(path: str) -> NothingToImport:
    """``sys.path_hooks``: the drive and its folders (``""`` comes here as the working
    directory) hold nothing to import; any other path goes to the next hook."""
    if path == DRIVE or path.startswith(DRIVE + "/"):
        return NothingToImport(path)
    raise ImportError("not the drive")


sys.path_hooks.insert(0, drive_hook)  # before zipimport's, which would look at it first
