/**
 * What the scan of a source_04 page keeps (`src/crawl/parse/scan.ts`): the elements the parsers
 * read, by class, id or microdata, and common tags (`span`, `time`, `a`) only inside the container a
 * selector names them in, so a 1.6 MB item page or a 3 MB search page keeps a few hundred elements.
 */
import type { FetchedPage } from '../../vocabulary/crawl.types.ts';
import { skippablePieces } from '../../parse/page-text.ts';
import { scanElements, type KeepElement, type ScannedElement } from '../../parse/scan.ts';
import { CARD_CLASSES } from './source-04.card.ts';

/** A page's kept elements and the `lang` of its first `<html>` (read on the way, never kept). */
export interface ScannedPage {
  kept: ScannedElement[];
  lang: string | undefined;
}

type Attribs = Readonly<Record<string, string>>;

/** How a page kind is scanned: what it keeps and what the fields' shown texts leave out. */
export interface ScanRule {
  keep: KeepElement;
  hide: (name: string, attribs: Attribs) => boolean;
}

/** Scans `page` with `rule`, noting the first `<html>`'s `lang` (cheerio's `$('html').attr('lang')`). */
export function scanPage(page: FetchedPage, rule: ScanRule): ScannedPage {
  let html: Attribs | undefined;
  const keep: KeepElement = (name, attribs, parent) => {
    if (name === 'html' && html === undefined) html = attribs;
    return rule.keep(name, attribs, parent);
  };
  const kept = scanElements(skippablePieces(page), keep, { hide: rule.hide });
  return { kept, lang: html?.lang };
}

/**
 * A test of whether an element's class names include any of `names`: one regular expression over
 * the `class` attribute, about twice as fast as splitting it on every element of a large page.
 */
function anyClassOf(names: readonly string[]): (attribs: Attribs) => boolean {
  const escaped = names.map((name) => name.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&'));
  const pattern = new RegExp(`(?:^|\\s)(?:${escaped.join('|')})(?=\\s|$)`, 'u');
  return (attribs) => {
    const value = attribs.class;
    return value !== undefined && pattern.test(value);
  };
}

/** True when a kept element around the one being opened (`parent` and its chain) has one of `names`. */
function inClass(parent: ScannedElement | undefined, names: readonly string[]): boolean {
  for (let element = parent; element !== undefined; element = element.parent)
    if (names.some((name) => element.classes.includes(name))) return true;
  return false;
}

/** The older listing component (`li.s-item`): 2022 search pages, the sandbox's item and product pages. */
const ITEM_ROW_CLASSES = [
  's-item',
  's-item__link',
  's-item__price',
  's-item__shipping',
  's-item__bids',
  's-item__title',
  'SECONDARY_INFO',
  's-item__time-end',
  's-item__seller-name',
  's-item__seller-info-text',
  's-item__seller-positive',
  's-item__seller-feedback-count',
];

const hasSearchClass = anyClassOf([
  ...ITEM_ROW_CLASSES,
  ...CARD_CLASSES,
  'srp-results',
  'srp-controls__count-heading',
  'pagination',
  'pagination__next',
]);

const hiddenInCardTitle = anyClassOf(['clipped', 's-card__new-listing']);
const hiddenInViewItem = anyClassOf(['g-hdn', 'clipped']);

/** Search pages: the result list, its cards of both layouts, the heading and the pagination. */
export const keepSearchElement: ScanRule = {
  keep: (name, attribs, parent) => {
    if (hasSearchClass(attribs)) return true;
    if (name === 'link' && attribs.itemprop === 'itemCondition') return true;
    if (name === 'time' && inClass(parent, ['s-item__time-end', 's-card__time-end'])) return true;
    return name === 'span' && inClass(parent, ['s-card__subtitle']);
  },
  // A card's title without its screen-reader note and its "New listing" badge.
  hide: (_name, attribs) => hiddenInCardTitle(attribs),
};

const VIEW_ITEM_IDS: ReadonlySet<string> = new Set([
  'prcIsum_bidPrice',
  'prcIsum',
  'mm-saleDscPrc',
  'descItemNumber',
  'itemTitle',
  'fshippingCost',
  'si-fb',
  'vi-itm-cond',
  'qty-test',
  'vi-VR-bid-lnk',
]);

const hasItemClass = anyClassOf([
  ...ITEM_ROW_CLASSES,
  'x-item',
  'x-item__listing',
  'x-product',
  'x-product__listings',
  'x-price-primary',
  'x-bid-count',
  'x-item-title__mainTitle',
  'ux-labels-values--shipping',
  'x-sellercard-atf__data-item',
  'x-item-condition-text',
  'x-sellercard-atf__info__about-seller',
  'mbg-nw',
  'mbg-l',
]);

const hasTextspanClass = anyClassOf(['ux-textspans', 'ux-textspans--BOLD']);

/** Containers in which the current item page's fields are `.ux-textspans`. */
const TEXTSPAN_CONTAINERS = [
  'ux-labels-values--shipping',
  'x-item-condition-text',
  'x-sellercard-atf__info__about-seller',
];

/**
 * Item and catalogue product pages: the sandbox's microdata and listing rows, the 2021 view-item
 * ids and the current `x-` layout's blocks.
 */
export const keepItemElement: ScanRule = {
  keep: (name, attribs, parent) => {
    if (attribs.itemprop !== undefined) return true;
    if (attribs.id !== undefined && VIEW_ITEM_IDS.has(attribs.id)) return true;
    if (hasItemClass(attribs)) return true;
    if (name === 'link' && attribs.rel?.toLowerCase() === 'canonical') return true;
    if (name === 'a' && inClass(parent, ['mbg-l'])) return true;
    if (name === 'time' && inClass(parent, ['s-item__time-end'])) return true;
    return hasTextspanClass(attribs) && inClass(parent, TEXTSPAN_CONTAINERS);
  },
  // The fields the old layout reads as shown text leave out hidden and screen-reader-only parts.
  hide: (_name, attribs) => hiddenInViewItem(attribs),
};
