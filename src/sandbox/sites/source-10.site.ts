/**
 * source_10 "Nordhaus": a European home and fashion retailer with partner brands, one storefront per
 * country (de at fr it nl pl uk; gb is uk). Product pages use schema.org in RDFa Lite (`vocab`,
 * `typeof`, `property`); search pages are plain tiles with `data-sku`. Texts, currency and number
 * format follow the storefront.
 */
import type { FastifyInstance } from 'fastify';
import type { Catalogue, CatalogueProfile, Offer, Product } from '../catalogue/catalogue.types.ts';
import { randomCode } from '../catalogue/identifiers.ts';
import { fillLabel } from '../catalogue/labels.ts';
import { formatMoney } from '../catalogue/locale.ts';
import { escapeHtml, htmlDocument } from '../html.ts';
import type { SandboxSite, SiteContext, SiteTruth, TruthInput } from '../sandbox.types.ts';
import { listedOffersShopTruth, lowestPriceMinor, sellerOf } from './shop-kit.ts';
import { htmlRoute, searchRoute, slugOf, siteBaseUrl } from './site-kit.ts';
import { productPageIn } from './drift-kit.ts';
import { lookupTable } from '../../platform/lib/lookup.ts';

const SEARCH_PAGE_SIZE = 24;
const ID_PATTERN = /(?:^|-)(NH[A-Z0-9]{7}-[A-Z0-9]{3})\.html$/;

const profile: CatalogueProfile = {
  source: 'source_10',
  productCount: 250,
  makeProductId: (rng) => `${randomCode('NH', 9, rng)}-${randomCode('', 3, rng)}`,
  makeOfferId: (rng) => randomCode('O', 10, rng),
  makeSellerId: (rng) => randomCode('B', 5, rng),
  offersPerProduct: { min: 1, max: 4 },
  shopCount: 0,
  marketplaceSellerCount: 20,
  marketplaces: ['Nordhaus Partner'],
  marketplaceShare: 1,
  operatorName: 'Nordhaus',
  memberPriceShare: 0,
  pznStorefronts: [],
};

const OFFERS_HEADING: Record<string, string> = lookupTable({
  de: 'Angebote',
  fr: 'Offres',
  it: 'Offerte',
  nl: 'Aanbiedingen',
  pl: 'Oferty',
  en: 'Offers',
});
const SCHEMA_AVAILABILITY = { green: 'InStock', orange: 'LimitedAvailability', red: 'OutOfStock' } as const;

const productPath = (product: Product): string => `/${slugOf(product.name)}-${product.id}.html`;
const searchPath = (term: string): string => `/catalog/?q=${encodeURIComponent(term)}`;
const decimal = (minor: number): string => (minor / 100).toFixed(2);

function layout(catalogue: Catalogue, title: string, body: string, head = ''): string {
  return htmlDocument({
    lang: catalogue.locale.language,
    title: `${title} | Nordhaus`,
    head,
    body: `<header class="z-header">Nordhaus</header>\n${body}`,
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
      `<article class="z-tile" data-sku="${product.id}">`,
      `<a class="z-tile__link" href="${escapeHtml(prefix + productPath(product))}"><h3 class="z-tile__name">${escapeHtml(product.name)}</h3></a>`,
      `<p class="z-tile__price">${escapeHtml(formatMoney(lowestPriceMinor(product), catalogue.locale))}</p>`,
      '</article>',
    ].join('\n'),
  );
  const body =
    results.length === 0
      ? `<p class="z-grid__empty">${escapeHtml(fillLabel(catalogue.labels.noResults, { term }))}</p>`
      : tiles.join('\n');
  return layout(catalogue, term, `<main class="z-grid" data-count="${results.length}">\n${body}\n</main>`);
}

function offerHtml(catalogue: Catalogue, offer: Offer): string {
  const { locale, labels } = catalogue;
  const shipping =
    offer.shippingMinor === 0
      ? labels.freeShipping
      : fillLabel(labels.plusShipping, { amount: formatMoney(offer.shippingMinor, locale) });
  return [
    `<li class="z-offer" property="offers" typeof="Offer" data-offer-id="${offer.id}">`,
    `<span class="z-offer__price" property="price" content="${decimal(offer.priceMinor)}">${escapeHtml(formatMoney(offer.priceMinor, locale))}</span>`,
    `<meta property="priceCurrency" content="${locale.currency}">`,
    `<link property="availability" href="https://schema.org/${SCHEMA_AVAILABILITY[offer.availability]}"><span class="z-offer__stock">${escapeHtml(labels.availability[offer.availability])}</span>`,
    `<div class="z-offer__seller" property="seller" typeof="Organization"><span property="name">${escapeHtml(sellerOf(offer, catalogue).name)}</span></div>`,
    `<div property="shippingDetails" typeof="OfferShippingDetails"><div property="shippingRate" typeof="MonetaryAmount"><meta property="value" content="${decimal(offer.shippingMinor)}"><span class="z-offer__shipping">${escapeHtml(shipping)}</span></div></div>`,
    '</li>',
  ].join('\n');
}

function productPageHtml(catalogue: Catalogue, baseUrl: string, product: Product): string {
  const heading = OFFERS_HEADING[catalogue.locale.language] ?? 'Offers';
  return layout(
    catalogue,
    product.name,
    [
      `<main class="z-pdp" vocab="https://schema.org/" typeof="Product">`,
      `<meta property="productID" content="${product.id}"><link property="url" href="${escapeHtml(baseUrl + productPath(product))}">`,
      `<div class="z-pdp__brand" property="brand" typeof="Brand"><span property="name">${escapeHtml(product.brand)}</span></div>`,
      `<h1 class="z-pdp__name" property="name">${escapeHtml(product.name)}</h1>`,
      `<p class="z-pdp__category" property="category">${escapeHtml(product.category.noun[catalogue.locale.language])}</p>`,
      `<h2>${escapeHtml(heading)}</h2>\n<ul class="z-offers">\n${product.offers.map((offer) => offerHtml(catalogue, offer)).join('\n')}\n</ul>`,
      '</main>',
    ].join('\n'),
  );
}

function register(app: FastifyInstance, context: SiteContext): void {
  app.get(
    '/:storefront/catalog/',
    searchRoute(context, { param: 'q', pageSize: SEARCH_PAGE_SIZE, render: searchPageHtml }),
  );
  app.get(
    '/:storefront/:file',
    htmlRoute(context, (request, catalogue) => {
      const id = ID_PATTERN.exec((request.params as { file: string }).file)?.[1];
      const product = id === undefined ? undefined : catalogue.productById.get(id);
      return (
        product &&
        productPageIn(
          context,
          catalogue,
          product,
          {
            siteName: 'Nordhaus',
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
  return listedOffersShopTruth({
    catalogue,
    baseUrl,
    productPath,
    searchPath,
    searchPageSize: SEARCH_PAGE_SIZE,
    details: (product) => ({ category: product.category.noun[catalogue.locale.language] }),
    offerFields: (offer) => ({ offer_id: offer.id }),
  });
}

export const source10Site: SandboxSite = {
  source: 'source_10',
  storefronts: ['de', 'at', 'fr', 'it', 'nl', 'pl', 'uk'],
  profile,
  register,
  truth,
};
