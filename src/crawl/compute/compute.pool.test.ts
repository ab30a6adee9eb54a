import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pino } from 'pino';
import { PageParseError, SourceUnavailableError } from '../vocabulary/crawl.errors.ts';
import type { FetchedPage, ValueQuery } from '../vocabulary/crawl.types.ts';
import { parseProductPage } from '../sources/source-01/source-01.parse.ts';
import { parseProductPage as parseSource09Product } from '../sources/source-09/source-09.parse.ts';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { fetchedPage, ResponseBody } from '../fetcher/fetcher.page.ts';
import { readBodyCapped } from '../fetcher/fetcher.body.ts';
import { startSandbox } from '../../../test/support/sandbox-server.ts';
import { computeTrust } from '../trust/trust.ts';
import type { ComputePlace } from '../../platform/metrics/metrics.ts';
import { createComputePool, MAX_THREAD_FAILURES, type ComputePool } from './compute.pool.ts';

const silent = pino({ level: 'silent' });

/** The misbehaving thread entry of the failure tests (`test/support/compute-faulty.worker.ts`). */
const faultyEntry = (mode: 'exit' | 'unsent' | 'silent' | 'page-else-exit'): URL =>
  new URL(`../../../test/support/compute-faulty.worker.ts?mode=${mode}`, import.meta.url);

const query: ValueQuery = {
  source: 'source_01',
  country: 'de',
  key: 'id',
  topic: 'search',
  value: '1001',
  maxPages: 1,
  sortBy: 'ranking_descending',
  fetchSellerNames: false,
};

const trustInput = {
  query,
  success: true,
  reason: null,
  content: {
    product_id: '1001',
    name: 'Acme Kettle 1.7 l',
    price_min: 19.99,
    price_max: 24.5,
    price_avg: 22.2,
    offers: [
      {
        position: 1,
        title: 'Acme Kettle 1.7 l',
        price: 19.99,
        seller_name: 'Shop A',
        availability: 'in_stock',
      },
      {
        position: 2,
        title: 'Acme Kettle 1.7 l',
        price: 24.5,
        seller_name: 'Shop B',
        availability: 'in_stock',
      },
    ],
  },
  observedAt: new Date('2026-11-24T10:00:00Z'),
  now: new Date('2026-11-24T11:00:00Z'),
};

const garbledPage: FetchedPage = {
  url: 'http://127.0.0.1/preisvergleich/OffersOfProduct/1001.html',
  status: 200,
  body: '<html><body><h1>half a page',
  headers: {},
};

/** A pool whose calls are counted by place; closed after `use`. */
async function withPool(
  options: { threads: number; entry?: URL; callTimeoutMs?: number },
  use: (pool: ComputePool, places: ComputePlace[]) => Promise<void>,
): Promise<void> {
  const places: ComputePlace[] = [];
  const pool = createComputePool({
    ...options,
    logger: silent,
    onCall: (_name, place) => places.push(place),
  });
  try {
    await use(pool, places);
  } finally {
    await pool.close();
  }
}

