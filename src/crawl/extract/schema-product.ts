import { normalizeAvailability, type Availability } from './availability.ts';
import { findProductNodes, isJsonObject, typesOf, type JsonObject } from './jsonld.ts';
import { parseOfferPrice } from './price.ts';
import { cleanIdentifier, cleanText, sharedTokens, wordTokens } from './values.ts';
import type { LayerFacts } from './types.ts';

/** One offer reduced to what we report. */
interface OfferFacts {
  price: string | null;
  currency: string | null;
  availability: Availability | null;
  sku: string | null;
  /** The offer's own address (variant pages often carry `?variant=…`). */
  url: string | null;
}

/**
 * Reads the page's product from JSON-LD nodes (see {@link extractJsonLd}); `pageTitle` helps
 * tell the product from related products listed beside it.
 *
 * Shops that list one Product per size or colour (all with the same name) are read as one product
 * that is in stock when any variant is. The price is that of the first in-stock offer, else the
 * first offer with a price; an AggregateOffer gives its `price`, else its `lowPrice`.
 */
export function factsFromJsonLd(
  nodes: readonly unknown[],
  pageTitle: string | null = null,
  pageUrl: string | null = null,
): LayerFacts {
  const products = findProductNodes(nodes);
  const main = mainProduct(products, pageTitle);
  if (main === undefined) return factsFromOfferHolder(nodes);
  const name = cleanText(main['name']);
  const variants = products.filter((p) => p === main || (name !== null && cleanText(p['name']) === name));
  const offers = variants.flatMap((p) => offersOf(p));
  const chosen = offerOfPage(offers, pageUrl) ?? chooseOffer(offers);
  return {
    price: chosen?.price ?? null,
    currency: chosen?.currency ?? null,
    availability: combinedAvailability(offers),
    sku: identifierOf(main) ?? chosen?.sku ?? null,
    gtin: gtinOf(main),
    name,
    brand: brandOf(main['brand']) ?? brandOf(main['manufacturer']),
  };
}

/**
 * The page's own product among the product nodes: one with a priced offer, and when products
 * of different names are listed (related products), the one named most like the page title.
 */
function mainProduct(products: readonly JsonObject[], pageTitle: string | null): JsonObject | undefined {
  const priced = products.filter((p) => offersOf(p).some((o) => o.price !== null));
  const pool = priced.length > 0 ? priced : products;
  const names = new Set(pool.map((p) => cleanText(p['name'])));
  if (names.size <= 1 || pageTitle === null) return pool[0];
  const wanted = wordTokens(pageTitle);
  let best = pool[0];
  let bestShared = -1;
  for (const product of pool) {
    const shared = sharedTokens(cleanText(product['name']) ?? '', wanted);
    if (shared > bestShared) [best, bestShared] = [product, shared];
  }
  return best;
}

/** Without a Product node, an Event or Service with offers still tells a price (tickets, services). */
function factsFromOfferHolder(nodes: readonly unknown[]): LayerFacts {
  const holder = nodes.find((n): n is JsonObject => isJsonObject(n) && n['offers'] !== undefined);
  if (holder === undefined) return {};
  const offers = offersOf(holder);
  const chosen = chooseOffer(offers);
  return {
    price: chosen?.price ?? null,
    currency: chosen?.currency ?? null,
    availability: combinedAvailability(offers),
    name: cleanText(holder['name']),
  };
}

/**
 * The offer of the variant the page's address selects, when one does: an offer whose own `url`
 * is the page's address, or whose SKU is the value of a query parameter (`?variant=4711`). A
 * page opened on one size or colour shows that variant's price, which need not be the first.
 */
function offerOfPage(offers: readonly OfferFacts[], pageUrl: string | null): OfferFacts | undefined {
  const page = pageUrl === null ? null : parseUrl(pageUrl);
  if (page === null || offers.length < 2) return undefined;
  const priced = offers.filter((o) => o.price !== null);
  const byUrl = priced.find((o) => o.url !== null && sameAddress(parseUrl(o.url, page), page));
  if (byUrl !== undefined) return byUrl;
  const queryValues = new Set([...page.searchParams.values()].filter((v) => v !== ''));
  return priced.find((o) => o.sku !== null && queryValues.has(o.sku));
}

/** A URL, resolved against a base when relative; null when it cannot be read. */
function parseUrl(text: string, base?: URL): URL | null {
  try {
    return new URL(text, base);
  } catch {
    return null;
  }
}

