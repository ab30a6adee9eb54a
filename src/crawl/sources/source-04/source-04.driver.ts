/**
 * source_04, an auction marketplace. Key `term` answers the listings of the search, `id` one
 * listing (item page), `gtin` the catalogue product the GTIN resolves to (through the search; the
 * mapping is cached in the conversion store) with all its listings; topics `search` and
 * `remove_conversions`. `max_pages` does not apply.
 */
import type { CrawlContext, DriverOutcome, SourceDriver } from '../../vocabulary/crawl.types.ts';
import { summarizePrices } from '../../engine/crawl.offers.ts';
import {
  crawlGtinProduct,
  fetchOrMissing,
  found,
  noExtraFetches,
  notFound,
  removeConversion,
} from '../kit/driver.kit.ts';
import { parseOrExtract } from '../kit/fallback.kit.ts';
import { parseItemPage, parseProductPage, parseSearchPage, type Listing } from './source-04.parse.ts';

export const source04Driver: SourceDriver = {
  source: 'source_04',
  async crawl(context, query) {
    if (query.topic === 'remove_conversions') return removeConversion(context, query);
    switch (query.key) {
      case 'term':
        return crawlTerm(context, query.value);
      case 'id':
        return crawlItem(context, query.value);
      case 'gtin':
        return crawlGtinProduct(
          context,
          query,
          async () =>
            (await search(context, query.value, 'lookup'))?.find((listing) => listing.epid)?.epid ??
            undefined,
          (productId) => crawlProduct(context, productId),
        );
      default:
        throw new Error(`source_04 has no key ${query.key}`);
    }
  },
};

/** A listing as content: its position in the list, without the internal product link. */
function asOffer({ epid: _epid, ...listing }: Listing, index: number): Record<string, unknown> {
  return { position: index + 1, ...listing };
}

async function search(context: CrawlContext, text: string, jobType: string): Promise<Listing[] | undefined> {
  const page = await fetchOrMissing(context, `/sch/i.html?_nkw=${encodeURIComponent(text)}`, jobType);
  return page ? parseSearchPage(page) : undefined;
}

async function crawlTerm(context: CrawlContext, term: string): Promise<DriverOutcome> {
  const listings = await search(context, term, 'search');
  if (!listings || listings.length === 0) return notFound();
  return found(
    {
      product_id: listings[0]?.item_id,
      query: term,
      offers_count: listings.length,
      offers: listings.map(asOffer),
    },
    noExtraFetches(),
  );
}

async function crawlItem(context: CrawlContext, itemId: string): Promise<DriverOutcome> {
  const page = await fetchOrMissing(context, `/itm/${encodeURIComponent(itemId)}`, 'product');
  if (!page) return notFound();
  const read = await parseOrExtract(context, page, { product_id: itemId }, parseItemPage);
  if ('extracted' in read) return found(read.extracted, noExtraFetches());
  const { identity, listing } = read.parsed;
  const { epid, ...fields } = listing;
  return found(
    {
      product_id: listing.item_id,
      ...fields,
      name: listing.title,
      epid: epid ?? identity.epid,
      gtin: identity.gtin,
      brand: identity.brand,
      mpn: identity.mpn,
      offers: [asOffer(listing, 0)],
    },
    noExtraFetches(),
  );
}

async function crawlProduct(context: CrawlContext, productId: string): Promise<DriverOutcome> {
  const page = await fetchOrMissing(context, `/p/${encodeURIComponent(productId)}`, 'product');
  if (!page) return notFound();
  const read = await parseOrExtract(context, page, { product_id: productId }, parseProductPage);
  if ('extracted' in read) return found(read.extracted, noExtraFetches());
  const { identity, listings } = read.parsed;
  const offers = listings.map(asOffer);
  return found(
    {
      product_id: identity.epid ?? productId,
      name: identity.name,
      url: identity.url,
      gtin: identity.gtin,
      brand: identity.brand,
      mpn: identity.mpn,
      ...summarizePrices(offers),
      offers_count: offers.length,
      offers,
    },
    noExtraFetches(),
  );
}
