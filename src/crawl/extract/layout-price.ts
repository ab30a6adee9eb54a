import { detectCurrency, hasCurrency } from './currency.ts';
import { closest, type HtmlElement, type ParsedPage } from './dom.ts';
import {
  distanceScore,
  hintsOf,
  hintWords,
  isDrawnCrossedOut,
  isInHiddenSection,
  isNoiseArea,
  isStruckThrough,
} from './layout.ts';
import { findAmounts } from './price.ts';
import {
  amountIn,
  labelOf,
  NOT_PRODUCT_PRICE,
  OLD_PRICE_TEXT,
  priceTextOf,
  UNIT_PRICE,
} from './price-text.ts';
import { shortTextOf } from './text.ts';

/** A price shown in the page body, with how much it looks like the product's current price. */
export interface PriceCandidate {
  element: HtmlElement;
  decimal: string;
  currency: string | null;
  score: number;
  /** Marked as an old price by its class or id alone: not drawn crossed out, no old-price words. */
  oldByName: boolean;
  /** Nothing marks it as an old price, a side amount (shipping, tax, unit price) or another product's. */
  current: boolean;
}

/** Words in class/id/itemprop/test attributes that mark a price, in the languages shops code in. */
const PRICE_HINT =
  /price|deal|prix|preis|precio|prezzo|preco|preço|cena|cijena|цена|fiyat|hinta|pris|prijs|kaina|amount|cost/iu;

/** Hints of the price one pays now, next to (or instead of) a generic price hint. */
const CURRENT_HINT =
  /current|sale|final|now|our|special|actual|deal|selling|buy|main|big|large|promo|offer|new|to-?pay/iu;

/** Class/id words of amounts that are not the product price: shipping, tax, instalments, savings. */
const SIDE_AMOUNT_HINT =
  /(?:^|[\s_-])conv|ship|deliver|postage|freight|versand|tax|vat|mwst|install|financ|monthly|per-?unit|unit-?price|price-?per|price-?unit|ppu|per-?(?:kg|kilo|litre|liter|100)|baseprice|base-price|grundpreis|bonus|points|saving|economy|you-?save/iu;

/** Attributes whose values describe an element's role, for hint matching beyond class and id. */
const ROLE_ATTRIBUTES = [
  'itemprop',
  'data-testid',
  'data-test',
  'data-qa',
  'data-automation',
  'data-price-type',
];

/** Class, id and role attributes of an element, lowercased. */
function priceHintsOf(element: HtmlElement): string {
  // Asked of nearly every element: build a new string only when a role attribute is there.
  let roles = '';
  for (const name of ROLE_ATTRIBUTES) {
    const value = element.attrs[name];
    if (value !== undefined) roles += ` ${value}`;
  }
  return roles === '' ? hintsOf(element) : `${hintsOf(element)}${roles.toLowerCase()}`;
}

/** Inline font size in px of an element or its first child, as a hint of a headline price. */
function inlineFontPx(element: HtmlElement): number {
  for (const e of [element, ...element.children.filter((c): c is HtmlElement => typeof c !== 'string')]) {
    const match = /font(?:-size)?\s*:[^;]*?(\d+(?:\.\d+)?)px/iu.exec(e.attrs['style'] ?? '');
    if (match !== null) return Number(match[1]);
  }
  return 0;
}

/**
 * Scores one element as the product's price; null when it shows no usable amount. The score
 * adds up generic signals: a price hint in class/id, a currency marker, closeness to the product
 * title, a large inline font; it subtracts for old prices, unit/shipping/instalment prices and
 * recommendation or navigation areas.
 */
