import { AccountApi } from './client.account.ts';
import { HistoryApi } from './client.history.ts';
import { DEFAULT_RETRY, Transport, type FetchFunction, type RetryOptions } from './client.http.ts';
import { JobsApi, type ClientContext } from './client.jobs.ts';
import { StreamsApi } from './client.streams.ts';

/**
 * The service's embedded default address, for callers that want it; the client never assumes it:
 * where the service runs is the caller's configuration (the CLI's is `PRICECRAWL_URL`).
 */
export const DEFAULT_BASE_URL = 'http://127.0.0.1:8080';

/** Options of `new PricecrawlClient(…)`; only `baseUrl` is required. */
export interface PricecrawlClientOptions {
  /** Service address, e.g. `http://127.0.0.1:8080` ({@link DEFAULT_BASE_URL}). */
  baseUrl: string;
  /** The data API key (`svc_live_…`), sent as `x-api-key` on `/job`, `/stream`, `/history`. */
  apiKey?: string;
  /** A dashboard session token, sent as `Authorization: Bearer` on `/v1/account/*`. */
  sessionToken?: string;
  /** Replaces the global `fetch` (tests, proxies, instrumentation). */
  fetch?: FetchFunction;
  /**
   * Retries of 429, 5xx and network failures where resending is safe (default 4 attempts, 500 ms
   * doubling, jittered); a POST without an `Idempotency-Key` only after a 429 or a refused connection.
   */
  retry?: Partial<RetryOptions>;
  /** Replaces the timer used between retries and polls (tests). */
  sleep?: (ms: number) => Promise<void>;
  /** A number in [0, 1) for backoff jitter (default `Math.random`). */
  random?: () => number;
  /** Per-attempt time limit (default 150 s, above the service's longest `wait`). */
  requestTimeoutMs?: number;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A typed client of the Pricecrawl API.
 *
 * ```ts
 * const client = new PricecrawlClient({ baseUrl: 'http://127.0.0.1:8080', apiKey: 'svc_live_…' });
 * const { job } = await client.jobs.submit({ source: 'source_01', country: 'de', key: 'id', values: ['8401952'] });
 * await client.jobs.wait(job._id);
 * const csv = await client.jobs.downloadCsv(job._id);
 * ```
 */
export class PricecrawlClient {
  readonly jobs: JobsApi;
  readonly streams: StreamsApi;
  readonly history: HistoryApi;
  readonly account: AccountApi;

  constructor(private readonly options: PricecrawlClientOptions) {
    if (typeof options?.baseUrl !== 'string' || options.baseUrl === '') {
      throw new TypeError('PricecrawlClient needs baseUrl, the service address (e.g. http://127.0.0.1:8080)');
    }
    const fetchFunction: FetchFunction = options.fetch ?? ((input, init) => fetch(input, init));
    const sleep = options.sleep ?? defaultSleep;
    const transport = new Transport({
      baseUrl: options.baseUrl,
      apiKey: options.apiKey,
      sessionToken: options.sessionToken,
      fetch: fetchFunction,
      retry: { ...DEFAULT_RETRY, ...options.retry },
      sleep,
      random: options.random ?? Math.random,
      requestTimeoutMs: options.requestTimeoutMs ?? 150_000,
      userAgent: 'pricecrawl-client/0.1.0',
    });
    const context: ClientContext = { transport, sleep, now: () => Date.now() };
    this.jobs = new JobsApi(context);
    this.streams = new StreamsApi(context);
    this.history = new HistoryApi(context);
    this.account = new AccountApi(context);
  }

  /** A client like this one that authenticates the account plane with `sessionToken`. */
  withSession(sessionToken: string): PricecrawlClient {
    return new PricecrawlClient({ ...this.options, sessionToken });
  }
}
