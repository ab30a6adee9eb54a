/**
 * HTML of source_04, an auction marketplace: item pages and catalogue product pages in schema.org
 * microdata around eBay's older listing component (`li.s-item`); the search page is in
 * `source-04.search.ts`.
 */
import type { Catalogue, Offer, Product, Seller } from '../catalogue/catalogue.types.ts';
import { fillLabel } from '../catalogue/labels.ts';
import { formatMoney, minorToAmount } from '../catalogue/locale.ts';
import { escapeHtml, htmlDocument } from '../html.ts';
import { itemPath, listingTerms, positivePercent, productPath } from './source-04.model.ts';
import { lookupTable } from '../../platform/lib/lookup.ts';

type Text = Record<'bids' | 'buyNow' | 'positive' | 'endsAt', string>;
const TEXT: Record<string, Text> = lookupTable({
  de: {
    bids: '{count} Gebote',
    buyNow: 'Sofort-Kaufen',
    positive: '{percent} % positiv',
    endsAt: 'Endet am',
  },
  en: { bids: '{count} bids', buyNow: 'Buy It Now', positive: '{percent}% positive', endsAt: 'Ends' },
  fr: {
    bids: '{count} enchères',
    buyNow: 'Achat immédiat',
    positive: '{percent} % positives',
    endsAt: 'Se termine le',
  },
  it: {
    bids: '{count} offerte',
    buyNow: 'Compralo Subito',
    positive: '{percent}% positivi',
    endsAt: 'Termina il',
  },
  es: {
    bids: '{count} pujas',
    buyNow: '¡Cómpralo ya!',
    positive: '{percent} % positivos',
    endsAt: 'Termina el',
  },
});
const SCHEMA_CONDITION = {
  new: 'NewCondition',
  used: 'UsedCondition',
  refurbished: 'RefurbishedCondition',
} as const;

export interface Source04View {
  catalogue: Catalogue;
  baseUrl: string;
}

export const textOf = (catalogue: Catalogue): Text => TEXT[catalogue.locale.language] ?? (TEXT.en as Text);
const pathOf = (view: Source04View, path: string): string =>
  escapeHtml(new URL(view.baseUrl).pathname + path);
const money = (view: Source04View, minor: number): string =>
  escapeHtml(formatMoney(minor, view.catalogue.locale));

const regionOf = (storefront: string): string => (storefront === 'uk' ? 'GB' : storefront.toUpperCase());

export function layout(view: Source04View, title: string, body: string): string {
  return htmlDocument({
    // Region-qualified like the real site's pages, so `$` reads as CAD on ca and AUD on au.
    lang: `${view.catalogue.locale.language}-${regionOf(view.catalogue.storefront)}`,
    title: `${title} | Bidbay`,
    body: `<header id="gh"><a id="gh-la" href="${pathOf(view, '/')}">Bidbay</a></header>\n<div id="mainContent">\n${body}\n</div>\n<footer id="glbfooter">Bidbay</footer>`,
  });
}

export function shippingHtml(view: Source04View, offer: Offer): string {
  const { labels } = view.catalogue;
  const text =
    offer.shippingMinor === 0
      ? labels.freeShipping
      : fillLabel(labels.plusShipping, { amount: formatMoney(offer.shippingMinor, view.catalogue.locale) });
  return escapeHtml(text);
}

function termsHtml(view: Source04View, offer: Offer): string {
  const text = textOf(view.catalogue);
  const terms = listingTerms(view.catalogue, offer);
  if (terms.listingType === 'fixed_price')
    return `<span class="s-item__purchase-options">${escapeHtml(text.buyNow)}</span>`;
  return `<span class="s-item__bids" data-bids="${terms.bids}">${escapeHtml(fillLabel(text.bids, { count: terms.bids ?? 0 }))}</span> <span class="s-item__time-end">${escapeHtml(text.endsAt)} <time datetime="${terms.endsAt}">${terms.endsAt?.slice(0, 16).replace('T', ' ')}</time></span>`;
}

