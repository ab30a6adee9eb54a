import { parseHtml, type ParsedPage } from './dom.ts';
import { factsFromLayout, type ShownFacts } from './heuristics.ts';
import { jsonLdOfScripts } from './jsonld.ts';
import { confirmShownPrice } from './layout-price.ts';
import { factsFromMeta } from './meta.ts';
import { factsFromMicrodata } from './microdata.ts';
import { currencySignals, resolveCurrency, type CurrencySignals } from './page-currency.ts';
import { formatPriceDecimal } from './price.ts';
import { choosePrice } from './price-choice.ts';
import { factsFromJsonLd } from './schema-product.ts';
import { factsFromState } from './state.ts';
import { extractStateValues } from './state-blobs.ts';
import { textOf } from './text.ts';
import { cleanCurrency } from './values.ts';
import { emptyProduct, type ExtractedProduct, type LayerFacts, type ProductField } from './types.ts';

/** Options of {@link extractProduct}. */
export interface ExtractOptions {
  /**
   * The page's address: lets the extractor read the product id from it as a last resort, pick
   * the variant it selects, and tell the currency by its domain.
   */
  url?: string;
}

const FIELDS: readonly ProductField[] = ['price', 'currency', 'sku', 'gtin', 'availability', 'name', 'brand'];
/** The fields script state can tell (see `factsFromState`). */
const STATE_FIELDS: readonly ProductField[] = ['price', 'currency', 'sku', 'availability', 'name', 'brand'];

/**
 * Extracts price, currency, SKU, GTIN, availability, name and brand from a product page: its HTML,
 * or the page already parsed with `parseHtml` (the page is parsed once, and every layer reads that
 * one parse).
 *
 * Layers are tried in order of trust: JSON-LD, microdata / RDFa, OpenGraph product meta tags, JSON
 * state embedded for scripts, then layout heuristics (what the page shows near the product
 * title). Each field is taken from the first layer that has it, with two exceptions: a product
 * code the page prints with a label ("Product code: 141677") beats structured ids, which often
 * hold internal or per-variant ids; and a structured price the page does not show as its price
 * gives way to the one it shows (see `choosePrice`). The currency is an ISO 4217 code wherever the
 * page's signals tell one (see `resolveCurrency`). Broken HTML never throws; a field nobody found
 * is null.
 */
export function extractProduct(html: string | ParsedPage, options: ExtractOptions = {}): ExtractedProduct {
  const page = typeof html === 'string' ? safely(() => parseHtml(html)) : html;
  if (page === null) return emptyProduct();
  const title = safely(() => pageTitle(page));
  const url = options.url ?? null;
  const jsonLd = safely(() => factsFromJsonLd(jsonLdOfScripts(page.scripts), title, url));
  const structured = [jsonLd, safely(() => factsFromMicrodata(page)), safely(() => factsFromMeta(page))];
  const fromStructure = mergeLayers(structured);
  // Script state is the costliest layer to read; skip it when it could add nothing.
  const state = STATE_FIELDS.every((f) => fromStructure[f] !== null)
    ? null
    : safely(() => stateFacts(page, fromStructure.name ?? title));
  const shown = safely(() => factsFromLayout(page, mergeLayers([...structured, state]), options.url));
  const price = priceFacts(structured, state, shown);
  const product = mergeLayers([
    { sku: shown?.shownSku ?? null },
    price,
    ...structured,
    state,
    shown?.fallback ?? null,
  ]);
  const declared = [price.currency, ...structured.map((l) => l?.currency), state?.currency];
  return finish(
    product,
    safely(() => currencySignals(page, declared, options.url)),
  );
}

/**
 * The price and its currency: from the structured layers, weighed against what the page shows
 * (see `choosePrice`); else from script state when the page shows the same amount by the product
 * (state also keeps list prices, bundle prices and cents); else what the page shows.
 */
function priceFacts(
  structured: readonly (LayerFacts | null)[],
  state: LayerFacts | null,
  shown: ShownFacts | null,
): LayerFacts {
  const prices = shown?.prices ?? null;
  const fromStructure = safely(() => choosePrice(structured, prices));
  if (fromStructure !== null) return fromStructure;
  const headline = prices?.best ?? null;
  if (state?.price != null && (headline === null || Number(state.price) === Number(headline.decimal))) {
    return { price: state.price, currency: state.currency ?? headline?.currency ?? null };
  }
  return headline === null ? {} : { price: headline.decimal, currency: headline.currency };
}

/** The text of the page's `<title>`, or null. */
function pageTitle(page: ParsedPage): string | null {
  const title = page.elements.find((e) => e.tag === 'title');
  return title === undefined ? null : textOf(title) || null;
}

/**
 * Reads the product from script state. Its price counts only when the page shows that amount
 * (state also holds list prices, cents and other products' prices).
 */
function stateFacts(page: ParsedPage, name: string | null): LayerFacts {
  const facts = factsFromState(extractStateValues(page.scripts), name);
  if (facts.price !== undefined && facts.price !== null) facts.price = confirmShownPrice(page, facts.price);
  return facts;
}

/** Final touches: a plain price string, the currency as an ISO code, and the stock default. */
function finish(product: ExtractedProduct, signals: CurrencySignals | null): ExtractedProduct {
  if (product.price !== null) product.price = formatPriceDecimal(product.price);
  const currency = cleanCurrency(product.currency);
  // A currency matters only with a price; a page that shows one always gets a code when it can.
  product.currency =
    signals === null || (product.price === null && currency === null)
      ? currency
      : resolveCurrency(currency, signals);
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
