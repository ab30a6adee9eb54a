/**
 * HTML of source_05 "Bazaro", a Central European marketplace built as a Next.js app: every page
 * carries its data in `<script id="__NEXT_DATA__" type="application/json">` and renders only a thin
 * visible shell. Money in the state is `{amount: "1299.00", currency}`; the shell shows it the local
 * way (`1 299,00 Kč`). The product page holds the buy box, offer statistics and the first three
 * offers; `…/offers/` lists every offer.
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

/** A page: the visible shell plus the Next.js data script. */
function nextPage(
  catalogue: Catalogue,
  title: string,
  page: string,
  pageProps: unknown,
  shell: string,
): string {
  const text = textOf(catalogue);
  const state = { props: { pageProps }, page, buildId: 'bz-7f3c21', locale: text.lang };
  return htmlDocument({
    lang: text.lang,
    title: `${title} – Bazaro`,
    body: `<div id="__next"><header class="bz-header">Bazaro</header>\n${shell}\n</div>\n<script id="__NEXT_DATA__" type="application/json">${scriptJson(state)}</script>`,
  });
}

/** The search page: result cards with the lowest offer price. */
export function searchPageHtml(
  catalogue: Catalogue,
  baseUrl: string,
  term: string,
  results: readonly Product[],
): string {
  const text = textOf(catalogue);
  const prefix = new URL(baseUrl).pathname;
  const items = results.map((product) => ({
    id: product.id,
    name: product.name,
    url: prefix + productPath(product),
    lowestPrice: money(lowestPriceMinor(product), catalogue),
    offersCount: product.offers.length,
  }));
  const shell =
    results.length === 0
      ? `<p class="bz-empty">${escapeHtml(text.noResults)}</p>`
      : `<h1>${escapeHtml(text.results)}</h1><ul class="bz-grid">${results.map((product) => `<li>${escapeHtml(product.name)}</li>`).join('')}</ul>`;
  return nextPage(
    catalogue,
    term,
    '/s',
    { listing: { searchTerm: term, totalCount: results.length, items } },
    shell,
  );
}

/** The product page: product facts, buy box, offer statistics and the top offers. */
export function productPageHtml(catalogue: Catalogue, product: Product, baseUrl: string): string {
  const text = textOf(catalogue);
  const lead = buyBoxOffer(product);
  const summary = priceSummary(product.offers, catalogue);
  const pageProps = {
    product: {
      id: product.id,
      name: product.name,
      brand: product.brand,
      gtin: product.gtin,
      categoryName: product.category.noun[catalogue.locale.language],
      url: baseUrl + productPath(product),
    },
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
  const shell = [
    `<h1 class="bz-title">${escapeHtml(product.name)}</h1>`,
    lead ? `<div class="bz-buybox">${escapeHtml(formatMoney(lead.priceMinor, catalogue.locale))}</div>` : '',
    `<a class="bz-all-offers" href="${escapeHtml(baseUrl + offersPath(product))}">${escapeHtml(text.allOffers)} (${product.offers.length})</a>`,
  ].join('\n');
  return nextPage(catalogue, product.name, '/product/[id]', pageProps, shell);
}

/** The offer listing: every offer of the product in the site's ranking. */
export function offersPageHtml(catalogue: Catalogue, product: Product): string {
  const text = textOf(catalogue);
  const rows = product.offers.map(
    (offer) =>
      `<li class="bz-offer">${escapeHtml(sellerOf(offer, catalogue).name)} ${escapeHtml(formatMoney(offer.priceMinor, catalogue.locale))}</li>`,
  );
  const pageProps = {
    productId: product.id,
    offers: product.offers.map((offer) => offerState(offer, catalogue)),
  };
  const shell = `<h1>${escapeHtml(text.offers)}: ${escapeHtml(product.name)}</h1><ul class="bz-offers">${rows.join('')}</ul>`;
  return nextPage(catalogue, `${text.offers} ${product.name}`, '/product/[id]/offers', pageProps, shell);
}
