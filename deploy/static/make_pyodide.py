"""A self-hosted Pyodide for the static site's kernel, offline (``make site`` runs it).

- the core runtime from the npm package ``pyodide`` (``pyodide.js``, ``.mjs``, ``.asm.js``,
  ``.asm.wasm``, ``python_stdlib.zip``): the package holds no wheels;
- the wheels: the pure-Python ones from PyPI (``requirements-pyodide.txt``), the kernel's shims
  (piplite, pyodide_kernel, ipykernel, widgetsnbextension, from the installed
  jupyterlite-pyodide-kernel) and the tutor's own wheel;
- stubs for what the kernel asks for and a page never uses (``STUBS``);
- ``sitecustomize.py`` (beside this file) added to ``python_stdlib.zip``: the kernel never
  looks for a module on its drive, the site's notebooks;
- a new ``pyodide-lock.json`` naming exactly those files with their sha256 and dependencies
  (PyPI's wheels are not byte for byte the ones Pyodide's own lock names), so the kernel
  preloads what it needs and ``from tutor.ui import ...`` in a cell loads the tutor and its
  dependencies (Pyodide's loadPackagesFromImports) from this folder and nowhere else.

    python make_pyodide.py NPM_PYODIDE_DIR WHEEL_DIR... --out OUT_DIR
"""

from __future__ import annotations

import argparse
import email.parser
import hashlib
import json
import re
import shutil
import sys
import zipfile
from pathlib import Path

from packaging.requirements import Requirement

CORE = ("pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip")
# the markers a wheel's requirements are read with: Pyodide 0.29's Python in a browser
ENV = {"python_version": "3.13", "python_full_version": "3.13.2", "sys_platform": "emscripten",
       "platform_system": "Emscripten", "platform_machine": "wasm32", "os_name": "posix",
       "implementation_name": "cpython", "platform_python_implementation": "CPython",
       "extra": ""}
# required by a wheel's metadata, never imported in a page (the server's: setproctitle is
# tutor_server.zygote's; confusable-homoglyphs is class mode's, which the site has not): left out
DROP = {"jupyterlab-widgets", "voila", "psycopg", "sqlalchemy", "setproctitle",
        "confusable-homoglyphs"}


def canon(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def wheel_info(path: Path) -> tuple[str, str, list[str], list[str]]:
    """(name, version, top-level imports, required names) of a wheel."""
    with zipfile.ZipFile(path) as z:
        names = z.namelist()
        meta = email.parser.Parser().parsestr(
            z.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode())
        top = [n for n in names if n.endswith(".dist-info/top_level.txt")]
        if top:
            imports = [ln.strip() for ln in z.read(top[0]).decode().splitlines() if ln.strip()]
        else:
            imports = sorted({n.split("/")[0].removesuffix(".py") for n in names
                              if not n.split("/")[0].endswith((".dist-info", ".data"))
                              and ("/" in n or n.endswith(".py"))})
    needs = [canon(Requirement(r).name) for r in meta.get_all("Requires-Dist") or []
             if Requirement(r).marker is None or Requirement(r).marker.evaluate(ENV)]
    return canon(meta["Name"]), meta["Version"], [i for i in imports if i.isidentifier()], needs


# Wheels of metadata only, for what the kernel always asks for and a page never uses:
# sqlite3 is not in the npm package (IPython runs without it; the kernel keeps no history);
# jedi is IPython's code completion, which no page offers, and was 1,880 files (4.5 MB)
# unpacked and imported on every visit (IPython imports it if it is there, and does without)
STUBS = {"sqlite3": "1.0.0", "jedi": "0.19.2"}


def stub_wheel(folder: Path, name: str, version: str) -> Path:
    """A wheel of metadata only (see ``STUBS``)."""
    path = folder / f"{name}-{version}-py3-none-any.whl"
    info = f"{name}-{version}.dist-info"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr(f"{info}/METADATA", f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n")
        z.writestr(f"{info}/WHEEL", "Wheel-Version: 1.0\nGenerator: stub\nRoot-Is-Purelib: true\n"
                                    "Tag: py3-none-any\n")
        z.writestr(f"{info}/RECORD", "")
    return path


def add_sitecustomize(stdlib: Path) -> None:
    """Pyodide's standard library with the site's ``sitecustomize`` (see that file), which
    Python's ``site`` imports when the interpreter starts."""
    with zipfile.ZipFile(stdlib, "a") as z:
        if "sitecustomize.py" in z.namelist():
            sys.exit(f"make_pyodide: {stdlib} has a sitecustomize.py of its own")
        z.write(Path(__file__).with_name("sitecustomize.py"), "sitecustomize.py")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("npm_dir", type=Path)
    ap.add_argument("wheels", nargs="+", type=Path)
    ap.add_argument("--out", required=True, type=Path)
    a = ap.parse_args()
    out = a.out
    out.mkdir(parents=True, exist_ok=True)
    for f in CORE:
        shutil.copy2(a.npm_dir / f, out / f)
    add_sitecustomize(out / "python_stdlib.zip")
    lock = json.loads((a.npm_dir / "pyodide-lock.json").read_text())
    wheels = [w for p in a.wheels for w in (sorted(p.glob("*.whl")) if p.is_dir() else [p])]
    wheels += [stub_wheel(out, name, version) for name, version in STUBS.items()]
    pkgs: dict[str, dict] = {}
    for w in wheels:
        name, version, imports, needs = wheel_info(w)
        if name in pkgs:
            sys.exit(f"make_pyodide: two wheels for {name}: {pkgs[name]['file_name']}, {w.name}")
        if w.parent != out:
            shutil.copy2(w, out / w.name)
        pkgs[name] = {"name": name, "version": version, "file_name": w.name,
                      "install_dir": "site",
                      "sha256": hashlib.sha256((out / w.name).read_bytes()).hexdigest(),
                      "package_type": "package", "imports": imports, "depends": needs,
                      "unvendored_tests": False, "shared_library": False}
    pkgs["sqlite3"].update(package_type="cpython_module", imports=[])
    missing = sorted({(p["name"], d) for p in pkgs.values() for d in p["depends"]
                      if d not in pkgs and d not in DROP})
    if missing:
        sys.exit("make_pyodide: wheels missing: "
                 + ", ".join(f"{a} needs {b}" for a, b in missing))
    for p in pkgs.values():
        p["depends"] = sorted({d for d in p["depends"] if d in pkgs})
    lock["packages"] = dict(sorted(pkgs.items()))
    (out / "pyodide-lock.json").write_text(json.dumps(lock, indent=1))
    print(f"make_pyodide: {len(pkgs)} packages in {out / 'pyodide-lock.json'}")


if __name__ == "__main__":
    main()
