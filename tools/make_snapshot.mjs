// Make the memory snapshot the page's interpreters start from (web/interpreter.mjs).
//
//   node tools/make_snapshot.mjs PYODIDE_FOLDER OUT
//
// Starts the Pyodide in PYODIDE_FOLDER (the site's copy of the pinned npm package) the
// ordinary way, with snapshots enabled, and writes the whole memory of its freshly
// initialised interpreter, gzipped, to OUT. Nothing is imported or run first: the
// snapshot holds exactly what a bare loadPyodide leaves, so PyScript and the page set
// up the rest as they would on a fresh interpreter. The bytes differ from one run to the
// next (the interpreter's start-up draws random numbers and reads the clock); any two
// snapshots of the same Pyodide serve alike. tools/build_site.py runs this.

import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const [folder, out] = process.argv.slice(2);
if (!folder || !out) {
  console.error("usage: node tools/make_snapshot.mjs PYODIDE_FOLDER OUT");
  process.exit(2);
}
// Pyodide under Node.js takes its folder as a path, and is imported by URL.
const indexURL = resolve(folder) + "/";
const { loadPyodide } = await import(pathToFileURL(indexURL + "pyodide.mjs").href);
// The program's name as a page's interpreter has it (sys.executable), not this script's
// path on the machine that builds the site.
const pyodide = await loadPyodide({ indexURL, _makeSnapshot: true, _sysExecutable: "./this.program" });
// Every start puts the working directory first on sys.path, the snapshot's start included:
// taken out here, so that a restored interpreter has it once, as a fresh one does.
pyodide.runPython("import sys\nsys.path.remove('')");
writeFileSync(out, gzipSync(pyodide.makeMemorySnapshot(), { level: 9 }));
