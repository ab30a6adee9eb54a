/**
 * eBay's search card of 2025 on (`li.s-card`, G34: source_04), as the fixture page of ebay.com
 * shows it: the listing id in `data-listingid`, the title in `.s-card__title`, the price in
 * `.s-card__price`, delivery, bids and the seller line as `.s-card__attribute-row` texts.
 */
import type { FetchedPage } from '../../../src/crawl/vocabulary/crawl.types.ts';
import { conditionOf } from '../../../src/crawl/parse/condition.ts';
import { absoluteUrl, required, type Selection } from '../../../src/crawl/parse/page.ts';
import { cleanText, parseAmount, totalOf } from '../../../src/crawl/parse/values.ts';

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

function rowsOf(card: Selection): string[] {
  return card
    .find('.su-card-container__attributes__primary .s-card__attribute-row')
    .toArray()
    .map((row) => cleanText(card.find(row).text()));
}

function shippingOf(rows: readonly string[]): number {
  const row = rows.find((text) => DELIVERY.test(text));
  if (row === undefined || FREE.test(row)) return 0;
  return parseAmount(row) ?? 0;
}

function sellerOf(card: Selection): { name: string; rating: number | null; count: number | null } {
  const line = cleanText(
    card.find('.su-card-container__attributes__secondary .s-card__attribute-row').first().text(),
  );
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
export function readCard(card: Selection, page: FetchedPage, currency: string): Listing {
  const href = card.find('a.s-card__link').first().attr('href');
  const link = linkOf(href, page);
  const title = card.find('.s-card__title').first().clone();
  title.find('.clipped, .s-card__new-listing').remove();
  const price = required(parseAmount(card.find('.s-card__price').first().text()), 'listing price', page);
  const rows = rowsOf(card);
  const shipping = shippingOf(rows);
  const bids = rows.map((text) => BIDS.exec(text)?.[1]).find((count) => count !== undefined);
  const seller = sellerOf(card);
  return {
    item_id: required(card.attr('data-listingid') ?? ITEM_LINK.exec(href ?? '')?.[1], 'listing id', page),
    epid: link.epid,
    title: cleanText(title.text()),
    url: link.url,
    price,
    shipping,
    total: totalOf(price, shipping),
    currency,
    condition: conditionOf(cleanText(card.find('.s-card__subtitle span').first().text())),
    listing_type: bids === undefined ? 'fixed_price' : 'auction',
    bids: bids === undefined ? null : Number(bids),
    ends_at: card.find('.s-card__time-end time').attr('datetime') ?? null,
    seller_name: seller.name,
    seller_rating: seller.rating,
    seller_rating_count: seller.count,
  };
}
