/**
 * schema.org in RDFa Lite (`vocab`, `typeof`, `property`) read with cheerio: an item's own
 * properties, never those of items nested inside it.
 */
import type { CheerioAPI } from 'cheerio/slim';
import type { Selection } from './page.ts';
import { cleanText } from './values.ts';

/** Items of a type on the page (`typeof="Product"`). */
export function rdfaItems($: CheerioAPI, type: string): Selection {
  return $(`[typeof~="${type}"]`);
}

/** The elements carrying property `name` of `item` itself. */
export function rdfaProperty($: CheerioAPI, item: Selection, name: string): Selection {
  const scope = item.get(0);
  return item
    .find(`[property~="${name}"]`)
    .filter((_, element) => $(element).parent().closest('[typeof]').get(0) === scope);
}

/**
 * The value of property `name` of `item`: a `content` attribute wins (RDFa's machine value), then
 * `href` of `<link>`/`<a>`, then the text. Undefined when the item lacks the property.
 */
export function rdfaValue($: CheerioAPI, item: Selection, name: string): string | undefined {
  const element = rdfaProperty($, item, name).first();
  if (element.length === 0) return undefined;
  const content = element.attr('content');
  if (content !== undefined) return content;
  const tag = (element.prop('tagName') ?? '').toLowerCase();
  if (tag === 'link' || tag === 'a') return element.attr('href');
  return cleanText(element.text());
}
