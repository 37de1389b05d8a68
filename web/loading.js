// Loading screen: progress while PyScript starts Pyodide, and a clear message when it
// cannot. A classic script in <head>, so its listeners exist before PyScript's module
// runs. Python (web/main.py) hides the screen once the board is drawn.
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
  var started = Date.now();
  var failed = false;

  function element(id) {
    return document.getElementById(id);
  }

  function say(text) {
    var message = element("loading-message");
    if (message) message.textContent = text;
  }

  // The screen is up until Python has drawn the board and hidden it.
  function loading() {
    var screen = element("loading");
    return !screen || !screen.hidden;
  }

  // Shown instead of the progress; also called from Python when the game cannot start.
  function fail(text) {
    if (failed || !loading()) return;
    failed = true;
    var screen = element("loading");
    if (screen) screen.classList.add("failed");
    var bar = element("loading-progress");
    if (bar) bar.hidden = true;
    say(text + " Reload the page to try again.");
  }
  window.tablutLoadFailed = fail;

  if (typeof WebAssembly !== "object" || typeof WebAssembly.instantiate !== "function") {
    document.addEventListener("DOMContentLoaded", function () {
      fail("This browser cannot run the game: it lacks WebAssembly. " +
           "Please use a current version of Firefox, Chrome, Edge or Safari.");
    });
    return;
  }

  addEventListener("py:progress", function (event) {
    if (failed) return;
    var detail = String(event.detail || "");
    var bar = element("loading-progress");
    if (bar && detail in STEPS) bar.value = Math.max(bar.value, STEPS[detail]);
    // Only the main thread's steps arrive here; the AI worker loads on its own.
    say(detail + "…");
  });

  // Before the game is up, any uncaught error means it will not come up.
  addEventListener("error", function (event) {
    if (loading()) fail("The game could not start (" + (event.message || "error") + ").");
  });
  addEventListener("unhandledrejection", function (event) {
    var reason = event.reason && (event.reason.message || event.reason);
    if (loading()) fail("The game could not start (" + (reason || "error") + ").");
  });

  // A slow network or device is not a failure, but say that it is still working.
  var timer = setInterval(function () {
    if (failed || !loading()) return clearInterval(timer);
    var seconds = Math.round((Date.now() - started) / 1000);
    var note = element("loading-time");
    if (note) note.textContent = seconds >= 5 ? seconds + " s" : "";
  }, 1000);
})();
