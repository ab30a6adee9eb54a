/**
 * source_07 "Elektromarkt": a German electronics retailer with a marketplace, modelled on
 * MediaMarkt (decisions G34; sources in docs/drivers.md). Product pages `/product/_<slug>-<id>.html`
 * carry schema.org JSON-LD as MediaMarkt's do, a `BuyAction` whose `object` is the `Product`, with
 * one `Offer` per seller (seller, shipping rate, condition, availability); search pages are
 * React-rendered cards `data-test="mms-search-srp-productlist-item"` with styled-components classes
 * (`sc-<hash>-0 <hash>`), the price split into `branded-price-whole-value` and `…-decimal-value`,
 * a sponsored card among them. A search for a GTIN that names exactly one product redirects (302)
 * straight to its page, as such shops do for scanned EANs.
 */
import type { FastifyInstance } from 'fastify';
import type { Catalogue, CatalogueProfile, Offer, Product } from '../catalogue/catalogue.types.ts';
import { searchCatalogue } from '../catalogue/catalogue.ts';
import { isValidGtin13, randomNumericId } from '../catalogue/identifiers.ts';
import { fillLabel } from '../catalogue/labels.ts';
import { formatMoney } from '../catalogue/locale.ts';
import { escapeHtml, htmlDocument, queryParam, scriptJson } from '../html.ts';
import type { SandboxSite, SiteContext, SiteTruth, TruthInput } from '../sandbox.types.ts';
import { leadOffer, listedOffersTruth, sellerOf, shopTruth } from './shop-kit.ts';
import { amount, catalogueOf, htmlRoute, sendHtml, sendNotFound, slugOf, siteBaseUrl } from './site-kit.ts';
import { productPageIn } from './drift-kit.ts';
import { weighedPage } from './weigh-kit.ts';

const SEARCH_PAGE_SIZE = 12;

const profile: CatalogueProfile = {
  source: 'source_07',
  productCount: 300,
  makeProductId: (rng) => randomNumericId(7, rng),
  makeOfferId: (rng) => randomNumericId(12, rng),
  makeSellerId: (rng) => randomNumericId(5, rng),
  offersPerProduct: { min: 1, max: 8 },
  shopCount: 0,
  marketplaceSellerCount: 30,
  marketplaces: ['Elektromarkt Marktplatz'],
  marketplaceShare: 1,
  operatorName: 'Elektromarkt',
  memberPriceShare: 0,
  pznStorefronts: [],
};

const productPath = (product: Product): string => `/product/_${slugOf(product.name)}-${product.id}.html`;
const searchPath = (term: string): string => `/search.html?query=${encodeURIComponent(term)}`;

const SCHEMA_AVAILABILITY = { green: 'InStock', orange: 'LimitedAvailability', red: 'OutOfStock' } as const;
const SCHEMA_CONDITION = {
  new: 'NewCondition',
  used: 'UsedCondition',
  refurbished: 'RefurbishedCondition',
} as const;

function layout(catalogue: Catalogue, title: string, body: string, head = ''): string {
  return htmlDocument({
    lang: catalogue.locale.language,
    title: `${title} | Elektromarkt`,
    head,
    body: `<div id="root"><header data-test="mms-header">Elektromarkt</header>\n${body}\n</div>`,
  });
}

/** A price as MediaMarkt writes it: `399,` and `–` for whole euros, `19,` and `99` otherwise. */
function brandedPrice(minor: number, testId: string): string {
  const whole = Math.floor(minor / 100).toLocaleString('de-DE');
  const cents = minor % 100;
  return [
    `<div data-test="${testId}" class="sc-dd1a61d2-0 kCLQoy"><span class="sc-e0c7d9f7-0 bPkjPs">€</span>`,
    `<span data-test="branded-price-whole-value" class="sc-e0c7d9f7-0 bPkjPs">${whole},</span>`,
    `<span data-test="branded-price-decimal-value" class="sc-e0c7d9f7-0 bPkjPs">${cents === 0 ? '–' : String(cents).padStart(2, '0')}</span></div>`,
  ].join('');
}

function cardHtml(prefix: string, product: Product, sponsored: boolean): string {
  return [
    `<div data-test="mms-search-srp-productlist-item" class="sc-3f2da4f5-0 fmRbNp">`,
    sponsored ? '<span data-test="mms-sponsored-label" class="sc-8b815c14-0 hnxQvY">Gesponsert</span>' : '',
    `<a data-test="mms-router-link" class="sc-2fa46f1d-0 kLoTSm" href="${escapeHtml(prefix + productPath(product))}"><p data-test="product-title" class="sc-8b815c14-0 dbwSez">${escapeHtml(product.name)}</p></a>`,
    brandedPrice(leadOffer(product).priceMinor, 'product-price'),
    '</div>',
  ]
    .filter((line) => line !== '')
    .join('\n');
}

function searchPageHtml(
  catalogue: Catalogue,
  prefix: string,
  term: string,
  results: readonly Product[],
  sponsored: Product | undefined,
): string {
  const cards = results.map((product) => cardHtml(prefix, product, false));
  // The sponsored card stands first; it advertises a product, it is not a result.
  if (sponsored) cards.unshift(cardHtml(prefix, sponsored, true));
  const body =
    results.length === 0
      ? `<div data-test="mms-search-no-results">${escapeHtml(fillLabel(catalogue.labels.noResults, { term }))}</div>`
      : cards.join('\n');
  return layout(catalogue, term, `<div data-test="mms-search-srp-productlist">\n${body}\n</div>`);
}