/** Same path and query (a trailing slash, the fragment and the host's `www.` aside), with a query. */
function sameAddress(a: URL | null, b: URL): boolean {
  if (a === null || a.search === '') return false;
  const key = (u: URL): string =>
    `${u.hostname.replace(/^www\./u, '')}${u.pathname.replace(/\/$/u, '')}?${[...u.searchParams].sort().join('&')}`;
  return key(a) === key(b);
}

/** The first in-stock offer with a price, else the first with a price, else the first. */
function chooseOffer(offers: readonly OfferFacts[]): OfferFacts | undefined {
  const priced = offers.filter((o) => o.price !== null);
  return priced.find((o) => o.availability === 'InStock') ?? priced[0] ?? offers[0];
}

/** In stock when any offer is; out of stock only when offers say so and none is in stock. */
function combinedAvailability(offers: readonly { availability: Availability | null }[]): Availability | null {
  if (offers.some((o) => o.availability === 'InStock')) return 'InStock';
  if (offers.some((o) => o.availability === 'OutOfStock')) return 'OutOfStock';
  return null;
}

/** Every offer of a product: plain offers, offer lists, AggregateOffers and their inner offers, variants. */
function offersOf(holder: JsonObject): OfferFacts[] {
  const out: OfferFacts[] = [];
  const visit = (value: unknown, depth: number): void => {
    if (depth > 4) return;
    if (Array.isArray(value)) return value.forEach((v) => visit(v, depth + 1));
    if (!isJsonObject(value)) return;
    const isAggregate = typesOf(value).includes('aggregateoffer');
    const own = readOffer(value, isAggregate);
    if (own.price !== null || own.availability !== null || value['offers'] === undefined) out.push(own);
    if (value['offers'] !== undefined) visit(value['offers'], depth + 1);
  };
  visit(holder['offers'], 0);
  const variants = holder['hasVariant'];
  if (Array.isArray(variants)) for (const v of variants) if (isJsonObject(v)) out.push(...offersOf(v));
  return out;
}

/** Reads one Offer (or AggregateOffer) node, including a nested priceSpecification. */
function readOffer(offer: JsonObject, isAggregate: boolean): OfferFacts {
  const spec = currentSpecification(offer['priceSpecification']);
  const rawPrice = offer['price'] ?? spec?.['price'] ?? (isAggregate ? offer['lowPrice'] : undefined);
  const availability = offer['availability'];
  return {
    price: parseOfferPrice(rawPrice),
    currency: cleanText(offer['priceCurrency'] ?? spec?.['priceCurrency']),
    availability: typeof availability === 'string' ? normalizeAvailability(availability) : null,
    sku: cleanIdentifier(offer['sku']),
    url: typeof offer['url'] === 'string' ? offer['url'] : null,
  };
}

/**
 * The price specification of the price to pay: shops list the list price or the strike-through
 * price as specifications too (`priceType: ListPrice`), next to the one that applies.
 */
function currentSpecification(value: unknown): JsonObject | undefined {
  const specs = (Array.isArray(value) ? value : [value]).filter(isJsonObject);
  const isReference = (spec: JsonObject): boolean =>
    /ListPrice|Strikethrough|SRP|MSRP|InvoicePrice|MinimumAdvertised/iu.test(String(spec['priceType'] ?? ''));
  return specs.find((spec) => !isReference(spec)) ?? specs[0];
}

/** The product's own identifier: `sku`, else `productID`, else a GTIN, else `mpn`. */
function identifierOf(product: JsonObject): string | null {
  for (const key of ['sku', 'productID', 'productId']) {
    const id = cleanIdentifier(product[key]);
    if (id !== null) return id;
  }
  return gtinOf(product) ?? cleanIdentifier(product['mpn']);
}

/** The first GTIN-like property of a product. */
function gtinOf(product: JsonObject): string | null {
  for (const key of ['gtin13', 'gtin', 'gtin12', 'gtin14', 'gtin8', 'ean', 'isbn']) {
    const raw = cleanIdentifier(product[key]);
    const digits = raw?.replace(/\D/gu, '') ?? '';
    if (digits.length >= 8 && !/^0+$/u.test(digits)) return digits;
  }
  return null;
}

/** Brand written as a string, a Brand/Organization object, or a list of either. */
function brandOf(value: unknown): string | null {
  if (Array.isArray(value)) return brandOf(value[0]);
  if (isJsonObject(value)) return cleanText(value['name']);
  return cleanText(value);
}
