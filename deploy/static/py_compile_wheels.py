"""Compile the site's wheels to bytecode, as Pyodide does for the wheels it ships itself.

A page's Python imports IPython, ipywidgets and the tutor from the wheels in
``static/pyodide/``.  From PyPI these hold only sources, so every visit compiled them again in
the learner's browser (nothing persists between two visits: a page's files live in memory);
importing IPython alone took 2.3 s of Python in WebAssembly, 1.2 s with its bytecode.  So
``make site`` rewrites every wheel with each module's ``.pyc`` beside where its ``.py`` was
(a sourceless module, which Python imports from there) — what pyodide-build's ``pyodide
py-compile`` does to Pyodide's own packages.

The bytecode must be that of the browser's Python exactly (3.13, and its magic number), and
this machine's Python is another; so this script runs *in Pyodide itself*, under Node, from
the same npm package the site ships (``py_compile_wheels.mjs``).  A module that does not
compile keeps its source; the wheel's RECORD is written anew.  The wheels' names stay: the
lock file (``make_pyodide.py``) hashes them after this.

    node py_compile_wheels.mjs PYODIDE_DIR WHEEL_DIR...   (each folder's wheels, in place)
"""

from __future__ import annotations

import base64
import hashlib
import io
import os
import py_compile
import sys
import tempfile
import warnings
import zipfile


def record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def compile_source(name: str, source: bytes, scratch: str) -> bytes | None:
    """The bytecode of one module (None if it does not compile: it keeps its source)."""
    path = os.path.join(scratch, "module.py")
    with open(path, "wb") as f:
        f.write(source)
    try:
        # unchecked: a sourceless module has no source to check against; the packages'
        # own SyntaxWarnings (an old escape in a test) are theirs, not the build's
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            py_compile.compile(path, cfile=path + "c", dfile=name, doraise=True,
                               invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    except py_compile.PyCompileError as exc:
        print(f"  {name}: kept as source ({exc.msg.strip().splitlines()[-1]})")
        return None
    with open(path + "c", "rb") as f:
        return f.read()


def compile_wheel(path: str, scratch: str) -> tuple[int, int]:
    """Rewrite the wheel at ``path`` with bytecode; (modules compiled, bytes of the result)."""
    with zipfile.ZipFile(path) as zin:
        entries = [(info, zin.read(info)) for info in zin.infolist()]
    if any(info.filename.endswith(".pyc") for info, _ in entries):
        return 0, os.path.getsize(path)  # compiled already (make site run twice)
    out = io.BytesIO()
    records, record_name, compiled = [], None, 0
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout:
        for info, data in entries:
            name = info.filename
            if name.endswith(".dist-info/RECORD"):
                record_name = name
                continue
            if name.endswith(".py"):
                code = compile_source(name, data, scratch)
                if code is not None:
                    name, data, compiled = name + "c", code, compiled + 1
            zout.writestr(zipfile.ZipInfo(name, info.date_time), data, zipfile.ZIP_DEFLATED)
            records.append(record_line(name, data))
        if record_name is None:
            sys.exit(f"py_compile_wheels: {path} has no RECORD")
        zout.writestr(zipfile.ZipInfo(record_name, (1980, 1, 1, 0, 0, 0)),
                      "\n".join([*records, f"{record_name},,"]) + "\n", zipfile.ZIP_DEFLATED)
    with open(path, "wb") as f:
        f.write(out.getvalue())
    return compiled, len(out.getvalue())


def main(folders: list[str]) -> None:
    if sys.version_info[:2] != (3, 13) or sys.platform != "emscripten":
        sys.exit("py_compile_wheels: run it in Pyodide 0.29's Python (py_compile_wheels.mjs)")
    with tempfile.TemporaryDirectory() as scratch:
        for folder in folders:
            for wheel in sorted(os.listdir(folder)):
                if wheel.endswith(".whl"):
                    n, size = compile_wheel(os.path.join(folder, wheel), scratch)
                    print(f"py_compile_wheels: {wheel}: {n} modules compiled, {size:,} bytes")


if __name__ == "__main__":
    main(sys.argv[1:])
