import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CrawlTimeoutError, SourceUnavailableError } from '../vocabulary/crawl.errors.ts';
import { createFetcher, type FetchAnswer, type Fetcher, type FetchRequest } from './fetcher.ts';
import type { FetcherOptions } from './fetcher.options.ts';
import {
  blockPage,
  drop,
  dropMidBody,
  gzipped,
  hang,
  huge,
  ok,
  productHtml,
  redirect,
  stallBody,
  startServer,
  status,
  truncated,
  type TestServer,
} from '../../../test/support/fetch-server.ts';

const FAST: Partial<FetcherOptions> = {
  requestTimeoutMs: 300,
  maxAttempts: 3,
  backoffBaseMs: 5,
  backoffMaxMs: 20,
  perPairConcurrency: 8,
  perPairRequestsPerSecond: 10_000,
  perPairBurst: 100,
};

function request(url: string, extra: Partial<FetchRequest> = {}): FetchRequest {
  return { source: 'source_01', country: 'de', url, signal: new AbortController().signal, ...extra };
}

describe('crawl fetcher', () => {
  let server: TestServer;
  let fetcher: Fetcher;

  before(async () => {
    server = await startServer({
      '/page': ok(productHtml('Page'), { 'x-test': 'yes' }),
      '/gone': status(410),
      '/503-then-ok': [status(503), ok()],
      '/always-503': status(503),
      '/forbidden': status(403),
      '/drop-then-ok': [drop, ok()],
      '/drop-mid-body-then-ok': [dropMidBody, ok()],
      '/hang-then-ok': [hang, ok()],
      '/stall-then-ok': [stallBody, ok()],
      '/truncated-then-ok': [truncated, ok()],
      '/json': ok('{"price": 1}', { 'content-type': 'application/json' }),
      '/huge-length': huge(2_000_000, true),
      '/huge-chunked': huge(2_000_000, false),
      '/gzip': gzipped(productHtml('Zipped')),
      '/latin1': (_request, response) => {
        response.writeHead(200, { 'content-type': 'text/html; charset=iso-8859-1' });
        response.end(Buffer.from('<html><body>Caf\xe9</body></html>', 'latin1'));
      },
      '/r1': redirect('/r2', 301),
      '/r2': redirect('/page', 302),
      '/loop': redirect('/loop'),
      '/no-location': status(302),
      '/block-then-ok': [blockPage, ok()],
      '/set-cookie': ok(undefined, { 'set-cookie': 'session=abc; Path=/' }),
      '/echo': ok(),
      '/hang-forever': hang,
    });
    fetcher = createFetcher({ ...FAST, maxResponseBytes: 1_000_000 });
  });

  after(async () => {
    await fetcher.close();
    await server.close();
  });

  it('returns a 200 page with its status, body, headers and final URL', async () => {
    const page = await fetcher.fetchPage(request(`${server.url}/page`));
    assert.equal(page.status, 200);
    assert.match(page.body, /<h1>Page<\/h1>/);
    assert.equal(page.headers['x-test'], 'yes');
    assert.equal(page.url, `${server.url}/page`);
  });

  it('returns 404 and 410 to the driver without retrying them', async () => {
    const missing = await fetcher.fetchPage(request(`${server.url}/missing`));
    const gone = await fetcher.fetchPage(request(`${server.url}/gone`));
    assert.deepEqual([missing.status, gone.status], [404, 410]);
    assert.equal(server.count('/missing'), 1);
    assert.equal(server.count('/gone'), 1);
  });

  it('retries a 503 and returns the page of the next attempt', async () => {
    const page = await fetcher.fetchPage(request(`${server.url}/503-then-ok`));
    assert.equal(page.status, 200);
    assert.equal(server.count('/503-then-ok'), 2);
  });

  it('gives up with SourceUnavailableError after maxAttempts server errors', async () => {
    await assert.rejects(fetcher.fetchPage(request(`${server.url}/always-503`)), SourceUnavailableError);
    assert.equal(server.count('/always-503'), 3);
  });

  it('does not retry a 403 and throws SourceUnavailableError', async () => {
    await assert.rejects(fetcher.fetchPage(request(`${server.url}/forbidden`)), SourceUnavailableError);
    assert.equal(server.count('/forbidden'), 1);
  });

  for (const path of ['/drop-then-ok', '/drop-mid-body-then-ok', '/hang-then-ok', '/stall-then-ok']) {
    it(`retries after a failed exchange (${path.slice(1)})`, async () => {
      const page = await fetcher.fetchPage(request(`${server.url}${path}`));
      assert.equal(page.status, 200);
      assert.equal(server.count(path), 2);
    });
  }

  it('retries truncated HTML but reads a JSON body without </html> as complete', async () => {
    const page = await fetcher.fetchPage(request(`${server.url}/truncated-then-ok`));
    assert.match(page.body, /<\/html>$/);
    assert.equal(server.count('/truncated-then-ok'), 2);
    const json = await fetcher.fetchPage(request(`${server.url}/json`));
    assert.equal(json.body, '{"price": 1}');
    assert.equal(server.count('/json'), 1);
  });

  it('aborts a body over maxResponseBytes and does not retry it', async () => {
    for (const path of ['/huge-length', '/huge-chunked']) {
      await assert.rejects(fetcher.fetchPage(request(`${server.url}${path}`)), (error: unknown) => {
        assert.ok(error instanceof SourceUnavailableError);
        assert.match(error.message, /exceeds 1000000 bytes/);
        return true;
      });
      assert.equal(server.count(path), 1);
    }
  });

  it('decompresses gzip and decodes the declared charset', async () => {
    const zipped = await fetcher.fetchPage(request(`${server.url}/gzip`));
    assert.match(zipped.body, /<h1>Zipped<\/h1>/);
    const latin1 = await fetcher.fetchPage(request(`${server.url}/latin1`));
    assert.match(latin1.body, /Café/);
  });

  it('follows redirects and reports every hop as an answer', async () => {
    const answers: FetchAnswer[] = [];
    const page = await fetcher.fetchPage(request(`${server.url}/r1`, { onAnswer: (a) => answers.push(a) }));
    assert.equal(page.url, `${server.url}/page`);
    assert.deepEqual(
      answers.map((a) => [a.url.replace(server.url, ''), a.status]),
      [
        ['/r1', 301],
        ['/r2', 302],
        ['/page', 200],
      ],
    );
  });

  it('fails a redirect loop and a redirect without Location without retrying', async () => {
    await assert.rejects(fetcher.fetchPage(request(`${server.url}/loop`)), /more than 5 redirects/);
    assert.equal(server.count('/loop'), 6);
    await assert.rejects(fetcher.fetchPage(request(`${server.url}/no-location`)), SourceUnavailableError);
    assert.equal(server.count('/no-location'), 1);
  });

  it('reports every HTTP answer of the retries, with geo and duration', async () => {
    const answers: FetchAnswer[] = [];
    await assert.rejects(
      fetcher.fetchPage(request(`${server.url}/always-503`, { onAnswer: (a) => answers.push(a) })),
    );
    assert.equal(answers.length, 3);
    for (const answer of answers) {
      assert.equal(answer.status, 503);
      assert.equal(answer.geo, null);
      assert.ok(Number.isInteger(answer.durationMs) && answer.durationMs >= 0);
      assert.ok(answer.observedAt instanceof Date);
    }
  });

  it('keeps cookies within a session and rotates session and user agent after a block page', async () => {
    const own = createFetcher(FAST);
    try {
      await own.fetchPage(request(`${server.url}/set-cookie`));
      await own.fetchPage(request(`${server.url}/echo`));
      const before = server.seen.filter((seen) => seen.path === '/echo').at(-1);
      assert.equal(before?.headers.cookie, 'session=abc');
      await own.fetchPage(request(`${server.url}/block-then-ok`));
      const [blocked, retried] = server.seen.filter((seen) => seen.path === '/block-then-ok');
      assert.equal(blocked?.headers.cookie, 'session=abc');
      assert.equal(retried?.headers.cookie, undefined, 'a fresh cookie jar after the block');
      assert.notEqual(retried?.headers['user-agent'], blocked?.headers['user-agent']);
    } finally {
      await own.close();
    }
  });

  it('throws CrawlTimeoutError when the signal aborts during a request', async () => {
    const slow = createFetcher({ ...FAST, requestTimeoutMs: 10_000 });
    try {
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 50);
      await assert.rejects(
        slow.fetchPage(request(`${server.url}/hang-forever`, { signal: controller.signal })),
        CrawlTimeoutError,
      );
    } finally {
      await slow.close();
    }
  });

  it('throws CrawlTimeoutError when the signal aborts during a retry backoff', async () => {
    const patient = createFetcher({ ...FAST, backoffBaseMs: 10_000, backoffMaxMs: 10_000, random: () => 1 });
    try {
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 100);
      await assert.rejects(
        patient.fetchPage(request(`${server.url}/always-503`, { signal: controller.signal })),
        CrawlTimeoutError,
      );
    } finally {
      await patient.close();
    }
  });

  it('rejects a URL that is not http(s) without a request', async () => {
    await assert.rejects(fetcher.fetchPage(request('file:///etc/passwd')), SourceUnavailableError);
  });
});

describe('crawl fetcher connection pools', () => {
  it('reuses one kept-alive connection for sequential requests to a source', async () => {
    const server = await startServer({ '/page': ok() });
    const fetcher = createFetcher(FAST);
    try {
      for (let i = 0; i < 5; i += 1) {
        await fetcher.fetchPage(request(`${server.url}/page`));
        // Let undici mark the connection free (just after the body ends) before the next request.
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      assert.equal(server.connections(), 1);
    } finally {
      await fetcher.close();
      await server.close();
    }
  });
});

describe('crawl fetcher against an unreachable source', () => {
  it('retries connection refusals and ends with SourceUnavailableError', async () => {
    const gone = await startServer({});
    const url = `${gone.url}/page`;
    await gone.close();
    const fetcher = createFetcher(FAST);
    const answers: FetchAnswer[] = [];
    try {
      await assert.rejects(
        fetcher.fetchPage(request(url, { onAnswer: (a) => answers.push(a) })),
        (error: unknown) =>
          error instanceof SourceUnavailableError && /3 attempts \(network/.test(error.message),
      );
      assert.equal(answers.length, 0, 'no HTTP answer, no provenance record');
    } finally {
      await fetcher.close();
    }
  });
});
