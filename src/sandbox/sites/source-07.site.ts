/**
 * source_07 "Elektromarkt": a German electronics retailer with a marketplace. Product pages carry
 * schema.org JSON-LD, one `Offer` per seller (seller, shipping rate, condition, availability);
 * search pages are React-rendered cards marked with `data-test` attributes. A search for a GTIN that
 * names exactly one product redirects (302) straight to its page, as such shops do for scanned EANs.
 */
import type { FastifyInstance } from 'fastify';
import type { Catalogue, CatalogueProfile, Offer, Product } from '../catalogue/catalogue.types.ts';
import { searchCatalogue } from '../catalogue/catalogue.ts';
import { isValidGtin13, randomNumericId } from '../catalogue/identifiers.ts';
import { fillLabel } from '../catalogue/labels.ts';
import { formatMoney } from '../catalogue/locale.ts';
import { escapeHtml, htmlDocument, queryParam, scriptJson } from '../html.ts';
import type { SandboxSite, SiteContext, SiteTruth, TruthInput } from '../sandbox.types.ts';
import { leadOffer, listedOffersTruth, sellerOf, shopTruth } from './shop-kit.ts';
import { amount, catalogueOf, htmlRoute, sendHtml, sendNotFound, slugOf, siteBaseUrl } from './site-kit.ts';
import { productPageIn } from './drift-kit.ts';

const SEARCH_PAGE_SIZE = 12;

const profile: CatalogueProfile = {
  source: 'source_07',
  productCount: 300,
  makeProductId: (rng) => randomNumericId(7, rng),
  makeOfferId: (rng) => randomNumericId(12, rng),
  makeSellerId: (rng) => randomNumericId(5, rng),
  offersPerProduct: { min: 1, max: 8 },
  shopCount: 0,
  marketplaceSellerCount: 30,
  marketplaces: ['Elektromarkt Marktplatz'],
  marketplaceShare: 1,
  operatorName: 'Elektromarkt',
  memberPriceShare: 0,
  pznStorefronts: [],
};

const productPath = (product: Product): string => `/product/_${slugOf(product.name)}-${product.id}.html`;
const searchPath = (term: string): string => `/search.html?query=${encodeURIComponent(term)}`;

const SCHEMA_AVAILABILITY = { green: 'InStock', orange: 'LimitedAvailability', red: 'OutOfStock' } as const;
const SCHEMA_CONDITION = {
  new: 'NewCondition',
  used: 'UsedCondition',
  refurbished: 'RefurbishedCondition',
} as const;

function layout(catalogue: Catalogue, title: string, body: string, head = ''): string {
  return htmlDocument({
    lang: catalogue.locale.language,
    title: `${title} | Elektromarkt`,
    head,
    body: `<div id="root"><header data-test="mms-header">Elektromarkt</header>\n${body}\n</div>`,
  });
}

function searchPageHtml(
  catalogue: Catalogue,
  prefix: string,
  term: string,
  results: readonly Product[],
): string {
  const cards = results.map((product) =>
    [
      `<div data-test="mms-product-card" data-product-id="${product.id}">`,
      `<a data-test="mms-router-link" href="${escapeHtml(prefix + productPath(product))}"><p data-test="product-title">${escapeHtml(product.name)}</p></a>`,
      `<span data-test="product-price">${escapeHtml(formatMoney(leadOffer(product).priceMinor, catalogue.locale))}</span>`,
      '</div>',
    ].join('\n'),
  );
  const body =
    results.length === 0
      ? `<div data-test="mms-search-no-results">${escapeHtml(fillLabel(catalogue.labels.noResults, { term }))}</div>`
      : cards.join('\n');
  return layout(catalogue, term, `<div data-test="mms-search-srp-productlist">\n${body}\n</div>`);
}

