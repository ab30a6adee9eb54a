import type { Offload } from './crawl.types.ts';

/** The {@link Offload} of a process without a compute pool: runs the function in place. */
export const offloadInPlace: Offload = (run, input) => {
  try {
    return Promise.resolve(run(input));
  } catch (error) {
    return Promise.reject(error as Error);
  }
};
