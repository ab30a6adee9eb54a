import { textOf, type HtmlElement } from './dom.ts';

/** Class/id words that mark an old, crossed-out or reference price rather than the one to pay. */
export const OLD_PRICE_HINT =
  /(?:^|[^a-z])(?:old|was|before|strike|striked|strikethrough|crossed|line-?through|regular|original|list|rrp|uvp|msrp|retail|compare|prev|previous|former|instead|saving|savings|save|discount-amount|base-price|price--base|reference)(?:[^a-z]|$)|oldprice|wasprice|listprice|regularprice|originalprice|strikeprice|crossedprice|comparepric/iu;

/** Tags that browsers draw crossed out. */
const STRIKE_TAGS = new Set(['del', 's', 'strike']);

/** The class and id of an element as one lowercased string, for hint matching. */
export function hintsOf(element: HtmlElement): string {
  const { attrs } = element;
  return `${attrs['class'] ?? ''} ${attrs['id'] ?? ''}`.toLowerCase();
}

/**
 * True when an element (or one of its few closest ancestors) is drawn crossed out or is marked as
 * an old/list price: shops show the previous price next to the current one, and only the
 * current one is the price.
 */
export function isStruckThrough(element: HtmlElement): boolean {
  let e: HtmlElement | null = element;
  for (let depth = 0; e !== null && depth < 4; depth++, e = e.parent) {
    if (STRIKE_TAGS.has(e.tag)) return true;
    if (/line-through/iu.test(e.attrs['style'] ?? '')) return true;
    if (OLD_PRICE_HINT.test(hintsOf(e))) return true;
  }
  return false;
}

/** Class/id words of page areas that show other products or site chrome, not the product's offer. */
const NOISE_HINT =
  /related|recommend|similar|carousel|swiper|slick|upsell|up-sell|cross-?sell|also|recent|viewed|footer|(?:^|[^a-z])nav(?:[^a-z]|$)|navigation|menu|mini-?cart|minibasket|sponsor|bundle|accessor|suggest|teaser|sidebar|popover|modal|tooltip|flyout/iu;

/** True when an element sits in a recommendation carousel, navigation, footer or similar area. */
export function isNoiseArea(element: HtmlElement): boolean {
  for (let e: HtmlElement | null = element; e !== null; e = e.parent) {
    if (e.tag === 'footer' || e.tag === 'nav') return true;
    if (NOISE_HINT.test(hintsOf(e))) return true;
  }
  return false;
}

/**
 * Rewards closeness in document order to the product title: the buy box sits right around it,
 * while prices of other products sit further away. `delta` is candidate order minus title order.
 */
export function distanceScore(delta: number): number {
  const distance = Math.abs(delta);
  if (distance <= 60) return 3;
  if (distance <= 200) return 2;
  if (distance <= 600) return 1;
  return delta < 0 ? -1 : 0;
}

/** Word tokens of a text, lowercased, for overlap checks. */
function tokensOf(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((t) => t.length > 1),
  );
}

/**
 * The element that titles the product: the `<h1>` that shares most words with the product name
 * (or the page title); the first non-empty `<h1>` when none shares any. Null without an `<h1>`.
 */
export function findMainHeading(headings: readonly HtmlElement[], name: string | null): HtmlElement | null {
  const wanted = tokensOf(name ?? '');
  let best: HtmlElement | null = null;
  let bestOverlap = 0;
  for (const heading of headings) {
    const text = textOf(heading);
    if (text === '') continue;
    let overlap = 0;
    for (const token of tokensOf(text)) if (wanted.has(token)) overlap++;
    if (best === null || overlap > bestOverlap) [best, bestOverlap] = [heading, overlap];
  }
  return best;
}

/** Class names that hide an element until a script shows it (templates for other states). */
const HIDDEN_CLASS =
  /(?:^|\s)(?:hidden|a-hidden|d-none|is-hidden|hide|js-hidden|u-hidden|invisible)(?:\s|$)/iu;

/**
 * True when an element or an ancestor is hidden by markup: `hidden`, `display:none`,
 * `visibility:hidden` or a common hiding class. Pages ship hidden messages for other states
 * ("Sold out", "Unavailable"), which must not be read as the product's state.
 */
export function isHidden(element: HtmlElement): boolean {
  for (let e: HtmlElement | null = element; e !== null; e = e.parent) {
    if (e.attrs['hidden'] !== undefined) return true;
    if (/display\s*:\s*none|visibility\s*:\s*hidden/iu.test(e.attrs['style'] ?? '')) return true;
    if (HIDDEN_CLASS.test(e.attrs['class'] ?? '')) return true;
  }
  return false;
}
