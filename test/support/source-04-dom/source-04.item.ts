/**
 * eBay's own item page (`/itm/<id>`, G34: source_04), in the two layouts real pages show: the 2021
 * view-item page (`#prcIsum` or `#prcIsum_bidPrice` with a machine `content`, `#itemTitle`,
 * `.mbg-nw` seller) and the current one (`.x-price-primary`, `h1.x-item-title__mainTitle`,
 * `.x-sellercard-atf`). The price's currency is the listing's (`itemprop="priceCurrency"`), which
 * may differ from the site's (a British seller on ebay.com lists in GBP).
 */
import type { CheerioAPI } from 'cheerio/slim';
import { resolveCurrency } from '../../../src/crawl/extract/page-currency.ts';
import { PageParseError } from '../../../src/crawl/vocabulary/crawl.errors.ts';
import type { FetchedPage } from '../../../src/crawl/vocabulary/crawl.types.ts';
import { conditionOf } from '../../../src/crawl/parse/condition.ts';
import { absoluteUrl, required } from '../../../src/crawl/parse/page.ts';
import { cleanText, parseAmount, parseCount, totalOf } from '../../../src/crawl/parse/values.ts';
import type { Listing, ProductIdentity } from './source-04.card.ts';

const ITEM_LINK = /\/itm\/(?:[^/?#]*\/)?(\d{6,})(?:[/?#]|$)/u;
const POSITIVE = /([\d.,]+)\s?%/u;

function firstText($: CheerioAPI, selector: string): string {
  const element = $(selector).first().clone();
  element.find('.g-hdn, .clipped').remove();
  return cleanText(element.text());
}

/** The price shown and its machine value where the page gives one. */
function priceOf($: CheerioAPI): { text: string; amount: number | null; auction: boolean } {
  const bid = $('#prcIsum_bidPrice').first();
  const fixed = $('#prcIsum, #mm-saleDscPrc').first();
  const element = fixed.length > 0 ? fixed : bid;
  if (element.length > 0) {
    const content = Number(element.attr('content'));
    const text = cleanText(element.text());
    return {
      text,
      amount: Number.isFinite(content) && content > 0 ? content : parseAmount(text),
      auction: fixed.length === 0,
    };
  }
  const text = firstText($, '.x-price-primary .ux-textspans, .x-price-primary');
  return { text, amount: parseAmount(text), auction: $('.x-bid-count, #vi-VR-bid-lnk').length > 0 };
}

/** The listing's currency: the offer's microdata, else the shown price read with the page's signals. */
function currencyOf($: CheerioAPI, page: FetchedPage, priceText: string): string {
  const declared = $('[itemprop="priceCurrency"]').first().attr('content');
  if (declared) return declared;
  const host = new URL(page.url).hostname;
  const code = resolveCurrency(priceText, { declared: [], locale: $('html').attr('lang') ?? null, host });
  return required(code, 'currency', page);
}

/** Shipping as shown before any conversion (`GBP 8.75 (approx. US $11.69)`); free or none is 0. */
function shippingOf($: CheerioAPI): number {
  const text = firstText($, '#fshippingCost, .ux-labels-values--shipping .ux-textspans--BOLD');
  return parseAmount(text.replace(/\(.*$/u, '')) ?? 0;
}

/** Reads a real item page (both layouts); a page without a price is a `PageParseError`. */
export function readViewItem(
  $: CheerioAPI,
  page: FetchedPage,
): { identity: ProductIdentity; listing: Listing } {
  const price = priceOf($);
  if (price.amount === null) throw new PageParseError(`no listing on ${page.url}`);
  const canonical = $('link[rel="canonical"]').attr('href');
  const url = canonical ? absoluteUrl(canonical, page) : page.url;
  const itemId =
    cleanText($('#descItemNumber').first().text()) ||
    ITEM_LINK.exec(url)?.[1] ||
    ITEM_LINK.exec(page.url)?.[1];
  const title = firstText($, '#itemTitle, h1.x-item-title__mainTitle');
  const shipping = shippingOf($);
  const feedback = POSITIVE.exec(firstText($, '#si-fb, .x-sellercard-atf__data-item'))?.[1];
  const identity: ProductIdentity = {
    epid: null,
    name: title,
    url,
    gtin: $('[itemprop="gtin13"]').first().attr('content') ?? null,
    brand: cleanText($('[itemprop="brand"] [itemprop="name"]').first().text()) || null,
    mpn: cleanText($('[itemprop="mpn"]').first().text()) || null,
  };
  const bids = parseCount($('#qty-test').first().text() || $('.x-bid-count').first().text());
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
      currency: currencyOf($, page, price.text),
      condition: conditionOf(firstText($, '#vi-itm-cond, .x-item-condition-text .ux-textspans')),
      listing_type: price.auction ? 'auction' : 'fixed_price',
      bids: price.auction ? bids : null,
      ends_at: null,
      seller_name: firstText($, '.mbg-nw, .x-sellercard-atf__info__about-seller .ux-textspans'),
      seller_rating: feedback === undefined ? null : Number(feedback.replace(',', '.')),
      seller_rating_count: parseCount($('.mbg-l a').first().text()),
    },
  };
}
