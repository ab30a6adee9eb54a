/**
 * source_04's cheerio parsers as they were before the streaming scan (issue 23), kept for
 * `test/sources/source-04.parity.test.ts` only: it runs them beside the scan parsers on
 * every sandbox and fixture page and asserts the same answers.
 */
/**
 * Parsers of source_04 (auction marketplace) pages. Search cards, the item page and the catalogue
 * product page all show listings with the same component, so one reader serves all three.
 */
import { load, type CheerioAPI } from 'cheerio/slim';
import { resolveCurrency } from '../../../src/crawl/extract/page-currency.ts';
import { readCard, type Listing, type ProductIdentity } from './source-04.card.ts';
import { readViewItem } from './source-04.item.ts';
import { PageParseError } from '../../../src/crawl/vocabulary/crawl.errors.ts';
import type { FetchedPage } from '../../../src/crawl/vocabulary/crawl.types.ts';
import { conditionOf, conditionOfSchema } from '../../../src/crawl/parse/condition.ts';
import { absoluteUrl, loadPage, required, type Selection } from '../../../src/crawl/parse/page.ts';
import {
  cleanText,
  parseAmount,
  parseCount,
  parseNumberAttribute,
  totalOf,
} from '../../../src/crawl/parse/values.ts';

export type { Listing, ProductIdentity } from './source-04.card.ts';

/** Reads one listing component; `fallbackUrl` is used where the component links nowhere (item page). */
function readListing(row: Selection, page: FetchedPage, currency: string, fallbackUrl: string): Listing {
  const price = required(parseAmount(row.find('.s-item__price').first().text()), 'listing price', page);
  const shipping = parseAmount(row.find('.s-item__shipping').text()) ?? 0;
  const bids = row.find('.s-item__bids');
  const href = row.find('a.s-item__link').attr('href');
  const schemaCondition = conditionOfSchema(row.find('link[itemprop="itemCondition"]').attr('href'));
  return {
    item_id: required(row.attr('data-listing-id') ?? itemIdOf(href), 'listing id', page),
    epid: row.attr('data-epid') ?? null,
    title: cleanText(row.find('.s-item__title').first().text()),
    url: href ? absoluteUrl(href, page) : fallbackUrl,
    price,
    shipping,
    total: totalOf(price, shipping),
    currency,
    condition: schemaCondition ?? conditionOf(cleanText(row.find('.SECONDARY_INFO').first().text())),
    listing_type: bids.length > 0 ? 'auction' : 'fixed_price',
    bids: bids.length > 0 ? parseNumberAttribute(bids.attr('data-bids')) : null,
    ends_at: row.find('.s-item__time-end time').attr('datetime') ?? null,
    seller_name: sellerNameOf(row),
    seller_rating: parseNumberAttribute(row.find('.s-item__seller-positive').attr('data-percent')),
    seller_rating_count: parseCount(row.find('.s-item__seller-feedback-count').text()),
  };
}

/** The currency of an item or product page, from its offer microdata. */
export function microdataCurrency($: CheerioAPI): string | undefined {
  return $('meta[itemprop="priceCurrency"]').first().attr('content');
}

/** The item id in a listing link (`/itm/144278067683?hash=…`, `/itm/Some-Title-/302474151804`). */
export function itemIdOf(href: string | undefined): string | undefined {
  return /\/itm\/(?:[^/?#]*\/)?(\d{6,})(?:[/?#]|$)/u.exec(href ?? '')?.[1];
}

/** The seller shown on a card: its own element (sandbox, item rows) or the seller-info line. */
function sellerNameOf(row: Selection): string {
  const name = cleanText(row.find('.s-item__seller-name').first().text());
  if (name !== '') return name;
  return cleanText(row.find('.s-item__seller-info-text').first().text()).replace(/\s*\(.*$/u, '');
}

/**
 * eBay's placeholder card: the first card of every result list is an invisible "Shop on eBay"
 * template linking to item 123456 (one on 2022 pages, two on 2026 ones); it is no listing.
 */
function isPlaceholder(card: Selection): boolean {
  const href = card.find('a.s-item__link, a.s-card__link').first().attr('href');
  return itemIdOf(href) === PLACEHOLDER_ITEM;
}
const PLACEHOLDER_ITEM = '123456';

/**
 * The page as a document. 2022 search pages were saved without `</html>` (the capture stops in the
 * last script), so a search page also counts as whole when its pagination, which follows the result
 * list, arrived.
 */
function loadSearchPage(page: FetchedPage): CheerioAPI {
  try {
    return loadPage(page);
  } catch (error) {
    if (!(error instanceof PageParseError) || !error.message.startsWith('truncated')) throw error;
    const $ = load(page.body);
    if ($('ul.srp-results ~ * .pagination, .srp-results ~ .srp-river-answer, nav.pagination').length > 0)
      return $;
    throw error;
  }
}

/** What a search page shows: the listings in order, the page's currency and the next page. */
export interface SearchPage {
  listings: Listing[];
  /** Placeholder cards on the page (around the result list; never listings). */
  placeholders: number;
  heading: string;
  nextUrl: string | undefined;
}

/**
 * Reads a search page in either of eBay's layouts: `li.s-item` (until about 2023)
 * and `li.s-card` (2025 on). The currency is the one the prices are written in, named as an ISO
 * code with the page's language and host (`EUR 10,79`, `$249.87` on ebay.com).
 */
export function parseSearchPage(page: FetchedPage): Listing[] {
  return readSearchPage(page).listings;
}

/** {@link parseSearchPage} with the page's placeholders, heading and next link. */
export function readSearchPage(page: FetchedPage): SearchPage {
  const $ = loadSearchPage(page);
  const results = $('ul.srp-results');
  if (results.length === 0) throw new PageParseError(`no result list on ${page.url}`);
  const real = results
    .find('li.s-item, li.s-card')
    .toArray()
    .map((row) => $(row))
    .filter((card) => !isPlaceholder(card));
  const placeholders = $('li.s-item, li.s-card')
    .toArray()
    .filter((row) => isPlaceholder($(row))).length;
  const shown = real.map((card) => cleanText(card.find('.s-item__price, .s-card__price').first().text()));
  const currency = real.length === 0 ? '' : searchCurrency($, page, shown.find((text) => text !== '') ?? '');
  const next = $('a.pagination__next').attr('href');
  return {
    listings: real.map((card) =>
      card.is('.s-card') ? readCard(card, page, currency) : readListing(card, page, currency, page.url),
    ),
    placeholders,
    heading: cleanText($('.srp-controls__count-heading').first().text()),
    nextUrl: next ? absoluteUrl(next, page) : undefined,
  };
}

function searchCurrency($: CheerioAPI, page: FetchedPage, priceText: string): string {
  const host = (() => {
    try {
      return new URL(page.url).hostname;
    } catch {
      return null;
    }
  })();
  const code = resolveCurrency(priceText, { declared: [], locale: $('html').attr('lang') ?? null, host });
  return required(code, 'currency', page);
}

export function identityOf(root: Selection, page: FetchedPage): ProductIdentity {
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

/**
 * Reads an item page: the product's identifiers and the one listing. The sandbox's page holds the
 * listing component; real item pages are read by `readViewItem` (2021 `#prcIsum` layout and the
 * current `x-price-primary` one).
 */
export function parseItemPage(page: FetchedPage): { identity: ProductIdentity; listing: Listing } {
  const $ = loadPage(page);
  const root = $('.x-item');
  const row = root.find('.x-item__listing li.s-item');
  if (root.length === 0 || row.length !== 1) return readViewItem($, page);
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
