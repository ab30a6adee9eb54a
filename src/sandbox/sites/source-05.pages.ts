/**
 * HTML of source_05 "Bazaro" in Kaufland's markup (decisions G34) as the maintained open-source
 * scrapers read it (docs/drivers.md cites repository, commit and file): a Nuxt 2 app (`#__nuxt`,
 * `data-n-head` scripts, `window.__NUXT__`), search results as `article.product` cards whose
 * facts sit in one JSON-LD list of `Product`s (sponsored cards carry
 * `.product__sponsored-ad-label` and have no JSON-LD entry), product pages with `rd-` classes
 * (`h1.rd-title`, `.rd-buybox`, `.rd-price-information__price`, `.rd-info-cards__bold`) and a
 * Product JSON-LD. Buy box, offer statistics and offers are in `window.__NUXT__` under the
 * sandbox's own keys (no scraper documents Kaufland's); money there is `{amount: "1299.00",
 * currency}`, the visible shell shows it the local way (`1 299,00 Kč`).
 */
import type { Catalogue, Offer, Product } from '../catalogue/catalogue.types.ts';
import { formatMoney } from '../catalogue/locale.ts';
import { escapeHtml, htmlDocument, scriptJson } from '../html.ts';
import { lowestPriceMinor, sellerOf } from './shop-kit.ts';
import { buyBoxOffer } from './source-02.model.ts';
import { priceSummary } from './site-kit.ts';
import { lookupTable } from '../../platform/lib/lookup.ts';

/** Offers the product page shows before "all offers". */
export const TOP_OFFER_COUNT = 3;
export const SEARCH_PAGE_SIZE = 24;

interface Text {
  lang: string;
  results: string;
  offers: string;
  allOffers: string;
  noResults: string;
}
const TEXT: Record<string, Text> = lookupTable({
  cz: {
    lang: 'cs-CZ',
    results: 'Výsledky hledání',
    offers: 'Nabídky',
    allOffers: 'Všechny nabídky',
    noResults: 'Nic jsme nenašli',
  },
  sk: {
    lang: 'sk-SK',
    results: 'Výsledky vyhľadávania',
    offers: 'Ponuky',
    allOffers: 'Všetky ponuky',
    noResults: 'Nič sme nenašli',
  },
  pl: {
    lang: 'pl-PL',
    results: 'Wyniki wyszukiwania',
    offers: 'Oferty',
    allOffers: 'Wszystkie oferty',
    noResults: 'Nic nie znaleźliśmy',
  },
  de: {
    lang: 'de-DE',
    results: 'Suchergebnisse',
    offers: 'Angebote',
    allOffers: 'Alle Angebote',
    noResults: 'Keine Treffer',
  },
  at: {
    lang: 'de-AT',
    results: 'Suchergebnisse',
    offers: 'Angebote',
    allOffers: 'Alle Angebote',
    noResults: 'Keine Treffer',
  },
  fr: {
    lang: 'fr-FR',
    results: 'Résultats',
    offers: 'Offres',
    allOffers: 'Toutes les offres',
    noResults: 'Aucun résultat',
  },
  it: {
    lang: 'it-IT',
    results: 'Risultati',
    offers: 'Offerte',
    allOffers: 'Tutte le offerte',
    noResults: 'Nessun risultato',
  },
});
const textOf = (catalogue: Catalogue): Text => TEXT[catalogue.storefront] ?? (TEXT.de as Text);

/** Kaufland's paths: `/product/<id>/`, search `/s/?search_value=<term>` (docs/drivers.md). */
export const productPath = (product: Product): string => `/product/${product.id}/`;
export const offersPath = (product: Product): string => `${productPath(product)}offers/`;
export const searchPath = (term: string): string => `/s/?search_value=${encodeURIComponent(term)}`;

/** The product id of a `/product/<id>/` path segment. */
export function idOfSlug(segment: string): string | undefined {
  return /^([0-9a-f]{12})$/.exec(segment)?.[1];
}

/** Money as the state writes it. */
function money(minor: number, catalogue: Catalogue): { amount: string; currency: string } {
  return { amount: (minor / 100).toFixed(2), currency: catalogue.locale.currency };
}

