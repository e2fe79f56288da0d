#!/usr/bin/env bash
# make site: every page of lessons/ as a static site that runs in the learner's browser
# (Voici: Voila's static counterpart on JupyterLite, with Pyodide), served from any web
# server with no kernel anywhere and no request to any other host.
#
#   deploy/static/build.sh OUT        (from the repository's root; needs python3 and npm)
#
# Every language of the tutor is in the one site: English's pages where they always were
# (voici/render/55/04-renege.html), each other language's in a folder of its own
# (voici/render/fr/55/04-renege.html), their prose worded at build time and their kernel told
# the language by its working folder (languages.py).  Each page leads the browser to the page
# in the learner's language (the template: a link's ?lang=, kept in the browser, else the
# browser's languages), and the start page offers them all.
#
# Its tools live in .venv-site (apart from the app's .venv: JupyterLite pins its own), its
# download of Pyodide's npm package in .cache/site (pip keeps the wheels in its own cache).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
OUT=$(realpath -m "${1:-_site}")
PYODIDE=0.29.3   # the Pyodide jupyterlite-pyodide-kernel 0.7.0 is built for
MARKUPSAFE=3.0.3  # jinja2's, built here (see below)
VENV=${SITE_VENV:-$REPO/.venv-site}
CACHE=${SITE_CACHE:-$REPO/.cache/site}

if [ ! -x "$VENV/bin/voici" ] || [ "$HERE/requirements-build.txt" -nt "$VENV/.stamp" ]; then
    python3 -m venv "$VENV"
    "$VENV/bin/python" -m pip install -q -r "$HERE/requirements-build.txt"
    touch "$VENV/.stamp"
fi
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$CACHE/npm" "$WORK"/{pypi,kernel,app,src}

# 1. Pyodide's runtime, from its npm package (checked against the registry's hash by npm)
if [ ! -f "$CACHE/npm/package/pyodide.asm.wasm" ] || \
        ! grep -q "\"version\": \"$PYODIDE\"" "$CACHE/npm/package/package.json"; then
    rm -rf "$CACHE/npm"/*
    (cd "$CACHE/npm" && npm pack --silent "pyodide@$PYODIDE" >/dev/null \
        && tar -xzf "pyodide-$PYODIDE.tgz")
fi
# 2. the wheels Pyodide loads: PyPI's pure-Python ones, the kernel's shims, the tutor's own
"$VENV/bin/python" -m pip download -q --no-deps --only-binary=:all: --platform any \
    --python-version 3.13 --implementation py --abi none \
    -r "$HERE/requirements-pyodide.txt" -d "$WORK/pypi"
# MarkupSafe (jinja2's, for the widgets' templates) has no wheel for Pyodide on PyPI: its
# pure-Python build from its source (CC=false fails the build of its C speedups, which its
# setup.py then leaves out, as it does on any platform without a compiler)
CC=false "$VENV/bin/python" -m pip wheel -q --no-deps --no-binary markupsafe \
    "markupsafe==$MARKUPSAFE" -w "$WORK/pypi"
shims="$VENV/share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static/pypi"
cp "$shims"/{piplite,pyodide_kernel,ipykernel}-*.whl "$shims"/widgetsnbextension-4.*.whl \
    "$WORK/kernel/"
# the tutor's wheel, built from a copy (a build writes build/ and *.egg-info beside it), with
# its catalogs compiled (.mo, zipped about as small as the .po, and read without Babel's .po
# parser: languages.py catalogs); the tutor's own code, run here from that copy, does the
# steps that need it (languages.py)
cp -r "$REPO"/{pyproject.toml,README.md,tutor,tutor_server,share} "$WORK/src/"
find "$WORK/src" -name __pycache__ -prune -exec rm -rf {} +
languages() { PYTHONPATH="$WORK/src" PYTHONDONTWRITEBYTECODE=1 "$VENV/bin/python" \
    "$HERE/languages.py" "$@"; }
languages catalogs "$WORK/src"
"$VENV/bin/python" -m pip wheel -q --no-deps -w "$WORK/app" "$WORK/src"
# Babel (the catalogs' plurals, lists, the languages' names) with the locale data of the
# tutor's languages alone: 11 MB of every other language's left out
languages babel "$WORK/pypi"
# ... each compiled to bytecode by Pyodide's own Python under Node (a page then imports
# without compiling: py_compile_wheels.py)
node "$HERE/py_compile_wheels.mjs" "$CACHE/npm/package" "$WORK/pypi" "$WORK/kernel" \
    "$WORK/app" >/dev/null

# 3. the JupyterLite folder: its settings, the notebooks, the self-hosted Pyodide
LITE="$WORK/lite"
mkdir -p "$LITE"
cp "$HERE/jupyter-lite.json" "$LITE/"
cp -r "$REPO/lessons" "$LITE/content"
find "$LITE/content" -name .ipynb_checkpoints -prune -exec rm -rf {} +
languages notebooks "$LITE/content"   # each notebook again in each language's folder
"$VENV/bin/python" "$HERE/make_pyodide.py" "$CACHE/npm/package" "$WORK/pypi" "$WORK/kernel" \
    "$WORK/app" --out "$LITE/static/pyodide"

# 4. the site: every notebook a page (the tutor's template: no CDN stylesheet)
rm -rf "$OUT"
(cd "$LITE" && JUPYTER_PATH="$REPO/share/jupyter" "$VENV/bin/voici" build --contents content \
    --output-dir "$OUT" --no-sourcemaps --template tutor)
rm -rf "$OUT/build"   # JupyterLite's own lab app: the pages never load it
cp "$HERE/index.html" "$OUT/index.html"   # the start page, by a relative link (with ?lang=)
echo "make site: $(du -sh "$OUT" | cut -f1) in $OUT; open $OUT/index.html through a web server"
