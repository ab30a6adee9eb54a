/**
 * source_11 "RedAisle": a US retailer whose pages are a client-side app (Target's, G34). The HTML is
 * an empty shell; search and product data come from its JSON API at RedSky's paths
 * (`/redsky_aggregations/v1/web/plp_search_v2?keyword=`, `…/pdp_client_v1?tcin=`) in RedSky's
 * shape: money in dollars (`price.current_retail`), HTML-escaped titles. The `offers` list of a
 * product answer (Target Plus partner sellers) is the sandbox's own; real answers have none. An unknown TCIN answers 404 with a JSON
 * error body. Product ids are 8-digit TCINs; the human page is `/p/<slug>/-/A-<tcin>`.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Catalogue, CatalogueProfile, Offer, Product } from '../catalogue/catalogue.types.ts';
import { searchCatalogue } from '../catalogue/catalogue.ts';
import { randomNumericId } from '../catalogue/identifiers.ts';
import { formatMoney } from '../catalogue/locale.ts';
import { escapeHtml, htmlDocument, queryParam } from '../html.ts';
import type { SandboxSite, SiteContext, SiteTruth, TruthInput } from '../sandbox.types.ts';
import { listedOffersTruth, lowestPriceMinor, sellerOf, termAndIdShopTruth } from './shop-kit.ts';
import { productPageIn } from './drift-kit.ts';
import { amount, catalogueOf, cheapestOffer, htmlRoute, slugOf, siteBaseUrl } from './site-kit.ts';

const SITE_NAME = 'RedAisle';

const SEARCH_PAGE_SIZE = 24;

const profile: CatalogueProfile = {
  source: 'source_11',
  productCount: 300,
  makeProductId: (rng) => randomNumericId(8, rng),
  makeOfferId: (rng) => randomNumericId(9, rng),
  makeSellerId: (rng) => randomNumericId(5, rng),
  offersPerProduct: { min: 1, max: 6 },
  shopCount: 0,
  marketplaceSellerCount: 30,
  marketplaces: ['RedAisle Plus Partners'],
  marketplaceShare: 1,
  operatorName: 'RedAisle',
  memberPriceShare: 0,
  pznStorefronts: [],
};

const productPagePath = (product: Product): string => `/p/${slugOf(product.name)}/-/A-${product.id}`;
const API = '/redsky_aggregations/v1/web';
const searchApiPath = (term: string): string =>
  `${API}/plp_search_v2?keyword=${encodeURIComponent(term)}&count=${SEARCH_PAGE_SIZE}&offset=0`;
const AVAILABILITY = { green: 'IN_STOCK', orange: 'LIMITED_STOCK', red: 'OUT_OF_STOCK' } as const;

/** JSON sent as text, the way the API serializes it. */
function sendJson(reply: FastifyReply, body: unknown, status = 200): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify(body));
}

/** RedSky's price object: dollars, with the display text (no currency field: Target sells in USD). */
const dollars = (minor: number, catalogue: Catalogue): Record<string, unknown> => ({
  current_retail: amount(minor, catalogue),
  formatted_current_price: formatMoney(minor, catalogue.locale),
  formatted_current_price_type: 'reg',
});

function offerJson(offer: Offer, catalogue: Catalogue): Record<string, unknown> {
  const seller = sellerOf(offer, catalogue);
  return {
    offer_id: offer.id,
    condition: offer.condition.toUpperCase(),
    seller: { id: seller.id, name: seller.name, rating: seller.rating },
    price: dollars(offer.priceMinor, catalogue),
    shipping: { current_retail: amount(offer.shippingMinor, catalogue) },
    fulfillment: { availability: AVAILABILITY[offer.availability] },
  };
}

function itemJson(product: Product, baseUrl: string): Record<string, unknown> {
  return {
    // RedSky escapes titles as HTML (`USB &#38; USB-C`).
    product_description: { title: product.name.replace(/&/g, '&#38;') },
    primary_brand: { name: product.brand },
    product_classification: { item_type: { name: product.category.noun.en }, product_type_name: 'GENERAL' },
    enrichment: { buy_url: baseUrl + productPagePath(product) },
  };
}

/**
 * The pdp answer after the redesign (the `markupDrift` fault): the new app's summary shape, with the
 * price and stock only as display text, while the product page itself is rendered on the server in
 * the second template.
 */
