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
const SCHEMA_AVAILABILITY = { green: 'InStock', orange: 'LimitedAvailability', red: 'OutOfStock' } as const;
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

const money = (minor: number, catalogue: Catalogue): { price: number; currencyUnit: string } => ({
  price: amount(minor, catalogue),
  currencyUnit: catalogue.locale.currency,
});

function fulfillment(offer: Offer, catalogue: Catalogue): string {
  if (sellerOf(offer, catalogue).kind === 'operator') return 'VALUEMART';
  return offer.fulfilledByOperator ? 'VFS' : 'SELLER';
}

function offerState(offer: Offer, catalogue: Catalogue): Record<string, unknown> {
  const seller = sellerOf(offer, catalogue);
  return {
    offerId: offer.id,
    title: offer.title,
    condition: CONDITION[offer.condition],
    sellerId: seller.id,
    sellerName: seller.name,
    sellerRating: { rating: seller.rating, count: seller.ratingCount },
    price: money(offer.priceMinor, catalogue),
    memberPrice: offer.memberPriceMinor === null ? null : money(offer.memberPriceMinor, catalogue),
    shipping: money(offer.shippingMinor, catalogue),
    availabilityStatus: STATUS[offer.availability],
    fulfillment: fulfillment(offer, catalogue),
  };
}

/** A product page: JSON-LD for the product and buy box, the app state for every offer. */
export function productPageHtml(catalogue: Catalogue, baseUrl: string, product: Product): string {
  const canonical = baseUrl + productPath(product);
  const box = buyBoxOffer(product);
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    sku: product.id,
    gtin13: product.gtin,
    brand: { '@type': 'Brand', name: product.brand },
    category: product.category.noun.en,
    url: canonical,
    ...(box
      ? {
          offers: {
            '@type': 'Offer',
            price: amount(box.priceMinor, catalogue),
            priceCurrency: catalogue.locale.currency,
            availability: `https://schema.org/${SCHEMA_AVAILABILITY[box.availability]}`,
            seller: { '@type': 'Organization', name: sellerOf(box, catalogue).name },
          },
        }
      : {}),
  };
  const state = {
    product: { usItemId: product.id, productName: product.name, canonicalUrl: canonical },
    buyBox: box ? offerState(box, catalogue) : null,
    offers: product.offers.map((offer) => offerState(offer, catalogue)),
  };
  const price = box
    ? `<span itemprop="price" data-testid="price-wrap">${escapeHtml(formatMoney(box.priceMinor, catalogue.locale))}</span>`
    : '';
  return layout(
    catalogue,
    product.name,
    `<h1 id="main-title">${escapeHtml(product.name)}</h1>\n${price}\n<script>window.__VM_REDUX_INITIAL_STATE__ = ${scriptJson(state)};</script>`,
    `<link rel="canonical" href="${escapeHtml(canonical)}">\n<script type="application/ld+json">${scriptJson(jsonLd)}</script>`,
  );
}
