/** source_02: a general marketplace (search, product pages with a buy box, all-offers listing). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Catalogue, CatalogueProfile, Offer, Product, Seller } from '../catalogue/catalogue.types.ts';
import { searchCatalogue } from '../catalogue/catalogue.ts';
import { randomCode } from '../catalogue/identifiers.ts';
import { formatMoney } from '../catalogue/locale.ts';
import { DEPARTMENTS } from '../catalogue/vocabulary.ts';
import { escapeHtml, htmlDocument, pageParam, queryParam } from '../html.ts';
import type { SandboxSite, SiteContext, SiteTruth, TruthInput } from '../sandbox.types.ts';
import {
  buyBoxOffer,
  localizeMinor,
  REGION_PARAM,
  regionOf,
  SEARCH_PAGE_SIZE,
  sellerTypeOf,
  sponsoredProduct,
  type Region,
} from './source-02.model.ts';
import {
  offersPageHtml,
  productPageHtml,
  productPath,
  searchPageHtml,
  type Source02View,
} from './source-02.pages.ts';
import {
  allPages,
  amount,
  catalogueOf,
  offerFlags,
  pageOf,
  sendHtml,
  sendNotFound,
  siteBaseUrl,
} from './site-kit.ts';
import { truthTerms } from './truth-kit.ts';
import { productPageIn } from './drift-kit.ts';
import { weighPage } from './page-weight.ts';

/** Sizes of Amazon's real pages (the saved ones in ../fixtures/marketplace-pages are 1.1 to 2.3 MB). */
const REAL_BYTES = { search: 1_300_000, product: 1_500_000 };

const profile: CatalogueProfile = {
  source: 'source_02',
  productCount: 400,
  makeProductId: (rng) => randomCode('B0', 10, rng),
  makeOfferId: (rng) => randomCode('', 24, rng),
  makeSellerId: (rng) => randomCode('A', 14, rng),
  offersPerProduct: { min: 1, max: 12 },
  shopCount: 0,
  marketplaceSellerCount: 40,
  marketplaces: ['Shoply'],
  marketplaceShare: 1,
  operatorName: 'Shoply',
  memberPriceShare: 0.2,
  pznStorefronts: [],
};

function viewOf(request: FastifyRequest, catalogue: Catalogue): Source02View {
  return {
    catalogue,
    baseUrl: siteBaseUrl(request, catalogue),
    region: regionOf(catalogue.storefront, queryParam(request.query, REGION_PARAM), request.headers.cookie),
  };
}

function productOf(request: FastifyRequest, catalogue: Catalogue | undefined): Product | undefined {
  return catalogue?.productById.get((request.params as { code: string }).code);
}

function register(app: FastifyInstance, context: SiteContext): void {
  app.get('/:storefront/s', async (request, reply) => {
    const catalogue = catalogueOf(request, context);
    if (!catalogue) return sendNotFound(reply);
    const term = queryParam(request.query, 'k');
    const page = pageParam(request.query);
    const { items, pages } = pageOf(searchCatalogue(catalogue, term), page, SEARCH_PAGE_SIZE);
    const sponsored = sponsoredProduct(catalogue, term);
    const html = searchPageHtml(viewOf(request, catalogue), term, page, items, pages, sponsored);
    const weight = {
      weight: context.pageWeight,
      targetBytes: REAL_BYTES.search,
      seed: `source_02/${term}/${page}`,
    };
    return sendHtml(reply, weighPage(html, weight));
  });
  app.get('/:storefront/dp/:code', async (request, reply) => {
    const catalogue = catalogueOf(request, context);
    const product = productOf(request, catalogue);
    if (!catalogue || !product) return sendNotFound(reply);
    const view = viewOf(request, catalogue);
    const options = {
      siteName: 'Shoply',
      canonicalUrl: view.baseUrl + productPath(product),
      showGtin: true,
      cleanOffersOnly: false,
      formatPrice: (minor: number) => formatMoney(localizeMinor(minor, view.region), catalogue.locale),
    };
    const html = productPageIn(context, catalogue, product, options, () => productPageHtml(view, product));
    const weight = {
      weight: context.pageWeight,
      targetBytes: REAL_BYTES.product,
      seed: `source_02/${product.id}`,
    };
    return sendHtml(reply, weighPage(html, weight));
  });
  app.get('/:storefront/gp/offer-listing/:code', async (request, reply) => {
    const catalogue = catalogueOf(request, context);
    const product = productOf(request, catalogue);
    if (!catalogue || !product) return sendNotFound(reply);
    return sendHtml(reply, offersPageHtml(viewOf(request, catalogue), product));
  });
  app.get('/:storefront/sp', async (request, reply) => {
    const catalogue = catalogueOf(request, context);
    const seller = catalogue?.sellers.get(queryParam(request.query, 'seller'));
    if (!catalogue || !seller) return sendNotFound(reply);
    const body = `<div id="seller-profile" data-seller-id="${seller.id}"><h1 id="seller-name">${escapeHtml(seller.name)}</h1></div>`;
    return sendHtml(
      reply,
      htmlDocument({ lang: catalogue.locale.language, title: `Shoply: ${seller.name}`, body }),
    );
  });
}

