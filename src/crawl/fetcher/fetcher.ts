/**
 * The crawl fetcher behind `CrawlContext.fetchPage`: politeness per (source, country), retries with
 * exponential backoff and full jitter classed by failure, session/proxy rotation on block pages,
 * redirects, and provenance of every HTTP answer. See docs/crawl-engine.md.
 */
import type { FetchedPage } from '../vocabulary/crawl.types.ts';
import { SourceUnavailableError } from '../vocabulary/crawl.errors.ts';
import { isHtmlResponse, isTruncatedHtml } from './fetcher.body.ts';
import { exchange, type Answer, type ExchangeResponse } from './fetcher.exchange.ts';
import { parseRetryAfterMs } from '../../platform/lib/retry-after.ts';
import { loadUndici } from '../../platform/lib/undici.ts';
import { abortError, backoffDelayMs, BlockPageFailure, FetchFailure } from './fetcher.failures.ts';
import type { HostGuard } from './fetcher.hosts.ts';
import { resolveFetcherOptions, type FetcherOptions } from './fetcher.options.ts';
import type { PageRenderer } from './fetcher.rendered.ts';
import { SessionManager, type Session } from './fetcher.session.ts';
import {
  inProcessPoliteness,
  settingsPerPair,
  type GateSnapshot,
  type PolitenessFeedback,
  type PolitenessSettings,
} from './politeness.ts';

/** One HTTP answer the fetcher got, for provenance (spec 2.6). */
export interface FetchAnswer extends Answer {
  /** Exact URL of this hop. */
  url: string;
  /** Country the request left from: the proxy's country, the local egress country, or null (unknown). */
  geo: string | null;
}

export interface FetchRequest {
  source: string;
  country: string;
  url: string;
  headers?: Readonly<Record<string, string>>;
  /** The value's deadline: when it aborts, the fetch throws `CrawlTimeoutError`. */
  signal: AbortSignal;
  /** Called for every HTTP answer, retries and redirect hops included. */
  onAnswer?: (answer: FetchAnswer) => void;
  /** Refuses URLs, the first and every redirect target, before they are requested (not retried). */
  hostGuard?: HostGuard;
}

export interface Fetcher {
  /**
   * Fetches a page. Returns 2xx pages and 404/410 answers; throws `SourceUnavailableError` when the
   * failure is not retryable or attempts are exhausted, `CrawlTimeoutError` when the signal aborts.
   */
  fetchPage(request: FetchRequest): Promise<FetchedPage>;
  /** Politeness state of a pair (tests, metrics). */
  politeness(source: string, country: string): GateSnapshot;
  /** Rejects queued requests and destroys every connection pool. */
  close(): Promise<void>;
}

