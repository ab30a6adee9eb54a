// Pricecrawl dashboard: a framework-free module. It signs in with a cookie session (HttpOnly
// session and refresh cookies) and sends the readable CSRF cookie back in `x-csrf-token` on every
// change (double submit). Data is written with textContent only, never as HTML.

import { SignedOut, api, request } from './dashboard.api.js';
import { button, drawChart, el, fillFigures, fillTable, when } from './dashboard.dom.js';

const view = document.getElementById('view');
const notice = document.getElementById('notice');
const logoutButton = document.getElementById('logout');
const who = document.getElementById('who');
const POLL_MS = 2000;
let pollTimer;

function say(message, isError = false) {
  notice.textContent = message;
  notice.classList.toggle('error', isError);
}

// Each view shown gets a number; a view whose loading was overtaken by another stops there.
let shownView = 0;

function show(templateId) {
  shownView += 1;
  clearInterval(pollTimer);
  view.replaceChildren(document.getElementById(templateId).content.cloneNode(true));
}

// ---- sign-in ----

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

// ---- home: credits, chart, spending, keys, jobs ----

async function loadCredits() {
  const [credits, perDay] = await Promise.all([
    api('GET', '/v1/account/credits'),
    api('GET', '/v1/account/billing?group=day&days=30'),
  ]);
  fillFigures(document.getElementById('credits'), [
    ['Balance', credits.balance],
    ['Reserved by running jobs', credits.reserved],
    ['Available', credits.available ?? 'no limit'],
    ['Spent this month', credits.spent_this_month],
  ]);
  drawChart(document.getElementById('chart'), perDay.days);
  const form = document.getElementById('spending-form');
  form.elements.overage.checked = credits.overage;
  form.elements.budget_cap.value = credits.budget_cap === null ? '' : String(credits.budget_cap);
}

async function loadKeys() {
  const { keys } = await api('GET', '/v1/account/api-keys');
  fillTable(
    document.getElementById('keys'),
    ['Name', 'Prefix', 'Created', 'Last used', 'State', 'Actions'],
    keys.map((key) => {
      const actions = el('span', undefined, { class: 'actions' });
      if (!key.revoked_at) {
        actions.append(
          button(`Rotate ${key.name}`, () => changeKey('POST', `/v1/account/api-keys/${key.id}/rotate`)),
          button(`Revoke ${key.name}`, () => changeKey('DELETE', `/v1/account/api-keys/${key.id}`)),
        );
      }
      return [
        key.name,
        key.prefix,
        when(key.created_at),
        when(key.last_used_at),
        key.revoked_at ? `revoked ${when(key.revoked_at)}` : 'active',
        actions,
      ];
    }),
  );
}

function showNewKey(rawKey) {
  document.getElementById('new-key').hidden = false;
  document.getElementById('new-key-value').textContent = rawKey;
  document.getElementById('copy-key').focus();
}

async function changeKey(method, path) {
  try {
    const answer = await api(method, path);
    if (answer.api_key) showNewKey(answer.api_key);
    say(
      method === 'DELETE'
        ? `Key ${answer.key.name} revoked.`
        : `Key ${answer.key.name} rotated: the old key is revoked.`,
    );
    await loadKeys();
  } catch (error) {
    handle(error);
  }
}

let jobsShown = 50;

async function loadJobs() {
  const { jobs, next_cursor: next } = await api('GET', `/v1/account/jobs?limit=${jobsShown}`);
  fillTable(
    document.getElementById('jobs'),
    ['Job', 'Kind', 'Source', 'Status', 'Progress', 'Created'],
    jobs.map((job) => {
      const progress = el('progress', undefined, {
        max: String(Math.max(1, job.values_total)),
        value: String(job.values_done),
      });
      const cell = el('span', `${job.values_done}/${job.values_total} `);
      cell.append(progress);
      return [
        el('a', job.id, { href: `#/jobs/${job.id}` }),
        job.kind,
        `${job.source}.${job.country}`,
        job.status,
        cell,
        when(job.created_at),
      ];
    }),
  );
  document.getElementById('more-jobs').hidden = next === null;
}

async function showHome() {
  show('home-view');
  const thisView = shownView;
  // Before the first await: a form submitted while the view loads must not reach the browser's
  // own submission (a GET of the page with the form's fields in the address).
  bindHomeForms();
  const me = await api('GET', '/v1/account/me');
  who.textContent = `${me.user.email} · account ${me.account.name}`;
  logoutButton.hidden = false;
  await Promise.all([loadCredits(), loadKeys(), loadJobs()]);
  if (thisView !== shownView) return;
  pollTimer = setInterval(() => Promise.all([loadJobs(), loadCredits()]).catch(handle), POLL_MS);
}

