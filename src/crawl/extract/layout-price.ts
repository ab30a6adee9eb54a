import { detectCurrency, hasCurrency } from './currency.ts';
import {
  closest,
  collapse,
  shortTextOf,
  textOf,
  walkText,
  type HtmlElement,
  type ParsedPage,
} from './dom.ts';
import { distanceScore, hintsOf, hintWords, isNoiseArea, isOldPriceHint, isStruckThrough } from './layout.ts';
import { findAmounts, type AmountMatch } from './price.ts';

/** A price shown in the page body, with how much it looks like the product's current price. */
export interface PriceCandidate {
  element: HtmlElement;
  decimal: string;
  currency: string | null;
  score: number;
}

/** Words in class/id/itemprop/test attributes that mark a price, in the languages shops code in. */
const PRICE_HINT =
  /price|deal|prix|preis|precio|prezzo|preco|preço|cena|cijena|цена|fiyat|hinta|pris|prijs|kaina|amount|cost/iu;

/** Hints of the price one pays now, next to (or instead of) a generic price hint. */
const CURRENT_HINT =
  /current|sale|final|now|our|special|actual|deal|selling|buy|main|big|large|promo|offer|new/iu;

/**
 * Units a unit price is quoted in (`€/kg`, `per 100 g`, `je Liter`, `за 1 кг`), in the common
 * languages; a number may stand before the unit (`/100 g`, `1 l =`).
 */
// prettier-ignore
const UNIT_WORDS = [
  'kg', 'kilo', 'kilogram', 'kilogramm', 'g', 'gr', 'gramm', 'gram', 'mg', 'l', 'lt', 'ltr', 'liter', 'litre',
  'litro', 'ml', 'cl', 'm', 'm²', 'm2', 'm³', 'm3', 'lfm', 'cm', 'st', 'stk', 'stück', 'pc', 'pcs', 'piece',
  'pièce', 'pieza', 'pezzo', 'szt', 'ks', 'kpl', 'unit', 'unité', 'unidad', 'unità', 'кг', 'г', 'л', 'мл', 'шт',
  'м', 'м²',
].join('|');

/** A unit price: an amount per quantity of the product (`12,90 €/kg`, `€1.20 per 100g`, `Grundpreis`). */
const UNIT_PRICE = new RegExp(
  String.raw`(?:\/|\bper\b|\bpro\b|\bje\b|\bpar\b|\bal\b|\bza\b|(?<!\p{L})за(?!\p{L})|(?<!\p{L})à(?!\p{L}))` +
    String.raw`\s*(?:1|10|100|1000|1\.000)?\s*(?:${UNIT_WORDS})(?![\p{L}\d])` +
    String.raw`|(?<![\p{L}\d])(?:1|10|100|1000)\s*(?:${UNIT_WORDS})\s*=` +
    String.raw`|grundpreis|base price|unit price|prix au (?:kg|kilo|litre)|precio por|prezzo al|cena za|цена за|jednotková`,
  'iu',
);

/** Texts around a number that make it something other than the product price. */
const NOT_PRODUCT_PRICE = new RegExp(
  [
    String.raw`per\s|\bpro\b|unit|unité`,
    'shipping|delivery|postage|livraison|versand|envío|envio|spedizione|frete|porto\\b|verzending|frakt',
    'toimitus|kargo|доставка|dostawa|doprava|dostava|משלוח|送料|运费',
    'month|\\/mo\\b|mensal|monat|mois|cuota|rate\\b|installment|finance|bonus|points?\\b',
    'save|économ|sparen|ahorra|risparmi',
    // Conversions into the shopper's currency ("approx. US $11.69", "Circa EUR 14,43").
    'approx|circa|\\bca\\.|environ|ungefähr|aprox|około|примерно',
  ].join('|'),
  'iu',
);

/**
 * Words that introduce an earlier or reference price in the text itself (`Was £14.99`,
 * `UVP 149,99 €`, `M.R.P.: ₹999`), in the common languages. Followed by no letter, so that
 * `was` does not match `washing`; `\b` would not work after non-ASCII letters.
 */
const OLD_PRICE_TEXT = new RegExp(
  String.raw`^(?:was|previously|before|regular(?: price)?|reg\.|orig(?:inal|\.)?(?: price)?|list price|list:|rrp|srp|msrp|m\.?r\.?p\.?|` +
    String.raw`compare at|typical price|uvp|statt|vorher|bisher|zuvor|ursprünglich|alter preis|streichpreis|` +
    String.raw`avant|au lieu de|prix barré|prix de référence|ancien prix|antes|precio anterior|precio normal|` +
    String.raw`prima|invece di|prezzo di listino|era|prije|stara cijena|przed|stara cena|cena katalogowa|` +
    String.raw`было|старая цена|dříve|původní cena|běžná cena|predtým|pôvodná cena|redna cena|eski fiyat|` +
    String.raw`ord\. pris|ordinarie pris|normalpris|før|förr|tidigare|normaalihinta|ennen|vroeger|` +
    String.raw`定価|参考価格|通常価格|原价|市场价|정가)(?![\p{L}\d])`,
  'iu',
);

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

/** True for a descendant that shows an old price and must not feed the current price text. */
function isOldPriceElement(element: HtmlElement): boolean {
  if (element.tag === 'del' || element.tag === 's' || element.tag === 'strike') return true;
  if (/line-through/iu.test(element.attrs['style'] ?? '')) return true;
  return isOldPriceHint(element);
}

