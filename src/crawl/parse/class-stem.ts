/**
 * Class names with build hashes. Sites built with CSS modules ship `sr-resultList__item_m6xdA`,
 * whose suffix changes with every release; the part before it (the stem) is what the site's
 * developers wrote and what stays. Parsers name stems and match any release's suffix.
 */
import type { KeepElement, ScannedElement } from './scan.ts';

/** A build hash: a few letters and digits after the stem's last `_` (never a BEM `__element`). */
const HASH_SUFFIX = /^[A-Za-z0-9][A-Za-z0-9-]{3,9}$/;

/** True when `className` is `stem` itself or `stem` plus one build-hash suffix. */
export function classMatchesStem(className: string, stem: string): boolean {
  if (className === stem) return true;
  if (!className.startsWith(`${stem}_`)) return false;
  return HASH_SUFFIX.test(className.slice(stem.length + 1));
}

/** True when one of the element's class names has the stem `stem`. */
export function hasClassStem(element: { readonly classes: readonly string[] }, stem: string): boolean {
  return element.classes.some((className) => classMatchesStem(className, stem));
}

/** A keep rule for the elements carrying a class of any of `stems`. */
export function keepClassStems(stems: readonly string[]): KeepElement {
  return (_name, attribs) => {
    const value = attribs.class;
    if (value === undefined || value === '') return false;
    const classes = value.split(/\s+/);
    return stems.some((stem) => classes.some((className) => classMatchesStem(className, stem)));
  };
}

/** The elements among `elements` with a class of stem `stem` (and tag `tag` when given). */
export function withClassStem(
  elements: readonly ScannedElement[],
  stem: string,
  tag?: string,
): ScannedElement[] {
  return elements.filter(
    (element) => (tag === undefined || element.name === tag) && hasClassStem(element, stem),
  );
}

/** The first element with a class of stem `stem` (and tag `tag`), or undefined. */
export function firstWithClassStem(
  elements: readonly ScannedElement[],
  stem: string,
  tag?: string,
): ScannedElement | undefined {
  return elements.find(
    (element) => (tag === undefined || element.name === tag) && hasClassStem(element, stem),
  );
}

/** The text of every element with a class of stem `stem` among `elements`, concatenated. */
export function textOfClassStem(elements: readonly ScannedElement[], stem: string): string {
  let text = '';
  for (const element of elements) if (hasClassStem(element, stem)) text += element.text;
  return text;
}
