import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { describe, it } from 'node:test';
import { createProgress } from './cli.progress.ts';

function capture(isTTY: boolean) {
  const stream = Object.assign(new PassThrough(), { isTTY, columns: 100 });
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { target: { stream, isTTY }, text: () => text };
}

describe('CLI progress', () => {
  it('draws a bar with done/total on a terminal', () => {
    const out = capture(true);
    const progress = createProgress('job 1', out.target);
    progress.update('working', 3, 10);
    progress.update('finished', 10, 10);
    progress.stop();
    assert.match(out.text(), /job 1 \[[█░]+\] 30% \| 3\/10 \| working/);
    assert.match(out.text(), /job 1 \[█+\] 100% \| 10\/10 \| finished/);
  });

  it('writes one plain line per change elsewhere', () => {
    const out = capture(false);
    const progress = createProgress('job 1', out.target);
    for (const [status, done] of [
      ['new', 0],
      ['working', 4],
      ['working', 4],
      ['finished', 10],
    ] as const) {
      progress.update(status, done, 10);
    }
    progress.stop();
    assert.equal(out.text(), 'job 1: new 0/10\njob 1: working 4/10\njob 1: finished 10/10\n');
  });
});
