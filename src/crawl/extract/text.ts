/** The text of elements as a browser lays it out, collected without recursion and within budgets. */
import { HIDDEN_TEXT_TAGS, type HtmlElement } from './dom.ts';

/** Elements that browsers lay out as blocks: their text is separated from the text around them. */
const BLOCK_TAGS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'br',
  'dd',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'option',
  'p',
  'section',
  'select',
  'table',
  'tbody',
  'td',
  'th',
  'tr',
  'ul',
  'button',
  'label',
]);

/** Limits and hooks of a text walk (see {@link walkText}). */
export interface TextWalk {
  /** Give up (null) once this many characters were collected. */
  maxChars: number;
  /** Give up (null) once this many elements were visited: a price or a label is never that big. */
  maxNodes: number;
  /**
   * Called for each descendant element before its text, with the last characters collected so
   * far (up to 32) and a way to add text; returns false to leave the element out.
   */
  enter?: (element: HtmlElement, tail: string, push: (text: string) => void) => boolean;
}

/**
 * Collects the text of an element as a browser lays it out, without recursion (pages nest tens of
 * thousands of unclosed tags): inline pieces are joined as they are, blocks are set apart by a
 * space. Returns the raw text, or null when a budget ran out.
 */
export function walkText(element: HtmlElement, walk: TextWalk): string | null {
  if (HIDDEN_TEXT_TAGS.has(element.tag)) return '';
  if (element.size === 0) return leafText(element, walk.maxChars);
  const parts: string[] = [];
  let length = 0;
  let nodes = 0;
  const push = (text: string): void => {
    parts.push(text);
    length += text.length;
  };
  const stack: (HtmlElement | string)[] = [element];
  while (stack.length > 0) {
    const item = stack.pop() as HtmlElement | string;
    if (typeof item === 'string') {
      push(item);
      if (length > walk.maxChars) return null;
      continue;
    }
    if (++nodes > walk.maxNodes || (item === element && item.size >= walk.maxNodes)) return null;
    if (HIDDEN_TEXT_TAGS.has(item.tag)) continue;
    if (item !== element && walk.enter !== undefined && !walk.enter(item, tailOf(parts), push)) continue;
    const block = BLOCK_TAGS.has(item.tag);
    if (block) {
      push(' ');
      stack.push(' ');
    }
    for (let i = item.children.length - 1; i >= 0; i--) stack.push(item.children[i] as HtmlElement | string);
  }
  return parts.join('');
}

/** The text of an element without child elements, the common case, without a walk. */
function leafText(element: HtmlElement, maxChars: number): string | null {
  const { children } = element;
  const text = children.length === 1 ? (children[0] as string) : children.join('');
  if (text.length > maxChars) return null;
  return BLOCK_TAGS.has(element.tag) ? ` ${text} ` : text;
}

/** The last (up to) 32 characters collected so far. */
function tailOf(parts: readonly string[]): string {
  let tail = '';
  for (let i = parts.length - 1; i >= 0 && tail.length < 32; i--) tail = (parts[i] as string) + tail;
  return tail.slice(-32);
}

/** Collapses runs of whitespace and trims. */
export function collapse(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

/**
 * The visible text of an element as a browser would lay it out: inline pieces joined as they are
 * (so `87<span>.</span>11` stays `87.11`), blocks separated by a space, whitespace collapsed.
 */
export function textOf(element: HtmlElement): string {
  return collapse(walkText(element, { maxChars: Infinity, maxNodes: Infinity }) ?? '');
}

/**
 * Like {@link textOf}, but gives up (returning null) once the text passes `maxChars`, so that
 * probing every element of a large page for short labels stays cheap.
 */
export function shortTextOf(element: HtmlElement, maxChars: number): string | null {
  if (element.textSize > maxChars) return null;
  const text =
    element.textSize <= SHARED_TEXT_CHARS ? sharedShortText(element) : boundedText(element, maxChars);
  return text === null || text.length > maxChars ? null : text;
}

/**
 * Labels, codes and price tags are probed by several rules in turn; the text of such small
 * elements is collected once per element and shared.
 */
const SHARED_TEXT_CHARS = 64;

function sharedShortText(element: HtmlElement): string | null {
  if (element.memoShortText === undefined) element.memoShortText = boundedText(element, SHARED_TEXT_CHARS);
  return element.memoShortText;
}

/** The collapsed text of an element, or null once the walk passes its budgets for `maxChars`. */
function boundedText(element: HtmlElement, maxChars: number): string | null {
  const raw = walkText(element, { maxChars: maxChars * 4, maxNodes: 400 });
  return raw === null ? null : collapse(raw);
}
