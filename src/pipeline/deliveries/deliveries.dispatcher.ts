/**
 * The webhook sender (issue 5 §3). Deliveries are rows: this loop claims due ones with a lease on
 * the row (`deliveries.claim.ts`, so one delivery is never in flight twice, even across workers),
 * sends each on its own (`deliveries.send.ts`: signed by `deliveries.request.ts`, the outcome and the
 * next due time recorded by `deliveries.outcome.ts`), and gives the lease back. Because the schedule lives
 * in the rows, a delivery due while the process was down goes out when it is back. It runs apart
 * from the crawl queue so a crawl backlog never holds deliveries back, and it bounds concurrency per
 * receiver (`host:port`) so one slow receiver occupies a few slots, never the others' turn.
 */
import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import type { Logger } from 'pino';
import type { Dispatcher } from 'undici';
import type { Db } from '../../platform/db/database.ts';
import { sleep } from '../../platform/lib/time.ts';
import type { CallbackPolicy } from '../webhooks/webhooks.callback-url.ts';
import { createWebhookAgent } from '../webhooks/webhooks.sender.ts';
import { flushStaleBatches } from './deliveries.assembly.ts';
import { HostSlots, claimDueDeliveries } from './deliveries.claim.ts';
import { releaseAllLeases } from './deliveries.repository.ts';
import { sendDelivery, type SendContext } from './deliveries.send.ts';
import type { DeliveryStatus, WebhookDelivery } from './deliveries.table.ts';

/** Settings of the sender; the clock and randomness are injectable for the schedule's tests. */
export interface WebhookDispatcherOptions {
  db: Db;
  logger: Logger;
  policy: CallbackPolicy;
  /** Attempts in flight at once in this process. */
  concurrency: number;
  /** Attempts in flight at once per receiver `host:port` in this process. */
  hostConcurrency: number;
  connectTimeoutMs: number;
  /** Bound of a whole attempt: connect, request, answer and the read of its body. */
  timeoutMs: number;
  /** Partial batches older than this are closed into a delivery. */
  flushIntervalMs: number;
  /** Receiver answer bytes read at most (the rest is discarded unread). */
  maxResponseBytes?: number;
  pollIntervalMs?: number;
  /** Embedded mode: the only sender on the database, so stale leases are released at start. */
  soleWorker?: boolean;
  /**
   * Answers whether this process flushes partial batches this period (a lease in the database, so
   * one process of the cluster does it); default: always.
   */
  takeFlushTurn?: (periodMs: number) => Promise<boolean>;
  now?: () => number;
  random?: () => number;
  /** HTTP client; default an undici Agent whose connects re-check the address. */
  agent?: Dispatcher;
  /** Told each recorded attempt's outcome (metrics); `pending` means a retry is scheduled. */
  onAttempt?: (status: DeliveryStatus, attempt: number) => void;
}

/** The running sender. */
export interface WebhookDispatcher {
  start(): void;
  /** Stops claiming; attempts in flight get `timeoutMs` to finish, then are abandoned uncounted. */
  stop(timeoutMs: number): Promise<void>;
  /** Looks for due deliveries now rather than at the next poll. */
  wake(): void;
  /** One round without the loop (tests): flush, claim what is due and has room, send, wait. */
  runOnce(): Promise<number>;
}

/**
 * Closes partial batches older than the flush interval, at most once per period (half the interval,
 * at most a second); with `takeFlushTurn`, only in the period this process holds the turn.
 */
function createBatchFlusher(options: WebhookDispatcherOptions, now: () => number) {
  let lastFlushMs = 0;
  return {
    async flushIfDue(): Promise<void> {
      const nowMs = now();
      const periodMs = Math.min(1000, options.flushIntervalMs / 2);
      if (nowMs - lastFlushMs < periodMs) return;
      lastFlushMs = nowMs;
      if (options.takeFlushTurn && !(await options.takeFlushTurn(periodMs))) return;
      await flushStaleBatches(options.db, { flushIntervalMs: options.flushIntervalMs, now: new Date(nowMs) });
    },
    /** The next `flushIfDue` flushes whatever the time. */
    reset(): void {
      lastFlushMs = 0;
    },
  };
}

/** Waits for the poll interval or a wake-up, whichever comes first; leaves no timer behind. */
function createIdleWait(pollIntervalMs: number) {
  let wakeUp: (() => void) | undefined;
  return {
    async idle(): Promise<void> {
      const idle = new AbortController();
      wakeUp = () => idle.abort();
      await sleep(pollIntervalMs, idle.signal);
      wakeUp = undefined;
    },
    wake(): void {
      wakeUp?.();
    },
  };
}

