import type { HtmlElement } from './dom.ts';

/**
 * Class/id words (see {@link hintWords}) that mark an old, crossed-out or reference price rather
 * than the one to pay: `old-price`, `PriceWas`, `price--regular`, `suggestedRetailPrice`.
 */
const OLD_PRICE_WORDS =
  /(?:^|-)(?:old|was|before|strike|striked|strikethrough|crossed|linethrough|regular|original|rrp|uvp|msrp|retail|compare|prev|previous|former|instead|reference|oldprice|wasprice|listprice|regularprice|originalprice|strikeprice|crossedprice|compareprice|mrp|streich|streichpreis|ancien|barre|tachado|anterior|vecchio|stary|puvodni|eski)(?:-|$)|(?:^|-)(?:list|line)-(?:price|through)(?:-|$)/u;

/** True when an element's class or id marks it as an old or reference price. */
export function isOldPriceHint(element: HtmlElement): boolean {
  return OLD_PRICE_WORDS.test(hintWords(element));
}

/** Tags that browsers draw crossed out. */
const STRIKE_TAGS = new Set(['del', 's', 'strike']);

/** The class and id of an element as one lowercased string, for hint matching. */
export function hintsOf(element: HtmlElement): string {
  const { attrs } = element;
  element.memoHints ??= `${attrs['class'] ?? ''} ${attrs['id'] ?? ''}`.toLowerCase();
  return element.memoHints;
}

/**
 * True when the element itself is drawn crossed out: a strike tag, `line-through`, or a flag such
 * as `data-a-strike="true"` that styles it so.
 */
function isDrawnStrike(element: HtmlElement): boolean {
  const { attrs } = element;
  if (STRIKE_TAGS.has(element.tag) || /line-through/iu.test(attrs['style'] ?? '')) return true;
  for (const name in attrs) {
    if (
      name.startsWith('data-') &&
      /strike|crossed/u.test(name) &&
      !/^(?:false|0)$/u.test(attrs[name] ?? '')
    ) {
      return true;
    }
  }
  return false;
}

/** True when the element itself shows an old price: drawn crossed out or named as one. */
export function isCrossedOutElement(element: HtmlElement): boolean {
  return isDrawnStrike(element) || isOldPriceHint(element);
}

/** True when an element or one of its few closest ancestors is drawn crossed out. */
export function isDrawnCrossedOut(element: HtmlElement): boolean {
  let e: HtmlElement | null = element;
  for (let depth = 0; e !== null && depth < 4; depth++, e = e.parent) if (isDrawnStrike(e)) return true;
  return false;
}

/**
 * True when an element (or one of its few closest ancestors) is drawn crossed out or is marked as
 * an old/list price: shops show the previous price next to the current one, and only the
 * current one is the price.
 */
export function isStruckThrough(element: HtmlElement): boolean {
  let e: HtmlElement | null = element;
  for (let depth = 0; e !== null && depth < 4; depth++, e = e.parent) if (isCrossedOutElement(e)) return true;
  return false;
}

/**
 * Class/id words (whole words, see {@link hintWords}) of page areas that show other products or
 * site chrome rather than the product's offer. `upsell` alone is not one: shops also name the
 * rows of the product's own buy box so (a membership price offered in the buy box), while lists
 * of other products say `upsell-products` or `products-upsell`.
 */
const NOISE_WORDS =
  /(?:^|-)(?:related|recommend[a-z]*|similar|alternative[a-z]*|carousel|swiper|slick|reco|recos|crosssell|cross-sell|upsell-products|products-upsell|up-sell|also|recent[a-z]*|viewed|footer|nav|navigation|menu|minicart|mini-cart|minibasket|sponsor[a-z]*|bundle|accessor[a-z]*|suggest[a-z]*|teaser|popover|modal|tooltip|flyout|p13n)(?:-|$)/u;

/**
 * The words of an element's class and id, lowercased and joined by `-`: `relatedProducts` and
 * `related_products` both give `related-products`, while `so_footerswitch` does not contain the
 * word `footer`.
 */
