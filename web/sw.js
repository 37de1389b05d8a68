// Service worker: the page's Python off the main thread, and the game with no network.
//
// 1. Cross-origin isolation. The page runs its Python in a web worker that reaches the
//    DOM synchronously through SharedArrayBuffer and Atomics, and stops the computer's
//    search through a shared interrupt buffer; browsers allow SharedArrayBuffer only to a
//    cross-origin isolated page, which needs the COOP and COEP headers that static hosts
//    such as GitHub Pages do not send. This worker adds them to every response of the
//    site (the approach of coi-serviceworker and mini-coi); web/start.js registers it and
//    reloads the page once, on the first visit, so that the page comes through it.
// 2. Offline play: every response of the site's own files is kept in a cache of this
//    build as it passes, and once the page is up (web/start.js posts "precache") the
//    rest of the site is fetched into it too, so that after one visit the game loads and
//    plays with no network at all. Nothing is fetched at install, so that the first
//    visit's reload waits for no download.
//
// tools/build_site.py writes this file to the site's root as sw.js (a worker controls
// only the pages at or below its own folder, and the page is the root's index.html),
// filling in the two placeholders below:
//   - PRECACHE: every file of the built site, PyScript's content-hashed chunks and the
//     whole Pyodide runtime included, as URLs relative to this file;
//   - VERSION: a hash of that list and of every file's bytes, so each build that changes
//     anything gets a cache of its own and a byte-different sw.js, which is how the
//     browser notices an update.
// Every URL is relative to the worker, so the site works under any sub-path (GitHub
// project pages live under /<repo>/).
"use strict";

const VERSION = "@version@";
const PRECACHE = ["@precache@"];
const CACHE = "tablut-" + VERSION;
const INDEX = new URL("./index.html", self.location).href;
const FILES = new Set(PRECACHE.map((url) => new URL(url, self.location).href));

// The headers that make a page cross-origin isolated. Every file of the site is of the
// same origin, so require-corp (which every browser with isolation supports) costs nothing.
const ISOLATION = {
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Embedder-Policy": "require-corp",
  "Cross-Origin-Resource-Policy": "same-origin",
};

self.addEventListener("install", () => {
  // At once, even over an older version: the first visit reloads as soon as this
  // worker is active, and an older version's pages are served the same files.
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  // Only this build's cache is kept: an older one would just hold stale bytes.
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(
        names.filter((name) => name.startsWith("tablut-") && name !== CACHE)
          .map((name) => caches.delete(name))
      ))
      .then(() => self.clients.claim())
  );
});

// A response with the isolation headers added; the body is passed on, not read.
function isolated(response) {
  if (response.type === "opaque" || response.type === "opaqueredirect") return response;
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(ISOLATION)) headers.set(name, value);
  return new Response(response.body, {
    status: response.status, statusText: response.statusText, headers,
  });
}

// A file of the site from the network, isolated, and kept in the cache when it is one
// of this build's files. "no-cache" revalidates with the server: a file still in the
// HTTP cache costs a 304, yet a file of an older build is never kept under this
// build's version. What is kept has the headers already, so that a cached response is
// handed out as it is (which lets the browser keep its compiled code beside it).
// The response is handed on at once, while its copy goes to the cache (``keep`` is
// the event's waitUntil): the interpreter is compiled as it downloads.
function fetchAndKeep(url, keep) {
  return fetch(url, { cache: "no-cache", credentials: "same-origin" }).then((response) => {
    const answer = isolated(response);
    if (!response.ok) report(url, response.status);
    if (response.ok && FILES.has(url)) {
      const kept = answer.clone();
      keep(caches.open(CACHE).then((cache) => cache.put(url, kept)));
    }
    return answer;
  }, (error) => {
    report(url, 0);
    throw error;
  });
}

// A file of the site that could not be fetched: the pages are told (web/loading.js says
// so on the loading screen when the game cannot start without it). The request may
// come from one of the page's workers, whose own errors are not the page's.
function report(url, status) {
  self.clients.matchAll({ type: "window" }).then((clients) => {
    for (const client of clients) client.postMessage({ failed: url, status });
  });
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(self.registration.scope)) return;
  // The page itself, at ".../" or ".../index.html", whatever its query (a share link's
  // game is in the fragment, which never reaches a worker).
  const url = new URL(request.url);
  const path = url.origin + url.pathname;
  const key = path === self.registration.scope || path === INDEX ? INDEX : path;
  if (!FILES.has(key)) {
    // Not a file of this build (a source map, a missing file): passed on, isolated.
    event.respondWith(fetch(request).then(isolated));
    return;
  }
  event.respondWith(
    caches.open(CACHE)
      .then((cache) => cache.match(key))
      .then((cached) => cached || fetchAndKeep(key, (done) => event.waitUntil(done)))
  );
});

// Every file of the build that is not in the cache yet, fetched into it; answers how
// many files the cache holds.
function precache() {
  const kept = [];
  return caches.open(CACHE).then((cache) =>
    Promise.all(PRECACHE.map((relative) => {
      const url = new URL(relative, self.location).href;
      return cache.match(url).then((cached) => cached ||
        fetchAndKeep(url, (done) => kept.push(done)).then((response) => {
          if (!response.ok) throw new Error(url + ": HTTP " + response.status);
          if (response.body) response.body.cancel(); // only the cache's copy is wanted
        }));
    }))
  ).then(() => Promise.all(kept)).then(() => PRECACHE.length);
}

self.addEventListener("message", (event) => {
  if (event.data !== "precache") return;
  // The page hears back when the whole site is in the cache: it can then play offline.
  event.waitUntil(precache().then(
    (count) => event.source && event.source.postMessage({ offline: "ready", files: count }),
    (error) => event.source && event.source.postMessage({ offline: "failed", error: String(error) })
  ));
});
