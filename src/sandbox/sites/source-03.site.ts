/**
 * source_03: a shopping search engine standing for Google Shopping (decisions G34), on its paths
 * `/search?tbm=shop&q=<query>[&start=<offset>]` and `/shopping/product/<id>`, in its markup
 * (`source-03.pages.ts`): product cards for a query, and product pages listing up to ten sellers
 * with a "N more stores" button when there are more.
 */
import type { FastifyInstance } from 'fastify';
import type { Catalogue, CatalogueProfile, Offer, Product, Seller } from '../catalogue/catalogue.types.ts';
import { searchCatalogue } from '../catalogue/catalogue.ts';
import { randomNumericId } from '../catalogue/identifiers.ts';
import { queryParam } from '../html.ts';
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
import { productPageIn } from './drift-kit.ts';
import { truthTerms } from './truth-kit.ts';
import { weighedPage } from './weigh-kit.ts';
import {
  CARD_LIMIT,
  descriptionOf,
  offerUrl,
  productPageHtml,
  productPath,
  searchPageHtml,
  SELLER_LIMIT,
} from './source-03.pages.ts';

export { CARD_LIMIT, SELLER_LIMIT };

/** Sizes of real Google Shopping pages (search ~1.2 MB, product ~0.9 MB); a comment after `</html>`. */
const SEARCH_FOOTING = { realBytes: 1_200_000, trailer: '<!-- sh: rendered by shopping-frontend -->\n' };
const PRODUCT_FOOTING = { realBytes: 900_000, trailer: '<!-- pdp: rendered by shopping-frontend -->\n' };

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

function register(app: FastifyInstance, context: SiteContext): void {
  app.get('/:storefront/search', async (request, reply) => {
    const catalogue = catalogueOf(request, context);
    if (!catalogue) return sendNotFound(reply);
    const query = queryParam(request.query, 'q');
    const start = Number(queryParam(request.query, 'start') || '0');
    if (!Number.isInteger(start) || start < 0 || start % CARD_LIMIT !== 0) return sendNotFound(reply);
    const results = searchCatalogue(catalogue, query);
    const html = searchPageHtml(catalogue, query, results, start);
    return sendHtml(reply, weighedPage(context, html, SEARCH_FOOTING, `source_03/${query}/${start}`));
  });
  app.get('/:storefront/shopping/product/:id', async (request, reply) => {
    const catalogue = catalogueOf(request, context);
    const product = catalogue?.productById.get((request.params as { id: string }).id);
    if (!catalogue || !product) return sendNotFound(reply);
    const canonicalUrl = siteBaseUrl(request, catalogue) + productPath(product);
    const options = { siteName: 'Findr Shopping', canonicalUrl, showGtin: true };
    const html = productPageIn(context, catalogue, product, options, () =>
      weighedPage(
        context,
        productPageHtml(catalogue, product, canonicalUrl),
        PRODUCT_FOOTING,
        `source_03/${product.id}`,
      ),
    );
    return sendHtml(reply, html);
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
