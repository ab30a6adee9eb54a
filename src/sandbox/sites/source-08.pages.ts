/**
 * HTML of source_08 "Preisland", a German marketplace. Search tiles and product pages are marked up
 * with schema.org microdata (a `Product` whose `AggregateOffer` nests one `Offer` per seller, each
 * with its seller and shipping rate); the offer listing `/product/<id>/offers/` adds seller ratings,
 * condition and offer titles in plain classes and data attributes.
 */
import type { Catalogue, Offer, Product } from '../catalogue/catalogue.types.ts';
import { fillLabel } from '../catalogue/labels.ts';
import { formatMoney } from '../catalogue/locale.ts';
import { escapeHtml, htmlDocument } from '../html.ts';
import { lowestPriceMinor, sellerOf } from './shop-kit.ts';
import { priceSummary } from './site-kit.ts';

export const SEARCH_PAGE_SIZE = 20;

export const productPath = (id: string): string => `/product/${id}/`;
export const offersPath = (id: string): string => `/product/${id}/offers/`;
export const searchPath = (term: string): string => `/s/?search_value=${encodeURIComponent(term)}`;

const SCHEMA = 'https://schema.org';
const AVAILABILITY = { green: 'InStock', orange: 'LimitedAvailability', red: 'OutOfStock' } as const;
const decimal = (minor: number): string => (minor / 100).toFixed(2);

function layout(catalogue: Catalogue, title: string, body: string, head = ''): string {
  return htmlDocument({
    lang: catalogue.locale.language,
    title: `${title} | Preisland`,
    head,
    body: `<header class="header">Preisland</header>\n<main class="main">\n${body}\n</main>`,
  });
}

/** Search tiles, each a microdata `Product` with its lowest price. */
export function searchPageHtml(
  catalogue: Catalogue,
  prefix: string,
  term: string,
  results: readonly Product[],
): string {
  const { locale, labels } = catalogue;
  const tiles = results.map((product) =>
    [
      `<article class="product-tile" itemscope itemtype="${SCHEMA}/Product">`,
      `<meta itemprop="productID" content="${product.id}">`,
      `<a class="product-tile__link" itemprop="url" href="${escapeHtml(prefix + productPath(product.id))}"><h2 class="product-tile__title" itemprop="name">${escapeHtml(product.name)}</h2></a>`,
      `<div itemprop="offers" itemscope itemtype="${SCHEMA}/AggregateOffer"><meta itemprop="lowPrice" content="${decimal(lowestPriceMinor(product))}"><meta itemprop="priceCurrency" content="${locale.currency}">`,
      `<span class="product-tile__price">ab ${escapeHtml(formatMoney(lowestPriceMinor(product), locale))}</span></div>`,
      '</article>',
    ].join('\n'),
  );
  const body =
    results.length === 0
      ? `<p class="results__empty">${escapeHtml(fillLabel(labels.noResults, { term }))}</p>`
      : tiles.join('\n');
  return layout(catalogue, term, `<div class="results" data-total="${results.length}">\n${body}\n</div>`);
}

function offerItemHtml(catalogue: Catalogue, offer: Offer): string {
  const { locale, labels } = catalogue;
  const seller = sellerOf(offer, catalogue);
  const shipping =
    offer.shippingMinor === 0
      ? labels.freeShipping
      : fillLabel(labels.plusShipping, { amount: formatMoney(offer.shippingMinor, locale) });
  return [
    `<li class="offer" itemprop="offers" itemscope itemtype="${SCHEMA}/Offer" data-offer-id="${offer.id}">`,
    `<meta itemprop="price" content="${decimal(offer.priceMinor)}"><meta itemprop="priceCurrency" content="${locale.currency}">`,
    `<link itemprop="availability" href="${SCHEMA}/${AVAILABILITY[offer.availability]}">`,
    `<span class="offer__price">${escapeHtml(formatMoney(offer.priceMinor, locale))}</span>`,
    `<div class="offer__seller" itemprop="seller" itemscope itemtype="${SCHEMA}/Organization"><span itemprop="name">${escapeHtml(seller.name)}</span></div>`,
    `<div itemprop="shippingDetails" itemscope itemtype="${SCHEMA}/OfferShippingDetails"><div itemprop="shippingRate" itemscope itemtype="${SCHEMA}/MonetaryAmount">`,
    `<meta itemprop="value" content="${decimal(offer.shippingMinor)}"><meta itemprop="currency" content="${locale.currency}"><span class="offer__shipping">${escapeHtml(shipping)}</span></div></div>`,
    `<span class="offer__availability">${escapeHtml(labels.availability[offer.availability])}</span>`,
    '</li>',
  ].join('\n');
}

/** A product page: the product with every offer, all in microdata. */
export function productPageHtml(catalogue: Catalogue, baseUrl: string, product: Product): string {
  const summary = priceSummary(product.offers, catalogue);
  return layout(
    catalogue,
    product.name,
    [
      `<div class="pdp" itemscope itemtype="${SCHEMA}/Product">`,
      `<meta itemprop="productID" content="${product.id}"><meta itemprop="gtin13" content="${product.gtin}">`,
      `<link itemprop="url" href="${escapeHtml(baseUrl + productPath(product.id))}">`,
      `<h1 class="pdp__title" itemprop="name">${escapeHtml(product.name)}</h1>`,
      `<div class="pdp__brand" itemprop="brand" itemscope itemtype="${SCHEMA}/Brand"><span itemprop="name">${escapeHtml(product.brand)}</span></div>`,
      `<div class="pdp__offers" itemprop="offers" itemscope itemtype="${SCHEMA}/AggregateOffer">`,
      `<meta itemprop="lowPrice" content="${summary.price_min.toFixed(2)}"><meta itemprop="highPrice" content="${summary.price_max.toFixed(2)}">`,
      `<meta itemprop="offerCount" content="${product.offers.length}"><meta itemprop="priceCurrency" content="${catalogue.locale.currency}">`,
      `<ul class="offer-list">\n${product.offers.map((offer) => offerItemHtml(catalogue, offer)).join('\n')}\n</ul>`,
      `<a class="pdp__allOffers" href="${escapeHtml(baseUrl + offersPath(product.id))}">Alle Angebote vergleichen</a>`,
      '</div>',
      '</div>',
    ].join('\n'),
  );
}

/** The offer listing with the details the product page leaves out. */
export function offersPageHtml(catalogue: Catalogue, prefix: string, product: Product): string {
  const { labels, locale } = catalogue;
  const rows = product.offers.map((offer) => {
    const seller = sellerOf(offer, catalogue);
    return [
      `<div class="offer-row" data-offer-id="${offer.id}" data-seller-id="${seller.id}">`,
      `<span class="offer-row__title">${escapeHtml(offer.title)}</span>`,
      `<span class="offer-row__condition" data-condition="${offer.condition}">${escapeHtml(labels.condition[offer.condition])}</span>`,
      `<a class="offer-row__seller" href="${escapeHtml(`${prefix}/shop/${seller.id}/`)}">${escapeHtml(seller.name)}</a>`,
      `<span class="offer-row__rating" data-rating="${seller.rating.toFixed(1)}">(${escapeHtml(fillLabel(labels.ratings, { count: seller.ratingCount }))})</span>`,
      `<span class="offer-row__price">${escapeHtml(formatMoney(offer.priceMinor, locale))}</span>`,
      '</div>',
    ].join('\n');
  });
  return layout(
    catalogue,
    `Angebote: ${product.name}`,
    `<h1>${escapeHtml(product.name)}</h1>\n<section class="offer-table" data-product-id="${product.id}">\n${rows.join('\n')}\n</section>`,
  );
}