const NOT_FOUND_STATUSES = new Set([404, 410]);

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(abortError(signal));
  return new Promise((resolve, reject) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(abortError(signal));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

function parseHttpUrl(raw: string, base?: URL): URL | undefined {
  try {
    const url = new URL(raw, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

function lowercaseKeys(headers: Readonly<Record<string, string>> | undefined): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
  );
}

/** Classes an answer: returns the politeness feedback, or throws the attempt's failure. */
function judge(response: ExchangeResponse, options: FetcherOptions): PolitenessFeedback {
  const { status, body, headers } = response;
  if (NOT_FOUND_STATUSES.has(status) || (status >= 300 && status < 400)) return { kind: 'success' };
  const html = isHtmlResponse(headers['content-type'], body);
  const blockKind = html ? options.isBlockPage({ status, body }) : undefined;
  if (blockKind !== undefined) {
    throw new BlockPageFailure(blockKind, body, status);
  }
  if (status === 429) throw new FetchFailure('rate_limited', 'HTTP 429', status);
  if (status >= 500) throw new FetchFailure('server_error', `HTTP ${status}`, status);
  if (status >= 400) throw new FetchFailure('client_error', `HTTP ${status}`, status);
  if (html && status >= 200 && status < 300 && isTruncatedHtml(body)) {
    throw new FetchFailure('truncated', 'HTML without closing </html>', status);
  }
  return { kind: 'success' };
}

function feedbackFor(failure: FetchFailure, retryAfterMs: number | undefined): PolitenessFeedback {
  if (failure.kind === 'rate_limited') return { kind: 'rate_limited', retryAfterMs };
  if (failure.kind === 'too_large') return { kind: 'neutral' };
  return retryAfterMs === undefined ? { kind: 'error' } : { kind: 'error', retryAfterMs };
}

/**
 * What a fetcher is made from: its options, and the renderer of the pages `CRAWL_RENDER` names
 * (absent, every page is fetched plainly). The fetcher closes the renderer.
 */
export type FetcherSettings = Partial<FetcherOptions> & { renderer?: PageRenderer };

/** Creates a fetcher; one per process is enough (its pools and politeness state are shared). */
export function createFetcher(overrides: FetcherSettings = {}): Fetcher {
  const { renderer, ...settings } = overrides;
  const options = resolveFetcherOptions(settings);
  const defaults: PolitenessSettings = {
    concurrency: options.perPairConcurrency,
    requestsPerSecond: options.perPairRequestsPerSecond,
    burst: options.perPairBurst,
    errorSlowdownFactor: options.errorSlowdownFactor,
    rateLimitSlowdownFactor: options.rateLimitSlowdownFactor,
    maxSlowdownFactor: options.maxSlowdownFactor,
    successRecoveryFactor: options.successRecoveryFactor,
    rateLimitPauseMs: options.rateLimitPauseMs,
    maxPauseWaitMs: options.maxPairPauseWaitMs,
  };
  const politeness = (options.politeness ?? inProcessPoliteness)(
    settingsPerPair(defaults, options.perPairLimits),
  );
  const sessions = new SessionManager(options);
  let closed = false;

  /** One request of one URL under the pair's politeness; throws the attempt's failure. */
  async function hop(
    request: FetchRequest,
    url: URL,
    headers: Record<string, string>,
  ): Promise<ExchangeResponse> {
    const { source, country, signal } = request;
    // Loaded before the permit is taken: the first requests' import of undici must not delay the
    // requests a second's rate admitted into the next second, where the marketplace counts them.
    await loadUndici();
    const permit = await politeness.gate(source, country).acquire(signal);
    const session: Session = sessions.current(source, country);
    let feedback: PolitenessFeedback = { kind: 'neutral' };
    let retryAfterMs: number | undefined;
    try {
      const onAnswer = (answer: Answer) => request.onAnswer?.({ ...answer, url: url.href, geo: session.geo });
      const { acceptLanguage } = options;
      const response = renderer?.wants(source, url)
        ? await renderer.render(
            { source, url, headers, session, signal, hostGuard: request.hostGuard, acceptLanguage },
            onAnswer,
          )
        : await exchange(
            {
              url,
              headers,
              session,
              dispatcher: await sessions.dispatcher(session),
              signal,
              requestTimeoutMs: options.requestTimeoutMs,
              maxResponseBytes: options.maxResponseBytes,
              acceptLanguage,
            },
            onAnswer,
          );
      retryAfterMs = parseRetryAfterMs(response.headers['retry-after'], Date.now());
      feedback = judge(response, options);
      return response;
    } catch (error) {
      if (error instanceof FetchFailure) {
        feedback = feedbackFor(error, retryAfterMs);
        if (error.kind === 'blocked') sessions.rotate(source, country, session);
      }
      throw error;
    } finally {
      permit.release(feedback);
    }
  }

  /** One attempt: the URL and the redirects it leads to, up to `maxRedirects` hops. */
  async function attempt(request: FetchRequest, start: URL): Promise<FetchedPage> {
    const headers = lowercaseKeys(request.headers);
    let url = start;
    for (let redirects = 0; ; redirects += 1) {
      const refusal = request.hostGuard?.(url);
      if (refusal !== undefined) throw new FetchFailure('forbidden_host', `refused ${url.href}: ${refusal}`);
      const response = await hop(request, url, headers);
      if (response.status < 300 || response.status >= 400) {
        return { url: url.href, status: response.status, body: response.body, headers: response.headers };
      }
      const location = response.headers.location;
      const next = location === undefined ? undefined : parseHttpUrl(location, url);
      if (!next) throw new FetchFailure('bad_redirect', `HTTP ${response.status} without usable Location`);
      if (redirects >= options.maxRedirects) {
        throw new FetchFailure('bad_redirect', `more than ${options.maxRedirects} redirects`);
      }
      url = next;
    }
  }

  async function fetchPage(request: FetchRequest): Promise<FetchedPage> {
    const startedMs = Date.now();
    try {
      const page = await fetchWithRetries(request);
      options.events.fetched(
        request.source,
        NOT_FOUND_STATUSES.has(page.status) ? 'not_found' : 'ok',
        Date.now() - startedMs,
      );
      return page;
    } catch (error) {
      options.events.fetched(request.source, 'failed', Date.now() - startedMs);
      throw error;
    }
  }

  async function fetchWithRetries(request: FetchRequest): Promise<FetchedPage> {
    if (closed) throw new SourceUnavailableError('fetcher closed');
    if (request.signal.aborted) throw abortError(request.signal);
    const url = parseHttpUrl(request.url);
    if (!url) throw new SourceUnavailableError(`not an http(s) URL: ${request.url}`);
    let last: FetchFailure | undefined;
    for (let attemptNo = 1; attemptNo <= options.maxAttempts; attemptNo += 1) {
      if (attemptNo > 1) {
        await sleep(
          backoffDelayMs(attemptNo - 1, options.backoffBaseMs, options.backoffMaxMs, options.random),
          request.signal,
        );
      }
      try {
        return await attempt(request, url);
      } catch (error) {
        // Abort errors and a too-long pair pause end the fetch as they are.
        if (!(error instanceof FetchFailure)) throw error;
        if (error instanceof BlockPageFailure) {
          const { source, country } = request;
          options.events.blocked(source, error.blockKind, {
            country,
            url: url.href,
            status: error.status ?? 0,
            body: error.body,
          });
        }
        if (error.retryable && attemptNo < options.maxAttempts)
          options.events.retried(request.source, error.kind);
        if (!error.retryable)
          throw new SourceUnavailableError(`${url.href}: ${error.message}`, { cause: error });
        last = error;
      }
    }
    const reason = last ? `${last.kind}: ${last.message}` : 'no attempt made';
    throw new SourceUnavailableError(
      `${url.href}: gave up after ${options.maxAttempts} attempts (${reason})`,
      {
        cause: last,
      },
    );
  }

  return {
    fetchPage,
    politeness: (source, country) => politeness.gate(source, country).snapshot(),
    async close() {
      closed = true;
      politeness.close();
      await sessions.destroy();
      await renderer?.close();
    },
  };
}
