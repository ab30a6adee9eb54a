/**
 * A product page of any shop read into `web` content (decisions G35), with the generic extractor
 * (src/crawl/extract/, docs/extraction.md): one parse of the page feeds every field. Pure and
 * synchronous, so a compute thread may run it.
 */
import { extractProduct } from '../../extract/extract.ts';
import { isIsoCurrency } from '../../extract/currency.ts';
import type { ExtractedProduct } from '../../extract/types.ts';
import { lookupTable } from '../../../platform/lib/lookup.ts';

/** What the parser gets: the page as finally fetched (after redirects) and its body. */
export interface WebPageInput {
  url: string;
  body: string;
}

/** Availability as `web` content reports it. */
export type WebAvailability = 'in_stock' | 'limited' | 'out_of_stock';

const AVAILABILITY: Readonly<Record<string, WebAvailability>> = lookupTable({
  InStock: 'in_stock',
  OutOfStock: 'out_of_stock',
});

function amountOf(price: string | null): number | null {
  if (price === null) return null;
  const amount = Number(price);
  return Number.isFinite(amount) && amount >= 0 ? amount : null;
}

/**
 * A product page shows a price or names the product by a code; a page with neither (a home page,
 * a category, an article) is not one, whatever its title says.
 */
function isProductPage(product: ExtractedProduct): boolean {
  return product.price !== null || product.sku !== null || product.gtin !== null;
}

/**
 * The content of a product page, or null when the page is not one (the value's `not found`).
 * The currency is always an ISO 4217 code or null: the extractor reads the page's own signals
 * first, then its domain and language (`resolveCurrency`).
 */
export function readWebPage(input: WebPageInput): Record<string, unknown> | null {
  const product = extractProduct(input.body, { url: input.url });
  if (!isProductPage(product)) return null;
  const price = amountOf(product.price);
  const currency = product.currency !== null && isIsoCurrency(product.currency) ? product.currency : null;
  const availability = product.availability === null ? null : (AVAILABILITY[product.availability] ?? null);
  const offers =
    price === null
      ? []
      : [
          {
            position: 1,
            price,
            currency,
            shipping: null,
            // No shipping is known from a product page alone: the total is the price.
            total: price,
            seller_name: new URL(input.url).hostname,
            availability_code: availability,
          },
        ];
  return {
    url: input.url,
    name: product.name,
    brand_name: product.brand,
    product_id: product.sku,
    gtin: product.gtin,
    price,
    currency,
    availability,
    offers,
    offers_count: offers.length,
    price_min: price,
    price_max: price,
    price_avg: price,
  };
}
