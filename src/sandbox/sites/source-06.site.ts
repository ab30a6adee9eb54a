/**
 * source_06 "Kaufhaus Nord": a German department store with partner sellers, modelled on otto.de
 * (decisions G34; sources in docs/drivers.md). Search `/suche/<term>/` answers the `reptile` tile
 * list (`article.product` with `find_tile__*` classes, a sponsored tile among them, `?l=gq&o=<offset>`
 * paging); product pages `/p/<slug>-<id>/` carry schema.org microdata (the `sku`, name, brand and
 * one `Offer` per seller) as otto's pages do, with the `pdp_*` buy box. A comment follows `</html>`.
 */
import type { FastifyInstance } from 'fastify';
import type { Catalogue, CatalogueProfile, Offer, Product } from '../catalogue/catalogue.types.ts';
import { searchCatalogue } from '../catalogue/catalogue.ts';
import { randomCode } from '../catalogue/identifiers.ts';
import { fillLabel } from '../catalogue/labels.ts';
import { formatMoney } from '../catalogue/locale.ts';
import { escapeHtml, htmlDocument, queryParam } from '../html.ts';
import type { SandboxSite, SiteContext, SiteTruth, TruthInput } from '../sandbox.types.ts';
import { listedOffersTruth, lowestPriceMinor, sellerOf, termAndIdShopTruth } from './shop-kit.ts';
import { amount, htmlRoute, slugOf, siteBaseUrl } from './site-kit.ts';
import { productPageIn } from './drift-kit.ts';
import { weighedPage } from './weigh-kit.ts';

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

function layout(catalogue: Catalogue, title: string, body: string, head = '', bodyAttributes = ''): string {
  const html = htmlDocument({
    lang: catalogue.locale.language,
    title: `${title} | Kaufhaus Nord`,
    head,
    body: `<header class="nav_header"><a class="nav_logo" href="/">Kaufhaus Nord</a></header>\n<main class="nav_main">\n${body}\n</main>`,
  });
  return bodyAttributes === '' ? html : html.replace('<body>', `<body ${bodyAttributes}>`);
}

function tileHtml(
  catalogue: Catalogue,
  prefix: string,
  product: Product,
  position: number,
  sponsored: boolean,
): string {
  const url = `${prefix}${productPath(product)}#variationId=${product.id}V1`;
  return [
    `<article class="product js_find_colorChange${sponsored ? ' find_tile--sponsored' : ''}" data-product-id="${product.id}" data-list-position="${position}" data-qa="ftfind-product-${position}"${sponsored ? ' data-sponsored="true"' : ''}>`,
    sponsored ? '<span class="find_tile__sponsoredLabel">Gesponsert</span>' : '',
    `<a class="find_tile__productLink" href="${escapeHtml(url)}" title="${escapeHtml(product.name)}">`,
    `<img class="find_tile__productImage" src="/i/otto/${product.id}.jpg" alt="">`,
    `<p class="find_tile__brand">${escapeHtml(product.brand)}</p><p class="find_tile__name pl_copy100">${escapeHtml(product.name)}</p></a>`,
    `<div class="find_tile__priceAndUVP"><span class="find_tile__retailPrice pl_headline50 find_tile__priceValue">ab ${escapeHtml(formatMoney(lowestPriceMinor(product), catalogue.locale))}</span></div>`,
    '</article>',
  ]
    .filter((line) => line !== '')
    .join('\n');
}

function searchPageHtml(
  catalogue: Catalogue,
  prefix: string,
  term: string,
  results: readonly Product[],
  sponsored: Product | undefined,
  more: boolean,
): string {
  const tiles = results.map((product, index) => tileHtml(catalogue, prefix, product, index + 1, false));
  // The sponsored tile stands second, as ads do among otto's results; it is not one of them.
  if (sponsored) tiles.splice(1, 0, tileHtml(catalogue, prefix, sponsored, 0, true));
  const paging = more
    ? `<ul class="reptile_paging"><li id="reptile-paging-bottom-next"><a href="${escapeHtml(`${prefix}${searchPath(term)}?l=gq&o=${SEARCH_PAGE_SIZE}`)}">Weiter</a></li></ul>`
    : '';
  const body =
    results.length === 0
      ? `<section class="find_emptyResult"><h2>${escapeHtml(fillLabel(catalogue.labels.noResults, { term }))}</h2></section>`
      : `<div id="reptile-page-info" class="reptile_pageInfo">${escapeHtml(fillLabel(catalogue.labels.results, { count: results.length }))}</div>\n<section id="reptile-tilelist" class="reptile_tilelist">\n${tiles.join('\n')}\n</section>\n${paging}`;
  return layout(
    catalogue,
    term,
    `<section id="reptile-search-result" class="reptile_searchResult">\n${body}\n</section>`,
  );
}

