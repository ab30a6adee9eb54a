/**
 * HTML of source_01, a price-comparison site: result cards with class markup, product pages with
 * JSON-LD plus one row per shop offer, seller pages. Marketplace sellers are named only on their
 * seller page; category names (breadcrumb) appear only on the German-language storefronts.
 */
import type { Catalogue, Offer, Product, Seller } from '../catalogue/catalogue.types.ts';
import { fillLabel } from '../catalogue/labels.ts';
import { formatMoney } from '../catalogue/locale.ts';
import { escapeHtml, htmlDocument, scriptJson } from '../html.ts';
import { amount, slugOf } from './site-kit.ts';
import { lookupTable } from '../../platform/lib/lookup.ts';

/** Storefronts whose product pages name the categories (spec 2.4: de/at only). */
export const CATEGORY_NAME_STOREFRONTS = ['de', 'at'];
export const SEARCH_PAGE_SIZE = 10;

type Text = Record<
  'from' | 'voucher' | 'freeReturn' | 'marketplaceSeller' | 'listedSince' | 'offers' | 'next',
  string
>;
const TEXT: Record<string, Text> = lookupTable({
  de: {
    from: 'ab',
    voucher: 'Gutschein',
    freeReturn: 'Kostenlose Rücksendung',
    marketplaceSeller: 'Händler auf {marketplace}',
    listedSince: 'Gelistet seit',
    offers: '{count} Angebote',
    next: 'Weiter',
  },
  en: {
    from: 'from',
    voucher: 'Voucher',
    freeReturn: 'Free returns',
    marketplaceSeller: 'Seller on {marketplace}',
    listedSince: 'Listed since',
    offers: '{count} offers',
    next: 'Next',
  },
  fr: {
    from: 'dès',
    voucher: 'Bon de réduction',
    freeReturn: 'Retour gratuit',
    marketplaceSeller: 'Vendeur sur {marketplace}',
    listedSince: 'Référencé depuis',
    offers: '{count} offres',
    next: 'Suivant',
  },
  it: {
    from: 'da',
    voucher: 'Buono sconto',
    freeReturn: 'Reso gratuito',
    marketplaceSeller: 'Venditore su {marketplace}',
    listedSince: 'In elenco dal',
    offers: '{count} offerte',
    next: 'Avanti',
  },
  es: {
    from: 'desde',
    voucher: 'Cupón',
    freeReturn: 'Devolución gratuita',
    marketplaceSeller: 'Vendedor en {marketplace}',
    listedSince: 'Disponible desde',
    offers: '{count} ofertas',
    next: 'Siguiente',
  },
});

/** Where the storefront's pages live: `/source_01/de`, and the absolute origin for canonical links. */
export interface Source01View {
  catalogue: Catalogue;
  /** Absolute base URL of the storefront, e.g. `http://127.0.0.1:8081/source_01/de`. */
  baseUrl: string;
}

const textOf = (catalogue: Catalogue): Text => TEXT[catalogue.locale.language] ?? (TEXT.en as Text);
const pathPrefix = (view: Source01View): string => new URL(view.baseUrl).pathname;

export const productPath = (product: Product): string =>
  `/preisvergleich/OffersOfProduct/${product.id}_-${slugOf(product.name)}.html`;
export const sellerPath = (seller: Seller): string => `/preisvergleich/Shop/${seller.id}.html`;
export const searchPath = (term: string, page: number): string =>
  `/preisvergleich/MainSearchProductCategory.html?q=${encodeURIComponent(term)}${page > 1 ? `&page=${page}` : ''}`;

function displayDate(iso: string, catalogue: Catalogue): string {
  const [year, month, day] = iso.split('-');
  return catalogue.locale.language === 'de' ? `${day}.${month}.${year}` : `${day}/${month}/${year}`;
}

function layout(view: Source01View, title: string, body: string, head = ''): string {
  return htmlDocument({
    lang: view.catalogue.locale.language,
    title: `${title} | Preisradar`,
    head,
    body: `<header class="header"><a class="header-logo" href="${pathPrefix(view)}/">Preisradar</a></header>\n<main id="main">\n${body}\n</main>\n<footer class="footer">© Preisradar</footer>`,
  });
}

/** A search result page: up to SEARCH_PAGE_SIZE cards and a "next" link when more pages exist. */
export function searchPageHtml(
  view: Source01View,
  term: string,
  page: number,
  results: readonly Product[],
  pages: number,
): string {
  const { catalogue } = view;
  const text = textOf(catalogue);
  const cards = results.map((product) => {
    const minPrice = Math.min(...product.offers.map((offer) => offer.priceMinor));
    return [
      `<div class="sr-resultItem" data-product-id="${product.id}">`,
      `<a class="sr-resultItem__link" href="${pathPrefix(view)}${productPath(product)}"><h2 class="sr-productSummary__title">${escapeHtml(product.name)}</h2></a>`,
      `<div class="sr-detailedPriceInfo__price">${text.from} ${escapeHtml(formatMoney(minPrice, catalogue.locale))}</div>`,
      `<div class="sr-detailedPriceInfo__offerCount">${escapeHtml(fillLabel(text.offers, { count: product.offers.length }))}</div>`,
      `<div class="sr-productSummary__rating" data-rating="${product.rating.toFixed(1)}"><span class="sr-productSummary__ratingCount">(${product.ratingCount})</span></div>`,
      `<div class="sr-productSummary__since">${text.listedSince} <time datetime="${product.availableSince}">${displayDate(product.availableSince, catalogue)}</time></div>`,
      '</div>',
    ].join('\n');
  });
  const empty =
    results.length === 0
      ? `<p class="sr-noResults">${escapeHtml(fillLabel(catalogue.labels.noResults, { term }))}</p>`
      : '';
  const next =
    page < pages
      ? `<nav class="sr-pagination"><a class="sr-pagination__next" rel="next" href="${escapeHtml(pathPrefix(view) + searchPath(term, page + 1))}">${text.next}</a></nav>`
      : '';
  return layout(view, term, `<div class="sr-resultList">\n${empty}${cards.join('\n')}\n</div>\n${next}`);
}

