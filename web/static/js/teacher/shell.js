// The teacher dashboard's frame: the section navigation and the page.
// A new section (tournaments, game records) is one more entry in SECTIONS
// and one more route in main.js.
import { h, mount } from '../dom.js';
import { t } from '../i18n.js';
import { currentUser } from '../api.js';

// Each section: its key (its name in i18n.js), path, icon and, when not
// for every member of staff, the roles that see it.
const ADMINS = ['school_admin', 'platform_admin'];
const SECTIONS = [
  { key: 'classes', href: '/teacher', icon: '⌂' },
  { key: 'tournaments', href: '/teacher/tournaments', icon: '♜' },
  { key: 'games', href: '/teacher/games', icon: '▤' },
  { key: 'live', href: '/teacher/live', icon: '⚔' },
  { key: 'liveLessons', href: '/teacher/lessons', icon: '▣' },
  { key: 'editor', href: '/teacher/editor', icon: '▦' },
  { key: 'roster', href: '/teacher/roster', icon: '⇪', roles: ADMINS },
];

// page(active, ...children) mounts a dashboard page with the navigation.
export function page(active, ...children) {
  mount(h('div', { class: 'dash' },
    h('nav', { class: 'side', 'aria-label': t('app') },
      h('ul', {}, SECTIONS.filter((s) => !s.roles || s.roles.includes((currentUser() || {}).role)).map((s) => h('li', {},
        h('a', { href: s.href, 'data-link': '', 'aria-current': s.key === active ? 'page' : null },
          h('span', { 'aria-hidden': 'true' }, s.icon + ' '), t(s.key)))))),
    h('div', { class: 'dash-main' }, children)));
}

// classTabs draws the tabs of one class: students, assign, progress.
export function classTabs(cls, active) {
  const tabs = [
    ['students', '/teacher/classes/' + cls.id, '☺'],
    ['assign', '/teacher/classes/' + cls.id + '/assign', '✎'],
    ['matrix', '/teacher/classes/' + cls.id + '/progress', '▦'],
  ];
  return h('nav', { class: 'tabs', 'aria-label': cls.name }, tabs.map(([k, href, icon]) =>
    h('a', { href, 'data-link': '', class: 'tab', 'aria-current': k === active ? 'page' : null },
      h('span', { 'aria-hidden': 'true' }, icon + ' '), t(k))));
}
