// The app's entry: the top bar, the router (History API paths, which the
// server answers with this same page) and the screens of each path.
import { h, mount } from './dom.js';
import { t, lang, setLang } from './i18n.js';
import { currentUser, logout, restore, onSession } from './api.js';

// Each route: a path pattern and the module that draws it (loaded on
// first use, so the student's first load carries no teacher code).
const routes = [
  ['/', () => import('./home.js')],
  ['/student/login', () => import('./student/login.js')],
  ['/login', () => import('./student/badge.js')],
  ['/student', () => import('./student/home.js'), 'student'],
  ['/student/exercise/:id', () => import('./student/exercise.js'), 'student'],
  ['/student/lesson/:id', () => import('./student/lesson.js'), 'student'],
  ['/student/live/:id', () => import('./student/live.js'), 'student'],
  ['/teacher/login', () => import('./teacher/login.js')],
  ['/teacher', () => import('./teacher/classes.js'), 'staff'],
  ['/teacher/classes/:id', () => import('./teacher/class.js'), 'staff'],
  ['/teacher/classes/:id/assign', () => import('./teacher/assign.js'), 'staff'],
  ['/teacher/classes/:id/progress', () => import('./teacher/progress.js'), 'staff'],
  ['/teacher/classes/:id/assignments/:aid/stats', () => import('./teacher/stats.js'), 'staff'],
  ['/teacher/classes/:id/exercises/:eid/stats', () => import('./teacher/stats.js'), 'staff'],
  ['/teacher/tournaments', () => import('./teacher/tournaments.js'), 'staff'],
  ['/teacher/tournaments/new', () => import('./teacher/tournaments.js'), 'staff'],
  ['/teacher/tournaments/:id', () => import('./teacher/tournament.js'), 'staff'],
  ['/teacher/team-tournaments', () => import('./teacher/teams.js'), 'staff'],
  ['/teacher/team-tournaments/new', () => import('./teacher/teams.js'), 'staff'],
  ['/teacher/team-tournaments/:id', () => import('./teacher/teams.js'), 'staff'],
  ['/student/tournaments', () => import('./student/tournaments.js'), 'student'],
  ['/student/tournaments/:id', () => import('./student/tournaments.js'), 'student'],
  ['/teacher/games', () => import('./teacher/games.js'), 'staff'],
  ['/teacher/games/monthly', () => import('./teacher/games.js'), 'staff'],
  ['/teacher/games/:id', () => import('./teacher/games.js'), 'staff'],
  ['/student/games', () => import('./student/games.js'), 'student'],
  ['/student/games/:id', () => import('./student/games.js'), 'student'],
  ['/student/play', () => import('./student/play.js'), 'student'],
  ['/student/play/:id', () => import('./student/play.js'), 'student'],
  ['/teacher/live', () => import('./teacher/live.js'), 'staff'],
  ['/teacher/lessons', () => import('./teacher/lessons.js'), 'staff'],
  ['/teacher/lessons/:id', () => import('./teacher/projector.js'), 'staff'],
  ['/teacher/editor', () => import('./teacher/editor.js'), 'staff'],
  ['/teacher/roster', () => import('./teacher/roster.js'), 'staff'],
];

function match(pattern, path) {
  const p = pattern.split('/'), q = path.split('/');
  if (p.length !== q.length) return null;
  const params = {};
  for (let i = 0; i < p.length; i++) {
    if (p[i].startsWith(':')) params[p[i].slice(1)] = decodeURIComponent(q[i]);
    else if (p[i] !== q[i]) return null;
  }
  return params;
}

// navigate goes to an app path (pushing history) and draws it.
export function navigate(path, replace = false) {
  if (replace) history.replaceState(null, '', path);
  else history.pushState(null, '', path);
  render();
}

let seq = 0;
async function render() {
  const my = ++seq;
  const path = location.pathname.replace(/\/+$/, '') || '/';
  document.body.classList.remove('sheet-open');
  drawTop();
  for (const [pattern, load, need] of routes) {
    const params = match(pattern, path);
    if (!params) continue;
    const user = currentUser() || (need ? await restore() : null);
    if (need === 'student' && (!user || user.role !== 'student')) return navigate('/student/login', true);
    if (need === 'staff' && (!user || user.role === 'student')) return navigate('/teacher/login', true);
    try {
      const mod = await load();
      if (my !== seq) return; // a newer navigation won
      await mod.default({ params, query: new URLSearchParams(location.search), navigate });
    } catch (e) {
      if (my !== seq) return;
      if (e.status === 401) return navigate(need === 'student' ? '/student/login' : '/teacher/login', true);
      // A screen's module that could not be fetched is a network failure too.
      const net = e.status === 0 || (e.status === undefined && !navigator.onLine);
      mount(h('h1', {}, net ? t('networkError') : t('somethingWrong')),
        h('p', { role: 'alert' }, net ? t('networkHint') : e.message),
        h('p', {}, h('button', { type: 'button', class: 'btn primary', onclick: render }, '↺ ', t('tryAgain')), ' ',
          h('a', { href: '/', 'data-link': '', class: 'btn' }, t('back'))));
    }
    return;
  }
  mount(h('h1', {}, '404'), h('p', {}, h('a', { href: '/', 'data-link': '' }, t('back'))));
}

function drawTop() {
  document.getElementById('skip').textContent = t('skipToContent');
  const top = document.getElementById('top');
  const user = currentUser();
  top.replaceChildren(
    h('a', { class: 'brand', href: user ? (user.role === 'student' ? '/student' : '/teacher') : '/', 'data-link': '' },
      h('img', { src: '/icon.svg', alt: '', width: 32, height: 32 }), t('app')),
    h('div', { class: 'top-actions' },
      h('button', {
        type: 'button', class: 'btn ghost', lang: lang() === 'en' ? 'zh-CN' : 'en',
        'aria-label': t('switchLangLabel'),
        onclick: () => { setLang(lang() === 'en' ? 'zh-CN' : 'en'); render(); },
      }, t('switchLang')),
      user && h('button', {
        type: 'button', class: 'btn ghost', id: 'logout',
        onclick: async () => {
          const role = user.role;
          await logout();
          navigate(role === 'student' ? '/student/login' : '/teacher/login');
        },
      }, t('logout'))));
}

// Links marked data-link stay in the app.
document.addEventListener('click', (e) => {
  const a = e.target.closest && e.target.closest('a[data-link]');
  if (!a || e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
  e.preventDefault();
  navigate(a.getAttribute('href'));
});
window.addEventListener('popstate', render);

// The offline banner under the top bar, while the browser has no network.
const banner = h('p', { class: 'offline-banner', id: 'offline-banner', role: 'status', hidden: true });
document.getElementById('top').after(banner);
const drawOnline = () => {
  banner.hidden = navigator.onLine;
  banner.textContent = navigator.onLine ? '' : '⚡ ' + t('offlineBanner');
};
window.addEventListener('online', drawOnline);
window.addEventListener('offline', drawOnline);
drawOnline();
onSession(drawTop);
document.documentElement.lang = lang();
render();

// The service worker keeps the app's files, so it opens without the
// server (and can be installed, with manifest.webmanifest).
if ('serviceWorker' in navigator) {
  window.addEventListener('load', () => { navigator.serviceWorker.register('/sw.js').catch(() => {}); });
}
