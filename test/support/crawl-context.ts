/**
 * A minimal `CrawlContext` for driver tests: plain `fetch` (no politeness, no retries) and in-memory
 * conversion and seller-name stores.
 */
import assert from 'node:assert/strict';
import { SourceUnavailableError } from '../../src/crawl/vocabulary/crawl.errors.ts';
import { computeNameOf } from '../../src/crawl/compute/compute.registry.ts';
import { offloadInPlace } from '../../src/crawl/engine/crawl.offload.ts';
import { decodeBody } from '../../src/crawl/fetcher/fetcher.body.ts';
import type {
  ConversionStore,
  CrawlContext,
  DriverOutcome,
  FetchedPage,
  Offload,
  PageRequest,
  SellerNameStore,
  SourceDriver,
  ValueQuery,
} from '../../src/crawl/vocabulary/crawl.types.ts';
import type { SourceId, ValueKey } from '../../src/crawl/vocabulary/sources.types.ts';

/** Builds the queries of one driver's tests; `extra` overrides the defaults of the call. */
export type QueryBuilder = (
  country: string,
  key: ValueKey,
  value: string,
  extra?: Partial<ValueQuery>,
) => ValueQuery;

/**
 * A query builder for `driver` with the job defaults (topic `search`, one result page, ranking
 * order, no seller names), overridden by `defaults` and then by each call's `extra`.
 */
export function queryBuilder(driver: SourceDriver, defaults: Partial<ValueQuery> = {}): QueryBuilder {
  return (country, key, value, extra = {}) => ({
    source: driver.source,
    country,
    key,
    topic: 'search',
    value,
    maxPages: 1,
    sortBy: 'ranking_descending',
    fetchSellerNames: false,
    ...defaults,
    ...extra,
  });
}

/** The content of a found outcome (fails the test otherwise). */
export function contentOf(outcome: DriverOutcome, what = 'value'): Record<string, unknown> {
  assert.equal(outcome.status, 'found', `${what} found`);
  return outcome.status === 'found' ? outcome.content : {};
}

/** A conversion store in a Map, keyed `source|country|gtin`. */
export function createMemoryConversionStore(): ConversionStore & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  const keyOf = (source: SourceId, country: string, gtin: string): string => `${source}|${country}|${gtin}`;
  return {
    entries,
    async get(source, country, gtin) {
      return entries.get(keyOf(source, country, gtin));
    },
    async set(source, country, gtin, productId) {
      entries.set(keyOf(source, country, gtin), productId);
    },
    async remove(source, country, gtin) {
      const key = keyOf(source, country, gtin);
      const removed = entries.get(key);
      entries.delete(key);
      return removed;
    },
  };
}

/** A seller-name store in a Map, keyed `source|sellerId`. */
export function createMemorySellerNameStore(): SellerNameStore & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    async getMany(source, sellerIds) {
      const names = new Map<string, string>();
      for (const sellerId of sellerIds) {
        const name = entries.get(`${source}|${sellerId}`);
        if (name !== undefined) names.set(sellerId, name);
      }
      return names;
    },
    async set(source, sellerId, name) {
      entries.set(`${source}|${sellerId}`, name);
    },
  };
}

export interface TestCrawlContext extends CrawlContext {
  conversions: ReturnType<typeof createMemoryConversionStore>;
  sellerNames: ReturnType<typeof createMemorySellerNameStore>;
  /** Every page request the driver made, in order. */
  requests: PageRequest[];
  /** Pages the driver reported reading with the generic extractor (`reportFallback`), in order. */
  fallbacks: { url: string; reason: string }[];
}

export interface TestCrawlContextOptions {
  baseUrl: string;
  /** Share stores between contexts to simulate consecutive jobs. */
  conversions?: ReturnType<typeof createMemoryConversionStore>;
  sellerNames?: ReturnType<typeof createMemorySellerNameStore>;
  /** Gives up on a request after this long (default 10 s). */
  requestTimeoutMs?: number;
  /** Where the driver's parsers run (a compute pool's `offload`); default in place. */
  offload?: Offload;
}

/**
 * Runs a function in place, as a process without compute threads does, after checking that a
 * compute thread could run it: every parser a driver hands to the engine is declared in its source
 * module's `computeParsers` (`src/crawl/compute/compute.registry.ts` lists them), or it would
 * silently stay on the main thread.
 */
const registeredOffload: Offload = (run, input) => {
  if (computeNameOf(run) === undefined) {
    return Promise.reject(
      new Error(`${run.name || 'a parser'} is not declared in its source module's computeParsers`),
    );
  }
  return offloadInPlace(run, input);
};

/**
 * A test context whose `fetchPage` returns 2xx and 404/410 pages, and throws `SourceUnavailableError`
 * on any other status and on network errors, as the engine's fetcher does once retries are spent.
 */
export function createTestCrawlContext(options: TestCrawlContextOptions): TestCrawlContext {
  const requests: PageRequest[] = [];
  const fallbacks: TestCrawlContext['fallbacks'] = [];
  const controller = new AbortController();
  const timeoutMs = options.requestTimeoutMs ?? 10_000;
  return {
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    conversions: options.conversions ?? createMemoryConversionStore(),
    sellerNames: options.sellerNames ?? createMemorySellerNameStore(),
    signal: controller.signal,
    requests,
    fallbacks,
    reportFallback: (fallback) => fallbacks.push(fallback),
    offload: options.offload ?? registeredOffload,
    async fetchPage(request: PageRequest): Promise<FetchedPage> {
      requests.push(request);
      let response: Response;
      try {
        response = await fetch(request.url, {
          headers: request.headers,
          signal: AbortSignal.any([controller.signal, AbortSignal.timeout(timeoutMs)]),
        });
      } catch (error) {
        throw new SourceUnavailableError(`fetch failed: ${request.url}`, { cause: error });
      }
      // Decoded as the service's fetcher decodes: the declared charset (Shift_JIS on source_12).
      const bytes = await response.arrayBuffer().catch((error: unknown) => {
        throw new SourceUnavailableError(`body failed: ${request.url}`, { cause: error });
      });
      const ok =
        (response.status >= 200 && response.status < 300) ||
        response.status === 404 ||
        response.status === 410;
      if (!ok) throw new SourceUnavailableError(`HTTP ${response.status} from ${request.url}`);
      return {
        url: response.url,
        status: response.status,
        body: decodeBody(Buffer.from(bytes), response.headers.get('content-type') ?? undefined),
        headers: Object.fromEntries(response.headers),
      };
    },
  };
}
