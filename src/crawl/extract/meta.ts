import { normalizeAvailability } from './availability.ts';
import type { ParsedPage } from './dom.ts';
import { parseOfferPrice } from './price.ts';
import { cleanIdentifier, cleanText } from './values.ts';
import type { LayerFacts } from './types.ts';

/** `<meta property|name="...">` values of a page, keyed by lowercased property name (first one wins). */
function metaTags(page: ParsedPage): Map<string, string> {
  const tags = new Map<string, string>();
  for (const element of page.elements) {
    if (element.tag !== 'meta') continue;
    const key = (element.attrs['property'] ?? element.attrs['name'])?.toLowerCase().trim();
    const content = cleanText(element.attrs['content']);
    if (key !== undefined && content !== null && !tags.has(key)) tags.set(key, content);
  }
  return tags;
}

/** Returns the first of several meta tags that is present. */
function firstTag(tags: Map<string, string>, keys: readonly string[]): string | null {
  for (const key of keys) {
    const value = tags.get(key);
    if (value !== undefined) return value;
  }
  return null;
}

/** Meta tags that carry the price; a sale price wins over the regular one. */
const PRICE_TAGS = [
  'product:sale_price:amount',
  'product:price:amount',
  'og:price:amount',
  'product:price',
  'og:price',
];

/** Twitter product cards pair `twitter:labelN` ("Price") with `twitter:dataN` ("$60"). */
function twitterCardValue(tags: Map<string, string>, label: RegExp): string | null {
  for (let n = 1; n <= 4; n++) {
    if (label.test(tags.get(`twitter:label${n}`) ?? '')) return tags.get(`twitter:data${n}`) ?? null;
  }
  return null;
}

/**
 * Reads OpenGraph and Facebook product meta tags (`product:price:amount`, `og:price:amount`,
 * `product:availability`, `product:retailer_item_id`, ...). A sale price wins over the regular one.
 */
export function factsFromMeta(page: ParsedPage): LayerFacts {
  const tags = metaTags(page);
  const price = firstTag(tags, PRICE_TAGS) ?? twitterCardValue(tags, /price|prix|preis|precio|prezzo|cena/iu);
  const availability = firstTag(tags, ['product:availability', 'og:availability']);
  return {
    price: price === null ? null : parseOfferPrice(price),
    currency: firstTag(tags, ['product:sale_price:currency', 'product:price:currency', 'og:price:currency']),
    availability: availability === null ? null : normalizeAvailability(availability),
    sku: cleanIdentifier(
      firstTag(tags, ['product:retailer_item_id', 'product:sku', 'product:retailer_part_no']),
    ),
    gtin: cleanIdentifier(firstTag(tags, ['product:ean', 'product:gtin', 'product:upc'])),
    name: firstTag(tags, ['og:title', 'twitter:title']),
    brand: firstTag(tags, ['product:brand', 'og:brand']),
  };
}
