import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildSandboxApp } from './app.ts';

describe('sandbox app', () => {
  let app: FastifyInstance;
  let origin: string;
  const setFaults = (body: unknown) =>
    app.inject({ method: 'PUT', url: '/_sandbox/faults', payload: body as object });

  before(async () => {
    app = buildSandboxApp({ seed: 5 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  after(async () => {
    await app.close();
  });

  it('summarizes the sources, storefronts and country mappings at /catalog.json', async () => {
    const summary = (await app.inject({ url: '/catalog.json' })).json();
    const source02 = summary.sources.find((entry: { source: string }) => entry.source === 'source_02');
    assert.deepEqual(source02.country_storefronts, { gb: 'uk', at: 'de', ch: 'de' });
    assert.ok(source02.countries.includes('at') && source02.countries.includes('gb'));
    assert.equal(summary.seed, 5);
  });

  it('serves gb from the uk storefront and at/ch of source_02 from de, and 404s other countries', async () => {
    const gb = (await app.inject({ url: '/catalog.json?source=source_01&country=gb' })).json();
    assert.equal(gb.storefront, 'uk');
    assert.equal(gb.currency, 'GBP');
    const ch = (await app.inject({ url: '/catalog.json?source=source_02&country=ch' })).json();
    assert.equal(ch.storefront, 'de');
    assert.equal((await app.inject({ url: '/catalog.json?source=source_01&country=us' })).statusCode, 404);
    assert.equal((await app.inject({ url: '/source_01/us/preisvergleich/Shop/1.html' })).statusCode, 404);
  });

  it('answers 429 with Retry-After, 503 and captcha pages as configured, and counts them', async () => {
    await setFaults({ source_01: { rates: { tooManyRequests: 1 }, retryAfterSeconds: 7 } });
    const limited = await app.inject({
      url: '/source_01/de/preisvergleich/MainSearchProductCategory.html?q=x',
    });
    assert.equal(limited.statusCode, 429);
    assert.equal(limited.headers['retry-after'], '7');
    await setFaults({ source_01: { rates: { serverError: 1 } } });
    assert.equal(
      (await app.inject({ url: '/source_01/de/preisvergleich/MainSearchProductCategory.html?q=x' }))
        .statusCode,
      503,
    );
    await setFaults({ source_01: { rates: { blockPage: 1 } } });
    const blocked = await app.inject({
      url: '/source_01/de/preisvergleich/MainSearchProductCategory.html?q=x',
    });
    assert.equal(blocked.statusCode, 200);
    assert.match(blocked.body, /<title>Robot Check<\/title>/);
    assert.match(blocked.body, /captcha/);
    const stats = (await app.inject({ url: '/_sandbox/stats' })).json();
    assert.ok(
      stats.source_01.tooManyRequests >= 1 &&
        stats.source_01.serverError >= 1 &&
        stats.source_01.blockPage >= 1,
    );
    await setFaults({});
  });

  it('truncates pages before </html> and leaves the ground truth alone', async () => {
    await setFaults({ source_02: { rates: { truncated: 1 } } });
    const page = await app.inject({ url: '/source_02/de/s?k=Sonora' });
    assert.equal(page.statusCode, 200);
    assert.doesNotMatch(page.body, /<\/html>/);
    assert.ok(page.body.startsWith('<!DOCTYPE html>'));
    assert.equal((await app.inject({ url: '/catalog.json' })).statusCode, 200);
    await setFaults({});
    // Whole again: `</html>`, then only the comments Amazon's search pages carry after it.
    assert.match(
      (await app.inject({ url: '/source_02/de/s?k=Sonora' })).body,
      /<\/html>(?:\s*<!--[\s\S]*?-->)*\s*$/,
    );
  });

  it('drops connections and hangs over real HTTP', async () => {
    await setFaults({ source_03: { rates: { dropConnection: 1 } } });
    await assert.rejects(fetch(`${origin}/source_03/de/search?q=x`));
    await setFaults({ source_03: { rates: { hang: 1 } } });
    await assert.rejects(fetch(`${origin}/source_03/de/search?q=x`, { signal: AbortSignal.timeout(300) }));
    await setFaults({});
  });

  it('delays answers by the configured latency', async () => {
    await setFaults({ source_04: { latencyMs: { min: 150, max: 200 } } });
    const started = Date.now();
    await app.inject({ url: '/source_04/de/sch/i.html?_nkw=x' });
    assert.ok(Date.now() - started >= 150);
    await setFaults({});
  });

  it('rejects malformed fault profiles and keeps the current ones', async () => {
    await setFaults({ source_01: { rates: { hang: 0.5 } } });
    for (const body of [
      { source_99: {} },
      { source_01: { rates: { hang: 2 } } },
      { source_01: { rates: { melt: 0.1 } } },
    ]) {
      assert.equal((await setFaults(body)).statusCode, 400, JSON.stringify(body));
    }
    assert.deepEqual((await app.inject({ url: '/_sandbox/faults' })).json(), {
      source_01: { rates: { hang: 0.5 } },
    });
    await setFaults({});
  });

  it('draws the same fault sequence after each replacement of the profiles', async () => {
    const run = async (): Promise<number[]> => {
      await setFaults({ source_06: { rates: { serverError: 0.5 } } });
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push((await app.inject({ url: '/source_06/none' })).statusCode);
      return statuses;
    };
    const first = await run();
    assert.deepEqual(await run(), first);
    assert.ok(first.includes(503) && first.includes(404));
    await setFaults({});
  });
});