function offerJsonLd(offer: Offer, catalogue: Catalogue): Record<string, unknown> {
  const seller = sellerOf(offer, catalogue);
  const currency = catalogue.locale.currency;
  return {
    '@type': 'Offer',
    name: offer.title,
    price: (offer.priceMinor / 100).toFixed(2),
    priceCurrency: currency,
    availability: `https://schema.org/${SCHEMA_AVAILABILITY[offer.availability]}`,
    itemCondition: `https://schema.org/${SCHEMA_CONDITION[offer.condition]}`,
    seller: { '@type': 'Organization', name: seller.name, identifier: seller.id },
    shippingDetails: {
      '@type': 'OfferShippingDetails',
      shippingRate: { '@type': 'MonetaryAmount', value: (offer.shippingMinor / 100).toFixed(2), currency },
    },
  };
}

function productPageHtml(catalogue: Catalogue, baseUrl: string, product: Product): string {
  const canonical = baseUrl + productPath(product);
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    sku: product.id,
    gtin13: product.gtin,
    brand: { '@type': 'Brand', name: product.brand },
    category: product.category.noun[catalogue.locale.language],
    url: canonical,
    offers: product.offers.map((offer) => offerJsonLd(offer, catalogue)),
  };
  const rows = product.offers.map(
    (offer) =>
      `<li data-test="mms-offer">${escapeHtml(sellerOf(offer, catalogue).name)}: ${escapeHtml(formatMoney(offer.priceMinor, catalogue.locale))}</li>`,
  );
  return layout(
    catalogue,
    product.name,
    `<h1 data-test="mms-select-details-header">${escapeHtml(product.name)}</h1>\n<ul data-test="mms-offer-list">${rows.join('')}</ul>`,
    `<link rel="canonical" href="${escapeHtml(canonical)}">\n<script type="application/ld+json">${scriptJson(jsonLd)}</script>`,
  );
}

function register(app: FastifyInstance, context: SiteContext): void {
  app.get('/:storefront/search.html', async (request, reply) => {
    const catalogue = catalogueOf(request, context);
    if (!catalogue) return sendNotFound(reply);
    const term = queryParam(request.query, 'query').trim();
    const baseUrl = siteBaseUrl(request, catalogue);
    const scanned = isValidGtin13(term) ? catalogue.productByGtin.get(term) : undefined;
    if (scanned) return reply.redirect(baseUrl + productPath(scanned), 302);
    const results = searchCatalogue(catalogue, term).slice(0, SEARCH_PAGE_SIZE);
    return sendHtml(reply, searchPageHtml(catalogue, new URL(baseUrl).pathname, term, results));
  });
  app.get(
    '/:storefront/product/:file',
    htmlRoute(context, (request, catalogue) => {
      const id = /^_(?:[a-z0-9-]*-)?(\d{7})\.html$/.exec((request.params as { file: string }).file)?.[1];
      const product = id === undefined ? undefined : catalogue.productById.get(id);
      return (
        product &&
        productPageIn(
          context,
          catalogue,
          product,
          {
            siteName: 'Elektromarkt',
            canonicalUrl: siteBaseUrl(request, catalogue) + productPath(product),
            showGtin: true,
          },
          () => productPageHtml(catalogue, siteBaseUrl(request, catalogue), product),
        )
      );
    }),
  );
}

function contentOf(product: Product, catalogue: Catalogue, baseUrl: string): Record<string, unknown> {
  return listedOffersTruth(
    product,
    catalogue,
    baseUrl + productPath(product),
    { gtin: product.gtin, category: product.category.noun[catalogue.locale.language] },
    (offer) => ({ title: offer.title, condition: offer.condition, seller_id: offer.sellerId }),
  );
}

function truth({ catalogue, baseUrl }: TruthInput): SiteTruth {
  return shopTruth({
    catalogue,
    identifiers: (product) => ({ product_id: product.id, gtin: product.gtin }),
    contents: (product) => ({ search: contentOf(product, catalogue, baseUrl) }),
    card: (product) => ({
      product_id: product.id,
      name: product.name,
      url: baseUrl + productPath(product),
      price: amount(leadOffer(product).priceMinor, catalogue),
    }),
    searchPageSize: SEARCH_PAGE_SIZE,
    searchUrl: (term) => baseUrl + searchPath(term),
    notFound: { term: catalogue.notFound.term, id: catalogue.notFound.id, gtin: catalogue.notFound.gtin },
  });
}

export const source07Site: SandboxSite = {
  source: 'source_07',
  storefronts: ['de'],
  profile,
  register,
  truth,
};
