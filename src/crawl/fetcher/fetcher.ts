/**
 * The crawl fetcher behind `CrawlContext.fetchPage`: politeness per (source, country), retries with
 * exponential backoff and full jitter classed by failure, session/proxy rotation on block pages,
 * redirects, and provenance of every HTTP answer. See docs/crawl-engine.md. Targets the user chose
 * (`open` requests, the `web` source) add address rules, robots.txt and per-host politeness
 * (`fetcher.open.ts`, docs/monitor.md).
 */
import type { FetchedPage } from '../vocabulary/crawl.types.ts';
import { CrawlRefusedError, SourceUnavailableError } from '../vocabulary/crawl.errors.ts';
import { exchange, type Answer, type ExchangeResponse } from './fetcher.exchange.ts';
import { fetchedPage } from './fetcher.page.ts';
import { parseRetryAfterMs } from '../../platform/lib/retry-after.ts';
import { loadUndici } from '../../platform/lib/undici.ts';
import { abortError, backoffDelayMs, BlockPageFailure, FetchFailure } from './fetcher.failures.ts';
import type { HostGuard } from './fetcher.hosts.ts';
import {
  feedbackFor,
  judge,
  lowercaseKeys,
  NOT_FOUND_STATUSES,
  parseHttpUrl,
  sleep,
} from './fetcher.judge.ts';
import { hostScope, openTargetRefusal, refusalDetail, targetLookup } from './fetcher.open.ts';
import { resolveFetcherOptions } from './fetcher.options.ts';
import type { FetcherOptions } from './fetcher.options.ts';
import type { PageRenderer } from './fetcher.rendered.ts';
import { RobotsCache, robotsRefusal, rulesOf, type RobotsRules } from './fetcher.robots.ts';
import { SessionManager, type Session } from './fetcher.session.ts';
import { inProcessPoliteness, type GateSnapshot, type PolitenessFeedback } from './politeness.ts';
import { politenessSettingsOf } from './politeness.scopes.ts';

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
  /**
   * A target the user chose (the `web` source): address rules on every hop and connection,
   * robots.txt, politeness per target host, the service's `User-Agent`, the page size limit.
   */
  open?: boolean;
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

/**
 * What a fetcher is made from: its options, and the renderer of the pages `CRAWL_RENDER` names
 * (absent, every page is fetched plainly). The fetcher closes the renderer.
 */
export type FetcherSettings = Partial<FetcherOptions> & { renderer?: PageRenderer };

/** Creates a fetcher; one per process is enough (its pools and politeness state are shared). */
export function createFetcher(overrides: FetcherSettings = {}): Fetcher {
  const { renderer, ...settings } = overrides;
  const options = resolveFetcherOptions(settings);
  const politeness = (options.politeness ?? inProcessPoliteness)(politenessSettingsOf(options));
  const sessions = new SessionManager(options);
  const robots = new RobotsCache(options.openTargets.robotsTtlMs);
  const lookup = targetLookup(options.openTargets);
  let closed = false;

  /** One request of one URL under the pair's politeness; throws the attempt's failure. */
  async function hop(
    request: FetchRequest,
    url: URL,
    headers: Record<string, string>,
  ): Promise<ExchangeResponse> {
    const { source, country, signal, open = false } = request;
    // Loaded before the permit is taken: the first requests' import of undici must not delay the
    // requests a second's rate admitted into the next second, where the marketplace counts them.
    await loadUndici();
    const permit = await politeness.gate(source, open ? hostScope(url) : country).acquire(signal);
    const session: Session = sessions.current(source, country);
    let feedback: PolitenessFeedback = { kind: 'neutral' };
    let retryAfterMs: number | undefined;
    try {
      const onAnswer = (answer: Answer) => request.onAnswer?.({ ...answer, url: url.href, geo: session.geo });
      const { acceptLanguage } = options;
      // A browser resolves names itself, out of reach of the address rules: chosen targets never render.
      const response =
        !open && renderer?.wants(source, url)
          ? await renderer.render(
              { source, url, headers, session, signal, hostGuard: request.hostGuard, acceptLanguage },
              onAnswer,
            )
          : await exchange(
              {
                url,
                headers,
                session,
                dispatcher: await sessions.dispatcher(session, open ? lookup : undefined),
                signal,
                requestTimeoutMs: options.requestTimeoutMs,
                maxResponseBytes: open ? options.openTargets.maxPageBytes : options.maxResponseBytes,
                acceptLanguage,
                ...(open ? { userAgent: options.openTargets.userAgent } : {}),
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

  /** robots.txt of a chosen target's origin, fetched once per TTL under the same rules as the page. */
  function robotsOf(request: FetchRequest, url: URL): Promise<RobotsRules> {
    return robots.rulesFor(url, async (robotsUrl) => {
      const { source, country, signal } = request;
      try {
        const page = await fetchWithRetries(
          { source, country, signal, url: robotsUrl.href, open: true },
          false,
        );
        return rulesOf(robotsUrl, page.status, page.body);
      } catch (error) {
        // The address rules refused robots.txt: the page is refused for that reason, not robots'.
        if (error instanceof CrawlRefusedError) return { kind: 'refused', why: error.message };
        const failure = error instanceof Error ? error.cause : undefined;
        if (failure instanceof FetchFailure && failure.status !== undefined) {
          return rulesOf(robotsUrl, failure.status, '');
        }
        throw error;
      }
    });
  }

  /** One attempt: the URL and the redirects it leads to, up to `maxRedirects` hops. */
  async function attempt(request: FetchRequest, start: URL, readRobots: boolean): Promise<FetchedPage> {
    const headers = lowercaseKeys(request.headers);
    let url = start;
    for (let redirects = 0; ; redirects += 1) {
      const refusal = request.hostGuard?.(url);
      if (refusal !== undefined) throw new FetchFailure('forbidden_host', `refused ${url.href}: ${refusal}`);
      if (request.open) {
        const { proxyUrl } = sessions.current(request.source, request.country);
        const literal = openTargetRefusal(options.openTargets, url, proxyUrl);
        if (literal !== undefined) throw new FetchFailure('forbidden_host', literal);
      }
      if (request.open && readRobots) {
        const disallowed = robotsRefusal(await robotsOf(request, url), url, options.openTargets.robotsAgent);
        if (disallowed !== undefined) throw new CrawlRefusedError(disallowed);
      }
      const response = await hop(request, url, headers);
      if (response.status < 300 || response.status >= 400) {
        return fetchedPage(url.href, response.status, response.headers, response.body);
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
      const page = await fetchWithRetries(request, true);
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

  async function fetchWithRetries(request: FetchRequest, readRobots: boolean): Promise<FetchedPage> {
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
        return await attempt(request, url, readRobots);
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
        const detail = request.open ? refusalDetail(error, url, options.openTargets.maxPageBytes) : undefined;
        if (detail !== undefined) throw new CrawlRefusedError(detail, { cause: error });
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
