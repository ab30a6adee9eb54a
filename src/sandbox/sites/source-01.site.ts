/** source_01: a price-comparison site modelled on idealo (search, product pages with many shops' offers, seller pages). */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Catalogue, CatalogueProfile, Product, Seller } from '../catalogue/catalogue.types.ts';
import { searchCatalogue } from '../catalogue/catalogue.ts';
import { randomNumericId } from '../catalogue/identifiers.ts';
import { pageParam, queryParam } from '../html.ts';
import type { SandboxSite, SiteContext, SiteTruth, TruthInput } from '../sandbox.types.ts';
import {
  CATEGORY_NAME_STOREFRONTS,
  productPageHtml,
  productPath,
  SEARCH_PAGE_SIZE,
  searchPageHtml,
  searchPath,
  sellerPageHtml,
  sellerPath,
  type Source01View,
} from './source-01.pages.ts';
import {
  allPages,
  amount,
  catalogueOf,
  offerFlags,
  pageOf,
  trustedFiguresTruth,
  sendHtml,
  sendNotFound,
  siteBaseUrl,
} from './site-kit.ts';
import { truthTerms } from './truth-kit.ts';
import { productPageIn } from './drift-kit.ts';
import { weighedPage } from './weigh-kit.ts';

const profile: CatalogueProfile = {
  source: 'source_01',
  productCount: 400,
  makeProductId: (rng) => randomNumericId(7, rng),
  makeOfferId: (rng) => randomNumericId(10, rng),
  makeSellerId: (rng) => randomNumericId(6, rng),
  offersPerProduct: { min: 3, max: 24 },
  shopCount: 45,
  marketplaceSellerCount: 30,
  marketplaces: ['Shoply Marketplace', 'Bidbay'],
  marketplaceShare: 0.3,
  memberPriceShare: 0,
  pznStorefronts: ['de'],
};

function viewOf(request: FastifyRequest, catalogue: Catalogue): Source01View {
  return { catalogue, baseUrl: siteBaseUrl(request, catalogue) };
}

/** The file part `<digits>.html` or `<digits>_-<slug>.html` to its id. */
function idOfFile(file: string): string | undefined {
  return /^(\d+)(?:_-[a-z0-9-]*)?\.html$/.exec(file)?.[1];
}

/** Real idealo pages weigh about this much (search ~0.6 MB, product ~0.9 MB); after `</html>` a comment. */
const SEARCH_FOOTING = { realBytes: 600_000, trailer: '<!-- sr: rendered by search-frontend -->\n' };
const PRODUCT_FOOTING = { realBytes: 900_000, trailer: '<!-- oop: rendered by offerpage -->\n' };

/** A later result page's offset from its file name `100I16-<offset>.html`, as a page number. */
function pageOfFile(file: string): number | undefined {
  const offset = /^\d+I16-(\d+)\.html$/.exec(file)?.[1];
  if (offset === undefined || Number(offset) % SEARCH_PAGE_SIZE !== 0) return undefined;
  return Number(offset) / SEARCH_PAGE_SIZE + 1;
}

function sendSearch(
  request: FastifyRequest,
  reply: FastifyReply,
  context: SiteContext,
  page: number | undefined,
): FastifyReply {
  const catalogue = catalogueOf(request, context);
  if (!catalogue || page === undefined) return sendNotFound(reply);
  const term = queryParam(request.query, 'q');
  const results = searchCatalogue(catalogue, term);
  const { items, pages } = pageOf(results, page, SEARCH_PAGE_SIZE);
  // The sponsored tile advertises a product of the same search; it is not one of the results.
  const sponsored = page === 1 && results.length > 1 ? results[results.length - 1] : undefined;
  const html = searchPageHtml(viewOf(request, catalogue), term, page, items, pages, sponsored);
  return sendHtml(reply, weighedPage(context, html, SEARCH_FOOTING, `source_01/${term}/${page}`));
}

