// The interpreter of the page's Python and of the computer's: Pyodide, started from a
// memory snapshot of its freshly initialised interpreter instead of initialising it.
//
// PyScript loads the module that its config names as `interpreter` (and PyWorker the
// one named as `version`) and calls its `loadPyodide`; this module stands in for
// Pyodide's own pyodide.mjs. tools/build_site.py writes it to the site's root as
// interpreter-<hash>.mjs, with the names below rewritten to the site's content-addressed
// ones, and makes the snapshot beside it, interpreter-<hash>.snapshot
// (tools/make_snapshot.mjs): the whole memory of the pinned Pyodide just after its
// start-up, gzipped. Restoring that memory skips the interpreter's own start-up, which is
// most of what a bare loadPyodide costs (in Chromium, on this project's machine, about
// 0.75 s instead of 2.5 s from a cold cache). The snapshot is not in Pyodide's folder:
// each build makes a new one, and that folder's name, and the copies browsers keep of it,
// stay the same while the pinned Pyodide does.
//
// The snapshot is 6 MB more to download on a first visit (later ones find it kept by the
// service worker), and on a slow link that costs more than it saves: measured over a
// throttled link (three runs), a first visit's board came 0.8-1.2 s later at 20 Mbit/s,
// 0.4-0.8 s sooner at 50 and 1.1-1.8 s sooner at 200. So on a connection that the
// browser rates slower than 4G, or where the person asked it to save data, a snapshot
// not kept yet is not fetched.
//
// When the snapshot cannot be had (a failed request, a browser without
// DecompressionStream, a file that is not this Pyodide's), the interpreter starts the
// ordinary way: slower, never broken. `globalThis.tablutInterpreter` (in the thread that
// started it: the page's worker, the computer's, or the page itself without isolation)
// is `{startedFrom, pyodide}`: which way it started, "snapshot" or "fresh", and the
// interpreter, for a developer's console and the end-to-end tests.

import { loadPyodide as loadPyodideFresh, version } from "./pyodide/pyodide.mjs";

export { version };

// Relative to this module, which the build puts at the site's root.
const PYODIDE_FOLDER = new URL("./pyodide/", import.meta.url).href;
const SNAPSHOT = new URL("./interpreter.snapshot", import.meta.url).href;

// The snapshot's bytes, unzipped. The build stores it gzipped (a sixth of its size)
// under a name no server would serve with a Content-Encoding; if one unzipped it on the
// way anyway, the bytes lack gzip's magic number and are used as they come.
async function snapshotBytes() {
  const response = await fetch(SNAPSHOT);
  if (!response.ok) throw new Error(`${SNAPSHOT}: HTTP ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  const unzipped = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(unzipped).arrayBuffer());
}

// What the snapshot froze that a fresh interpreter would take from this page: the random
// module's generator, drawn anew (str hashes keep the snapshot's secret, which only makes
// them the same everywhere), and the language of LANG, as Emscripten sets it from the
// browser's languages (the snapshot has the build machine's "C").
// (Called through proxies, so that __main__ gets no names a fresh one lacks.)
function refresh(pyodide) {
  const random = pyodide.pyimport("random");
  random.seed();
  random.destroy();
  const language = (globalThis.navigator?.languages?.[0] || "C").replace("-", "_");
  const os = pyodide.pyimport("os");
  const environ = os.environ;
  environ.set("LANG", `${language}.UTF-8`);
  environ.destroy();
  os.destroy();
}

// Effective connection types (the Network Information API's) slower than 4G.
const SLOW_CONNECTIONS = new Set(["slow-2g", "2g", "3g"]);

// Whether to fetch the snapshot: unless the link is slow or metered and the snapshot is
// not in a cache of the site's yet. Browsers without the API (Firefox, Safari) say
// nothing of the link, and get it.
async function snapshotWorthFetching() {
  const connection = globalThis.navigator?.connection;
  if (!connection || !(connection.saveData || SLOW_CONNECTIONS.has(connection.effectiveType))) {
    return true;
  }
  try {
    return Boolean(await caches.match(SNAPSHOT));
  } catch (error) {
    return false; // no Cache Storage here (an insecure page): nothing is kept
  }
}

/**
 * Pyodide's loadPyodide, from the snapshot when it can be: same options, same result.
 * @param {object} options loadPyodide's options (PyScript passes stdout, stderr and an
 *     indexURL, which is replaced by the interpreter's real folder).
 */
export async function loadPyodide(options = {}) {
  const settings = { ...options, indexURL: PYODIDE_FOLDER };
  if (await snapshotWorthFetching()) {
    // Fetched while Pyodide fetches its WebAssembly and its standard library.
    const snapshot = snapshotBytes();
    snapshot.catch(() => {}); // handled below, where Pyodide awaits it: not "unhandled"
    try {
      const pyodide = await loadPyodideFresh({ ...settings, _loadSnapshot: snapshot });
      refresh(pyodide);
      return started("snapshot", pyodide);
    } catch (error) {
      console.warn("Tablut: starting the interpreter without its snapshot:", error);
    }
  }
  return started("fresh", await loadPyodideFresh(settings));
}

function started(startedFrom, pyodide) {
  globalThis.tablutInterpreter = { startedFrom, pyodide };
  return pyodide;
}
