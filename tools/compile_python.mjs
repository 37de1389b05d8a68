// Compile the site's Python modules to byte code with the pinned Pyodide's own
// interpreter, so that the page imports them without compiling them at every start.
//
//   node tools/compile_python.mjs < sources.json > compiled.json
//
// Reads {"path/of/module.py": "source text", ...} on standard input and prints
// {"path/of/__pycache__/module.<tag>.pyc": "<base64 bytes>", ...}: for each module the
// file that Pyodide's import system looks for beside it (importlib.util.cache_from_source),
// made by the same Python version that will read it. The files are "unchecked hash"
// byte code: the interpreter never compares them with the source, which is right for
// an archive whose modules and byte code are built together and never edited apart.
// tools/build_site.py runs this and puts the files in the archives.

import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { loadPyodide } = await import(join(root, "node_modules", "pyodide", "pyodide.mjs"));

const pyodide = await loadPyodide({ indexURL: join(root, "node_modules", "pyodide") });
// Read as a stream: a synchronous read of a large piped standard input can fail (EAGAIN).
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
pyodide.globals.set("sources_json", Buffer.concat(chunks).toString("utf8"));
const compiled = pyodide.runPython(`
import base64, importlib.util, json
from importlib._bootstrap_external import _code_to_hash_pyc

def compiled(path, text):
    data = text.encode("utf-8")
    code = compile(data, path, "exec", dont_inherit=True)
    pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
    return importlib.util.cache_from_source(path), base64.b64encode(pyc).decode("ascii")

json.dumps(dict(compiled(path, text) for path, text in json.loads(sources_json).items()))
`);
process.stdout.write(compiled + "\n");