/** What sending needs, and how to close the HTTP client once the sender stopped. */
function createSendContext(options: WebhookDispatcherOptions, now: () => number, signal: AbortSignal) {
  // Made for the first delivery (undici loads with it), not at start.
  let agent: Promise<Dispatcher> | undefined;
  const sending: SendContext = {
    db: options.db,
    logger: options.logger,
    policy: options.policy,
    agent: () =>
      (agent ??= options.agent
        ? Promise.resolve(options.agent)
        : createWebhookAgent(options.policy, options.connectTimeoutMs)),
    connectTimeoutMs: options.connectTimeoutMs,
    timeoutMs: options.timeoutMs,
    maxResponseBytes: options.maxResponseBytes ?? 64 * 1024,
    signal,
    now,
    random: options.random,
    onAttempt: options.onAttempt,
  };
  // The caller's agent is closed as before, even when no delivery used it.
  const closeAgent = async () => (agent ? await agent : options.agent)?.close();
  return { sending, closeAgent };
}

/** Creates the sender; `start` runs its loop. */
export function createWebhookDispatcher(options: WebhookDispatcherOptions): WebhookDispatcher {
  const { db, logger } = options;
  const now = options.now ?? Date.now;
  const leaseMs = options.timeoutMs + 60_000;
  const inFlight = new Map<string, Promise<void>>();
  const slots = new HostSlots(options.hostConcurrency);
  /** Aborts attempts still in flight when the shutdown grace ran out. */
  const stopController = new AbortController();
  // Every attempt in flight listens on it; up to `concurrency` listeners is expected, not a leak.
  setMaxListeners(0, stopController.signal);
  const { sending, closeAgent } = createSendContext(options, now, stopController.signal);
  const flusher = createBatchFlusher(options, now);
  const waiter = createIdleWait(options.pollIntervalMs ?? 250);
  let stopping = false;
  let loop: Promise<void> | undefined;
  let round = 0;

  async function claim(): Promise<{ rows: WebhookDelivery[]; token: string }> {
    const token = `${process.pid}-${randomUUID()}-${(round += 1)}`;
    const free = options.concurrency - inFlight.size;
    return { rows: await claimDueDeliveries(db, { free, slots, nowMs: now(), leaseMs, token }), token };
  }

  function launch(rows: readonly WebhookDelivery[], token: string): Array<Promise<void>> {
    return rows.map((row) => {
      slots.take(row.target_host);
      const work = sendDelivery(sending, row, token).finally(() => {
        slots.release(row.target_host);
        inFlight.delete(row.id);
        waiter.wake();
      });
      inFlight.set(row.id, work);
      return work;
    });
  }

  /** One round of the loop: flush, claim, launch; answers how many it launched. */
  async function runRound(): Promise<number> {
    try {
      await flusher.flushIfDue();
      const { rows, token } = await claim();
      return launch(rows, token).length;
    } catch (err) {
      logger.error({ err }, 'webhook dispatcher round failed');
      return 0;
    }
  }

  async function runLoop(): Promise<void> {
    if (options.soleWorker) {
      await releaseAllLeases(db).catch((err: unknown) => logger.error({ err }, 'releasing leases failed'));
    }
    while (!stopping) {
      const launched = await runRound();
      if (launched === 0 || inFlight.size >= options.concurrency) await waiter.idle();
    }
  }

  /** Waits `timeoutMs` for the attempts in flight, then aborts those left and waits for them. */
  async function drain(timeoutMs: number): Promise<void> {
    const settled = Promise.allSettled([...inFlight.values()]);
    const grace = new AbortController();
    const graceful = await Promise.race([
      settled.then(() => true),
      sleep(timeoutMs, grace.signal).then(() => false),
    ]);
    grace.abort(); // no timer outlives stop()
    if (!graceful) {
      stopController.abort();
      await settled;
    }
  }

  return {
    start() {
      if (loop) throw new Error('webhook dispatcher already started');
      loop = runLoop().catch((err: unknown) => logger.fatal({ err }, 'webhook dispatcher crashed'));
    },
    async stop(timeoutMs) {
      if (stopping) return;
      stopping = true;
      waiter.wake();
      await loop;
      await drain(timeoutMs);
      await closeAgent();
    },
    wake: () => waiter.wake(),
    async runOnce() {
      flusher.reset();
      await flusher.flushIfDue();
      const { rows, token } = await claim();
      await Promise.all(launch(rows, token));
      return rows.length;
    },
  };
}
