/**
 * A compute thread's entry (`compute.pool.ts` starts it): runs the registered function each call
 * names and answers its result or its error, one call at a time.
 */
import { parentPort } from 'node:worker_threads';
import { computeFunctionNamed } from './compute.registry.ts';
import { transferListOf } from '../fetcher/fetcher.page.ts';
import {
  receivedCall,
  sendError,
  type ComputeAnswer,
  type ComputeCall,
  type SentCall,
} from './compute.messages.ts';

const port = parentPort;
if (port === null) throw new Error('compute.worker runs only as a worker thread of the compute pool');

function answerTo({ id, name, input }: ComputeCall): ComputeAnswer {
  try {
    const run = computeFunctionNamed(name);
    if (run === undefined) throw new Error(`no compute function is registered as ${name}`);
    return { id, output: run(input) };
  } catch (error) {
    return { id, error: sendError(error) };
  }
}

port.on('message', (sent: SentCall) => {
  const { call, chunks } = receivedCall(sent);
  const answer = answerTo(call);
  // The page's bytes go back with the answer, handed over as they came (compute.messages.ts).
  const back = chunks === undefined ? {} : { chunks };
  const transfer = chunks === undefined ? [] : transferListOf(chunks);
  try {
    port.postMessage({ ...answer, ...back } satisfies ComputeAnswer, transfer);
  } catch (error) {
    // A result that is not plain data cannot cross; the thread lives on and the pool runs the call.
    const unsent = { id: call.id, unsent: sendError(error).message, ...back };
    port.postMessage(unsent satisfies ComputeAnswer, transfer);
  }
});
