/**
 * Parsers of source_04 (auction marketplace) pages. Search cards, the item page and the catalogue
 * product page all show listings with the same component, so one reader serves all three. Each page
 * is read in one streaming pass that keeps only the elements named in `source-04.keep.ts`
 * (`src/crawl/parse/scan.ts`): no DOM and no CSS selector, except on a search page cut before
 * `</html>` without its pagination `nav` (see `loadSearchPage`).
 */
import { load } from 'cheerio/slim';
import { resolveCurrency } from '../../extract/page-currency.ts';
import { readCard, firstTimeIn, type Listing, type ProductIdentity } from './source-04.card.ts';
import { readViewItem } from './source-04.item.ts';
import { keepItemElement, keepSearchElement, scanPage, type ScannedPage } from './source-04.keep.ts';
import { PageParseError } from '../../vocabulary/crawl.errors.ts';
import type { FetchedPage } from '../../vocabulary/crawl.types.ts';
import { conditionOf, conditionOfSchema } from '../../parse/condition.ts';
import { absoluteUrl, assertCompletePage, required } from '../../parse/page.ts';
import {
  firstWithClass,
  hasClass,
  insideAll,
  textOfClass,
  withClass,
  type ScannedElement,
} from '../../parse/scan.ts';
import { cleanText, parseAmount, parseCount, parseNumberAttribute, totalOf } from '../../parse/values.ts';

export type { Listing, ProductIdentity } from './source-04.card.ts';

const withItemprop = (elements: readonly ScannedElement[], itemprop: string, tag?: string) =>
  elements.find(
    (element) => element.attribs.itemprop === itemprop && (tag === undefined || element.name === tag),
  );

/** Reads one listing component; `fallbackUrl` is used where the component links nowhere (item page). */
function readListing(row: ScannedElement, page: FetchedPage, currency: string, fallbackUrl: string): Listing {
  const inner = row.inner;
  const price = required(
    parseAmount(firstWithClass(inner, 's-item__price')?.text ?? ''),
    'listing price',
    page,
  );
  const shipping = parseAmount(textOfClass(inner, 's-item__shipping')) ?? 0;
  const bids = withClass(inner, 's-item__bids');
  const href = firstWithClass(inner, 's-item__link', 'a')?.attribs.href;
  const schemaCondition = conditionOfSchema(withItemprop(inner, 'itemCondition', 'link')?.attribs.href);
  return {
    item_id: required(row.attribs['data-listing-id'] ?? itemIdOf(href), 'listing id', page),
    epid: row.attribs['data-epid'] ?? null,
    title: cleanText(firstWithClass(inner, 's-item__title')?.text),
    url: href ? absoluteUrl(href, page) : fallbackUrl,
    price,
    shipping,
    total: totalOf(price, shipping),
    currency,
    condition: schemaCondition ?? conditionOf(cleanText(firstWithClass(inner, 'SECONDARY_INFO')?.text)),
    listing_type: bids.length > 0 ? 'auction' : 'fixed_price',
    bids: bids.length > 0 ? parseNumberAttribute(bids[0]?.attribs['data-bids']) : null,
    ends_at: firstTimeIn(inner, 's-item__time-end')?.attribs.datetime ?? null,
    seller_name: sellerNameOf(inner),
    seller_rating: parseNumberAttribute(
      firstWithClass(inner, 's-item__seller-positive')?.attribs['data-percent'],
    ),
    seller_rating_count: parseCount(textOfClass(inner, 's-item__seller-feedback-count')),
  };
}

/** The currency of an item or product page, from its offer microdata. */
function microdataCurrency(kept: readonly ScannedElement[]): string | undefined {
  return withItemprop(kept, 'priceCurrency', 'meta')?.attribs.content;
}

