// Pricecrawl dashboard: framework-free modules. It signs in with a cookie session (HttpOnly
// session and refresh cookies) and sends the readable CSRF cookie back in `x-csrf-token` on every
// change (double submit). Data is written with textContent only, never as HTML. Everything it
// shows comes from the account plane `/v1/account/*` (decisions G39).

import { request } from './dashboard.api.js';
import { handle, show } from './dashboard.shell.js';
import { showHome } from './dashboard.home.js';
import { showJob } from './dashboard.job.js';
import { showSubmit } from './dashboard.submit.js';

const logoutButton = document.getElementById('logout');
const who = document.getElementById('who');

function showLogin() {
  show('login-view');
  logoutButton.hidden = true;
  who.textContent = '';
  const form = document.getElementById('login-form');
  form.elements.email.focus();
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const error = document.getElementById('login-error');
    error.textContent = '';
    const response = await request('POST', '/v1/auth/login', {
      email: form.elements.email.value,
      password: form.elements.password.value,
      cookie: true,
    });
    const data = await response.json();
    if (!response.ok || data.error !== false) {
      error.textContent = data.message || 'Sign-in failed';
      return;
    }
    if (location.hash === '#/') void route();
    else location.hash = '#/';
  });
}

logoutButton.addEventListener('click', async () => {
  await request('POST', '/v1/auth/logout', {});
  location.hash = '#/login';
});

async function route() {
  const hash = location.hash || '#/';
  try {
    if (hash === '#/login') return showLogin();
    if (hash === '#/new') return await showSubmit();
    const job = /^#\/jobs\/([0-9a-f]{24})(?:\/runs\/([0-9a-f]{24}))?$/.exec(hash);
    if (job) return await showJob(job[1], job[2]);
    return await showHome();
  } catch (error) {
    handle(error);
  }
}

window.addEventListener('hashchange', () => void route());
void route();
