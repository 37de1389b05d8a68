// Run tools/engine_workload.py in Pyodide under Node.js: the engine as the page runs it.
//
//   node tools/pyodide_engine.mjs [PACKAGE_DIR] < job.json > answer.json
//
// Loads the pinned Pyodide from node_modules (no network), copies the tablut package (and
// the package in PACKAGE_DIR, such as an older engine imported under another name) and
// the workload module into Pyodide's file system, runs workload.run(job) on the JSON job
// read from standard input and prints its JSON answer on standard output.
// tools/pyodide_engine.py drives it and compares the answer with CPython's.

import { readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { loadPyodide } = await import(join(root, "node_modules", "pyodide", "pyodide.mjs"));

function pythonFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "__pycache__" ? [] : pythonFiles(path);
    return name.endsWith(".py") ? [path] : [];
  });
}

const job = readFileSync(0, "utf8");
const pyodide = await loadPyodide({ indexURL: join(root, "node_modules", "pyodide") });
const home = "/home/pyodide";
for (const dir of [join(root, "tablut"), ...process.argv.slice(2)]) {
  for (const path of pythonFiles(dir)) {
    const target = join(home, relative(dirname(dir), path));
    pyodide.FS.mkdirTree(dirname(target));
    pyodide.FS.writeFile(target, readFileSync(path, "utf8"));
  }
}
pyodide.FS.writeFile(join(home, "engine_workload.py"),
                     readFileSync(join(root, "tools", "engine_workload.py"), "utf8"));
pyodide.globals.set("job_text", job);
// Pyodide's time.process_time is the wall clock: give the workload this process's CPU
// time instead, as CPython's process_time is.
pyodide.globals.set("cpu_seconds", () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1e6;
});
const answer = pyodide.runPython(`
import json, sys
sys.path.insert(0, "${home}")
import engine_workload
json.dumps(engine_workload.run(json.loads(job_text), cpu_seconds))
`);
process.stdout.write(answer + "\n");
