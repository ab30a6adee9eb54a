import { hasCurrency } from './currency.ts';
import type { HtmlElement } from './dom.ts';
import { isCrossedOutElement } from './layout.ts';
import { findAmounts, type AmountMatch } from './price.ts';
import { collapse, shortTextOf, textOf, walkText } from './text.ts';

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
export const UNIT_PRICE = new RegExp(
  String.raw`(?:\/|\bper\b|\bpro\b|\bje\b|\bpar\b|\bal\b|\bza\b|(?<!\p{L})за(?!\p{L})|(?<!\p{L})à(?!\p{L}))` +
    String.raw`\s*(?:1|10|100|1000|1\.000)?\s*(?:${UNIT_WORDS})(?![\p{L}\d])` +
    String.raw`|(?<![\p{L}\d])(?:1|10|100|1000)\s*(?:${UNIT_WORDS})\s*=` +
    String.raw`|grundpreis|base price|unit price|prix au (?:kg|kilo|litre)|precio por|prezzo al|cena za|цена за|jednotková`,
  'iu',
);

/** Texts around a number that make it something other than the product price. */
export const NOT_PRODUCT_PRICE = new RegExp(
  [
    String.raw`per\s|\bpro\b|unit|unité`,
    'shipping|delivery|postage|livraison|versand|envío|envio|spedizione|frete|porto\\b|verzending|frakt',
    'toimitus|kargo|доставка|dostawa|doprava|dostava|משלוח|送料|运费',
    'month|\\/mo\\b|mensal|monat|mois|cuota|rate\\b|installment|finance|bonus|points?\\b',
    'save|économ|sparen|ahorra|risparmi',
    'excl\\.? (?:vat|tax)|ex\\.? vat|without vat|exkl\\.|ohne mwst|netto|bez dph|brez ddv|bez pdv|sin iva|senza iva|hors taxes|\\bht\\b|bez vat',
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
export const OLD_PRICE_TEXT = new RegExp(
  String.raw`^(?:was|previously|before|regular(?: price)?|reg\.|orig(?:inal|\.)?(?: price)?|list price|list:|rrp|srp|msrp|m\.?r\.?p\.?|` +
    String.raw`compare at|typical price|uvp|statt|vorher|bisher|zuvor|ursprünglich|alter preis|streichpreis|` +
    String.raw`avant|au lieu de|prix barré|prix de référence|ancien prix|antes|precio anterior|precio normal|` +
    String.raw`prima|invece di|prezzo di listino|era|prije|stara cijena|przed|stara cena|cena katalogowa|` +
    String.raw`было|старая цена|dříve|původní cena|běžná cena|predtým|pôvodná cena|redna cena|eski fiyat|` +
    String.raw`ord\. pris|ordinarie pris|normalpris|før|förr|tidigare|normaalihinta|ennen|vroeger|` +
    String.raw`定価|参考価格|通常価格|原价|市场价|정가)(?![\p{L}\d])`,
  'iu',
);

/**
 * The text of a price element as shown: old prices inside it are left out, and cents set apart
 * (`139<sup>98</sup>`) get a decimal mark. Null when the text is longer than `maxChars`.
 *
 * Shops often write a price twice, once for screen readers and once drawn for the eye with
 * `aria-hidden` (`<span>$35.99</span><span aria-hidden="true">$35<sup>99</sup></span>`); joined,
 * the two would read as one wrong amount, so the hidden copy is left out when the rest shows a number.
 */
export function priceTextOf(element: HtmlElement, maxChars = 60): string | null {
  const spoken = collectPriceText(element, maxChars, true);
  return spoken !== null && /\d/u.test(spoken) ? spoken : collectPriceText(element, maxChars, false);
}

function collectPriceText(element: HtmlElement, maxChars: number, skipAriaHidden: boolean): string | null {
  // Old prices inside are left out, so allow some slack before giving up on size alone.
  if (element.textSize > maxChars * 3) return null;
  const raw = walkText(element, {
    maxChars: maxChars * 3,
    maxNodes: 200,
    enter: (child, tail, push) => {
      if (isCrossedOutElement(child)) return false;
      if (skipAriaHidden && child.attrs['aria-hidden'] === 'true') return false;
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
export function amountIn(text: string, hinted: boolean): AmountMatch | null {
  const amounts = findAmounts(text).filter((a) => !/^\s*%/u.test(text.slice(a.end)));
  for (const [index, amount] of amounts.entries()) {
    if (besideCurrency(text, amount)) return amount;
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

/** True when a currency marker stands right before or after an amount of the text. */
function besideCurrency(text: string, amount: AmountMatch): boolean {
  return (
    hasCurrency(text.slice(Math.max(0, amount.start - 4), amount.start)) ||
    hasCurrency(text.slice(amount.end, amount.end + 5))
  );
}

/**
 * The text of the closest ancestor that adds words to a price, when it is a short label around
 * this one amount (`<p>Was: <span>£20</span></p>`, `<div>Per 100 g: <b>1,20 €</b></div>`); null
 * when there is none or when it shows other amounts too (`Was £20 Now £15` says nothing about
 * one of them alone).
 */
export function labelOf(element: HtmlElement, ownText: string): string | null {
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

/**
 * How many different amounts of a text stand beside a currency marker (`100 g` is not one,
 * `1,20 €` is; a price written twice, for the eye and for screen readers, is one).
 */
function pricedAmountCount(text: string): number {
  const priced = findAmounts(text).filter((a) => besideCurrency(text, a));
  return new Set(priced.map((a) => Number(a.decimal))).size;
}