function sellerHtml(view: Source04View, seller: Seller): string {
  const percent = positivePercent(seller).toFixed(1);
  const shown = view.catalogue.locale.decimalSeparator === ',' ? percent.replace('.', ',') : percent;
  return `<span class="s-item__seller-info"><a class="s-item__seller-name" href="${pathOf(view, `/usr/${seller.id}`)}">${escapeHtml(seller.name)}</a> <span class="s-item__seller-feedback-count">(${seller.ratingCount})</span> <span class="s-item__seller-positive" data-percent="${percent}">${escapeHtml(fillLabel(textOf(view.catalogue).positive, { percent: shown }))}</span></span>`;
}

/** A listing card (search page) or listing row (catalogue product page). */
function listingHtml(view: Source04View, product: Product, offer: Offer, microdata: boolean): string {
  const { catalogue } = view;
  const seller = catalogue.sellers.get(offer.sellerId) as Seller;
  const offerScope = microdata ? ' itemprop="offers" itemscope itemtype="https://schema.org/Offer"' : '';
  return [
    `<li class="s-item" data-listing-id="${offer.id}" data-epid="${product.id}"${offerScope}>`,
    `<a class="s-item__link" href="${pathOf(view, itemPath(offer))}"${microdata ? ' itemprop="url"' : ''}><span class="s-item__title"${microdata ? ' itemprop="name"' : ''}>${escapeHtml(offer.title)}</span></a>`,
    `<span class="SECONDARY_INFO">${escapeHtml(catalogue.labels.condition[offer.condition])}</span>`,
    microdata
      ? `<link itemprop="itemCondition" href="https://schema.org/${SCHEMA_CONDITION[offer.condition]}">`
      : '',
    microdata
      ? `<meta itemprop="price" content="${minorToAmount(offer.priceMinor, catalogue.locale)}"><meta itemprop="priceCurrency" content="${catalogue.locale.currency}">`
      : '',
    `<span class="s-item__price">${money(view, offer.priceMinor)}</span>`,
    `<span class="s-item__shipping">${shippingHtml(view, offer)}</span>`,
    termsHtml(view, offer),
    sellerHtml(view, seller),
    '</li>',
  ]
    .filter((line) => line !== '')
    .join('\n');
}

function productHead(view: Source04View, product: Product, title: string): string {
  return [
    `<h1 class="x-item-title__mainTitle" itemprop="name">${escapeHtml(title)}</h1>`,
    `<meta itemprop="productID" content="${product.id}"><meta itemprop="gtin13" content="${product.gtin}"><meta itemprop="mpn" content="${escapeHtml(product.mpn)}">`,
    `<span itemprop="brand" itemscope itemtype="https://schema.org/Brand"><meta itemprop="name" content="${escapeHtml(product.brand)}"></span>`,
  ].join('\n');
}

/** An item page: one listing, its product identifiers, and its seller. */
export function itemPageHtml(view: Source04View, product: Product, offer: Offer): string {
  const canonical = escapeHtml(view.baseUrl + itemPath(offer));
  const listing = listingHtml(view, product, offer, true).replace(
    /<a class="s-item__link"[^>]*>(.*?)<\/a>/,
    '$1',
  );
  return layout(
    view,
    offer.title,
    `<div class="x-item" data-listing-id="${offer.id}" itemscope itemtype="https://schema.org/Product">\n<link rel="canonical" href="${canonical}">\n${productHead(view, product, offer.title)}\n<a class="x-item__product-link" href="${pathOf(view, productPath(product))}">${escapeHtml(product.name)}</a>\n<ul class="x-item__listing">\n${listing}\n</ul>\n</div>`,
  );
}

/** A catalogue product page: the product's identifiers and all its listings. */
export function productPageHtml(view: Source04View, product: Product): string {
  const canonical = escapeHtml(view.baseUrl + productPath(product));
  const rows = product.offers.map((offer) => listingHtml(view, product, offer, true));
  return layout(
    view,
    product.name,
    `<div class="x-product" itemscope itemtype="https://schema.org/Product">\n<link rel="canonical" href="${canonical}">\n${productHead(view, product, product.name)}\n<ul class="x-product__listings" data-count="${rows.length}">\n${rows.join('\n')}\n</ul>\n</div>`,
  );
}