/**
 * The text of a price element as shown: old prices inside it are left out, and cents set apart
 * (`139<sup>98</sup>`) get a decimal mark. Null when the text is longer than `maxChars`.
 */
function priceTextOf(element: HtmlElement, maxChars = 60): string | null {
  // Old prices inside are left out, so allow some slack before giving up on size alone.
  if (element.textSize > maxChars * 3) return null;
  const raw = walkText(element, {
    maxChars: maxChars * 3,
    maxNodes: 200,
    enter: (child, tail, push) => {
      if (isOldPriceElement(child)) return false;
      if (isSeparateCents(child, tail)) push(/\.\d{3}$/u.test(tail) ? ',' : '.');
      return true;
    },
  });
  if (raw === null) return null;
  const text = collapse(raw);
  return text.length > maxChars ? null : text;
}

/**
 * True for cents set apart without a decimal mark (`$229<span>99</span>`, `139<sup>98</sup>`):
 * exactly two digits right after a whole number that has no decimal part yet.
 */
function isSeparateCents(child: HtmlElement, tail: string): boolean {
  if (child.size > 2 || child.textSize !== 2) return false;
  if (!/(?:^|[^\d.,])\d{1,3}(?:[.,' \u00a0]\d{3})*$/u.test(tail)) return false;
  const text = textOf(child);
  return text.length <= 4 && /^\s*\d{2}\s*$/u.test(text);
}

/**
 * The amount a price text states: the first one written beside a currency marker; failing that,
 * the only amount of a short text in an element marked as a price. Percentages never count.
 */
function amountIn(text: string, hinted: boolean): AmountMatch | null {
  const amounts = findAmounts(text).filter((a) => !/^\s*%/u.test(text.slice(a.end)));
  for (const [index, amount] of amounts.entries()) {
    const before = text.slice(Math.max(0, amount.start - 4), amount.start);
    const after = text.slice(amount.end, amount.end + 5);
    if (hasCurrency(before) || hasCurrency(after)) return amount;
    // A range ("502,20 – 558,00 б.р.") is priced from its lower end.
    const next = amounts[index + 1];
    if (next !== undefined && /^\s*[-–—]\s*$/u.test(text.slice(amount.end, next.start))) {
      if (hasCurrency(text.slice(next.end, next.end + 5))) return amount;
    }
  }
  const only = amounts[0];
  if (hinted && amounts.length === 1 && only !== undefined && text.length <= 24) return only;
  return null;
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
  if (isStruckThrough(element) || OLD_PRICE_TEXT.test(text)) score -= 6;
  if (NOT_PRODUCT_PRICE.test(text) || UNIT_PRICE.test(text)) score -= 4;
  const label = labelOf(element, text);
  if (label !== null && OLD_PRICE_TEXT.test(label)) score -= 6;
  if (label !== null && UNIT_PRICE.test(label)) score -= 4;
  if (SIDE_AMOUNT_HINT.test(hints)) score -= 3;
  if (text.length > 30) score -= 1;
  if (isNoiseArea(element)) score -= 8;
  else if (isInBuyBox(element)) score += 1;
  if (mainOrder !== null) score += distanceScore(element.order - mainOrder);
  return { element, decimal: amount.decimal, currency: detectCurrency(text), score };
}

/**
 * The text of the closest ancestor that adds words to a price, when it is a short label around
 * this one amount (`<p>Was: <span>£20</span></p>`, `<div>Per 100 g: <b>1,20 €</b></div>`); null
 * when there is none or when it shows other amounts too (`Was £20 Now £15` says nothing about
 * one of them alone).
 */
function labelOf(element: HtmlElement, ownText: string): string | null {
  let e = element.parent;
  for (let depth = 0; e !== null && depth < 2; depth++, e = e.parent) {
    if (e.textSize > 60) return null;
    const text = shortTextOf(e, 60);
    if (text === null) return null;
    if (text === ownText) continue;
    return pricedAmountCount(text) === 1 ? text : null;
  }
  return null;
}

/** How many amounts of a text stand beside a currency marker (`100 g` is not one, `1,20 €` is). */
function pricedAmountCount(text: string): number {
  return findAmounts(text).filter(
    (a) =>
      hasCurrency(text.slice(Math.max(0, a.start - 4), a.start)) || hasCurrency(text.slice(a.end, a.end + 5)),
  ).length;
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

/**
 * Finds the product's current price among the prices shown on the page, or null.
 * `mainOrder` is the document position of the product title (see `findMainHeading`).
 */
export function findLayoutPrice(page: ParsedPage, mainOrder: number | null): PriceCandidate | null {
  const candidates: PriceCandidate[] = [];
  for (const element of page.elements) {
    if (element.textSize === 0 || element.textSize > 180) continue;
    const candidate = scoreElement(element, mainOrder);
    // Titles in <head> and options of a size selector show amounts that are not the price.
    if (candidate === null || closest(element, (e) => OUT_OF_BODY.has(e.tag)) !== null) continue;
    candidates.push(candidate);
  }
  // The best score wins; on a tie the earlier element, as the buy box comes before the page's rest.
  let best: PriceCandidate | null = null;
  for (const c of candidates) if (best === null || c.score > best.score) best = c;
  if (best === null || best.score < 3) return null;
  // A bare amount ("29,99" in a price box) is in the currency the page's other prices show.
  if (best.currency === null) return { ...best, currency: pageCurrency(candidates) };
  return best;
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
