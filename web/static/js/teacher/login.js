// Teacher (and admin) login with username and password.
import { h, mount, field } from '../dom.js';
import { t } from '../i18n.js';
import { login, logout } from '../api.js';

export default function teacherLogin({ navigate }) {
  const user = field(t('username'), { name: 'username', id: 'username', autocomplete: 'username', autocapitalize: 'none', spellcheck: 'false', required: true });
  const pass = field(t('password'), { name: 'password', id: 'password', type: 'password', autocomplete: 'current-password', required: true });
  const err = h('p', { class: 'error', role: 'alert' });
  mount(h('form', {
    class: 'card narrow', onsubmit: async (e) => {
      e.preventDefault();
      err.textContent = '';
      try {
        const u = await login({ username: user.input.value.trim(), password: pass.input.value });
        pass.input.value = '';
        if (u.role === 'student') {
          await logout();
          navigate('/student/login', true);
          return;
        }
        navigate('/teacher', true);
      } catch (ex) {
        err.textContent = ex.message;
        pass.input.select();
      }
    },
  }, h('h1', {}, t('teacherLogin')), user.el, pass.el, err,
  h('button', { type: 'submit', class: 'btn primary big', id: 'login' }, t('login'))));
}
