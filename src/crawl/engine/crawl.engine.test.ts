import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { CrawlContext, DriverOutcome, SourceDriver, ValueQuery } from '../vocabulary/crawl.types.ts';
import { PageParseError } from '../vocabulary/crawl.errors.ts';
import { createCrawlEngine, type CrawlEngine, type CrawlValueInput } from './crawl.engine.ts';
import type { FetcherOptions } from '../fetcher/fetcher.options.ts';
import {
  hang,
  ok,
  productHtml,
  startServer,
  status,
  type TestServer,
} from '../../../test/support/fetch-server.ts';
import { until } from '../../../test/support/until.ts';

const FAST: Partial<FetcherOptions> = {
  requestTimeoutMs: 2_000,
  maxAttempts: 3,
  backoffBaseMs: 1,
  backoffMaxMs: 5,
  perPairRequestsPerSecond: 10_000,
  perPairBurst: 100,
};

const NO_BILLABLE = { extraResultPages: 0, sellerPages: 0 };

function query(value: string, extra: Partial<ValueQuery> = {}): ValueQuery {
  const base: ValueQuery = {
    source: 'source_01',
    country: 'de',
    key: 'id',
    topic: 'search',
    value,
    maxPages: 1,
    sortBy: 'ranking_descending',
    fetchSellerNames: false,
  };
  return { ...base, ...extra };
}

/** Reads `/product/<value>`: 404 is not found, a page without `<h1>` is unparseable. */
const productDriver: SourceDriver = {
  source: 'source_01',
  async crawl(context: CrawlContext, value: ValueQuery): Promise<DriverOutcome> {
    const page = await context.fetchPage({
      url: `${context.baseUrl}/product/${value.value}`,
      jobType: 'product',
    });
    if (page.status === 404) return { status: 'not_found', billable: NO_BILLABLE };
    const name = /<h1>([^<]*)<\/h1>/.exec(page.body)?.[1];
    if (name === undefined) throw new PageParseError('no product name');
    const offers = [
      { price: 30, shipping: 0, total: 30 },
      { price: 10, shipping: 5, total: 15 },
      { price: 20, shipping: 0, total: 20 },
    ];
    return { status: 'found', content: { product_id: value.value, name, offers }, billable: NO_BILLABLE };
  },
};

function driverOf(crawl: SourceDriver['crawl']): SourceDriver {
  return { source: 'source_01', crawl };
}

