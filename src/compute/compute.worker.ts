/**
 * A compute thread's entry (`compute.pool.ts` starts it): runs the registered function each call
 * names and answers its result or its error, one call at a time.
 */
import { parentPort } from 'node:worker_threads';
import { computeFunctionNamed } from './compute.registry.ts';
import { sendError, type ComputeAnswer, type ComputeCall } from './compute.messages.ts';

const port = parentPort;
if (port === null) throw new Error('compute.worker runs only as a worker thread of the compute pool');

port.on('message', ({ id, name, input }: ComputeCall) => {
  let answer: ComputeAnswer;
  try {
    const run = computeFunctionNamed(name);
    if (run === undefined) throw new Error(`no compute function is registered as ${name}`);
    answer = { id, output: run(input) };
  } catch (error) {
    answer = { id, error: sendError(error) };
  }
  port.postMessage(answer);
});
