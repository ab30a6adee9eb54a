/**
 * Building blocks of the shop-style drivers source_05..source_12: the offer and price fields they
 * all report, JSON answers and script state, the search-then-product flow of key `term`, and
 * `createShopDriver`, which assembles a driver from a source's paths and page parsers. The
 * path readers (`objectAt`, `textAt`, `numberAt`) complement `StateReader` (`parse/state.ts`)
 * where a page writes amounts as dot-decimal strings (schema.org, Next.js money objects).
 */
import { PageParseError } from '../../vocabulary/crawl.errors.ts';
import type { SourceId } from '../../vocabulary/sources.types.ts';
import type {
  CrawlContext,
  DriverOutcome,
  FetchedPage,
  SourceDriver,
  ValueQuery,
} from '../../vocabulary/crawl.types.ts';
import { isJsonObject, type JsonObject } from '../../extract/jsonld.ts';
import { parseOrExtract } from './fallback.kit.ts';
import { summarizePrices } from '../../engine/crawl.offers.ts';
import { assertCompletePage } from '../../parse/page.ts';
import { totalOf } from '../../parse/values.ts';
import { crawlGtinProduct, fetchOrMissing, found, noExtraFetches, notFound } from './driver.kit.ts';

/** Offer availability as the shop-style drivers report it. */
export type ShopAvailability = 'in_stock' | 'limited' | 'out_of_stock';

/** schema.org availability (`https://schema.org/InStock`, `LimitedAvailability`, …) as a code. */
export function schemaAvailability(value: unknown): ShopAvailability | null {
  const name = typeof value === 'string' ? value.replace(/^.*[/:]/u, '') : '';
  if (name === 'InStock' || name === 'InStoreOnly' || name === 'OnlineOnly') return 'in_stock';
  if (name === 'LimitedAvailability' || name === 'BackOrder' || name === 'PreOrder') return 'limited';
  if (name === 'OutOfStock' || name === 'SoldOut' || name === 'Discontinued') return 'out_of_stock';
  return null;
}

/** The fields every shop-style offer starts with; `total` is price plus shipping. */
export function coreOffer(
  position: number,
  price: number,
  currency: string,
  shipping: number,
): { position: number; price: number; currency: string; shipping: number; total: number } {
  return { position, price, currency, shipping, total: totalOf(price, shipping) };
}

/**
 * `price_min`, `price_max` and `price_avg` of offer prices (whole-cent mean, `summarizePrices`).
 * Throws `PageParseError` without prices: a product page always lists at least one offer, so an
 * empty list means the page was not read.
 */
export function priceStats(
  prices: readonly number[],
  page: FetchedPage,
): { price_min: number; price_max: number; price_avg: number } {
  const { price_min, price_max, price_avg } = summarizePrices(prices.map((price) => ({ price })));
  if (price_min === null || price_max === null || price_avg === null) {
    throw new PageParseError(`no offer prices on ${page.url}`);
  }
  return { price_min, price_max, price_avg };
}

/** The body of a JSON answer as an object; a cut-off or garbled body is a `PageParseError`. */
export function jsonBody(page: FetchedPage): JsonObject {
  try {
    const value: unknown = JSON.parse(page.body);
    if (isJsonObject(value)) return value;
  } catch {
    // reported below
  }
  throw new PageParseError(`unreadable JSON from ${page.url}`);
}

/**
 * Page state assigned in a script (`window.__STATE__ = {…};`), read without a DOM. The page must
 * be complete; a missing or unreadable assignment is a `PageParseError`.
 */
export function assignedJson(page: FetchedPage, variable: string): JsonObject {
  assertCompletePage(page);
  const escaped = variable.replace(/[.$]/g, '\\$&');
  const pattern = new RegExp(`${escaped}\\s*=\\s*(\\{[\\s\\S]*?\\});?\\s*</script>`);
  const raw = pattern.exec(page.body)?.[1];
  if (raw !== undefined) {
    try {
      const value: unknown = JSON.parse(raw);
      if (isJsonObject(value)) return value;
    } catch {
      // reported below
    }
  }
  throw new PageParseError(`no readable ${variable} in ${page.url}`);
}

/** A nested object of parsed JSON, or a `PageParseError` naming the path. */
export function objectAt(value: unknown, path: string, page: FetchedPage): JsonObject {
  let current: unknown = value;
  for (const part of path.split('.')) current = isJsonObject(current) ? current[part] : undefined;
  if (!isJsonObject(current)) throw new PageParseError(`${path} missing in ${page.url}`);
  return current;
}

/** A list of objects in parsed JSON (missing or malformed → `PageParseError`). */
export function objectsAt(value: unknown, key: string, page: FetchedPage): JsonObject[] {
  const list = isJsonObject(value) ? value[key] : undefined;
  if (!Array.isArray(list) || !list.every(isJsonObject)) {
    throw new PageParseError(`${key} missing in ${page.url}`);
  }
  return list;
}

/** A string field of parsed JSON (missing → `PageParseError`). */
export function textAt(value: JsonObject, key: string, page: FetchedPage): string {
  const text = value[key];
  if (typeof text !== 'string' && typeof text !== 'number') {
    throw new PageParseError(`${key} missing in ${page.url}`);
  }
  return String(text);
}

/** A number field of parsed JSON, written as a number or a dot-decimal string. */
export function numberAt(value: JsonObject, key: string, page: FetchedPage): number {
  const raw = value[key];
  const number = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw) : Number.NaN;
  if (!Number.isFinite(number)) throw new PageParseError(`${key} missing in ${page.url}`);
  return number;
}

