// Runs notebooks in the static site's own kernel under Node, as a learner's browser runs them:
// the site's Pyodide (runtime, lock file, wheels), the kernel's preloaded packages and
// pyodide_kernel's own kernel, each cell's imports loaded from the site (Pyodide's
// loadPackagesFromImports) and run by that kernel, comm messages and displays recorded where
// the page would receive them.  One Pyodide for all the notebooks, the kernel reset between
// them; one JSON line a notebook on stdout (what it showed, the widgets it made, the words its
// widgets say, its errors) for test_site.py.
//
// The working folder plays the kernel's drive: each notebook runs in its folder on /drive, as
// under JupyterLite (fr/55/04-renege.ipynb in /drive/fr/55: a page's language is its folder's,
// read when tutor.ui is first imported, so the notebooks of one run are of one language).
//
//   node pyodide_notebooks.mjs SITE_DIR NOTEBOOK...
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [site, ...notebooks] = process.argv.slice(2);
if (!site || notebooks.length === 0) {
  console.error("usage: node pyodide_notebooks.mjs SITE_DIR NOTEBOOK...");
  process.exit(2);
}
const config = JSON.parse(readFileSync(join(site, "jupyter-lite.json")))["jupyter-config-data"];
const kernelSettings = config.litePluginSettings["@jupyterlite/pyodide-kernel-extension:kernel"];
const dir = resolve(site, "static", "pyodide") + "/";
const { loadPyodide } = await import(pathToFileURL(join(dir, "pyodide.mjs")));
const quiet = { messageCallback: () => {}, errorCallback: (m) => console.error(m) };
const py = await loadPyodide({ indexURL: dir, stdout: (s) => console.error(s) });
await py.loadPackage(kernelSettings.loadPyodideOptions.packages, quiet);
await py.runPythonAsync(`
import logging

import pyodide_kernel
from ipywidgets.widgets import widget as _widget

_kernel = pyodide_kernel.kernel_instance
_shell = _kernel.interpreter
_seen = {"comms": [], "shown": [], "streams": []}


def _comm(msg_type, content, metadata=None, ident=None, buffers=None):
    _seen["comms"].append((msg_type, content))


def _words(value):
    """The strings of a widget's state (its traits but the private ones: _esm's script...)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            if not str(key).startswith("_"):
                yield from _words(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _words(item)


def _display(data, metadata=None, transient=None):
    _seen["shown"].append(sorted(data))


def _result(count, data, metadata=None):
    _seen["shown"].append(sorted(data))


def _stream(name, text):
    _seen["streams"].append((name, text))


_shell.send_comm = _comm
_shell.display_pub.display_data_callback = _display
_shell.displayhook.publish_execution_result = _result
pyodide_kernel.stdout_stream.publish_stream_callback = _stream
pyodide_kernel.stderr_stream.publish_stream_callback = _stream


class _Records(logging.Handler):
    def __init__(self):
        super().__init__(logging.WARNING)
        self.seen = []

    def emit(self, record):
        self.seen.append(f"{record.levelname} {record.name}: {record.getMessage()}")


_records = _Records()
logging.getLogger().addHandler(_records)


def _start(folder):
    import os

    os.makedirs(folder, exist_ok=True)
    os.chdir(folder)
    _shell.reset(new_session=False)
    for seen in _seen.values():
        seen.clear()
    _records.seen.clear()
    global _before
    _before = set(_widget._instances)


def _report():
    made = [w for key, w in _widget._instances.items() if key not in _before]
    opened = [c for t, c in _seen["comms"] if t == "comm_open"]
    return {
        # each class of widget made, with the front-end view that draws it in the page
        "widgets": {f"{type(w).__module__}.{type(w).__qualname__}":
                    f"{w._view_module}.{w._view_name}" for w in made},
        "opened": len(opened),
        "text": chr(10).join(w for c in _seen["comms"] for w in _words(
            (c[1].get("data") or {}).get("state") or {})),
        "shown": _seen["shown"],
        "stderr": "".join(text for name, text in _seen["streams"] if name == "stderr"),
        "logged": list(_records.seen),
    }
`);
const kernel = py.globals.get("_kernel");
for (const notebook of notebooks) {
  const cells = JSON.parse(readFileSync(notebook)).cells
    .filter((c) => c.cell_type === "code").map((c) => [].concat(c.source).join(""));
  const started = performance.now();
  const result = { notebook, errors: [] };
  py.globals.get("_start")(join("/drive", dirname(notebook)));
  for (const [i, cell] of cells.entries()) {
    try {
      await py.loadPackagesFromImports(cell, quiet);
      const outcome = (await kernel.run(cell)).toJs({ dict_converter: Object.fromEntries });
      if (outcome.status !== "ok") {
        result.errors.push(`cell ${i + 1}: ${outcome.ename}: ${outcome.evalue}\n` +
                           (outcome.traceback || []).slice(-6).join("\n"));
      }
    } catch (err) {
      result.errors.push(`cell ${i + 1}: ${String(err.message || err).trim().slice(-2000)}`);
    }
  }
  Object.assign(result, py.runPython("_report()").toJs({ dict_converter: Object.fromEntries }));
  result.seconds = (performance.now() - started) / 1000;
  console.log(JSON.stringify(result));
}
