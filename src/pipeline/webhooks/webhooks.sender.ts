/**
 * One delivery attempt over HTTP, and what its answer means (spec 3.2 and part 6, decisions G27).
 * Redirects are never followed; connect and total timeouts bound the attempt; at most
 * `maxResponseBytes` of the receiver's answer are read.
 */
import type { Agent, Dispatcher } from 'undici';
import { loadUndici } from '../../platform/lib/undici.ts';
import { CallbackRefusedError, guardedLookup, type CallbackPolicy } from './webhooks.callback-url.ts';
import { MAX_ATTEMPTS, deliveryRetryAfterMs, retryDelayAfterMs } from './webhooks.schedule.ts';

/**
 * Delivery states (spec 3.2, decisions G7): `pending` (due or waiting for its next attempt; also
 * while an attempt is in flight, which the lease shows), `delivered`, `failed` (a 4xx other than
 * 429: permanent) and `dead_lettered` (the fifth attempt failed).
 */
export type AttemptStatus = 'pending' | 'delivered' | 'failed' | 'dead_lettered';

/** What came back from one attempt. */
export type AttemptAnswer =
  | {
      kind: 'response';
      status: number;
      retryAfter: string | undefined;
      location: string | undefined;
      excerpt: string;
    }
  | { kind: 'error'; message: string; refused: boolean };

/**
 * The HTTP client of the sender: a connection pool whose every connect re-checks the address.
 * undici loads with it, on the first delivery, not at start (docs/performance.md, "Start time").
 */
export async function createWebhookAgent(policy: CallbackPolicy, connectTimeoutMs: number): Promise<Agent> {
  const { Agent } = await loadUndici();
  return new Agent({
    connect: { timeout: connectTimeoutMs, lookup: guardedLookup(policy) },
    keepAliveTimeout: 4_000,
  });
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: string }).code;
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${code ? `${code} ` : ''}${error.message}${cause}`.slice(0, 500);
}

/** Reads up to `maxBytes` of a body as text, then stops reading (the rest is discarded). */
async function readExcerpt(body: Dispatcher.ResponseData['body'], maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of body) {
    const buffer = chunk as Buffer;
    chunks.push(buffer.subarray(0, Math.max(0, maxBytes - bytes)));
    bytes += buffer.length;
    if (bytes >= maxBytes) {
      body.destroy();
      break;
    }
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** POSTs a signed delivery once; never throws for the receiver's faults (they are answers). */
export async function postDelivery(input: {
  url: URL;
  body: string;
  headers: Record<string, string>;
  agent: Dispatcher;
  connectTimeoutMs: number;
  timeoutMs: number;
  maxResponseBytes: number;
  signal: AbortSignal;
}): Promise<AttemptAnswer> {
  const { request } = await loadUndici();
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new Error(`no complete answer within ${input.timeoutMs} ms`)),
    input.timeoutMs,
  );
  const forward = () => controller.abort(input.signal.reason);
  input.signal.addEventListener('abort', forward, { once: true });
  try {
    const response = await request(input.url, {
      method: 'POST',
      body: input.body,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'pricecrawl-webhooks/4.0',
        ...input.headers,
      },
      dispatcher: input.agent,
      signal: controller.signal,
      headersTimeout: input.timeoutMs,
      bodyTimeout: input.timeoutMs,
    });
    const header = (name: string) => {
      const value = response.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const excerpt = await readExcerpt(response.body, input.maxResponseBytes).catch(() => '');
    return {
      kind: 'response',
      status: response.statusCode,
      retryAfter: header('retry-after'),
      location: header('location'),
      excerpt,
    };
  } catch (error) {
    const refused = error instanceof CallbackRefusedError;
    const reason = controller.signal.aborted ? controller.signal.reason : error;
    return { kind: 'error', message: describeError(reason), refused };
  } finally {
    clearTimeout(timer);
    input.signal.removeEventListener('abort', forward);
  }
}

/** The state a delivery moves to after attempt `attempt` (1-based) got `answer`. */
export interface AttemptDecision {
  status: AttemptStatus;
  nextAttemptAtMs: number | null;
  lastHttpStatus: number | null;
  lastError: string | null;
}

function errorText(answer: AttemptAnswer): string | null {
  if (answer.kind === 'error') return answer.message;
  if (answer.status >= 200 && answer.status < 300) return null;
  if (answer.status >= 300 && answer.status < 400) {
    return `HTTP ${answer.status}: redirect${answer.location ? ` to ${answer.location}` : ''} not followed`;
  }
  const excerpt = answer.excerpt.replace(/\s+/g, ' ').trim().slice(0, 200);
  return `HTTP ${answer.status}${excerpt ? `: ${excerpt}` : ''}`;
}

/**
 * 2xx delivered; 4xx other than 429 `failed` (permanent), as is an address refused by the
 * callback_url policy at connect time; 3xx, 5xx, 429 and network errors are
 * retried on the schedule, `Retry-After` (429/503) being a lower bound, and `dead_lettered` after
 * the fifth attempt.
 */
export function decideAfterAttempt(
  answer: AttemptAnswer,
  attempt: number,
  nowMs: number,
  random: () => number = Math.random,
): AttemptDecision {
  const lastHttpStatus = answer.kind === 'response' ? answer.status : null;
  const lastError = errorText(answer);
  const done = (status: AttemptStatus) => ({ status, nextAttemptAtMs: null, lastHttpStatus, lastError });
  // A forbidden address is not a transient fault: retrying would only probe it again.
  if (answer.kind === 'error' && answer.refused) return done('failed');
  if (answer.kind === 'response') {
    if (answer.status >= 200 && answer.status < 300) return done('delivered');
    if (answer.status >= 400 && answer.status < 500 && answer.status !== 429) return done('failed');
  }
  const delayMs = attempt >= MAX_ATTEMPTS ? undefined : retryDelayAfterMs(attempt, random);
  if (delayMs === undefined) return done('dead_lettered');
  const honoursRetryAfter = answer.kind === 'response' && (answer.status === 429 || answer.status === 503);
  const retryAfterMs = honoursRetryAfter ? deliveryRetryAfterMs(answer.retryAfter, nowMs) : undefined;
  return {
    status: 'pending',
    nextAttemptAtMs: nowMs + Math.max(delayMs, retryAfterMs ?? 0),
    lastHttpStatus,
    lastError,
  };
}