/** One search result as the shop-style drivers report it in `search_results`. */
export interface SearchCard {
  product_id: string;
  name: string;
  url: string;
  price: number;
}

/** How a driver reads a source's search results and product pages for key `term`. */
export interface TermFlow {
  /** Path (below the base URL) of the first search page of a term. */
  searchPath(term: string): string;
  /** The result cards of a search page, in the site's order; `[]` when it found nothing. */
  parseSearch(page: FetchedPage): SearchCard[];
  /** Crawls one product by the site's id (not found when the product page is gone). */
  crawlProduct(productId: string): Promise<DriverOutcome>;
}

/** Key `term`: the top search result's full content, plus the first page of results. */
export async function crawlTopResult(
  context: CrawlContext,
  term: string,
  flow: TermFlow,
): Promise<DriverOutcome> {
  const page = await fetchOrMissing(context, flow.searchPath(term), 'search');
  if (!page) return notFound();
  const cards = flow.parseSearch(page);
  const top = cards[0];
  if (!top) return notFound();
  const outcome = await flow.crawlProduct(top.product_id);
  if (outcome.status !== 'found') return outcome;
  return found({ ...outcome.content, search_results: cards }, outcome.billable);
}

/** The single product a GTIN search finds, or undefined when it finds none. */
export async function productIdBySearch(
  context: CrawlContext,
  path: string,
  parseSearch: (page: FetchedPage) => SearchCard[],
): Promise<string | undefined> {
  const page = await fetchOrMissing(context, path, 'search');
  return page ? parseSearch(page)[0]?.product_id : undefined;
}

/** Crawls one product of the query's source by the site's id. */
export type ProductCrawl = (productId: string) => Promise<DriverOutcome>;

/** How a shop driver turns a product id into content (key `id`, and the end of `term` and `gtin`). */
export type ShopProduct =
  /** One product page read whole; a 404/410 is "not found". */
  | {
      path: (productId: string) => string;
      parse: (page: FetchedPage) => Record<string, unknown>;
      /** Request headers of the product fetch (a JSON API wants `accept`). */
      headers?: Record<string, string>;
      /**
       * The page people see, for the generic extractor when `parse` does not understand the
       * product answer (a JSON API); without it the extractor reads the product page itself.
       */
      humanPath?: (productId: string) => string;
    }
  /** The driver's own reading, for sources whose topics fetch more than the product page. */
  | { crawl: (context: CrawlContext, query: ValueQuery, productId: string) => Promise<DriverOutcome> };

/** How a shop driver answers key `gtin`; a driver without one has no key `gtin`. */
export type ShopGtinLookup =
  /** The site search finds the product; the id is cached in the conversion store. */
  | 'search'
  /** As `search`, but the shop indexes another form of the GTIN (cached under the value as given). */
  | { searchAs: (gtin: string) => string }
  /** The driver's own flow, for shops whose search answers a GTIN differently. */
  | {
      crawl: (context: CrawlContext, gtin: string, crawlProduct: ProductCrawl) => Promise<DriverOutcome>;
    };

/** A shop-style source described by its paths and parsers, for `createShopDriver`. */
export interface ShopDriverSpec {
  source: SourceId;
  /** Path (below the base URL) of the first search page of a term or GTIN. */
  searchPath: (term: string) => string;
  /** The result cards of a search page, in the site's order; `[]` when it found nothing. */
  parseSearch: (page: FetchedPage) => SearchCard[];
  product: ShopProduct;
  gtin?: ShopGtinLookup;
}

/**
 * A driver with keys `term` (top search result plus the first page of results), `id` and, when the
 * spec has a lookup, `gtin`. Every shop-style source shares this dispatch; only paths, parsers and
 * the odd topic differ, so those are all a source declares.
 */
export function createShopDriver(spec: ShopDriverSpec): SourceDriver {
  const { source, searchPath, parseSearch, product, gtin } = spec;
  return {
    source,
    async crawl(context, query) {
      const crawlProduct: ProductCrawl = (productId) => crawlShopProduct(context, query, product, productId);
      switch (query.key) {
        case 'term':
          return crawlTopResult(context, query.value, { searchPath, parseSearch, crawlProduct });
        case 'id':
          return crawlProduct(query.value);
        case 'gtin':
          if (gtin === undefined) break;
          if (gtin !== 'search' && 'crawl' in gtin) return gtin.crawl(context, query.value, crawlProduct);
          return crawlGtinProduct(
            context,
            query,
            () => {
              const term = gtin === 'search' ? query.value : gtin.searchAs(query.value);
              return productIdBySearch(context, searchPath(term), parseSearch);
            },
            crawlProduct,
          );
      }
      throw new Error(`${source} has no key ${query.key}`);
    },
  };
}

async function crawlShopProduct(
  context: CrawlContext,
  query: ValueQuery,
  product: ShopProduct,
  productId: string,
): Promise<DriverOutcome> {
  if ('crawl' in product) return product.crawl(context, query, productId);
  const page = await fetchOrMissing(context, product.path(productId), 'product', product.headers);
  if (!page) return notFound();
  const { humanPath } = product;
  const humanPage = humanPath && (() => fetchOrMissing(context, humanPath(productId), 'product'));
  const read = await parseOrExtract(context, page, { product_id: productId }, product.parse, humanPage);
  return found('parsed' in read ? read.parsed : read.extracted, noExtraFetches());
}