function localAmount(minor: number, catalogue: Catalogue, region: Region | null): number {
  return amount(localizeMinor(minor, region), catalogue);
}

function offerTruth(
  offer: Offer,
  index: number,
  catalogue: Catalogue,
  region: Region | null,
): Record<string, unknown> {
  const seller = catalogue.sellers.get(offer.sellerId) as Seller;
  const price = localizeMinor(offer.priceMinor, region);
  const shipping = localizeMinor(offer.shippingMinor, region);
  return {
    position: index + 1,
    seller_id: seller.id,
    seller_name: seller.name,
    seller_type: sellerTypeOf(offer, seller),
    condition: offer.condition,
    is_premium: offer.memberPriceMinor !== null,
    premium_price:
      offer.memberPriceMinor === null ? null : localAmount(offer.memberPriceMinor, catalogue, region),
    price: amount(price, catalogue),
    shipping: amount(shipping, catalogue),
    total: amount(price + shipping, catalogue),
    currency: catalogue.locale.currency,
    ...offerFlags(offer),
  };
}

/** What topic `search_and_offers` returns for a product (topic `search` has `offers: []`). */
function productContent(
  product: Product,
  catalogue: Catalogue,
  baseUrl: string,
  region: Region | null,
): Record<string, unknown> {
  const box = buyBoxOffer(product);
  const seller = box ? (catalogue.sellers.get(box.sellerId) as Seller) : undefined;
  const premium = box?.memberPriceMinor ?? null;
  return {
    product_id: product.id,
    name: product.name,
    url: baseUrl + productPath(product),
    brand_name: product.brand,
    category: DEPARTMENTS[product.category.department][catalogue.locale.language],
    currency: catalogue.locale.currency,
    buybox:
      box && seller
        ? {
            price: localAmount(box.priceMinor, catalogue, region),
            seller_name: seller.name,
            seller_id: seller.id,
            condition: box.condition,
          }
        : null,
    seller_type: box && seller ? sellerTypeOf(box, seller) : null,
    is_premium: premium !== null,
    premium_price: premium === null ? null : localAmount(premium, catalogue, region),
    offers: product.offers.map((offer, index) => offerTruth(offer, index, catalogue, region)),
  };
}

function truth({ country, catalogue, baseUrl }: TruthInput): SiteTruth {
  const region: Region | null = country === 'at' || country === 'ch' ? country : null;
  const searchResult = (product: Product): Record<string, unknown> => {
    const box = buyBoxOffer(product);
    return {
      product_id: product.id,
      name: product.name,
      url: baseUrl + productPath(product),
      price: box ? localAmount(box.priceMinor, catalogue, region) : null,
    };
  };
  return {
    products: catalogue.products.map((product) => ({
      item_code: product.id,
      gtin: product.gtin,
      name: product.name,
      content: productContent(product, catalogue, baseUrl, region),
    })),
    terms: truthTerms(catalogue).map((term) => {
      const results = searchCatalogue(catalogue, term);
      const byPage = allPages(results, SEARCH_PAGE_SIZE).map((page) => page.map(searchResult));
      const top = results[0] as Product;
      return {
        term,
        pages: byPage.length,
        search_results_by_page: byPage,
        content: {
          ...productContent(top, catalogue, baseUrl, region),
          offers: [],
          search_results: byPage[0],
        },
      };
    }),
    not_found: {
      gtin: catalogue.notFound.gtin,
      item_code: catalogue.notFound.id,
      term: catalogue.notFound.term,
    },
  };
}

export const source02Site: SandboxSite = {
  source: 'source_02',
  storefronts: [
    'us',
    'ca',
    'mx',
    'br',
    'uk',
    'de',
    'es',
    'fr',
    'it',
    'jp',
    'in',
    'ae',
    'au',
    'nl',
    'se',
    'pl',
    'be',
    'sg',
    'tr',
  ],
  countryStorefronts: { at: 'de', ch: 'de' },
  profile,
  register,
  truth,
};
