/**
 * HTML of source_09 "ValueMart", a US general merchandise marketplace. Search results are cards
 * with `data-item-id` and `data-automation-id` attributes; a product page carries schema.org JSON-LD
 * (the product and its buy-box offer) and the app state in a script assignment
 * `window.__VM_REDUX_INITIAL_STATE__ = {…};` holding the buy box, the members-only "ValueMart+"
 * price and every seller's offer.
 */
import type { Catalogue, Offer, Product } from '../catalogue/catalogue.types.ts';
import { fillLabel } from '../catalogue/labels.ts';
import { formatMoney } from '../catalogue/locale.ts';
import { escapeHtml, htmlDocument, scriptJson } from '../html.ts';
import { lowestPriceMinor, sellerOf } from './shop-kit.ts';
import { amount, slugOf } from './site-kit.ts';
import { buyBoxOffer } from './source-02.model.ts';

export const SEARCH_PAGE_SIZE = 40;

export const productPath = (product: Product): string => `/ip/${slugOf(product.name)}/${product.id}`;
export const searchPath = (term: string): string => `/search?q=${encodeURIComponent(term)}`;

const STATUS = { green: 'IN_STOCK', orange: 'LIMITED_STOCK', red: 'OUT_OF_STOCK' } as const;
const CONDITION = { new: 'New', used: 'Used', refurbished: 'Restored' } as const;

function layout(catalogue: Catalogue, title: string, body: string, head = ''): string {
  return htmlDocument({
    lang: 'en-US',
    title: `${title} - ValueMart.example`,
    head,
    body: `<div id="__vm"><header class="vm-header">ValueMart</header>\n${body}\n</div>`,
  });
}

/** Search result cards with the lowest offer price. */
export function searchPageHtml(
  catalogue: Catalogue,
  prefix: string,
  term: string,
  results: readonly Product[],
): string {
  const cards = results.map((product) =>
    [
      `<div class="mb1 ph1 w-25" data-item-id="${product.id}">`,
      `<a link-identifier="${product.id}" href="${escapeHtml(prefix + productPath(product))}"><span data-automation-id="product-title">${escapeHtml(product.name)}</span></a>`,
      `<div data-automation-id="product-price"><span class="f2">${escapeHtml(formatMoney(lowestPriceMinor(product), catalogue.locale))}</span></div>`,
      '</div>',
    ].join('\n'),
  );
  const body =
    results.length === 0
      ? `<div data-automation-id="no-results">${escapeHtml(fillLabel(catalogue.labels.noResults, { term }))}</div>`
      : cards.join('\n');
  return layout(
    catalogue,
    term,
    `<section data-testid="item-stack" data-total="${results.length}">\n${body}\n</section>`,
  );
}

const money = (minor: number, catalogue: Catalogue): Record<string, unknown> => ({
  price: amount(minor, catalogue),
  priceString: formatMoney(minor, catalogue.locale),
  currencyUnit: catalogue.locale.currency,
});

/**
 * One offer in the fields Walmart's product object gives its primary (buy-box) offer; other
 * sellers' offers repeat them in `secondaryOffers` (an empty list on the fixture pages, so its
 * entries' shape is the sandbox's, docs/sandbox.md). `offerTitle` is the sandbox's: a listing
 * title that differs from the product name.
 */
function offerState(offer: Offer, catalogue: Catalogue): Record<string, unknown> {
  const seller = sellerOf(offer, catalogue);
  const operator = seller.kind === 'operator';
  return {
    offerId: offer.id,
    offerTitle: offer.title,
    conditionType: CONDITION[offer.condition],
    sellerId: seller.id,
    sellerName: seller.name,
    sellerDisplayName: seller.name,
    sellerType: operator ? 'INTERNAL' : 'EXTERNAL',
    fulfillmentType: operator || offer.fulfilledByOperator ? 'FC' : 'MARKETPLACE',
    sellerAverageRating: seller.rating,
    sellerReviewCount: seller.ratingCount,
    availabilityStatus: STATUS[offer.availability],
    priceInfo: {
      currentPrice: money(offer.priceMinor, catalogue),
      wasPrice: null,
      shipPrice: money(offer.shippingMinor, catalogue),
      wPlusEarlyAccessPrice:
        offer.memberPriceMinor === null ? null : money(offer.memberPriceMinor, catalogue),
    },
  };
}

/** The product's offers as its page lists them: the buy-box (primary) offer first. */
export function offersInPageOrder(product: Product): Offer[] {
  const primary = buyBoxOffer(product) ?? product.offers[0];
  return primary === undefined ? [] : [primary, ...product.offers.filter((offer) => offer !== primary)];
}

/**
 * A product page as Walmart's Next.js pages are built: the data in `<script id="__NEXT_DATA__"
 * type="application/json">` at `props.pageProps.initialData.data.product`, only a WebPage JSON-LD.
 */
export function productPageHtml(catalogue: Catalogue, baseUrl: string, product: Product): string {
  const canonical = baseUrl + productPath(product);
  const [primary, ...others] = offersInPageOrder(product);
  const path = new URL(canonical).pathname;
  const data = {
    product: {
      usItemId: product.id,
      name: product.name,
      brand: product.brand,
      upc: product.gtin,
      type: product.category.noun.en,
      canonicalUrl: path,
      category: {
        path: [{ name: product.category.noun.en, url: `/cp/${slugOf(product.category.noun.en)}` }],
      },
      buyBoxSuppression: buyBoxOffer(product) === undefined,
      transactableOfferCount: product.offers.length,
      ...(primary ? offerState(primary, catalogue) : {}),
      secondaryOffers: others.map((offer) => offerState(offer, catalogue)),
    },
  };
  const next = {
    props: { pageProps: { initialData: { data } } },
    page: '/ip/[...itemParams]',
    query: { itemParams: path.split('/').slice(-2) },
    buildId: 'sandbox',
  };
  const webPage = {
    '@context': 'https://schema.org',
    '@type': 'WebPage',
    speakable: { '@type': 'SpeakableSpecification', xPath: ['/html/head/title'] },
  };
  const price = primary
    ? `<span itemprop="price" data-seo-id="hero-price" data-testid="price-wrap">${escapeHtml(formatMoney(primary.priceMinor, catalogue.locale))}</span>`
    : '';
  return layout(
    catalogue,
    product.name,
    `<h1 id="main-title" itemprop="name">${escapeHtml(product.name)}</h1>\n${price}\n<script id="__NEXT_DATA__" type="application/json" nonce="">${scriptJson(next)}</script>`,
    `<link rel="canonical" href="${escapeHtml(canonical)}">\n<script type="application/ld+json">${scriptJson(webPage)}</script>`,
  );
}
