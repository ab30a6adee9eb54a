import { pino } from 'pino';
import type { Db } from '../../src/platform/db/database.ts';
import {
  createWebhookDispatcher,
  type WebhookDispatcher,
  type WebhookDispatcherOptions,
} from '../../src/pipeline/deliveries/deliveries.dispatcher.ts';
import { createCallbackPolicy } from '../../src/pipeline/webhooks/webhooks.callback-url.ts';

/**
 * A webhook sender for tests: receivers on 127.0.0.1, a clock the test sets (`nowMs`), retry
 * jitter fixed at the middle of its range (±0%), short timeouts; `overrides` for the rest.
 */
export function createTestDispatcher(
  db: Db,
  nowMs: () => number,
  overrides: Partial<WebhookDispatcherOptions> = {},
): WebhookDispatcher {
  return createWebhookDispatcher({
    db,
    logger: pino({ level: 'silent' }),
    policy: createCallbackPolicy(['127.0.0.1']),
    concurrency: 16,
    hostConcurrency: 4,
    connectTimeoutMs: 1000,
    timeoutMs: 1500,
    flushIntervalMs: 2000,
    now: nowMs,
    random: () => 0.5,
    ...overrides,
  });
}
