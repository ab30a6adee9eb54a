/**
 * One measurement of `bench/bookkeeping.ts`, in a child process, of the checkout at `root` (its
 * own `src/`, imported by path, so a baseline checkout runs its own code).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pino } from 'pino';

/** What the child prints. */
export interface BookkeepingFigures {
  values: number;
  served_from_cache: number;
  submit_cpu_ms_per_value: number;
  serve_cpu_ms_per_value: number;
  total_cpu_ms_per_value: number;
  serve_wall_ms: number;
}

interface Input {
  root: string;
  values: number;
  sandboxPort: number;
  receiverUrl: string;
  /** Writes CPU profiles of the crawled job (`<dir>/crawled.cpuprofile`) and of the re-served one. */
  profileDir?: string;
}

/** Runs `work` under the V8 CPU profiler when `file` is given, writing the profile there. */
async function profiled<T>(file: string | undefined, work: () => Promise<T>): Promise<T> {
  if (!file) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  }
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;

export async function measureBookkeeping(input: Input): Promise<BookkeepingFigures> {
  const load = (path: string) => import(join(input.root, path));
  const { loadConfig } = await load('src/config.ts');
  const { createRuntime } = await load('src/main/runtime.ts');
  const { buildApp } = await load('src/app.ts');
  const { loadJwtSecret } = await load('src/accounts/auth/auth.service.ts');
  const { createAccount, createApiKey } = await load('src/accounts/provisioning/provisioning.service.ts');
  const dataDir = mkdtempSync(join(tmpdir(), 'pricecrawl-bench-bookkeeping-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SANDBOX_PORT: String(input.sandboxPort),
    CALLBACK_ALLOW_HOSTS: '127.0.0.1',
    CRAWL_PAIR_RPS: '5000',
    CRAWL_PAIR_CONCURRENCY: '64',
  });
  let runtime = await createRuntime(config, pino({ level: 'silent' }));
  let app = await buildApp(runtime.deps, { jwtSecret: await loadJwtSecret(runtime.deps.db) });
  const { account } = await createAccount(runtime.deps, {
    name: 'bench',
    plan: 'self-serve',
    credits: 1e7,
    cacheReuse: true,
  });
  const { key } = await createApiKey(runtime.deps.db, account);
  const values = Array.from({ length: input.values }, (_, n) => String(n + 1));

  async function submit(): Promise<string> {
    const response = await app.inject({
      method: 'POST',
      url: '/stream',
      headers: { 'x-api-key': key },
      payload: {
        source: 'source_01',
        country: 'de',
        key: 'id',
        values,
        max_age: 3600,
        callback_url: input.receiverUrl,
        delivery_batch_size: 100,
      },
    });
    const answer = response.json() as { error: boolean; job_id: string };
    if (answer.error) throw new Error(response.body);
    return answer.job_id;
  }

  /** Until every value is recorded and every delivery delivered (cheap polls, 20 ms apart). */
  async function settled(jobId: string): Promise<void> {
    const { db } = runtime.deps;
    for (;;) {
      const job = await db.selectFrom('jobs').select('status').where('id', '=', jobId).executeTakeFirst();
      const pending = await db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('job_id', '=', jobId)
        .where('status', '=', 'pending')
        .limit(1)
        .execute();
      if (job?.status === 'finished' && pending.length === 0) return;
      await sleep(20);
    }
  }

  // Fill the observation cache, then start again without a worker, so the submission is measured
  // alone before the worker serves it.
  runtime.startWorker();
  const profileOf = (name: string) =>
    input.profileDir ? join(input.profileDir, `${name}.cpuprofile`) : undefined;
  await profiled(profileOf('crawled'), async () => settled(await submit()));
  await app.close();
  await runtime.close();
  runtime = await createRuntime(config, pino({ level: 'silent' }));
  app = await buildApp(runtime.deps, { jwtSecret: await loadJwtSecret(runtime.deps.db) });
  const { db } = runtime.deps;
  const before = process.cpuUsage();
  const jobId = await submit();
  const submitted = process.cpuUsage(before);
  const started = performance.now();
  const total = await profiled(profileOf('reserved'), async () => {
    runtime.startWorker();
    await settled(jobId);
    return process.cpuUsage(before);
  });
  const wallMs = performance.now() - started;
  const results = await db.selectFrom('job_values').select('result').where('job_id', '=', jobId).execute();
  const fromCache = results.filter((row: { result: string | null }) =>
    (row.result ?? '').includes('"served_from":"cache"'),
  ).length;
  await app.close();
  await runtime.close();
  rmSync(dataDir, { recursive: true, force: true });
  const round = (n: number) => Math.round(n * 1000) / 1000;
  return {
    values: input.values,
    served_from_cache: fromCache,
    submit_cpu_ms_per_value: round(cpuMs(submitted) / input.values),
    serve_cpu_ms_per_value: round((cpuMs(total) - cpuMs(submitted)) / input.values),
    total_cpu_ms_per_value: round(cpuMs(total) / input.values),
    serve_wall_ms: Math.round(wallMs),
  };
}
