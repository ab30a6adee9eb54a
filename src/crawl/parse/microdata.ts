/**
 * schema.org microdata read with cheerio: an item's own properties, never those of items nested
 * inside it (an offer's seller `name` is not the product's `name`).
 */
import type { CheerioAPI } from 'cheerio/slim';
import type { Selection } from './page.ts';
import { cleanText } from './values.ts';

/** Items of a schema.org type on the page (`Product` matches `https://schema.org/Product`). */
export function microdataItems($: CheerioAPI, type: string): Selection {
  return $(`[itemscope][itemtype$="/${type}"]`);
}

/** The elements carrying property `name` of `item` itself. */
export function itemProperty($: CheerioAPI, item: Selection, name: string): Selection {
  const scope = item.get(0);
  return item
    .find(`[itemprop~="${name}"]`)
    .filter((_, element) => $(element).parent().closest('[itemscope]').get(0) === scope);
}

/**
 * The value of property `name` of `item`: `content` of `<meta>`, `href` of `<link>`/`<a>`, else a
 * `content` attribute or the element's text. Undefined when the item lacks the property.
 */
export function itemValue($: CheerioAPI, item: Selection, name: string): string | undefined {
  const element = itemProperty($, item, name).first();
  if (element.length === 0) return undefined;
  const tag = (element.prop('tagName') ?? '').toLowerCase();
  if (tag === 'meta') return element.attr('content');
  if (tag === 'link' || tag === 'a') return element.attr('href');
  return element.attr('content') ?? cleanText(element.text());
}
