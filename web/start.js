// Start-up: where the page's Python runs, and the computer player's worker.
//
// A classic script in <head>, after loading.js. It decides, before anything heavy is
// fetched, where the game's Python runs:
//
// - "worker" when the page is cross-origin isolated (served through sw.js, which adds
//   the COOP/COEP headers): web/main.py runs in a web worker of its own and reaches the
//   DOM through SharedArrayBuffer and Atomics (PyScript's `worker` scripts), so starting
//   Pyodide never blocks the main thread and the loading screen keeps moving;
// - on a first visit, not isolated yet: it registers sw.js and reloads the page once,
//   as soon as the service worker is active, so that the page comes through it;
// - "main" where that cannot work (no service worker: a private window in some
//   browsers, a file:// page; or the reload did not bring isolation): web/main.py runs
//   on the main thread as a plain PyScript script. The game is the same; only the
//   start-up blocks the page for a few seconds, and a search is stopped by restarting
//   the computer's worker instead of interrupting it.
//
// It also holds the computer player (web/ai_worker.py in a worker of its own) and is
// the one road to it: `window.tablutAI` (see makeComputer), used by
// web/computer/client.py whichever thread that runs in.
// `document.documentElement.dataset.python` says which way the page started, and
// `window.tablutNavigation` how the person came (performance's navigation type: the
// first visit's reload, and a loading page's move to a new version, count as the
// navigation before them).
//
// The build (tools/build_site.py) rewrites the names of the scripts, the configs and
// the interpreter below to their content-addressed ones (web/main-<hash>.py ...), so
// that a page never fetches a file of another version of the site.
(function () {
  "use strict";

  var CORE = "./pyscript/core.js";
  var MAIN = "./web/main.py";
  var CONFIG = "./pyscript.toml";
  var AI = "./web/ai_worker.py";
  var AI_CONFIG = "./pyscript-ai.toml";
  // The interpreter, as pyscript.toml names it: PyWorker reads no config for it.
  var INTERPRETER = "./interpreter.mjs";
  // sessionStorage: set just before the reload that should bring isolation (to the
  // navigation's type), so that a browser whose service worker does not isolate the
  // page is reloaded only once, and so that the reload is not taken for the person's;
  // set likewise before a loading page reloads into a new version.
  var RELOADED = "tablut.isolation-reload";
  // What a stopped call answers: web/ai_worker.py's STOPPED, the same text.
  var STOPPED = "tablut:stopped";
  // How long the first visit waits for the service worker before starting without it.
  var REGISTER_TIMEOUT_MS = 4000;

  function here(path) {
    return new URL(path, document.baseURI).href;
  }

  function session(action) {
    try {
      return action(window.sessionStorage);
    } catch (error) {
      return null; // storage disabled: no reload, so never a loop of them
    }
  }

  // -- the computer player ----------------------------------------------------------

  // The computer's worker, and the only way to it: each call of an exported function
  // of web/ai_worker.py goes through call(); stop() stops every call made before it.
  // A call not yet sent (the worker still starting) is simply not sent. For a call sent:
  // with isolation, a SharedArrayBuffer shared with the worker holds [0] Pyodide's
  // interrupt signal (2, SIGINT: KeyboardInterrupt inside the running search) and [1]
  // the number ("ticket") of the last call stopped, so that a call queued behind the
  // running one answers at once; without isolation the worker is terminated and
  // started anew. Either way a stopped call answers STOPPED.
  // The performance marks "tablut:stop" and "tablut:stopped" (the first stopped answer)
  // time a stop for tests/e2e/measure_stop.py.
  function makeComputer(isolated) {
    var core = import(here(CORE));
    var worker = null;
    var ticket = 0;
    var pending = new Map(); // ticket -> {resolve, sent}, for every call not answered
    var stops = isolated ? new Int32Array(new SharedArrayBuffer(8)) : null;

    function launch() {
      worker = core.then(function (module) {
        return module.PyWorker(here(AI), { config: here(AI_CONFIG), version: here(INTERPRETER) });
      }).then(function (started) {
        if (!stops) return started;
        return started.sync.set_stops(stops).then(function () { return started; });
      });
      worker.then(function () {
        performance.mark("tablut:ai-started");
      }, function () {});
      return worker;
    }

    function settle(number, value) {
      var call = pending.get(number);
      if (!call) return; // answered already (stopped)
      pending.delete(number);
      if (value === STOPPED) performance.mark("tablut:stopped");
      call.resolve(value);
    }

    function call(name) {
      var args = Array.prototype.slice.call(arguments, 1);
      if (!worker) launch();
      ticket += 1;
      var number = ticket;
      return new Promise(function (resolve, reject) {
        pending.set(number, { resolve: resolve, sent: false });
        worker.then(function (started) {
          var entry = pending.get(number);
          if (!entry) return STOPPED; // stopped before it was sent
          entry.sent = true;
          return started.sync[name].apply(null, [number].concat(args));
        }).then(function (value) { settle(number, value); }, function (error) {
          // Interrupted before the worker's own code could catch it.
          if (/KeyboardInterrupt/.test(String(error))) return settle(number, STOPPED);
          if (pending.delete(number)) reject(error);
        });
      });
    }

    function stop() {
      if (!pending.size) return false;
      performance.mark("tablut:stop");
      var sent = false;
      pending.forEach(function (entry, number) {
        if (entry.sent) sent = true;
        else settle(number, STOPPED);
      });
      if (!sent) return true;
      if (stops) {
        Atomics.store(stops, 1, ticket);
        Atomics.store(stops, 0, 2);
        return true;
      }
      var old = worker;
      worker = null;
      old.then(function (started) { started.terminate(); }, function () {});
      pending.forEach(function (entry, number) { settle(number, STOPPED); });
      launch();
      return true;
    }

    return {
      start: function () { if (!worker) launch(); },
      call: call,
      stop: stop,
    };
  }

  // -- the page's Python ------------------------------------------------------------

  function startPython(mode) {
    document.documentElement.dataset.python = mode;
    // The computer's worker is started by web/main.py once the board is drawn: two
    // interpreters starting at once, even in two workers, delay the board by seconds
    // on a busy two-core machine (tests/e2e/measure_startup.py), and the computer is
    // not up much sooner for it.
    window.tablutAI = makeComputer(mode === "worker");
    var script = document.createElement("script");
    script.type = "py";
    script.src = MAIN;
    script.setAttribute("config", CONFIG);
    if (mode === "worker") script.setAttribute("worker", "");
    document.head.appendChild(script);
    import(here(CORE));
  }

  // -- offline play -----------------------------------------------------------------

  // Once the game is up and the computer has answered, the service worker fetches the
  // rest of the site into its cache; `data-offline` becomes "ready" when it is all there.
  function precacheWhenUp() {
    if (!("serviceWorker" in navigator)) return;
    navigator.serviceWorker.addEventListener("message", function (event) {
      var data = event.data || {};
      if (!data.offline) return;
      document.body.dataset.offline = data.offline;
      if (data.offline !== "ready") {
        console.warn("Tablut: offline play is unavailable:", data.error);
      }
    });
    new MutationObserver(function (records, observer) {
      var body = document.body;
      if (body.dataset.ready !== "true" || body.dataset.ai === undefined) return;
      observer.disconnect();
      navigator.serviceWorker.register("./sw.js").then(function () {
        return navigator.serviceWorker.ready;
      }).then(function (registration) {
        registration.active.postMessage("precache");
      }).catch(function (error) {
        console.warn("Tablut: offline play is unavailable:", error);
      });
    }).observe(document.documentElement,
               { subtree: true, attributes: true, attributeFilter: ["data-ready", "data-ai"] });
  }

  // -- which way -----------------------------------------------------------------------

  // Registers sw.js and reloads once it is active; starts on the main thread if it fails.
  function reloadThroughServiceWorker() {
    var settled = false;
    function fallBack(error) {
      if (settled) return;
      settled = true;
      session(function (store) { store.removeItem(RELOADED); });
      if (error) console.warn("Tablut: starting without a service worker:", error);
      startPython("main");
    }
    var timer = setTimeout(function () { fallBack("it took too long to start"); },
                           REGISTER_TIMEOUT_MS);
    navigator.serviceWorker.register("./sw.js").then(function () {
      return navigator.serviceWorker.ready;
    }).then(function () {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // Once this document has loaded, so that no download of it is cut short.
      if (document.readyState === "complete") location.reload();
      else addEventListener("load", function () { location.reload(); });
    }, fallBack);
    // This document is only a step: the browser need not fetch its icon (after the
    // load, which the reload would cut short); the reloaded page shows it.
    document.querySelectorAll("link[rel~='icon']").forEach(function (link) {
      link.href = "data:,";
    });
  }

  function navigationType() {
    var entry = performance.getEntriesByType("navigation")[0];
    return entry ? entry.type : "navigate";
  }

  // A reload that counts as the navigation before it, as the first visit's does: the
  // one that moves a page still loading to a new version of the site.
  function reloadAsBefore() {
    session(function (store) { store.setItem(RELOADED, window.tablutNavigation); });
    location.reload();
  }

  // Starts the page's Python, and watches for a new version of the site (web/update.js
  // offers it once the game is shown, and moves a page still loading to it).
  function startWatching(mode) {
    if (window.tablutUpdates) window.tablutUpdates.watch(reloadAsBefore);
    startPython(mode);
  }

  // A page being left for the page of the player's language starts nothing.
  if (window.tablutPaint && window.tablutPaint.moving) return;
  var before = session(function (store) { return store.getItem(RELOADED); });
  window.tablutNavigation = before || navigationType();
  precacheWhenUp();
  if (window.crossOriginIsolated === true) {
    session(function (store) { store.removeItem(RELOADED); });
    startWatching("worker");
  } else if ("serviceWorker" in navigator && window.isSecureContext && before === null &&
             session(function (store) { store.setItem(RELOADED, navigationType()); return true; })) {
    reloadThroughServiceWorker();
  } else {
    session(function (store) { store.removeItem(RELOADED); });
    startWatching("main");
  }
})();
