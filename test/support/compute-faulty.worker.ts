/**
 * A compute thread entry that misbehaves as the `mode` of its URL says, for the pool's failure
 * tests: `exit` ends its thread on the first call, `unsent` answers that no result could cross,
 * `silent` never answers, `page-else-exit` answers a call that brought a page's bytes after
 * 300 ms (output `held`, the bytes handed back) and ends its thread on any other call.
 */
import { parentPort } from 'node:worker_threads';

const mode = new URL(import.meta.url).searchParams.get('mode');

parentPort?.on('message', (call: { id: number; page?: { chunks: Uint8Array[] } }) => {
  if (mode === 'page-else-exit' && call.page !== undefined) {
    const chunks = call.page.chunks;
    const back = () =>
      parentPort?.postMessage(
        { id: call.id, output: 'held', chunks },
        chunks.map((chunk) => chunk.buffer as ArrayBuffer),
      );
    return void setTimeout(back, 300);
  }
  if (mode === 'exit' || mode === 'page-else-exit') process.exit(3);
  if (mode === 'unsent') parentPort?.postMessage({ id: call.id, unsent: 'the result is not plain data' });
});
