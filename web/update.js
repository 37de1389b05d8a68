// Updates: a new version of the site never breaks a page that is open, and is offered.
//
// A classic script in <head>, before start.js, which calls tablutUpdates.start() before
// it starts the page's Python. A page served by the service worker (sw.js) belongs to
// that worker's version, and a new version deployed meanwhile installs beside it and
// waits (see sw.js), so the page keeps its own files:
//
// - a page that is only loading (the game not shown yet) when a new version waits,
//   whether it was already waiting (a reload, a new visit) or arrives during the load,
//   moves to it at once: it asks the waiting worker to take over and reloads;
// - a page whose game is shown is never reloaded by itself, not in the middle of a
//   game: it says "A new version is ready" with a Reload button (in #update-notice, a
//   polite live region beside the page's notices), and only that button moves it on.
//   The same notice appears when another page of the site moved on to the new version;
//   this page keeps its own version's files meanwhile, which the worker still keeps.
//
// The browser looks for a new sw.js when a page of the site is loaded; an open page also
// asks every hour and when it is shown again after being hidden for a while.
(function () {
  "use strict";

  var NOTICE = "update-notice";
  // How long a loading page waits for the new version to take over before it starts as
  // it is (it then offers the new version like a page whose game is shown).
  var SWITCH_TIMEOUT_MS = 4000;
  // How often an open page asks whether a new version was deployed, and how long since
  // the last time it asks when it is shown again.
  var CHECK_EVERY_MS = 60 * 60 * 1000;
  var CHECK_ON_SHOW_AFTER_MS = 10 * 60 * 1000;

  var registration = null;
  var lastCheck = Date.now();
  // What to do when the new version takes control of this page: set when this page
  // asked for it (a loading page, or the Reload button); else the notice is shown.
  var onControl = null;
  // Reloads the page so that the reload is taken for the navigation before it (start.js).
  var reloadAsBefore = function () { location.reload(); };
  var switchTried = false;

  function shown() {
    return !!document.body && document.body.dataset.ready === "true";
  }

  // -- the notice -----------------------------------------------------------------------

  function showNotice() {
    var area = document.getElementById(NOTICE);
    if (!area || area.firstChild) return;
    var text = document.createElement("span");
    text.className = "notice-text";
    text.textContent = "A new version is ready.";
    var button = document.createElement("button");
    button.type = "button";
    button.textContent = "Reload";
    button.addEventListener("click", reloadNow);
    area.appendChild(text);
    area.appendChild(button);
  }

  // Shows the notice now, or once the game is shown.
  function noticeWhenShown() {
    if (shown()) return showNotice();
    new MutationObserver(function (records, observer) {
      if (!shown()) return;
      observer.disconnect();
      showNotice();
    }).observe(document.documentElement,
               { subtree: true, attributes: true, attributeFilter: ["data-ready"] });
  }

  // The Reload button: the waiting version takes over, then the page reloads into it;
  // a plain reload when it has taken over already (another page moved it on) or when
  // it does not answer in time (the page loaded then moves to it at once).
  function reloadNow() {
    var waiting = registration && registration.waiting;
    if (!waiting) return location.reload();
    onControl = function () { location.reload(); };
    waiting.postMessage("skip-waiting");
    setTimeout(function () { location.reload(); }, SWITCH_TIMEOUT_MS);
  }

  // -- a new version ------------------------------------------------------------------

  // A loading page moves to the version waiting: it asks it to take over, and reloads
  // once it has; otherwise() if it does not in time.
  function switchNow(waiting, otherwise) {
    switchTried = true;
    var timer = setTimeout(function () {
      onControl = null;
      otherwise();
    }, SWITCH_TIMEOUT_MS);
    onControl = function () {
      clearTimeout(timer);
      reloadAsBefore();
    };
    waiting.postMessage("skip-waiting");
  }

  // A new version waits, or has taken control of the page without being asked.
  function offer() {
    var waiting = registration && registration.waiting;
    if (!shown() && waiting && !switchTried) switchNow(waiting, noticeWhenShown);
    else noticeWhenShown();
  }

  function follow(worker) {
    worker.addEventListener("statechange", function () {
      if (worker.state === "installed") offer();
    });
  }

  function check() {
    lastCheck = Date.now();
    if (registration) registration.update().catch(function () {}); // offline: next time
  }

  function watch() {
    navigator.serviceWorker.addEventListener("controllerchange", function () {
      var then = onControl;
      onControl = null;
      if (then) then();
      else noticeWhenShown();
    });
    registration.addEventListener("updatefound", function () {
      if (registration.installing) follow(registration.installing);
    });
    if (registration.installing) follow(registration.installing);
    setInterval(check, CHECK_EVERY_MS);
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible" &&
          Date.now() - lastCheck > CHECK_ON_SHOW_AFTER_MS) check();
    });
  }

  // Calls run() to start the page, unless a new version waits: then the page, which is
  // only loading, moves to it first (reload(): a reload taken for the navigation before
  // it). A page not served by the service worker has no version to leave.
  function start(run, reload) {
    var worker = navigator.serviceWorker;
    if (!worker || !worker.controller) return run();
    if (reload) reloadAsBefore = reload;
    worker.getRegistration().then(function (found) {
      if (!found) return run();
      registration = found;
      watch();
      if (!found.waiting) return run();
      switchNow(found.waiting, function () {
        run();
        noticeWhenShown();
      });
    }, run);
  }

  window.tablutUpdates = { start: start };
})();