function bindHomeForms() {
  document.getElementById('spending-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const form = event.target;
    const cap = form.elements.budget_cap.value.trim();
    try {
      await api('PATCH', '/v1/account/budget-cap', {
        overage: form.elements.overage.checked,
        budget_cap: cap === '' ? null : Number(cap),
      });
      say('Spending setting saved.');
      await loadCredits();
    } catch (error) {
      handle(error);
    }
  });
  document.getElementById('key-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const form = event.target;
    try {
      const answer = await api('POST', '/v1/account/api-keys', { name: form.elements.name.value });
      form.reset();
      showNewKey(answer.api_key);
      say(`Key ${answer.key.name} created.`);
      await loadKeys();
    } catch (error) {
      handle(error);
    }
  });
  document.getElementById('copy-key').addEventListener('click', async () => {
    await navigator.clipboard.writeText(document.getElementById('new-key-value').textContent);
    say('Key copied to the clipboard.');
  });
  document.getElementById('more-jobs').addEventListener('click', () => {
    jobsShown += 50;
    loadJobs().catch(handle);
  });
}

// ---- one job ----

async function loadJob(id) {
  const { job, deliveries } = await api('GET', `/v1/account/jobs/${id}`);
  document.getElementById('job-title').textContent = `${job.kind === 'stream' ? 'Stream' : 'Job'} ${job.id}`;
  fillFigures(document.getElementById('job'), [
    ['Status', job.status],
    ['Source', `${job.source}.${job.country}`],
    ['Progress', `${job.values_done} of ${job.values_total} values (${job.values_errors} failed)`],
    ['Created', when(job.created_at)],
    ...(deliveries
      ? [
          [
            'Deliveries',
            Object.entries(deliveries)
              .map(([state, n]) => `${state} ${n}`)
              .join(', '),
          ],
        ]
      : []),
  ]);
  const ended = job.status === 'finished' || job.status === 'failed';
  document.getElementById('downloads').hidden = !ended || job.kind === 'stream';
  document.getElementById('download-json').href = `/v1/account/jobs/${job.id}/download?format=json`;
  document.getElementById('download-csv').href = `/v1/account/jobs/${job.id}/download?format=csv`;
  if (job.kind === 'stream') await loadDeliveries(job.id);
}

async function loadDeliveries(id) {
  document.getElementById('deliveries-card').hidden = false;
  const { deliveries } = await api('GET', `/v1/account/streams/${id}/deliveries?limit=200`);
  fillTable(
    document.getElementById('deliveries'),
    ['Batch', 'Status', 'Attempts', 'Results', 'Last HTTP status', 'Last error', 'Action'],
    deliveries.map((delivery) => [
      delivery.batch_sequence,
      delivery.status,
      delivery.attempts,
      delivery.results_count,
      delivery.last_http_status,
      delivery.last_error,
      delivery.status === 'dead_lettered' || delivery.status === 'failed'
        ? button(`Replay batch ${delivery.batch_sequence}`, async () => {
            await api('POST', `/v1/account/deliveries/${delivery._id}/replay`).catch(handle);
            say(`Batch ${delivery.batch_sequence} queued again.`);
            await loadDeliveries(id);
          })
        : '',
    ]),
  );
}

async function showJob(id) {
  show('job-view');
  const thisView = shownView;
  await loadJob(id);
  if (thisView !== shownView) return;
  document.getElementById('replay-all').addEventListener('click', async () => {
    try {
      const { replayed } = await api('POST', `/v1/account/streams/${id}/replay-all`);
      say(`${replayed} dead-lettered deliveries queued again.`);
      await loadJob(id);
    } catch (error) {
      handle(error);
    }
  });
  pollTimer = setInterval(() => loadJob(id).catch(handle), POLL_MS);
}

// ---- routing ----

function handle(error) {
  if (error instanceof SignedOut) {
    // A first visit has no session to speak of; a returning one is told why.
    if (document.cookie.includes('pc_csrf=')) say('Your session ended. Sign in again.');
    location.hash = '#/login';
    return;
  }
  say(error.message, true);
}

async function route() {
  const hash = location.hash || '#/';
  try {
    if (hash === '#/login') return showLogin();
    const job = /^#\/jobs\/([0-9a-f]{24})$/.exec(hash);
    if (job) return await showJob(job[1]);
    return await showHome();
  } catch (error) {
    handle(error);
  }
}

window.addEventListener('hashchange', () => void route());
void route();
