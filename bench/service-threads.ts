/**
 * Where the whole service's CPU per value goes, thread by thread (issue 23): the service of this
 * checkout crawls `--pages` values of a real-size target (bench/real-targets.ts) as batch jobs, as
 * bench/crawlee.ts measures it, and the CPU each of its threads spent from the first job to the last
 * is printed per value (`/proc/<pid>/task/<tid>/stat`, user + system). The main thread is the
 * process's own id; the others are named by their order of start: V8's platform threads (garbage
 * collection, compilation) start with the process, a compute thread on the first page it parses.
 *
 *   npx tsx bench/service-threads.ts [--target 'source_02 product'] [--pages 300] [--pool 64]
 *                                    [--service compiled|tsx] [--warm] [--compute-threads auto]
 *
 * `--warm` first crawls the pool's values once, unmeasured: what the figure loses then is what the
 * service spends once, on its first values (modules imported on first use, a compute thread's start).
 * `--compute-threads 0` parses on the main thread, as the engine alone does. `--node-arg` (repeatable)
 * passes a flag to the service's node, e.g. `--node-arg=--cpu-prof --node-arg=--cpu-prof-dir=/tmp/p`
 * (a profile per thread) or `--node-arg=--trace-gc`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { benchTarget, targetValues } from './real-targets.ts';
import {
  cpuMsOf,
  log,
  machineLoad,
  serviceEntryOf,
  startPageServer,
  startService,
  THIS_CHECKOUT,
} from './support.ts';
import { chunked, outcomesOf, runBatchJobs } from './support.api.ts';

const { values: args } = parseArgs({
  options: {
    target: { type: 'string', default: 'source_02 product' },
    pages: { type: 'string', default: '300' },
    pool: { type: 'string', default: '64' },
    service: { type: 'string', default: 'compiled' },
    warm: { type: 'boolean', default: false },
    'compute-threads': { type: 'string', default: 'auto' },
    'node-arg': { type: 'string', multiple: true, default: [] },
  },
});

/** CPU ms of each thread of `pid` (10 ms clock ticks), by thread id. */
function threadCpuMs(pid: number): Map<number, number> {
  const threads = new Map<number, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime and stime are fields 14 and 15 of stat, 12 and 13 after the name.
      threads.set(Number(tid), (Number(fields[11]) + Number(fields[12])) * 10);
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return threads;
}

async function main(): Promise<void> {
  const target = benchTarget(String(args.target));
  const pages = await startPageServer('sandbox', 60, ['--weight', 'real']);
  try {
    const { values } = await targetValues(target, pages.origin, Number(args.pages), Number(args.pool));
    const env = {
      SANDBOX_ENABLED: 'false',
      SANDBOX_PORT: String(pages.port),
      WORKER_CONCURRENCY: '32',
      CRAWL_PAIR_RPS: '100000',
      CRAWL_PAIR_CONCURRENCY: '64',
      COMPUTE_THREADS: String(args['compute-threads']),
    };
    const checkout = { label: 'after', dir: THIS_CHECKOUT } as const;
    const service = await startService(checkout, env, serviceEntryOf(String(args.service)), args['node-arg']);
    try {
      const query = { source: target.source, country: target.country, key: target.key, max_age: 0 };
      const chunks = chunked(values, Math.min(1000, new Set(values).size));
      if (args.warm) await runBatchJobs(service, chunks.slice(0, 1), query);
      const before = { total: cpuMsOf(service.pid), threads: threadCpuMs(service.pid) };
      const startedMs = performance.now();
      const jobIds = await runBatchJobs(service, chunks, query);
      const seconds = (performance.now() - startedMs) / 1000;
      const total = cpuMsOf(service.pid) - before.total;
      const perValue = (ms: number) => `${(ms / values.length).toFixed(2)} ms`;
      console.log(
        `${target.name}, ${values.length} values, service ${args.service}${args.warm ? ' warmed' : ''}, ` +
          `COMPUTE_THREADS=${args['compute-threads']}: ${seconds.toFixed(1)} s, ${perValue(total)} CPU per value; ` +
          `load average ${machineLoad()}`,
      );
      for (const [tid, ms] of threadCpuMs(service.pid)) {
        const spent = ms - (before.threads.get(tid) ?? 0);
        if (spent > 0) console.log(`  ${tid === service.pid ? 'main' : `thread ${tid}`}: ${perValue(spent)}`);
      }
      log(JSON.stringify(await outcomesOf(service, jobIds)));
    } finally {
      await service.stop();
    }
  } finally {
    await pages.stop();
  }
}

await main();
