// One job: its progress and downloads, its results (dashboard.results.js), an interval job's runs
// (dashboard.runs.js) and a stream's deliveries with replay.

import { api } from './dashboard.api.js';
import { button, fillFigures, fillTable, when } from './dashboard.dom.js';
import { showResults } from './dashboard.results.js';
import { loadRuns } from './dashboard.runs.js';
import { guarded, isShown, pollWhileShown, say, show, showWho, stopPolling } from './dashboard.shell.js';

const ENDED = new Set(['finished', 'failed']);

function setDownloads(id, shown) {
  document.getElementById('downloads').hidden = !shown;
  document.getElementById('download-json').href = `/v1/account/jobs/${id}/download?format=json`;
  document.getElementById('download-csv').href = `/v1/account/jobs/${id}/download?format=csv`;
}

async function loadJob(id, runId) {
  const { job, deliveries } = await api('GET', `/v1/account/jobs/${id}`);
  // The view may have changed while the answer came: a view that is gone is not drawn.
  if (!document.getElementById('job')) return undefined;
  const kind = job.kind === 'stream' ? 'Stream' : job.interval === null ? 'Job' : 'Interval job';
  document.getElementById('job-title').textContent = `${kind} ${job.id}`;
  const run = runId ? ` (run ${runId})` : job.interval === null ? '' : ' (latest run)';
  fillFigures(document.getElementById('job'), [
    ['Status', `${job.status}${run}`],
    ['Source', `${job.source}.${job.country}, key ${job.key}, topic ${job.topic}`],
    ['Progress', `${job.values_done} of ${job.values_total} values (${job.values_errors} failed)`],
    ...(job.interval === null
      ? []
      : [['Repeats', `every ${job.interval} minutes; next run ${when(job.next_run_at)}`]]),
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
  // An interval job downloads by run (the runs table); the job's own link serves its latest ended run.
  setDownloads(runId ?? job.id, job.kind !== 'stream' && (runId !== undefined || ENDED.has(job.status)));
  return job;
}

/**
 * Where a job's deliveries are read and replayed: a stream's own routes, or a batch job's (an
 * interval job's: the run on screen, else its latest run).
 */
function deliveriesBase(job, runId) {
  if (job.kind === 'stream') return `/v1/account/streams/${job.id}`;
  return `/v1/account/jobs/${runId ?? job.run_id ?? job.id}`;
}

/** Draws the deliveries card; a batch job without a webhook has none and shows no card. */
async function loadDeliveries(base, isStream) {
  const { deliveries } = await api('GET', `${base}/deliveries?limit=200`);
  if (!document.getElementById('deliveries')) return;
  document.getElementById('deliveries-card').hidden = !isStream && deliveries.length === 0;
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
        ? button(
            `Replay batch ${delivery.batch_sequence}`,
            guarded(async () => {
              await api('POST', `/v1/account/deliveries/${delivery._id}/replay`);
              say(`Batch ${delivery.batch_sequence} queued again.`);
              await loadDeliveries(base, isStream);
            }),
          )
        : '',
    ]),
  );
}

/** `#/jobs/{id}` and `#/jobs/{id}/runs/{runId}`. */
export async function showJob(id, runId) {
  const number = show('job-view');
  let base = '';
  document.getElementById('replay-all').addEventListener(
    'click',
    guarded(async () => {
      const { replayed } = await api('POST', `${base}/replay-all`);
      say(`${replayed} dead-lettered deliveries queued again.`);
      await loadJob(id, runId);
    }),
  );
  await showWho();
  const job = await loadJob(id, runId);
  if (!job || !isShown(number)) return;
  const card = document.getElementById('results-card');
  let lastDone = -1;
  const refresh = async () => {
    const current = await loadJob(id, runId);
    if (!current) return undefined;
    base = deliveriesBase(current, runId);
    await loadDeliveries(base, current.kind === 'stream');
    if (current.kind === 'stream') return current;
    // Results are read again only while they change: a finished table stays as the user sorted it.
    if (current.values_done !== lastDone) {
      lastDone = current.values_done;
      await showResults(card, current, runId);
    }
    if (current.interval !== null) await loadRuns(id, runId);
    return current;
  };
  if (job.kind === 'stream') card.hidden = true;
  await refresh();
  if (job.interval === null && ENDED.has(job.status)) return;
  pollWhileShown(number, async () => {
    const current = await refresh();
    if (current && current.interval === null && ENDED.has(current.status)) stopPolling();
  });
}
