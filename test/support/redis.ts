import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/** The Redis the BullMQ tests use (CI starts it in `.ci/run`). */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A client that gives up at once instead of retrying, so a missing server fails a test, not hangs it. */
function quickClient(): { client: Redis; lastError: () => string | undefined } {
  let lastError: string | undefined;
  const client = new Redis(TEST_REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', (err: Error) => void (lastError = err.message));
  return { client, lastError: () => lastError };
}

/** Fails with a message naming the URL and the fix when Redis does not answer a PING. */
export async function requireRedis(): Promise<void> {
  const { client, lastError } = quickClient();
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    const reason = lastError() ?? (error instanceof Error ? error.message : String(error));
    throw new Error(
      `Redis is not reachable at ${TEST_REDIS_URL} (${reason}). The BullMQ tests need a Redis server: ` +
        'CI starts one in .ci/run; locally run `redis-server` or set TEST_REDIS_URL.',
    );
  } finally {
    client.disconnect();
  }
}

/** A key prefix no other test run uses. */
export function uniqueRedisPrefix(): string {
  return `pricecrawl-test-${randomBytes(6).toString('hex')}`;
}

/** Deletes every key under a prefix (what a test run left in Redis). */
export async function dropRedisPrefix(prefix: string): Promise<void> {
  const { client } = quickClient();
  await client.connect();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await client.unlink(...keys);
    } while (cursor !== '0');
  } finally {
    client.disconnect();
  }
}
