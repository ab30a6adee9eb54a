// The submission form: source first, then only that source's countries, keys and topics; values
// typed or read from a CSV/XLSX file with a column chooser; the credits the job reserves shown
// before it is submitted. Submitting creates the job through `POST /v1/account/jobs` (G39).

import { api } from './dashboard.api.js';
import { el } from './dashboard.dom.js';
import { guarded, isShown, say, show, showWho } from './dashboard.shell.js';
import { readTable } from './dashboard.values-file.js';

function fillSelect(select, options, text = (option) => option) {
  const kept = select.value;
  select.replaceChildren(...options.map((option) => el('option', text(option), { value: option })));
  if (options.includes(kept)) select.value = kept;
}

const plural = (n, noun) => `${n} ${noun}${n === 1 ? '' : 's'}`;

function valuesOf(form) {
  const lines = form.elements.values.value.split(/\r?\n/).map((line) => line.trim());
  return [...new Set(lines.filter((line) => line !== ''))];
}

/** The submission body the form describes (fields left empty keep the service's defaults). */
function bodyOf(form) {
  const body = {
    source: form.elements.source.value,
    country: form.elements.country.value,
    key: form.elements.key.value,
    topic: form.elements.topic.value,
    values: valuesOf(form),
  };
  if (form.elements.max_age.value !== '') body.max_age = Number(form.elements.max_age.value);
  if (form.elements.interval.value !== '') body.interval = Number(form.elements.interval.value);
  const callbackUrl = form.elements.callback_url.value.trim();
  if (callbackUrl !== '') body.callback_url = callbackUrl;
  // decisions G40: `deliver` belongs to interval jobs ("changes" needs the webhook URL); "all" is
  // the default and is not sent.
  if (body.interval !== undefined && form.elements.deliver.value === 'changes') body.deliver = 'changes';
  return body;
}

export async function showSubmit() {
  const shown = show('submit-view');
  const form = document.getElementById('submit-form');
  // A fresh key per form shown: a double click or a retried request makes one job, not two.
  const idempotencyKey = crypto.randomUUID();
  form.addEventListener('submit', (event) => event.preventDefault());
  await showWho();
  const [{ sources }, credits] = await Promise.all([
    api('GET', '/v1/account/sources'),
    api('GET', '/v1/account/credits'),
  ]);
  // Left for another view meanwhile: this form is gone (a form shown again is another call's).
  if (!isShown(shown)) return;
  const byId = new Map(sources.map((source) => [source.id, source]));
  fillSelect(
    form.elements.source,
    sources.map((source) => source.id),
    (id) => `${id} · ${byId.get(id).label}`,
  );

  const update = () => {
    const source = byId.get(form.elements.source.value);
    if (!source) return;
    fillSelect(form.elements.country, source.countries);
    const country = form.elements.country.value;
    const keys = source.keys.filter((key) => key.countries === null || key.countries.includes(country));
    fillSelect(
      form.elements.key,
      keys.map((key) => key.key),
    );
    const key = form.elements.key.value;
    const topics = source.topics.filter((topic) => topic.keys === null || topic.keys.includes(key));
    fillSelect(
      form.elements.topic,
      topics.map((topic) => topic.topic),
    );
    form.elements.deliver.disabled = form.elements.interval.value === '';
    const count = valuesOf(form).length;
    const reserve = form.elements.topic.value === 'remove_conversions' ? 0 : count;
    const per = form.elements.interval.value === '' ? '' : ' per run';
    const room =
      credits.available === null ? 'no limit on spending' : `${credits.available} credits available`;
    document.getElementById('estimate').textContent =
      `${plural(count, 'value')}: this job reserves ${plural(reserve, 'credit')}${per} (${room}); ` +
      'values that fail validation or come from the cache are given back.';
  };
  form.addEventListener('input', update);
  form.addEventListener('change', update);
  update();

  let table = null;
  const columnLabel = document.getElementById('column-label');
  const useColumn = () => {
    const column = Number(form.elements.column.value);
    const rows = table.slice(1).map((row) => String(row[column] ?? '').trim());
    form.elements.values.value = rows.filter((value) => value !== '').join('\n');
    update();
  };
  form.elements.file.addEventListener(
    'change',
    guarded(async () => {
      const file = form.elements.file.files[0];
      if (!file) return;
      table = await readTable(file);
      const header = table[0] ?? [];
      form.elements.column.replaceChildren(
        ...header.map((name, index) =>
          el('option', name === '' ? `column ${index + 1}` : name, { value: String(index) }),
        ),
      );
      columnLabel.hidden = header.length < 2;
      say(`${file.name}: ${Math.max(0, table.length - 1)} rows below the header row.`);
      useColumn();
    }),
  );
  form.elements.column.addEventListener('change', useColumn);
  // Shown before the sources arrive, the form takes input only once every handler is in place:
  // a file picked earlier would be read by nobody.
  form.querySelector('fieldset').disabled = false;
  form.setAttribute('aria-busy', 'false');

  form.addEventListener(
    'submit',
    guarded(async () => {
      const body = bodyOf(form);
      if (body.values.length === 0) throw new Error('Enter at least one value, or read them from a file.');
      const answer = await api('POST', '/v1/account/jobs', body, { 'idempotency-key': idempotencyKey });
      say(`Job ${answer.job._id} submitted.`);
      location.hash = `#/jobs/${answer.job._id}`;
    }),
  );
}
