// Service worker: after one visit the game loads and plays with no network at all.
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

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      // "no-cache" revalidates with the server: a file still in the HTTP cache from the
      // visit costs a 304, yet a file from an older build can never be stored under this
      // build's version.
      cache.addAll(PRECACHE.map((url) => new Request(url, { cache: "no-cache" })))
    ).then(() => self.skipWaiting())
  );
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

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(self.registration.scope)) return;
  // The page itself, at ".../" or ".../index.html", whatever its query (a share link's
  // game is in the fragment, which never reaches a worker).
  const url = new URL(request.url);
  const path = url.origin + url.pathname;
  const key = path === self.registration.scope || path === INDEX ? INDEX : request;
  event.respondWith(
    caches.open(CACHE)
      .then((cache) => cache.match(key, { ignoreSearch: true }))
      .then((cached) => cached || fetch(request))
  );
});
