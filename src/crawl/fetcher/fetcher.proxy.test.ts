import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SourceUnavailableError } from '../vocabulary/crawl.errors.ts';
import { createFetcher, type FetchAnswer, type FetchRequest } from './fetcher.ts';
import type { FetcherOptions } from './fetcher.options.ts';
import {
  blockPage,
  ok,
  startProxy,
  startServer,
  type TestProxy,
  type TestServer,
} from '../../../test/support/fetch-server.ts';

const FAST: Partial<FetcherOptions> = {
  requestTimeoutMs: 2_000,
  maxAttempts: 3,
  backoffBaseMs: 1,
  backoffMaxMs: 5,
  perPairRequestsPerSecond: 10_000,
  perPairBurst: 100,
};

function request(url: string, country: string, answers: FetchAnswer[]): FetchRequest {
  return {
    source: 'source_02',
    country,
    url,
    signal: new AbortController().signal,
    onAnswer: (answer) => answers.push(answer),
  };
}

describe('crawl fetcher egress through proxies', () => {
  let server: TestServer;
  let proxyA: TestProxy;
  let proxyB: TestProxy;

  before(async () => {
    server = await startServer({ '/page': ok(), '/block-then-ok': [blockPage, ok()] });
    proxyA = await startProxy();
    proxyB = await startProxy();
  });

  after(async () => {
    await Promise.all([server.close(), proxyA.close(), proxyB.close()]);
  });

  it('sends plain-http requests of a country through its proxy in absolute form, geo = that country', async () => {
    const fetcher = createFetcher({ ...FAST, proxiesByCountry: { fr: [proxyA.url] } });
    const answers: FetchAnswer[] = [];
    try {
      const page = await fetcher.fetchPage(request(`${server.url}/page`, 'fr', answers));
      assert.equal(page.status, 200);
      assert.deepEqual(proxyA.forwarded, [`${server.url}/page`]);
      assert.deepEqual(proxyA.tunnels, []);
      assert.deepEqual(
        answers.map((answer) => answer.geo),
        ['fr'],
      );
    } finally {
      await fetcher.close();
      proxyA.forwarded.length = 0;
    }
  });

  it('tunnels plain-http requests with CONNECT when proxyTunnelForHttp is set, reusing the tunnel', async () => {
    const fetcher = createFetcher({
      ...FAST,
      proxiesByCountry: { it: [proxyA.url] },
      proxyTunnelForHttp: true,
    });
    const answers: FetchAnswer[] = [];
    try {
      for (let i = 0; i < 3; i += 1) {
        await fetcher.fetchPage(request(`${server.url}/page`, 'it', answers));
        // undici frees the connection just after the body ends; a request sent in the same tick
        // would open a second one, which is pooling, not a lost keep-alive.
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      assert.deepEqual(
        proxyA.tunnels,
        [new URL(server.url).host],
        'one kept-alive tunnel for three requests',
      );
      assert.deepEqual(proxyA.forwarded, []);
      assert.deepEqual([...new Set(answers.map((answer) => answer.geo))], ['it']);
    } finally {
      await fetcher.close();
      proxyA.tunnels.length = 0;
    }
  });

  it('opens https requests through a CONNECT tunnel to the target host', async () => {
    const fetcher = createFetcher({ ...FAST, maxAttempts: 1, proxiesByCountry: { es: [proxyA.url] } });
    try {
      // The target speaks plain HTTP, so TLS fails after the tunnel: what counts is the CONNECT.
      const httpsUrl = `${server.url.replace('http:', 'https:')}/page`;
      await assert.rejects(fetcher.fetchPage(request(httpsUrl, 'es', [])), SourceUnavailableError);
      assert.deepEqual(proxyA.tunnels, [new URL(server.url).host]);
    } finally {
      await fetcher.close();
      proxyA.tunnels.length = 0;
    }
  });

  it('moves to the next proxy of the country after a block page', async () => {
    const fetcher = createFetcher({ ...FAST, proxiesByCountry: { de: [proxyA.url, proxyB.url] } });
    const answers: FetchAnswer[] = [];
    try {
      const page = await fetcher.fetchPage(request(`${server.url}/block-then-ok`, 'de', answers));
      assert.equal(page.status, 200);
      assert.deepEqual(proxyA.forwarded, [`${server.url}/block-then-ok`]);
      assert.deepEqual(proxyB.forwarded, [`${server.url}/block-then-ok`]);
      assert.deepEqual(
        answers.map((answer) => answer.geo),
        ['de', 'de'],
      );
      await fetcher.fetchPage(request(`${server.url}/page`, 'de', answers));
      assert.equal(proxyB.forwarded.length, 2, 'the pair stays on the new proxy');
    } finally {
      await fetcher.close();
      proxyA.forwarded.length = 0;
      proxyB.forwarded.length = 0;
    }
  });

  it('uses the uk proxies for gb and the other way round', async () => {
    const fetcher = createFetcher({ ...FAST, proxiesByCountry: { uk: [proxyA.url] } });
    const answers: FetchAnswer[] = [];
    try {
      await fetcher.fetchPage(request(`${server.url}/page`, 'gb', answers));
      assert.equal(proxyA.forwarded.length, 1);
      assert.equal(answers[0]?.geo, 'uk');
    } finally {
      await fetcher.close();
      proxyA.forwarded.length = 0;
    }
  });

  it('goes direct without a proxy, geo = the local egress country, else null (unknown)', async () => {
    const local = createFetcher({
      ...FAST,
      proxiesByCountry: { fr: [proxyA.url] },
      localEgressCountry: 'nl',
    });
    const plain = createFetcher(FAST);
    const answers: FetchAnswer[] = [];
    try {
      await local.fetchPage(request(`${server.url}/page`, 'de', answers));
      await plain.fetchPage(request(`${server.url}/page`, 'at', answers));
      assert.deepEqual(
        answers.map((answer) => answer.geo),
        ['nl', null],
      );
      assert.equal(proxyA.forwarded.length + proxyB.forwarded.length, 0);
    } finally {
      await local.close();
      await plain.close();
    }
  });

  it('rejects a proxy URL that is not http(s)', () => {
    assert.throws(() => createFetcher({ proxiesByCountry: { de: ['socks5://127.0.0.1:1080'] } }), RangeError);
  });
});
