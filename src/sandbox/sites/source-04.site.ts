/** source_04: an auction marketplace (listing search, item pages, catalogue product pages). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Catalogue, CatalogueProfile, Offer, Product } from '../catalogue/catalogue.types.ts';
import { randomNumericId } from '../catalogue/identifiers.ts';
import { formatMoney } from '../catalogue/locale.ts';
import { escapeHtml, htmlDocument, queryParam } from '../html.ts';
import type { SandboxSite, SiteContext, SiteTruth, TruthInput } from '../sandbox.types.ts';
import { itemPath, listingContent, productPath, searchListings } from './source-04.model.ts';
import { itemPageHtml, productPageHtml, type Source04View } from './source-04.pages.ts';
import { searchPageHtml } from './source-04.search.ts';
import { weighedPage, type PageFooting } from './weigh-kit.ts';
import {
  catalogueOf,
  offerFlags,
  sendHtml,
  sendNotFound,
  siteBaseUrl,
  trustedFiguresTruth,
} from './site-kit.ts';
import { driftedPageHtml, productCodes, productPageIn } from './drift-kit.ts';
import { truthTerms } from './truth-kit.ts';
import { weighPage } from './page-weight.ts';

/** Size of eBay's real item pages (the saved one in ../fixtures/marketplace-pages is 1.7 MB). */
const REAL_ITEM_BYTES = 1_600_000;

const SITE_NAME = 'Bidbay';
/** A real eBay search page of 60 cards (the 2026 ebay.com fixture: 3.08 MB, nothing after `</html>`). */
const SEARCH_FOOTING: PageFooting = { trailer: '', realBytes: 3_000_000 };

const profile: CatalogueProfile = {
  source: 'source_04',
  productCount: 400,
  makeProductId: (rng) => randomNumericId(9, rng),
  makeOfferId: (rng) => randomNumericId(12, rng),
  makeSellerId: (rng) => randomNumericId(8, rng),
  offersPerProduct: { min: 1, max: 8 },
  shopCount: 0,
  marketplaceSellerCount: 60,
  marketplaces: ['Bidbay'],
  marketplaceShare: 1,
  memberPriceShare: 0,
  pznStorefronts: [],
};

function viewOf(request: FastifyRequest, catalogue: Catalogue): Source04View {
  return { catalogue, baseUrl: siteBaseUrl(request, catalogue) };
}

function register(app: FastifyInstance, context: SiteContext): void {
  app.get('/:storefront/sch/i.html', async (request, reply) => {
    const catalogue = catalogueOf(request, context);
    if (!catalogue) return sendNotFound(reply);
    const term = queryParam(request.query, '_nkw');
    const html = searchPageHtml(viewOf(request, catalogue), term, searchListings(catalogue, term));
    const seed = `source_04:${catalogue.storefront}:${term}`;
    return sendHtml(reply, weighedPage(context, html, SEARCH_FOOTING, seed));
  });
  app.get('/:storefront/itm/:id', async (request, reply) => {
    const catalogue = catalogueOf(request, context);
    const listing = catalogue?.offerById.get((request.params as { id: string }).id);
    if (!catalogue || !listing) return sendNotFound(reply);
    const view = viewOf(request, catalogue);
    const { product, offer } = listing;
    if (!context.drifted(catalogue.storefront, product.id)) {
      const weight = {
        weight: context.pageWeight,
        targetBytes: REAL_ITEM_BYTES,
        seed: `source_04/${offer.id}`,
      };
      return sendHtml(reply, weighPage(itemPageHtml(view, product, offer), weight));
    }
    return sendHtml(
      reply,
      driftedPageHtml({
        catalogue,
        siteName: SITE_NAME,
        canonicalUrl: view.baseUrl + itemPath(offer),
        name: offer.title,
        brand: product.brand,
        priceText: formatMoney(offer.priceMinor, catalogue.locale),
        availability: offer.availability,
        codes: productCodes(catalogue, offer.id, product.gtin),
      }),
    );
  });
  app.get('/:storefront/p/:id', async (request, reply) => {
    const catalogue = catalogueOf(request, context);
    const product = catalogue?.productById.get((request.params as { id: string }).id);
    if (!catalogue || !product) return sendNotFound(reply);
    const view = viewOf(request, catalogue);
    const options = {
      siteName: SITE_NAME,
      canonicalUrl: view.baseUrl + productPath(product),
      showGtin: true,
    };
    return sendHtml(
      reply,
      productPageIn(context, catalogue, product, options, () => productPageHtml(view, product)),
    );
  });
  app.get('/:storefront/usr/:id', async (request, reply) => {
    const catalogue = catalogueOf(request, context);
    const seller = catalogue?.sellers.get((request.params as { id: string }).id);
    if (!catalogue || !seller) return sendNotFound(reply);
    const body = `<div class="str-seller-card" data-seller-id="${seller.id}"><h1 class="str-seller-card__store-name">${escapeHtml(seller.name)}</h1></div>`;
    return sendHtml(
      reply,
      htmlDocument({ lang: catalogue.locale.language, title: `${seller.name} | Bidbay`, body }),
    );
  });
}

const withFlags = (listing: Record<string, unknown>, offer: Offer): Record<string, unknown> => ({
  ...listing,
  ...offerFlags(offer),
});

/** Content of key `id`: one listing, with its product's identifiers. */
function itemContent(
  catalogue: Catalogue,
  product: Product,
  offer: Offer,
  baseUrl: string,
): Record<string, unknown> {
  const listing = listingContent(catalogue, offer, baseUrl, 1);
  const { position: _position, ...fields } = listing;
  return {
    product_id: offer.id,
    ...fields,
    name: offer.title,
    epid: product.id,
    gtin: product.gtin,
    brand: product.brand,
    mpn: product.mpn,
    offers: [withFlags(listing, offer)],
  };
}

/** Content of key `gtin`: the catalogue product with all its listings. */
function productContent(catalogue: Catalogue, product: Product, baseUrl: string): Record<string, unknown> {
  return {
    product_id: product.id,
    name: product.name,
    url: baseUrl + productPath(product),
    gtin: product.gtin,
    brand: product.brand,
    mpn: product.mpn,
    ...trustedFiguresTruth(product.offers, catalogue),
    offers: product.offers.map((offer, index) =>
      withFlags(listingContent(catalogue, offer, baseUrl, index + 1), offer),
    ),
  };
}

function truth({ catalogue, baseUrl }: TruthInput): SiteTruth {
  return {
    products: catalogue.products.map((product) => ({
      product_id: product.id,
      gtin: product.gtin,
      name: product.name,
      content: productContent(catalogue, product, baseUrl),
      listings: product.offers.map((offer) => ({
        item_id: offer.id,
        url: baseUrl + itemPath(offer),
        content: itemContent(catalogue, product, offer, baseUrl),
      })),
    })),
    terms: truthTerms(catalogue).map((term) => {
      const listings = searchListings(catalogue, term);
      return {
        term,
        content: {
          product_id: listings[0]?.offer.id,
          query: term,
          offers_count: listings.length,
          offers: listings.map(({ offer }, index) =>
            withFlags(listingContent(catalogue, offer, baseUrl, index + 1), offer),
          ),
        },
      };
    }),
    not_found: { id: catalogue.notFound.id, gtin: catalogue.notFound.gtin, term: catalogue.notFound.term },
  };
}

export const source04Site: SandboxSite = {
  source: 'source_04',
  storefronts: ['de', 'at', 'fr', 'it', 'es', 'uk', 'us', 'au', 'ca'],
  profile,
  register,
  truth,
};
