/**
 * Reading a page in one streaming pass without building a DOM. A driver names the elements it needs
 * (by tag, class or attribute); the scan keeps only those, each with its attributes, its whole text
 * and the kept elements inside it. On a product page that is a few dozen elements instead of a tree
 * of every node, and no CSS selector is compiled or matched: cheerio's DOM plus selectors cost about
 * two thirds of the engine's CPU per page (docs/crawl-engine.md, "Parsing").
 */
import { Parser } from 'htmlparser2';
import type { SkippablePieces } from './page-text.ts';
import { inRawTextBody, SkippingTokenizer } from './scan.tokenizer.ts';

/** htmlparser2's HTML rules with entities decoded, skipping scripts and styles with `indexOf`. */
const PARSER_OPTIONS = { decodeEntities: true, Tokenizer: SkippingTokenizer };

/** An element the scan kept. */
export interface ScannedElement {
  /** Lowercase tag name. */
  readonly name: string;
  /** Attributes, entity-decoded, lowercase names. */
  readonly attribs: Readonly<Record<string, string>>;
  /** Its class names (the `class` attribute split on whitespace). */
  readonly classes: readonly string[];
  /** Every text inside the element, entity-decoded, as `cheerio`'s `.text()` answers it. */
  text: string;
  /** Kept elements inside this one, in document order (at any depth). */
  readonly inner: ScannedElement[];
  /** The nearest kept element around this one, or undefined. */
  readonly parent: ScannedElement | undefined;
  /**
   * With {@link ScanOptions.hide}: the text without what stands inside hidden elements within this
   * one (cheerio's clone, `.find(hidden).remove()`, `.text()`); the element itself is never left out.
   */
  shownText?: string;
}

/**
 * Decides, from its tag name and attributes, whether an element is kept. `parent` is the nearest
 * kept element around it (its `parent` chain holds every kept ancestor), so a rule can keep an
 * element only inside the containers a descendant selector names.
 */
export type KeepElement = (
  name: string,
  attribs: Readonly<Record<string, string>>,
  parent?: ScannedElement,
) => boolean;

/**
 * What a scan reads: a text, its pieces, or a page's pieces that may leave out what a script or
 * style body holds while no kept element is open ({@link SkippablePieces}): the kept elements and
 * their texts are the same in each case.
 */
export type ScanInput = string | Iterable<string> | SkippablePieces;

/** What else a scan records. */
export interface ScanOptions {
  /** Elements whose text (and everything inside them) the `shownText` of the elements around them leaves out. */
  hide?: (name: string, attribs: Readonly<Record<string, string>>) => boolean;
}

/**
 * Every element of `html` that `keep` accepts, in document order. Opening and closing follow
 * htmlparser2's HTML rules (implied closes, void elements), as cheerio's DOM does. `html` may come
 * in pieces (a page's `textPieces`), parsed as they are taken, with the answer of the whole text.
 */
export function scanElements(
  html: ScanInput,
  keep: KeepElement,
  options: ScanOptions = {},
): ScannedElement[] {
  if (options.hide !== undefined) return scanHiding(html, keep, options.hide);
  const kept: ScannedElement[] = [];
  // One entry per open element: the kept element, or undefined for the others.
  const stack: (ScannedElement | undefined)[] = [];
  const open: ScannedElement[] = [];
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        const parent = open[open.length - 1];
        if (!keep(name, attribs, parent)) {
          stack.push(undefined);
          return;
        }
        const classes = classesOf(attribs);
        const element: ScannedElement = { name, attribs, classes, text: '', inner: [], parent };
        for (const outer of open) outer.inner.push(element);
        kept.push(element);
        open.push(element);
        stack.push(element);
      },
      ontext(text) {
        for (const element of open) element.text += text;
      },
      onclosetag() {
        if (stack.pop() !== undefined) open.pop();
      },
    },
    PARSER_OPTIONS,
  );
  parseAll(parser, html, open);
  return kept;
}

/**
 * {@link scanElements} that also fills `shownText`. A text is shown in an element when no hidden
 * element opened inside it is still open: each kept element notes how many hidden elements were open
 * once it was (itself included), and the text counts where that number is the current one.
 */
