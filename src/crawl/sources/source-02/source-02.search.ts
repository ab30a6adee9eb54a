/**
 * The search page of source_02 (Amazon's result list, G34), read in one streaming pass
 * (`parse/scan.ts`) that keeps the result cards and what the parser reads inside them, no DOM: real
 * search pages weigh about 1.3 MB. Each selector is a path of tests (`parse/scan-select.ts`) that
 * answers as the cheerio selector written beside it did.
 */
import { PageParseError } from '../../vocabulary/crawl.errors.ts';
import type { FetchedPage } from '../../vocabulary/crawl.types.ts';
import { absoluteUrl, assertCompletePage, required } from '../../parse/page.ts';
import { skippablePieces } from '../../parse/page-text.ts';
import { classPattern, scanElements, type KeepElement, type ScannedElement } from '../../parse/scan.ts';
import {
  attributeOf,
  findFirst,
  selectFirst,
  textOf,
  withClassName,
  withTag,
  type ElementTest,
} from '../../parse/scan-select.ts';
import { cleanText, parseAmount } from '../../parse/values.ts';
import { amazonCurrency, keepCurrencyMarkup, scannedCurrencyMarkup } from './source-02.markup.ts';

export interface SearchCard {
  product_id: string;
  name: string;
  price: number | null;
}

export interface SearchPage {
  /** Organic results only: sponsored cards are left out. */
  cards: SearchCard[];
  /** The sponsored cards among the results, in page order (not results; kept for checks). */
  sponsored: SearchCard[];
  /** The first card on the page, sponsored or not. */
  firstOnPage: SearchCard | undefined;
  /** ISO code of the card prices, or null on a page without prices. */
  currency: string | null;
  nextUrl: string | undefined;
}

const CARD_TYPES = new Set(['s-search-result', 'sp-sponsored-result']);

/** `div[data-component-type="s-search-result"], div[data-component-type="sp-sponsored-result"]` */
const isCard = (element: ScannedElement): boolean =>
  element.name === 'div' && CARD_TYPES.has(element.attribs['data-component-type'] ?? '');

/** Classes the parser reads: the list, the ads' labels, prices and pagination. */
const SEARCH_CLASSES = classPattern([
  's-result-list',
  's-main-slot',
  'a-price',
  'a-offscreen',
  'puis-sponsored-label-text',
  's-sponsored-label-text',
  's-pagination-next',
  'a-pagination',
  'a-last',
]);

const hasSearchClass = (value: string | undefined): boolean =>
  value !== undefined && SEARCH_CLASSES.test(value);

/** True when `parent` or a kept element around it passes `test`. */
function inside(parent: ScannedElement | undefined, test: ElementTest): boolean {
  for (let current = parent; current !== undefined; current = current.parent) if (test(current)) return true;
  return false;
}

const A_LAST = withClassName('a-last');

/**
 * Keeps a superset of what the selectors can match: the cards, the classes above, and the titles
 * (`h2`, `[data-cy="title-recipe"]`) inside cards and the links inside `.a-last`.
 */
const keepSearchElement: KeepElement = (name, attribs, parent) => {
  if (name === 'div' && CARD_TYPES.has(attribs['data-component-type'] ?? '')) return true;
  if (hasSearchClass(attribs.class) || keepCurrencyMarkup(name, attribs, parent)) return true;
  if (name === 'h2' || attribs['data-cy'] === 'title-recipe') return inside(parent, isCard);
  return name === 'a' && inside(parent, A_LAST);
};

const TITLE_RECIPE: ElementTest = (element) => element.attribs['data-cy'] === 'title-recipe';
const H2 = withTag('h2');
const A_OFFSCREEN = withClassName('a-offscreen');
/** `.a-price:not(.a-text-price) .a-offscreen`, then `.a-price .a-offscreen`. */
const SHOWN_PRICE = [withClassName('a-price', undefined, 'a-text-price'), A_OFFSCREEN];
const ANY_PRICE = [withClassName('a-price'), A_OFFSCREEN];
const SPONSORED_LABEL: ElementTest = (element) =>
  element.classes.includes('puis-sponsored-label-text') || element.classes.includes('s-sponsored-label-text');

/** A result card is an ad when the page marks it so, in any of the markings Amazon has used. */
function isSponsored(card: ScannedElement): boolean {
  return (
    card.classes.includes('AdHolder') ||
    attributeOf(card, 'data-component-type') === 'sp-sponsored-result' ||
    card.inner.some(SPONSORED_LABEL)
  );
}

/** A card as the page shows it, with its price text as read (the currency is read from it). */
function readCard(card: ScannedElement, page: FetchedPage) {
  const title = findFirst(card, [TITLE_RECIPE, H2]) ?? findFirst(card, [H2]);
  const priceText = cleanText(textOf(findFirst(card, SHOWN_PRICE)) || textOf(findFirst(card, ANY_PRICE)));
  return {
    sponsored: isSponsored(card),
    priceText,
    card: {
      product_id: required(attributeOf(card, 'data-asin'), 'result item code', page),
      name: cleanText(textOf(title)),
      price: parseAmount(priceText),
    },
  };
}

const RESULT_LIST: ElementTest = (element) =>
  element.classes.includes('s-result-list') || element.classes.includes('s-main-slot');

/**
 * Reads a search page. Cards are `[data-component-type="s-search-result"]` with the item code in
 * `data-asin`; the title is the card's title `h2` (in current markup the `a-text-normal` class sits
 * on the `h2` itself, in 2022 on a link and a span inside it, so the `h2`'s text is read once).
 */
export function parseSearchPage(page: FetchedPage): SearchPage {
  assertCompletePage(page);
  const kept = scanElements(skippablePieces(page), keepSearchElement);
  if (!kept.some(RESULT_LIST)) throw new PageParseError(`no result list on ${page.url}`);
  const all = kept
    .filter((element) => isCard(element) && (attributeOf(element, 'data-asin') ?? '') !== '')
    .map((card) => readCard(card, page));
  // a.s-pagination-next, else .a-pagination .a-last a
  const next =
    attributeOf(kept.find(withClassName('s-pagination-next', 'a')), 'href') ??
    attributeOf(selectFirst(kept, [withClassName('a-pagination'), A_LAST, withTag('a')]), 'href');
  const shownPrice = all.find((entry) => entry.priceText !== '')?.priceText ?? '';
  return {
    cards: all.filter((entry) => !entry.sponsored).map((entry) => entry.card),
    sponsored: all.filter((entry) => entry.sponsored).map((entry) => entry.card),
    firstOnPage: all[0]?.card,
    currency: shownPrice === '' ? null : amazonCurrency(scannedCurrencyMarkup(kept), page, shownPrice),
    nextUrl: next ? absoluteUrl(next, page) : undefined,
  };
}