function scoreElement(element: HtmlElement, mainOrder: number | null): PriceCandidate | null {
  if (element.textSize === 0) return null;
  const hints = priceHintsOf(element);
  const hinted = PRICE_HINT.test(hints);
  if (!hinted && element.textSize > 25) return null;
  // The shared text (which other rules read anyway) rules most elements out before the price
  // text is collected: the price text shows no more digits or currency markers than it does.
  const shared = shortTextOf(element, 64);
  if (shared !== null && (!/\d/u.test(shared) || (!hinted && !hasCurrency(shared)))) return null;
  const text = priceTextOf(element);
  if (text === null || text.length === 0 || !/\d/u.test(text)) return null;
  if (!hinted && (text.length > 25 || !hasCurrency(text))) return null;
  const amount = amountIn(text, hinted);
  if (amount === null || Number(amount.decimal) <= 0) return null;
  let score = hinted ? 3 : 0;
  if (hinted && CURRENT_HINT.test(hints)) score += 1;
  if (hasCurrency(text)) score += 2;
  if (inlineFontPx(element) >= 18) score += 2;
  const label = labelOf(element, text);
  const oldText = OLD_PRICE_TEXT.test(text) || (label !== null && OLD_PRICE_TEXT.test(label));
  const struck = isStruckThrough(element);
  if (struck || oldText) score -= 6;
  // Said once, by the text or by its label: a unit price labelled so is not twice a unit price.
  const sideText =
    NOT_PRODUCT_PRICE.test(text) || UNIT_PRICE.test(text) || (label !== null && UNIT_PRICE.test(label));
  if (sideText) score -= 4;
  const side = sideText || SIDE_AMOUNT_HINT.test(hints);
  if (SIDE_AMOUNT_HINT.test(hints)) score -= 3;
  if (text.length > 30) score -= 1;
  const noise = isNoiseArea(element);
  if (noise) score -= 8;
  else if (isInBuyBox(element)) score += 1;
  if (isInHiddenSection(element)) score -= 4;
  if (mainOrder !== null) score += distanceScore(element.order - mainOrder);
  const oldByName = struck && !oldText && !isDrawnCrossedOut(element);
  const current = !struck && !oldText && !side && !noise;
  return { element, decimal: amount.decimal, currency: detectCurrency(text), score, oldByName, current };
}

/** Class/id words of the area that sells the product: the buy box, the product summary. */
const BUY_BOX_WORDS =
  /(?:^|-)(?:buy-?box|buybox|buy|purchase|add-to-cart|add-to-basket|pdp|product-(?:info|information|details?|main|summary|buy|offer|price|page)|offer|checkout)(?:-|$)/u;

/** True when one of the element's few closest ancestors is the product's buy box or summary. */
function isInBuyBox(element: HtmlElement): boolean {
  let e: HtmlElement | null = element.parent;
  for (let depth = 0; e !== null && depth < 8; depth++, e = e.parent) {
    if (BUY_BOX_WORDS.test(hintWords(e))) return true;
  }
  return false;
}

const OUT_OF_BODY = new Set(['head', 'select', 'option']);
/** Elements that hold the whole page: on a tiny page their text is one price, yet they are no price tag. */
const WHOLE_PAGE = new Set(['html', 'body']);

/** The prices a page shows, scored, and the product's current price among them. */
export interface ShownPrices {
  candidates: PriceCandidate[];
  /** The best-scored price, when it scores high enough to be the product's; null otherwise. */
  best: PriceCandidate | null;
}

/** The score a shown price needs to be taken as the product's price. */
export const MIN_PRICE_SCORE = 3;

/**
 * Scores every price the page shows and picks the product's current price, or none.
 * `mainOrder` is the document position of the product title (see `findMainHeading`).
 */
export function findShownPrices(page: ParsedPage, mainOrder: number | null): ShownPrices {
  const candidates: PriceCandidate[] = [];
  for (const element of page.elements) {
    if (element.textSize === 0 || element.textSize > 180 || WHOLE_PAGE.has(element.tag)) continue;
    const candidate = scoreElement(element, mainOrder);
    // Titles in <head> and options of a size selector show amounts that are not the price.
    if (candidate === null || closest(element, (e) => OUT_OF_BODY.has(e.tag)) !== null) continue;
    candidates.push(candidate);
  }
  dropFragments(candidates);
  restoreLoneOldPrices(candidates);
  // The best score wins; on a tie the earlier element, as the buy box comes before the page's rest.
  let best: PriceCandidate | null = null;
  for (const c of candidates) if (best === null || c.score > best.score) best = c;
  if (best === null || best.score < MIN_PRICE_SCORE) return { candidates, best: null };
  // A bare amount ("29,99" in a price box) is in the currency the page's other prices show.
  if (best.currency === null) best = { ...best, currency: pageCurrency(candidates) };
  return { candidates, best };
}

