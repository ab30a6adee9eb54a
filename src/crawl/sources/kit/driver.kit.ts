/** Building blocks the source drivers share: fetching, not-found, GTIN conversions, billing. */
import { SourceUnavailableError } from '../../vocabulary/crawl.errors.ts';
import type {
  BillableFetches,
  CrawlContext,
  DriverOutcome,
  FetchedPage,
  ValueQuery,
} from '../../vocabulary/crawl.types.ts';

/** A fresh tally of billable extra fetches. */
export function noExtraFetches(): BillableFetches {
  return { extraResultPages: 0, sellerPages: 0 };
}

/** The outcome for a value the source does not list. */
export function notFound(billable: BillableFetches = noExtraFetches()): DriverOutcome {
  return { status: 'not_found', billable };
}

/** The outcome for found content. */
export function found(
  content: Record<string, unknown>,
  billable: BillableFetches,
  extra: { partial?: boolean } = {},
): DriverOutcome {
  return { status: 'found', content, billable, ...extra };
}

/**
 * Fetches a page below the base URL. Answers `undefined` for 404/410 (the driver's "not found");
 * any other non-2xx answer that reaches the driver is a source failure.
 */
export async function fetchOrMissing(
  context: CrawlContext,
  path: string,
  jobType: string,
  headers?: Record<string, string>,
): Promise<FetchedPage | undefined> {
  const url = path.startsWith('http://') || path.startsWith('https://') ? path : context.baseUrl + path;
  const page = await context.fetchPage({ url, jobType, ...(headers ? { headers } : {}) });
  if (page.status === 404 || page.status === 410) return undefined;
  if (page.status < 200 || page.status >= 300) {
    throw new SourceUnavailableError(`HTTP ${page.status} from ${page.url}`);
  }
  return page;
}

/**
 * A source's id for a GTIN, through the conversion cache: a cached id is used as is; otherwise
 * `resolve` looks it up on the source and a hit is cached. Undefined when the source has no product.
 */
export async function productIdForGtin(
  context: CrawlContext,
  query: ValueQuery,
  resolve: () => Promise<string | undefined>,
): Promise<{ productId: string; cached: boolean } | undefined> {
  const cachedId = await context.conversions.get(query.source, query.country, query.value);
  if (cachedId !== undefined) return { productId: cachedId, cached: true };
  const productId = await resolve();
  if (productId === undefined) return undefined;
  await context.conversions.set(query.source, query.country, query.value, productId);
  return { productId, cached: false };
}

/**
 * Crawls the product a GTIN converts to. A cached mapping whose product page is gone is dropped and
 * the GTIN resolved again, so a stale cache never turns a listed product into "not found".
 */
export async function crawlGtinProduct(
  context: CrawlContext,
  query: ValueQuery,
  resolve: () => Promise<string | undefined>,
  crawlProduct: (productId: string) => Promise<DriverOutcome>,
): Promise<DriverOutcome> {
  const resolved = await productIdForGtin(context, query, resolve);
  if (!resolved) return notFound();
  const outcome = await crawlProduct(resolved.productId);
  if (outcome.status === 'found' || !resolved.cached) return outcome;
  await context.conversions.remove(query.source, query.country, query.value);
  const fresh = await productIdForGtin(context, query, resolve);
  return fresh ? crawlProduct(fresh.productId) : notFound();
}

/** Topic `remove_conversions`: clears the GTIN's cached mapping; no fetch, not charged. */
export async function removeConversion(context: CrawlContext, query: ValueQuery): Promise<DriverOutcome> {
  const removedId = await context.conversions.remove(query.source, query.country, query.value);
  return {
    status: 'found',
    content: { gtin: query.value, removed: removedId !== undefined, product_id: removedId ?? null },
    billable: noExtraFetches(),
    charged: false,
  };
}
