/**
 * Parsers of source_04 (auction marketplace) pages. Search cards, the item page and the catalogue
 * product page all show listings with the same component, so one reader serves all three.
 */
import type { CheerioAPI } from 'cheerio/slim';
import { PageParseError } from '../../vocabulary/crawl.errors.ts';
import type { FetchedPage } from '../../vocabulary/crawl.types.ts';
import { conditionOf, conditionOfSchema } from '../../parse/condition.ts';
import { absoluteUrl, loadPage, required, type Selection } from '../../parse/page.ts';
import { cleanText, parseAmount, parseCount, parseNumberAttribute, totalOf } from '../../parse/values.ts';

export interface Listing {
  item_id: string;
  /** The catalogue product the listing belongs to. */
  epid: string | null;
  title: string;
  url: string;
  price: number;
  shipping: number;
  total: number;
  currency: string;
  condition: string;
  listing_type: 'auction' | 'fixed_price';
  bids: number | null;
  ends_at: string | null;
  seller_name: string;
  seller_rating: number | null;
  seller_rating_count: number | null;
}

/** Reads one listing component; `fallbackUrl` is used where the component links nowhere (item page). */
function readListing(row: Selection, page: FetchedPage, currency: string, fallbackUrl: string): Listing {
  const price = required(parseAmount(row.find('.s-item__price').text()), 'listing price', page);
  const shipping = parseAmount(row.find('.s-item__shipping').text()) ?? 0;
  const bids = row.find('.s-item__bids');
  const href = row.find('a.s-item__link').attr('href');
  const schemaCondition = conditionOfSchema(row.find('link[itemprop="itemCondition"]').attr('href'));
  return {
    item_id: required(row.attr('data-listing-id'), 'listing id', page),
    epid: row.attr('data-epid') ?? null,
    title: cleanText(row.find('.s-item__title').text()),
    url: href ? absoluteUrl(href, page) : fallbackUrl,
    price,
    shipping,
    total: totalOf(price, shipping),
    currency,
    condition: schemaCondition ?? conditionOf(cleanText(row.find('.SECONDARY_INFO').text())),
    listing_type: bids.length > 0 ? 'auction' : 'fixed_price',
    bids: bids.length > 0 ? parseNumberAttribute(bids.attr('data-bids')) : null,
    ends_at: row.find('.s-item__time-end time').attr('datetime') ?? null,
    seller_name: cleanText(row.find('.s-item__seller-name').text()),
    seller_rating: parseNumberAttribute(row.find('.s-item__seller-positive').attr('data-percent')),
    seller_rating_count: parseCount(row.find('.s-item__seller-feedback-count').text()),
  };
}

/** The currency of an item or product page, from its offer microdata. */
function microdataCurrency($: CheerioAPI): string | undefined {
  return $('meta[itemprop="priceCurrency"]').first().attr('content');
}

/** Reads a search page: the listings shown, in order (the result list names their currency). */
export function parseSearchPage(page: FetchedPage): Listing[] {
  const $ = loadPage(page);
  const results = $('ul.srp-results');
  if (results.length === 0) throw new PageParseError(`no result list on ${page.url}`);
  const currency = required(results.attr('data-currency'), 'currency', page);
  return results
    .find('li.s-item')
    .toArray()
    .map((row) => readListing($(row), page, currency, page.url));
}

export interface ProductIdentity {
  epid: string | null;
  name: string;
  url: string;
  gtin: string | null;
  brand: string | null;
  mpn: string | null;
}

function identityOf(root: Selection, page: FetchedPage): ProductIdentity {
  const canonical = root.find('link[rel="canonical"]').attr('href');
  return {
    epid: root.find('meta[itemprop="productID"]').attr('content') ?? null,
    name: cleanText(root.find('[itemprop="name"]').first().text()),
    url: canonical ? absoluteUrl(canonical, page) : page.url,
    gtin: root.find('meta[itemprop="gtin13"]').attr('content') ?? null,
    brand: root.find('[itemprop="brand"] meta[itemprop="name"]').attr('content') ?? null,
    mpn: root.find('meta[itemprop="mpn"]').attr('content') ?? null,
  };
}

/** Reads an item page: the product's identifiers and the one listing. */
export function parseItemPage(page: FetchedPage): { identity: ProductIdentity; listing: Listing } {
  const $ = loadPage(page);
  const root = $('.x-item');
  const row = root.find('.x-item__listing li.s-item');
  if (root.length === 0 || row.length !== 1) throw new PageParseError(`no listing on ${page.url}`);
  const currency = required(microdataCurrency($), 'currency', page);
  const identity = identityOf(root, page);
  return { identity, listing: readListing(row, page, currency, identity.url) };
}

/** Reads a catalogue product page: identifiers and every listing; the announced count must match. */
export function parseProductPage(page: FetchedPage): { identity: ProductIdentity; listings: Listing[] } {
  const $ = loadPage(page);
  const root = $('.x-product');
  const list = root.find('ul.x-product__listings');
  if (root.length === 0 || list.length === 0) throw new PageParseError(`no product on ${page.url}`);
  const currency = required(microdataCurrency($), 'currency', page);
  const listings = list
    .find('li.s-item')
    .toArray()
    .map((row) => readListing($(row), page, currency, page.url));
  if (Number(list.attr('data-count')) !== listings.length)
    throw new PageParseError(`listings cut short on ${page.url}`);
  return { identity: identityOf(root, page), listings };
}