const STOCK = { green: 'IN_STOCK', orange: 'LOW_STOCK', red: 'OUT_OF_STOCK' } as const;

/** Fulfilment of an offer as the state names it. */
function fulfilment(offer: Offer, catalogue: Catalogue): string {
  if (sellerOf(offer, catalogue).kind === 'operator') return 'OPERATOR';
  return offer.fulfilledByOperator ? 'BAZARO_FULFILMENT' : 'SELLER';
}

function offerState(offer: Offer, catalogue: Catalogue): Record<string, unknown> {
  const seller = sellerOf(offer, catalogue);
  return {
    offerId: offer.id,
    title: offer.title,
    condition: offer.condition.toUpperCase(),
    price: money(offer.priceMinor, catalogue),
    plusPrice: offer.memberPriceMinor === null ? null : money(offer.memberPriceMinor, catalogue),
    delivery: money(offer.shippingMinor, catalogue),
    stock: STOCK[offer.availability],
    seller: { id: seller.id, name: seller.name, rating: seller.rating, ratingCount: seller.ratingCount },
  };
}

const SCHEMA_STOCK = {
  green: 'https://schema.org/InStock',
  orange: 'https://schema.org/LimitedAvailability',
  red: 'https://schema.org/OutOfStock',
} as const;

/** A Nuxt 2 page: the server-rendered shell in `#__nuxt`, JSON-LD and `window.__NUXT__` state. */
function nuxtPage(
  catalogue: Catalogue,
  title: string,
  routePath: string,
  data: unknown,
  parts: { shell: string; jsonLd?: unknown },
): string {
  const text = textOf(catalogue);
  const state = { layout: 'default', data: [data], fetch: {}, error: null, serverRendered: true, routePath };
  const jsonLd =
    parts.jsonLd === undefined
      ? ''
      : `<script data-n-head="ssr" type="application/ld+json">${scriptJson(parts.jsonLd)}</script>`;
  return htmlDocument({
    lang: text.lang,
    title: `${title} | Bazaro`,
    head: `<meta data-n-head="ssr" property="og:site_name" content="Bazaro">${jsonLd}`,
    body: `<div id="__nuxt"><div id="__layout"><div class="rd-page"><header class="rd-header">Bazaro</header>\n${parts.shell}\n</div></div></div>\n<script>window.__NUXT__=${scriptJson(state)};</script>`,
  });
}

/** The product image; search cards and the JSON-LD list name the same file, which ties them. */
const imageOf = (product: Product): string => `/product-images/300x300/${product.id}.webp`;

/** One search card (Kaufland's `article.product`), sponsored ones with their ad label. */
function cardHtml(catalogue: Catalogue, prefix: string, product: Product, sponsored: boolean): string {
  const label = sponsored ? '<span class="product__sponsored-ad-label">Sponsored</span>' : '';
  return [
    `<article data-v-3b1a7c2e class="product">${label}`,
    `<a class="product-link" href="${escapeHtml(prefix + productPath(product))}">`,
    `<picture><source srcset="${escapeHtml(imageOf(product))}" type="image/webp"></picture>`,
    `<div class="product__title">${escapeHtml(product.name)}</div>`,
    `<div class="price">${escapeHtml(formatMoney(lowestPriceMinor(product), catalogue.locale))}</div>`,
    `</a></article>`,
  ].join('');
}

/**
 * The search page: organic cards with one JSON-LD `Product` each (id in `sku`, lowest offer in
 * `offers`), plus a sponsored card, which is no result and has no JSON-LD entry. `.product-count`
 * counts every match, as Kaufland's does (scrapers derive the number of pages from it); the sandbox
 * serves the first page only.
 */
