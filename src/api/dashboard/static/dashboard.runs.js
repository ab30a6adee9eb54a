// An interval job's runs: status, counts and the downloads of each run; a run's results open by link.

import { api } from './dashboard.api.js';
import { el, fillFigures, fillTable, when } from './dashboard.dom.js';

function downloads(run) {
  const links = el('span', undefined, { class: 'actions' });
  if (run.status === 'finished' || run.status === 'failed') {
    links.append(
      el('a', 'JSON', { class: 'button', href: `/v1/account/jobs/${run.id}/download?format=json` }),
      el('a', 'CSV', { class: 'button', href: `/v1/account/jobs/${run.id}/download?format=csv` }),
    );
  }
  return links;
}

/** Draws the runs card of interval job `id`; `shownRun` is the run whose results are on screen. */
export async function loadRuns(id, shownRun) {
  const answer = await api('GET', `/v1/account/jobs/${id}/runs?limit=20`);
  const card = document.getElementById('runs-card');
  // The view may have changed while the answer came: a view that is gone is not drawn.
  if (!card) return;
  card.hidden = false;
  const [latest] = answer.runs;
  fillFigures(document.getElementById('runs-figures'), [
    ['Every', `${answer.interval} minutes`],
    ['Latest run', latest ? `${latest.status}, started ${when(latest.created_at)}` : 'not started yet'],
    ['Next run', when(answer.next_run_at)],
    ...(answer.last_run_error ? [['Last skipped run', answer.last_run_error]] : []),
  ]);
  fillTable(
    document.getElementById('runs'),
    ['Run', 'Status', 'Progress', 'Started', 'Downloads'],
    answer.runs.map((run, index) => [
      run.id === shownRun || (!shownRun && index === 0)
        ? el('strong', `${run.id} (shown)`)
        : el('a', run.id, { href: `#/jobs/${id}/runs/${run.id}` }),
      run.status,
      `${run.values_done} of ${run.values_total} (${run.values_errors} failed)`,
      when(run.started_at ?? run.created_at),
      downloads(run),
    ]),
  );
}