/** The item id in a listing link (`/itm/144278067683?hash=…`, `/itm/Some-Title-/302474151804`). */
export function itemIdOf(href: string | undefined): string | undefined {
  return /\/itm\/(?:[^/?#]*\/)?(\d{6,})(?:[/?#]|$)/u.exec(href ?? '')?.[1];
}

/** The seller shown on a card: its own element (sandbox, item rows) or the seller-info line. */
function sellerNameOf(inner: readonly ScannedElement[]): string {
  const name = cleanText(firstWithClass(inner, 's-item__seller-name')?.text);
  if (name !== '') return name;
  return cleanText(firstWithClass(inner, 's-item__seller-info-text')?.text).replace(/\s*\(.*$/u, '');
}

const isCard = (element: ScannedElement): boolean =>
  element.name === 'li' && (hasClass(element, 's-item') || hasClass(element, 's-card'));

/**
 * eBay's placeholder card: the first card of every result list is an invisible "Shop on eBay"
 * template linking to item 123456 (one on 2022 pages, two on 2026 ones); it is no listing.
 */
function isPlaceholder(card: ScannedElement): boolean {
  const link = card.inner.find(
    (element) =>
      element.name === 'a' && (hasClass(element, 's-item__link') || hasClass(element, 's-card__link')),
  );
  return itemIdOf(link?.attribs.href) === PLACEHOLDER_ITEM;
}
const PLACEHOLDER_ITEM = '123456';

/**
 * The page's kept elements. 2022 search pages were saved without `</html>` (the capture stops in
 * the last script), so a search page also counts as whole when its pagination, which follows the
 * result list, arrived: a `nav.pagination` the scan kept, else (a page cut short, which the engine
 * retries) the sibling tests `ul.srp-results ~ * .pagination, .srp-results ~ .srp-river-answer` on
 * cheerio's DOM, the one case these parsers build one.
 */
function loadSearchPage(page: FetchedPage): ScannedPage {
  try {
    assertCompletePage(page);
    return scanPage(page, keepSearchElement);
  } catch (error) {
    if (!(error instanceof PageParseError) || !error.message.startsWith('truncated')) throw error;
    const scanned = scanPage(page, keepSearchElement);
    if (scanned.kept.some((element) => element.name === 'nav' && hasClass(element, 'pagination')))
      return scanned;
    if (load(page.body)('ul.srp-results ~ * .pagination, .srp-results ~ .srp-river-answer').length > 0)
      return scanned;
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
  const { kept, lang } = loadSearchPage(page);
  const results = withClass(kept, 'srp-results', 'ul');
  if (results.length === 0) throw new PageParseError(`no result list on ${page.url}`);
  const real = insideAll(results).filter((card) => isCard(card) && !isPlaceholder(card));
  const placeholders = kept.filter((card) => isCard(card) && isPlaceholder(card)).length;
  const shown = real.map((card) =>
    cleanText(
      card.inner.find((element) => hasClass(element, 's-item__price') || hasClass(element, 's-card__price'))
        ?.text,
    ),
  );
  const currency =
    real.length === 0 ? '' : searchCurrency(lang, page, shown.find((text) => text !== '') ?? '');
  const next = firstWithClass(kept, 'pagination__next', 'a')?.attribs.href;
  return {
    listings: real.map((card) =>
      hasClass(card, 's-card') ? readCard(card, page, currency) : readListing(card, page, currency, page.url),
    ),
    placeholders,
    heading: cleanText(firstWithClass(kept, 'srp-controls__count-heading')?.text),
    nextUrl: next ? absoluteUrl(next, page) : undefined,
  };
}

function searchCurrency(lang: string | undefined, page: FetchedPage, priceText: string): string {
  const host = (() => {
    try {
      return new URL(page.url).hostname;
    } catch {
      return null;
    }
  })();
  const code = resolveCurrency(priceText, { declared: [], locale: lang ?? null, host });
  return required(code, 'currency', page);
}

function identityOf(inRoot: readonly ScannedElement[], page: FetchedPage): ProductIdentity {
  const canonical = inRoot.find(isCanonicalLink)?.attribs.href;
  const brands = inRoot.filter((element) => element.attribs.itemprop === 'brand');
  return {
    epid: withItemprop(inRoot, 'productID', 'meta')?.attribs.content ?? null,
    name: cleanText(withItemprop(inRoot, 'name')?.text),
    url: canonical ? absoluteUrl(canonical, page) : page.url,
    gtin: withItemprop(inRoot, 'gtin13', 'meta')?.attribs.content ?? null,
    brand: withItemprop(insideAll(brands), 'name', 'meta')?.attribs.content ?? null,
    mpn: withItemprop(inRoot, 'mpn', 'meta')?.attribs.content ?? null,
  };
}

const isCanonicalLink = (element: ScannedElement): boolean =>
  element.name === 'link' && element.attribs.rel?.toLowerCase() === 'canonical';

/**
 * Reads an item page: the product's identifiers and the one listing. The sandbox's page holds the
 * listing component; real item pages are read by `readViewItem` (2021 `#prcIsum` layout and the
 * current `x-price-primary` one).
 */
export function parseItemPage(page: FetchedPage): { identity: ProductIdentity; listing: Listing } {
  assertCompletePage(page);
  const scanned = scanPage(page, keepItemElement);
  const roots = withClass(scanned.kept, 'x-item');
  const rows = withClass(insideAll(withClass(insideAll(roots), 'x-item__listing')), 's-item', 'li');
  const row = rows[0];
  if (roots.length === 0 || row === undefined || rows.length !== 1) return readViewItem(scanned, page);
  const currency = required(microdataCurrency(scanned.kept), 'currency', page);
  const identity = identityOf(insideAll(roots), page);
  return { identity, listing: readListing(row, page, currency, identity.url) };
}

/** Reads a catalogue product page: identifiers and every listing; the announced count must match. */
export function parseProductPage(page: FetchedPage): { identity: ProductIdentity; listings: Listing[] } {
  assertCompletePage(page);
  const { kept } = scanPage(page, keepItemElement);
  const inRoot = insideAll(withClass(kept, 'x-product'));
  const lists = withClass(inRoot, 'x-product__listings', 'ul');
  if (lists.length === 0) throw new PageParseError(`no product on ${page.url}`);
  const currency = required(microdataCurrency(kept), 'currency', page);
  const listings = withClass(insideAll(lists), 's-item', 'li').map((row) =>
    readListing(row, page, currency, page.url),
  );
  if (Number(lists[0]?.attribs['data-count']) !== listings.length)
    throw new PageParseError(`listings cut short on ${page.url}`);
  return { identity: identityOf(inRoot, page), listings };
}
