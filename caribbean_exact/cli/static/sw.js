// The service worker of the player's page (caribbean-exact page / serve): keeps every file of the
// page so that it opens and answers with no network. The list of files and the version (a hash of
// them) are written in by caribbean_exact/cli/page.py; a new version replaces the old cache.
"use strict";
const CACHE = "caribbean-exact-PAGE_VERSION";
const FILES = /*FILES*/[];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith("caribbean-exact-") && k !== CACHE)
      .map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

// The page's own files from the cache first (the network only for what is not kept: the JSON API of
// `serve`, which the page does not need).
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(caches.open(CACHE)
    .then((cache) => cache.match(request, {ignoreSearch: true}))
    .then((hit) => hit || fetch(request)));
});
