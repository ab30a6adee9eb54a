/**
 * The crawl engine: crawls one value with its source driver under the value's deadline, through the
 * shared fetcher, and records provenance. Every failure (driver bug, network, deadline) ends as a
 * value failure with a spec reason (part 7); nothing escapes as an exception.
 */
import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { pino, type Logger } from 'pino';
import type {
  ConversionStore,
  CrawlContext,
  CrawlRecord,
  DriverOutcome,
  Offload,
  SellerNameStore,
  SourceDriver,
  ValueQuery,
} from '../vocabulary/crawl.types.ts';
import {
  classifyCrawlError,
  CrawlRefusedError,
  CrawlTimeoutError,
  PageParseError,
  SourceUnavailableError,
  type CrawlFailureReason,
} from '../vocabulary/crawl.errors.ts';
import { countDriverFallback } from './driver-fallbacks.ts';
import { offloadInPlace } from './crawl.offload.ts';
import { applyOfferOrder, isDriverOutcome } from './crawl.outcome.ts';
import { createFetcher, type FetchAnswer, type Fetcher, type FetcherSettings } from '../fetcher/fetcher.ts';
import { abortError } from '../fetcher/fetcher.failures.ts';
import { hostGuardFor, type HostGuard } from '../fetcher/fetcher.hosts.ts';
import { BlockPageFailure } from '../fetcher/fetcher.failures.ts';
import type { DriverHealthSink } from '../driver-health/driver-health.ts';
import { PageMemory } from './crawl.pages.ts';

export interface CrawlValueInput {
  query: ValueQuery;
  driver: SourceDriver;
  /** Base URL configured for (source, country), without a trailing slash. */
  baseUrl: string;
  /** When the value's crawl must be over (the job's hard timeout). */
  deadline: Date;
  conversions: ConversionStore;
  sellerNames: SellerNameStore;
  /**
   * The value names a target of the user's choosing (the `web` source, decisions G35): instead of
   * the base URL's host guard, the fetcher's rules for chosen targets apply (`fetcher.open.ts`).
   */
  openTargets?: boolean;
}

/** A crawled value: the driver's outcome, or the reason it failed; provenance either way. */
export type CrawlValueResult =
  | { outcome: DriverOutcome; crawls: CrawlRecord[] }
  | {
      failure: CrawlFailureReason;
      crawls: CrawlRecord[];
      /** The refusal's sentence (`CrawlRefusedError`, decisions G35/G37 `reason_detail`). */
      detail?: string;
    };

export interface CrawlEngineOptions {
  /** Settings of the fetcher the engine creates (ignored when `fetcher` is given). */
  fetcherOptions?: FetcherSettings;
  /** A fetcher to use instead of creating one; the engine then does not close it. */
  fetcher?: Fetcher;
  /** Extra driver runs of a value after a `PageParseError` (truncated or garbled page). Default 2. */
  parseRetries?: number;
  logger?: Logger;
  /** Where drivers run their page parsers (a compute pool's); default in place. */
  offload?: Offload;
  /** Told what became of each value's pages (driver health, issue 20); default nobody. */
  health?: DriverHealthSink;
}

export interface CrawlEngine {
  /** Crawls one value; never rejects. */
  crawlValue(input: CrawlValueInput): Promise<CrawlValueResult>;
  /** The fetcher behind `fetchPage` (politeness state, tests). */
  readonly fetcher: Fetcher;
  /** Ends running values as `source currently unavailable` and destroys the connection pools. */
  close(): Promise<void>;
}

export const DEFAULT_PARSE_RETRIES = 2;
/** Appended to a fetch's job type when the generic extractor read the page (`product_fallback_extract`). */
export const FALLBACK_SUFFIX = '_fallback_extract';
/** Abort reason for fetches a driver leaves running after its value settled (one instance: no stack per value). */
const VALUE_FINISHED = new SourceUnavailableError('value crawl finished');
/** Base URLs whose host guard is kept; callers passing ever new base URLs cannot grow memory. */
const MAX_CACHED_HOST_GUARDS = 256;
/** setTimeout holds at most a signed 32-bit delay; later deadlines are re-armed in steps. */
const MAX_TIMER_MS = 2_147_483_647;

