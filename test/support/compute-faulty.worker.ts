/**
 * A compute thread entry that misbehaves as the `mode` of its URL says, for the pool's failure
 * tests: `exit` ends its thread on the first call, `unsent` answers that no result could cross,
 * `silent` never answers, `page-else-exit` answers a call that brought a page's bytes once the
 * file named by the URL's `release` exists (output `held`, the bytes handed back), so that a test
 * decides when, and ends its thread on any other call.
 */
import { existsSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';

const parameters = new URL(import.meta.url).searchParams;
const mode = parameters.get('mode');
const release = parameters.get('release') ?? '';

parentPort?.on('message', (call: { id: number; page?: { chunks: Uint8Array[] } }) => {
  if (mode === 'page-else-exit' && call.page !== undefined) {
    const chunks = call.page.chunks;
    const answerOnRelease = (): void => {
      if (!existsSync(release)) return void setTimeout(answerOnRelease, 10);
      const transfer = chunks.map((chunk) => chunk.buffer as ArrayBuffer);
      parentPort?.postMessage({ id: call.id, output: 'held', chunks }, transfer);
    };
    return answerOnRelease();
  }
  if (mode === 'exit' || mode === 'page-else-exit') process.exit(3);
  if (mode === 'unsent') parentPort?.postMessage({ id: call.id, unsent: 'the result is not plain data' });
});
