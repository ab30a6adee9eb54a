import { normalizeAvailability } from './availability.ts';
import { closest, descendants, textOf, type HtmlElement, type ParsedPage } from './dom.ts';
import { isStruckThrough } from './layout.ts';
import { parseStructuredPrice } from './price.ts';
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
export function propertyValue(element: HtmlElement): string | null {
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

/** Property elements inside a scope, leaving out those of nested product items (related products). */
function collectProperties(scope: HtmlElement): PropertyHit[] {
  const hits: PropertyHit[] = [];
  for (const element of descendants(scope)) {
    const names = propertyNames(element);
    if (names.length === 0) continue;
    const owner = closest(element.parent ?? element, isProductScope);
    if (owner !== null && owner !== scope) continue;
    for (const name of names) hits.push({ name, element });
  }
  return hits;
}

/** Reads the product marked up with microdata or RDFa (schema.org or data-vocabulary.org). */
export function factsFromMicrodata(page: ParsedPage): LayerFacts {
  const scope = mainProductScope(page);
  const hits = scope !== null ? collectProperties(scope) : pageWideOffers(page);
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
    price: first(['price', 'lowprice'], readPrice),
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

/** Without a product item, Offer properties anywhere on the page still describe the product. */
function pageWideOffers(page: ParsedPage): PropertyHit[] {
  const hits: PropertyHit[] = [];
  for (const element of page.elements) {
    for (const name of propertyNames(element)) {
      if (['price', 'pricecurrency', 'availability', 'sku', 'productid', 'gtin13'].includes(name)) {
        hits.push({ name, element });
      }
    }
  }
  return hits;
}

/** A price property, skipping struck-through (old) prices that some shops mark up too. */
function readPrice(element: HtmlElement): string | null {
  if (isStruckThrough(element)) return null;
  return parseStructuredPrice(propertyValue(element));
}

/** A brand given as text or as a nested Brand/Organization item with a name. */
function brandName(element: HtmlElement): string | null {
  if (element.attrs['itemscope'] !== undefined) {
    const nameElement = descendants(element).find((e) => propertyNames(e).includes('name'));
    if (nameElement !== undefined) return propertyValue(nameElement);
  }
  return propertyValue(element);
}
