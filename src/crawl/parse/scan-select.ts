/**
 * Descendant selectors over the elements of a streaming scan (`scan.ts`), answering as cheerio
 * answers the same selector on a DOM of the page. A driver that moved from cheerio to the scan keeps
 * its selectors' meaning: `A B C` is a path of tests, matched from the element outwards through its
 * kept ancestors (the scan must keep every element a test of the path can meet), and
 * `scope.find('A B')` looks for `A` no further out than `scope` itself, as cheerio's `find` does.
 */
import type { ScannedElement } from './scan.ts';

/** A test on one element, as one compound selector (`input#ASIN`, `.a-price:not(.a-text-price)`) makes it. */
export type ElementTest = (element: ScannedElement) => boolean;

/** `tag#id` (any tag without `tag`); ids compare case-sensitively, as in a standards-mode page. */
export const withId =
  (id: string, tag?: string): ElementTest =>
  (element) =>
    element.attribs.id === id && (tag === undefined || element.name === tag);

/** `tag.className:not(.notClass)`; parts left undefined are not tested. */
export const withClassName =
  (className: string, tag?: string, notClass?: string): ElementTest =>
  (element) =>
    (tag === undefined || element.name === tag) &&
    element.classes.includes(className) &&
    (notClass === undefined || !element.classes.includes(notClass));

/** `tag` alone. */
export const withTag =
  (tag: string): ElementTest =>
  (element) =>
    element.name === tag;

/**
 * True when `element` passes the last test of `path` and has ancestors passing the others, each
 * further out than the one after it (the descendant selector `A B C`). With `scope`, ancestors are
 * looked for up to and including `scope`: cheerio's `scope.find('A B')` lets `A` be the scope itself
 * or inside it, never around it.
 */
export function matchesPath(
  element: ScannedElement,
  path: readonly ElementTest[],
  scope?: ScannedElement,
): boolean {
  let index = path.length - 1;
  if (index < 0 || !(path[index] as ElementTest)(element)) return false;
  index -= 1;
  // Nearest ancestor first: for descendant combinators the greedy match is the right one.
  for (let current = element.parent; index >= 0; current = current.parent) {
    if (current === undefined) return false;
    if ((path[index] as ElementTest)(current)) index -= 1;
    if (current === scope) return index < 0;
  }
  return true;
}

/** The elements among `elements` that match `path` (see {@link matchesPath}), in document order. */
export function selectAll(
  elements: readonly ScannedElement[],
  path: readonly ElementTest[],
  scope?: ScannedElement,
): ScannedElement[] {
  return elements.filter((element) => matchesPath(element, path, scope));
}

/** The first element among `elements` that matches `path`: `$(…).first()`. */
export function selectFirst(
  elements: readonly ScannedElement[],
  path: readonly ElementTest[],
  scope?: ScannedElement,
): ScannedElement | undefined {
  return elements.find((element) => matchesPath(element, path, scope));
}

/** The first element of `scope` (strictly inside it) matching `path`: `scope.find(path).first()`. */
export function findFirst(scope: ScannedElement, path: readonly ElementTest[]): ScannedElement | undefined {
  return selectFirst(scope.inner, path, scope);
}

/** Attributes whose presence is their value in HTML: cheerio's `.attr` answers their name. */
const BOOLEAN_ATTRIBUTE =
  /^(?:autofocus|autoplay|async|checked|controls|defer|disabled|hidden|loop|multiple|open|readonly|required|scoped|selected)$/i;

/**
 * An attribute as cheerio's `.attr(name)` reads it: the attribute itself (a boolean attribute's
 * name), else an `option`'s text for `value`, else `on` for the `value` of a checkbox or radio
 * button without one.
 */
export function attributeOf(element: ScannedElement | undefined, name: string): string | undefined {
  if (element === undefined) return undefined;
  if (Object.hasOwn(element.attribs, name))
    return BOOLEAN_ATTRIBUTE.test(name) ? name : element.attribs[name];
  if (name !== 'value') return undefined;
  if (element.name === 'option') return element.text;
  const type = element.attribs.type;
  return element.name === 'input' && (type === 'radio' || type === 'checkbox') ? 'on' : undefined;
}

/** The element's text, or `''` without one: `$(…).first().text()` on a selection that may be empty. */
export const textOf = (element: ScannedElement | undefined): string => element?.text ?? '';
