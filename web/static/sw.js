// The service worker: the app opens without the server. On install it
// caches the app shell and the static files of the student's screens
// (the list and the version are written in by the server: the version
// is a hash of every file, so a new build is a new cache); on activate
// it drops the caches of older versions. Pages of the app are asked of
// the network first and fall back to the cached shell; static files come
// from the cache, and one not cached yet is fetched and kept. The API is
// never cached here: an answer given offline waits in the page's outbox.
const VERSION = '__QIXUE_VERSION__';
const CACHE = 'qixue-' + VERSION;
const PRECACHE = __QIXUE_PRECACHE__;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((c) => c.addAll(PRECACHE)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith('qixue-') && k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

// api reports whether a path is the server's, not the app's.
const api = (p) => p === '/v1' || p.startsWith('/v1/') || p === '/healthz' || p === '/readyz' || p === '/metrics';

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin || api(url.pathname) || url.pathname === '/sw.js') return;
  if (req.mode === 'navigate') {
    // A page of the app: the network's answer, or the shell when offline.
    event.respondWith(fetch(req).catch(() => caches.match('/index.html', { cacheName: CACHE })));
    return;
  }
  event.respondWith(caches.open(CACHE).then(async (c) => {
    const hit = await c.match(req, { ignoreSearch: true });
    if (hit) return hit;
    const res = await fetch(req);
    if (res.ok && res.type === 'basic') c.put(req, res.clone());
    return res;
  }));
});
