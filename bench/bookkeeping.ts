/**
 * Bookkeeping per value (issue 11, goal 3): the CPU the service spends on a value besides fetching
 * and parsing it (queue, results, ledger, deliveries). A zero-cost upstream: a stream of `--values`
 * sandbox values is crawled once to fill the observation cache, then the same values are submitted
 * again with `max_age` by an account eligible for reuse, so every value goes queue → record →
 * credits → deliveries with no fetch and no parse. CPU is the measuring process's own
 * (`process.cpuUsage`, user + system) from the submission's answer until every value is recorded
 * and every delivery delivered; the receiver and the sandbox run in the parent process.
 *
 * Each checkout (`--before`, default /work/wt-base, and this one) runs in a child process of its
 * own, alternating, `--rounds` times; figures are per value. Same machine, same run: compare
 * ratios, not absolute times. `--profile <dir>` writes V8 CPU profiles of the "after" checkout's
 * first round: `crawled.cpuprofile` (the 1 000-value job that fills the cache, crawling) and
 * `reserved.cpuprofile` (the measured re-served job), for Chrome DevTools or speedscope.
 *
 *   npx tsx bench/bookkeeping.ts [--values 1000] [--rounds 3] [--before /work/wt-base] [--profile dir]
 */
import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildSandboxApp } from '../src/sandbox/index.ts';
import { startReceiver } from '../test/support/receiver.ts';
import { measureBookkeeping } from './bookkeeping.measure.ts';

const { values: args } = parseArgs({
  options: {
    values: { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '3' },
    before: { type: 'string', default: '/work/wt-base' },
    profile: { type: 'string' },
    measure: { type: 'string' },
    'sandbox-port': { type: 'string' },
    receiver: { type: 'string' },
  },
});

if (args.measure !== undefined) {
  // Child: one measurement of the checkout at `--measure`, printed as one JSON line.
  const figures = await measureBookkeeping({
    root: args.measure,
    values: Number(args.values),
    sandboxPort: Number(args['sandbox-port']),
    receiverUrl: args.receiver ?? '',
    profileDir: args.profile,
  });
  console.log(JSON.stringify(figures));
  process.exit(0);
}

const sandbox = buildSandboxApp({});
await sandbox.listen({ port: 0, host: '127.0.0.1' });
const sandboxPort = (sandbox.server.address() as AddressInfo).port;
const receiver = await startReceiver();

function runChild(root: string, profileDir?: string): Promise<Record<string, number>> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      import.meta.filename,
      ...['--measure', root, '--values', String(args.values)],
      ...['--sandbox-port', String(sandboxPort), '--receiver', receiver.url],
      ...(profileDir ? ['--profile', profileDir] : []),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((done, fail) =>
    child.once('exit', (code) => {
      const line = output.trim().split('\n').pop() ?? '';
      if (code === 0) done(JSON.parse(line) as Record<string, number>);
      else fail(new Error(`measurement of ${root} exited ${code}: ${output}`));
    }),
  );
}

const checkouts = { before: resolve(args.before), after: resolve(import.meta.dirname, '..') };
const rows: Array<Record<string, string | number>> = [];
for (let round = 1; round <= Number(args.rounds); round += 1) {
  for (const [label, root] of Object.entries(checkouts)) {
    const profile = label === 'after' && round === 1 ? args.profile : undefined;
    rows.push({ checkout: label, round, ...(await runChild(root, profile)) });
  }
}
console.table(rows);
const median = (label: string, field: string) => {
  const sorted = rows
    .filter((row) => row.checkout === label)
    .map((row) => Number(row[field]))
    .sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
for (const field of [
  'submit_cpu_ms_per_value',
  'serve_cpu_ms_per_value',
  'total_cpu_ms_per_value',
  'serve_wall_ms',
]) {
  const before = median('before', field);
  const after = median('after', field);
  console.log(
    `${field}: before ${before}, after ${after} (median of ${args.rounds}; after/before ${(after / before).toFixed(2)})`,
  );
}
await receiver.close();
await sandbox.close();
