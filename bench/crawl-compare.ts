/**
 * Crawl engine, before and after, in one run: runs `bench/crawl.ts` of a baseline checkout and of
 * this checkout in turns (before, after, before, after, …) with the same arguments and prints the
 * median pages per second and CPU per page of each, and their ratio. The machine is shared and
 * noisy: interleaving exposes both sides to the same load, so the ratio holds where absolute
 * figures do not.
 *
 *   npx tsx bench/crawl-compare.ts --base /work/wt-base [--rounds 2] [--pages 5000] [--concurrency 32]
 */
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    base: { type: 'string' },
    rounds: { type: 'string', default: '2' },
    pages: { type: 'string', default: '5000' },
    concurrency: { type: 'string', default: '32' },
    mode: { type: 'string', default: 'sandbox' },
  },
});

interface Run {
  pages_per_s: number;
  cpu_ms_per_page: number;
  outcomes: { found: number; not_found: number; failed: number };
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

/** One run of `bench/crawl.ts` in `checkout`, in its own process, as it prints it. */
function runIn(checkout: string): Run {
  const output = execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'bench/crawl.ts',
      '--mode',
      String(args.mode),
      '--pages',
      String(args.pages),
      '--concurrency',
      String(args.concurrency),
    ],
    { cwd: checkout, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return JSON.parse(output.slice(output.indexOf('{'))) as Run;
}

function main(): void {
  if (!args.base) throw new Error('--base <checkout> is required (a checkout of the code to compare with)');
  const sides = { before: resolve(args.base), after: resolve(fileURLToPath(import.meta.url), '../..') };
  const runs: Record<keyof typeof sides, Run[]> = { before: [], after: [] };
  const loads: number[] = [];
  for (let round = 1; round <= Number(args.rounds); round += 1) {
    for (const side of ['before', 'after'] as const) {
      loads.push(loadavg()[0] as number);
      const run = runIn(sides[side]);
      runs[side].push(run);
      console.error(
        `round ${round} ${side}: ${run.pages_per_s} pages/s, ${run.cpu_ms_per_page} ms CPU/page, ` +
          `${run.outcomes.failed} failed (load ${loads.at(-1)?.toFixed(1)})`,
      );
    }
  }
  const summary = (side: keyof typeof sides) => ({
    pages_per_s: median(runs[side].map((run) => run.pages_per_s)),
    cpu_ms_per_page: Number(median(runs[side].map((run) => run.cpu_ms_per_page)).toFixed(3)),
  });
  const before = summary('before');
  const after = summary('after');
  console.log(`| | pages/s (median of ${args.rounds}) | CPU ms/page (median) |`);
  console.log('|---|---|---|');
  console.log(`| before (${sides.before}) | ${before.pages_per_s} | ${before.cpu_ms_per_page} |`);
  console.log(`| after (${sides.after}) | ${after.pages_per_s} | ${after.cpu_ms_per_page} |`);
  console.log(
    `| after ÷ before | ${(after.pages_per_s / before.pages_per_s).toFixed(2)}× | ` +
      `${(after.cpu_ms_per_page / before.cpu_ms_per_page).toFixed(2)}× |`,
  );
  console.log(
    `\n${args.pages} ${args.mode} pages, concurrency ${args.concurrency}; load average (1 min) during the ` +
      `runs ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} on ${process.platform}, node ${process.version}`,
  );
}

main();
