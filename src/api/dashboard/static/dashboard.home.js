// The home view: credits and their chart, the spending setting, API keys, the account's jobs.

import { api } from './dashboard.api.js';
import { drawBarChart } from './dashboard.chart.js';
import { el, fillFigures, fillTable, when } from './dashboard.dom.js';
import { bindKeyForm, loadKeys } from './dashboard.keys.js';
import { guarded, handle, pollWhileShown, say, show, showWho } from './dashboard.shell.js';

async function loadCredits() {
  const [credits, perDay] = await Promise.all([
    api('GET', '/v1/account/credits'),
    api('GET', '/v1/account/billing?group=day&days=30'),
  ]);
  // The view may have changed while the answer came: a view that is gone is not drawn.
  if (!document.getElementById('credits')) return;
  fillFigures(document.getElementById('credits'), [
    ['Balance', credits.balance],
    ['Reserved by running jobs', credits.reserved],
    ['Available', credits.available ?? 'no limit'],
    ['Spent this month', credits.spent_this_month],
  ]);
  drawBarChart(document.getElementById('chart'), perDay.days, {
    label: (day) => day.date,
    value: (day) => day.spent,
    unit: 'credits',
    title: 'Credits spent per day',
  });
  const form = document.getElementById('spending-form');
  if (document.activeElement?.form !== form) {
    form.elements.overage.checked = credits.overage;
    form.elements.budget_cap.value = credits.budget_cap === null ? '' : String(credits.budget_cap);
  }
}

let jobsShown = 50;

function progressCell(job) {
  const cell = el('span', `${job.values_done}/${job.values_total} `);
  cell.append(
    el('progress', undefined, { max: String(Math.max(1, job.values_total)), value: String(job.values_done) }),
  );
  if (job.values_errors > 0) cell.append(el('span', ` ${job.values_errors} failed`, { class: 'error' }));
  return cell;
}

async function loadJobs() {
  const { jobs, next_cursor: next } = await api('GET', `/v1/account/jobs?limit=${jobsShown}`);
  if (!document.getElementById('jobs')) return;
  fillTable(
    document.getElementById('jobs'),
    ['Job', 'Kind', 'Source', 'Status', 'Progress', 'Repeats', 'Created'],
    jobs.map((job) => [
      el('a', job.id, { href: `#/jobs/${job.id}` }),
      job.kind,
      `${job.source}.${job.country}`,
      job.status,
      progressCell(job),
      job.interval === null ? 'once' : `every ${job.interval} min, next ${when(job.next_run_at)}`,
      when(job.created_at),
    ]),
  );
  document.getElementById('more-jobs').hidden = next === null;
}

export async function showHome() {
  const number = show('home-view');
  // Before the first await: a form submitted while the view loads must not reach the browser's
  // own submission (a GET of the page with the form's fields in the address).
  bindHomeForms();
  await showWho();
  await Promise.all([loadCredits(), loadKeys(), loadJobs()]);
  pollWhileShown(number, () => Promise.all([loadJobs(), loadCredits()]));
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
  bindKeyForm();
  document.getElementById('more-jobs').addEventListener(
    'click',
    guarded(async () => {
      jobsShown += 50;
      await loadJobs();
    }),
  );
}
