/**
 * eBay's search card of 2025 on (`li.s-card`, G34: source_04), as the fixture page of ebay.com
 * shows it: the listing id in `data-listingid`, the title in `.s-card__title`, the price in
 * `.s-card__price`, delivery, bids and the seller line as `.s-card__attribute-row` texts. The card
 * is read from the elements the search page's scan kept (`source-04.parse.ts`).
 */
import type { FetchedPage } from '../../vocabulary/crawl.types.ts';
import { conditionOf } from '../../parse/condition.ts';
import { absoluteUrl, required } from '../../parse/page.ts';
import { firstWithClass, insideAll, withClass, type ScannedElement } from '../../parse/scan.ts';
import { cleanText, parseAmount, totalOf } from '../../parse/values.ts';

/** One listing as a search card, an item page or a catalogue product page shows it. */
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

/** The catalogue product a listing belongs to, as the page identifies it. */
export interface ProductIdentity {
  epid: string | null;
  name: string;
  url: string;
  gtin: string | null;
  brand: string | null;
  mpn: string | null;
}

const ITEM_LINK = /\/itm\/(?:[^/?#]*\/)?(\d{6,})(?:[/?#]|$)/u;
const BIDS = /^(\d+)\s+(?:bids?|Gebote?|enchères?|offerte?|pujas?)\b/iu;
const DELIVERY = /delivery|shipping|postage|Versand|Lieferung|livraison|spedizione|consegna|envío/iu;
const FREE = /free|kostenlos|gratuit|gratis/iu;
/** `cf3r  99.6% positive (4.5K)`, or the name and the rest in two spans. */
const SELLER_LINE = /^(.*?)\s*([\d.,]+)\s?%\s*(?:positive|positiv\w*)\s*\(([\d.,]+)(K?)\)/iu;

/** The classes a search page's scan keeps for the cards of this layout. */
export const CARD_CLASSES = [
  's-card',
  's-card__link',
  's-card__title',
  's-card__price',
  's-card__subtitle',
  's-card__time-end',
  's-card__attribute-row',
  'su-card-container__attributes__primary',
  'su-card-container__attributes__secondary',
] as const;

/** The `.s-card__attribute-row` elements inside a card's `container` block, once each, in order. */
function rowsIn(inner: readonly ScannedElement[], container: string): ScannedElement[] {
  return withClass(insideAll(withClass(inner, container)), 's-card__attribute-row');
}

function rowsOf(card: ScannedElement): string[] {
  return rowsIn(card.inner, 'su-card-container__attributes__primary').map((row) => cleanText(row.text));
}

function shippingOf(rows: readonly string[]): number {
  const row = rows.find((text) => DELIVERY.test(text));
  if (row === undefined || FREE.test(row)) return 0;
  return parseAmount(row) ?? 0;
}

function sellerOf(card: ScannedElement): { name: string; rating: number | null; count: number | null } {
  const line = cleanText(rowsIn(card.inner, 'su-card-container__attributes__secondary')[0]?.text);
  const match = SELLER_LINE.exec(line);
  if (!match) return { name: line, rating: null, count: null };
  const count = Number((match[3] ?? '').replace(',', ''));
  return {
    name: cleanText(match[1]),
    rating: Number((match[2] ?? '').replace(',', '.')),
    count: match[4] === 'K' ? Math.round(count * 1000) : count,
  };
}

/** The listing's link without eBay's tracking parameters, and the catalogue product it names. */
function linkOf(href: string | undefined, page: FetchedPage): { url: string; epid: string | null } {
  if (!href) return { url: page.url, epid: null };
  const url = new URL(absoluteUrl(href, page));
  const epid = url.searchParams.get('epid');
  return { url: url.origin + url.pathname, epid: epid !== null && /^\d+$/u.test(epid) ? epid : null };
}

/**
 * Reads one `li.s-card` of a search page. eBay writes an auction's end as a local clock time
 * only, so `ends_at` is read where a `<time datetime>` carries the instant (the sandbox) and is
 * null otherwise.
 */
export function readCard(card: ScannedElement, page: FetchedPage, currency: string): Listing {
  const inner = card.inner;
  const href = firstWithClass(inner, 's-card__link', 'a')?.attribs.href;
  const link = linkOf(href, page);
  const title = firstWithClass(inner, 's-card__title');
  const price = required(parseAmount(firstWithClass(inner, 's-card__price')?.text), 'listing price', page);
  const rows = rowsOf(card);
  const shipping = shippingOf(rows);
  const bids = rows.map((text) => BIDS.exec(text)?.[1]).find((count) => count !== undefined);
  const seller = sellerOf(card);
  return {
    item_id: required(card.attribs['data-listingid'] ?? ITEM_LINK.exec(href ?? '')?.[1], 'listing id', page),
    epid: link.epid,
    title: cleanText(title?.shownText ?? title?.text),
    url: link.url,
    price,
    shipping,
    total: totalOf(price, shipping),
    currency,
    condition: conditionOf(cleanText(firstSpanIn(inner, 's-card__subtitle')?.text)),
    listing_type: bids === undefined ? 'fixed_price' : 'auction',
    bids: bids === undefined ? null : Number(bids),
    ends_at: firstTimeIn(inner, 's-card__time-end')?.attribs.datetime ?? null,
    seller_name: seller.name,
    seller_rating: seller.rating,
    seller_rating_count: seller.count,
  };
}

/** The first `span` inside an element of class `container` (`.container span`). */
function firstSpanIn(inner: readonly ScannedElement[], container: string): ScannedElement | undefined {
  return insideAll(withClass(inner, container)).find((element) => element.name === 'span');
}

/** The first `time` inside an element of class `container` (`.container time`). */
export function firstTimeIn(inner: readonly ScannedElement[], container: string): ScannedElement | undefined {
  return insideAll(withClass(inner, container)).find((element) => element.name === 'time');
}
