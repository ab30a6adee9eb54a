// One value's panel: its offers (flagged and wrong-product offers marked, G38) and its price history.

import { api } from './dashboard.api.js';
import { drawLineChart } from './dashboard.chart.js';
import { el, fillTable, when } from './dashboard.dom.js';
import { handle } from './dashboard.shell.js';

const amount = (n) => (typeof n === 'number' ? n.toFixed(2) : '—');

function offerMarks(index, trust) {
  const marks = [];
  if (trust?.flagged_offers?.includes(index)) marks.push('price outlier');
  if (trust?.wrong_product_offers?.includes(index)) marks.push('other product');
  return marks.join(', ');
}

/** Opens the panel of one results row (`row` from dashboard.results.js). */
export async function showValue(row, ids) {
  const panel = document.getElementById('value-card');
  panel.hidden = false;
  document.getElementById('value-title').textContent =
    `${row.value}${row.product ? ` · ${row.product}` : ''}`;
  const content = row.result.content ?? {};
  const offers = Array.isArray(content.offers) ? content.offers : [];
  document.getElementById('offers-summary').textContent = row.failed
    ? `No offers: ${row.reason ?? 'failed'}.`
    : `${offers.length} offers listed; min/avg/max over the clean offers (new, this product, no outlier): ${amount(row.min)} / ${amount(row.avg)} / ${amount(row.max)} ${row.currency}.`;
  fillTable(
    document.getElementById('offers'),
    ['#', 'Seller', 'Condition', 'Price', 'Shipping', 'Total', 'Availability', 'Marked'],
    offers.map((offer, index) => {
      const marks = offerMarks(index, row.result.trust);
      return [
        offer.position ?? index + 1,
        offer.seller_name ?? offer.seller ?? null,
        offer.condition ?? null,
        `${amount(offer.price)} ${offer.currency ?? ''}`.trim(),
        offer.shipping === null || offer.shipping === undefined ? null : amount(offer.shipping),
        amount(offer.total),
        offer.availability_text ?? offer.availability_code ?? offer.availability ?? null,
        marks ? el('strong', marks, { class: 'mark' }) : '',
      ];
    }),
  );
  document.querySelectorAll('#offers tbody tr').forEach((tr, index) => {
    if (offerMarks(index, row.result.trust)) tr.classList.add('marked');
  });
  panel.scrollIntoView({ block: 'start' });
  await loadHistory(row, ids).catch(handle);
}

async function loadHistory(row, { job }) {
  const query = new URLSearchParams({
    source: job.source,
    country: job.country,
    key: job.key,
    value: row.value,
    limit: '1000',
  });
  const history = await api('GET', `/v1/account/history?${query}`);
  if (!document.getElementById('history')) return;
  // The history answers oldest first; lookups that found nothing carry no prices.
  const points = history.points
    .filter((point) => point.found)
    .map((point) => ({
      label: new Date(point.observed_at).toLocaleDateString(undefined, {
        day: 'numeric',
        month: 'short',
        hour: '2-digit',
        minute: '2-digit',
      }),
      at: point.observed_at,
      currency: point.currency,
      values: { min: point.price_min, avg: point.price_avg, max: point.price_max },
    }));
  const currency = points.find((point) => point.currency)?.currency ?? row.currency;
  drawLineChart(document.getElementById('history-chart'), points, {
    series: ['min', 'avg', 'max'],
    unit: currency || 'price',
    title: `Price history of ${row.value}`,
  });
  fillTable(
    document.getElementById('history'),
    ['Observed', 'Min', 'Avg', 'Max', 'Offers'],
    history.points.map((point) => [
      when(point.observed_at),
      amount(point.price_min),
      amount(point.price_avg),
      amount(point.price_max),
      point.found ? point.offers_count : 'not found',
    ]),
  );
}
