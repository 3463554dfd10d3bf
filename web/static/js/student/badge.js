// The page a QR login badge opens: /login#badge=SECRET (any camera app
// opens it; the app's own scanner comes here too). The secret is in the
// URL fragment, which the browser never sends to a server; it is taken
// out of the address bar and history at once, then exchanged for a
// session.
import { h, mount } from '../dom.js';
import { t } from '../i18n.js';
import { loginBadge } from '../api.js';

// badgeOf returns the badge secret of a login URL or fragment, or ''.
export function badgeOf(text) {
  const hash = String(text || '').split('#')[1] || '';
  return new URLSearchParams(hash).get('badge') || '';
}

export default async function badgePage({ navigate }) {
  const secret = badgeOf(location.href);
  history.replaceState(null, '', '/login');
  if (!secret) return navigate('/student/login', true);
  mount(h('section', { class: 'card narrow' }, h('h1', {}, '▦ ', t('badgeLoggingIn'))));
  try {
    await loginBadge(secret);
    navigate('/student', true);
  } catch (e) {
    mount(h('section', { class: 'card narrow' },
      h('h1', {}, '✘ ', t('badgeFailed')),
      h('p', { class: 'error', role: 'alert' }, e.message),
      h('a', { href: '/student/login', 'data-link': '', class: 'btn primary big', id: 'to-login' }, t('loginWithPin'), ' ➜')));
  }
}