const SCHEMA_AVAILABILITY = { green: 'InStock', orange: 'LimitedAvailability', red: 'OutOfStock' } as const;

function sellerRowHtml(catalogue: Catalogue, offer: Offer): string {
  const { labels, locale } = catalogue;
  const seller = sellerOf(offer, catalogue);
  const shipping =
    offer.shippingMinor === 0
      ? labels.freeShipping
      : fillLabel(labels.plusShipping, { amount: formatMoney(offer.shippingMinor, locale) });
  return [
    `<li class="pdp_seller" data-seller-id="${seller.id}" itemprop="offers" itemscope itemtype="http://schema.org/Offer">`,
    `<meta itemprop="priceCurrency" content="${locale.currency}"><link itemprop="availability" href="http://schema.org/${SCHEMA_AVAILABILITY[offer.availability]}">`,
    `<span class="pdp_seller__offerTitle">${escapeHtml(offer.title)}</span>`,
    `<span class="pdp_price__retail-price js_pdp_price__retail-price__value" itemprop="price" content="${amount(offer.priceMinor, catalogue)}">${escapeHtml(formatMoney(offer.priceMinor, locale))}</span>`,
    `<span class="pdp_seller__shipping">${escapeHtml(shipping)}</span>`,
    `<span class="pdp_availability pdp_availability--${AVAILABILITY_CLASS[offer.availability]}">${escapeHtml(labels.availability[offer.availability])}</span>`,
    `<span class="pdp_seller__name" itemprop="seller" itemscope itemtype="http://schema.org/Organization">Verkauf und Versand durch <b class="pdp_seller__nameValue" itemprop="name">${escapeHtml(seller.name)}</b></span>`,
    '</li>',
  ].join('\n');
}

function productPageHtml(catalogue: Catalogue, baseUrl: string, product: Product): string {
  const rows = product.offers.map((offer) => sellerRowHtml(catalogue, offer));
  const lowest = lowestPriceMinor(product);
  return layout(
    catalogue,
    product.name,
    [
      `<div class="pdp_product js_pdp_product" data-product-id="${product.id}">`,
      `<meta itemprop="sku" content="${product.id}">`,
      `<a class="pdp_brand" href="/?marke=${encodeURIComponent(slugOf(product.brand))}"><span itemprop="brand">${escapeHtml(product.brand)}</span></a>`,
      `<h1 class="pdp_short-info__main-name" itemprop="name" data-qa="product-name">${escapeHtml(product.name)}</h1>`,
      `<div class="pdp_price js_pdp_price"><span class="js_pdp_price__tag" data-price-cents="${lowest}" data-benefit-id="original"><span class="pdp_price__retail-price">ab ${escapeHtml(formatMoney(lowest, catalogue.locale))}</span></span></div>`,
      `<section class="pdp_sellers"><h2 class="pdp_sellers__headline">Angebote von ${product.offers.length} Händlern</h2>`,
      `<ul class="pdp_sellers__list">\n${rows.join('\n')}\n</ul></section>`,
      '</div>',
    ].join('\n'),
    `<link rel="canonical" href="${escapeHtml(baseUrl + productPath(product))}">`,
    'class="product-system" itemscope itemtype="http://schema.org/Product"',
  );
}

const FOOTING = { realBytes: 700_000, trailer: '<!-- otto: assembled -->\n' };

function register(app: FastifyInstance, context: SiteContext): void {
  app.get(
    '/:storefront/suche/:term/',
    htmlRoute(context, (request, catalogue) => {
      const { term } = request.params as { term: string };
      const offset = Number(queryParam(request.query, 'o') || '0');
      if (!Number.isInteger(offset) || offset < 0) return undefined;
      const all = searchCatalogue(catalogue, term);
      const results = all.slice(offset, offset + SEARCH_PAGE_SIZE);
      const sponsored = offset === 0 && all.length > 1 ? all[all.length - 1] : undefined;
      const prefix = new URL(siteBaseUrl(request, catalogue)).pathname;
      const more = offset + SEARCH_PAGE_SIZE < all.length;
      const html = searchPageHtml(catalogue, prefix, term, results, sponsored, more);
      return weighedPage(context, html, FOOTING, `source_06/${term}/${offset}`);
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
          () =>
            weighedPage(
              context,
              productPageHtml(catalogue, siteBaseUrl(request, catalogue), product),
              FOOTING,
              `source_06/${product.id}`,
            ),
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
