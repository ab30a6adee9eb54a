import { MIN_PRICE_SCORE, scoreOfAmount, type ShownPrices } from './layout-price.ts';
import type { LayerFacts } from './types.ts';

/** A price and the currency the same source gave with it. */
export interface ChosenPrice {
  price: string;
  currency: string | null;
}

/**
 * How well the page's headline price must score before it overrules structured data that the
 * page does not show (see {@link choosePrice}): a hinted price with a currency marker near the
 * title, not merely the best of weak candidates.
 */
export const CONFIDENT_PRICE_SCORE = 6;

/**
 * Chooses the product's price between what the structured layers say (JSON-LD, microdata, meta
 * tags, in that order of trust) and what the page shows to people (`shown`, the scored prices of
 * the layout). Structured data wins, with two exceptions that catch stale or secondary markup:
 *
 * - when the structured layers disagree (a starting bid in JSON-LD, the current bid in a meta
 *   tag), the one whose amount the page shows best as a price wins;
 * - when the page shows the structured amount nowhere as a current price (only crossed out, or
 *   not at all) while it clearly shows another, the shown price wins.
 *
 * Returns null when no layer has a price.
 */
export function choosePrice(
  structured: readonly (LayerFacts | null)[],
  shown: ShownPrices | null,
): ChosenPrice | null {
  const offers = structured.flatMap((layer) =>
    layer?.price == null ? [] : [{ price: layer.price, currency: layer.currency ?? null }],
  );
  const best = shown?.best ?? null;
  const headline = best === null ? null : { price: best.decimal, currency: best.currency };
  if (offers.length === 0) return headline;
  if (shown === null || best === null) return offers[0] ?? null;
  const amounts = new Set(offers.map((o) => Number(o.price)));
  const chosen = amounts.size > 1 ? bestShown(offers, shown) : (offers[0] as ChosenPrice);
  const chosenScore = scoreOfAmount(shown, chosen.price);
  const unshown = chosenScore === null || chosenScore < MIN_PRICE_SCORE;
  if (unshown && best.score >= CONFIDENT_PRICE_SCORE && Number(best.decimal) !== Number(chosen.price)) {
    return headline;
  }
  return chosen;
}

/** Of several structured prices, the one the page shows with the best score (the first on a tie). */
function bestShown(offers: readonly ChosenPrice[], shown: ShownPrices): ChosenPrice {
  let chosen = offers[0] as ChosenPrice;
  let chosenScore = scoreOfAmount(shown, chosen.price) ?? -Infinity;
  for (const offer of offers.slice(1)) {
    const score = scoreOfAmount(shown, offer.price) ?? -Infinity;
    if (score > chosenScore) [chosen, chosenScore] = [offer, score];
  }
  return chosen;
}
