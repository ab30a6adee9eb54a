/**
 * source_08, the Preisland marketplace (de). Keys `term` (top search result), `id` (numeric) and
 * `gtin` (resolved through the site search, cached in the conversion store). Topic `search` reads
 * the product page with every offer; `search_and_offers` adds seller ratings, condition and offer
 * titles from the offer listing.
 */
import { parseOrExtract } from '../kit/fallback.kit.ts';
import { PageParseError } from '../../vocabulary/crawl.errors.ts';
import type { CrawlContext, DriverOutcome, ValueQuery } from '../../vocabulary/crawl.types.ts';
import { fetchOrMissing, found, noExtraFetches, notFound } from '../kit/driver.kit.ts';
import { createShopDriver } from '../kit/shop-driver.kit.ts';
import { parseOffersPage, parseProductPage, parseSearchPage } from './source-08.parse.ts';

const productPath = (id: string): string => `/product/${encodeURIComponent(id)}/`;

export const source08Driver = createShopDriver({
  source: 'source_08',
  searchPath: (term) => `/s/?search_value=${encodeURIComponent(term)}`,
  parseSearch: parseSearchPage,
  product: { crawl: crawlProductById },
  gtin: 'search',
});

async function crawlProductById(
  context: CrawlContext,
  query: ValueQuery,
  id: string,
): Promise<DriverOutcome> {
  const page = await fetchOrMissing(context, productPath(id), 'product');
  if (!page) return notFound();
  const read = await parseOrExtract(context, page, { product_id: id }, parseProductPage);
  if ('extracted' in read) return found(read.extracted, noExtraFetches());
  const content = read.parsed;
  if (query.topic !== 'search_and_offers') return found(content, noExtraFetches());
  const offersPage = await fetchOrMissing(context, `${productPath(id)}offers/`, 'offers');
  if (!offersPage) return notFound();
  const details = parseOffersPage(offersPage);
  const offers = (content['offers'] as { offer_id: string }[]).map((offer) => {
    const detail = details.get(offer.offer_id);
    // Both pages list the same offers; a mismatch means one of them changed between the two fetches.
    if (!detail) throw new PageParseError(`offer ${offer.offer_id} missing on ${offersPage.url}`);
    return { ...offer, ...detail };
  });
  return found({ ...content, offers }, noExtraFetches());
}
