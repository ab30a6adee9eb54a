import type { SortBy, SourceId, Topic, ValueKey } from './sources.types.ts';

/** One value to crawl, with the effective job parameters that shape the crawl. */
export interface ValueQuery {
  source: SourceId;
  /** Lowercase ISO country code as submitted (`uk` and `gb` both possible). */
  country: string;
  key: ValueKey;
  topic: Topic;
  /** The value, already validated by the source catalogue. */
  value: string;
  /** Result pages per value (1..10); only source_01 and source_02 use it. */
  maxPages: number;
  sortBy: SortBy;
  /** source_01 only: crawl seller pages of marketplace sellers whose names are unknown. */
  fetchSellerNames: boolean;
}

/** A request for one page, made by a driver through its context. */
export interface PageRequest {
  url: string;
  /** Internal crawl step, reported as `meta.crawls[].job_type` (e.g. `search`, `product`, `offers`, `seller`). */
  jobType: string;
  headers?: Record<string, string>;
}

/** A fetched page. 404 and 410 are returned (not thrown): they mean "not found" to a driver. */
export interface FetchedPage {
  url: string;
  status: number;
  body: string;
  headers: Record<string, string>;
}

/** One fetch, as provenance (spec 2.6). */
export interface CrawlRecord {
  crawl_id: string;
  url: string;
  http_status: number;
  duration_ms: number;
  observed_at: string;
  /** Country the request left from; `null` when it is not known (never the requested country). */
  geo: string | null;
  job_type: string;
}

/** Cached identifier mappings (GTIN to product id / item code) of one source. */
export interface ConversionStore {
  get(source: SourceId, country: string, gtin: string): Promise<string | undefined>;
  set(source: SourceId, country: string, gtin: string, productId: string): Promise<void>;
  /** Removes the mapping; answers the product id that was removed, if any. */
  remove(source: SourceId, country: string, gtin: string): Promise<string | undefined>;
}

/** Marketplace seller names learnt from seller pages, kept across jobs (source_01). */
export interface SellerNameStore {
  getMany(source: SourceId, sellerIds: readonly string[]): Promise<Map<string, string>>;
  set(source: SourceId, sellerId: string, name: string): Promise<void>;
}

/** What a driver gets to do its work; the engine builds one per value. */
export interface CrawlContext {
  /** Base URL configured for (source, country), without a trailing slash. */
  baseUrl: string;
  /**
   * Fetches a page with the engine's politeness, retries and proxies. Throws
   * `SourceUnavailableError` when retries are exhausted and `CrawlTimeoutError` when the value's
   * deadline passes; returns 404/410 responses for the driver to read as "not found".
   */
  fetchPage(request: PageRequest): Promise<FetchedPage>;
  conversions: ConversionStore;
  sellerNames: SellerNameStore;
  signal: AbortSignal;
  /**
   * Tells the engine that the driver's parser did not understand the page at `url` and the generic
   * extractor read it instead: the fetch is relabelled `<job type>_fallback_extract` in
   * `meta.crawls`, a warning is logged, the source's fallback counter counted and the page kept as
   * evidence with what the extractor made of it (driver health).
   */
  reportFallback(fallback: { url: string; reason: string; extracted?: Record<string, unknown> }): void;
  /** Runs a pure step of the driver (a page parser) where the process runs them: see {@link Offload}. */
  offload: Offload;
}

/**
 * Runs a pure, synchronous function (a page parser, trust scoring) and answers its result: on a
 * thread of the process's compute pool when the function is registered there
 * (`src/crawl/compute/compute.registry.ts`), in place otherwise. Input and result must survive a
 * structured clone; errors keep their class when it is one of the crawl errors.
 */
export type Offload = <Input, Output>(run: (input: Input) => Output, input: Input) => Promise<Output>;

/** Extra fetches that are billed on top of the value itself (decisions G15). */
export interface BillableFetches {
  /** Result pages fetched beyond the first (max_pages). */
  extraResultPages: number;
  /** Seller detail pages fetched (fetch_seller_names). */
  sellerPages: number;
}

/** The outcome of crawling one value. */
export type DriverOutcome =
  | {
      status: 'found';
      /** Source-specific content as spec 2.4; `product_id` on every source. */
      content: Record<string, unknown>;
      /** source_03: the marketplace reports more sellers than were gathered (`meta.partial`). */
      partial?: boolean;
      billable: BillableFetches;
      /** False for requests that are not crawls (remove_conversions): such values cost nothing. */
      charged?: boolean;
    }
  | { status: 'not_found'; billable: BillableFetches; charged?: boolean };

/** A driver per source: parses that source's pages into spec content. */
export interface SourceDriver {
  source: SourceId;
  crawl(context: CrawlContext, query: ValueQuery): Promise<DriverOutcome>;
}
