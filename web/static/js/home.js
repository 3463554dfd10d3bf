// The front door: two big buttons, student or teacher.
import { h, mount } from './dom.js';
import { t } from './i18n.js';

export default function home() {
  mount(
    h('h1', { class: 'sr-only' }, t('app')),
    h('div', { class: 'door' },
      h('a', { class: 'door-btn student', href: '/student/login', 'data-link': '' },
        h('span', { class: 'door-icon', 'aria-hidden': 'true' }, '♞'), t('iAmStudent')),
      h('a', { class: 'door-btn teacher', href: '/teacher/login', 'data-link': '' },
        h('span', { class: 'door-icon', 'aria-hidden': 'true' }, '✎'), t('iAmTeacher'))));
}