describe('crawl engine', () => {
  let server: TestServer;
  let engine: CrawlEngine;
  let input: (value: string, extra?: Partial<CrawlValueInput>) => CrawlValueInput;

  before(async () => {
    server = await startServer({
      '/product/p1': ok(productHtml('Kettle')),
      '/product/garbled-once': [ok('<html><body>garbled</body></html>'), ok(productHtml('Toaster'))],
      '/product/garbled': ok('<html><body>garbled</body></html>'),
      '/product/flaky': [status(503), ok(productHtml('Lamp'))],
      '/product/down': status(500),
      '/product/hang': hang,
    });
    engine = createCrawlEngine({ fetcherOptions: FAST });
    input = (value, extra = {}) => ({
      query: query(value),
      driver: productDriver,
      baseUrl: `${server.url}/`,
      deadline: new Date(Date.now() + 10_000),
      conversions: {
        get: async () => undefined,
        set: async () => undefined,
        remove: async () => undefined,
      },
      sellerNames: { getMany: async () => new Map(), set: async () => undefined },
      ...extra,
    });
  });

  after(async () => {
    await engine.close();
    await server.close();
  });

  it('answers a found value with one provenance record per fetch', async () => {
    const result = await engine.crawlValue(input('p1'));
    assert.ok('outcome' in result && result.outcome.status === 'found');
    assert.equal(result.outcome.content.name, 'Kettle');
    assert.equal(result.crawls.length, 1);
    const [record] = result.crawls;
    assert.ok(record);
    assert.match(record.crawl_id, /^[0-9a-f-]{36}$/);
    assert.equal(record.url, `${server.url}/product/p1`);
    assert.equal(record.http_status, 200);
    assert.ok(Number.isInteger(record.duration_ms) && record.duration_ms >= 0);
    assert.match(record.observed_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    // Direct egress without LOCAL_EGRESS_COUNTRY: where the request left from is unknown.
    assert.equal(record.geo, null);
    assert.equal(record.job_type, 'product');
  });

  it('orders offers by sort_by and renumbers their positions', async () => {
    const result = await engine.crawlValue(
      input('p1', { query: query('p1', { sortBy: 'total_ascending' }) }),
    );
    assert.ok('outcome' in result && result.outcome.status === 'found');
    const offers = result.outcome.content.offers as { total: number; position: number }[];
    assert.deepEqual(
      offers.map((offer) => [offer.position, offer.total]),
      [
        [1, 15],
        [2, 20],
        [3, 30],
      ],
    );
  });

  it('answers not found for a 404 page', async () => {
    const result = await engine.crawlValue(input('unknown'));
    assert.ok('outcome' in result);
    assert.equal(result.outcome.status, 'not_found');
    assert.deepEqual(
      result.crawls.map((record) => record.http_status),
      [404],
    );
  });

  it('records every attempt of a retried fetch, each with its own crawl_id', async () => {
    const result = await engine.crawlValue(input('flaky'));
    assert.ok('outcome' in result);
    assert.deepEqual(
      result.crawls.map((record) => record.http_status),
      [503, 200],
    );
    assert.notEqual(result.crawls[0]?.crawl_id, result.crawls[1]?.crawl_id);
  });

  it('crawls the value again after a PageParseError', async () => {
    const result = await engine.crawlValue(input('garbled-once'));
    assert.ok('outcome' in result && result.outcome.status === 'found');
    assert.equal(result.outcome.content.name, 'Toaster');
    assert.equal(result.crawls.length, 2);
  });

  it('gives up as source currently unavailable after parseRetries more PageParseErrors', async () => {
    const before = server.count('/product/garbled');
    const result = await engine.crawlValue(input('garbled'));
    assert.deepEqual('failure' in result && result.failure, 'source currently unavailable');
    assert.equal(server.count('/product/garbled') - before, 3, 'one run plus two parse retries');
    assert.equal(result.crawls.length, 3);
  });

  it('answers source currently unavailable when the source keeps failing', async () => {
    const result = await engine.crawlValue(input('down'));
    assert.ok('failure' in result);
    assert.equal(result.failure, 'source currently unavailable');
    assert.equal(result.crawls.length, 3);
  });

  it('answers timeout when the deadline passes during a fetch', async () => {
    const result = await engine.crawlValue(input('hang', { deadline: new Date(Date.now() + 100) }));
    assert.ok('failure' in result);
    assert.equal(result.failure, 'timeout');
    assert.deepEqual(result.crawls, []);
  });

  it('answers timeout without calling the driver when the deadline has passed', async () => {
    let called = false;
    const driver = driverOf(async () => {
      called = true;
      return { status: 'not_found', billable: NO_BILLABLE };
    });
    const result = await engine.crawlValue(input('p1', { driver, deadline: new Date(Date.now() - 1) }));
    assert.deepEqual(result, { failure: 'timeout', crawls: [] });
    assert.equal(called, false);
  });

  it('answers timeout for a driver that never settles', async () => {
    const driver = driverOf(() => new Promise<DriverOutcome>(() => undefined));
    const result = await engine.crawlValue(input('p1', { driver, deadline: new Date(Date.now() + 50) }));
    assert.deepEqual(result, { failure: 'timeout', crawls: [] });
  });

  it('turns a driver bug, a synchronous throw and an invalid outcome into a value failure', async () => {
    const drivers = [
      driverOf(async () => {
        throw new TypeError('cannot read properties of undefined');
      }),
      driverOf(() => {
        throw new Error('thrown before any promise');
      }),
      driverOf(async () => ({ status: 'found' }) as unknown as DriverOutcome),
    ];
    for (const driver of drivers) {
      const result = await engine.crawlValue(input('p1', { driver }));
      assert.deepEqual(result, { failure: 'source currently unavailable', crawls: [] });
    }
  });

  it('swallows a driver rejection that comes after the deadline and ignores its late fetches', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown): void => void unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      // The driver runs on once the engine has answered the deadline, and fetches too late.
      let runOn: () => void = () => undefined;
      const answered = new Promise<void>((resolve) => (runOn = resolve));
      let fetched: (late: { fetching: Promise<unknown> }) => void = () => undefined;
      const lateFetch = new Promise<{ fetching: Promise<unknown> }>((resolve) => (fetched = resolve));
      let ended: () => void = () => undefined;
      const driverEnded = new Promise<void>((resolve) => (ended = resolve));
      const driver = driverOf(async (context) => {
        try {
          await answered;
          const fetching = context.fetchPage({ url: `${server.url}/product/p1`, jobType: 'product' });
          fetched({ fetching });
          await fetching;
          throw new Error('late failure');
        } finally {
          // Two turns later: its rejection has reached the engine, or 'unhandledRejection'.
          setImmediate(() => setImmediate(ended));
        }
      });
      const result = await engine.crawlValue(input('p1', { driver, deadline: new Date(Date.now() + 20) }));
      assert.deepEqual(result, { failure: 'timeout', crawls: [] });
      runOn();
      await assert.rejects((await lateFetch).fetching);
      await driverEnded;
      assert.equal(result.crawls.length, 0, 'the returned records do not grow afterwards');
      assert.deepEqual(unhandled, []);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});

describe('crawl engine shutdown', () => {
  it('ends running values as source currently unavailable on close, and refuses new ones', async () => {
    const server = await startServer({ '/product/hang': hang });
    const engine = createCrawlEngine({ fetcherOptions: FAST });
    const base: CrawlValueInput = {
      query: query('hang'),
      driver: productDriver,
      baseUrl: server.url,
      deadline: new Date(Date.now() + 10_000),
      conversions: { get: async () => undefined, set: async () => undefined, remove: async () => undefined },
      sellerNames: { getMany: async () => new Map(), set: async () => undefined },
    };
    const running = engine.crawlValue(base);
    await until('the crawl is waiting on the hanging page', () => server.count('/product/hang') === 1);
    await engine.close();
    assert.deepEqual(await running, { failure: 'source currently unavailable', crawls: [] });
    assert.deepEqual(await engine.crawlValue(base), { failure: 'source currently unavailable', crawls: [] });
    await server.close();
  });
});

describe('crawl engine host guard (issue 8 part 2, defect 13)', () => {
  let source: TestServer;
  let internal: TestServer;
  let engine: CrawlEngine;

  before(async () => {
    internal = await startServer({ '/secret': ok(productHtml('Secret')) });
    source = await startServer({
      '/product/away': (_request, response) => {
        response.writeHead(302, { location: `${internal.url}/secret` });
        response.end();
      },
      '/product/linking': ok(`<html><body><a href="${'INTERNAL'}/secret">next</a></body></html>`),
    });
    engine = createCrawlEngine({ fetcherOptions: FAST });
  });

  after(async () => {
    await engine.close();
    await Promise.all([source.close(), internal.close()]);
  });

  /** Fetches `/product/<value>`, then every absolute link of that page. */
  const linkFollower = driverOf(async (context, value) => {
    const page = await context.fetchPage({
      url: `${context.baseUrl}/product/${value.value}`,
      jobType: 'product',
    });
    for (const [, href] of page.body.matchAll(/href="([^"]+)"/g)) {
      await context.fetchPage({ url: (href ?? '').replace('INTERNAL', internal.url), jobType: 'seller' });
    }
    return { status: 'not_found', billable: NO_BILLABLE };
  });

  const crawl = (value: string) =>
    engine.crawlValue({
      query: query(value),
      driver: linkFollower,
      baseUrl: `${source.url}/`,
      deadline: new Date(Date.now() + 10_000),
      conversions: { get: async () => undefined, set: async () => undefined, remove: async () => undefined },
      sellerNames: { getMany: async () => new Map(), set: async () => undefined },
    });

  it('refuses a redirect to another host as a value failure, keeping the redirect in provenance', async () => {
    const result = await crawl('away');
    assert.ok('failure' in result, JSON.stringify(result));
    assert.equal(result.failure, 'source currently unavailable');
    assert.deepEqual(
      result.crawls.map((record) => [record.url, record.http_status]),
      [[`${source.url}/product/away`, 302]],
    );
    assert.equal(internal.count('/secret'), 0);
  });

  it('refuses an absolute link to another host without requesting it', async () => {
    const result = await crawl('linking');
    assert.ok('failure' in result, JSON.stringify(result));
    assert.equal(result.failure, 'source currently unavailable');
    assert.deepEqual(
      result.crawls.map((record) => record.url),
      [`${source.url}/product/linking`],
    );
    assert.equal(internal.count('/secret'), 0);
  });
});
