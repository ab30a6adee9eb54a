/**
 * source_11 "RedAisle": a US retailer whose pages are a client-side app. The HTML is an empty shell;
 * search and product data come from its JSON API (`/api/redsky/v2/search?keyword=`,
 * `/api/redsky/v2/pdp?tcin=`), money in integer cents. An unknown TCIN answers 404 with a JSON
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
import { catalogueOf, cheapestOffer, htmlRoute, slugOf, siteBaseUrl } from './site-kit.ts';

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
const searchApiPath = (term: string): string =>
  `/api/redsky/v2/search?keyword=${encodeURIComponent(term)}&count=${SEARCH_PAGE_SIZE}`;
const AVAILABILITY = { green: 'IN_STOCK', orange: 'LIMITED_STOCK', red: 'OUT_OF_STOCK' } as const;

/** JSON sent as text, the way the API serializes it. */
function sendJson(reply: FastifyReply, body: unknown, status = 200): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify(body));
}

const cents = (minor: number, catalogue: Catalogue): { amount_cents: number; currency_code: string } => ({
  amount_cents: minor,
  currency_code: catalogue.locale.currency,
});

function offerJson(offer: Offer, catalogue: Catalogue): Record<string, unknown> {
  const seller = sellerOf(offer, catalogue);
  return {
    offer_id: offer.id,
    condition: offer.condition.toUpperCase(),
    seller: { id: seller.id, name: seller.name, rating: seller.rating },
    price: cents(offer.priceMinor, catalogue),
    shipping: cents(offer.shippingMinor, catalogue),
    fulfillment: { availability: AVAILABILITY[offer.availability] },
  };
}

function itemJson(product: Product, baseUrl: string): Record<string, unknown> {
  return {
    product_description: { title: product.name },
    primary_brand: { name: product.brand },
    product_classification: { item_type: { name: product.category.noun.en } },
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
  app.get('/:storefront/api/redsky/v2/search', async (request, reply) => {
    const catalogue = catalogueOf(request, context);
    if (!catalogue) return sendJson(reply, { errors: [{ message: 'Unknown store' }] }, 404);
    const baseUrl = siteBaseUrl(request, catalogue);
    const results = searchCatalogue(catalogue, queryParam(request.query, 'keyword'));
    const products = results.slice(0, SEARCH_PAGE_SIZE).map((product) => ({
      tcin: product.id,
      item: itemJson(product, baseUrl),
      price: { lowest: cents(lowestPriceMinor(product), catalogue) },
    }));
    return sendJson(reply, {
      data: { search: { search_response: { total_results: results.length }, products } },
    });
  });
  app.get('/:storefront/api/redsky/v2/pdp', async (request, reply) => {
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
        product: { tcin: product.id, item: itemJson(product, siteBaseUrl(request, catalogue)), offers },
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
