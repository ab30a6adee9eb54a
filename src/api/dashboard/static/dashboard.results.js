// A job's results: one row per value, sortable by any column, filterable to failures, paged.

import { api } from './dashboard.api.js';
import { button, el, when } from './dashboard.dom.js';
import { showValue } from './dashboard.value.js';

const PAGE_ROWS = 50;
const FETCH_LIMIT = 1000;

/** What the table shows of one result item (spec 2.3 plus the submitted value). */
export function rowOf({ index, value, result }) {
  const content = result.content ?? {};
  const components = Object.entries(result.trust?.components ?? {});
  const weakest = components.sort((a, b) => a[1] - b[1])[0];
  return {
    index,
    value,
    result,
    product: content.name ?? content.title ?? null,
    currency: content.currency ?? content.offers?.[0]?.currency ?? '',
    min: content.price_min ?? null,
    avg: content.price_avg ?? null,
    max: content.price_max ?? null,
    offers: content.offers_count ?? content.offers?.length ?? null,
    score: result.trust?.score ?? null,
    weakest: weakest ? `${weakest[0].replaceAll('_', ' ')} ${weakest[1]}` : null,
    served: result.served_from,
    observed: result.observed_at,
    // An analyst's failure: no price came back, whether the crawl failed or found nothing.
    failed: !result.success || result.reason !== null,
    reason: [result.reason, result.reason_detail].filter(Boolean).join(': ') || null,
  };
}

const COLUMNS = [
  ['Value', 'value'],
  ['Product', 'product'],
  ['Min', 'min'],
  ['Avg', 'avg'],
  ['Max', 'max'],
  ['Offers', 'offers'],
  ['Trust (weakest)', 'score'],
  ['Served', 'served'],
  ['Observed', 'observed'],
  ['Reason', 'reason'],
];

const money = (amount, currency) => (amount === null ? '—' : `${amount.toFixed(2)} ${currency}`.trim());

function compare(a, b) {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  return typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b));
}

/** Loads every result of the job (pages of 1 000) and draws the table into `card`. */
export async function showResults(card, job, runId) {
  const jobId = job.id;
  const rows = [];
  for (let offset = 0; ; offset += FETCH_LIMIT) {
    const run = runId ? `&run_id=${runId}` : '';
    const page = await api(
      'GET',
      `/v1/account/jobs/${jobId}/results?offset=${offset}&limit=${FETCH_LIMIT}${run}`,
    );
    rows.push(...page.results.map(rowOf));
    if (offset + FETCH_LIMIT >= page.total) break;
  }
  if (!card.isConnected) return rows;
  const state = card.resultsState ?? { sort: 'index', descending: false, failuresOnly: false, page: 0 };
  card.resultsState = state;
  const draw = () => drawResults(card, rows, state, draw, { job, runId });
  const filter = card.querySelector('#failures-only');
  filter.onchange = () => {
    state.failuresOnly = filter.checked;
    state.page = 0;
    draw();
  };
  draw();
  return rows;
}

function drawResults(card, allRows, state, redraw, ids) {
  const rows = allRows.filter((row) => !state.failuresOnly || row.failed);
  rows.sort((a, b) => compare(a[state.sort], b[state.sort]) * (state.descending ? -1 : 1));
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_ROWS));
  state.page = Math.min(state.page, pages - 1);
  const shown = rows.slice(state.page * PAGE_ROWS, (state.page + 1) * PAGE_ROWS);
  const table = card.querySelector('#results');
  const head = el('tr');
  for (const [title, field] of COLUMNS) {
    const sorted = state.sort === field;
    const th = el('th', undefined, {
      scope: 'col',
      'aria-sort': sorted ? (state.descending ? 'descending' : 'ascending') : 'none',
    });
    th.append(
      button(`${title}${sorted ? (state.descending ? ' ▼' : ' ▲') : ''}`, () => {
        state.descending = sorted ? !state.descending : false;
        state.sort = field;
        redraw();
      }),
    );
    head.append(th);
  }
  const body = el('tbody');
  for (const row of shown) body.append(resultRow(row, ids));
  table.replaceChildren(el('thead'), body);
  table.tHead.append(head);
  const failures = allRows.filter((row) => row.failed).length;
  card.querySelector('#results-summary').textContent =
    `${allRows.length} values with a result, ${failures} without a price; showing ${shown.length === 0 ? 0 : state.page * PAGE_ROWS + 1}–${state.page * PAGE_ROWS + shown.length} of ${rows.length}.`;
  const pager = card.querySelector('#results-pager');
  pager.replaceChildren(
    button('Previous page', () => {
      state.page -= 1;
      redraw();
    }),
    el('span', `Page ${state.page + 1} of ${pages}`),
    button('Next page', () => {
      state.page += 1;
      redraw();
    }),
  );
  pager.children[0].disabled = state.page === 0;
  pager.children[2].disabled = state.page >= pages - 1;
}

function resultRow(row, ids) {
  const tr = el('tr', undefined, row.failed ? { class: 'failed' } : {});
  const open = button(row.value, () => showValue(row, ids));
  open.classList.add('link');
  open.setAttribute('aria-label', `Offers and history of ${row.value}`);
  const cells = [
    open,
    row.product,
    money(row.min, row.currency),
    money(row.avg, row.currency),
    money(row.max, row.currency),
    row.offers,
    row.score === null ? null : `${row.score.toFixed(2)} (${row.weakest})`,
    row.served,
    when(row.observed),
    row.reason ?? (row.failed ? 'failed' : 'ok'),
  ];
  cells.forEach((cell, i) => {
    const td = el('td', undefined, { 'data-label': COLUMNS[i][0] });
    if (cell instanceof Node) td.append(cell);
    else td.textContent = cell === null || cell === undefined ? '—' : String(cell);
    tr.append(td);
  });
  return tr;
}
