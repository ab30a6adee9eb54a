/**
 * Parsers of source_03 pages, modelled on Google Shopping's server-rendered markup as the
 * community's scrapers read it (decisions G34; docs/drivers.md names repositories, commits and
 * files). Google's pages carry no JSON-LD; ids are read where Google puts them: a card's
 * `data-docid`, an offer's `prds=eto:<offer id>_0` link, the product link's path. Each page is read in
 * one streaming pass that keeps only the named elements (`src/crawl/parse/scan.ts`); classes are
 * matched by stem, so a release suffix does not break them. Currency comes from the country (`gl`)
 * Google's own links carry, since prices are shown only as local text.
 */
import { PageParseError } from '../../vocabulary/crawl.errors.ts';
import type { FetchedPage } from '../../vocabulary/crawl.types.ts';
import { summarizePrices } from '../../engine/crawl.offers.ts';
import { absoluteUrl, assertCompletePage, required } from '../../parse/page.ts';
import { skippablePieces } from '../../parse/page-text.ts';
import { insideAll, type ScannedElement, scanElements } from '../../parse/scan.ts';
import {
  firstWithClassStem,
  keepClassStems,
  textOfClassStem,
  withClassStem,
} from '../../parse/class-stem.ts';
import { cleanText, parseAmount, parseCount, parseNumberAttribute } from '../../parse/values.ts';
import { lookupTable } from '../../../platform/lib/lookup.ts';

/** A result card as the driver reports it. */
export interface Card {
  position: number;
  id: string;
  name: string;
  url: string;
  price: number;
  currency: string;
  seller_name: string;
  sellers_count: number;
  rating: number | null;
  rating_count: number | null;
}

export interface SearchPage {
  cards: Card[];
  /** Absolute URL of the next result page (`a#pnnext`), if there is one. */
  nextUrl: string | undefined;
}

/** The currency of each Google Shopping country (`gl`) this source serves. */
const CURRENCY_OF_COUNTRY: Record<string, string> = lookupTable({
  de: 'EUR',
  at: 'EUR',
  fr: 'EUR',
  it: 'EUR',
  es: 'EUR',
  nl: 'EUR',
  be: 'EUR',
  ch: 'CHF',
  gb: 'GBP',
  uk: 'GBP',
  us: 'USD',
  au: 'AUD',
  ca: 'CAD',
  pl: 'PLN',
  se: 'SEK',
  no: 'NOK',
  dk: 'DKK',
});

/** The currency of the country in a Google link's `gl` parameter. */
function currencyOfLink(href: string | undefined, page: FetchedPage): string {
  const gl = href === undefined ? null : new URL(href, page.url).searchParams.get('gl');
  return required(gl === null ? undefined : CURRENCY_OF_COUNTRY[gl.toLowerCase()], 'country (gl)', page);
}

/** A product URL without Google's query parameters (`q`, `hl`, `gl`, tracking). */
function productUrlOf(href: string, page: FetchedPage): string {
  const url = new URL(absoluteUrl(href, page));
  return url.origin + url.pathname;
}

const SEARCH_STEMS = keepClassStems([
  'sh-dgr__grid-result',
  'sh-dlr__list-result',
  'Lq5OHe',
  'tAxDx',
  'a8Pemb',
  'aULzUe',
  'Rsc7Yb',
  'QIrs8',
  'iXEZD',
  'sh-np__click-target',
]);

const keepSearchElement = (name: string, attribs: Readonly<Record<string, string>>): boolean =>
  (name === 'a' && attribs.id === 'pnnext') ||
  (name === 'div' && attribs.id === 'center_col') ||
  SEARCH_STEMS(name, attribs);

/** Reads a result page; a page without Google's result column is not one. */
export function parseSearchPage(page: FetchedPage): SearchPage {
  assertCompletePage(page);
  const kept = scanElements(skippablePieces(page), keepSearchElement);
  if (!kept.some((element) => element.attribs.id === 'center_col')) {
    throw new PageParseError(`no result column on ${page.url}`);
  }
  // Grid and list views; shopping ads (`sh-np__click-target`) sit outside both and are no results.
  const tiles = [
    ...withClassStem(kept, 'sh-dgr__grid-result', 'div'),
    ...withClassStem(kept, 'sh-dlr__list-result', 'div'),
  ].filter((tile) => tile.attribs['data-docid'] !== undefined);
  const cards = tiles.map((tile, index) => readCard(tile, index + 1, page));
  const next = kept.find((element) => element.attribs.id === 'pnnext')?.attribs.href;
  return { cards, nextUrl: next ? absoluteUrl(next, page) : undefined };
}

function readCard(tile: ScannedElement, position: number, page: FetchedPage): Card {
  const inner = tile.inner;
  const href = required(firstWithClassStem(inner, 'Lq5OHe', 'a')?.attribs.href, 'product link', page);
  const rating = firstWithClassStem(inner, 'Rsc7Yb');
  return {
    position,
    id: required(tile.attribs['data-docid'], 'product id', page),
    name: cleanText(textOfClassStem(inner, 'tAxDx')),
    url: productUrlOf(href, page),
    price: required(parseAmount(textOfClassStem(inner, 'a8Pemb')), 'card price', page),
    currency: currencyOfLink(href, page),
    seller_name: cleanText(textOfClassStem(inner, 'aULzUe')),
    sellers_count: parseCount(textOfClassStem(inner, 'iXEZD')) ?? 1,
    rating: rating ? parseNumberAttribute(cleanText(rating.text).replace(',', '.')) : null,
    rating_count: parseCount(textOfClassStem(inner, 'QIrs8')),
  };
}

