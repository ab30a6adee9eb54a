/**
 * Generic extractor benchmark: time per page of `extractProduct` on the real product pages of
 * `../shared/fixtures/product-pages` (read in place), warm: every page is extracted once first so
 * that V8 has compiled the code, then `--rounds` timed passes; prints median, p95 and max ms per
 * page over all timed extractions, as wall-clock time and as the process's CPU time (the CPU time
 * is the steadier figure on a machine other work shares). Decoding the file is not timed.
 *
 *   npx tsx bench/extract.ts [--dir ../shared/fixtures/product-pages] [--rounds 5]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_FIXTURE_DIR, fixturesPresent } from '../src/crawl/extract/benchmark.ts';
import { decodeHtml } from '../src/crawl/extract/decode.ts';
import { extractProduct } from '../src/crawl/extract/extract.ts';

const { values: args } = parseArgs({
  options: { dir: { type: 'string' }, rounds: { type: 'string', default: '5' } },
});

/** The value at a quantile of sorted numbers (nearest rank). */
function quantile(sorted: readonly number[], q: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[index] ?? 0;
}

function main(): number {
  const dir = args.dir === undefined ? DEFAULT_FIXTURE_DIR : resolve(args.dir);
  const rounds = Number(args.rounds);
  if (!fixturesPresent(dir)) {
    console.error(`bench/extract: no fixtures at ${dir} (expected ground-truth.json and html/*.html.gz)`);
    return 2;
  }
  if (!Number.isInteger(rounds) || rounds < 1) {
    console.error('bench/extract: --rounds must be a positive integer');
    return 2;
  }
  const truth = JSON.parse(readFileSync(join(dir, 'ground-truth.json'), 'utf8')) as Record<
    string,
    { url: string }
  >;
  const pages = readdirSync(join(dir, 'html'))
    .filter((f) => f.endsWith('.html.gz'))
    .sort()
    .map((file) => {
      const id = file.replace(/\.html\.gz$/u, '');
      return { id, url: truth[id]?.url, html: decodeHtml(readFileSync(join(dir, 'html', file))) };
    });
  for (const page of pages) extractProduct(page.html, { url: page.url });
  const durations: number[] = [];
  const cpuDurations: number[] = [];
  const perPageMedian = new Map<string, number[]>();
  for (let round = 0; round < rounds; round++) {
    for (const page of pages) {
      const cpuStarted = process.cpuUsage();
      const started = performance.now();
      extractProduct(page.html, { url: page.url });
      const ms = performance.now() - started;
      const cpu = process.cpuUsage(cpuStarted);
      durations.push(ms);
      cpuDurations.push((cpu.user + cpu.system) / 1000);
      perPageMedian.set(page.id, [...(perPageMedian.get(page.id) ?? []), ms]);
    }
  }
  durations.sort((a, b) => a - b);
  cpuDurations.sort((a, b) => a - b);
  const slowest = [...perPageMedian.entries()]
    .map(([id, times]) => ({
      id,
      ms: quantile(
        [...times].sort((a, b) => a - b),
        0.5,
      ),
    }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 3);
  console.log(
    `${pages.length} pages x ${rounds} warm rounds: median ${quantile(durations, 0.5).toFixed(1)} ms, ` +
      `p95 ${quantile(durations, 0.95).toFixed(1)} ms, max ${quantile(durations, 1).toFixed(1)} ms per page`,
  );
  console.log(
    `CPU time: median ${quantile(cpuDurations, 0.5).toFixed(1)} ms, ` +
      `p95 ${quantile(cpuDurations, 0.95).toFixed(1)} ms per page`,
  );
  console.log(
    `slowest pages (median ms): ${slowest.map((s) => `${s.id.slice(0, 8)} ${s.ms.toFixed(1)}`).join(', ')}`,
  );
  return 0;
}

process.exitCode = main();
