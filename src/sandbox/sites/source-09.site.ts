/**
 * source_09 "ValueMart": a US general merchandise marketplace with a buy box and a members-only
 * "ValueMart+" price. GTINs come in every GS1 length (EAN-8, UPC-12, GTIN-13, GTIN-14); the site
 * search knows the GTIN-13 form, so the truth also lists each product's GTIN-14 and not-found values
 * of every length.
 */
import type { FastifyInstance } from 'fastify';
import type { Catalogue, CatalogueProfile, Product } from '../catalogue/catalogue.types.ts';
import { gtin13CheckDigit, randomNumericId } from '../catalogue/identifiers.ts';
import type { SandboxSite, SiteContext, SiteTruth, TruthInput } from '../sandbox.types.ts';
import {
  offersInPageOrder,
  productPageHtml,
  productPath,
  SEARCH_PAGE_SIZE,
  searchPageHtml,
  searchPath,
} from './source-09.pages.ts';
import { buyboxTruth, lowestPriceCard, memberOfferTruth, offerSummaryTruth, shopTruth } from './shop-kit.ts';
import { htmlRoute, searchRoute, siteBaseUrl } from './site-kit.ts';
import { productPageIn } from './drift-kit.ts';
import { weighPage } from './page-weight.ts';

/** Not-found values of each shorter or longer GTIN form listed besides the GTIN-13 ones. */
const NOT_FOUND_PER_GTIN_FORM = 20;
/** Size of Walmart's real product pages (the saved ones in ../fixtures/marketplace-pages are 0.47 to 0.48 MB). */
const REAL_PRODUCT_BYTES = 480_000;

const profile: CatalogueProfile = {
  source: 'source_09',
  productCount: 300,
  makeProductId: (rng) => randomNumericId(10, rng),
  makeOfferId: (rng) => randomNumericId(12, rng),
  makeSellerId: (rng) => randomNumericId(7, rng),
  offersPerProduct: { min: 1, max: 8 },
  shopCount: 0,
  marketplaceSellerCount: 40,
  marketplaces: ['ValueMart Marketplace'],
  marketplaceShare: 1,
  operatorName: 'ValueMart',
  memberPriceShare: 0.25,
  pznStorefronts: [],
};

function register(app: FastifyInstance, context: SiteContext): void {
  app.get(
    '/:storefront/search',
    searchRoute(context, { param: 'q', pageSize: SEARCH_PAGE_SIZE, render: searchPageHtml }),
  );
  // `/ip/<slug>/<id>` as linked, and `/ip/<id>` without the slug.
  for (const path of ['/:storefront/ip/:slug/:id', '/:storefront/ip/:id']) {
    app.get(
      path,
      htmlRoute(context, (request, catalogue) => {
        const product = catalogue.productById.get((request.params as { id: string }).id);
        const weight = {
          weight: context.pageWeight,
          targetBytes: REAL_PRODUCT_BYTES,
          seed: `source_09/${product?.id}`,
        };
        return (
          product &&
          weighPage(
            productPageIn(
              context,
              catalogue,
              product,
              {
                siteName: 'ValueMart',
                canonicalUrl: siteBaseUrl(request, catalogue) + productPath(product),
                showGtin: true,
              },
              () => productPageHtml(catalogue, siteBaseUrl(request, catalogue), product),
            ),
            weight,
          )
        );
      }),
    );
  }
}

function contentOf(product: Product, catalogue: Catalogue, baseUrl: string): Record<string, unknown> {
  return {
    product_id: product.id,
    name: product.name,
    url: baseUrl + productPath(product),
    brand_name: product.brand,
    gtin: product.gtin,
    category: product.category.noun.en,
    ...buyboxTruth(product, catalogue),
    ...offerSummaryTruth(product, catalogue),
    offers: offersInPageOrder(product).map((offer, index) => memberOfferTruth(offer, index, catalogue)),
  };
}

/**
 * GTINs of other lengths that exist nowhere, derived from the in-store-range GTIN-13s (prefix
 * 2xx): GTIN-14 with a leading zero, UPC-12 and EAN-8 in the restricted `2` range, check digits valid.
 */
function otherGtinForms(gtins13: readonly string[]): string[] {
  const sample = gtins13.slice(0, NOT_FOUND_PER_GTIN_FORM);
  const withCheck = (body: string): string => body + String(gtin13CheckDigit(body.padStart(12, '0')));
  return [
    ...sample.map((gtin) => `0${gtin}`),
    ...sample.map((gtin) => withCheck(gtin.slice(0, 11))),
    ...sample.map((gtin) => withCheck(gtin.slice(0, 7))),
  ];
}

function truth({ catalogue, baseUrl }: TruthInput): SiteTruth {
  return shopTruth({
    catalogue,
    identifiers: (product) => ({ product_id: product.id, gtin: product.gtin, gtin14: `0${product.gtin}` }),
    contents: (product) => ({ search: contentOf(product, catalogue, baseUrl) }),
    card: lowestPriceCard(catalogue, (product) => baseUrl + productPath(product)),
    searchPageSize: SEARCH_PAGE_SIZE,
    searchUrl: (term) => baseUrl + searchPath(term),
    notFound: {
      term: catalogue.notFound.term,
      id: catalogue.notFound.id,
      gtin: [...catalogue.notFound.gtin, ...otherGtinForms(catalogue.notFound.gtin)],
    },
  });
}

export const source09Site: SandboxSite = {
  source: 'source_09',
  storefronts: ['us'],
  profile,
  register,
  truth,
};