function offerJsonLd(offer: Offer, catalogue: Catalogue): Record<string, unknown> {
  const seller = sellerOf(offer, catalogue);
  const currency = catalogue.locale.currency;
  return {
    '@type': 'Offer',
    name: offer.title,
    price: (offer.priceMinor / 100).toFixed(2),
    priceCurrency: currency,
    availability: `https://schema.org/${SCHEMA_AVAILABILITY[offer.availability]}`,
    itemCondition: `https://schema.org/${SCHEMA_CONDITION[offer.condition]}`,
    seller: { '@type': 'Organization', name: seller.name, identifier: seller.id },
    shippingDetails: {
      '@type': 'OfferShippingDetails',
      shippingRate: { '@type': 'MonetaryAmount', value: (offer.shippingMinor / 100).toFixed(2), currency },
    },
  };
}

function productPageHtml(catalogue: Catalogue, baseUrl: string, product: Product): string {
  const canonical = baseUrl + productPath(product);
  const productLd = {
    '@type': 'Product',
    name: product.name,
    sku: product.id,
    gtin13: product.gtin,
    brand: { '@type': 'Brand', name: product.brand },
    category: product.category.noun[catalogue.locale.language],
    url: canonical,
    offers: product.offers.map((offer) => offerJsonLd(offer, catalogue)),
  };
  const jsonLd = { '@context': 'https://schema.org', '@type': 'BuyAction', object: productLd };
  const rows = product.offers.map(
    (offer) =>
      `<li data-test="mms-offer">${escapeHtml(sellerOf(offer, catalogue).name)}: ${escapeHtml(formatMoney(offer.priceMinor, catalogue.locale))}</li>`,
  );
  return layout(
    catalogue,
    product.name,
    [
      `<h1 data-test="mms-select-details-header" class="sc-8b815c14-0 bYawoo">${escapeHtml(product.name)}</h1>`,
      brandedPrice(leadOffer(product).priceMinor, 'mms-branded-price'),
      `<ul data-test="mms-offer-list">${rows.join('')}</ul>`,
    ].join('\n'),
    `<link rel="canonical" href="${escapeHtml(canonical)}">\n<script type="application/ld+json">${scriptJson(jsonLd)}</script>`,
  );
}

/** MediaMarkt's pages weigh about 1 MB (styled-components CSS, the preloaded Apollo state). */
const FOOTING = { realBytes: 1_000_000, trailer: '<!-- mms: ssr -->\n' };

function register(app: FastifyInstance, context: SiteContext): void {
  app.get('/:storefront/search.html', async (request, reply) => {
    const catalogue = catalogueOf(request, context);
    if (!catalogue) return sendNotFound(reply);
    const term = queryParam(request.query, 'query').trim();
    const baseUrl = siteBaseUrl(request, catalogue);
    const scanned = isValidGtin13(term) ? catalogue.productByGtin.get(term) : undefined;
    if (scanned) return reply.redirect(baseUrl + productPath(scanned), 302);
    const all = searchCatalogue(catalogue, term);
    const results = all.slice(0, SEARCH_PAGE_SIZE);
    const sponsored = all.length > 1 ? all[all.length - 1] : undefined;
    const html = searchPageHtml(catalogue, new URL(baseUrl).pathname, term, results, sponsored);
    return sendHtml(reply, weighedPage(context, html, FOOTING, `source_07/${term}`));
  });
  app.get(
    '/:storefront/product/:file',
    htmlRoute(context, (request, catalogue) => {
      const id = /^_(?:[a-z0-9-]*-)?(\d{7})\.html$/.exec((request.params as { file: string }).file)?.[1];
      const product = id === undefined ? undefined : catalogue.productById.get(id);
      return (
        product &&
        productPageIn(
          context,
          catalogue,
          product,
          {
            siteName: 'Elektromarkt',
            canonicalUrl: siteBaseUrl(request, catalogue) + productPath(product),
            showGtin: true,
          },
          () =>
            weighedPage(
              context,
              productPageHtml(catalogue, siteBaseUrl(request, catalogue), product),
              FOOTING,
              `source_07/${product.id}`,
            ),
        )
      );
    }),
  );
}

function contentOf(product: Product, catalogue: Catalogue, baseUrl: string): Record<string, unknown> {
  return listedOffersTruth(
    product,
    catalogue,
    baseUrl + productPath(product),
    { gtin: product.gtin, category: product.category.noun[catalogue.locale.language] },
    (offer) => ({ title: offer.title, condition: offer.condition, seller_id: offer.sellerId }),
  );
}

function truth({ catalogue, baseUrl }: TruthInput): SiteTruth {
  return shopTruth({
    catalogue,
    identifiers: (product) => ({ product_id: product.id, gtin: product.gtin }),
    contents: (product) => ({ search: contentOf(product, catalogue, baseUrl) }),
    card: (product) => ({
      product_id: product.id,
      name: product.name,
      url: baseUrl + productPath(product),
      price: amount(leadOffer(product).priceMinor, catalogue),
    }),
    searchPageSize: SEARCH_PAGE_SIZE,
    searchUrl: (term) => baseUrl + searchPath(term),
    notFound: { term: catalogue.notFound.term, id: catalogue.notFound.id, gtin: catalogue.notFound.gtin },
  });
}

export const source07Site: SandboxSite = {
  source: 'source_07',
  storefronts: ['de'],
  profile,
  register,
  truth,
};
