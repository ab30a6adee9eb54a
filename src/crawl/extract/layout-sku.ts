import { type HtmlElement, type ParsedPage } from './dom.ts';
import { shortTextOf } from './text.ts';
import { distanceScore, hintsOf, isNoiseArea } from './layout.ts';

/**
 * Labels that shops print before their own product code, in many languages. Matched at the start
 * of a short text, followed by an optional colon, number sign or dot.
 */
// prettier-ignore
const STRONG_LABELS = [
  'sku', 'asin', 'product code', 'product no', 'product number', 'product id', 'item code', 'item no',
  'item number', 'item #', 'item id', 'article number', 'article no', 'art\\.?\\s*-?\\s*nr', 'art',
  'artikelnummer', 'artikel-nummer', 'artikel-nr', 'artikelnr', 'bestellnummer', 'best\\.?\\s*-?\\s*nr',
  'code produit', 'code article', 'cod produs', 'codice articolo', 'codice prodotto', 'kód produktu',
  'kod produktu', 'nr ref', 'numer referencyjny', 'numer katalogowy', 'šifra proizvoda', 'šifra',
  'katalógové číslo', 'katalogové číslo', 'objednací číslo', 'tootekood', 'код товара', 'артикул', 'арт',
  'ürün kodu', 'stok kodu', 'cikkszám', 'termékkód', 'varenummer', 'varenr', 'tuotenumero', 'tuotekoodi',
  'produktnummer', 'artnr', 'prekės kodas', 'preces kods', 'מק"ט', 'رمز المنتج', '商品編號', '商品番号',
  '品番', '货号', '상품번호',
];

/** Labels that may also introduce a manufacturer's reference, so they count for less. */
// prettier-ignore
const WEAK_LABELS = [
  'ref', 'réf', 'référence', 'reference', 'referencia', 'referência', 'codice', 'cod', 'código', 'kód', 'kod',
  'kood', 'код', 'model code',
];

/** An identifier as shops print it: letters, digits and a few joiners, with at least one digit. */
const ID_TOKEN = String.raw`(?=[\p{L}\d./_-]*\d)[\p{L}\d][\p{L}\d./_-]{1,38}[\p{L}\d]`;

/** A label followed by the code, the whole text of one element (`Product code: 83810610`). */
function labelAndValue(labels: readonly string[]): RegExp {
  return new RegExp(
    String.raw`^(?:${labels.join('|')})(?!\p{L})\s*[:#.：]?\s*(?:[:#]\s*)?(${ID_TOKEN})$`,
    'iu',
  );
}
const STRONG_LABEL_AND_VALUE = labelAndValue(STRONG_LABELS);
const WEAK_LABEL_AND_VALUE = labelAndValue(WEAK_LABELS);

/** A label alone (the code is in the next element, as in tables and definition lists). */
const LABEL_ONLY = new RegExp(
  String.raw`^(?:${[...STRONG_LABELS, ...WEAK_LABELS].join('|')})\s*[:#.：]?$`,
  'iu',
);
const STRONG_LABEL_ONLY = new RegExp(String.raw`^(?:${STRONG_LABELS.join('|')})\s*[:#.：]?$`, 'iu');

/** Class/id/test-attribute words of an element that holds the product code itself. */
const SKU_HINT =
  /(?:^|[^a-z])sku(?:[^a-z]|$)|product-?code|productcode|product-?ref|product-?reference|article-?n(?:umbe)?r|articlenr|item-?number|ref-?number|refnumber|prd-?code|product-?number|catnumber|product-identifier__number/iu;

/** A plain identifier text, when an element's hint says it holds the code. */
const ID_ONLY = new RegExp(String.raw`^(${ID_TOKEN})$`, 'u');

interface SkuCandidate {
  value: string;
  score: number;
}

/** The next element sibling of an element, or null. */
function nextElementSibling(element: HtmlElement): HtmlElement | null {
  const siblings = element.parent?.children ?? [];
  const index = siblings.indexOf(element);
  for (let i = index + 1; i < siblings.length; i++) {
    const sibling = siblings[i];
    if (sibling !== undefined && typeof sibling !== 'string') return sibling;
  }
  return null;
}

/** The code an element shows, with how sure the label makes us (2 strong, 1 class hint, 0 weak). */
function skuShownBy(element: HtmlElement): SkuCandidate | null {
  if (element.textSize < 2 || element.textSize > 60) return null;
  const text = shortTextOf(element, 60);
  if (text === null) return null;
  if (!/\d/u.test(text)) return labelledSibling(element, text);
  const strong = STRONG_LABEL_AND_VALUE.exec(text)?.[1];
  if (strong !== undefined) return { value: strong, score: 2 };
  const weak = WEAK_LABEL_AND_VALUE.exec(text)?.[1];
  if (weak !== undefined) return { value: weak, score: 0 };
  const roles = `${hintsOf(element)} ${element.attrs['data-qa-qualifier'] ?? ''} ${element.attrs['data-test'] ?? ''}`;
  if (SKU_HINT.test(roles)) {
    const plain = ID_ONLY.exec(text)?.[1];
    if (plain !== undefined) return { value: plain, score: 1 };
  }
  return null;
}

/** The code in the element after a label-only element (`<th>SKU</th><td>83810610</td>`). */
function labelledSibling(element: HtmlElement, text: string): SkuCandidate | null {
  if (text.length > 30 || !LABEL_ONLY.test(text)) return null;
  const next = nextElementSibling(element);
  const nextText = next === null ? null : shortTextOf(next, 60);
  const value = nextText === null ? undefined : ID_ONLY.exec(nextText)?.[1];
  return value === undefined ? null : { value, score: STRONG_LABEL_ONLY.test(text) ? 2 : 0 };
}

/**
 * Finds the product code the page shows to people (`Product code: 83810610`, `Art.-Nr. 2800395267`,
 * a `product-reference` span), preferring the one closest to the product title. Null when none.
 */
export function findShownSku(page: ParsedPage, mainOrder: number | null): string | null {
  let best: SkuCandidate | null = null;
  for (const element of page.elements) {
    if (element.tag === 'script' || element.tag === 'style' || element.tag === 'head') continue;
    const shown = skuShownBy(element);
    if (shown === null) continue;
    const { value } = shown;
    let score = shown.score + (mainOrder === null ? 0 : distanceScore(element.order - mainOrder));
    if (isNoiseArea(element)) score -= 4;
    // The innermost element that shows the code comes later in document order; keep the first.
    if (best === null || score > best.score) best = { value, score };
  }
  return best !== null && best.score > -3 ? best.value : null;
}
