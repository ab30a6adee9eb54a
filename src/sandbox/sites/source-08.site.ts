/**
 * source_08 "Preisland": a German marketplace of independent sellers with numeric product ids.
 * Topic `search` reads the microdata product page (every offer with price, shipping, seller and
 * availability); `search_and_offers` adds the offer listing's seller ratings, condition and titles.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Catalogue, CatalogueProfile, Product } from '../catalogue/catalogue.types.ts';
import { searchCatalogue } from '../catalogue/catalogue.ts';
import { randomNumericId } from '../catalogue/identifiers.ts';
import { queryParam } from '../html.ts';
import type { SandboxSite, SiteContext, SiteTruth, TruthInput } from '../sandbox.types.ts';
import {
  offersPageHtml,
  productPageHtml,
  productPath,
  SEARCH_PAGE_SIZE,
  searchPageHtml,
  searchPath,
} from './source-08.pages.ts';
import { coreOfferTruth, lowestPriceCard, offerSummaryTruth, sellerOf, shopTruth } from './shop-kit.ts';
import { catalogueOf, sendHtml, sendNotFound, siteBaseUrl } from './site-kit.ts';
import { productPageIn } from './drift-kit.ts';

const profile: CatalogueProfile = {
  source: 'source_08',
  productCount: 300,
  makeProductId: (rng) => randomNumericId(9, rng),
  makeOfferId: (rng) => randomNumericId(10, rng),
  makeSellerId: (rng) => randomNumericId(6, rng),
  offersPerProduct: { min: 2, max: 16 },
  shopCount: 0,
  marketplaceSellerCount: 45,
  marketplaces: ['Preisland'],
  marketplaceShare: 1,
  memberPriceShare: 0,
  pznStorefronts: [],
};

function productOf(
  request: FastifyRequest,
  context: SiteContext,
): { catalogue: Catalogue; product: Product } | undefined {
  const catalogue = catalogueOf(request, context);
  const product = catalogue?.productById.get((request.params as { id: string }).id);
  return catalogue && product ? { catalogue, product } : undefined;
}

function register(app: FastifyInstance, context: SiteContext): void {
  app.get('/:storefront/s/', async (request, reply) => {
    const catalogue = catalogueOf(request, context);
    if (!catalogue) return sendNotFound(reply);
    const term = queryParam(request.query, 'search_value');
    const results = searchCatalogue(catalogue, term).slice(0, SEARCH_PAGE_SIZE);
    const prefix = new URL(siteBaseUrl(request, catalogue)).pathname;
    return sendHtml(reply, searchPageHtml(catalogue, prefix, term, results));
  });
  app.get('/:storefront/product/:id/', async (request, reply) => {
    const found = productOf(request, context);
    if (!found) return sendNotFound(reply);
    const { catalogue, product } = found;
    const baseUrl = siteBaseUrl(request, catalogue);
    const options = {
      siteName: 'Preisland',
      canonicalUrl: baseUrl + productPath(product.id),
      showGtin: true,
    };
    return sendHtml(
      reply,
      productPageIn(context, catalogue, product, options, () => productPageHtml(catalogue, baseUrl, product)),
    );
  });
  app.get('/:storefront/product/:id/offers/', async (request, reply) => {
    const found = productOf(request, context);
    if (!found) return sendNotFound(reply);
    const prefix = new URL(siteBaseUrl(request, found.catalogue)).pathname;
    return sendHtml(reply, offersPageHtml(found.catalogue, prefix, found.product));
  });
}

/** Content for topic `search`, and for `search_and_offers` with the listing's offer details. */
function contents(
  product: Product,
  catalogue: Catalogue,
  baseUrl: string,
): Record<string, Record<string, unknown>> {
  const head = {
    product_id: product.id,
    name: product.name,
    url: baseUrl + productPath(product.id),
    brand_name: product.brand,
    gtin: product.gtin,
    ...offerSummaryTruth(product, catalogue),
  };
  const offers = product.offers.map((offer, index) => ({
    ...coreOfferTruth(offer, index, catalogue),
    offer_id: offer.id,
  }));
  const detailed = product.offers.map((offer, index) => {
    const seller = sellerOf(offer, catalogue);
    return {
      ...offers[index],
      seller_id: seller.id,
      seller_rating: seller.rating,
      seller_rating_count: seller.ratingCount,
      condition: offer.condition,
      title: offer.title,
    };
  });
  return { search: { ...head, offers }, search_and_offers: { ...head, offers: detailed } };
}

function truth({ catalogue, baseUrl }: TruthInput): SiteTruth {
  return shopTruth({
    catalogue,
    identifiers: (product) => ({ product_id: product.id, gtin: product.gtin }),
    contents: (product) => contents(product, catalogue, baseUrl),
    card: lowestPriceCard(catalogue, (product) => baseUrl + productPath(product.id)),
    searchPageSize: SEARCH_PAGE_SIZE,
    searchUrl: (term) => baseUrl + searchPath(term),
    notFound: { term: catalogue.notFound.term, id: catalogue.notFound.id, gtin: catalogue.notFound.gtin },
  });
}

export const source08Site: SandboxSite = {
  source: 'source_08',
  storefronts: ['de'],
  profile,
  register,
  truth,
};
