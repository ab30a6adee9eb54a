/**
 * source_03: a shopping search engine standing for Google Shopping (decisions G34), on its paths:
 * `/search?tbm=shop&q=<query>` and `/shopping/product/<id>`. The pages themselves are still the
 * sandbox's own (docs/drivers.md): a thin HTML shell around embedded JSON state
 * (`<script id="__STATE__">`), product cards for a query, and product pages listing up to ten
 * sellers with an "N more sellers" notice when there are more.
 */
import type { FastifyInstance } from 'fastify';
import type { Catalogue, CatalogueProfile, Offer, Product, Seller } from '../catalogue/catalogue.types.ts';
import { searchCatalogue } from '../catalogue/catalogue.ts';
import { randomNumericId } from '../catalogue/identifiers.ts';
import { fillLabel } from '../catalogue/labels.ts';
import { formatMoney } from '../catalogue/locale.ts';
import { escapeHtml, htmlDocument, queryParam, scriptJson } from '../html.ts';
import type { SandboxSite, SiteContext, SiteTruth, TruthInput } from '../sandbox.types.ts';
import {
  amount,
  catalogueOf,
  cheapestOffer,
  offerFlags,
  trustedFiguresTruth,
  sendHtml,
  sendNotFound,
  siteBaseUrl,
} from './site-kit.ts';
import { driftedProductHtml } from './drift-kit.ts';
import { truthTerms } from './truth-kit.ts';

/** Cards per search, and sellers a product page lists before "N more sellers". */
export const CARD_LIMIT = 20;
export const SELLER_LIMIT = 10;

const profile: CatalogueProfile = {
  source: 'source_03',
  productCount: 400,
  makeProductId: (rng) => randomNumericId(19, rng),
  makeOfferId: (rng) => randomNumericId(20, rng),
  makeSellerId: (rng) => randomNumericId(9, rng),
  offersPerProduct: { min: 2, max: 20 },
  shopCount: 50,
  marketplaceSellerCount: 0,
  marketplaces: [],
  marketplaceShare: 0,
  memberPriceShare: 0,
  pznStorefronts: [],
};

const productPath = (product: Product): string => `/shopping/product/${product.id}`;
const offerUrl = (seller: Seller, offer: Offer): string => `${seller.homepage ?? ''}offer/${offer.id}`;
const descriptionOf = (product: Product): string =>
  `${product.name}. ${product.brand} ${product.series}, MPN ${product.mpn}.`;

/** A card of the search results, in the form drivers report (and the page state carries). */
function card(
  product: Product,
  catalogue: Catalogue,
  baseUrl: string,
  position: number,
): Record<string, unknown> {
  const cheapest = cheapestOffer(product) as Offer;
  return {
    position,
    id: product.id,
    name: product.name,
    url: baseUrl + productPath(product),
    price: amount(cheapest.priceMinor, catalogue),
    currency: catalogue.locale.currency,
    seller_name: (catalogue.sellers.get(cheapest.sellerId) as Seller).name,
    sellers_count: product.offers.length,
    rating: product.rating,
    rating_count: product.ratingCount,
  };
}

/** A listed seller offer as drivers report it. */
function sellerOffer(offer: Offer, catalogue: Catalogue, position: number): Record<string, unknown> {
  const seller = catalogue.sellers.get(offer.sellerId) as Seller;
  return {
    position,
    id: offer.id,
    seller_name: seller.name,
    description: offer.title,
    url: offerUrl(seller, offer),
    price: amount(offer.priceMinor, catalogue),
    shipping: amount(offer.shippingMinor, catalogue),
    total: amount(offer.priceMinor + offer.shippingMinor, catalogue),
    currency: catalogue.locale.currency,
    rating: seller.rating,
    rating_count: seller.ratingCount,
    availability_code: offer.availability,
  };
}

/** Product page content: the first SELLER_LIMIT offers in ranking, and whether more exist. */
function productContent(product: Product, catalogue: Catalogue, baseUrl: string): Record<string, unknown> {
  const listed = product.offers.slice(0, SELLER_LIMIT);
  return {
    product_id: product.id,
    id: product.id,
    name: product.name,
    description: descriptionOf(product),
    url: baseUrl + productPath(product),
    brand: product.brand,
    gtin: product.gtin,
    mpn: product.mpn,
    rating: product.rating,
    rating_count: product.ratingCount,
    ...trustedFiguresTruth(listed, catalogue),
    sellers_total: product.offers.length,
    offers: listed.map((offer, index) => sellerOffer(offer, catalogue, index + 1)),
  };
}

const STOCK = { green: 'IN_STOCK', orange: 'LIMITED', red: 'OUT_OF_STOCK' } as const;

/** Money as the page state writes it: integer micros of the currency unit. */
function micros(minor: number, catalogue: Catalogue): number {
  return minor * (catalogue.locale.fractionDigits === 0 ? 1_000_000 : 10_000);
}

/** The page state of a search card, in the site's own naming. */
function cardState(product: Product, catalogue: Catalogue): Record<string, unknown> {
  const cheapest = cheapestOffer(product) as Offer;
  return {
    pid: product.id,
    title: product.name,
    link: `/source_03/${catalogue.storefront}${productPath(product)}`,
    offer: {
      amountMicros: micros(cheapest.priceMinor, catalogue),
      currencyCode: catalogue.locale.currency,
      merchantName: (catalogue.sellers.get(cheapest.sellerId) as Seller).name,
    },
    merchantCount: product.offers.length,
    reviewSummary: { stars: product.rating, count: product.ratingCount },
  };
}

