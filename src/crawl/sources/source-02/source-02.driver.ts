/**
 * source_02, a general marketplace. Keys `term` (search with `max_pages`, then the top result's
 * page), `item_code` and `gtin` (searched, resolved to the item code, cached in the conversion
 * store); topics `search`, `search_and_offers` (adds the all-offers listing) and
 * `remove_conversions`. Countries `at` and `ch` are served by the de storefront: every request
 * carries the delivery country so prices are those of Austria or Switzerland.
 */
import type {
  BillableFetches,
  CrawlContext,
  DriverOutcome,
  FetchedPage,
  SourceDriver,
  ValueQuery,
} from '../../vocabulary/crawl.types.ts';
import {
  crawlGtinProduct,
  fetchOrMissing,
  found,
  noExtraFetches,
  notFound,
  removeConversion,
} from '../kit/driver.kit.ts';
import {
  parseOffersPage,
  parseProductPage,
  parseSearchPage,
  type SearchCard,
  type SearchPage,
} from './source-02.parse.ts';
import { parseOrExtract } from '../kit/fallback.kit.ts';

/** Countries the de storefront localizes with this query parameter (spec part 1, rule 2). */
const DELIVERY_COUNTRIES = ['at', 'ch'];
const DELIVERY_PARAM = 'deliveryCountry';

export const source02Driver: SourceDriver = {
  source: 'source_02',
  async crawl(context, query) {
    if (query.topic === 'remove_conversions') return removeConversion(context, query);
    switch (query.key) {
      case 'term':
        return crawlTerm(context, query);
      case 'item_code':
        return crawlItem(context, query, query.value, noExtraFetches());
      case 'gtin':
        return crawlGtinProduct(
          context,
          query,
          async () => (await search(context, query, query.value, 'lookup'))?.cards[0]?.product_id,
          (itemCode) => crawlItem(context, query, itemCode, noExtraFetches()),
        );
      default:
        throw new Error(`source_02 has no key ${query.key}`);
    }
  },
};

/** Fetches below the base URL (or a followed link), adding the delivery country for at/ch. */
function fetchLocalized(
  context: CrawlContext,
  query: ValueQuery,
  pathOrUrl: string,
  jobType: string,
): Promise<FetchedPage | undefined> {
  const url = new URL(pathOrUrl, context.baseUrl + '/');
  if (!pathOrUrl.startsWith('http'))
    // A bare origin's pathname is `/`: joined as is it would ask for `//dp/…` on a real host.
    url.pathname = new URL(context.baseUrl).pathname.replace(/\/$/u, '') + pathOrUrl.split('?')[0];
  if (DELIVERY_COUNTRIES.includes(query.country))
    url.searchParams.set(DELIVERY_PARAM, query.country.toUpperCase());
  return fetchOrMissing(context, url.toString(), jobType);
}

async function search(
  context: CrawlContext,
  query: ValueQuery,
  text: string,
  jobType: string,
): Promise<SearchPage | undefined> {
  const path = `/s?k=${encodeURIComponent(text)}`;
  const fetched = await fetchLocalized(context, query, path, jobType);
  return fetched ? parseSearchPage(fetched) : undefined;
}

async function crawlTerm(context: CrawlContext, query: ValueQuery): Promise<DriverOutcome> {
  const billable = noExtraFetches();
  let results = await search(context, query, query.value, 'search');
  if (!results) return notFound();
  const cards: SearchCard[] = [...results.cards];
  for (let pages = 1; pages < query.maxPages && results.nextUrl; pages++) {
    const next = await fetchLocalized(context, query, results.nextUrl, 'search');
    billable.extraResultPages += 1;
    if (!next) break;
    results = parseSearchPage(next);
    cards.push(...results.cards);
  }
  const top = cards[0];
  if (!top) return notFound(billable);
  const outcome = await crawlItem(context, query, top.product_id, billable);
  if (outcome.status !== 'found') return outcome;
  const searchResults = cards.map((card) => ({ ...card, url: itemUrl(context, card.product_id) }));
  return found({ ...outcome.content, search_results: searchResults }, billable);
}

function itemUrl(context: CrawlContext, itemCode: string): string {
  return `${context.baseUrl}/dp/${encodeURIComponent(itemCode)}`;
}

/** The product page, plus the all-offers listing for `search_and_offers`. */
async function crawlItem(
  context: CrawlContext,
  query: ValueQuery,
  itemCode: string,
  billable: BillableFetches,
): Promise<DriverOutcome> {
  const page = await fetchLocalized(context, query, `/dp/${encodeURIComponent(itemCode)}`, 'product');
  if (!page) return notFound(billable);
  const read = await parseOrExtract(context, page, { product_id: itemCode }, parseProductPage);
  if ('extracted' in read) return found(read.extracted, billable);
  const product = read.parsed;
  let offers: Record<string, unknown>[] = [];
  if (query.topic === 'search_and_offers') {
    const listing = await fetchLocalized(
      context,
      query,
      `/gp/offer-listing/${encodeURIComponent(itemCode)}`,
      'offers',
    );
    offers = listing
      ? parseOffersPage(listing).map((offer, index) => ({ position: index + 1, ...offer }))
      : [];
  }
  return found({ ...product, offers }, billable);
}
