/**
 * The webhook sender (issue 5 §3). Deliveries are rows: this loop claims due ones with a lease on
 * the row (so one delivery is never in flight twice, even across workers), sends each on its own,
 * records the outcome and the next due time, and gives the lease back. Because the schedule lives
 * in the rows, a delivery due while the process was down goes out when it is back. It runs apart
 * from the crawl queue so a crawl backlog never holds deliveries back, and it bounds concurrency per
 * receiver (`host:port`) so one slow receiver occupies a few slots, never the others' turn.
 */
import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import type { Logger } from 'pino';
import type { Dispatcher } from 'undici';
import type { Db } from '../../platform/db/database.ts';
import { findJob } from '../work/work.repository.ts';
import type { Job } from '../work/work.table.ts';
import { sleep } from '../../platform/lib/time.ts';
import { flushStaleBatches } from './deliveries.assembly.ts';
import { literalRefusal, type CallbackPolicy } from '../webhooks/webhooks.callback-url.ts';
import { buildDeliveryBody } from './deliveries.payload.ts';
import {
  leaseDeliveries,
  recordAttempt,
  releaseAllLeases,
  releaseLease,
  selectDueDeliveries,
} from './deliveries.repository.ts';
import {
  createWebhookAgent,
  decideAfterAttempt,
  postDelivery,
  type AttemptAnswer,
} from '../webhooks/webhooks.sender.ts';
import { signatureHeaders } from '../webhooks/webhooks.signature.ts';
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

