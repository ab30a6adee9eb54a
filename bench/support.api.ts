/**
 * The benches' side of the API (issue 11): calls with the demo key, batch jobs run to their end,
 * the sandbox's values, and a stream receiver that checks every signature and counts each result.
 * Process plumbing (services, /proc, tables) is in support.ts.
 */
import { signatureProblem, startReceiver } from '../test/support/receiver.ts';
import type { RunningService } from './support.ts';

// ---- the API ----

/** A JSON call to a service with its demo key; answers the parsed body. */
export async function callApi<T = Record<string, unknown>>(
  service: Pick<RunningService, 'base' | 'apiKey'>,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${service.base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'x-api-key': service.apiKey,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await response.json()) as T;
}

/** One result of a batch job's download (the fields the benches read). */
export interface DownloadedItem {
  key: string;
  success: boolean;
  reason: string | null;
  served_from: string;
}

/**
 * Submits batch jobs of `chunks` (one job each, `fields` added) and waits for every one to end,
 * each with `GET /job/{id}?wait=` so no polling loads the service. Answers the job ids.
 */
export async function runBatchJobs(
  service: RunningService,
  chunks: readonly string[][],
  fields: Record<string, unknown>,
): Promise<string[]> {
  const ids: string[] = [];
  for (const values of chunks) {
    const answer = await callApi<{ error: boolean; message?: string; job?: { _id: string } }>(
      service,
      '/job',
      {
        source: 'source_01',
        country: 'de',
        key: 'id',
        values,
        ...fields,
      },
    );
    if (answer.error || !answer.job) throw new Error(`job refused: ${answer.message}`);
    ids.push(answer.job._id);
  }
  for (const id of ids) {
    for (;;) {
      const status = await callApi<{ job?: { status: string } }>(service, `/job/${id}?wait=60`);
      if (status.job?.status === 'finished') break;
      if (status.job?.status === 'failed') throw new Error(`job ${id} failed`);
    }
  }
  return ids;
}

/** Counts of `served_from` and outcome over the downloads of `jobIds`. */
export async function outcomesOf(
  service: RunningService,
  jobIds: readonly string[],
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const id of jobIds) {
    const download = await callApi<{ results?: DownloadedItem[] }>(service, `/job/${id}/download`);
    for (const item of download.results ?? []) {
      const outcome = `${item.served_from} ${item.success ? (item.reason ?? 'found') : `failed: ${item.reason}`}`;
      counts[outcome] = (counts[outcome] ?? 0) + 1;
    }
  }
  return counts;
}

/** `values` in consecutive chunks of at most `size`. */
export function chunked<T>(values: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(values.length / size) }, (_, i) =>
    values.slice(i * size, (i + 1) * size),
  );
}

// ---- the sandbox's values ----

/** source_01/de of a sandbox: its base URL, product ids and the ids it answers 404 for. */
export async function sandboxIds(
  origin: string,
): Promise<{ baseUrl: string; products: string[]; notFound: string[] }> {
  const truth = (await (await fetch(`${origin}/catalog.json?source=source_01&country=de`)).json()) as {
    base_url: string;
    products: Array<{ id: string }>;
    not_found: { id?: string[] };
  };
  return {
    baseUrl: truth.base_url,
    products: truth.products.map((product) => product.id),
    notFound: truth.not_found.id ?? [],
  };
}

/**
 * The crawl benches' pages (issue 11): source_01/de's products and its first 20 not-found ids,
 * repeated in that order up to `count` values, as bench/crawl.ts `--mode sandbox` crawls them.
 */
export async function crawlBenchValues(
  origin: string,
  count: number,
): Promise<{ baseUrl: string; values: string[] }> {
  const { baseUrl, products, notFound } = await sandboxIds(origin);
  const pool = [...products, ...notFound.slice(0, 20)];
  return { baseUrl, values: Array.from({ length: count }, (_, i) => pool[i % pool.length] as string) };
}

/**
 * The stream benches' values (issue 5, issue 11 goal 1): source_01/de's products and every
 * not-found id of the sandbox, then ids the sandbox answers 404 for, up to `count`.
 */
export async function streamBenchValues(origin: string, count: number): Promise<string[]> {
  const { products, notFound } = await sandboxIds(origin);
  const values = [...new Set([...products, ...notFound])].slice(0, count);
  for (let i = 0; values.length < count; i += 1) values.push(String(90_000_000 + i));
  return values;
}

/** Requests the sandbox at `origin` has answered for source_01 so far (its `/_sandbox/stats`). */
export async function sandboxRequests(origin: string): Promise<number> {
  const stats = (await (await fetch(`${origin}/_sandbox/stats`)).json()) as {
    source_01?: { requests: number };
  };
  return stats.source_01?.requests ?? 0;
}

