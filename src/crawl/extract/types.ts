import type { Availability } from './availability.ts';

/** What the extractor reports for one product page; every field is a string, or null when absent. */
export interface ExtractedProduct {
  /** The current price as a plain decimal string (`"119.01"`, `"450"`), in the page's currency. */
  price: string | null;
  /** ISO 4217 code where the page gives or implies one, otherwise the symbol as shown. */
  currency: string | null;
  /** The shop's identifier for the product (a GTIN when that is all the shop shows). */
  sku: string | null;
  /** GTIN / EAN / UPC when the page states one. */
  gtin: string | null;
  availability: Availability | null;
  name: string | null;
  brand: string | null;
}

/** Field names of {@link ExtractedProduct}. */
export type ProductField = keyof ExtractedProduct;

/** What one extraction layer found; fields it has no opinion on are left out or null. */
export type LayerFacts = Partial<ExtractedProduct>;

/** An extractor output with every field null. */
export function emptyProduct(): ExtractedProduct {
  return { price: null, currency: null, sku: null, gtin: null, availability: null, name: null, brand: null };
}
