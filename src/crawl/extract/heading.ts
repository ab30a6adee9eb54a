import { type HtmlElement, type ParsedPage } from './dom.ts';
import { shortTextOf, textOf } from './text.ts';
import { hintWords, isHidden } from './layout.ts';
import { sharedTokens, wordTokens } from './values.ts';

/** The element among `elements` whose text shares most tokens with `wanted` (at least one). */
function bestMatch(elements: readonly HtmlElement[], wanted: Set<string>): HtmlElement | null {
  let best: HtmlElement | null = null;
  let bestOverlap = 0;
  for (const element of elements) {
    const text = shortTextOf(element, 300);
    if (text === null || text === '') continue;
    const overlap = sharedTokens(text, wanted);
    if (overlap > bestOverlap) [best, bestOverlap] = [element, overlap];
  }
  return best;
}

/** Elements that may title a product when the page has no fitting `<h1>`. */
function isTitleLike(element: HtmlElement): boolean {
  if (element.tag === 'h2' || element.tag === 'h3') return true;
  if (element.attrs['itemprop'] === 'name') return true;
  return /(?:^|-)(?:title|name|product-?name|product-?title)(?:-|$)/u.test(hintWords(element));
}

/**
 * The element that titles the product, the anchor for "near the product" checks: the visible
 * `<h1>` sharing most words with the product name (or the page `<title>`); failing that an `<h2>`,
 * `<h3>` or a `title`/`name` element that does; failing that the first non-empty visible `<h1>`.
 */
export function findMainHeading(page: ParsedPage, name: string | null): HtmlElement | null {
  const title = page.elements.find((e) => e.tag === 'title');
  const wanted = wordTokens(name ?? (title === undefined ? '' : textOf(title)));
  const headings = page.elements.filter((e) => e.tag === 'h1' && !isHidden(e));
  const fromH1 = bestMatch(headings, wanted);
  if (fromH1 !== null) return fromH1;
  const body = page.elements.filter((e) => isTitleLike(e) && !isInHead(e) && !isHidden(e));
  const fromOthers = bestMatch(body, wanted);
  if (fromOthers !== null) return fromOthers;
  return headings.find((h) => textOf(h) !== '') ?? null;
}

function isInHead(element: HtmlElement): boolean {
  for (let e: HtmlElement | null = element; e !== null; e = e.parent) if (e.tag === 'head') return true;
  return false;
}
