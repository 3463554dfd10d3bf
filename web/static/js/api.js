// The API client: one fetch wrapper that sends the language and the
// access token, refreshes quietly, and turns problem+json into errors.
//
// Where the session lives: the access token only in this module's memory;
// the refresh token in sessionStorage (gone when the tab closes, so a
// shared tablet keeps no login), never in local storage (it outlives the tab) or a cookie.
import { lang, t } from './i18n.js';

const REFRESH_KEY = 'qixue.refresh';
let access = null; // {token, expires (ms since epoch)}
let user = null;
let refreshing = null; // the one refresh in flight (a refresh token works once)
let timer = null;
const listeners = new Set();

// ApiError is a problem+json answer (or a network failure, status 0:
// the server was not reached, or did not answer within opts.timeout).
export class ApiError extends Error {
  constructor(status, problem) {
    super((problem && (problem.detail || problem.title)) || t(status === 0 ? 'networkError' : 'somethingWrong'));
    this.status = status;
    this.code = (problem && problem.code) || (status === 0 ? 'network' : 'error');
    this.problem = problem || {};
    this.fields = (problem && problem.errors) || [];
  }
}

export function currentUser() { return user; }

// accessToken returns a fresh access token for the live socket's first
// message (refreshing first when it is about to expire), or null.
export async function accessToken() {
  if (access && Date.now() > access.expires - 5000) await refresh().catch(() => {});
  return access ? access.token : null;
}
export function onSession(fn) { listeners.add(fn); }

function setSession(s) {
  access = { token: s.access_token, expires: Date.now() + s.expires_in * 1000 };
  user = s.user;
  sessionStorage.setItem(REFRESH_KEY, s.refresh_token);
  clearTimeout(timer);
  // Refresh a minute before expiry, quietly, while the tab is open.
  timer = setTimeout(() => refresh().catch(() => {}), Math.max(5, s.expires_in - 60) * 1000);
  listeners.forEach((fn) => fn(user));
}

function clearSession() {
  access = null;
  user = null;
  clearTimeout(timer);
  sessionStorage.removeItem(REFRESH_KEY);
  listeners.forEach((fn) => fn(null));
}

// login posts credentials (username+password, or class_code+username+pin).
export async function login(body) {
  const s = await request('POST', '/v1/auth/login', body, { auth: false });
  setSession(s);
  return s.user;
}

// loginBadge logs a student in with the secret of a QR login badge.
export async function loginBadge(badge) {
  const s = await request('POST', '/v1/auth/badge', { badge }, { auth: false });
  setSession(s);
  return s.user;
}

// restore picks up the tab's session after a reload; null when none.
export async function restore() {
  if (user) return user;
  if (!sessionStorage.getItem(REFRESH_KEY)) return null;
  try {
    await refresh();
    return user;
  } catch {
    return null;
  }
}

function refresh() {
  if (refreshing) return refreshing;
  const token = sessionStorage.getItem(REFRESH_KEY);
  if (!token) return Promise.reject(new ApiError(401, { code: 'unauthenticated' }));
  refreshing = request('POST', '/v1/auth/refresh', { refresh_token: token }, { auth: false })
    .then(setSession, (err) => {
      if (err.status === 401) clearSession();
      throw err;
    })
    .finally(() => { refreshing = null; });
  return refreshing;
}

// logout revokes the login on the server and forgets everything here.
export async function logout() {
  const token = sessionStorage.getItem(REFRESH_KEY);
  clearSession();
  if (token) {
    try { await request('POST', '/v1/auth/logout', { refresh_token: token }, { auth: false }); } catch { /* gone anyway */ }
  }
}

// request calls the API; opts: auth (default true), headers, raw (return
// the Response, for CSV), timeout (ms). A 401 token_expired refreshes
// once and retries.
export async function request(method, path, body, opts = {}) {
  const auth = opts.auth !== false;
  if (auth && access && Date.now() > access.expires - 5000) await refresh().catch(() => {});
  const res = await send(method, path, body, auth, opts);
  if (res.status === 401 && auth && sessionStorage.getItem(REFRESH_KEY)) {
    const problem = await res.clone().json().catch(() => null);
    if (problem && problem.code === 'token_expired') {
      await refresh();
      return finish(await send(method, path, body, auth, opts), opts);
    }
  }
  return finish(res, opts);
}

async function send(method, path, body, auth, opts) {
  const headers = { 'Accept-Language': lang(), ...(opts.headers || {}) };
  const form = body instanceof FormData; // a file upload: the browser writes its multipart type
  if (body !== undefined && !form) headers['Content-Type'] = 'application/json';
  if (auth && access) headers.Authorization = 'Bearer ' + access.token;
  // No network at all: fail at once (a request may otherwise hang until
  // its timeout).
  if (navigator.onLine === false) throw new ApiError(0, null);
  const abort = opts.timeout ? new AbortController() : null;
  const timer = abort && setTimeout(() => abort.abort(), opts.timeout);
  try {
    return await fetch(path, {
      method, headers, body: body === undefined || form ? body : JSON.stringify(body),
      credentials: 'omit', cache: 'no-store', signal: abort ? abort.signal : undefined,
    });
  } catch {
    throw new ApiError(0, null);
  } finally {
    clearTimeout(timer);
  }
}

async function finish(res, opts) {
  if (!res.ok) {
    const problem = await res.json().catch(() => null);
    if (res.status === 401 && problem && problem.code !== 'invalid_credentials') clearSession();
    throw new ApiError(res.status, problem);
  }
  if (opts.raw) return res;
  if (res.status === 204) return null;
  return res.json();
}

export const get = (path, opts) => request('GET', path, undefined, opts);
export const post = (path, body, opts) => request('POST', path, body, opts);
