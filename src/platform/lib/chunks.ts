/**
 * Large writes in chunks that yield to the event loop between them, so a 100 000-value submission
 * inside one transaction does not hold every other request (a health probe, a status poll) until
 * it is done (issue 8 part 2, defect 12).
 */

/** Rows per statement: under every dialect's bound-parameter limit for the widest table written. */
export const CHUNK_ROWS = 500;

/** Resolves on the next turn of the event loop, after pending I/O callbacks ran. */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Calls `write` with consecutive chunks of `rows` (at most `chunkRows` each) and `pause` after
 * each one: ceil(rows / chunkRows) pauses in all. `pause` is injectable for tests.
 */
export async function writeInChunks<T>(
  rows: readonly T[],
  write: (chunk: T[]) => Promise<unknown>,
  options: { chunkRows?: number; pause?: () => Promise<void> } = {},
): Promise<void> {
  const chunkRows = options.chunkRows ?? CHUNK_ROWS;
  const pause = options.pause ?? yieldToEventLoop;
  for (let start = 0; start < rows.length; start += chunkRows) {
    await write(rows.slice(start, start + chunkRows));
    await pause();
  }
}
