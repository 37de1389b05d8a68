// Loading screen: progress while PyScript starts Pyodide, and a clear message when it
// cannot. A classic script in <head>, so its listeners exist before PyScript's module
// runs. Python (web/main.py) hides the screen once the board is drawn. When the game was
// painted before Python (web/paint.js), the screen is hidden from the start, and comes
// back, in the painted game's place, only to say that the game could not start.
(function () {
  "use strict";

  // PyScript announces its start-up steps as `py:progress` events; where each step ends
  // up on the bar. Compiling and starting the interpreter is most of the wait.
  var STEPS = {
    "Loading Pyodide": 5,
    "Loading Storage": 8,
    "Loaded Storage": 10,
    "Loading interpreter": 15,
    "Loaded interpreter": 80,
    "Loading files": 85,
    "Loaded files": 90,
    "Loaded Pyodide": 95
  };
  // The files without which the game cannot start: the runtime, its config, the Python
  // (the interpreter's folder is pyodide-<hash>, and the module that starts it
  // interpreter-<hash>.mjs, see tools/build_site.py). Not the interpreter's snapshot:
  // without it the interpreter starts the slower way (web/interpreter.mjs).
  var RUNTIME =
    /\/(pyodide(-[0-9a-f]+)?|pyscript|python)\/[^/]+$|\/interpreter(-[0-9a-f]+)?\.mjs$|\.(py|toml)$/;
  var started = Date.now();
  var failed = false;

  function element(id) {
    return document.getElementById(id);
  }

  // The words of the page's scripts in the page's language: the page's
  // <template id="script-words">, translated with the rest of the page at build time
  // (tools/catalogues.py), holds one element a message, its key in data-word; {name}s
  // in it are filled in from ``values``. Before the template is parsed, or for a key it
  // lacks, the key itself.
  function word(key, values) {
    var words = element("script-words");
    var found = words && words.content.querySelector('[data-word="' + key + '"]');
    var text = found ? found.textContent.replace(/\s+/g, " ").trim() : key;
    return text.replace(/\{(\w+)\}/g, function (whole, name) {
      return values && name in values ? String(values[name]) : whole;
    });
  }
  window.tablutWord = word;

  function say(text) {
    var message = element("loading-message");
    if (message) message.textContent = text;
  }

  // Starting until Python has drawn the board and said so; the screen may be hidden
  // meanwhile behind a painted game.
  function loading() {
    return !document.body || document.body.dataset.ready !== "true";
  }

  // Shown instead of the progress; also called from Python when the game cannot start.
  function fail(text) {
    if (failed || !loading()) return;
    failed = true;
    var screen = element("loading");
    if (screen) {
      screen.classList.add("failed");
      screen.hidden = false;
    }
    ["game", "painted-game"].forEach(function (id) {
      var game = element(id);
      if (game) game.hidden = true;
    });
    var bar = element("loading-progress");
    if (bar) bar.hidden = true;
    var note = element("loading-time");
    if (note) note.textContent = "";
    say(text + " " + word("try-again"));
  }
  window.tablutLoadFailed = fail;

  if (typeof WebAssembly !== "object" || typeof WebAssembly.instantiate !== "function") {
    document.addEventListener("DOMContentLoaded", function () {
      fail(word("no-webassembly"));
    });
    return;
  }

  addEventListener("py:progress", function (event) {
    if (failed) return;
    var detail = String(event.detail || "");
    var bar = element("loading-progress");
    if (bar && detail in STEPS) bar.value = Math.max(bar.value, STEPS[detail]);
    // Only the main thread's steps arrive here; the AI worker loads on its own.
    say(detail in STEPS ? word(detail) : detail + "…");
  });

  // Before the game is up, any uncaught error means it will not come up.
  addEventListener("error", function (event) {
    if (loading()) fail(word("failed", { error: event.message || word("error") }));
  });
  addEventListener("unhandledrejection", function (event) {
    var reason = event.reason && (event.reason.message || event.reason);
    if (loading()) fail(word("failed", { error: reason || word("error") }));
  });

  // An uncaught Python error raises no JavaScript error event: PyScript logs it and adds
  // a .py-error banner to the end of the body, below this screen. Say it here instead.
  document.addEventListener("DOMContentLoaded", function () {
    new MutationObserver(function (records, observer) {
      if (!loading()) return observer.disconnect();
      records.forEach(function (record) {
        record.addedNodes.forEach(function (node) {
          if (node.classList && node.classList.contains("py-error")) {
            var lines = node.textContent.trim().split("\n");
            fail(word("failed", { error: lines[lines.length - 1] }));
          }
        });
      });
    }).observe(document.body, { childList: true });
  });

  // A runtime file that fails to download does not always raise: Pyodide waits forever
  // when its .wasm is missing. The resource timeline knows the status of every response
  // (Chromium; elsewhere responseStatus is undefined and this stays silent).
  if (typeof PerformanceObserver === "function") {
    try {
      new PerformanceObserver(function (list) {
        list.getEntries().forEach(function (entry) {
          var url = entry.name.split("?")[0];
          if (entry.responseStatus >= 400 && RUNTIME.test(url)) {
            var file = url.split("/").pop();
            fail(word("not-downloaded-status", { file: file, status: entry.responseStatus }));
          }
        });
      }).observe({ type: "resource", buffered: true });
    } catch (error) {
      // An old browser without the resource timeline: the other checks still apply.
    }
  }

  // With the game's Python in a worker, the runtime is downloaded by workers, whose
  // downloads the page's timeline does not see: the service worker (sw.js), which makes
  // every download of the site, reports those that failed.
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.addEventListener("message", function (event) {
      var data = event.data || {};
      if (!data.failed) return;
      var url = String(data.failed).split("?")[0];
      if (RUNTIME.test(url)) {
        var file = url.split("/").pop();
        fail(data.status ? word("not-downloaded-status", { file: file, status: data.status })
          : word("not-downloaded", { file: file }));
      }
    });
  }

  // A slow network or device is not a failure, but say that it is still working.
  var timer = setInterval(function () {
    if (failed || !loading()) return clearInterval(timer);
    var seconds = Math.round((Date.now() - started) / 1000);
    var note = element("loading-time");
    if (!note) return;
    note.textContent = seconds < 5 ? "" : seconds < 40 ? seconds + " s" :
      seconds + " s: this is taking longer than usual. A slow connection? It downloads " +
      "several megabytes the first time.";
  }, 1000);
})();
