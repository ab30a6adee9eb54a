import { parseHtml, textOf, type ParsedPage } from './dom.ts';
import { factsFromLayout } from './heuristics.ts';
import { extractJsonLd } from './jsonld.ts';
import { confirmShownPrice } from './layout-price.ts';
import { factsFromMeta } from './meta.ts';
import { factsFromMicrodata } from './microdata.ts';
import { formatPriceDecimal } from './price.ts';
import { factsFromJsonLd } from './schema-product.ts';
import { factsFromState } from './state.ts';
import { extractStateValues } from './state-blobs.ts';
import { cleanCurrency } from './values.ts';
import { emptyProduct, type ExtractedProduct, type LayerFacts, type ProductField } from './types.ts';

/** Options of {@link extractProduct}. */
export interface ExtractOptions {
  /** The page's address; lets the extractor read the product id from it as a last resort. */
  url?: string;
}

const FIELDS: readonly ProductField[] = ['price', 'currency', 'sku', 'gtin', 'availability', 'name', 'brand'];
/** The fields script state can tell (see `factsFromState`). */
const STATE_FIELDS: readonly ProductField[] = ['price', 'currency', 'sku', 'availability', 'name', 'brand'];

/**
 * Extracts price, currency, SKU, GTIN, availability, name and brand from a product page's HTML.
 *
 * Layers are tried in order of trust: JSON-LD (read with a cheap scan before any DOM is built),
 * microdata / RDFa, OpenGraph product meta tags, JSON state embedded for scripts, then layout
 * heuristics (what the page shows near the product title). Each field is taken from the first
 * layer that has it, with one exception: a product code the page prints with a label ("Product
 * code: 141677") beats structured ids, which often hold internal or per-variant ids.
 * Broken HTML never throws; a field nobody found is null.
 */
export function extractProduct(html: string, options: ExtractOptions = {}): ExtractedProduct {
  const jsonLd = safely(() => factsFromJsonLd(extractJsonLd(html), titleOf(html), options.url ?? null));
  const page = safely(() => parseHtml(html));
  if (page === null) return finish(mergeLayers([jsonLd]));
  const structured = [jsonLd, safely(() => factsFromMicrodata(page)), safely(() => factsFromMeta(page))];
  const fromStructure = mergeLayers(structured);
  // Script state is the costliest layer to read; skip it when it could add nothing.
  const state = STATE_FIELDS.every((f) => fromStructure[f] !== null)
    ? null
    : safely(() => stateFacts(page, fromStructure.name));
  // The layout looks for a price whenever structured data has none, even if state has one.
  const known = { ...mergeLayers([...structured, state]), price: fromStructure.price };
  const shown = safely(() => factsFromLayout(page, known, options.url));
  const layoutPrice = shown?.fallback.price ?? null;
  // State keeps list prices, bundle prices and cents next to the price shoppers pay; when it
  // disagrees with the price the page shows by the product, the page wins.
  if (state?.price != null && layoutPrice !== null && Number(state.price) !== Number(layoutPrice)) {
    state.price = null;
  }
  return finish(
    mergeLayers([{ sku: shown?.shownSku ?? null }, ...structured, state, shown?.fallback ?? null]),
  );
}

/** The page's `<title>`, found with a cheap scan like JSON-LD (the DOM is not built yet). */
function titleOf(html: string): string | null {
  const match = /<title[^>]*>([^<]*)<\/title>/iu.exec(html.slice(0, 300_000));
  return match?.[1]?.trim() || null;
}

/**
 * Reads the product from script state. Its price counts only when the page shows that amount
 * (state also holds list prices, cents and other products' prices).
 */
function stateFacts(page: ParsedPage, name: string | null): LayerFacts {
  const title = page.elements.find((e) => e.tag === 'title');
  const facts = factsFromState(extractStateValues(page.scripts), name ?? (title ? textOf(title) : null));
  if (facts.price !== undefined && facts.price !== null) facts.price = confirmShownPrice(page, facts.price);
  return facts;
}

/** Final touches: a plain price string, and the stock default. */
function finish(product: ExtractedProduct): ExtractedProduct {
  if (product.price !== null) product.price = formatPriceDecimal(product.price);
  product.currency = cleanCurrency(product.currency);
  // A product page that says nothing about stock sells the product (the benchmark's convention too).
  if (
    product.availability === null &&
    (product.price !== null || product.name !== null || product.sku !== null)
  ) {
    product.availability = 'InStock';
  }
  return product;
}

/** Takes each field from the first layer that has a value for it. */
function mergeLayers(layers: readonly (LayerFacts | null)[]): ExtractedProduct {
  const product = emptyProduct();
  for (const field of FIELDS) {
    for (const layer of layers) {
      const value = layer?.[field];
      if (value !== undefined && value !== null) {
        (product as Record<ProductField, string | null>)[field] = value;
        break;
      }
    }
  }
  return product;
}

/** Runs one layer so that a bug it hits on a strange page costs that layer only, not the page. */
function safely<T>(run: () => T): T | null {
  try {
    return run();
  } catch {
    return null;
  }
}
