// Runs py_compile_wheels.py in Pyodide, under Node: the wheels' bytecode made by the very
// Python the learner's browser runs (see that file).
//
//   node py_compile_wheels.mjs PYODIDE_DIR WHEEL_DIR...
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [pyodideDir, ...folders] = process.argv.slice(2);
if (!pyodideDir || folders.length === 0) {
  console.error("usage: node py_compile_wheels.mjs PYODIDE_DIR WHEEL_DIR...");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(join(resolve(pyodideDir), "pyodide.mjs")));
const py = await loadPyodide({ indexURL: resolve(pyodideDir) + "/" });
const mounts = folders.map((folder, i) => {
  const at = `/wheels/${i}`;
  py.FS.mkdirTree(at);
  py.FS.mount(py.FS.filesystems.NODEFS, { root: resolve(folder) }, at);
  return at;
});
const here = dirname(fileURLToPath(import.meta.url));
py.FS.writeFile("/py_compile_wheels.py", readFileSync(join(here, "py_compile_wheels.py")));
py.globals.set("folders", py.toPy(mounts));
try {
  py.runPython(`
import runpy, sys
sys.argv = ["py_compile_wheels.py", *folders]
runpy.run_path("/py_compile_wheels.py", run_name="__main__")
`);
} catch (err) {
  console.error(String(err.message || err).trim().split("\n").slice(-3).join("\n"));
  process.exit(1);
}
