// Updates: a new version of the site is offered to a page that is open, never forced.
//
// A classic script in <head>, before start.js, which calls tablutUpdates.watch() for a
// page served by the service worker (sw.js). A new version deployed while the page is
// open is fetched whole by the worker and then takes over (see sw.js): the next load
// is the new version, while this page keeps getting its own version's files. So:
//
// - a page whose game is shown is never reloaded by itself, not in the middle of a
//   game: it says "A new version is ready" with a Reload button (in #update-notice, a
//   polite live region beside the page's notices), and only that button moves it on;
// - a page that is only loading when the new version takes over (the game not shown
//   yet) moves to it at once, with a reload that counts as the navigation before it.
//
// The browser looks for a new sw.js when a page of the site is loaded; an open page also
// asks every hour, and when it is shown again after a while hidden.
(function () {
  "use strict";

  var NOTICE = "update-notice";
  // How often an open page asks whether a new version was deployed, and how long after
  // the last time it asks again when it is shown again.
  var CHECK_EVERY_MS = 60 * 60 * 1000;
  var CHECK_ON_SHOW_AFTER_MS = 10 * 60 * 1000;

  function shown() {
    return !!document.body && document.body.dataset.ready === "true";
  }

  function showNotice() {
    var area = document.getElementById(NOTICE);
    if (!area || area.firstChild) return;
    var text = document.createElement("span");
    text.className = "notice-text";
    text.textContent = window.tablutWord("update-ready");
    var button = document.createElement("button");
    button.type = "button";
    button.textContent = window.tablutWord("reload");
    button.addEventListener("click", function () { location.reload(); });
    area.appendChild(text);
    area.appendChild(button);
  }

  // A new version has taken over: a loading page moves to it (reload()), a page whose
  // game is shown offers it.
  function offer(reload) {
    if (shown()) showNotice();
    else reload();
  }

  // Watches for a new version, if this page was served by the service worker (a page
  // that was not has no version to leave). reload(): reloads the page so that the
  // reload counts as the navigation before it (web/start.js).
  function watch(reload) {
    var worker = navigator.serviceWorker;
    if (!worker || !worker.controller) return;
    var offered = false;
    function offerOnce() {
      if (offered) return;
      offered = true;
      offer(reload);
    }
    worker.addEventListener("controllerchange", offerOnce);
    // A new version is also offered once its worker is active, should its claim of this
    // page fail or lag: the next load is the new version either way.
    function follow(incoming) {
      if (!incoming) return;
      incoming.addEventListener("statechange", function () {
        if (incoming.state === "activated") offerOnce();
      });
    }
    worker.getRegistration().then(function (registration) {
      if (!registration) return;
      follow(registration.installing || registration.waiting);
      registration.addEventListener("updatefound", function () {
        follow(registration.installing);
      });
    }).catch(function () {});
    var lastCheck = Date.now();
    function check() {
      lastCheck = Date.now();
      worker.getRegistration().then(function (registration) {
        return registration && registration.update();
      }).catch(function () {}); // offline: next time
    }
    setInterval(check, CHECK_EVERY_MS);
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible" &&
          Date.now() - lastCheck > CHECK_ON_SHOW_AFTER_MS) check();
    });
  }

  window.tablutUpdates = { watch: watch };
})();
