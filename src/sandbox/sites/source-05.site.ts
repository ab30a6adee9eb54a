/**
 * source_05 "Bazaro": a Central European marketplace (de cz sk pl at fr it) where the operator and
 * marketplace sellers compete for a buy box, with a members-only "Bazaro Plus" price. It stands for
 * Kaufland (decisions G34) and serves Kaufland's paths and Nuxt markup as the community's
 * scrapers read it (source-05.pages.ts, docs/drivers.md).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Catalogue, CatalogueProfile, Product } from '../catalogue/catalogue.types.ts';
import { searchCatalogue } from '../catalogue/catalogue.ts';
import { randomNumericId } from '../catalogue/identifiers.ts';
import { pageParam, queryParam } from '../html.ts';
import type { Rng } from '../random.ts';
import type { SandboxSite, SiteContext, SiteTruth, TruthInput } from '../sandbox.types.ts';
import {
  idOfSlug,
  offersPageHtml,
  productPageHtml,
  productPath,
  SEARCH_PAGE_SIZE,
  searchPageHtml,
  searchPath,
  TOP_OFFER_COUNT,
} from './source-05.pages.ts';
import {
  buyboxTruth,
  lowestPriceCard,
  lowestPriceMinor,
  memberOfferTruth,
  offerSummaryTruth,
  shopTruth,
} from './shop-kit.ts';
import { amount, catalogueOf, sendHtml, sendNotFound, siteBaseUrl } from './site-kit.ts';
import { productPageIn } from './drift-kit.ts';
import { weighedPage } from './weigh-kit.ts';

const HEX_DIGITS = [...'0123456789abcdef'];

const profile: CatalogueProfile = {
  source: 'source_05',
  productCount: 300,
  // Product ids are 12 lowercase hex digits, like the catalogue keys of many Next.js shops.
  makeProductId: (rng: Rng) => Array.from({ length: 12 }, () => rng.pick(HEX_DIGITS)).join(''),
  makeOfferId: (rng) => randomNumericId(11, rng),
  makeSellerId: (rng) => randomNumericId(8, rng),
  offersPerProduct: { min: 2, max: 14 },
  shopCount: 0,
  marketplaceSellerCount: 40,
  marketplaces: ['Bazaro'],
  marketplaceShare: 1,
  operatorName: 'Bazaro',
  memberPriceShare: 0.3,
  pznStorefronts: [],
};

function productOf(
  request: FastifyRequest,
  context: SiteContext,
): { catalogue: Catalogue; product: Product } | undefined {
  const catalogue = catalogueOf(request, context);
  const id = idOfSlug((request.params as { slug: string }).slug);
  const product = id === undefined ? undefined : catalogue?.productById.get(id);
  return catalogue && product ? { catalogue, product } : undefined;
}

/**
 * Size of Kaufland's real pages (Nuxt bundles, inline styles, state): an estimate of the sandbox,
 * not a measurement; the trailer is the sandbox's own (what Kaufland sends after `</html>` is not
 * documented by the scrapers cited in docs/drivers.md).
 */
const FOOTING = { realBytes: 900_000, trailer: '<!-- rd: ssr -->\n' };

function register(app: FastifyInstance, context: SiteContext): void {
  app.get('/:storefront/s/', async (request, reply) => {
    const catalogue = catalogueOf(request, context);
    if (!catalogue) return sendNotFound(reply);
    const term = queryParam(request.query, 'search_value');
    const all = searchCatalogue(catalogue, term);
    // Later pages as Kaufland's listings page them (`?page=<n>`); the page count follows from
    // `.product-count`, since the pagination links are rendered in the browser.
    const pageNumber = pageParam(request.query);
    const results = all.slice((pageNumber - 1) * SEARCH_PAGE_SIZE, pageNumber * SEARCH_PAGE_SIZE);
    // A paid placement on the first page: a product of the matches among the first cards, no result.
    const sponsored = pageNumber === 1 && all.length > 1 ? all[all.length - 1] : undefined;
    const html = searchPageHtml(catalogue, siteBaseUrl(request, catalogue), term, results, {
      totalCount: all.length,
      sponsored,
    });
    return sendHtml(reply, weighedPage(context, html, FOOTING, `source_05/${term}`));
  });
  app.get('/:storefront/product/:slug/', async (request, reply) => {
    const found = productOf(request, context);
    if (!found) return sendNotFound(reply);
    const { catalogue, product } = found;
    const baseUrl = siteBaseUrl(request, catalogue);
    const options = {
      siteName: 'Bazaro',
      canonicalUrl: baseUrl + productPath(product),
      showGtin: true,
      listedOffers: product.offers.slice(0, TOP_OFFER_COUNT),
    };
    return sendHtml(
      reply,
      productPageIn(context, catalogue, product, options, () =>
        weighedPage(
          context,
          productPageHtml(catalogue, product, baseUrl),
          FOOTING,
          `source_05/${product.id}`,
        ),
      ),
    );
  });
  app.get('/:storefront/product/:slug/offers/', async (request, reply) => {
    const found = productOf(request, context);
    if (!found) return sendNotFound(reply);
    const html = offersPageHtml(found.catalogue, found.product);
    return sendHtml(reply, weighedPage(context, html, FOOTING, `source_05/${found.product.id}/offers`));
  });
}

/** Content of a product for topic `search` (top offers) and `search_and_offers` (every offer). */
function contents(
  product: Product,
  catalogue: Catalogue,
  baseUrl: string,
): Record<string, Record<string, unknown>> {
  const head = {
    product_id: product.id,
    name: product.name,
    url: baseUrl + productPath(product),
    brand_name: product.brand,
    gtin: product.gtin,
    category: product.category.noun[catalogue.locale.language],
    ...buyboxTruth(product, catalogue),
  };
  const offers = product.offers.map((offer, index) => memberOfferTruth(offer, index, catalogue));
  // The page's own offer statistics cover every offer: the site's stated lowest price (G38).
  const stated = { source_price_min: amount(lowestPriceMinor(product), catalogue) };
  const top = product.offers.slice(0, TOP_OFFER_COUNT);
  return {
    search: {
      ...head,
      ...offerSummaryTruth(product, catalogue, top),
      ...stated,
      offers: offers.slice(0, TOP_OFFER_COUNT),
    },
    search_and_offers: { ...head, ...offerSummaryTruth(product, catalogue), ...stated, offers },
  };
}

function truth({ catalogue, baseUrl }: TruthInput): SiteTruth {
  return shopTruth({
    catalogue,
    identifiers: (product) => ({ product_id: product.id, gtin: product.gtin }),
    contents: (product) => contents(product, catalogue, baseUrl),
    card: lowestPriceCard(catalogue, (product) => baseUrl + productPath(product)),
    searchPageSize: SEARCH_PAGE_SIZE,
    searchUrl: (term) => baseUrl + searchPath(term),
    notFound: { term: catalogue.notFound.term, id: catalogue.notFound.id, gtin: catalogue.notFound.gtin },
  });
}

export const source05Site: SandboxSite = {
  source: 'source_05',
  storefronts: ['de', 'cz', 'sk', 'pl', 'at', 'fr', 'it'],
  profile,
  register,
  truth,
};