function register(app: FastifyInstance, context: SiteContext): void {
  app.get('/:storefront/preisvergleich/MainSearchProductCategory.html', async (request, reply) =>
    sendSearch(request, reply, context, pageParam(request.query)),
  );
  app.get('/:storefront/preisvergleich/MainSearchProductCategory/:file', async (request, reply) =>
    sendSearch(request, reply, context, pageOfFile((request.params as { file: string }).file)),
  );
  app.get('/:storefront/preisvergleich/OffersOfProduct/:file', async (request, reply) => {
    const catalogue = catalogueOf(request, context);
    const id = idOfFile((request.params as { file: string }).file);
    const product = id === undefined ? undefined : catalogue?.productById.get(id);
    if (!catalogue || !product) return sendNotFound(reply);
    const view = viewOf(request, catalogue);
    const options = {
      siteName: 'Preisradar',
      canonicalUrl: siteBaseUrl(request, catalogue) + productPath(product),
      showGtin: true,
    };
    const html = productPageIn(context, catalogue, product, options, () =>
      weighedPage(context, productPageHtml(view, product), PRODUCT_FOOTING, `source_01/${product.id}`),
    );
    return sendHtml(reply, html);
  });
  app.get('/:storefront/preisvergleich/Shop/:file', async (request, reply) => {
    const catalogue = catalogueOf(request, context);
    const id = idOfFile((request.params as { file: string }).file);
    const seller = id === undefined ? undefined : catalogue?.sellers.get(id);
    if (!catalogue || !seller) return sendNotFound(reply);
    return sendHtml(reply, sellerPageHtml(viewOf(request, catalogue), seller));
  });
}

/** What a complete crawl of a product page returns (seller names known), with planted flags. */
export function source01ProductContent(
  product: Product,
  catalogue: Catalogue,
  baseUrl: string,
): Record<string, unknown> {
  const { locale, labels } = catalogue;
  return {
    id: product.id,
    product_id: product.id,
    name: product.name,
    url: baseUrl + productPath(product),
    gtin: product.gtin,
    ...(product.pzn ? { pzn: product.pzn } : {}),
    category_ids: [product.category.categoryId],
    ...(CATEGORY_NAME_STOREFRONTS.includes(catalogue.storefront)
      ? { categories: [...product.category.germanPath] }
      : {}),
    ...trustedFiguresTruth(product.offers, catalogue),
    offers: product.offers.map((offer, index) => {
      const seller = catalogue.sellers.get(offer.sellerId) as Seller;
      const marketplace = seller.kind === 'marketplace';
      return {
        position: index + 1,
        title: offer.title,
        price: amount(offer.priceMinor, catalogue),
        currency: locale.currency,
        shipping: amount(offer.shippingMinor, catalogue),
        total: amount(offer.priceMinor + offer.shippingMinor, catalogue),
        seller_name: seller.name,
        seller_url: marketplace ? baseUrl + sellerPath(seller) : seller.homepage,
        seller_type: marketplace ? 'marketplace-shop' : 'standalone-shop',
        marketplace_name: seller.marketplaceName,
        seller_rating: seller.rating,
        seller_rating_count: seller.ratingCount,
        voucher: offer.voucher,
        free_return: offer.freeReturn,
        availability_code: offer.availability,
        availability_text: labels.availability[offer.availability],
        ...offerFlags(offer),
      };
    }),
  };
}

function searchResult(product: Product, catalogue: Catalogue, baseUrl: string): Record<string, unknown> {
  return {
    id: product.id,
    name: product.name,
    url: baseUrl + productPath(product),
    price_min: amount(Math.min(...product.offers.map((offer) => offer.priceMinor)), catalogue),
  };
}

function truth({ catalogue, baseUrl }: TruthInput): SiteTruth {
  return {
    products: catalogue.products.map((product) => ({
      id: product.id,
      gtin: product.gtin,
      pzn: product.pzn,
      name: product.name,
      marketplace_seller_ids: [
        ...new Set(
          product.offers
            .map((offer) => catalogue.sellers.get(offer.sellerId) as Seller)
            .filter((seller) => seller.kind === 'marketplace')
            .map((seller) => seller.id),
        ),
      ],
      content: source01ProductContent(product, catalogue, baseUrl),
    })),
    terms: truthTerms(catalogue).map((term) => {
      const results = searchCatalogue(catalogue, term);
      const top = results[0] as Product;
      const byPage = allPages(results, SEARCH_PAGE_SIZE).map((page) =>
        page.map((p) => searchResult(p, catalogue, baseUrl)),
      );
      return {
        term,
        search_url: baseUrl + searchPath(term, 1),
        pages: byPage.length,
        search_results_by_page: byPage,
        content: {
          ...source01ProductContent(top, catalogue, baseUrl),
          rating: top.rating,
          rating_count: top.ratingCount,
          available_since: top.availableSince,
          source_price_min: searchResult(top, catalogue, baseUrl).price_min,
          search_results: byPage[0],
        },
      };
    }),
    not_found: {
      gtin: catalogue.notFound.gtin,
      id: catalogue.notFound.id,
      term: catalogue.notFound.term,
      ...(catalogue.notFound.pzn.length > 0 ? { pzn: catalogue.notFound.pzn } : {}),
    },
  };
}

export const source01Site: SandboxSite = {
  source: 'source_01',
  storefronts: ['de', 'at', 'uk', 'fr', 'it', 'es'],
  profile,
  register,
  truth,
};