/** Rejects with the abort error when `signal` aborts first; a late rejection of `work` is swallowed. */
function raceAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  work.catch(() => undefined);
  if (signal.aborted) return Promise.reject(abortError(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(abortError(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** Aborts `controller` with a `CrawlTimeoutError` at `deadline`; answers a function that disarms it. */
function armDeadline(controller: AbortController, deadline: Date): () => void {
  let timer: NodeJS.Timeout | undefined;
  const arm = (): void => {
    const remainingMs = deadline.getTime() - Date.now();
    if (remainingMs <= 0) {
      controller.abort(new CrawlTimeoutError(`value deadline ${deadline.toISOString()} passed`));
      return;
    }
    timer = setTimeout(arm, Math.min(remainingMs, MAX_TIMER_MS));
  };
  arm();
  return () => clearTimeout(timer);
}

function toRecord(answer: FetchAnswer, jobType: string): CrawlRecord {
  return {
    crawl_id: randomUUID(),
    url: answer.url,
    http_status: answer.status,
    duration_ms: answer.durationMs,
    observed_at: answer.observedAt.toISOString(),
    geo: answer.geo,
    job_type: jobType,
  };
}

/** Creates the engine; one per worker process (its fetcher's pools and politeness are shared). */
export function createCrawlEngine(options: CrawlEngineOptions = {}): CrawlEngine {
  const fetcher = options.fetcher ?? createFetcher(options.fetcherOptions);
  const ownsFetcher = options.fetcher === undefined;
  const parseRetries = options.parseRetries ?? DEFAULT_PARSE_RETRIES;
  const logger = options.logger ?? pino({ level: 'silent' });
  const offload = options.offload ?? offloadInPlace;
  const running = new Set<AbortController>();
  // One guard per base URL (a handful: the configured sources), not one per value.
  const hostGuards = new Map<string, HostGuard>();
  const hostGuardOf = (baseUrl: string): HostGuard => {
    let guard = hostGuards.get(baseUrl);
    if (guard === undefined) {
      if (hostGuards.size >= MAX_CACHED_HOST_GUARDS) hostGuards.clear();
      guard = hostGuardFor([baseUrl]);
      hostGuards.set(baseUrl, guard);
    }
    return guard;
  };
  let closed = false;

  /** Runs the driver, again after each `PageParseError` while retries and time are left. */
  async function runDriver(input: CrawlValueInput, context: CrawlContext): Promise<DriverOutcome> {
    for (let run = 0; ; run += 1) {
      if (context.signal.aborted) throw abortError(context.signal);
      try {
        const outcome: unknown = await raceAbort(
          Promise.resolve().then(() => input.driver.crawl(context, input.query)),
          context.signal,
        );
        if (!isDriverOutcome(outcome)) throw new SourceUnavailableError('driver returned no valid outcome');
        return outcome;
      } catch (error) {
        if (!(error instanceof PageParseError) || run >= parseRetries || context.signal.aborted) throw error;
        logger.debug(
          { source: input.query.source, value: input.query.value, err: error },
          'page parse retry',
        );
      }
    }
  }

  async function crawlValue(input: CrawlValueInput): Promise<CrawlValueResult> {
    const crawls: CrawlRecord[] = [];
    if (closed) return { failure: 'source currently unavailable', crawls };
    const controller = new AbortController();
    // Every concurrent fetch, queue wait and backoff of the value listens on this one signal.
    setMaxListeners(0, controller.signal);
    const disarm = armDeadline(controller, input.deadline);
    running.add(controller);
    let recording = true;
    const { query } = input;
    // Only the configured base URL's host: a page's redirects and links cannot lead elsewhere.
    const open = input.openTargets === true;
    const hostGuard = open ? undefined : hostGuardOf(input.baseUrl);
    const pages = new PageMemory(query, options.health);
    const context: CrawlContext = {
      baseUrl: input.baseUrl.replace(/\/+$/, ''),
      conversions: input.conversions,
      sellerNames: input.sellerNames,
      signal: controller.signal,
      fetchPage: (page) =>
        pages.remember(
          fetcher.fetchPage({
            source: query.source,
            country: query.country,
            url: page.url,
            headers: page.headers,
            signal: controller.signal,
            hostGuard,
            open,
            onAnswer: (answer) => {
              if (recording) crawls.push(toRecord(answer, page.jobType));
            },
          }),
        ),
      offload,
      reportFallback: ({ url, reason, extracted }) => {
        pages.fellBack(url, reason, extracted);
        const crawl = crawls.findLast((record) => record.url === url);
        if (crawl && !crawl.job_type.endsWith(FALLBACK_SUFFIX)) crawl.job_type += FALLBACK_SUFFIX;
        countDriverFallback(query.source);
        logger.warn(
          { source: query.source, country: query.country, value: query.value, url, reason },
          'driver fell back to the generic extractor (markup drift?)',
        );
      },
    };
    try {
      const outcome = await runDriver(input, context);
      pages.read();
      return { outcome: applyOfferOrder(outcome, query.sortBy), crawls: [...crawls] };
    } catch (error) {
      // Once the signal aborted, whatever the driver made of it, the cause is the abort.
      const cause = controller.signal.aborted ? abortError(controller.signal) : error;
      const failure = classifyCrawlError(cause);
      const blocked = cause instanceof Error && cause.cause instanceof BlockPageFailure;
      const refused = cause instanceof CrawlRefusedError;
      // Blocks are the fetcher's to report (with their kind); a deadline or a refusal says nothing of the driver.
      if (failure !== 'timeout' && !blocked && !refused) pages.failed(cause);
      logger.warn(
        { source: query.source, country: query.country, value: query.value, failure, err: cause },
        'value crawl failed',
      );
      return { failure, crawls: [...crawls], ...(refused ? { detail: cause.message } : {}) };
    } finally {
      recording = false;
      disarm();
      running.delete(controller);
      // Stops any fetch a misbehaving driver left running after it settled.
      controller.abort(VALUE_FINISHED);
    }
  }

  return {
    crawlValue,
    fetcher,
    async close() {
      closed = true;
      for (const controller of running) controller.abort(new SourceUnavailableError('crawl engine closed'));
      if (ownsFetcher) await fetcher.close();
    },
  };
}
