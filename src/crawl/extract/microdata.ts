import { normalizeAvailability } from './availability.ts';
import { closest, descendants, type HtmlElement, type ParsedPage } from './dom.ts';
import { shortTextOf, textOf } from './text.ts';
import { isDrawnCrossedOut, isNoiseArea } from './layout.ts';
import { findAmounts, parseOfferPrice } from './price.ts';
import { cleanIdentifier, cleanText } from './values.ts';
import type { LayerFacts } from './types.ts';

/** A property found in markup: its name (schema.org local name) and the element carrying it. */
interface PropertyHit {
  name: string;
  element: HtmlElement;
}

/** True when an element starts an item of a product type (microdata `itemtype` or RDFa `typeof`). */
function isProductScope(element: HtmlElement): boolean {
  const type = element.attrs['itemtype'] ?? element.attrs['typeof'] ?? '';
  return /(?:^|[/:#\s])(?:Product|IndividualProduct|ProductModel|ProductGroup|Book|Car|Vehicle)\b/u.test(
    type,
  );
}

/** The schema.org property names an element carries, from `itemprop` or an RDFa `property`. */
function propertyNames(element: HtmlElement): string[] {
  const raw = element.attrs['itemprop'] ?? rdfaProperty(element.attrs['property']);
  if (raw === undefined) return [];
  return raw
    .toLowerCase()
    .split(/\s+/u)
    .map((name) => name.replace(/^.*[/:#]/u, ''));
}

/** RDFa `property` values, except OpenGraph/product meta tags, which the meta layer reads. */
function rdfaProperty(property: string | undefined): string | undefined {
  if (property === undefined || /^(?:og|product|fb|twitter|article|al):/u.test(property)) return undefined;
  return property;
}

/** The value of a property element, following the microdata rules for each tag. */
function propertyValue(element: HtmlElement): string | null {
  const { attrs, tag } = element;
  if (attrs['content'] !== undefined) return cleanText(attrs['content']);
  if (tag === 'meta') return null;
  if (tag === 'link' || tag === 'a' || tag === 'area') return cleanText(attrs['href']);
  if (tag === 'img' || tag === 'source') return cleanText(attrs['src']);
  if (tag === 'data' || tag === 'meter' || tag === 'input') return cleanText(attrs['value']);
  if (tag === 'time' && attrs['datetime'] !== undefined) return cleanText(attrs['datetime']);
  return cleanText(textOf(element));
}

/**
 * Picks the page's main product item: the first product scope that is not nested in another one
 * (related products are usually nested in, or listed after, the main product).
 */
function mainProductScope(page: ParsedPage): HtmlElement | null {
  const scopes = page.elements.filter(isProductScope);
  const outer = scopes.filter((s) => s.parent === null || closest(s.parent, isProductScope) === null);
  // The outer scope that carries the most properties is the product; a header logo item carries few.
  let best: HtmlElement | null = null;
  let bestCount = 0;
  for (const scope of outer.slice(0, 20)) {
    const count = collectProperties(scope).length;
    if (count > bestCount) [best, bestCount] = [scope, count];
  }
  return best;
}

/** True for an element that starts an item (microdata `itemscope`, RDFa `typeof`). */
function isItemScope(element: HtmlElement): boolean {
  return element.attrs['itemscope'] !== undefined || element.attrs['typeof'] !== undefined;
}

/** True for an Offer-like item, whose properties (price, availability) describe its product. */
function isOfferScope(element: HtmlElement): boolean {
  return /Offer|PriceSpecification/u.test(element.attrs['itemtype'] ?? element.attrs['typeof'] ?? '');
}

/**
 * Property elements of a product item: its own and those of its offers, leaving out properties
 * of other nested items (related products, ratings, brand, additional properties).
 */
function collectProperties(scope: HtmlElement): PropertyHit[] {
  const hits: PropertyHit[] = [];
  for (const element of descendants(scope)) {
    const names = propertyNames(element);
    if (names.length === 0) continue;
    let owner = element.parent === null ? null : closest(element.parent, isItemScope);
    while (owner !== null && owner !== scope && isOfferScope(owner)) {
      owner = owner.parent === null ? null : closest(owner.parent, isItemScope);
    }
    if (owner === scope) for (const name of names) hits.push({ name, element });
  }
  return hits;
}

/** Reads the product marked up with microdata or RDFa (schema.org or data-vocabulary.org). */
export function factsFromMicrodata(page: ParsedPage): LayerFacts {
  const scope = mainProductScope(page);
  const facts = scope === null ? {} : factsFromHits(collectProperties(scope));
  // Some shops mark the buy box as a lone Offer outside their Product item.
  if ((facts.price ?? null) === null) {
    const offers = factsFromHits(pageWideOffers(page));
    facts.price = offers.price ?? null;
    facts.currency ??= offers.currency ?? null;
    facts.availability ??= offers.availability ?? null;
  }
  return facts;
}

/** The first value of each property among the hits, in document order. */
function factsFromHits(hits: readonly PropertyHit[]): LayerFacts {
  if (hits.length === 0) return {};
  const first = <T>(names: readonly string[], read: (e: HtmlElement) => T | null): T | null => {
    for (const hit of hits) {
      if (!names.includes(hit.name)) continue;
      const value = read(hit.element);
      if (value !== null) return value;
    }
    return null;
  };
  const brandHit = hits.find((h) => h.name === 'brand' || h.name === 'manufacturer');
  return {
    price: choosePrice(hits),
    currency: first(['pricecurrency', 'currency'], propertyValue),
    availability: first(['availability'], (e) => normalizeAvailability(propertyValue(e) ?? '')),
    sku: first(['sku', 'productid', 'identifier', 'mpn'], (e) => cleanIdentifier(propertyValue(e))),
    gtin: first(['gtin13', 'gtin', 'gtin12', 'gtin14', 'gtin8', 'ean'], (e) =>
      cleanIdentifier(propertyValue(e)),
    ),
    name: first(['name'], propertyValue),
    brand: brandHit === undefined ? null : brandName(brandHit.element),
  };
}

/** Offer properties anywhere on the page, outside carousels of other products. */
function pageWideOffers(page: ParsedPage): PropertyHit[] {
  const hits: PropertyHit[] = [];
  for (const element of page.elements) {
    for (const name of propertyNames(element)) {
      if (OFFER_PROPERTIES.has(name) && !isNoiseArea(element)) hits.push({ name, element });
    }
  }
  return hits;
}

const OFFER_PROPERTIES = new Set(['price', 'pricecurrency', 'availability']);

/** A price property, skipping prices drawn crossed out (old prices some shops mark up too). */
function readPrice(element: HtmlElement): string | null {
  if (isDrawnCrossedOut(element)) return null;
  return parseOfferPrice(propertyValue(element));
}

/**
 * The price among several price properties: the first one whose amount the page also shows as
 * text around it (an offer with visible `17,10` beats a bare `<meta content="18.00">` left over
 * from another offer), else the first one.
 */
function choosePrice(hits: readonly PropertyHit[]): string | null {
  let first: string | null = null;
  for (const hit of hits) {
    if (hit.name !== 'price' && hit.name !== 'lowprice') continue;
    const price = readPrice(hit.element);
    if (price === null) continue;
    first ??= price;
    const container = closest(hit.element, (e) => e !== hit.element && isItemScope(e)) ?? hit.element.parent;
    const shown = container === null ? null : shortTextOf(container, 400);
    if (shown !== null && findAmounts(shown).some((a) => Number(a.decimal) === Number(price))) return price;
  }
  return first;
}

/** A brand given as text or as a nested Brand/Organization item with a name. */
function brandName(element: HtmlElement): string | null {
  if (element.attrs['itemscope'] !== undefined) {
    const nameElement = descendants(element).find((e) => propertyNames(e).includes('name'));
    if (nameElement !== undefined) return propertyValue(nameElement);
  }
  return propertyValue(element);
}