export function hintWords(element: HtmlElement): string {
  if (element.memoHintWords !== undefined) return element.memoHintWords;
  const raw = `${element.attrs['class'] ?? ''} ${element.attrs['id'] ?? ''}`;
  const words = raw
    .replace(/([a-z])([A-Z])/gu, '$1-$2')
    .toLowerCase()
    .split(/[^a-z0-9]+/u)
    .filter((w) => w !== '')
    .join('-');
  element.memoHintWords = words;
  return words;
}

/** True when an element sits in a recommendation carousel, navigation, footer or similar area. */
export function isNoiseArea(element: HtmlElement): boolean {
  return inheritedFlag(element, 'memoNoise', (e) => {
    if (e.tag === 'body' || e.tag === 'html' || e.parent === null) return false;
    return e.tag === 'footer' || e.tag === 'nav' || NOISE_WORDS.test(hintWords(e));
  });
}

/**
 * True when `own` holds for the element or any ancestor, memoised per element. Walks up without
 * recursion (pages nest tens of thousands of unclosed tags) and fills the cache on the way back.
 */
function inheritedFlag(
  element: HtmlElement,
  key: 'memoNoise' | 'memoHidden',
  own: (e: HtmlElement) => boolean,
): boolean {
  const pending: HtmlElement[] = [];
  let answer = false;
  for (let e: HtmlElement | null = element; e !== null; e = e.parent) {
    const cached = e[key];
    if (cached !== undefined) {
      answer = cached;
      break;
    }
    pending.push(e);
  }
  for (let i = pending.length - 1; i >= 0; i--) {
    const e = pending[i] as HtmlElement;
    answer = answer || own(e);
    e[key] = answer;
  }
  return answer;
}

/**
 * Rewards closeness in document order to the product title: the buy box sits right around it,
 * while prices of other products sit further away. `delta` is candidate order minus title order.
 */
export function distanceScore(delta: number): number {
  const distance = Math.abs(delta);
  if (delta < -600) return -1;
  // Falls off with the logarithm of the distance: 1 element away 3.5, 50 ≈ 2, 600 ≈ 0.3, 3000 ≈ -0.7.
  return Math.min(3.5, 4.5 - 1.5 * Math.log10(1 + distance));
}

/** Class names that hide an element until a script shows it (templates for other states). */
const HIDDEN_CLASS = /(?:^|\s)(?:hidden|hide|d-none|invisible|(?!visually-)[\w-]*-hidden)(?:\s|$)/iu;

/**
 * True when an element or an ancestor is hidden by markup: `hidden`, `display:none`,
 * `visibility:hidden` or a common hiding class. Pages ship hidden messages for other states
 * ("Sold out", "Unavailable"), which must not be read as the product's state.
 */
export function isHidden(element: HtmlElement): boolean {
  return inheritedFlag(element, 'memoHidden', hidesItself);
}

/**
 * Classes that show an element again from some screen width on (`hidden md:block`,
 * `d-none d-lg-flex`): hidden on phones only, shown on the desktop pages the extractor reads.
 */
const SHOWN_FROM_WIDTH =
  /(?:^|\s)(?:(?:sm|md|lg|xl|2xl):|d-(?:sm|md|lg|xl|xxl)-)(?:block|flex|inline|inline-block|inline-flex|grid|table)(?:\s|$)/iu;

/** True when an element's own markup hides it (not an ancestor's). */
function hidesItself(element: HtmlElement): boolean {
  const { attrs } = element;
  const className = attrs['class'] ?? '';
  return (
    attrs['hidden'] !== undefined ||
    /display\s*:\s*none|visibility\s*:\s*hidden/iu.test(attrs['style'] ?? '') ||
    (HIDDEN_CLASS.test(className) && !SHOWN_FROM_WIDTH.test(className))
  );
}

/**
 * True when an element sits in a hidden section: an ancestor at least two levels up is hidden,
 * as the blocks of other states are (another buying option, another variant, a closed tab). A
 * hidden price tag itself, or its hidden wrapper, is more often a copy of the price the page shows
 * (a machine-readable value, another format of it) and does not count.
 */
export function isInHiddenSection(element: HtmlElement): boolean {
  if (!isHidden(element)) return false;
  let e = element.parent?.parent ?? null;
  for (; e !== null; e = e.parent) if (hidesItself(e)) return true;
  return false;
}
