// Service worker: the page's Python off the main thread, the game with no network, and a
// new version that never breaks an open page.
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
//    plays with no network at all. Nothing is fetched at the first install, so that the
//    first visit's reload waits for no download.
// 3. Updates that never break an open page. A new version installs beside the one in
//    use: it fetches its whole build first (taking the files that did not change from
//    an older version's cache, checked against their hashes), and only then takes over,
//    so that the next load is the new version. The pages already open keep their own
//    version's files: the worker remembers which version each page was loaded with and
//    answers its requests from that version's cache, which is kept while a page of it
//    is open; and every file that a page fetches after it has started (its Python, its
//    configs, the interpreter) is named after its bytes (tools/site_names.py), so that
//    the page's workers, whose requests name no page, get the right bytes from any
//    version's cache. web/update.js then says "A new version is ready" with a Reload
//    button, and never reloads a game by itself.
//
// tools/build_site.py writes this file to the site's root as sw.js (a worker controls
// only the pages at or below its own folder, and the page is the root's index.html),
// filling in the two placeholders below:
//   - PRECACHE: every file of the built site, PyScript's content-hashed chunks and the
//     whole Pyodide runtime included, as URLs relative to this file, each with the first
//     16 hexadecimal digits of the SHA-256 of its bytes;
//   - VERSION: a hash of them all, so each build that changes anything gets a cache of
//     its own and a byte-different sw.js, which is how the browser notices an update.
// Every URL is relative to the worker, so the site works under any sub-path (GitHub
// project pages live under /<repo>/).
"use strict";

const VERSION = "@version@";
const PRECACHE = {/* @precache@ */};
const PREFIX = "tablut-";
const CACHE = PREFIX + VERSION;
// The pages open, each with the version it was loaded with: entries keyed by a URL made
// of the page's client id, whose body is the version.
const PAGES = PREFIX + "pages";
const PAGE_KEY = new URL("./.pages/", self.location).href;
const INDEX = new URL("./index.html", self.location).href;
// Absolute URL -> hash of the bytes this version has there.
const FILES = new Map(Object.entries(PRECACHE).map(
  ([url, hash]) => [new URL(url, self.location).href, hash]));

// The headers that make a page cross-origin isolated. Every file of the site is of the
// same origin, so require-corp (which every browser with isolation supports) costs nothing.
const ISOLATION = {
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Embedder-Policy": "require-corp",
  "Cross-Origin-Resource-Policy": "same-origin",
};

self.addEventListener("install", (event) => {
  // The first version: nothing to fetch, and no other version to take over from.
  if (!self.registration.active) return;
  // A new version takes over once it is whole. Not before: the pages of the version in
  // use are served by it until then, and a version that cannot be fetched whole (the
  // network went away, the server moved on again) is never used.
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  // The open pages are claimed even if tidying fails (another worker tidying at the
  // same moment): the claim moves their requests to this worker, which answers each
  // from its own version's cache.
  event.waitUntil(tidy().catch(() => null).then(() => self.clients.claim()));
});

// The caches of versions that no open page was loaded with, deleted; not while a newer
// version is being installed or waits (its cache is not in the list of pages yet).
function tidy() {
  const registration = self.registration;
  if (registration.installing || registration.waiting) return Promise.resolve();
  return Promise.all([self.clients.matchAll({ includeUncontrolled: true }),
                      caches.open(PAGES)])
    .then(([open, pages]) => {
      const live = new Set(open.map((client) => pageKey(client.id)));
      return pages.keys().then((keys) => Promise.all(keys.map((key) => live.has(key.url)
        // An entry may be gone meanwhile, deleted by another worker's tidying.
        ? pages.match(key).then((entry) => (entry ? entry.text() : VERSION))
          .then((version) => PREFIX + version)
        : pages.delete(key).then(() => CACHE))));
    })
    .then((inUse) => {
      const kept = new Set([CACHE, PAGES, ...inUse]);
      return caches.keys().then((names) => Promise.all(names
        .filter((name) => name.startsWith(PREFIX) && !kept.has(name))
        .map((name) => caches.delete(name))));
    });
}

// Client id -> the version that page was loaded with, as far as this worker has looked.
const pageVersions = new Map();

function pageKey(clientId) {
  return PAGE_KEY + encodeURIComponent(clientId);
}

// A page loaded with this version: its version's cache is kept while it is open, and
// its requests are answered from it once a newer version has taken over.
function remember(clientId) {
  pageVersions.set(clientId, VERSION);
  return caches.open(PAGES).then((pages) => pages.put(pageKey(clientId), new Response(VERSION)));
}

// The version the page ``clientId`` was loaded with: this one for a page not remembered
// (one of the page's workers; a page of a browser that names no new client).
function versionOf(clientId) {
  if (!clientId) return Promise.resolve(VERSION);
  if (pageVersions.has(clientId)) return Promise.resolve(pageVersions.get(clientId));
  return caches.match(pageKey(clientId), { cacheName: PAGES })
    .then((entry) => (entry ? entry.text() : VERSION))
    .then((version) => {
      pageVersions.set(clientId, version);
      return version;
    });
}

// A response with the isolation headers added; the body is passed on, not read.
function isolated(response) {
  if (response.type === "opaque" || response.type === "opaqueredirect") return response;
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(ISOLATION)) headers.set(name, value);
  return new Response(response.body, {
    status: response.status, statusText: response.statusText, headers,
  });
}