const PRODUCT_STEMS = keepClassStems([
  'sh-t__title',
  'uYNZm',
  'sh-rt__product',
  'HiT7Id',
  'sh-ds__full-txt',
  'sh-dp__spec',
  'sh-dp__spec-name',
  'sh-dp__spec-value',
  'sh-osd__offer-row',
  'b5ycib',
  'sh-osd__seller-rating',
  'QIrs8',
  'sh-osd__offer-title',
  'sh-osd__stock',
  'g9WBQb',
  'drzWO',
  'sh-osd__details',
]);

const keepProductElement = (name: string, attribs: Readonly<Record<string, string>>): boolean =>
  (name === 'link' && attribs.rel?.toLowerCase() === 'canonical') ||
  attribs.id === 'sh-osd__online-sellers-cont' ||
  attribs.id === 'sh-fp__pagination-button-wrapper' ||
  PRODUCT_STEMS(name, attribs);

const STOCK_CODES: Record<string, string> = lookupTable({
  IN_STOCK: 'green',
  LIMITED: 'orange',
  OUT_OF_STOCK: 'red',
});

/** The values of the details block by label (`Brand`, `GTIN`, `MPN`). */
function specsOf(kept: readonly ScannedElement[]): Map<string, string> {
  const specs = new Map<string, string>();
  for (const row of withClassStem(kept, 'sh-dp__spec', 'div')) {
    specs.set(
      cleanText(textOfClassStem(row.inner, 'sh-dp__spec-name')).toLowerCase(),
      cleanText(textOfClassStem(row.inner, 'sh-dp__spec-value')),
    );
  }
  return specs;
}

/** A product page as content, and whether the page lists fewer sellers than there are. */
export function parseProduct(page: FetchedPage): { content: Record<string, unknown>; partial: boolean } {
  assertCompletePage(page);
  const kept = scanElements(skippablePieces(page), keepProductElement);
  const table = kept.find((element) => element.attribs.id === 'sh-osd__online-sellers-cont');
  if (table === undefined) throw new PageParseError(`no sellers table on ${page.url}`);
  const canonical = kept.find((element) => element.name === 'link')?.attribs.href;
  const url = canonical ? absoluteUrl(canonical, page) : productUrlOf(page.url, page);
  const id = required(/\/shopping\/product\/(\d+)/.exec(url)?.[1], 'product id', page);
  const offers = withClassStem(table.inner, 'sh-osd__offer-row', 'tr').map((row, index) =>
    readOffer(row, index + 1, page),
  );
  const more = kept.find((element) => element.attribs.id === 'sh-fp__pagination-button-wrapper');
  // The button says how many more stores there are ("1 more seller").
  const hidden = parseCount(more?.text);
  const specs = specsOf(kept);
  const ratingBlock = insideAll(withClassStem(kept, 'sh-rt__product'));
  const content = {
    product_id: id,
    id,
    name: cleanText(textOfClassStem(kept, 'sh-t__title')),
    description: cleanText(textOfClassStem(kept, 'sh-ds__full-txt')),
    url,
    brand: specs.get('brand') || null,
    gtin: specs.get('gtin') || null,
    mpn: specs.get('mpn') || null,
    rating: parseNumberAttribute(cleanText(textOfClassStem(ratingBlock, 'uYNZm')).replace(',', '.')),
    rating_count: parseCount(textOfClassStem(ratingBlock, 'HiT7Id')),
    ...summarizePrices(offers),
    sellers_total: offers.length + (hidden ?? 0),
    offers_count: offers.length,
    offers,
  };
  return { content, partial: more !== undefined };
}

/** The landing page behind Google's `/url?q=<landing page>` redirect. */
function landingOf(href: string | undefined, page: FetchedPage): string {
  const target = href === undefined ? null : new URL(href, page.url).searchParams.get('q');
  return required(target ?? undefined, 'offer landing page', page);
}

function readOffer(row: ScannedElement, position: number, page: FetchedPage): Record<string, unknown> {
  const inner = row.inner;
  const merchant = required(firstWithClassStem(inner, 'b5ycib', 'a'), 'merchant link', page);
  // The merchant link's text ends with the screen-reader note "Opens in a new window".
  const sellerName = cleanText(merchant.text.replace(/Opens in a new window\s*$/u, ''));
  const details = required(
    firstWithClassStem(inner, 'sh-osd__details', 'a')?.attribs.href,
    'offer link',
    page,
  );
  const offerId = required(/eto:(\d+)_/.exec(decodeURIComponent(details))?.[1], 'offer id', page);
  const price = required(parseAmount(textOfClassStem(inner, 'g9WBQb')), 'item price', page);
  const total = required(parseAmount(textOfClassStem(inner, 'drzWO')), 'total price', page);
  const rating = insideAll(withClassStem(inner, 'sh-osd__seller-rating'));
  const stock = firstWithClassStem(inner, 'sh-osd__stock')?.attribs['data-stock'];
  return {
    position,
    id: offerId,
    seller_name: sellerName,
    description: cleanText(textOfClassStem(inner, 'sh-osd__offer-title')),
    url: landingOf(merchant.attribs.href, page),
    price,
    shipping: Math.round((total - price) * 100) / 100,
    total,
    currency: currencyOfLink(details, page),
    rating: parseNumberAttribute(cleanText(textOfClassStem(rating, 'QIrs8')).replace(',', '.')),
    rating_count: parseCount(textOfClassStem(rating, 'HiT7Id')),
    availability_code: stock === undefined ? null : (STOCK_CODES[stock] ?? null),
  };
}
