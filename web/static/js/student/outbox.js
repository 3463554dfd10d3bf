// The outbox: an answer given while the server cannot be reached waits
// here, in the browser's IndexedDB, under the idempotency key it was
// first sent with, and is never shown as wrong. It is sent again, oldest
// first, when the connection returns (the browser's online event, and a
// try every 10 s while anything waits); the server records each answer
// once, because a resend under the same key replays the first verdict.
// Records are the student's: on a shared tablet each waits for its own
// student's session. Without IndexedDB (some private modes) answers wait
// in this tab's memory.
import { post, currentUser } from '../api.js';

const DB = 'qixue-outbox';
const STORE = 'answers';
const RETRY_MS = 10000;
const memory = new Map();
let dbp = null;

function db() {
  if (!dbp) {
    dbp = new Promise((ok, fail) => {
      const r = indexedDB.open(DB, 1);
      r.onupgradeneeded = () => r.result.createObjectStore(STORE, { keyPath: 'key' });
      r.onsuccess = () => ok(r.result);
      r.onerror = () => fail(r.error);
    }).catch(() => null);
  }
  return dbp;
}

async function tx(mode, fn, fallback) {
  const d = await db();
  if (!d) return fallback();
  return new Promise((ok, fail) => {
    const t = d.transaction(STORE, mode);
    const req = fn(t.objectStore(STORE));
    t.oncomplete = () => ok(req.result);
    t.onerror = () => fail(t.error);
  });
}

// keep stores an answer to send later: {key, user, exercise, body, at}.
export function keep(rec) {
  return tx('readwrite', (s) => s.put(rec), () => memory.set(rec.key, rec)).then(changed);
}

function drop(key) {
  return tx('readwrite', (s) => s.delete(key), () => memory.delete(key));
}

// waiting lists the signed-in student's answers still to send, oldest first.
export async function waiting() {
  const u = currentUser();
  if (!u) return [];
  const all = await tx('readonly', (s) => s.getAll(), () => [...memory.values()]);
  return all.filter((r) => r.user === u.id).sort((a, b) => a.at - b.at);
}

// newKey is a fresh idempotency key (crypto.randomUUID needs a secure
// context; a school server on plain http has getRandomValues only).
export function newKey() {
  if (crypto.randomUUID) return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const x = [...b].map((v) => v.toString(16).padStart(2, '0')).join('');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

// submit sends an answer under its key; it throws ApiError as post does
// (status 0: the server was not reached, or did not answer in time).
export function submit(exercise, key, body) {
  return post('/v1/exercises/' + encodeURIComponent(exercise) + '/attempts', body,
    { headers: { 'Idempotency-Key': key }, timeout: 8000 });
}

const sentListeners = new Set();
const countListeners = new Set();

// onSent(fn) calls fn(rec, verdict, error) for each waiting answer the
// server has now answered (error: a refusal such as no tries left); it
// returns the function that stops it.
export function onSent(fn) {
  sentListeners.add(fn);
  return () => sentListeners.delete(fn);
}

// onCount(fn) calls fn(n) with the number of answers waiting, now and on
// every change.
export function onCount(fn) {
  countListeners.add(fn);
  changed();
  return () => countListeners.delete(fn);
}

let timer = null;
async function changed() {
  const n = (await waiting()).length;
  countListeners.forEach((fn) => fn(n));
  clearTimeout(timer);
  if (n > 0) timer = setTimeout(flush, RETRY_MS);
}

// A refusal by the server ends an answer's wait; these mean the server
// (or the session) is not there yet, and the answer waits on.
const later = (e) => e.status === 0 || e.status === 401 || e.status === 429 || e.status >= 500;

let flushing = null;

// flush sends the waiting answers, one at a time (one run at a time).
export function flush() {
  if (!flushing) flushing = run().finally(() => { flushing = null; changed(); });
  return flushing;
}

async function run() {
  for (const rec of await waiting()) {
    let v = null;
    let err = null;
    try {
      v = await submit(rec.exercise, rec.key, rec.body);
    } catch (e) {
      if (later(e)) return;
      err = e;
    }
    await drop(rec.key);
    sentListeners.forEach((fn) => fn(rec, v, err));
  }
}

window.addEventListener('online', flush);
flush();
