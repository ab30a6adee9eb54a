/**
 * source_01, a price-comparison site. Keys `term` (top product plus `max_pages` result pages), `id`,
 * `gtin` (resolved to the product id through the site search, cached in the conversion store) and
 * `pzn`; topics `search`, `convert` (GTIN to id only) and `remove_conversions`. Marketplace sellers
 * are named only on their seller pages: known names are always applied, unknown ones fetched with
 * `fetch_seller_names` (one billed request per seller).
 */
import type {
  BillableFetches,
  CrawlContext,
  DriverOutcome,
  SourceDriver,
  ValueQuery,
} from '../../vocabulary/crawl.types.ts';
import { summarizePrices } from '../../engine/crawl.offers.ts';
import {
  crawlGtinProduct,
  fetchOrMissing,
  found,
  noExtraFetches,
  notFound,
  productIdForGtin,
  removeConversion,
} from '../kit/driver.kit.ts';
import {
  parseProductPage,
  parseSearchPage,
  parseSellerPage,
  type ParsedOffer,
  type SearchCard,
} from './source-01.parse.ts';
import { parseOrExtract } from '../kit/fallback.kit.ts';

/** Countries whose product results carry category names (spec 2.4). */
const CATEGORY_NAME_COUNTRIES = ['de', 'at'];

const searchPath = (query: string): string =>
  `/preisvergleich/MainSearchProductCategory.html?q=${encodeURIComponent(query)}`;
const productPath = (id: string): string => `/preisvergleich/OffersOfProduct/${encodeURIComponent(id)}.html`;
const sellerPath = (sellerId: string): string => `/preisvergleich/Shop/${encodeURIComponent(sellerId)}.html`;

export const source01Driver: SourceDriver = {
  source: 'source_01',
  async crawl(context, query) {
    if (query.topic === 'remove_conversions') return removeConversion(context, query);
    switch (query.key) {
      case 'term':
        return crawlTerm(context, query);
      case 'id':
        return crawlProduct(context, query, query.value, productPath(query.value), noExtraFetches());
      case 'gtin':
        return crawlGtin(context, query);
      case 'pzn':
        return crawlPzn(context, query);
      default:
        throw new Error(`source_01 has no key ${query.key}`);
    }
  },
};

/** The product id the site search finds for an identifier (GTIN or PZN), if any. */
async function lookUp(context: CrawlContext, identifier: string): Promise<string | undefined> {
  const page = await fetchOrMissing(context, searchPath(identifier), 'lookup');
  return page ? parseSearchPage(page).cards[0]?.id : undefined;
}

async function crawlGtin(context: CrawlContext, query: ValueQuery): Promise<DriverOutcome> {
  const resolve = (): Promise<string | undefined> => lookUp(context, query.value);
  if (query.topic === 'convert') {
    const resolved = await productIdForGtin(context, query, resolve);
    if (!resolved) return notFound();
    return found(
      { id: resolved.productId, product_id: resolved.productId, gtin: query.value },
      noExtraFetches(),
    );
  }
  return crawlGtinProduct(context, query, resolve, (id) =>
    crawlProduct(context, query, id, productPath(id), noExtraFetches()),
  );
}

async function crawlPzn(context: CrawlContext, query: ValueQuery): Promise<DriverOutcome> {
  const id = await lookUp(context, query.value);
  if (id === undefined) return notFound();
  if (query.topic === 'convert') return found({ id, product_id: id, pzn: query.value }, noExtraFetches());
  return crawlProduct(context, query, id, productPath(id), noExtraFetches());
}

/** Search pages up to `max_pages`, then the top product's page. */
async function crawlTerm(context: CrawlContext, query: ValueQuery): Promise<DriverOutcome> {
  const billable = noExtraFetches();
  const first = await fetchOrMissing(context, searchPath(query.value), 'search');
  if (!first) return notFound();
  let results = parseSearchPage(first);
  const cards: SearchCard[] = [...results.cards];
  for (let pages = 1; pages < query.maxPages && results.nextUrl; pages++) {
    const next = await fetchOrMissing(context, results.nextUrl, 'search');
    billable.extraResultPages += 1;
    if (!next) break;
    results = parseSearchPage(next);
    cards.push(...results.cards);
  }
  const top = cards[0];
  if (!top) return notFound(billable);
  const outcome = await crawlProduct(context, query, top.id, top.url, billable);
  if (outcome.status !== 'found') return outcome;
  return found(
    {
      ...outcome.content,
      rating: top.rating,
      rating_count: top.rating_count,
      available_since: top.available_since,
      // The site's own "from" price of the product, as its result list states it (G38).
      source_price_min: top.price_min,
      search_results: cards.map(({ id, name, url, price_min }) => ({ id, name, url, price_min })),
    },
    billable,
  );
}

/** Product `id`'s page (path below the base URL, or an absolute link) as spec 2.4 content. */
async function crawlProduct(
  context: CrawlContext,
  query: ValueQuery,
  id: string,
  pathOrUrl: string,
  billable: BillableFetches,
): Promise<DriverOutcome> {
  const page = await fetchOrMissing(context, pathOrUrl, 'product');
  if (!page) return notFound(billable);
  const read = await parseOrExtract(context, page, { id, product_id: id }, parseProductPage);
  if ('extracted' in read) return found(read.extracted, billable);
  const product = read.parsed;
  const sellerNames = await marketplaceSellerNames(context, query, product.offers, billable);
  const offers = product.offers.map(({ seller_id, ...offer }, index) => ({
    position: index + 1,
    ...offer,
    seller_name:
      offer.seller_type === 'marketplace-shop' ? (sellerNames.get(seller_id) ?? null) : offer.seller_name,
  }));
  return found(
    {
      id: product.id,
      product_id: product.id,
      name: product.name,
      url: product.url,
      gtin: product.gtin,
      ...(product.pzn ? { pzn: product.pzn } : {}),
      category_ids: product.categoryIds,
      ...(CATEGORY_NAME_COUNTRIES.includes(query.country) ? { categories: product.categoryNames } : {}),
      ...summarizePrices(offers),
      offers_count: offers.length,
      offers,
    },
    billable,
  );
}

/**
 * Names of the marketplace sellers among the offers: the known ones from the store, plus (with
 * `fetch_seller_names`) the unknown ones from their seller pages, which are then stored.
 */
async function marketplaceSellerNames(
  context: CrawlContext,
  query: ValueQuery,
  offers: readonly ParsedOffer[],
  billable: BillableFetches,
): Promise<Map<string, string>> {
  const marketplaceOffers = offers.filter((offer) => offer.seller_type === 'marketplace-shop');
  const sellerIds = [...new Set(marketplaceOffers.map((offer) => offer.seller_id))];
  if (sellerIds.length === 0) return new Map();
  const names = await context.sellerNames.getMany('source_01', sellerIds);
  if (!query.fetchSellerNames) return names;
  const unknown = sellerIds.filter((sellerId) => !names.has(sellerId));
  await Promise.all(
    unknown.map(async (sellerId) => {
      const link = marketplaceOffers.find((offer) => offer.seller_id === sellerId)?.seller_url;
      billable.sellerPages += 1;
      const page = await fetchOrMissing(context, link ?? sellerPath(sellerId), 'seller');
      if (!page) return;
      const name = parseSellerPage(page);
      await context.sellerNames.set('source_01', sellerId, name);
      names.set(sellerId, name);
    }),
  );
  return names;
}
