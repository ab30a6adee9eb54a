/**
 * source_06 "Kaufhaus Nord": a German department store with partner sellers. Plain server-rendered
 * HTML with the shop's own BEM-style classes and no structured data; the search term is part of the
 * path (`/suche/<term>/`), product pages list every seller's offer.
 */
import type { FastifyInstance } from 'fastify';
import type { Catalogue, CatalogueProfile, Offer, Product } from '../catalogue/catalogue.types.ts';
import { searchCatalogue } from '../catalogue/catalogue.ts';
import { randomCode } from '../catalogue/identifiers.ts';
import { fillLabel } from '../catalogue/labels.ts';
import { formatMoney } from '../catalogue/locale.ts';
import { escapeHtml, htmlDocument } from '../html.ts';
import type { SandboxSite, SiteContext, SiteTruth, TruthInput } from '../sandbox.types.ts';
import { listedOffersTruth, lowestPriceMinor, sellerOf, termAndIdShopTruth } from './shop-kit.ts';
import { htmlRoute, slugOf, siteBaseUrl } from './site-kit.ts';
import { productPageIn } from './drift-kit.ts';

const SEARCH_PAGE_SIZE = 30;

const profile: CatalogueProfile = {
  source: 'source_06',
  productCount: 250,
  makeProductId: (rng) => randomCode('S0', 10, rng),
  makeOfferId: (rng) => randomCode('V', 12, rng),
  makeSellerId: (rng) => randomCode('P', 6, rng),
  offersPerProduct: { min: 1, max: 5 },
  shopCount: 0,
  marketplaceSellerCount: 25,
  marketplaces: ['Kaufhaus Nord Partner'],
  marketplaceShare: 1,
  operatorName: 'Kaufhaus Nord',
  memberPriceShare: 0,
  pznStorefronts: [],
};

const productPath = (product: Product): string => `/p/${slugOf(product.name)}-${product.id}/`;
const searchPath = (term: string): string => `/suche/${encodeURIComponent(term)}/`;
const AVAILABILITY_CLASS = { green: 'available', orange: 'delayed', red: 'notAvailable' } as const;

function layout(catalogue: Catalogue, title: string, body: string, head = ''): string {
  return htmlDocument({
    lang: catalogue.locale.language,
    title: `${title} | Kaufhaus Nord`,
    head,
    body: `<header class="nav_header"><a class="nav_logo" href="/">Kaufhaus Nord</a></header>\n<main class="nav_main">\n${body}\n</main>`,
  });
}

function searchPageHtml(
  catalogue: Catalogue,
  prefix: string,
  term: string,
  results: readonly Product[],
): string {
  const tiles = results.map((product) =>
    [
      `<article class="find_tile" data-product-id="${product.id}">`,
      `<a class="find_tile__productLink" href="${escapeHtml(prefix + productPath(product))}">`,
      `<p class="find_tile__brand">${escapeHtml(product.brand)}</p><p class="find_tile__name">${escapeHtml(product.name)}</p></a>`,
      `<span class="find_tile__retailPrice">ab ${escapeHtml(formatMoney(lowestPriceMinor(product), catalogue.locale))}</span>`,
      '</article>',
    ].join('\n'),
  );
  const body =
    results.length === 0
      ? `<section class="find_emptyResult"><h2>${escapeHtml(fillLabel(catalogue.labels.noResults, { term }))}</h2></section>`
      : `<h1 class="find_headline">${escapeHtml(fillLabel(catalogue.labels.results, { count: results.length }))}</h1>\n<div class="find_tileList">\n${tiles.join('\n')}\n</div>`;
  return layout(catalogue, term, `<section class="find_searchResult">\n${body}\n</section>`);
}

function sellerRowHtml(catalogue: Catalogue, offer: Offer): string {
  const { labels, locale } = catalogue;
  const seller = sellerOf(offer, catalogue);
  const shipping =
    offer.shippingMinor === 0
      ? labels.freeShipping
      : fillLabel(labels.plusShipping, { amount: formatMoney(offer.shippingMinor, locale) });
  return [
    `<li class="pdp_seller" data-seller-id="${seller.id}">`,
    `<span class="pdp_seller__offerTitle">${escapeHtml(offer.title)}</span>`,
    `<span class="pdp_seller__price">${escapeHtml(formatMoney(offer.priceMinor, locale))}</span>`,
    `<span class="pdp_seller__shipping">${escapeHtml(shipping)}</span>`,
    `<span class="pdp_availability pdp_availability--${AVAILABILITY_CLASS[offer.availability]}">${escapeHtml(labels.availability[offer.availability])}</span>`,
    `<span class="pdp_seller__name">Verkauf und Versand durch <b class="pdp_seller__nameValue">${escapeHtml(seller.name)}</b></span>`,
    '</li>',
  ].join('\n');
}

function productPageHtml(catalogue: Catalogue, baseUrl: string, product: Product): string {
  const rows = product.offers.map((offer) => sellerRowHtml(catalogue, offer));
  return layout(
    catalogue,
    product.name,
    [
      `<div class="pdp_product" data-product-id="${product.id}">`,
      `<span class="pdp_brand">${escapeHtml(product.brand)}</span>`,
      `<h1 class="pdp_short-info__main-name">${escapeHtml(product.name)}</h1>`,
      `<div class="pdp_price"><span class="pdp_price__retailPrice">ab ${escapeHtml(formatMoney(lowestPriceMinor(product), catalogue.locale))}</span></div>`,
      `<section class="pdp_sellers"><h2 class="pdp_sellers__headline">Angebote von ${product.offers.length} Händlern</h2>`,
      `<ul class="pdp_sellers__list">\n${rows.join('\n')}\n</ul></section>`,
      '</div>',
    ].join('\n'),
    `<link rel="canonical" href="${escapeHtml(baseUrl + productPath(product))}">`,
  );
}

function register(app: FastifyInstance, context: SiteContext): void {
  app.get(
    '/:storefront/suche/:term/',
    htmlRoute(context, (request, catalogue) => {
      const { term } = request.params as { term: string };
      const results = searchCatalogue(catalogue, term).slice(0, SEARCH_PAGE_SIZE);
      const prefix = new URL(siteBaseUrl(request, catalogue)).pathname;
      return searchPageHtml(catalogue, prefix, term, results);
    }),
  );
  app.get(
    '/:storefront/p/:slug/',
    htmlRoute(context, (request, catalogue) => {
      const id = /(?:^|-)(S0[A-Z0-9]{8})$/.exec((request.params as { slug: string }).slug)?.[1];
      const product = id === undefined ? undefined : catalogue.productById.get(id);
      return (
        product &&
        productPageIn(
          context,
          catalogue,
          product,
          {
            siteName: 'Kaufhaus Nord',
            canonicalUrl: siteBaseUrl(request, catalogue) + productPath(product),
            showGtin: false,
          },
          () => productPageHtml(catalogue, siteBaseUrl(request, catalogue), product),
        )
      );
    }),
  );
}

function truth({ catalogue, baseUrl }: TruthInput): SiteTruth {
  const productUrl = (product: Product): string => baseUrl + productPath(product);
  return termAndIdShopTruth({
    catalogue,
    productUrl,
    searchUrl: (term) => baseUrl + searchPath(term),
    searchPageSize: SEARCH_PAGE_SIZE,
    content: (product) =>
      listedOffersTruth(product, catalogue, productUrl(product), {}, (offer) => ({
        title: offer.title,
        seller_id: offer.sellerId,
      })),
  });
}

export const source06Site: SandboxSite = {
  source: 'source_06',
  storefronts: ['de'],
  profile,
  register,
  truth,
};
