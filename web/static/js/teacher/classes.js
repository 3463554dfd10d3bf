// The teacher's classes.
import { h } from '../dom.js';
import { t } from '../i18n.js';
import { get } from '../api.js';
import { page } from './shell.js';

export default async function classes() {
  const list = await get('/v1/classes?limit=100');
  page('classes',
    h('h1', {}, t('classes')),
    list.items.length === 0 ? h('p', {}, t('noClasses')) :
      h('ul', { class: 'class-list' }, list.items.map((c) => h('li', {},
        h('a', { href: '/teacher/classes/' + c.id, 'data-link': '', class: 'class-card' },
          h('strong', { translate: 'no' }, c.name),
          h('span', {}, t('grade', { n: c.grade })),
          h('span', { class: 'code' }, t('loginCode', { code: '' }), h('span', { translate: 'no' }, c.login_code)))))));
}
