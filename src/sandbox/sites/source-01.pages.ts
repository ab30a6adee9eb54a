/**
 * HTML of source_01, modelled on idealo (decisions G34; sources in docs/drivers.md). Search pages use
 * the CSS-module classes with build hashes of the current result list (`sr-resultList__item_m6xdA`),
 * the product id in the wishlist heart's JSON attribute, a sponsored card and an ad slot among the
 * results, and `MainSearchProductCategory/100I16-<offset>.html` paging. Product pages keep the
 * unhashed `productOffers-*` offer list, JSON-LD `Product` and `BreadcrumbList`. Marketplace sellers
 * are named only on their seller page; category names are shown only on the German-language
 * storefronts.
 */
import type { Catalogue, Offer, Product, Seller } from '../catalogue/catalogue.types.ts';
import { fillLabel } from '../catalogue/labels.ts';
import { formatMoney } from '../catalogue/locale.ts';
import { escapeHtml, htmlDocument, scriptJson } from '../html.ts';
import { amount, slugOf } from './site-kit.ts';
import { textOf } from './source-01.text.ts';

/** Storefronts whose product pages name the categories (spec 2.4: de/at only). */
export const CATEGORY_NAME_STOREFRONTS = ['de', 'at'];
export const SEARCH_PAGE_SIZE = 10;

/** Where the storefront's pages live: `/source_01/de`, and the absolute origin for canonical links. */
export interface Source01View {
  catalogue: Catalogue;
  /** Absolute base URL of the storefront, e.g. `http://127.0.0.1:8081/source_01/de`. */
  baseUrl: string;
}

const pathPrefix = (view: Source01View): string => new URL(view.baseUrl).pathname;

export const productPath = (product: Product): string =>
  `/preisvergleich/OffersOfProduct/${product.id}_-${slugOf(product.name)}.html`;
export const sellerPath = (seller: Seller): string => `/preisvergleich/Shop/${seller.id}.html`;
/** Page 1 of a search, or a later page by its result offset (idealo's `I16-<offset>`). */
export const searchPath = (term: string, page: number): string =>
  page > 1
    ? `/preisvergleich/MainSearchProductCategory/100I16-${(page - 1) * SEARCH_PAGE_SIZE}.html?q=${encodeURIComponent(term)}`
    : `/preisvergleich/MainSearchProductCategory.html?q=${encodeURIComponent(term)}`;

function displayDate(iso: string, catalogue: Catalogue): string {
  const [year, month, day] = iso.split('-');
  return catalogue.locale.language === 'de' ? `${day}.${month}.${year}` : `${day}/${month}/${year}`;
}

function layout(view: Source01View, title: string, body: string, head = ''): string {
  return htmlDocument({
    lang: view.catalogue.locale.language,
    title: `${title} | Preisradar`,
    head,
    body: `<header class="i-header"><a class="i-header-logo" href="${pathPrefix(view)}/">Preisradar</a></header>\n<main id="main">\n${body}\n</main>\n<footer class="i-footer">© Preisradar</footer>`,
  });
}

/** One result tile; `sponsored` tiles carry the site's label and are not results. */
function resultCard(view: Source01View, product: Product, sponsored: boolean): string {
  const { catalogue } = view;
  const text = textOf(catalogue);
  const minPrice = Math.min(...product.offers.map((offer) => offer.priceMinor));
  const heart = escapeHtml(JSON.stringify({ id: product.id, type: 'PRODUCT' }));
  return [
    `<div class="sr-resultList__item_m6xdA" data-testid="resultItem">`,
    `<div class="sr-resultItemTile_ZLdSo">`,
    sponsored ? `<span class="sr-sponsoredLabel_qTmVb">${text.sponsored}</span>` : '',
    `<span class="sr-wishlistHeart_c7bQx" data-wishlist-heart="${heart}"></span>`,
    `<a class="sr-resultItemLink_YbJS7" href="${pathPrefix(view)}${productPath(product)}">`,
    `<div class="sr-productSummary_vFOBw"><div class="sr-productSummary__title_f5flP" data-testid="productSummary__title">${escapeHtml(product.name)}</div>`,
    `<div class="sr-productSummary__rating_Wd1pN" data-rating="${product.rating.toFixed(1)}"><span class="sr-productSummary__ratingCount_nV9sL">(${product.ratingCount})</span></div>`,
    `<div class="sr-productSummary__since_Ab3xT">${text.listedSince} <time datetime="${product.availableSince}">${displayDate(product.availableSince, catalogue)}</time></div></div>`,
    `<div class="sr-detailedPriceInfo_Eir8s"><div class="sr-detailedPriceInfo__price_sYVmx">${text.from} ${escapeHtml(formatMoney(minPrice, catalogue.locale))}</div>`,
    `<div class="sr-detailedPriceInfo__offerCount_HQq1Z">${escapeHtml(fillLabel(text.offers, { count: product.offers.length }))}</div></div>`,
    '</a></div></div>',
  ]
    .filter((line) => line !== '')
    .join('\n');
}

/**
 * A search result page: a sponsored tile first (`sponsored`, a product of the same search), up to
 * SEARCH_PAGE_SIZE result tiles with an ad slot after the third, and a next-page arrow while more
 * pages exist.
 */