/** A product page: JSON-LD, optional breadcrumb, and the offer list in the site's ranking. */
export function productPageHtml(view: Source01View, product: Product): string {
  const { catalogue } = view;
  const canonical = view.baseUrl + productPath(product);
  const prices = product.offers.map((offer) => offer.priceMinor);
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    sku: product.id,
    gtin13: product.gtin,
    mpn: product.mpn,
    brand: { '@type': 'Brand', name: product.brand },
    offers: {
      '@type': 'AggregateOffer',
      priceCurrency: catalogue.locale.currency,
      lowPrice: amount(Math.min(...prices), catalogue),
      highPrice: amount(Math.max(...prices), catalogue),
      offerCount: product.offers.length,
    },
  };
  const breadcrumb = CATEGORY_NAME_STOREFRONTS.includes(catalogue.storefront)
    ? `<nav class="breadcrumb">${product.category.germanPath.map((name) => `<a class="breadcrumb-item" href="${pathPrefix(view)}/preisvergleich/ProductCategory/${product.category.categoryId}.html">${escapeHtml(name)}</a>`).join(' › ')}</nav>`
    : '';
  const pzn = product.pzn
    ? `<p class="oopStage-pzn">PZN: <span class="oopStage-pznValue">${product.pzn}</span></p>`
    : '';
  const rows = product.offers.map((offer) => offerRowHtml(view, offer));
  return layout(
    view,
    product.name,
    [
      breadcrumb,
      `<section class="oopStage" data-product-id="${product.id}" data-category-ids="${product.category.categoryId}">`,
      `<h1 class="oopStage-title">${escapeHtml(product.name)}</h1>${pzn}</section>`,
      `<ul class="productOffers-list">\n${rows.join('\n')}\n</ul>`,
    ].join('\n'),
    `<link rel="canonical" href="${escapeHtml(canonical)}">\n<script type="application/ld+json">${scriptJson(jsonLd)}</script>`,
  );
}

function offerRowHtml(view: Source01View, offer: Offer): string {
  const { catalogue } = view;
  const { labels, locale } = catalogue;
  const text = textOf(catalogue);
  const seller = catalogue.sellers.get(offer.sellerId) as Seller;
  const shop =
    seller.kind === 'marketplace'
      ? `<a class="productOffers-listItemOfferShopV2LogoLink" href="${pathPrefix(view)}${sellerPath(seller)}">${escapeHtml(fillLabel(text.marketplaceSeller, { marketplace: seller.marketplaceName ?? '' }))}</a><span class="productOffers-listItemOfferMarketplace">${escapeHtml(seller.marketplaceName ?? '')}</span>`
      : `<a class="productOffers-listItemOfferShopV2LogoLink" href="${escapeHtml(seller.homepage ?? '')}"><span class="productOffers-listItemOfferShopV2Name">${escapeHtml(seller.name)}</span></a>`;
  const shipping =
    offer.shippingMinor === 0
      ? labels.freeShipping
      : fillLabel(labels.plusShipping, { amount: formatMoney(offer.shippingMinor, locale) });
  return [
    `<li class="productOffers-listItem" data-offer-id="${offer.id}" data-shop-id="${seller.id}">`,
    `<span class="productOffers-listItemTitleInner">${escapeHtml(offer.title)}</span>`,
    `<div class="productOffers-listItemOfferPrice">${escapeHtml(formatMoney(offer.priceMinor, locale))}</div>`,
    `<div class="productOffers-listItemOfferShippingDetails">${escapeHtml(shipping)}</div>`,
    `<div class="productOffers-listItemOfferDeliveryStatus availability availability--${offer.availability}">${escapeHtml(labels.availability[offer.availability])}</div>`,
    `<div class="productOffers-listItemOfferShopV2">${shop}`,
    `<span class="productOffers-listItemOfferShopV2Rating" data-rating="${seller.rating.toFixed(1)}">(${seller.ratingCount})</span></div>`,
    offer.voucher
      ? `<span class="productOffers-badge productOffers-badge--voucher">${text.voucher}</span>`
      : '',
    offer.freeReturn
      ? `<span class="productOffers-badge productOffers-badge--freeReturn">${text.freeReturn}</span>`
      : '',
    '</li>',
  ]
    .filter((line) => line !== '')
    .join('\n');
}

/** A marketplace seller's profile page: the only place its name appears. */
export function sellerPageHtml(view: Source01View, seller: Seller): string {
  return layout(
    view,
    seller.name,
    `<section class="shopProfile" data-shop-id="${seller.id}"><h1 class="shopProfile-name">${escapeHtml(seller.name)}</h1><p class="shopProfile-marketplace">${escapeHtml(seller.marketplaceName ?? '')}</p></section>`,
  );
}
