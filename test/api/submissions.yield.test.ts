import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CHUNK_ROWS } from '../../src/platform/lib/chunks.ts';
import { VALUES_PER_CHUNK } from '../../src/pipeline/tasks/tasks.crawl-chunk.ts';
import { INVALID_RECORD_CHUNK } from '../../src/pipeline/submissions/submissions.service.ts';
import { countEventLoopTurns } from '../support/event-loop.ts';
import { startHarness, type Harness } from '../support/harness.ts';
import { until } from '../support/until.ts';

describe('a 100 000-value submission (issue 8 part 2, defect 12)', () => {
  let harness: Harness;
  before(async () => {
    harness = await startHarness({ worker: false, env: { CALLBACK_ALLOW_HOSTS: '127.0.0.1' } });
  });
  after(async () => harness.close());

  it('yields to the event loop between the chunks of values and tasks it writes', async () => {
    const { headers } = await harness.account({ credits: 1_000_000 });
    const valueCount = 100_000;
    const loop = countEventLoopTurns();
    const response = await harness.app.inject({
      method: 'POST',
      url: '/stream',
      headers,
      payload: {
        source: 'source_01',
        country: 'de',
        key: 'id',
        values: Array.from({ length: valueCount }, (_, n) => String(n + 1)),
        callback_url: 'http://127.0.0.1:9/hook',
      },
    });
    loop.stop();
    assert.equal(response.json().error, false);
    const taskCount = Math.ceil(valueCount / VALUES_PER_CHUNK);
    const chunks = Math.ceil(valueCount / CHUNK_ROWS) + Math.ceil(taskCount / CHUNK_ROWS);
    // One pause after each chunk of value rows and each chunk of task rows, at the least.
    assert.ok(loop.turns >= chunks, `${loop.turns} turns of the event loop for ${chunks} chunks`);
  });

  it('answers GET /health while a write transaction holds the SQLite connection', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let committed = false;
    const writing = harness.runtime.deps.db.transaction().execute(async (trx) => {
      await trx.updateTable('jobs').set({ updated_at: 'x' }).where('id', '=', 'none').execute();
      await held;
      committed = true;
    });
    // The transaction lets go after 100 turns of the event loop, so a probe that waits for it ends too.
    let turns = 0;
    const tick = () => (++turns >= 100 ? release() : setImmediate(tick));
    setImmediate(tick);
    const health = await harness.app.inject({ method: 'GET', url: '/health' });
    assert.equal(health.statusCode, 200);
    assert.equal(committed, false, 'answered while the transaction was still open');
    await writing;
  });

  it('records the results of 100 000 malformed values in groups, yielding between them (issue 22)', async () => {
    const { headers } = await harness.account({ credits: 1_000_000 });
    const valueCount = 100_000;
    const deps = harness.runtime.deps;
    const original = deps.onDeliveryCreated;
    // Each group of results assembles its deliveries and says so once; between two groups the event
    // loop must have turned (another request could run).
    const loop = countEventLoopTurns();
    const turnsAtGroup: number[] = [];
    const groups = Math.ceil(valueCount / INVALID_RECORD_CHUNK);
    deps.onDeliveryCreated = () => void turnsAtGroup.push(loop.turns);
    try {
      const response = await harness.app.inject({
        method: 'POST',
        url: '/stream',
        headers,
        payload: {
          source: 'source_01',
          country: 'de',
          key: 'gtin',
          values: Array.from({ length: valueCount }, (_, n) => `${400_000_000_000 + n}x`),
          callback_url: 'http://127.0.0.1:9/hook',
        },
      });
      assert.equal(response.json().error, false);
      // Once the answer is written, the answer gate (http.answer-gate.ts) wakes the sender too.
      await until('the answer gate released the stream', () => turnsAtGroup.length > groups);
    } finally {
      loop.stop();
      deps.onDeliveryCreated = original;
    }
    assert.equal(
      turnsAtGroup.length,
      groups + 1,
      'one group of results per chunk of malformed values, then the release after the answer',
    );
    const groupTurns = turnsAtGroup.slice(0, groups);
    const without = groupTurns.slice(1).filter((at, n) => at === groupTurns[n]).length;
    assert.equal(without, 0, `${without} groups were written without a turn of the event loop before them`);
  });
});