/** Creates the sender; `start` runs its loop. */
export function createWebhookDispatcher(options: WebhookDispatcherOptions): WebhookDispatcher {
  const { db, logger } = options;
  const now = options.now ?? Date.now;
  const pollIntervalMs = options.pollIntervalMs ?? 250;
  const leaseMs = options.timeoutMs + 60_000;
  // Made for the first delivery (undici loads with it), not at start.
  let agent: Promise<Dispatcher> | undefined;
  const agentForDelivery = () =>
    (agent ??= options.agent
      ? Promise.resolve(options.agent)
      : createWebhookAgent(options.policy, options.connectTimeoutMs));
  const inFlight = new Map<string, Promise<void>>();
  const perHost = new Map<string, number>();
  /** Aborts attempts still in flight when the shutdown grace ran out. */
  const stopController = new AbortController();
  // Every attempt in flight listens on it; up to `concurrency` listeners is expected, not a leak.
  setMaxListeners(0, stopController.signal);
  let stopping = false;
  let wakeLoop: (() => void) | undefined;
  let loop: Promise<void> | undefined;
  let lastFlushMs = 0;
  let round = 0;

  async function claim(): Promise<{ rows: WebhookDelivery[]; token: string }> {
    const free = options.concurrency - inFlight.size;
    const token = `${process.pid}-${randomUUID()}-${(round += 1)}`;
    if (free <= 0) return { rows: [], token };
    const nowMs = now();
    const nowIso = new Date(nowMs).toISOString();
    const busy = [...perHost].filter(([, count]) => count >= options.hostConcurrency).map(([host]) => host);
    const rows = await db.transaction().execute(async (trx) => {
      const due = await selectDueDeliveries(trx, { nowIso, limit: free * 4, excludeHosts: busy });
      const room = new Map<string, number>();
      const chosen = due.filter((row) => {
        const used = (perHost.get(row.target_host) ?? 0) + (room.get(row.target_host) ?? 0);
        if (used >= options.hostConcurrency) return false;
        room.set(row.target_host, (room.get(row.target_host) ?? 0) + 1);
        return true;
      });
      const ids = chosen.slice(0, free).map((row) => row.id);
      return leaseDeliveries(trx, {
        ids,
        token,
        nowIso,
        leaseUntilIso: new Date(nowMs + leaseMs).toISOString(),
      });
    });
    return { rows, token };
  }

  /** The job's secret; an interval run made before runs copied it signs with its interval job's. */
  async function secretOf(job: Job): Promise<string | null> {
    if (job.webhook_secret !== null || job.parent_id === null) return job.webhook_secret;
    return (await findJob(db, job.parent_id))?.webhook_secret ?? null;
  }

  async function attempt(delivery: WebhookDelivery): Promise<AttemptAnswer | 'gone'> {
    const job = await findJob(db, delivery.job_id);
    if (!job || job.callback_url === null) return 'gone';
    const url = URL.canParse(job.callback_url) ? new URL(job.callback_url) : undefined;
    if (url?.protocol !== 'http:' && url?.protocol !== 'https:') {
      return { kind: 'error', refused: true, message: 'callback_url is not an absolute http or https URL' };
    }
    const refusal = literalRefusal(options.policy, url);
    if (refusal !== undefined) {
      return { kind: 'error', refused: true, message: `callback_url not allowed: ${refusal}` };
    }
    const secret = await secretOf(job);
    // C3: every delivery is signed; one without a secret to sign with is never sent.
    if (secret === null) return { kind: 'error', refused: true, message: 'job has no webhook secret' };
    const body = await buildDeliveryBody(db, job, delivery);
    const headers = signatureHeaders({
      secret,
      body,
      deliveryId: delivery.id,
      timestampSeconds: Math.floor(now() / 1000),
    });
    return postDelivery({
      url,
      body,
      headers,
      agent: await agentForDelivery(),
      connectTimeoutMs: options.connectTimeoutMs,
      timeoutMs: options.timeoutMs,
      maxResponseBytes: options.maxResponseBytes ?? 64 * 1024,
      signal: stopController.signal,
    });
  }

  async function send(delivery: WebhookDelivery, token: string): Promise<void> {
    const lease = { id: delivery.id, token, generation: delivery.generation };
    try {
      const answer = await attempt(delivery);
      if (stopController.signal.aborted && answer !== 'gone' && answer.kind === 'error') {
        // Interrupted by shutdown, not by the receiver: the attempt does not count.
        await releaseLease(db, delivery.id, token);
        return;
      }
      const attemptNumber = delivery.attempts + 1;
      const nowMs = now();
      const decision =
        answer === 'gone'
          ? { status: 'failed' as const, nextAttemptAtMs: null, lastHttpStatus: null, lastError: 'job gone' }
          : decideAfterAttempt(answer, attemptNumber, nowMs, options.random);
      await recordAttempt(db, lease, {
        status: decision.status,
        attempts: attemptNumber,
        lastHttpStatus: decision.lastHttpStatus,
        lastError: decision.lastError,
        attemptedAtIso: new Date(nowMs).toISOString(),
        nextAttemptAtIso:
          decision.nextAttemptAtMs === null ? null : new Date(decision.nextAttemptAtMs).toISOString(),
        deliveredAtIso: decision.status === 'delivered' ? new Date(nowMs).toISOString() : null,
      });
      options.onAttempt?.(decision.status, attemptNumber);
      logger.info(
        {
          deliveryId: delivery.id,
          jobId: delivery.job_id,
          batch: delivery.batch_sequence,
          attempt: attemptNumber,
          status: decision.status,
          httpStatus: decision.lastHttpStatus,
        },
        'webhook delivery attempt',
      );
    } catch (err) {
      // A fault of ours (database): the lease runs out and the delivery is taken up again.
      logger.error({ err, deliveryId: delivery.id }, 'webhook attempt could not be recorded');
    }
  }

  function launch(rows: readonly WebhookDelivery[], token: string): Array<Promise<void>> {
    return rows.map((row) => {
      perHost.set(row.target_host, (perHost.get(row.target_host) ?? 0) + 1);
      const work = send(row, token).finally(() => {
        const left = (perHost.get(row.target_host) ?? 1) - 1;
        if (left <= 0) perHost.delete(row.target_host);
        else perHost.set(row.target_host, left);
        inFlight.delete(row.id);
        wakeLoop?.();
      });
      inFlight.set(row.id, work);
      return work;
    });
  }

  async function flushIfDue(): Promise<void> {
    const nowMs = now();
    const periodMs = Math.min(1000, options.flushIntervalMs / 2);
    if (nowMs - lastFlushMs < periodMs) return;
    lastFlushMs = nowMs;
    if (options.takeFlushTurn && !(await options.takeFlushTurn(periodMs))) return;
    await flushStaleBatches(db, { flushIntervalMs: options.flushIntervalMs, now: new Date(nowMs) });
  }

  async function runLoop(): Promise<void> {
    if (options.soleWorker) {
      await releaseAllLeases(db).catch((err: unknown) => logger.error({ err }, 'releasing leases failed'));
    }
    while (!stopping) {
      let claimed = 0;
      try {
        await flushIfDue();
        const { rows, token } = await claim();
        claimed = launch(rows, token).length;
      } catch (err) {
        logger.error({ err }, 'webhook dispatcher round failed');
      }
      if (claimed === 0 || inFlight.size >= options.concurrency) {
        const idle = new AbortController();
        wakeLoop = () => idle.abort();
        await sleep(pollIntervalMs, idle.signal);
        wakeLoop = undefined;
      }
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
      wakeLoop?.();
      await loop;
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
      // The caller's agent is closed as before, even when no delivery used it.
      await (agent ? await agent : options.agent)?.close();
    },
    wake() {
      wakeLoop?.();
    },
    async runOnce() {
      lastFlushMs = 0;
      await flushIfDue();
      const { rows, token } = await claim();
      await Promise.all(launch(rows, token));
      return rows.length;
    },
  };
}
