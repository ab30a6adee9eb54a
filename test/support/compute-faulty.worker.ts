/**
 * A compute thread entry that misbehaves as the `mode` of its URL says, for the pool's failure
 * tests: `exit` ends its thread on the first call, `unsent` answers that no result could cross,
 * `silent` never answers.
 */
import { parentPort } from 'node:worker_threads';

const mode = new URL(import.meta.url).searchParams.get('mode');

parentPort?.on('message', (call: { id: number }) => {
  if (mode === 'exit') process.exit(3);
  if (mode === 'unsent') parentPort?.postMessage({ id: call.id, unsent: 'the result is not plain data' });
});