// ---- streams ----

/** What a stream receiver saw. */
export interface StreamTally {
  deliveries: number;
  repeatedDeliveries: number;
  results: number;
  badSignatures: number;
  missing: number;
  duplicated: number;
  gapFree: boolean;
  /** Results by `served_from` (`live`, `cache`). */
  servedFrom: Record<string, number>;
  /** Results with `success: false` (failed values; not-found ones succeed). */
  unsuccessful: number;
  /** Those results by `reason`. */
  failureReasons: Record<string, number>;
  firstDeliveryMs: number;
  lastDeliveryMs: number;
}

/** A local webhook receiver for one stream of `valueCount` values that checks every signature. */
export interface StreamReceiver {
  url: string;
  /** The stream's `webhook_secret`, known once it was submitted. */
  setSecret(secret: string): void;
  /** True once the final delivery and every one before it arrived, with every value's result. */
  complete(): boolean;
  tally(): StreamTally;
  close(): Promise<void>;
}

/** Starts a receiver that verifies both signature schemes and counts each value's results once. */
export async function startStreamReceiver(valueCount: number): Promise<StreamReceiver> {
  let secret = '';
  let badSignatures = 0;
  let repeatedDeliveries = 0;
  let finalSequence = 0;
  let results = 0;
  let unsuccessful = 0;
  const failureReasons: Record<string, number> = {};
  let firstDeliveryMs = 0;
  let lastDeliveryMs = 0;
  const seenIndexes = new Uint8Array(valueCount);
  const sequences = new Set<number>();
  const servedFrom: Record<string, number> = {};
  const receiver = await startReceiver((request, response) => {
    if (signatureProblem(secret, request)) {
      badSignatures += 1;
      response.statusCode = 401;
      return void response.end();
    }
    const payload = JSON.parse(request.rawBody) as {
      batch_sequence: number;
      is_final: boolean;
      results: Array<{
        index: number;
        result: { served_from?: string; success?: boolean; reason?: string | null } | null;
      }>;
    };
    if (sequences.has(payload.batch_sequence)) repeatedDeliveries += 1;
    else {
      sequences.add(payload.batch_sequence);
      for (const { index, result } of payload.results) {
        seenIndexes[index] = (seenIndexes[index] ?? 0) + 1;
        results += 1;
        if (result?.success === false) {
          unsuccessful += 1;
          const reason = String(result.reason);
          failureReasons[reason] = (failureReasons[reason] ?? 0) + 1;
        }
        const from = result?.served_from ?? 'none';
        servedFrom[from] = (servedFrom[from] ?? 0) + 1;
      }
    }
    if (payload.is_final) finalSequence = payload.batch_sequence;
    firstDeliveryMs ||= Date.now();
    lastDeliveryMs = Date.now();
    response.end('ok');
  });
  return {
    url: receiver.url,
    setSecret: (value) => void (secret = value),
    complete: () => finalSequence > 0 && sequences.size === finalSequence && results >= valueCount,
    tally: () => ({
      deliveries: sequences.size,
      repeatedDeliveries,
      results,
      badSignatures,
      missing: seenIndexes.reduce((count, seen) => count + (seen === 0 ? 1 : 0), 0),
      duplicated: seenIndexes.reduce((count, seen) => count + (seen > 1 ? 1 : 0), 0),
      gapFree: [...sequences].every((sequence) => sequence >= 1 && sequence <= finalSequence),
      servedFrom,
      unsuccessful,
      failureReasons,
      firstDeliveryMs,
      lastDeliveryMs,
    }),
    close: () => receiver.close(),
  };
}

/** Submits a stream of source_01/de values to `receiver` (`fields` added); answers its job id. */
export async function submitStream(
  service: RunningService,
  receiver: StreamReceiver,
  fields: Record<string, unknown>,
): Promise<string> {
  const answer = await callApi<{ error: boolean; job_id: string; webhook_secret: string; message?: string }>(
    service,
    '/stream',
    { source: 'source_01', country: 'de', key: 'id', callback_url: receiver.url, ...fields },
  );
  if (answer.error) throw new Error(`stream refused: ${answer.message}`);
  receiver.setSecret(answer.webhook_secret);
  return answer.job_id;
}

/** Polls `check` every `everyMs` until it answers true; fails after `timeoutMs`. */
export async function waitUntil(
  what: string,
  check: () => boolean,
  timeoutMs: number,
  everyMs = 50,
): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
