/**
 * Reading spec 2.4 content without trusting its shape: content is source-specific and comes from
 * parsed pages, so every field is checked for its type before it is used.
 */
import { textOf } from './text.ts';

/** A plain object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A finite number, or a numeric string such as `"12.50"`; null otherwise. */
export function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && /^\s*-?\d+(?:\.\d+)?\s*$/u.test(value)) return Number(value);
  return null;
}

/** The first field among `keys` holding text. */
export function firstText(record: Record<string, unknown>, keys: readonly string[]): string | null {
  for (const key of keys) {
    const text = textOf(record[key]);
    if (text !== null) return text;
  }
  return null;
}

/** One offer of `content.offers`, with the fields trust looks at. */
export interface OfferView {
  /** Position in `content.offers`. */
  index: number;
  /** Item price; null when absent or not a number. */
  price: number | null;
  shipping: number | null;
  total: number | null;
  /** Name-like texts of the offer (name, title), used for the product-name check. */
  names: string[];
  /** Every descriptive text of the offer (names, condition, description, category), for keywords. */
  texts: string[];
}

const OFFER_NAME_KEYS = ['name', 'title', 'product_name', 'product_title'] as const;
const OFFER_TEXT_KEYS = ['condition', 'description', 'category', 'subtitle', 'availability_text'] as const;

/** The offers of a content object; an absent or malformed `offers` gives none. */
export function readOffers(content: Record<string, unknown>): OfferView[] {
  const offers = content['offers'];
  if (!Array.isArray(offers)) return [];
  return offers.map((offer: unknown, index) => {
    if (!isRecord(offer)) return { index, price: null, shipping: null, total: null, names: [], texts: [] };
    const names = OFFER_NAME_KEYS.map((key) => textOf(offer[key])).filter((text) => text !== null);
    const others = OFFER_TEXT_KEYS.map((key) => textOf(offer[key])).filter((text) => text !== null);
    return {
      index,
      price: numberOf(offer['price']),
      shipping: numberOf(offer['shipping']),
      total: numberOf(offer['total']),
      names,
      texts: [...names, ...others],
    };
  });
}

/** The price an offer is compared on: its item price, else its total. Shipping varies by seller. */
export function comparablePrice(offer: OfferView): number | null {
  const price = offer.price ?? offer.total;
  return price !== null && price > 0 ? price : null;
}

/** The product name of a content object, whatever the source calls it. */
export function productName(content: Record<string, unknown>): string | null {
  return firstText(content, ['name', 'title', 'product_name', 'product_title']);
}

/**
 * True for a search result list rather than one product: a `term` result whose content has no
 * product name of its own and whose `offers` are cards of different products (source_03 and
 * source_04 keyword results). Such "offers" are not offers of one product: their prices are not
 * comparable, and each card names its own product.
 */
export function isResultList(key: string, content: Record<string, unknown>): boolean {
  return key === 'term' && productName(content) === null && readOffers(content).length > 0;
}