export function searchPageHtml(
  view: Source01View,
  term: string,
  page: number,
  results: readonly Product[],
  pages: number,
  sponsored?: Product,
): string {
  const { catalogue } = view;
  const text = textOf(catalogue);
  const cards = results.map((product) => resultCard(view, product, false));
  if (cards.length > 3) {
    cards.splice(
      3,
      0,
      `<div class="sr-resultList__item_m6xdA" data-testid="adSlot"><div class="sr-adSlot_Pz4kq">${text.ad}</div></div>`,
    );
  }
  if (sponsored) cards.unshift(resultCard(view, sponsored, true));
  const empty =
    results.length === 0
      ? `<p class="sr-noResults_Tq8Hd">${escapeHtml(fillLabel(catalogue.labels.noResults, { term }))}</p>`
      : '';
  const next =
    page < pages
      ? `<div class="sr-pagination_k3bPw"><a class="sr-pageArrow_HufQY" rel="next" aria-label="${text.next}" href="${escapeHtml(pathPrefix(view) + searchPath(term, page + 1))}">${text.next}</a></div>`
      : '';
  return layout(
    view,
    term,
    `<div class="sr-resultList_NAJkZ" data-testid="resultList">\n${empty}${cards.join('\n')}\n</div>\n${next}`,
  );
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
  const categoryUrl = `${view.baseUrl}/preisvergleich/ProductCategory/${product.category.categoryId}.html`;
  const path = product.category.germanPath;
  const breadcrumbLd = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    // Only the leaf category has an id of its own in the catalogue; its parents link to the start.
    itemListElement: path.map((name, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name,
      item: index === path.length - 1 ? categoryUrl : `${view.baseUrl}/`,
    })),
  };
  const names = CATEGORY_NAME_STOREFRONTS.includes(catalogue.storefront);
  const breadcrumb = names
    ? `<nav class="breadcrumb">${path.map((name) => `<a class="breadcrumb-item" href="${escapeHtml(categoryUrl)}">${escapeHtml(name)}</a>`).join(' › ')}</nav>`
    : '';
  const pzn = product.pzn
    ? `<p class="oopStage-pzn">PZN: <span class="oopStage-pznValue">${product.pzn}</span></p>`
    : '';
  const rows = product.offers.map((offer) => offerRowHtml(view, offer));
  const head = [
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    `<script type="application/ld+json">${scriptJson(jsonLd)}</script>`,
    `<script type="application/ld+json">${scriptJson(breadcrumbLd)}</script>`,
  ];
  return layout(
    view,
    product.name,
    [
      breadcrumb,
      `<div class="oopStage"><h1 class="oopStage-title">${escapeHtml(product.name)}</h1>${pzn}</div>`,
      `<ul class="productOffers-list">\n${rows.join('\n')}\n</ul>`,
    ].join('\n'),
    head.join('\n'),
  );
}

function offerRowHtml(view: Source01View, offer: Offer): string {
  const { catalogue } = view;
  const { labels, locale } = catalogue;
  const text = textOf(catalogue);
  const seller = catalogue.sellers.get(offer.sellerId) as Seller;
  const marketplace = seller.kind === 'marketplace';
  const logoName = marketplace ? (seller.marketplaceName ?? '') : seller.name;
  const href = marketplace ? `${pathPrefix(view)}${sellerPath(seller)}` : (seller.homepage ?? '');
  const merchant = marketplace
    ? `<span class="productOffers-listItemOfferShopV2MarketPlaceMerchant">${escapeHtml(fillLabel(text.marketplaceSeller, { marketplace: seller.marketplaceName ?? '' }))}</span>`
    : '';
  const shipping =
    offer.shippingMinor === 0
      ? labels.freeShipping
      : fillLabel(labels.plusShipping, { amount: formatMoney(offer.shippingMinor, locale) });
  // The click-tracking payload carries the shop's and the offer's ids, as a JSON attribute.
  const payload = escapeHtml(JSON.stringify({ shop_id: seller.id, offer_id: offer.id, category: 'offer' }));
  return [
    `<li class="productOffers-listItem">`,
    `<a class="productOffers-listItemTitle" href="${escapeHtml(href)}"><span class="productOffers-listItemTitleInner">${escapeHtml(offer.title)}</span></a>`,
    `<a class="productOffers-listItemOfferPrice" href="${escapeHtml(href)}" data-gtm-payload="${payload}">${escapeHtml(formatMoney(offer.priceMinor, locale))}</a>`,
    `<div class="productOffers-listItemOfferShippingDetails"><span class="productOffers-listItemOfferShippingDetailsRightItem">${escapeHtml(shipping)}</span></div>`,
    `<div class="productOffers-listItemOfferDeliveryStatus availability availability--${offer.availability}">${escapeHtml(labels.availability[offer.availability])}</div>`,
    `<div class="productOffers-listItemOfferShopV2"><a class="productOffers-listItemOfferShopV2LogoLink" href="${escapeHtml(href)}"><img class="productOffers-listItemOfferShopV2LogoImage" src="/shop-logos/${seller.id}.png" alt="${escapeHtml(logoName)}"></a>${merchant}`,
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
