/**
 * eBay's own item page (`/itm/<id>`, G34: source_04), in the two layouts real pages show: the 2021
 * view-item page (`#prcIsum` or `#prcIsum_bidPrice` with a machine `content`, `#itemTitle`,
 * `.mbg-nw` seller) and the current one (`.x-price-primary`, `h1.x-item-title__mainTitle`,
 * `.x-sellercard-atf`). The price's currency is the listing's (`itemprop="priceCurrency"`), which
 * may differ from the site's (a British seller on ebay.com lists in GBP).
 */
import { resolveCurrency } from '../../extract/page-currency.ts';
import { PageParseError } from '../../vocabulary/crawl.errors.ts';
import type { FetchedPage } from '../../vocabulary/crawl.types.ts';
import { conditionOf } from '../../parse/condition.ts';
import { absoluteUrl, required } from '../../parse/page.ts';
import { firstWithClass, hasClass, insideAll, withClass, type ScannedElement } from '../../parse/scan.ts';
import { cleanText, parseAmount, parseCount, totalOf } from '../../parse/values.ts';
import type { Listing, ProductIdentity } from './source-04.card.ts';
import type { ScannedPage } from './source-04.keep.ts';

const ITEM_LINK = /\/itm\/(?:[^/?#]*\/)?(\d{6,})(?:[/?#]|$)/u;
const POSITIVE = /([\d.,]+)\s?%/u;

/** One alternative of a selector list: an id, a class, or a class inside a container class. */
type Pick = { id: string } | { className: string; tag?: string; inside?: string };

/**
 * The first kept element matching any of `picks`, in document order: `$('a, b').first()`. A class
 * inside a container matches only below an element of that class.
 */
function firstOf(kept: readonly ScannedElement[], picks: readonly Pick[]): ScannedElement | undefined {
  const tests = picks.map((pick): ((element: ScannedElement) => boolean) => {
    if ('id' in pick) return (element) => element.attribs.id === pick.id;
    const { className, tag } = pick;
    const matches = (element: ScannedElement) =>
      hasClass(element, className) && (tag === undefined || element.name === tag);
    if (pick.inside === undefined) return matches;
    const below = new Set(insideAll(withClass(kept, pick.inside)));
    return (element) => below.has(element) && matches(element);
  });
  return kept.find((element) => tests.some((test) => test(element)));
}

/** The shown text of the first element of `picks` (hidden and screen-reader-only parts left out). */
function firstText(kept: readonly ScannedElement[], picks: readonly Pick[]): string {
  const element = firstOf(kept, picks);
  return cleanText(element?.shownText ?? element?.text);
}

const byItemprop = (kept: readonly ScannedElement[], itemprop: string) =>
  kept.find((element) => element.attribs.itemprop === itemprop);

/** The price shown and its machine value where the page gives one. */
function priceOf(kept: readonly ScannedElement[]): { text: string; amount: number | null; auction: boolean } {
  const bid = firstOf(kept, [{ id: 'prcIsum_bidPrice' }]);
  const fixed = firstOf(kept, [{ id: 'prcIsum' }, { id: 'mm-saleDscPrc' }]);
  const element = fixed ?? bid;
  if (element !== undefined) {
    const content = Number(element.attribs.content);
    const text = cleanText(element.text);
    return {
      text,
      amount: Number.isFinite(content) && content > 0 ? content : parseAmount(text),
      auction: fixed === undefined,
    };
  }
  const text = firstText(kept, [{ className: 'x-price-primary' }]);
  const bidShown = firstOf(kept, [{ className: 'x-bid-count' }, { id: 'vi-VR-bid-lnk' }]);
  return { text, amount: parseAmount(text), auction: bidShown !== undefined };
}

/** The listing's currency: the offer's microdata, else the shown price read with the page's signals. */
function currencyOf(scanned: ScannedPage, page: FetchedPage, priceText: string): string {
  const declared = byItemprop(scanned.kept, 'priceCurrency')?.attribs.content;
  if (declared) return declared;
  const host = new URL(page.url).hostname;
  const code = resolveCurrency(priceText, { declared: [], locale: scanned.lang ?? null, host });
  return required(code, 'currency', page);
}

/** Shipping as shown before any conversion (`GBP 8.75 (approx. US $11.69)`); free or none is 0. */
function shippingOf(kept: readonly ScannedElement[]): number {
  const text = firstText(kept, [
    { id: 'fshippingCost' },
    { className: 'ux-textspans--BOLD', inside: 'ux-labels-values--shipping' },
  ]);
  return parseAmount(text.replace(/\(.*$/u, '')) ?? 0;
}

/** The text of the first `a` inside `.mbg-l` (the seller's feedback count). */
function feedbackCountText(kept: readonly ScannedElement[]): string | undefined {
  return insideAll(withClass(kept, 'mbg-l')).find((element) => element.name === 'a')?.text;
}

/** Reads a real item page (both layouts); a page without a price is a `PageParseError`. */
export function readViewItem(
  scanned: ScannedPage,
  page: FetchedPage,
): { identity: ProductIdentity; listing: Listing } {
  const { kept } = scanned;
  const price = priceOf(kept);
  if (price.amount === null) throw new PageParseError(`no listing on ${page.url}`);
  const canonical = kept.find(
    (element) => element.name === 'link' && element.attribs.rel?.toLowerCase() === 'canonical',
  )?.attribs.href;
  const url = canonical ? absoluteUrl(canonical, page) : page.url;
  const itemId =
    cleanText(firstOf(kept, [{ id: 'descItemNumber' }])?.text) ||
    ITEM_LINK.exec(url)?.[1] ||
    ITEM_LINK.exec(page.url)?.[1];
  const title = firstText(kept, [{ id: 'itemTitle' }, { className: 'x-item-title__mainTitle', tag: 'h1' }]);
  const shipping = shippingOf(kept);
  const feedback = POSITIVE.exec(
    firstText(kept, [{ id: 'si-fb' }, { className: 'x-sellercard-atf__data-item' }]),
  )?.[1];
  const brands = kept.filter((element) => element.attribs.itemprop === 'brand');
  const identity: ProductIdentity = {
    epid: null,
    name: title,
    url,
    gtin: byItemprop(kept, 'gtin13')?.attribs.content ?? null,
    brand: cleanText(byItemprop(insideAll(brands), 'name')?.text) || null,
    mpn: cleanText(byItemprop(kept, 'mpn')?.text) || null,
  };
  const bids = parseCount(
    firstOf(kept, [{ id: 'qty-test' }])?.text || firstWithClass(kept, 'x-bid-count')?.text,
  );
  return {
    identity,
    listing: {
      item_id: required(itemId, 'item id', page),
      epid: null,
      title,
      url,
      price: price.amount,
      shipping,
      total: totalOf(price.amount, shipping),
      currency: currencyOf(scanned, page, price.text),
      condition: conditionOf(
        firstText(kept, [
          { id: 'vi-itm-cond' },
          { className: 'ux-textspans', inside: 'x-item-condition-text' },
        ]),
      ),
      listing_type: price.auction ? 'auction' : 'fixed_price',
      bids: price.auction ? bids : null,
      ends_at: null,
      seller_name: firstText(kept, [
        { className: 'mbg-nw' },
        { className: 'ux-textspans', inside: 'x-sellercard-atf__info__about-seller' },
      ]),
      seller_rating: feedback === undefined ? null : Number(feedback.replace(',', '.')),
      seller_rating_count: parseCount(feedbackCountText(kept)),
    },
  };
}