// The first 16 hexadecimal digits of the SHA-256 of some bytes, as the build writes them.
function hashOf(bytes) {
  return crypto.subtle.digest("SHA-256", bytes).then((sum) => Array.from(
    new Uint8Array(sum, 0, 8), (byte) => byte.toString(16).padStart(2, "0")).join(""));
}

// ``response`` read whole and made anew, if its bytes are this version's file at
// ``url``; else null. What is kept has the isolation headers already, so that a cached
// response is handed out as it is (which lets the browser keep its compiled code
// beside it).
function checked(url, response) {
  return response.arrayBuffer().then((bytes) => hashOf(bytes).then((hash) =>
    hash !== FILES.get(url) ? null : new Response(bytes, {
      status: response.status, statusText: response.statusText, headers: response.headers,
    })));
}

// A file of this version from the network, isolated, its copy kept in this version's
// cache when its bytes are this version's. "no-cache" revalidates with the server: a
// file still in the HTTP cache costs a 304. The response is handed on at once, while
// its copy is checked and kept (``keep`` is the event's waitUntil): the interpreter is
// compiled as it downloads. Bytes of another version (the server has moved on) are
// never kept under this one.
function fetchAndKeep(url, keep) {
  return fetch(url, { cache: "no-cache", credentials: "same-origin" }).then((response) => {
    const answer = isolated(response);
    if (!response.ok) report(url, response.status);
    if (response.ok) {
      keep(checked(url, answer.clone()).then((copy) => copy &&
        caches.open(CACHE).then((cache) => cache.put(url, copy))));
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

// The caches of the versions kept, but this one's, newest first.
function olderCaches() {
  return caches.keys().then((names) => names.reverse().filter(
    (name) => name.startsWith(PREFIX) && name !== CACHE && name !== PAGES));
}

// The first answer of ``lookup(cache name)`` that is not empty, over the caches of the
// versions kept but this one, newest first; else undefined.
function fromOlderCaches(lookup) {
  return olderCaches().then((names) => names.reduce(
    (found, name) => found.then((response) => response || lookup(name)),
    Promise.resolve(undefined)));
}

// A copy of ``url`` from the cache of a version kept, whichever has it: a page of an
// older version asks for its own files by their own names.
function keptCopy(url) {
  return fromOlderCaches((name) => caches.match(url, { cacheName: name }));
}

// A request of this version: its file from this version's cache, else the network; a
// file that is not this version's, from a version kept (a page of it is open and asks
// for its own file, by its own name), else the network, isolated (a source map, a
// missing file).
function answer(event, key) {
  if (!FILES.has(key)) {
    return keptCopy(key).then((kept) => kept || fetch(event.request).then(isolated));
  }
  return caches.open(CACHE)
    .then((cache) => cache.match(key))
    .then((cached) => cached || fetchAndKeep(key, (done) => event.waitUntil(done)));
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(self.registration.scope)) return;
  // The page itself, at ".../" or ".../index.html", whatever its query (a share link's
  // game is in the fragment, which never reaches a worker).
  const url = new URL(request.url);
  const path = url.origin + url.pathname;
  const key = path === self.registration.scope || path === INDEX ? INDEX : path;
  if (request.mode === "navigate") {
    // A page loaded now is of this version.
    if (event.resultingClientId) event.waitUntil(remember(event.resultingClientId));
    event.respondWith(answer(event, key));
    return;
  }
  // A page of an older version gets its own version's file while that version is kept.
  event.respondWith(versionOf(event.clientId).then((version) => (version === VERSION
    ? undefined : caches.match(key, { cacheName: PREFIX + version })))
    .then((own) => own || answer(event, key)));
});

// This version's file at ``url``, checked: from an older version's cache when it has the
// same bytes (a file that did not change is not downloaded again), else the network.
function verified(url) {
  return fromOlderCaches((name) => caches.match(url, { cacheName: name })
    .then((cached) => cached && checked(url, cached))).then((copy) => copy ||
    downloaded(url, "no-cache")
      // A server that dates its files to the second says "not modified" of a file
      // changed within the second of the copy in the HTTP cache, which is the older
      // version's: then the file is downloaded again, bypassing that cache.
      .then((fetched) => fetched || downloaded(url, "reload"))
      .then((fetched) => {
        if (!fetched) throw new Error(url + ": the server has another version of this file");
        return fetched;
      }));
}

// ``url`` from the network (``cache``: the request's HTTP cache mode), isolated, if its
// bytes are this version's; else null.
function downloaded(url, cache) {
  return fetch(url, { cache, credentials: "same-origin" }).then((response) => {
    // Not reported to the pages: a page loading may be of another version.
    if (!response.ok) throw new Error(url + ": HTTP " + response.status);
    return checked(url, isolated(response));
  });
}

// Every file of the build that is not in the cache yet, checked and put into it;
// answers how many files the cache holds.
function precache() {
  return caches.open(CACHE).then((cache) =>
    Promise.all([...FILES.keys()].map((url) => cache.match(url).then((cached) =>
      cached || verified(url).then((response) => cache.put(url, response)))))
  ).then(() => FILES.size);
}

self.addEventListener("message", (event) => {
  if (event.data !== "precache") return;
  // The page hears back when the whole site is in the cache: it can then play offline.
  // The caches of versions no page uses any more go then, while the page plays.
  event.waitUntil(precache().then(
    (count) => event.source && event.source.postMessage({ offline: "ready", files: count }),
    (error) => event.source && event.source.postMessage({ offline: "failed", error: String(error) })
  ).then(tidy));
});
