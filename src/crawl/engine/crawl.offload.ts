/**
 * The `Offload` of a process without compute threads (the engine alone, the API role, tests):
 * the function runs where it is called, its throw turned into a rejection as a thread's would be.
 */
import type { Offload } from '../vocabulary/crawl.types.ts';

/** The {@link Offload} that runs the function in place. */
export const offloadInPlace: Offload = (run, input) => {
  try {
    return Promise.resolve(run(input));
  } catch (error) {
    return Promise.reject(error);
  }
};
