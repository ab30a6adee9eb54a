import { type HtmlElement, type ParsedPage } from './dom.ts';
import { shortTextOf } from './text.ts';
import { distanceScore, isNoiseArea } from './layout.ts';

/**
 * Labels that shops print before a product's barcode number, in many languages. A number read
 * after one of them counts only when its GS1 check digit is right, so a label that also
 * introduces other numbers costs nothing.
 */
// prettier-ignore
const GTIN_LABELS = [
  'ean', 'ean-?13', 'ean-?8', 'ean code', 'ean-code', 'code ean', 'código ean', 'codice ean', 'kod ean',
  'gtin', 'gtin-?1[234]', 'gtin-?8', 'upc', 'upc-?a', 'isbn', 'isbn-?13', 'barcode', 'bar code',
  'código de barras', 'codice a barre', 'code-barres', 'code barre', 'strichcode', 'kod kreskowy',
  'čiarový kód', 'čárový kód', 'vonalkód', 'штрихкод', 'штрих-код', 'штрих код', 'barkod', 'streckkod',
  'stregkode', 'strekkode', 'viivakoodi', 'jan', 'jan コード', 'janコード',
];

/** A label with its number is short; longer texts (descriptions) are not searched for labels. */
const MAX_TEXT_CHARS = 50;

const LABEL = `(?:${GTIN_LABELS.join('|')})`;
/** A GTIN as printed: 8 to 14 digits, possibly grouped by spaces or hyphens (`978-972-40-8498-5`). */
const NUMBER = String.raw`(\d[\d -]{6,18}\d)`;
/** Label and number in one text (`EAN: 6935364088101.`), the number ending the text. */
const LABEL_AND_NUMBER = new RegExp(String.raw`^${LABEL}(?!\p{L})\s*[:#.：]?\s*${NUMBER}\s*[.;]?$`, 'iu');
/** A label alone, its number in the next element (`<th>EAN</th><td>…</td>`). */
const LABEL_ONLY = new RegExp(String.raw`^${LABEL}\s*[:#.：]?$`, 'iu');

/**
 * True for 8, 12, 13 or 14 digits whose last digit is the GS1 check digit of the others
 * (weights 3 and 1 from the right), as EAN-8, UPC-A, EAN-13/ISBN-13 and GTIN-14 carry.
 */
export function isValidGtin(digits: string): boolean {
  if (!/^(?:\d{8}|\d{12,14})$/u.test(digits) || /^0+$/u.test(digits)) return false;
  let sum = 0;
  for (let i = digits.length - 2, weight = 3; i >= 0; i--, weight = 4 - weight) {
    sum += Number(digits[i]) * weight;
  }
  return (10 - (sum % 10)) % 10 === Number(digits[digits.length - 1]);
}

/** The digits of a printed number when they form a valid GTIN, else null. */
function gtinOf(printed: string | undefined): string | null {
  const digits = printed?.replace(/[ -]/gu, '') ?? '';
  return isValidGtin(digits) ? digits : null;
}

/** The next element sibling of an element, or null. */
function nextElementSibling(element: HtmlElement): HtmlElement | null {
  const siblings = element.parent?.children ?? [];
  for (let i = siblings.indexOf(element) + 1; i < siblings.length; i++) {
    const sibling = siblings[i];
    if (sibling !== undefined && typeof sibling !== 'string') return sibling;
  }
  return null;
}

/** The GTIN an element shows with a label, in its own text or in the element after it. */
function gtinShownBy(element: HtmlElement): string | null {
  if (element.textSize < 3 || element.textSize > MAX_TEXT_CHARS) return null;
  const text = shortTextOf(element, MAX_TEXT_CHARS);
  if (text === null) return null;
  if (/\d{8}/u.test(text.replace(/[ -]/gu, ''))) return gtinOf(LABEL_AND_NUMBER.exec(text)?.[1]);
  if (text.length > 25 || !LABEL_ONLY.test(text)) return null;
  const next = nextElementSibling(element);
  const nextText = next === null ? null : shortTextOf(next, 30);
  return nextText === null ? null : gtinOf(new RegExp(`^${NUMBER}$`, 'u').exec(nextText)?.[1]);
}

/** A barcode label anywhere in a text, to find the few elements worth reading whole. */
const LABEL_ANYWHERE = new RegExp(String.raw`(?<!\p{L})${LABEL}(?!\p{L})`, 'iu');

/**
 * Elements whose own text (not their children's) holds a barcode label, with their parents
 * (`<li><b>EAN:</b> 4006381333931</li>`), in document order. Reading only these keeps the rule
 * from collecting the text of every element of the page.
 */
function labelledElements(page: ParsedPage): HtmlElement[] {
  const found = new Set<HtmlElement>();
  for (const element of page.elements) {
    if (
      element.textSize < 3 ||
      element.textSize > MAX_TEXT_CHARS ||
      element.tag === 'script' ||
      element.tag === 'style' ||
      element.tag === 'head'
    ) {
      continue;
    }
    for (const child of element.children) {
      if (typeof child !== 'string' || !LABEL_ANYWHERE.test(child)) continue;
      if (element.parent !== null) found.add(element.parent);
      found.add(element);
      break;
    }
  }
  return [...found].sort((a, b) => a.order - b.order);
}

/**
 * Finds the barcode number (EAN, UPC, ISBN, JAN) the page prints with a label, closest to the
 * product title and outside recommendation areas; only numbers with a right check digit count.
 */
export function findShownGtin(page: ParsedPage, mainOrder: number | null): string | null {
  let best: { value: string; score: number } | null = null;
  for (const element of labelledElements(page)) {
    const value = gtinShownBy(element);
    if (value === null || isNoiseArea(element)) continue;
    const score = mainOrder === null ? 0 : distanceScore(element.order - mainOrder);
    if (best === null || score > best.score) best = { value, score };
  }
  return best?.value ?? null;
}
