import assert from 'node:assert/strict';
import type { LookupAddress } from 'node:dns';
import { after, before, describe, it } from 'node:test';
import { createAllowList } from '../../platform/lib/ip-address.ts';
import type { AddressPolicy } from '../../platform/lib/address-policy.ts';
import { CrawlRefusedError } from '../vocabulary/crawl.errors.ts';
import { createFetcher, type FetchRequest } from './fetcher.ts';
import { DEFAULT_OPEN_TARGETS, serviceUserAgent, type OpenTargetOptions } from './fetcher.open.ts';
import type { FetcherOptions } from './fetcher.options.ts';
import {
  delayed,
  huge,
  ok,
  productHtml,
  redirect,
  startServer,
  status,
  type TestServer,
} from '../../../test/support/fetch-server.ts';
import { startPageProxy, type PageProxy } from '../../../test/support/page-proxy.ts';

/** A resolver stub: answers the given addresses per name and records every name asked. */
function stubResolver(table: Record<string, string[]>) {
  const asked: string[] = [];
  const resolve = async (hostname: string): Promise<LookupAddress[]> => {
    asked.push(hostname);
    const addresses = table[hostname];
    if (!addresses) throw Object.assign(new Error(`no such host ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { asked, resolve };
}

function policy(allow: string[], resolve: AddressPolicy['resolve']): AddressPolicy {
  return { allowList: createAllowList(allow), resolve, allowLoopback: true };
}

function options(
  addressPolicy: AddressPolicy,
  openExtra: Partial<OpenTargetOptions> = {},
): Partial<FetcherOptions> {
  return {
    requestTimeoutMs: 2_000,
    maxAttempts: 2,
    backoffBaseMs: 1,
    backoffMaxMs: 2,
    openTargets: {
      ...DEFAULT_OPEN_TARGETS,
      policy: addressPolicy,
      userAgent: serviceUserAgent('https://ops.example/crawler'),
      perHostRequestsPerSecond: 1_000,
      ...openExtra,
    },
  };
}

function open(url: string): FetchRequest {
  return { source: 'web', country: 'de', url, signal: new AbortController().signal, open: true };
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => assert.fail('the fetch was expected to be refused'),
    (caught: unknown) => caught,
  );
  assert.ok(error instanceof CrawlRefusedError, `expected a CrawlRefusedError, got ${String(error)}`);
  return error.message;
}

describe('fetching targets the user chose: address rules', () => {
  it('refuses a name resolving to a private address at connect time, even with the local-receiver exception set', async () => {
    const { asked, resolve } = stubResolver({ 'shop.test': ['10.0.0.5'] });
    const fetcher = createFetcher(options(policy([], resolve)));
    try {
      const message = await refusal(fetcher.fetchPage(open('http://shop.test/p/1')));
      assert.match(message, /10\.0\.0\.5 is private/);
      assert.ok(asked.includes('shop.test'));
    } finally {
      await fetcher.close();
    }
  });

  it('refuses loopback, link-local and cloud-metadata literals and IPv4-mapped forms before resolving anything', async () => {
    const { asked, resolve } = stubResolver({});
    const fetcher = createFetcher(options(policy([], resolve)));
    try {
      for (const url of [
        'http://127.0.0.1:8080/metrics',
        'http://169.254.169.254/latest/meta-data',
        'http://[::ffff:192.168.1.1]/p',
        'http://[fe80::1]/p',
      ]) {
        assert.match(await refusal(fetcher.fetchPage(open(url))), /not public/);
      }
      assert.deepEqual(asked, []);
    } finally {
      await fetcher.close();
    }
  });

  it('refuses a name resolving to loopback (the service itself), with both a public and a loopback address', async () => {
    const { resolve } = stubResolver({ 'mixed.test': ['93.184.216.34', '127.0.0.1'] });
    const fetcher = createFetcher(options(policy([], resolve)));
    try {
      assert.match(await refusal(fetcher.fetchPage(open('http://mixed.test/p'))), /127\.0\.0\.1 is loopback/);
    } finally {
      await fetcher.close();
    }
  });
});

describe('fetching targets the user chose: allow-listed loopback shop', () => {
  let shop: TestServer;
  let robotsHits = 0;

  before(async () => {
    shop = await startServer({
      '/robots.txt': (request, response) => {
        robotsHits += 1;
        ok('User-agent: pricecrawl\nDisallow: /private\n\nUser-agent: *\nDisallow: /\n', {
          'content-type': 'text/plain',
        })(request, response);
      },
      '/p/1': ok(productHtml('One')),
      '/p/2': ok(productHtml('Two')),
      '/private/3': ok(productHtml('Three')),
      '/to-metadata': redirect('http://169.254.169.254/latest/meta-data'),
      '/big': huge(64 * 1024, false),
      '/slow': delayed(150, ok(productHtml('Slow'))),
      '/gone': status(410),
    });
  });

  after(async () => {
    await shop.close();
  });

  it('fetches with the service user agent and reads robots.txt once per host', async () => {
    const { resolve } = stubResolver({});
    const fetcher = createFetcher(options(policy(['127.0.0.1'], resolve)));
    try {
      robotsHits = 0;
      const first = await fetcher.fetchPage(open(`${shop.url}/p/1`));
      const second = await fetcher.fetchPage(open(`${shop.url}/p/2`));
      assert.equal(first.status, 200);
      assert.equal(second.status, 200);
      assert.equal(robotsHits, 1);
      const page = shop.seen.find((seen) => seen.path === '/p/1');
      assert.equal(
        page?.headers['user-agent'],
        'Pricecrawl/1.0 (price monitoring crawler; +https://ops.example/crawler)',
      );
      const gone = await fetcher.fetchPage(open(`${shop.url}/gone`));
      assert.equal(gone.status, 410);
    } finally {
      await fetcher.close();
    }
  });

  it('honours robots.txt for its own product token without requesting the page', async () => {
    const fetcher = createFetcher(options(policy(['127.0.0.1'], stubResolver({}).resolve)));
    try {
      const message = await refusal(fetcher.fetchPage(open(`${shop.url}/private/3`)));
      assert.match(message, /robots\.txt of 127\.0\.0\.1:\d+ disallows it for pricecrawl/);
      assert.equal(shop.count('/private/3'), 0);
    } finally {
      await fetcher.close();
    }
  });

  it('refuses a redirect hop to a metadata address', async () => {
    const fetcher = createFetcher(options(policy(['127.0.0.1'], stubResolver({}).resolve)));
    try {
      assert.match(
        await refusal(fetcher.fetchPage(open(`${shop.url}/to-metadata`))),
        /169\.254\.169\.254 is metadata/,
      );
    } finally {
      await fetcher.close();
    }
  });

  it('refuses a page over the page limit, naming WEB_MAX_PAGE_BYTES', async () => {
    const fetcher = createFetcher(
      options(policy(['127.0.0.1'], stubResolver({}).resolve), { maxPageBytes: 16 * 1024 }),
    );
    try {
      assert.match(
        await refusal(fetcher.fetchPage(open(`${shop.url}/big`))),
        /16384 bytes \(WEB_MAX_PAGE_BYTES\)/,
      );
    } finally {
      await fetcher.close();
    }
  });

  it('keeps at most 2 requests in flight per target host by default', async () => {
    const fetcher = createFetcher(options(policy(['127.0.0.1'], stubResolver({}).resolve)));
    try {
      const pages = await Promise.all([1, 2, 3, 4, 5].map(() => fetcher.fetchPage(open(`${shop.url}/slow`))));
      assert.equal(pages.length, 5);
      assert.equal(shop.maxInFlight(), 2);
    } finally {
      await fetcher.close();
    }
  });
});

describe('fetching targets the user chose: through an egress proxy', () => {
  let proxy: PageProxy;

  before(async () => {
    proxy = await startPageProxy(
      new Map([
        ['http://shop.test/p/1', { body: productHtml('Proxied') }],
        ['http://10.0.0.7/p/2', { body: productHtml('Behind the proxy') }],
      ]),
    );
  });

  after(async () => {
    await proxy.close();
  });

  it('lets the proxy resolve the target and checks the proxy itself', async () => {
    const { asked, resolve } = stubResolver({});
    const fetcher = createFetcher({
      ...options(policy(['127.0.0.1'], resolve)),
      proxiesByCountry: { de: [proxy.url] },
    });
    try {
      const page = await fetcher.fetchPage(open('http://shop.test/p/1'));
      assert.equal(page.status, 200);
      assert.deepEqual(asked, []);
      assert.deepEqual(proxy.requested, ['http://shop.test/robots.txt', 'http://shop.test/p/1']);
    } finally {
      await fetcher.close();
    }
  });

  it('leaves a target written as a private IP literal to the proxy, which resolves and connects (G35)', async () => {
    const fetcher = createFetcher({
      ...options(policy(['127.0.0.1'], stubResolver({}).resolve)),
      proxiesByCountry: { de: [proxy.url] },
    });
    try {
      const page = await fetcher.fetchPage(open('http://10.0.0.7/p/2'));
      assert.equal(page.status, 200);
      assert.ok(proxy.requested.includes('http://10.0.0.7/p/2'));
    } finally {
      await fetcher.close();
    }
  });

  it('refuses a proxy on a loopback address that CRAWL_ALLOW_HOSTS does not list', async () => {
    const fetcher = createFetcher({
      ...options(policy([], stubResolver({}).resolve)),
      proxiesByCountry: { de: [proxy.url] },
    });
    const seen = proxy.requested.length;
    try {
      assert.match(
        await refusal(fetcher.fetchPage(open('http://shop.test/p/1'))),
        /egress proxy 127\.0\.0\.1:\d+/,
      );
      assert.equal(proxy.requested.length, seen);
    } finally {
      await fetcher.close();
    }
  });
});
