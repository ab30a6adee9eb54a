/**
 * The drivers' answer to markup drift, written once for every source: when a driver's parser does
 * not understand a whole product page, the generic extractor (`src/crawl/extract/`, the one behind
 * `npx pricecrawl extract`) reads what it can — name, price, currency, availability, GTIN — and the
 * driver returns that, marked `extracted_by: "generic_extractor"` so trust discounts it, and reports
 * it to the context, which relabels the fetch `…_fallback_extract`, logs and counts it.
 */
import { extractProduct } from '../../extract/index.ts';
import { PageParseError } from '../../vocabulary/crawl.errors.ts';
import type { CrawlContext, FetchedPage } from '../../vocabulary/crawl.types.ts';
import { assertCompletePage } from '../../parse/page.ts';
import { gs1CheckDigitValid } from '../sources.validators.ts';

/** `content.extracted_by` of a result the generic extractor built. */
export const FALLBACK_EXTRACTOR = 'generic_extractor';

/** What `parseOrExtract` answers: the driver's own reading, or the extractor's content. */
export type ParsedOrExtracted<T> = { parsed: T } | { extracted: Record<string, unknown> };

/**
 * The content the generic extractor makes of a page, or undefined when it is not a whole page
 * (truncated, a block page) or the extractor finds no product name and price on it. `identity`
 * holds the ids the driver already knows (`product_id`, and `id` where a source reports it).
 */
export function extractedContent(
  page: FetchedPage,
  identity: Record<string, string>,
): Record<string, unknown> | undefined {
  try {
    assertCompletePage(page);
  } catch {
    return undefined;
  }
  const product = extractProduct(page.body, { url: page.url });
  const price = product.price === null ? Number.NaN : Number(product.price);
  if (product.name === null || !(price > 0)) return undefined;
  const canonical = /<link[^>]+rel="canonical"[^>]+href="([^"]+)"/i.exec(page.body)?.[1];
  return {
    ...identity,
    name: product.name,
    url: canonical ?? page.url,
    brand_name: product.brand,
    gtin: product.gtin ?? shownGtin(page.body),
    price_min: price,
    price_max: price,
    price_avg: price,
    currency: product.currency,
    availability: product.availability === 'OutOfStock' ? 'out_of_stock' : 'in_stock',
    extracted_by: FALLBACK_EXTRACTOR,
  };
}

/** A GTIN the page prints with its label (`EAN: 4006381333931`, `UPC 012345678905`), check digit valid. */
const LABELLED_GTIN = /\b(?:EAN|GTIN|UPC|JAN)(?:-?(?:8|12|13|14))?\s*[:#]?\s*(\d{8,14})\b/giu;

/**
 * The GTIN a page shows as labelled text. The generic extractor reads GTINs from structured data;
 * after a redesign that dropped it, the label is what remains.
 */
export function shownGtin(html: string): string | null {
  for (const match of html.matchAll(LABELLED_GTIN)) {
    const digits = match[1] ?? '';
    if ([8, 12, 13, 14].includes(digits.length) && gs1CheckDigitValid(digits)) return digits;
  }
  return null;
}

/**
 * Reads a product page with the driver's `parse`; when that throws `PageParseError` and the generic
 * extractor can read the page people see ({@link extractedContent}) — the same page, or
 * `humanPage()` for a source whose product data comes from a JSON API — answers the extractor's
 * content instead and reports the fallback. Other errors, and pages the extractor cannot read
 * either, are thrown as they were (the engine retries a truncated page as before).
 */
export async function parseOrExtract<T>(
  context: CrawlContext,
  page: FetchedPage,
  identity: Record<string, string>,
  parse: (page: FetchedPage) => T,
  humanPage?: () => Promise<FetchedPage | undefined>,
): Promise<ParsedOrExtracted<T>> {
  try {
    return { parsed: await context.offload(parse, page) };
  } catch (error) {
    if (!(error instanceof PageParseError)) throw error;
    const readable = humanPage ? await humanPage() : page;
    const extracted = readable === undefined ? undefined : extractedContent(readable, identity);
    if (readable === undefined || extracted === undefined) throw error;
    context.reportFallback({ url: readable.url, reason: error.message, extracted });
    return { extracted };
  }
}
