import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import {
  AuthenticationError,
  InvalidRequestError,
  NotFoundError,
  PricecrawlClient,
  PricecrawlError,
  type HistoryPage,
  type HistoryPoint,
  type Job,
  type JobDownload,
  type JobProgress,
  type ResultItem,
} from 'pricecrawl/client';
import { assertShape } from '../support/keys.ts';
import { injectFetch, type SentRequest } from '../support/client-fetch.ts';
import { fetchTruth, startHarness, type Harness } from '../support/harness.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const BASE_URL = 'http://pricecrawl.test:8080';

describe('client: batch jobs and history against the real service', () => {
  let harness: Harness;
  let key: string;
  let client: PricecrawlClient;
  const sent: SentRequest[] = [];

  before(async () => {
    harness = await startHarness();
    ({ key } = await harness.account());
    client = new PricecrawlClient({
      baseUrl: BASE_URL,
      apiKey: key,
      fetch: injectFetch(harness.app, sent),
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.min(ms, 50))),
    });
  });
  after(async () => harness.close());

  it('submits with an Idempotency-Key, waits with polls, and downloads JSON and CSV', async () => {
    const truth = await fetchTruth(harness, 'source_01', 'de');
    const ids = truth.products.slice(0, 3).map((product) => String(product.id));
    sent.length = 0;
    const submitted = await client.jobs.submit({
      source: 'source_01',
      country: 'de',
      key: 'id',
      values: ids,
    });
    assert.match(submitted.job._id, /^[0-9a-f]{24}$/);
    assert.deepEqual(submitted.job.values, ids);
    const [submitRequest] = sent;
    assert.ok(submitRequest);
    assert.equal(submitRequest.method, 'POST');
    assert.equal(submitRequest.url, '/job');
    assert.equal(submitRequest.headers['x-api-key'], key);
    assert.equal(submitRequest.headers['content-type'], 'application/json');
    assert.match(submitRequest.headers['idempotency-key'] ?? '', UUID);
    assert.deepEqual(JSON.parse(submitRequest.body ?? ''), {
      source: 'source_01',
      country: 'de',
      key: 'id',
      values: ids,
    });

    assertShape<Job>(
      submitted.job,
      [
        '_id',
        'source',
        'country',
        'key',
        'topic',
        'values',
        'max_pages',
        'max_age',
        'sort_by',
        'timeout',
        'not_found_max_age',
        'include_meta',
        'fetch_seller_names',
        'callback_url',
        'status',
        'createdAt',
        'updatedAt',
      ],
      'job',
    );
    const seen: string[] = [];
    const progress = await client.jobs.wait(submitted.job._id, {
      initialIntervalMs: 5,
      onProgress: (update) => seen.push(update.status),
    });
    assert.equal(progress.status, 'finished');
    assert.deepEqual({ done: progress.done, all: progress.all }, { done: 3, all: 3 });
    assert.equal(seen.at(-1), 'finished');
    const polls = sent.filter((request) => request.url === `/job/${submitted.job._id}`);
    assert.equal(polls.length, seen.length);
    assert.ok(polls.every((poll) => poll.method === 'GET' && poll.body === undefined));

    assertShape<JobProgress>(progress, ['_id', 'status', 'done', 'all'], 'progress');
    const download = await client.jobs.download(submitted.job._id);
    assertShape<JobDownload>(download, ['error', 'job_id', 'status', 'results'], 'download');
    assertShape<ResultItem>(
      download.results[0],
      ['key', 'success', 'reason', 'content', 'served_from', 'observed_at', 'trust'],
      'result item',
    );
    assert.equal(sent.at(-1)?.url, `/job/${submitted.job._id}/download`);
    assert.equal(download.status, 'finished');
    assert.deepEqual(
      download.results.map((result) => [result.key, result.success]),
      ids.map((id) => [id, true]),
    );

    const csv = await client.jobs.downloadCsv(submitted.job._id);
    assert.equal(sent.at(-1)?.url, `/job/${submitted.job._id}/download?format=csv`);
    const rows = parse(csv, { columns: true }) as Array<Record<string, string>>;
    assert.deepEqual([...new Set(rows.map((row) => row.key))], ids);
    assert.ok(rows.every((row) => row.success === 'true'));

    const xlsx = await client.jobs.downloadXlsx(submitted.job._id);
    assert.equal(sent.at(-1)?.url, `/job/${submitted.job._id}/download?format=xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(xlsx) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('results');
    assert.ok(sheet, 'the workbook has the sheet results');
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    assert.deepEqual(header, Object.keys(rows[0] ?? {}), 'the same columns as the CSV');
    assert.equal(sheet.rowCount - 1, rows.length, 'one row per CSV row');
  });

  it('gives each submit call its own Idempotency-Key and honours one passed in', async () => {
    sent.length = 0;
    const body = { source: 'source_01', country: 'de', key: 'id', values: ['1'], max_age: 0 };
    const first = await client.jobs.submit(body);
    const second = await client.jobs.submit(body);
    const keys = sent.map((request) => request.headers['idempotency-key']);
    assert.notEqual(keys[0], keys[1]);
    assert.notEqual(first.job._id, second.job._id);
    const again = await client.jobs.submit(body, { idempotencyKey: 'order-42' });
    const repeated = await client.jobs.submit(body, { idempotencyKey: 'order-42' });
    assert.equal(sent.at(-1)?.headers['idempotency-key'], 'order-42');
    assert.equal(repeated.job._id, again.job._id);
  });

  it('throws typed errors carrying the service message and HTTP status', async () => {
    const cases: Array<[() => Promise<unknown>, new (...args: never[]) => PricecrawlError, number, RegExp]> =
      [
        [() => client.jobs.get('0123456789abcdef01234567'), NotFoundError, 404, /^job not found$/],
        [
          () => client.jobs.submit({ source: 'source_01', country: 'jp', key: 'id', values: ['1'] }),
          InvalidRequestError,
          200,
          /country/,
        ],
        [
          () => new PricecrawlClient({ baseUrl: BASE_URL, fetch: injectFetch(harness.app) }).jobs.get('x'),
          AuthenticationError,
          401,
          /./,
        ],
      ];
    for (const [call, type, status, message] of cases) {
      await assert.rejects(call(), (error: unknown) => {
        assert.ok(error instanceof type, String(error));
        assert.ok(error instanceof PricecrawlError);
        assert.equal(error.status, status);
        assert.match(error.message, message);
        return true;
      });
    }
    await assert.rejects(
      client.jobs.submit({ source: 'source_01', country: 'jp', key: 'id', values: ['1'] }),
      (error: unknown) => {
        assert.ok(error instanceof InvalidRequestError);
        assert.deepEqual(error.details, {
          field: 'country',
          value: 'jp',
          allowed: ['de', 'at', 'uk', 'gb', 'fr', 'it', 'es'],
        });
        return true;
      },
    );
    const running = await client.jobs.submit({
      source: 'source_01',
      country: 'de',
      key: 'term',
      values: ['x'],
    });
    await client.jobs.wait(running.job._id, { initialIntervalMs: 5 });
    const unfinished = await client.jobs.submit({
      source: 'source_01',
      country: 'de',
      key: 'term',
      values: Array.from({ length: 50 }, (_, i) => `slow value ${i}`),
      max_age: 0,
    });
    await assert.rejects(client.jobs.downloadCsv(unfinished.job._id), (error: unknown) => {
      assert.ok(error instanceof InvalidRequestError);
      assert.equal(error.status, 200);
      assert.equal(error.message, 'job not finished');
      return true;
    });
  });

  it('reads the price history of a crawled value as JSON pages and CSV', async () => {
    const truth = await fetchTruth(harness, 'source_01', 'de');
    const id = String(truth.products[5]?.id);
    const { job } = await client.jobs.submit({ source: 'source_01', country: 'de', key: 'id', values: [id] });
    await client.jobs.wait(job._id, { initialIntervalMs: 5 });
    sent.length = 0;
    const query = { source: 'source_01', country: 'de', key: 'id', value: id };
    const page = await client.history.get(query);
    assert.equal(sent[0]?.url, `/history?source=source_01&country=de&key=id&value=${id}&format=json`);
    assert.equal(page.total, 1);
    assertShape<HistoryPage>(
      page,
      [
        'error',
        'source',
        'country',
        'key',
        'value',
        'from',
        'to',
        'offset',
        'limit',
        'total',
        'count',
        'points',
      ],
      'history page',
    );
    assertShape<HistoryPoint>(
      page.points[0],
      [
        'observed_at',
        'topic',
        'found',
        'price_min',
        'price_avg',
        'price_max',
        'offers_count',
        'buybox_price',
        'currency',
      ],
      'history point',
    );
    assert.equal(page.points[0]?.found, true);
    assert.equal(typeof page.points[0]?.price_min, 'number');
    const all = [];
    for await (const point of client.history.points(query)) all.push(point);
    assert.deepEqual(all, page.points);
    const csv = await client.history.csv(query);
    assert.match(csv, /^observed_at,topic,found,price_min/);
    assert.equal((parse(csv, { columns: true }) as unknown[]).length, 1);
  });
});
