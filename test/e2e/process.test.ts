import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { openDatabase } from '../../src/platform/db/database.ts';
import { sleep } from '../../src/platform/lib/time.ts';
import { freePort } from '../support/processes.ts';

const API_KEY = `svc_live_${'e2eTestKey0'.repeat(5).slice(0, 48)}`;

/** Starts the service the way the README says (`npm start`), on its own ports and data directory. */
function startService(env: Record<string, string>): ChildProcess {
  const child = spawn('npm', ['start', '--silent'], {
    cwd: process.cwd(),
    env: { ...process.env, ...env, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  return child;
}

/** Kills the whole process group (npm, node and its sandbox process) at once, like a power cut. */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // the group is gone already
  }
}

/** Resolves once no process of the child's group is left (npm may exit before the node it started). */
async function waitForGroupExit(child: ChildProcess, timeoutMs = 30_000): Promise<void> {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    try {
      if (child.pid) process.kill(-child.pid, 0);
    } catch {
      return;
    }
    await sleep(100);
  }
  throw new Error('the process group did not exit');
}

function killHard(child: ChildProcess): void {
  signalGroup(child, 'SIGKILL');
}

async function waitForHealth(base: string, timeoutMs = 60_000): Promise<void> {
  const start = Date.now();
  for (;;) {
    try {
      if ((await fetch(`${base}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() - start > timeoutMs) throw new Error('service did not become healthy');
    await sleep(200);
  }
}

async function api(base: string, path: string, init: RequestInit = {}): Promise<any> {
  const response = await fetch(`${base}${path}`, {
    ...init,
    headers: { 'x-api-key': API_KEY, 'content-type': 'application/json', ...(init.headers ?? {}) },
  });
  return response.json();
}

describe('the service process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'pricecrawl-e2e-'));
  const running: ChildProcess[] = [];
  after(() => {
    for (const child of running) if (child.exitCode === null) killHard(child);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('survives SIGKILL in the middle of a 1 000-value job: every value answered once, charged once', async () => {
    const port = await freePort();
    const sandboxPort = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = {
      PORT: String(port),
      SANDBOX_PORT: String(sandboxPort),
      DATA_DIR: dataDir,
      BOOTSTRAP_API_KEY: API_KEY,
      BOOTSTRAP_CREDITS: '5000',
      SANDBOX_FAULTS: JSON.stringify({ source_01: { latencyMs: { min: 30, max: 80 } } }),
      COMPUTE_THREADS: '1',
    };
    const first = startService(env);
    running.push(first);
    await waitForHealth(base);

    const truth = (await (
      await fetch(`http://127.0.0.1:${sandboxPort}/catalog.json?source=source_01&country=de`)
    ).json()) as {
      products: Array<{ id: string }>;
      not_found: { id: string[] };
    };
    const values = [...truth.products.map((product) => product.id), ...truth.not_found.id].slice(0, 1000);
    assert.equal(values.length, 1000);
    const created = await api(base, '/job', {
      method: 'POST',
      body: JSON.stringify({ source: 'source_01', country: 'de', key: 'id', values }),
    });
    assert.equal(created.error, false, JSON.stringify(created));
    const jobId = created.job._id as string;

    for (;;) {
      const status = await api(base, `/job/${jobId}`);
      if (status.job.done >= 150) break;
      assert.notEqual(status.job.status, 'finished', 'the job finished before the crash could be staged');
      await sleep(50);
    }
    killHard(first);
    await new Promise((resolve) => first.once('exit', resolve));

    const second = startService(env);
    running.push(second);
    await waitForHealth(base);
    const finished = await (async () => {
      for (let polls = 0; polls < 60; polls += 1) {
        const status = await api(base, `/job/${jobId}?wait=10`);
        if (status.job.status === 'finished') return status.job;
      }
      throw new Error('job did not finish after the restart');
    })();
    assert.deepEqual(finished, { _id: jobId, status: 'finished', done: 1000, all: 1000 });

    const download = await api(base, `/job/${jobId}/download`);
    assert.equal(download.results.length, 1000);
    assert.deepEqual(
      download.results.map((result: { key: string }) => result.key),
      values,
    );
    const notFound = new Set(truth.not_found.id);
    for (const result of download.results as Array<{
      key: string;
      success: boolean;
      reason: string | null;
    }>) {
      assert.equal(result.success, true, `${result.key}: ${result.reason}`);
      assert.equal(result.reason, notFound.has(result.key) ? 'not found' : null);
    }
    const csv = await fetch(`${base}/job/${jobId}/download.csv`, { headers: { 'x-api-key': API_KEY } });
    assert.equal(csv.status, 200);

    // The built service parses and scores (trust.assess: the G38 figures and the trust score) on its
    // compute thread (COMPUTE_THREADS=1), never in place.
    const scrape = await (await fetch(`${base}/metrics`)).text();
    const computeCalls = (fn: string, place: string): number =>
      Number(
        new RegExp(
          `^pricecrawl_compute_calls_total\\{function="${fn}",place="${place}"\\} (\\d+)$`,
          'm',
        ).exec(scrape)?.[1] ?? 0,
      );
    for (const fn of ['source_01.product', 'trust.assess']) {
      assert.ok(computeCalls(fn, 'thread') > 0, `no ${fn} call ran on a compute thread:\n${scrape}`);
      assert.equal(computeCalls(fn, 'main'), 0, `${fn} calls ran on the main thread`);
    }

    // SIGTERM reaches the whole group (npm, node, the sandbox process); the service drains and exits by itself.
    signalGroup(second, 'SIGTERM');
    await waitForGroupExit(second);
    await assert.rejects(fetch(`${base}/health`), 'the API is closed after SIGTERM');

    const db = openDatabase({ dialect: 'sqlite', file: join(dataDir, 'pricecrawl.sqlite') });
    try {
      const charges = await db
        .selectFrom('credit_ledger')
        .selectAll()
        .where('job_id', '=', jobId)
        .where('kind', '=', 'charge')
        .execute();
      const perValue = new Map<number, number>();
      for (const charge of charges)
        perValue.set(charge.value_index ?? -1, (perValue.get(charge.value_index ?? -1) ?? 0) + 1);
      assert.ok(
        [...perValue.values()].every((count) => count === 1),
        'no value charged twice',
      );
      assert.equal(charges.length, 1000, 'every crawled value charged once');
      const ledger = await db
        .selectFrom('credit_ledger')
        .select(['kind', 'amount'])
        .where('job_id', '=', jobId)
        .execute();
      const net = ledger.reduce((sum, entry) => sum + entry.amount, 0);
      assert.equal(net, -1000, 'reservation fully settled: the job cost exactly its charges');
      const account = await db
        .selectFrom('accounts')
        .select('id')
        .where('name', '=', 'demo')
        .executeTakeFirstOrThrow();
      const all = await db
        .selectFrom('credit_ledger')
        .select('amount')
        .where('account_id', '=', account.id)
        .execute();
      assert.equal(
        all.reduce((sum, entry) => sum + entry.amount, 0),
        4000,
      );
    } finally {
      await db.destroy();
    }
  });
});