function scanHiding(
  html: ScanInput,
  keep: KeepElement,
  hide: NonNullable<ScanOptions['hide']>,
): ScannedElement[] {
  const kept: ScannedElement[] = [];
  const stack: { element: ScannedElement | undefined; hidden: boolean }[] = [];
  const open: ScannedElement[] = [];
  const hiddenAt: number[] = [];
  let hiddenOpen = 0;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        const hidden = hide(name, attribs);
        if (hidden) hiddenOpen += 1;
        const parent = open[open.length - 1];
        if (!keep(name, attribs, parent)) {
          stack.push({ element: undefined, hidden });
          return;
        }
        const classes = classesOf(attribs);
        const element: ScannedElement = {
          name,
          attribs,
          classes,
          text: '',
          inner: [],
          parent,
          shownText: '',
        };
        for (const outer of open) outer.inner.push(element);
        kept.push(element);
        open.push(element);
        hiddenAt.push(hiddenOpen);
        stack.push({ element, hidden });
      },
      ontext(text) {
        for (let index = 0; index < open.length; index += 1) {
          const element = open[index] as ScannedElement;
          element.text += text;
          if (hiddenAt[index] === hiddenOpen) element.shownText += text;
        }
      },
      onclosetag() {
        const closed = stack.pop();
        if (closed?.hidden) hiddenOpen -= 1;
        if (closed?.element !== undefined) {
          open.pop();
          hiddenAt.pop();
        }
      },
    },
    PARSER_OPTIONS,
  );
  parseAll(parser, html, open);
  return kept;
}

/**
 * Parses `html` to its end. Pieces that may skip are told to while no kept element is open (whose
 * text would hold what is skipped) and the tokenizer is inside a script or style body.
 */
function parseAll(parser: Parser, html: ScanInput, open: readonly ScannedElement[]): void {
  if (typeof html === 'string') parser.write(html);
  else {
    const tokenizer = (parser as unknown as { tokenizer: SkippingTokenizer }).tokenizer;
    const pieces =
      typeof html === 'function' ? html(() => open.length === 0 && inRawTextBody(tokenizer)) : html;
    for (const piece of pieces) parser.write(piece);
  }
  parser.end();
}

function classesOf(attribs: Readonly<Record<string, string>>): string[] {
  const value = attribs.class;
  return value === undefined || value === '' ? [] : value.split(/\s+/);
}

/** True when the element's class names include `className`. */
export function hasClass(element: { readonly classes: readonly string[] }, className: string): boolean {
  return element.classes.includes(className);
}

/**
 * A keep rule for the elements carrying any of `classNames`: one {@link classPattern} test per
 * element, where splitting every element's `class` made an array per element of the page.
 */
export function keepClasses(classNames: readonly string[]): KeepElement {
  const wanted = classPattern(classNames);
  return (_name, attribs) => {
    const value = attribs.class;
    return value !== undefined && wanted.test(value);
  };
}

/**
 * The kept elements among `elements` with class `className` (and tag `tag` when given): the
 * equivalent of `$(elements).find('tag.className')` on the scan's elements.
 */
export function withClass(
  elements: readonly ScannedElement[],
  className: string,
  tag?: string,
): ScannedElement[] {
  return elements.filter(
    (element) => (tag === undefined || element.name === tag) && hasClass(element, className),
  );
}

/** The text of every element with `className` among `elements`, concatenated (cheerio's `.find(…).text()`). */
export function textOfClass(elements: readonly ScannedElement[], className: string): string {
  let text = '';
  for (const element of elements) if (hasClass(element, className)) text += element.text;
  return text;
}

/** The first element with `className` (and tag `tag`) among `elements`, or undefined. */
export function firstWithClass(
  elements: readonly ScannedElement[],
  className: string,
  tag?: string,
): ScannedElement | undefined {
  return elements.find(
    (element) => (tag === undefined || element.name === tag) && hasClass(element, className),
  );
}

/**
 * The kept elements inside any of `containers`, once each, in document order: what
 * `$(containers).find(…)` searches.
 */
export function insideAll(containers: readonly ScannedElement[]): readonly ScannedElement[] {
  if (containers.length === 1) return (containers[0] as ScannedElement).inner;
  return [...new Set(containers.flatMap((container) => container.inner))];
}

/**
 * A pattern that finds any of `classNames` as a whole class in a `class` attribute's value (class
 * names split on whitespace, as `classes` and CSS selectors split them). One test per element is
 * cheaper than splitting every element's classes on a page of tens of thousands of elements.
 */
export function classPattern(classNames: readonly string[]): RegExp {
  const names = classNames.map((name) => name.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&'));
  return new RegExp(`(?:^|\\s)(?:${names.join('|')})(?:\\s|$)`);
}
