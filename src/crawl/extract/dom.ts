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
  /** Number of descendant elements, for the same purpose. */
  size: number;
  // Answers several rules ask for many times (each candidate asks about its ancestors), kept on
  // the element, which is cheaper than a WeakMap lookup; `undefined` until computed.
  /** Class and id, lowercased. */
  memoHints: string | undefined;
  /** Class and id words joined by `-`. */
  memoHintWords: string | undefined;
  /** Collapsed text of a small element, or null when over budget. */
  memoShortText: string | null | undefined;
  /** In a recommendation, navigation or footer area. */
  memoNoise: boolean | undefined;
  /** Hidden by markup, itself or an ancestor. */
  memoHidden: boolean | undefined;
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
export const HIDDEN_TEXT_TAGS = new Set(['script', 'style', 'noscript', 'template', 'svg']);

/**
 * Nesting beyond which parsing stops. Real pages nest a few hundred levels at most; htmlparser2
 * spends time proportional to the depth on every tag, so a page of endless unclosed tags would
 * otherwise take minutes. What came before the cut is kept.
 */
const MAX_DEPTH = 3000;

/**
 * Characters of a text that are not whitespace. A plain loop: it runs on every text node of the
 * page, and a regex match would allocate an array per node.
 */
function visibleLength(text: string): number {
  let visible = 0;
  for (let i = 0; i < text.length; i++) if (!isSpaceCode(text.charCodeAt(i))) visible++;
  return visible;
}

/** Exactly the characters `\s` matches, by code unit. */
function isSpaceCode(code: number): boolean {
  if (code > 32 && code < 160) return false;
  return (
    code === 32 ||
    (code >= 9 && code <= 13) ||
    code === 160 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    WIDE_SPACES.has(code)
  );
}

/** Whitespace above U+200A that `\s` matches. */
const WIDE_SPACES = new Set([0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff]);

/** Creates an element under a parent (not yet attached). */
function newElement(tag: string, attrs: Record<string, string>, parent: HtmlElement | null): HtmlElement {
  return {
    tag,
    attrs,
    children: [],
    parent,
    order: 0,
    textSize: 0,
    size: 0,
    memoHints: undefined,
    memoHintWords: undefined,
    memoShortText: undefined,
    memoNoise: undefined,
    memoHidden: undefined,
  };
}

/** Adds a finished element's text and size to its parent; returns the parent. */
function closeElement(element: HtmlElement): HtmlElement {
  const parent = element.parent ?? element;
  if (parent === element) return element;
  if (!HIDDEN_TEXT_TAGS.has(element.tag)) parent.textSize += element.textSize;
  parent.size += element.size + 1;
  return parent;
}

/**
 * Parses HTML into a lean tree. htmlparser2 repairs broken markup (unclosed tags, stray end tags)
 * the way browsers mostly do; this function never throws on bad HTML.
 */
export function parseHtml(html: string): ParsedPage {
  const root = newElement('#root', {}, null);
  const elements: HtmlElement[] = [];
  const scripts: ScriptBlock[] = [];
  let current = root;
  let depth = 0;
  let scriptText: string[] | null = null;
  const parser: Parser = new Parser(
    {
      onopentag(name, attribs) {
        const element = newElement(name, attribs, current);
        element.order = elements.push(element);
        current.children.push(element);
        current = element;
        if (name === 'script') scriptText = [];
        if (++depth > MAX_DEPTH) parser.pause();
      },
      ontext(text) {
        if (scriptText !== null) scriptText.push(text);
        else if (!HIDDEN_TEXT_TAGS.has(current.tag)) {
          current.children.push(text);
          current.textSize += visibleLength(text);
        }
      },
      onclosetag(name) {
        if (name === 'script' && scriptText !== null) {
          scripts.push({ attrs: current.attrs, text: scriptText.join('') });
          scriptText = null;
        }
        depth--;
        current = closeElement(current);
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  if (depth <= MAX_DEPTH) parser.end();
  // Elements still open after a cut are closed here, so sizes add up to the root.
  while (current !== root) current = closeElement(current);
  return { root, elements, scripts };
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
