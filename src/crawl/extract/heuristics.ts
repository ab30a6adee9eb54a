import { type HtmlElement, type ParsedPage } from './dom.ts';
import { shortTextOf, textOf } from './text.ts';
import { findMainHeading } from './heading.ts';
import { findShownAvailability } from './layout-availability.ts';
import { findShownGtin } from './layout-gtin.ts';
import { findShownPrices, type ShownPrices } from './layout-price.ts';
import { findShownSku } from './layout-sku.ts';
import type { ExtractedProduct, LayerFacts } from './types.ts';
import { identifierFromUrl } from './url-id.ts';
import { sharedTokens, wordTokens } from './values.ts';

/** What the page shows to people, read by layout heuristics. */
export interface ShownFacts {
  /** Layout facts that only fill gaps left by structured data. */
  fallback: LayerFacts;
  /** A product code printed with a label; trusted over structured ids (see `extractProduct`). */
  shownSku: string | null;
  /** Every price the page shows, scored, to weigh structured prices against (see `choosePrice`). */
  prices: ShownPrices;
}

/**
 * The last layer: reads what the page shows to people when no structured data said it, and the
 * prices it shows, which also check the structured ones. `known` holds what earlier layers found
 * (the product name helps find the title).
 */
export function factsFromLayout(
  page: ParsedPage,
  known: ExtractedProduct,
  url: string | undefined,
): ShownFacts {
  const heading = findMainHeading(page, known.name);
  const mainOrder = heading?.order ?? null;
  const prices = findShownPrices(page, mainOrder);
  const price = prices.best;
  return {
    fallback: {
      price: price?.decimal ?? null,
      currency: price?.currency ?? null,
      sku: url === undefined ? null : identifierFromUrl(url),
      gtin: known.gtin === null ? findShownGtin(page, mainOrder) : null,
      availability: findShownAvailability(page, mainOrder),
      name: headingName(page, heading),
    },
    shownSku: findShownSku(page, mainOrder),
    prices,
  };
}

/** The title element's text as the product name, when it shares words with the page `<title>`. */
function headingName(page: ParsedPage, heading: HtmlElement | null): string | null {
  const text = heading === null ? null : shortTextOf(heading, 300);
  const title = page.elements.find((e) => e.tag === 'title');
  if (text === null || title === undefined) return null;
  return sharedTokens(text, wordTokens(textOf(title))) > 0 ? text : null;
}