/** The page state of a product page: the product, the listed sellers and the total seller count. */
function productState(product: Product, catalogue: Catalogue, baseUrl: string): Record<string, unknown> {
  return {
    page: 'product',
    product: {
      productId: product.id,
      title: product.name,
      description: descriptionOf(product),
      canonicalLink: baseUrl + productPath(product),
      brand: product.brand,
      gtins: [product.gtin],
      mpn: product.mpn,
      reviewSummary: { stars: product.rating, count: product.ratingCount },
    },
    sellers: product.offers.slice(0, SELLER_LIMIT).map((offer) => {
      const seller = catalogue.sellers.get(offer.sellerId) as Seller;
      return {
        offerId: offer.id,
        merchant: { name: seller.name, rating: { stars: seller.rating, count: seller.ratingCount } },
        offerTitle: offer.title,
        landingPage: offerUrl(seller, offer),
        basePrice: {
          amountMicros: micros(offer.priceMinor, catalogue),
          currencyCode: catalogue.locale.currency,
        },
        shipping: { amountMicros: micros(offer.shippingMinor, catalogue) },
        stock: STOCK[offer.availability],
      };
    }),
    sellerCount: product.offers.length,
  };
}

function page(catalogue: Catalogue, title: string, visible: string, state: unknown): string {
  return htmlDocument({
    lang: catalogue.locale.language,
    title: `${title} - Findr Shopping`,
    body: `<div id="app">\n${visible}\n</div>\n<script id="__STATE__" type="application/json">${scriptJson(state)}</script>`,
  });
}

function register(app: FastifyInstance, context: SiteContext): void {
  app.get('/:storefront/search', async (request, reply) => {
    const catalogue = catalogueOf(request, context);
    if (!catalogue) return sendNotFound(reply);
    const query = queryParam(request.query, 'q');
    const baseUrl = siteBaseUrl(request, catalogue);
    const results = searchCatalogue(catalogue, query).slice(0, CARD_LIMIT);
    const cards = results.map((product) => cardState(product, catalogue));
    const visible = results.length
      ? `<ol class="sh-results">${results.map((product) => `<li><a href="${escapeHtml(baseUrl + productPath(product))}">${escapeHtml(product.name)}</a></li>`).join('')}</ol>`
      : `<p class="sh-empty">${escapeHtml(fillLabel(catalogue.labels.noResults, { term: query }))}</p>`;
    return sendHtml(reply, page(catalogue, query, visible, { page: 'search', query, results: cards }));
  });
  app.get('/:storefront/shopping/product/:id', async (request, reply) => {
    const catalogue = catalogueOf(request, context);
    const product = catalogue?.productById.get((request.params as { id: string }).id);
    if (!catalogue || !product) return sendNotFound(reply);
    const baseUrl = siteBaseUrl(request, catalogue);
    if (context.drifted(catalogue.storefront, product.id)) {
      const options = {
        siteName: 'Findr Shopping',
        canonicalUrl: baseUrl + productPath(product),
        showGtin: true,
      };
      return sendHtml(reply, driftedProductHtml(catalogue, product, options));
    }
    const hidden = product.offers.length - SELLER_LIMIT;
    const cheapest = cheapestOffer(product) as Offer;
    const visible = [
      `<h1 class="sh-title">${escapeHtml(product.name)}</h1>`,
      `<p class="sh-price">${escapeHtml(formatMoney(cheapest.priceMinor, catalogue.locale))}</p>`,
      hidden > 0
        ? `<a class="sh-more-sellers" data-count="${hidden}" href="#">${escapeHtml(fillLabel(catalogue.labels.moreSellers, { count: hidden }))}</a>`
        : '',
    ].join('\n');
    return sendHtml(reply, page(catalogue, product.name, visible, productState(product, catalogue, baseUrl)));
  });
}

function truth({ catalogue, baseUrl }: TruthInput): SiteTruth {
  return {
    products: catalogue.products.map((product) => ({
      id: product.id,
      gtin: product.gtin,
      brand: product.brand,
      name: product.name,
      mpn: product.mpn,
      product_record: `${product.gtin}|${product.brand}|${product.name}|${product.mpn}`,
      partial: product.offers.length > SELLER_LIMIT,
      content: {
        ...productContent(product, catalogue, baseUrl),
        offers: product.offers.slice(0, SELLER_LIMIT).map((offer, index) => ({
          ...sellerOffer(offer, catalogue, index + 1),
          ...offerFlags(offer),
        })),
      },
    })),
    terms: truthTerms(catalogue).map((term) => {
      const cards = searchCatalogue(catalogue, term)
        .slice(0, CARD_LIMIT)
        .map((product, index) => card(product, catalogue, baseUrl, index + 1));
      return {
        term,
        content: { product_id: cards[0]?.id, query: term, offers_count: cards.length, offers: cards },
      };
    }),
    not_found: {
      id: catalogue.notFound.id,
      term: catalogue.notFound.term,
      product: catalogue.notFound.gtin.map(
        (gtin, index) => `${gtin}|Zorblax|${catalogue.notFound.term[index] ?? ''}|`,
      ),
    },
  };
}

export const source03Site: SandboxSite = {
  source: 'source_03',
  storefronts: [
    'de',
    'at',
    'ch',
    'fr',
    'it',
    'es',
    'uk',
    'us',
    'au',
    'ca',
    'nl',
    'be',
    'pl',
    'se',
    'no',
    'dk',
  ],
  profile,
  register,
  truth,
};