function driftedPdpJson(product: Product, catalogue: Catalogue, baseUrl: string): Record<string, unknown> {
  const cheapest = cheapestOffer(product) as Offer;
  return {
    data: {
      pdp_summary: {
        id: product.id,
        headline: product.name,
        maker: product.brand,
        display_price: formatMoney(cheapest.priceMinor, catalogue.locale),
        stock_message: catalogue.labels.availability[cheapest.availability],
        page_url: baseUrl + productPagePath(product),
      },
    },
  };
}

function shellHtml(title: string, data: string): string {
  return htmlDocument({
    lang: 'en-US',
    title: `${title} : RedAisle`,
    body: `<div id="root" ${data}></div>\n<script src="/static/app.js" defer></script>`,
  });
}

function register(app: FastifyInstance, context: SiteContext): void {
  app.get(`/:storefront${API}/plp_search_v2`, async (request, reply) => {
    const catalogue = catalogueOf(request, context);
    if (!catalogue) return sendJson(reply, { errors: [{ message: 'Unknown store' }] }, 404);
    const baseUrl = siteBaseUrl(request, catalogue);
    const results = searchCatalogue(catalogue, queryParam(request.query, 'keyword'));
    const products = results.slice(0, SEARCH_PAGE_SIZE).map((product) => ({
      __typename: 'ProductSummary',
      tcin: product.id,
      original_tcin: product.id,
      item: itemJson(product, baseUrl),
      price: dollars(lowestPriceMinor(product), catalogue),
    }));
    const metadata = {
      count: SEARCH_PAGE_SIZE,
      current_page: 1,
      keyword: queryParam(request.query, 'keyword'),
      offset: 0,
      total_pages: Math.max(1, Math.ceil(results.length / SEARCH_PAGE_SIZE)),
      total_results: results.length,
    };
    return sendJson(reply, { data: { search: { search_response: { metadata }, products } } });
  });
  app.get(`/:storefront${API}/pdp_client_v1`, async (request, reply) => {
    const catalogue = catalogueOf(request, context);
    const tcin = queryParam(request.query, 'tcin');
    const product = catalogue?.productById.get(tcin);
    if (!catalogue || !product)
      return sendJson(reply, { errors: [{ message: `No product found with tcin ${tcin}` }] }, 404);
    if (context.drifted(catalogue.storefront, product.id))
      return sendJson(reply, driftedPdpJson(product, catalogue, siteBaseUrl(request, catalogue)));
    const offers = product.offers.map((offer) => offerJson(offer, catalogue));
    return sendJson(reply, {
      data: {
        product: {
          __typename: 'Product',
          tcin: product.id,
          item: itemJson(product, siteBaseUrl(request, catalogue)),
          price: dollars(lowestPriceMinor(product), catalogue),
          offers,
        },
      },
    });
  });
  app.get(
    '/:storefront/p/:slug/-/:file',
    htmlRoute(context, (request, catalogue) => {
      const id = /^A-(\d{8})$/.exec((request.params as { file: string }).file)?.[1];
      const product = id === undefined ? undefined : catalogue.productById.get(id);
      if (!product) return undefined;
      const options = {
        siteName: SITE_NAME,
        canonicalUrl: siteBaseUrl(request, catalogue) + productPagePath(product),
        showGtin: false,
      };
      return productPageIn(context, catalogue, product, options, () =>
        shellHtml(product.name, `data-tcin="${escapeHtml(product.id)}"`),
      );
    }),
  );
  app.get(
    '/:storefront/s',
    htmlRoute(context, (request) => {
      const term = queryParam(request.query, 'searchTerm');
      return shellHtml(term, `data-search-term="${escapeHtml(term)}"`);
    }),
  );
}

function truth({ catalogue, baseUrl }: TruthInput): SiteTruth {
  const productUrl = (product: Product): string => baseUrl + productPagePath(product);
  return termAndIdShopTruth({
    catalogue,
    productUrl,
    searchUrl: (term) => baseUrl + searchApiPath(term),
    searchPageSize: SEARCH_PAGE_SIZE,
    content: (product) =>
      listedOffersTruth(
        product,
        catalogue,
        productUrl(product),
        { category: product.category.noun.en },
        (offer) => {
          const seller = sellerOf(offer, catalogue);
          return {
            offer_id: offer.id,
            condition: offer.condition,
            seller_id: seller.id,
            seller_rating: seller.rating,
          };
        },
      ),
  });
}

export const source11Site: SandboxSite = {
  source: 'source_11',
  storefronts: ['us'],
  profile,
  register,
  truth,
};
