/**
 * The rendered fetch's cost beside the plain fetch's (issue 20): crawls the same source_08 product
 * pages of the sandbox twice through the crawl engine and the real driver, once plainly and once
 * through headless Chromium (`CRAWL_RENDER`, pages served as script shells), and prints wall time
 * and this process's CPU per page for each. Chromium's own CPU runs in its processes and is printed
 * apart (from /proc, Linux only).
 *
 *   npx tsx bench/rendered.ts [--pages 40] [--concurrency 2]
 */
import { readFileSync, readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { DEFAULT_RENDER } from '../src/platform/config/config.render.ts';
import { createCrawlEngine } from '../src/crawl/engine/crawl.engine.ts';
import { createPageRenderer } from '../src/crawl/fetcher/fetcher.rendered.ts';
import { sourceModules } from '../src/crawl/sources/sources.registry.ts';
import { buildSandboxApp } from '../src/sandbox/app.ts';

const { values: args } = parseArgs({
  options: { pages: { type: 'string', default: '40' }, concurrency: { type: 'string', default: '2' } },
});
const pages = Number(args.pages);
const concurrency = Number(args.concurrency);

/** CPU seconds of every chromium process running now (user + system), from /proc. */
function chromiumCpuSeconds(): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!/\((chromium|chrome)[^)]*\)/.test(stat)) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks / 100;
}

async function run(label: string, scriptOnly: boolean): Promise<void> {
  const sandbox = buildSandboxApp({ faults: scriptOnly ? { source_08: { scriptOnly: true } } : {} });
  await sandbox.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(sandbox.server.address() as AddressInfo).port}`;
  const truth = (await (await fetch(`${origin}/catalog.json?source=source_08&country=de`)).json()) as {
    products: Array<{ product_id: string }>;
  };
  const renderer = scriptOnly
    ? createPageRenderer({ ...DEFAULT_RENDER, sources: ['source_08'], concurrency })
    : undefined;
  const engine = createCrawlEngine({
    fetcherOptions: {
      perPairConcurrency: concurrency,
      perPairRequestsPerSecond: 1000,
      perPairBurst: 1000,
      renderer,
    },
  });
  const driver = sourceModules.source_08.driver;
  const ids = Array.from(
    { length: pages },
    (_, index) => truth.products[index % truth.products.length]?.product_id ?? '',
  );
  const crawl = (id: string) =>
    engine.crawlValue({
      query: {
        source: 'source_08',
        country: 'de',
        key: 'id',
        value: id,
        topic: 'search',
        maxPages: 1,
        sortBy: 'ranking_descending',
        fetchSellerNames: false,
      },
      driver,
      baseUrl: `${origin}/source_08/de`,
      deadline: new Date(Date.now() + 600_000),
      conversions: { get: async () => undefined, set: async () => undefined, remove: async () => undefined },
      sellerNames: { getMany: async () => new Map(), set: async () => undefined },
    });
  await crawl(ids[0] ?? ''); // warm: the browser starts, modules load
  const cpuBefore = process.cpuUsage();
  const chromeBefore = chromiumCpuSeconds();
  const startedMs = Date.now();
  let read = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < ids.length) {
        const result = await crawl(ids[next++] ?? '');
        if ('outcome' in result && result.outcome.status !== 'not_found') read += 1;
      }
    }),
  );
  const wallMs = Date.now() - startedMs;
  const cpu = process.cpuUsage(cpuBefore);
  const chromeMs = (chromiumCpuSeconds() - chromeBefore) * 1000;
  console.log(
    `${label.padEnd(9)} ${pages} pages, ${read} read: ${(wallMs / pages).toFixed(1)} ms wall/page, ` +
      `${((cpu.user + cpu.system) / 1000 / pages).toFixed(2)} ms service CPU/page` +
      (scriptOnly ? `, ${(chromeMs / pages).toFixed(1)} ms Chromium CPU/page` : ''),
  );
  await engine.close();
  await sandbox.close();
}

console.log(
  `rendered vs plain fetch, concurrency ${concurrency}, load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
);
await run('plain', false);
await run('rendered', true);