describe('the compute pool', () => {
  const placements = [
    { threads: 1, place: 'thread', when: 'on a thread' },
    { threads: 0, place: 'main', when: 'on the main thread when it has no threads (COMPUTE_THREADS=0)' },
  ] as const;
  for (const { threads, place, when } of placements) {
    it(`scores trust ${when} and answers what scoring in place answers`, async () => {
      await withPool({ threads }, async (pool, places) => {
        assert.deepEqual(await pool.offload(computeTrust, trustInput), computeTrust(trustInput));
        assert.equal(pool.running, threads);
        assert.deepEqual(places, [place]);
      });
    });
  }

  it('rejects with the parser error class and message a parser throws in place', async () => {
    const inPlace = (() => {
      try {
        parseProductPage(garbledPage);
      } catch (error) {
        return error as Error;
      }
      throw new Error('the garbled page parsed');
    })();
    await withPool({ threads: 1 }, async (pool) => {
      await assert.rejects(pool.offload(parseProductPage, garbledPage), (error: unknown) => {
        assert.ok(error instanceof PageParseError, `not a PageParseError: ${String(error)}`);
        assert.equal(error.message, inPlace.message);
        return true;
      });
    });
  });

  it('parses a fetched page that crosses as its bytes on a thread as it parses in place', async () => {
    const { app } = await startSandbox({ pageWeight: 'real' });
    try {
      const truth = JSON.parse((await app.inject('/catalog.json?source=source_09&country=us')).body) as {
        base_url: string;
        products: Array<{ product_id: string }>;
      };
      const url = `${new URL(truth.base_url).pathname}/ip/${truth.products[0]?.product_id}`;
      const answer = await app.inject(url);
      const headers = { 'content-type': String(answer.headers['content-type']) };
      const pageOf = (html: string) =>
        fetchedPage(
          `http://127.0.0.1${url}`,
          200,
          headers,
          ResponseBody.ofBytes(Buffer.from(html), headers['content-type']),
        );
      const page = pageOf(answer.body);
      const garbled = pageOf(answer.body.slice(0, 5000));
      // A gzip body arrives as slices of the decompressor's memory, which chunks may share.
      const unzipped = await readBodyCapped(Readable.from([gzipSync(answer.body)]), 'gzip', 1e8);
      const gzipped = fetchedPage(
        page.url,
        200,
        headers,
        ResponseBody.ofBytes(unzipped, headers['content-type']),
      );
      await withPool({ threads: 1 }, async (pool, places) => {
        const parsing = pool.offload(parseSource09Product, page);
        assert.throws(() => page.body, /compute thread held/, 'its bytes crossed, not a copy of them');
        assert.deepEqual(await parsing, parseSource09Product(pageOf(answer.body)));
        await assert.rejects(pool.offload(parseSource09Product, garbled), PageParseError);
        assert.deepEqual(await pool.offload(parseSource09Product, gzipped), await parsing);
        assert.deepEqual(places, ['thread', 'thread', 'thread']);
      });
      // The thread handed the bytes back with its answers: the generic extractor still reads them.
      assert.equal(page.body, answer.body);
      assert.equal(garbled.body, answer.body.slice(0, 5000));
      assert.equal(gzipped.body, answer.body);
      // A thread that dies takes the bytes it held: its calls cannot run in place and fail as unavailable.
      await withPool({ threads: 1, entry: faultyEntry('exit') }, async (pool, places) => {
        for (let call = 0; call < MAX_THREAD_FAILURES; call += 1) {
          await assert.rejects(
            pool.offload(parseSource09Product, pageOf(answer.body)),
            SourceUnavailableError,
          );
        }
        assert.deepEqual(
          await pool.offload(parseSource09Product, pageOf(answer.body)),
          parseSource09Product(pageOf(answer.body)),
          'once the pool gave up its threads, pages parse in place',
        );
        assert.deepEqual(places, ['main']);
      });
    } finally {
      await app.close();
    }
  });

  it('spreads concurrent calls over its threads, never more than it may start', async () => {
    await withPool({ threads: 2 }, async (pool, places) => {
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => pool.offload(computeTrust, trustInput)),
      );
      assert.equal(new Set(answers.map((answer) => JSON.stringify(answer))).size, 1);
      assert.equal(pool.running, 2);
      assert.equal(places.filter((place) => place === 'thread').length, 20);
    });
  });

  it('runs an unregistered function in place without starting a thread', async () => {
    await withPool({ threads: 2 }, async (pool, places) => {
      assert.equal(await pool.offload((n: number) => n + 1, 41), 42);
      await assert.rejects(
        pool.offload(() => {
          throw new PageParseError('in place');
        }, 0),
        PageParseError,
      );
      assert.equal(pool.running, 0);
      assert.deepEqual(places, []);
    });
  });

  it('answers the calls of a thread that dies in place, and stops starting threads after repeated deaths', async () => {
    await withPool({ threads: 1, entry: faultyEntry('exit') }, async (pool, places) => {
      const expected = computeTrust(trustInput);
      for (let call = 0; call < MAX_THREAD_FAILURES + 2; call += 1) {
        assert.deepEqual(await pool.offload(computeTrust, trustInput), expected);
      }
      assert.equal(pool.running, 0);
      assert.deepEqual(places, Array<ComputePlace>(MAX_THREAD_FAILURES + 2).fill('main'));
    });
  });

  it('lets a thread that holds a page answer for it when the pool gives up on threads', async () => {
    const html = '<html><body>a page whose bytes only its thread holds</body></html>';
    const body = ResponseBody.ofBytes(Buffer.from(html), 'text/html; charset=utf-8');
    const page = fetchedPage('http://127.0.0.1/ip/1', 200, {}, body);
    // The thread answers for the page once this file exists: after the pool gave up (an answer
    // before would start the count of failures in a row again).
    const release = join(mkdtempSync(join(tmpdir(), 'pricecrawl-pool-')), 'release');
    const entry = faultyEntry('page-else-exit');
    entry.searchParams.set('release', release);
    await withPool({ threads: 4, entry }, async (pool) => {
      const held = pool.offload(parseSource09Product, page);
      // Each further call starts a thread that dies: the third death gives up on threads.
      for (let call = 0; call < MAX_THREAD_FAILURES; call += 1) {
        assert.deepEqual(await pool.offload(computeTrust, trustInput), computeTrust(trustInput));
      }
      writeFileSync(release, '');
      assert.equal(await held, 'held');
      assert.equal(page.body, html, 'the bytes came back with the answer');
      assert.equal(pool.running, 0);
    });
    rmSync(dirname(release), { recursive: true, force: true });
  });

  it('answers in place when no thread can be started', async () => {
    const entry = new URL('https://example.invalid/compute.worker.js');
    await withPool({ threads: 1, entry }, async (pool, places) => {
      assert.deepEqual(await pool.offload(computeTrust, trustInput), computeTrust(trustInput));
      assert.deepEqual(places, ['main']);
      assert.equal(pool.running, 0);
    });
  });

  it('runs a call in place when its result could not cross, and keeps the thread', async () => {
    await withPool({ threads: 1, entry: faultyEntry('unsent') }, async (pool, places) => {
      for (let call = 0; call < MAX_THREAD_FAILURES + 1; call += 1) {
        assert.deepEqual(await pool.offload(computeTrust, trustInput), computeTrust(trustInput));
      }
      assert.equal(pool.running, 1);
      assert.deepEqual(places, Array<ComputePlace>(MAX_THREAD_FAILURES + 1).fill('main'));
    });
  });

  it('fails the calls of a thread that does not answer in time as source unavailable, and ends it', async () => {
    await withPool({ threads: 1, entry: faultyEntry('silent'), callTimeoutMs: 100 }, async (pool) => {
      await assert.rejects(pool.offload(computeTrust, trustInput), (error: unknown) => {
        assert.ok(error instanceof SourceUnavailableError, String(error));
        assert.match(error.message, /did not answer within 100 ms/);
        return true;
      });
      assert.equal(pool.running, 0);
    });
  });

  it('answers calls in place once closed', async () => {
    const pool = createComputePool({ threads: 1, logger: silent });
    await pool.offload(computeTrust, trustInput);
    await pool.close();
    assert.equal(pool.running, 0);
    assert.deepEqual(await pool.offload(computeTrust, trustInput), computeTrust(trustInput));
  });
});
