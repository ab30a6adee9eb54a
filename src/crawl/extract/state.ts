import { availabilityFromFlag, type Availability } from './availability.ts';
import { isJsonObject, type JsonObject } from './jsonld.ts';
import { parseOfferPrice } from './price.ts';
import type { LayerFacts } from './types.ts';
import { cleanIdentifier, cleanText, wordTokens } from './values.ts';

/** Keys under which script state keeps the price a shopper pays. */
const PRICE_KEYS = [
  'price', 'salePrice', 'sale_price', 'currentPrice', 'current_price', 'finalPrice', 'final_price',
  'sellingPrice', 'selling_price', 'offerPrice', 'priceValue', 'price_value', 'priceAmount', 'productPrice',
]; // prettier-ignore

/** Keys of a price object (`"price": {"value": 12.5, "currency": "EUR"}`) that hold the amount. */
const AMOUNT_KEYS = ['value', 'amount', 'current', 'final', 'sale', 'selling', 'price', 'raw', 'centAmount'];
const NAME_KEYS = ['name', 'title', 'productName', 'product_name', 'item_name', 'displayName'];
const SKU_KEYS = ['sku', 'productSku', 'product_sku', 'articleNumber', 'productCode', 'product_code'];
const CURRENCY_KEYS = ['currency', 'currencyCode', 'priceCurrency', 'currency_code'];
const AVAILABILITY_KEYS = [
  'availability',
  'inStock',
  'isInStock',
  'in_stock',
  'available',
  'isAvailable',
  'stockStatus',
];

/** Limits of the walk through script state, which can hold tens of thousands of objects. */
const MAX_DEPTH = 14;
const MAX_OBJECTS = 60_000;

/** A product-looking object found in state, with how well it matches the page's product. */
interface StateCandidate {
  facts: LayerFacts;
  score: number;
}

/** The first of several keys that an object has with a usable value. */
function firstKey(object: JsonObject, keys: readonly string[]): unknown {
  for (const key of keys) {
    const value = object[key];
    if (value !== undefined && value !== null && value !== '') return value;
  }
  return undefined;
}

/** Reads an amount written as a number, a string, or an object holding one of those. */
function amountOf(value: unknown, depth = 0): string | null {
  if (isJsonObject(value) && depth < 2) return amountOf(firstKey(value, AMOUNT_KEYS), depth + 1);
  const decimal = parseOfferPrice(value);
  return decimal !== null && Number(decimal) > 0 ? decimal : null;
}

/** Reads one object as a product candidate, or null when it has no price or nothing to tie it to the page. */
function candidateOf(object: JsonObject, wanted: Set<string>): StateCandidate | null {
  const price = amountOf(firstKey(object, PRICE_KEYS));
  if (price === null) return null;
  const name = cleanText(firstKey(object, NAME_KEYS));
  const sku = cleanIdentifier(firstKey(object, SKU_KEYS));
  const nameTokens = wordTokens(name ?? '');
  let overlap = 0;
  for (const token of nameTokens) if (wanted.has(token)) overlap++;
  // Unless most of its name is the product's, the object may be any product on the page (a
  // recommendation sharing the word "black", the cart).
  if (overlap === 0 || overlap < nameTokens.size / 2) return null;
  const rawPrice = object['price'];
  const currency =
    cleanText(firstKey(object, CURRENCY_KEYS)) ??
    (isJsonObject(rawPrice) ? cleanText(firstKey(rawPrice, CURRENCY_KEYS)) : null);
  const availability: Availability | null = availabilityFromFlag(firstKey(object, AVAILABILITY_KEYS));
  const brand = object['brand'];
  const facts: LayerFacts = {
    price,
    currency,
    sku,
    availability,
    name,
    brand: isJsonObject(brand) ? cleanText(brand['name']) : cleanText(brand),
  };
  const score = Math.min(overlap, 6) + (sku !== null ? 1 : 0) + (currency !== null ? 1 : 0);
  return { facts, score };
}

/**
 * Finds the page's product in script state: the object with a price whose name shares most words
 * with the product name known so far (or the page title). Returns empty facts when none matches.
 */
export function factsFromState(values: readonly unknown[], productName: string | null): LayerFacts {
  const wanted = wordTokens(productName ?? '');
  if (wanted.size === 0) return {};
  let best: StateCandidate | null = null;
  let visited = 0;
  const visit = (value: unknown, depth: number): void => {
    if (depth > MAX_DEPTH || visited > MAX_OBJECTS) return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1);
      return;
    }
    if (!isJsonObject(value)) return;
    visited++;
    const candidate = candidateOf(value, wanted);
    if (candidate !== null && (best === null || candidate.score > best.score)) best = candidate;
    for (const child of Object.values(value)) if (typeof child === 'object') visit(child, depth + 1);
  };
  for (const value of values) visit(value, 0);
  return (best as StateCandidate | null)?.facts ?? {};
}