/**
 * The highest score among the shown prices of this amount, or null when the page shows the amount
 * nowhere as a price. A score under {@link MIN_PRICE_SCORE} means it is shown only as an old,
 * side or other product's price.
 */
export function scoreOfAmount(prices: ShownPrices, decimal: string): number | null {
  let score: number | null = null;
  for (const c of prices.candidates) {
    if (Number(c.decimal) === Number(decimal) && (score === null || c.score > score)) score = c.score;
  }
  return score;
}

/**
 * Removes the pieces of a price written in parts (`<span class="price-whole">35.</span><span
 * class="price-fraction">99</span>`): a bare amount inside a close ancestor that shows another
 * amount with its currency is a piece of that price, not a price.
 */
function dropFragments(candidates: PriceCandidate[]): void {
  const byElement = new Map(candidates.map((c) => [c.element, c]));
  const isFragment = (c: PriceCandidate): boolean => {
    if (c.currency !== null) return false;
    let e = c.element.parent;
    for (let depth = 0; e !== null && depth < 3; depth++, e = e.parent) {
      const whole = byElement.get(e);
      if (whole !== undefined && whole.currency !== null && Number(whole.decimal) !== Number(c.decimal))
        return true;
    }
    return false;
  };
  const kept = candidates.filter((c) => !isFragment(c));
  candidates.splice(0, candidates.length, ...kept);
}

/** How far above a price its price group may reach (see {@link restoreLoneOldPrices}). */
const PRICE_GROUP_LEVELS = 4;

/**
 * A price named "old" only by its class is an old price only when a current price stands beside
 * it: themes name the regular price so (`price-old`) and show it alone when nothing is on sale,
 * at most next to side amounts such as the price without tax. Such a lone "old" price gets its
 * penalty back. Its group is the closest ancestor that also holds a price of another amount.
 */
function restoreLoneOldPrices(candidates: PriceCandidate[]): void {
  for (const candidate of candidates) {
    if (!candidate.oldByName) continue;
    const group = priceGroupOf(candidate, candidates);
    if (!group.some((c) => c.current)) candidate.score += 6;
  }
}

/** The other prices (of another amount) in the closest ancestor of a price that holds any. */
function priceGroupOf(candidate: PriceCandidate, candidates: readonly PriceCandidate[]): PriceCandidate[] {
  let e = candidate.element.parent;
  for (let depth = 0; e !== null && depth < PRICE_GROUP_LEVELS; depth++, e = e.parent) {
    const first = e.order;
    const last = e.order + e.size;
    const others = candidates.filter(
      (c) =>
        c.element.order > first && c.element.order <= last && Number(c.decimal) !== Number(candidate.decimal),
    );
    if (others.length > 0) return others;
  }
  return [];
}

/** The currency of the best-scored price on the page that shows one, or null. */
function pageCurrency(candidates: readonly PriceCandidate[]): string | null {
  let best: PriceCandidate | null = null;
  for (const c of candidates) if (c.currency !== null && (best === null || c.score > best.score)) best = c;
  return best?.currency ?? null;
}

/** Every amount the page shows in short texts (labels, price tags), as numbers. */
function shownAmounts(page: ParsedPage): Set<number> {
  const amounts = new Set<number>();
  for (const element of page.elements) {
    if (element.textSize === 0 || element.textSize > 40) continue;
    if (!element.children.some((c) => typeof c === 'string' && /\d/u.test(c))) continue;
    const text = priceTextOf(element);
    if (text !== null) for (const amount of findAmounts(text)) amounts.add(Number(amount.decimal));
  }
  return amounts;
}

/**
 * Checks a price read from script state against what the page shows: returns it when the page
 * shows that amount, its hundredth when state keeps cents (`10900` for `109,00 €`), else null.
 */
export function confirmShownPrice(page: ParsedPage, decimal: string): string | null {
  const shown = shownAmounts(page);
  if (shown.has(Number(decimal))) return decimal;
  if (/^\d{3,}$/u.test(decimal) && shown.has(Number(decimal) / 100)) {
    return `${decimal.slice(0, -2)}.${decimal.slice(-2)}`;
  }
  return null;
}
