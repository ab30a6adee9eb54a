/**
 * source_08, the Preisland marketplace (de). Keys `term` (top search result), `id` (numeric) and
 * `gtin` (resolved through the site search, cached in the conversion store). Topic `search` reads
 * the product page with every offer; `search_and_offers` adds seller ratings, condition and offer
 * titles from the offer listing.
 */
import { PageParseError } from '../crawl.errors.ts';
import type { CrawlContext, DriverOutcome, SourceDriver, ValueQuery } from '../crawl.types.ts';
import { crawlGtinProduct, fetchOrMissing, found, noExtraFetches, notFound } from './driver-kit.ts';
import { crawlTopResult, productIdBySearch } from './shop-driver-kit.ts';
import { parseOffersPage, parseProductPage, parseSearchPage } from './source-08.parse.ts';

const searchPath = (term: string): string => `/s/?search_value=${encodeURIComponent(term)}`;
const productPath = (id: string): string => `/product/${encodeURIComponent(id)}/`;

export const source08Driver: SourceDriver = {
  source: 'source_08',
  async crawl(context, query) {
    const crawlProduct = (id: string): Promise<DriverOutcome> => crawlProductById(context, query, id);
    switch (query.key) {
      case 'term':
        return crawlTopResult(context, query.value, {
          searchPath,
          parseSearch: parseSearchPage,
          crawlProduct,
        });
      case 'id':
        return crawlProduct(query.value);
      case 'gtin':
        return crawlGtinProduct(
          context,
          query,
          () => productIdBySearch(context, searchPath(query.value), parseSearchPage),
          crawlProduct,
        );
      default:
        throw new Error(`source_08 has no key ${query.key}`);
    }
  },
};

async function crawlProductById(
  context: CrawlContext,
  query: ValueQuery,
  id: string,
): Promise<DriverOutcome> {
  const page = await fetchOrMissing(context, productPath(id), 'product');
  if (!page) return notFound();
  const content = parseProductPage(page);
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
