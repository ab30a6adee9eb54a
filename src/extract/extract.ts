import { parseHtml } from './dom.ts';
import { extractJsonLd } from './jsonld.ts';
import { factsFromMeta } from './meta.ts';
import { factsFromMicrodata } from './microdata.ts';
import { factsFromLayout } from './heuristics.ts';
import { formatPriceDecimal } from './price.ts';
import { factsFromJsonLd } from './schema-product.ts';
import { emptyProduct, type ExtractedProduct, type LayerFacts, type ProductField } from './types.ts';

/** Options of {@link extractProduct}. */
export interface ExtractOptions {
  /** The page's address; lets the extractor match identifiers in the URL. */
  url?: string;
}

const FIELDS: readonly ProductField[] = ['price', 'currency', 'sku', 'gtin', 'availability', 'name', 'brand'];

/**
 * Extracts price, currency, SKU, GTIN, availability, name and brand from a product page's HTML.
 *
 * Layers are tried in order of trust: JSON-LD (read with a cheap scan before any DOM is built),
 * microdata / RDFa, OpenGraph product meta tags, then layout heuristics. Each field is taken
 * from the first layer that has it. Broken HTML never throws; a field nobody found is null.
 */
export function extractProduct(html: string, options: ExtractOptions = {}): ExtractedProduct {
  const layers: (LayerFacts | null)[] = [safely(() => factsFromJsonLd(extractJsonLd(html)))];
  const page = safely(() => parseHtml(html));
  if (page !== null) {
    layers.push(
      safely(() => factsFromMicrodata(page)),
      safely(() => factsFromMeta(page)),
    );
    const shown = safely(() => factsFromLayout(page, mergeLayers(layers), options.url));
    // A code printed with a label ("Product code: 141677") is what the shop shows as its id;
    // structured `sku` fields often hold an internal or per-variant id instead.
    if (shown !== null) {
      layers.unshift({ sku: shown.shownSku });
      layers.push(shown.fallback);
    }
  }
  const product = mergeLayers(layers);
  if (product.price !== null) product.price = formatPriceDecimal(product.price);
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

/**
 * Runs one layer so that a bug it hits on a strange page costs that layer only, not the page.
 */
function safely<T>(run: () => T): T | null {
  try {
    return run();
  } catch {
    return null;
  }
}
