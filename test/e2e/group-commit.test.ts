import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { openDatabase } from '../../src/platform/db/database.ts';
import {
  freePort,
  startServiceProcess,
  waitFor,
  waitForOk,
  type ServiceProcess,
} from '../support/processes.ts';
import { startReceiver } from '../support/receiver.ts';

const API_KEY = `svc_live_${'groupCommit'.repeat(5).slice(0, 48)}`;
const VALUES = 400;
const BATCH_SIZE = 10;
/** Pause, once, the first group commit after the fourth that writes three values or more, after writing them. */
const FAULT = { afterGroups: 4, minValues: 3, pauseMs: 600_000 };

interface Delivery {
  delivery_id: string;
  batch_sequence: number;
  is_final: boolean;
  results: Array<{ key: string; index: number }>;
}

describe('a SIGKILL in the middle of a group commit', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'pricecrawl-group-'));
  const running: ServiceProcess[] = [];
  after(() => {
    for (const service of running) service.signal('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('loses nothing and repeats nothing: every value answered, charged and delivered once', async () => {
    const receiver = await startReceiver();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = {
      PORT: String(port),
      SANDBOX_PORT: String(await freePort()),
      DATA_DIR: dataDir,
      BOOTSTRAP_API_KEY: API_KEY,
      BOOTSTRAP_CREDITS: '5000',
      CALLBACK_ALLOW_HOSTS: '127.0.0.1',
    };
    const api = async (path: string, init: RequestInit = {}) =>
      (
        await fetch(`${base}${path}`, {
          ...init,
          headers: { 'x-api-key': API_KEY, 'content-type': 'application/json' },
        })
      ).json() as Promise<any>;
    try {
      const first = startServiceProcess('npm', ['start', '--silent'], {
        ...env,
        FAULT_GROUP_COMMIT: JSON.stringify(FAULT),
      });
      running.push(first);
      await waitForOk(`${base}/health`, first);
      const values = Array.from({ length: VALUES }, (_, index) => String(index + 1));
      const created = await api('/stream', {
        method: 'POST',
        body: JSON.stringify({
          source: 'source_01',
          country: 'de',
          key: 'id',
          values,
          callback_url: receiver.url,
          delivery_batch_size: BATCH_SIZE,
        }),
      });
      assert.equal(created.error, false, JSON.stringify(created));
      const jobId = created.job_id as string;

      await waitFor(
        'the group commit to pause',
        async () => first.output().includes('FAULT_GROUP_COMMIT: group commit paused'),
        first,
      );
      first.signal('SIGKILL');
      await first.exited;

      const db = openDatabase({ dialect: 'sqlite', file: join(dataDir, 'pricecrawl.sqlite') });
      try {
        const job = await db.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
        const done = await db
          .selectFrom('job_values')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('job_id', '=', jobId)
          .where('status', '=', 'done')
          .executeTakeFirstOrThrow();
        assert.ok(
          job.values_done > 0 && job.values_done < VALUES,
          `killed mid-job (${job.values_done} done)`,
        );
        assert.equal(Number(done.count), job.values_done, 'the paused group left nothing half-written');
      } finally {
        await db.destroy();
      }

      const second = startServiceProcess('npm', ['start', '--silent'], env);
      running.push(second);
      await waitForOk(`${base}/health`, second);
      await waitFor(
        'the stream to finish and deliver everything',
        async () => {
          const status = await api(`/stream/${jobId}`);
          return status.is_final === true && status.deliveries.pending === 0;
        },
        second,
      );
      second.signal('SIGTERM');
      await second.exited;

      const download = await (async () => {
        const db2 = openDatabase({ dialect: 'sqlite', file: join(dataDir, 'pricecrawl.sqlite') });
        try {
          const rows = await db2
            .selectFrom('job_values')
            .select(['idx', 'status', 'credits', 'completion_seq'])
            .where('job_id', '=', jobId)
            .orderBy('idx')
            .execute();
          const charges = await db2
            .selectFrom('credit_ledger')
            .select(['kind', 'amount', 'value_index'])
            .where('job_id', '=', jobId)
            .execute();
          const all = await db2.selectFrom('credit_ledger').select('amount').execute();
          return { rows, charges, balance: all.reduce((sum, entry) => sum + entry.amount, 0) };
        } finally {
          await db2.destroy();
        }
      })();
      assert.equal(download.rows.length, VALUES);
      assert.ok(download.rows.every((row) => row.status === 'done'));
      assert.deepEqual(
        download.rows.map((row) => row.completion_seq).sort((a, b) => (a ?? 0) - (b ?? 0)),
        values.map((_, index) => index + 1),
        'completion sequences 1..N, each once',
      );
      const chargesPerValue = new Map<number, number>();
      for (const entry of download.charges.filter((entry) => entry.kind === 'charge')) {
        const index = entry.value_index ?? -1;
        chargesPerValue.set(index, (chargesPerValue.get(index) ?? 0) + 1);
      }
      assert.equal(chargesPerValue.size, VALUES, 'every value charged');
      assert.ok(
        [...chargesPerValue.values()].every((count) => count === 1),
        'no value charged twice',
      );
      const credits = download.rows.reduce((sum, row) => sum + row.credits, 0);
      const net = download.charges.reduce((sum, entry) => sum + entry.amount, 0);
      assert.equal(net, -credits, 'the reservation settled exactly: the job cost its charges');
      assert.equal(download.balance, 5000 - credits);

      const byId = new Map<string, Delivery>();
      for (const request of receiver.requests) {
        const payload = JSON.parse(request.rawBody) as Delivery;
        byId.set(payload.delivery_id, payload);
      }
      const sequences = [...byId.values()].map((payload) => payload.batch_sequence).sort((a, b) => a - b);
      assert.deepEqual(
        sequences,
        sequences.map((_, index) => index + 1),
        'batch sequences 1..N, no gap, no repeat',
      );
      assert.equal([...byId.values()].filter((payload) => payload.is_final).length, 1);
      const delivered = [...byId.values()].flatMap((payload) =>
        payload.results.map((result) => result.index),
      );
      assert.deepEqual(
        delivered.sort((a, b) => a - b),
        values.map((_, index) => index),
        'each result in exactly one delivery',
      );
    } finally {
      await receiver.close();
    }
  });
});
