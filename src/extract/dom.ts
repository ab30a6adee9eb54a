import { Parser } from 'htmlparser2';

/**
 * A lean element tree built straight from htmlparser2's callbacks. It keeps only what the
 * extractor reads (tag, attributes, text, document order) and sets script bodies aside, which
 * keeps a 1.5 MB page cheap to walk.
 */
export interface HtmlElement {
  tag: string;
  attrs: Record<string, string>;
  /** Child elements and text, in document order. */
  children: (HtmlElement | string)[];
  parent: HtmlElement | null;
  /** Position in document order (0 for the root), for "comes before" and distance checks. */
  order: number;
  /** Visible non-blank characters in the subtree; lets text probes skip large containers cheaply. */
  textSize: number;
}

/** A script element's attributes and raw body (JSON state lives there). */
export interface ScriptBlock {
  attrs: Record<string, string>;
  text: string;
}

/** A parsed page: its root, all elements in document order, and its script bodies. */
export interface ParsedPage {
  root: HtmlElement;
  elements: HtmlElement[];
  scripts: ScriptBlock[];
}

/** Elements whose text is never visible content. */
const HIDDEN_TEXT_TAGS = new Set(['script', 'style', 'noscript', 'template', 'svg']);

/**
 * Parses HTML into a lean tree. htmlparser2 repairs broken markup (unclosed tags, stray end tags)
 * the way browsers mostly do; this function never throws on bad HTML.
 */
export function parseHtml(html: string): ParsedPage {
  const root: HtmlElement = { tag: '#root', attrs: {}, children: [], parent: null, order: 0, textSize: 0 };
  const elements: HtmlElement[] = [];
  const scripts: ScriptBlock[] = [];
  let current = root;
  let scriptText: string[] | null = null;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        const element: HtmlElement = {
          tag: name,
          attrs: attribs,
          children: [],
          parent: current,
          order: 0,
          textSize: 0,
        };
        element.order = elements.push(element);
        current.children.push(element);
        current = element;
        if (name === 'script') scriptText = [];
      },
      ontext(text) {
        if (scriptText !== null) scriptText.push(text);
        else if (!HIDDEN_TEXT_TAGS.has(current.tag)) {
          current.children.push(text);
          current.textSize += text.length - (text.match(/\s/gu)?.length ?? 0);
        }
      },
      onclosetag(name) {
        if (name === 'script' && scriptText !== null) {
          scripts.push({ attrs: current.attrs, text: scriptText.join('') });
          scriptText = null;
        }
        if (current.parent === null) return;
        if (!HIDDEN_TEXT_TAGS.has(current.tag)) current.parent.textSize += current.textSize;
        current = current.parent;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  return { root, elements, scripts };
}

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

/**
 * The visible text of an element as a browser would lay it out: inline pieces joined as they are
 * (so `87<span>.</span>11` stays `87.11`), blocks separated by a space, whitespace collapsed.
 * `skip` leaves out whole subtrees (for example crossed-out old prices).
 */
export function textOf(element: HtmlElement, skip?: (e: HtmlElement) => boolean): string {
  const parts: string[] = [];
  collectText(element, parts, skip);
  return parts.join('').replace(/\s+/gu, ' ').trim();
}

function collectText(element: HtmlElement, parts: string[], skip?: (e: HtmlElement) => boolean): void {
  if (HIDDEN_TEXT_TAGS.has(element.tag)) return;
  const block = BLOCK_TAGS.has(element.tag);
  if (block) parts.push(' ');
  for (const child of element.children) {
    if (typeof child === 'string') parts.push(child);
    else if (skip === undefined || !skip(child)) collectText(child, parts, skip);
  }
  if (block) parts.push(' ');
}

/**
 * Like {@link textOf}, but gives up (returning null) once the text passes `maxChars`, so that
 * probing every element of a large page for short labels stays cheap.
 */
export function shortTextOf(element: HtmlElement, maxChars: number): string | null {
  if (element.textSize > maxChars) return null;
  const parts: string[] = [];
  let length = 0;
  const walk = (e: HtmlElement): boolean => {
    if (HIDDEN_TEXT_TAGS.has(e.tag)) return true;
    const block = BLOCK_TAGS.has(e.tag);
    if (block) parts.push(' ');
    for (const child of e.children) {
      if (typeof child === 'string') {
        parts.push(child);
        length += child.length;
        if (length > maxChars * 4) return false;
      } else if (!walk(child)) return false;
    }
    if (block) parts.push(' ');
    return true;
  };
  if (!walk(element)) return null;
  const text = parts.join('').replace(/\s+/gu, ' ').trim();
  return text.length > maxChars ? null : text;
}

/** The text directly inside an element, without its child elements' text. */
export function ownTextOf(element: HtmlElement): string {
  return element.children
    .filter((c): c is string => typeof c === 'string')
    .join(' ')
    .replace(/\s+/gu, ' ')
    .trim();
}

/** The nearest ancestor (or the element itself) that passes the test, or null. */
export function closest(element: HtmlElement, test: (e: HtmlElement) => boolean): HtmlElement | null {
  for (let e: HtmlElement | null = element; e !== null; e = e.parent) if (test(e)) return e;
  return null;
}

/** Element descendants of an element, depth first, in document order. */
export function descendants(element: HtmlElement): HtmlElement[] {
  const out: HtmlElement[] = [];
  const stack: HtmlElement[] = [element];
  while (stack.length > 0) {
    const e = stack.pop() as HtmlElement;
    if (e !== element) out.push(e);
    for (let i = e.children.length - 1; i >= 0; i--) {
      const child = e.children[i];
      if (child !== undefined && typeof child !== 'string') stack.push(child);
    }
  }
  return out;
}
