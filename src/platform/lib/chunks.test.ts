import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { writeInChunks, yieldToEventLoop } from './chunks.ts';

describe('writing in chunks that yield', () => {
  it('writes every row once, in order, pausing after each chunk', async () => {
    const rows = Array.from({ length: 1201 }, (_, n) => n);
    const events: string[] = [];
    await writeInChunks(rows, async (chunk) => void events.push(`write ${chunk[0]}-${chunk.at(-1)}`), {
      chunkRows: 500,
      pause: async () => void events.push('pause'),
    });
    assert.deepEqual(events, ['write 0-499', 'pause', 'write 500-999', 'pause', 'write 1000-1200', 'pause']);
  });

  it('lets a timer-free callback queued meanwhile run before it returns', async () => {
    let ran = false;
    setImmediate(() => (ran = true));
    await yieldToEventLoop();
    assert.equal(ran, true);
  });
});