export function searchPageHtml(
  catalogue: Catalogue,
  baseUrl: string,
  term: string,
  results: readonly Product[],
  extra: { totalCount: number; sponsored: Product | undefined },
): string {
  const text = textOf(catalogue);
  const prefix = new URL(baseUrl).pathname;
  const origin = new URL(baseUrl).origin;
  const jsonLd = results.map((product) => ({
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    sku: product.id,
    image: [origin + imageOf(product)],
    offers: {
      '@type': 'Offer',
      url: baseUrl + productPath(product),
      price: (lowestPriceMinor(product) / 100).toFixed(2),
      priceCurrency: catalogue.locale.currency,
      availability: SCHEMA_STOCK[buyBoxOffer(product)?.availability ?? 'red'],
    },
  }));
  const cards = results.map((product) => cardHtml(catalogue, prefix, product, false));
  const { totalCount, sponsored } = extra;
  if (sponsored && cards.length > 0) cards.splice(1, 0, cardHtml(catalogue, prefix, sponsored, true));
  const shell =
    results.length === 0
      ? `<p class="rd-search-empty">${escapeHtml(text.noResults)}</p>`
      : `<h1 class="rd-search-title">${escapeHtml(text.results)}</h1><span class="product-count">${totalCount}</span><div class="results results--grid">${cards.join('\n')}</div>`;
  return nuxtPage(catalogue, term, '/s/', { searchTerm: term, totalCount }, { shell, jsonLd });
}

/** The product page: JSON-LD facts, `rd-` buy box, and the state's buy box, statistics and top offers. */
export function productPageHtml(catalogue: Catalogue, product: Product, baseUrl: string): string {
  const text = textOf(catalogue);
  const lead = buyBoxOffer(product);
  const summary = priceSummary(product.offers, catalogue);
  const url = baseUrl + productPath(product);
  const data = {
    product: { id: product.id },
    // Nobody wins the buy box when no new offer can be delivered.
    buyBox: lead
      ? {
          offerId: lead.id,
          price: money(lead.priceMinor, catalogue),
          plusPrice: lead.memberPriceMinor === null ? null : money(lead.memberPriceMinor, catalogue),
          seller: { id: lead.sellerId, name: sellerOf(lead, catalogue).name },
          fulfilment: fulfilment(lead, catalogue),
        }
      : null,
    offerSummary: {
      count: product.offers.length,
      lowest: { amount: summary.price_min.toFixed(2), currency: catalogue.locale.currency },
      highest: { amount: summary.price_max.toFixed(2), currency: catalogue.locale.currency },
      average: { amount: summary.price_avg.toFixed(2), currency: catalogue.locale.currency },
    },
    topOffers: product.offers.slice(0, TOP_OFFER_COUNT).map((offer) => offerState(offer, catalogue)),
  };
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    sku: product.id,
    gtin13: product.gtin,
    brand: { '@type': 'Brand', name: product.brand },
    category: product.category.noun[catalogue.locale.language],
    url,
  };
  const buyBox = lead
    ? `<div class="rd-buybox"><div class="rd-buybox__price-container"><span class="rd-price-information__price">${escapeHtml(formatMoney(lead.priceMinor, catalogue.locale))}</span></div><button class="rd-info-cards__button"><span class="rd-info-cards__bold">${escapeHtml(sellerOf(lead, catalogue).name)}</span></button></div>`
    : '';
  const shell = [
    `<h1 class="rd-title">${escapeHtml(product.name)}</h1>`,
    buyBox,
    `<a class="rd-offers-link" href="${escapeHtml(baseUrl + offersPath(product))}">${escapeHtml(text.allOffers)} (${product.offers.length})</a>`,
  ].join('\n');
  return nuxtPage(catalogue, product.name, productPath(product), data, { shell, jsonLd });
}

/** The offer listing: every offer of the product in the site's ranking. */
export function offersPageHtml(catalogue: Catalogue, product: Product): string {
  const text = textOf(catalogue);
  const rows = product.offers.map(
    (offer) =>
      `<li class="rd-offer">${escapeHtml(sellerOf(offer, catalogue).name)} ${escapeHtml(formatMoney(offer.priceMinor, catalogue.locale))}</li>`,
  );
  const data = {
    productId: product.id,
    offers: product.offers.map((offer) => offerState(offer, catalogue)),
  };
  const shell = `<h1 class="rd-title">${escapeHtml(text.offers)}: ${escapeHtml(product.name)}</h1><ul class="rd-offer-list">${rows.join('')}</ul>`;
  return nuxtPage(catalogue, `${text.offers} ${product.name}`, offersPath(product), data, { shell });
}
