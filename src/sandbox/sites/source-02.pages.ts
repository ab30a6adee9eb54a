/**
 * HTML of source_02, a general marketplace: ids and classes only, no structured data. Search
 * results with a sponsored card, product pages with a buy box ("ships from" / "sold by", members-only
 * price), and an all-offers listing.
 */
import type { Catalogue, Offer, Product, Seller } from '../catalogue/catalogue.types.ts';
import { fillLabel } from '../catalogue/labels.ts';
import { formatMoney, minorToAmount, type Language } from '../catalogue/locale.ts';
import { DEPARTMENTS } from '../catalogue/vocabulary.ts';
import { escapeHtml, htmlDocument } from '../html.ts';
import { hashString } from '../random.ts';
import { buyBoxOffer, localizeMinor, operatorOf, REGION_PARAM, type Region } from './source-02.model.ts';

const SPONSORED: Record<Language, string> = {
  en: 'Sponsored',
  de: 'Gesponsert',
  fr: 'Sponsorisé',
  it: 'Sponsorizzato',
  es: 'Patrocinado',
  nl: 'Gesponsord',
  pl: 'Sponsorowane',
  sv: 'Sponsrad',
  pt: 'Patrocinado',
  ja: 'スポンサー',
  tr: 'Sponsorlu',
  da: 'Sponsoreret',
  nb: 'Sponset',
};
const BRAND: Record<Language, string> = {
  en: 'Brand',
  de: 'Marke',
  fr: 'Marque',
  it: 'Marca',
  es: 'Marca',
  nl: 'Merk',
  pl: 'Marka',
  sv: 'Varumärke',
  pt: 'Marca',
  ja: 'ブランド',
  tr: 'Marka',
  da: 'Mærke',
  nb: 'Merke',
};

export interface Source02View {
  catalogue: Catalogue;
  /** Absolute base URL of the storefront. */
  baseUrl: string;
  region: Region | null;
}

export const productPath = (product: Product): string => `/dp/${product.id}`;
export const offersPath = (product: Product): string => `/gp/offer-listing/${product.id}`;

/** A link below the storefront, keeping the delivery region the visitor chose. */
function link(view: Source02View, path: string, params: Record<string, string> = {}): string {
  const url = new URL(view.baseUrl + path);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  if (view.region) url.searchParams.set(REGION_PARAM, view.region.toUpperCase());
  return escapeHtml(url.pathname + url.search);
}

function money(view: Source02View, minor: number): string {
  return escapeHtml(formatMoney(localizeMinor(minor, view.region), view.catalogue.locale));
}

function layout(view: Source02View, title: string, body: string, head = ''): string {
  const deliverTo = view.region ? `<span id="glow-ingress-line2">${view.region.toUpperCase()}</span>` : '';
  return htmlDocument({
    lang: view.catalogue.locale.language,
    title: `Shoply: ${title}`,
    head,
    body: `<header id="navbar"><a id="nav-logo" href="${link(view, '/')}">Shoply</a>${deliverTo}</header>\n<div id="a-page">\n${body}\n</div>\n<footer id="navFooter">Shoply</footer>`,
  });
}

/**
 * A result card as Amazon's search pages build it (fixture pages of 2022 and 2026): an
 * `s-search-result` with `data-asin`, the title `h2` carrying `a-text-normal` itself inside the
 * `title-recipe` block, ads marked `AdHolder` with a `puis-sponsored-label-text` label.
 */
function resultCard(view: Source02View, product: Product, index: number, sponsored: boolean): string {
  const box = buyBoxOffer(product);
  const language = view.catalogue.locale.language;
  const label = sponsored ? `Sponsored Ad - ` : '';
  return [
    `<div role="listitem" data-asin="${product.id}" data-index="${index}" data-component-type="s-search-result" class="sg-col-20-of-24 s-result-item s-asin sg-col-0-of-12 sg-col-16-of-20${sponsored ? ' AdHolder' : ''} sg-col s-widget-spacing-small">`,
    `<div class="puis-card-container s-card-container" data-cy="asin-faceout-container">`,
    sponsored
      ? `<div class="a-row a-spacing-micro"><span class="puis-label-popover-default"><a class="puis-label-popover puis-sponsored-label-text" role="button" href="javascript:void(0)"><span class="puis-label-popover-hover"><span aria-hidden="true" class="a-color-secondary">${SPONSORED[language]}</span></span></a></span></div>`
      : '',
    `<div data-cy="title-recipe" class="a-section a-spacing-none puis-padding-right-small s-title-instructions-style"><a class="a-link-normal s-line-clamp-2 s-link-style a-text-normal" href="${link(view, productPath(product))}"><h2 aria-label="${label}${escapeHtml(product.name)}" class="a-size-medium a-spacing-none a-color-base a-text-normal"><span>${escapeHtml(product.name)}</span></h2></a></div>`,
    box
      ? `<div data-cy="price-recipe" class="a-section a-spacing-none a-spacing-top-small s-price-instructions-style"><span class="a-price" data-a-size="xl" data-a-color="base"><span class="a-offscreen">${money(view, box.priceMinor)}</span><span aria-hidden="true"><span class="a-price-whole">${money(view, box.priceMinor)}</span></span></span></div>`
      : '',
    '</div>',
    '</div>',
  ]
    .filter((line) => line !== '')
    .join('\n');
}

/** A search page; page 1 of a search with results starts with a sponsored card. */
export function searchPageHtml(
  view: Source02View,
  term: string,
  page: number,
  results: readonly Product[],
  pages: number,
  sponsored: Product | undefined,
): string {
  const cards = results.map((product, i) =>
    resultCard(view, product, (page - 1) * results.length + i + 1, false),
  );
  if (page === 1 && sponsored && results.length > 0) cards.unshift(resultCard(view, sponsored, 0, true));
  const empty =
    results.length === 0
      ? `<div class="s-no-results">${escapeHtml(fillLabel(view.catalogue.labels.noResults, { term }))}</div>`
      : '';
  const next =
    page < pages
      ? `<span class="s-pagination-strip"><a href="${link(view, '/s', { k: term, page: String(page + 1) })}" aria-label="Go to next page, page ${page + 1}" class="s-pagination-item s-pagination-next s-pagination-button s-pagination-separator">Next</a></span>`
      : '';
  // Amazon's search pages end with comments after `</html>` (the fixture page of amazon.de).
  const trailer = `\n<!-- sp:eh:${hashString(term).toString(36)} -->\n`;
  return (
    layout(
      view,
      term,
      `<div class="s-main-slot s-result-list s-search-results sg-row">\n${empty}${cards.join('\n')}\n</div>\n${next}`,
    ) + trailer
  );
}

function sellerLink(view: Source02View, seller: Seller): string {
  return seller.kind === 'operator'
    ? `<span class="offer-display-feature-text-message">${escapeHtml(seller.name)}</span>`
    : `<a id="sellerProfileTriggerId" class="offer-display-feature-text-message" href="${link(view, '/sp', { seller: seller.id })}">${escapeHtml(seller.name)}</a>`;
}

function shipsFromName(catalogue: Catalogue, offer: Offer, seller: Seller): string {
  return offer.fulfilledByOperator ? operatorOf(catalogue).name : seller.name;
}

function shippingText(view: Source02View, offer: Offer): string {
  const { labels } = view.catalogue;
  return offer.shippingMinor === 0
    ? escapeHtml(labels.freeShipping)
    : escapeHtml(
        fillLabel(labels.plusShipping, {
          amount: formatMoney(localizeMinor(offer.shippingMinor, view.region), view.catalogue.locale),
        }),
      );
}

/** The product page with its buy box. */
export function productPageHtml(view: Source02View, product: Product): string {
  const { catalogue } = view;
  const { labels, locale } = catalogue;
  const box = buyBoxOffer(product);
  const seller = box ? (catalogue.sellers.get(box.sellerId) as Seller) : undefined;
  const buyBox =
    box && seller
      ? [
          `<div id="corePrice_feature_div"><span class="a-price aok-align-center priceToPay"><span class="a-offscreen">${money(view, box.priceMinor)}</span></span></div>`,
          `<input type="hidden" name="priceValue" value="${minorToAmount(localizeMinor(box.priceMinor, view.region), view.catalogue.locale)}" id="priceValue">`,
          box.memberPriceMinor !== null
            ? `<div id="memberPrice_feature_div"><span class="member-badge">${escapeHtml(labels.memberPrice)}</span><span class="a-price"><span class="a-offscreen">${money(view, box.memberPriceMinor)}</span></span></div>`
            : '',
          `<div id="deliveryBlock">${shippingText(view, box)}</div>`,
          `<div id="availability"><span>${escapeHtml(labels.availability[box.availability])}</span></div>`,
          `<div id="fulfillerInfoFeature_feature_div"><span class="offer-display-feature-label">${escapeHtml(labels.shipsFrom)}</span> <span class="offer-display-feature-text-message">${escapeHtml(shipsFromName(catalogue, box, seller))}</span></div>`,
          `<div id="merchantInfoFeature_feature_div"><span class="offer-display-feature-label">${escapeHtml(labels.soldBy)}</span> ${sellerLink(view, seller)}</div>`,
          `<input type="hidden" id="merchantID" name="merchantID" value="${seller.id}">`,
        ].join('\n')
      : `<div id="outOfStock"><span>${escapeHtml(labels.availability.red)}</span></div>`;
  return layout(
    view,
    product.name,
    [
      `<div id="dp" class="${escapeHtml(product.category.department)} ${locale.language}_${locale.storefront.toUpperCase()}">`,
      `<input type="hidden" id="ASIN" name="ASIN" value="${product.id}">`,
      `<div id="wayfinding-breadcrumbs_feature_div"><ul><li><a class="a-link-normal">${escapeHtml(DEPARTMENTS[product.category.department][locale.language])}</a></li></ul></div>`,
      `<h1 id="title"><span id="productTitle">${escapeHtml(product.name)}</span></h1>`,
      `<table class="a-normal a-spacing-micro"><tr class="po-brand"><td><span class="a-text-bold">${BRAND[locale.language]}</span></td><td><span class="po-break-word">${escapeHtml(product.brand)}</span></td></tr></table>`,
      `<input type="hidden" name="currencyOfPreference" value="${locale.currency}" id="currencyOfPreference">`,
      `<div id="buybox">\n${buyBox}\n</div>`,
      `<a id="aod-ingress-link" href="${link(view, offersPath(product))}">${product.offers.length}</a>`,
      '</div>',
    ].join('\n'),
    `<link rel="canonical" href="${escapeHtml(view.baseUrl + productPath(product))}">`,
  );
}

/** The all-offers listing of a product. */
export function offersPageHtml(view: Source02View, product: Product): string {
  const { catalogue } = view;
  const { labels, locale } = catalogue;
  const rows = product.offers.map((offer) => {
    const seller = catalogue.sellers.get(offer.sellerId) as Seller;
    return [
      `<div class="aod-offer" data-offer-id="${offer.id}">`,
      `<div class="aod-offer-heading"><span class="a-text-bold">${escapeHtml(labels.condition[offer.condition])}</span></div>`,
      `<div class="aod-offer-price"><span class="a-price"><span class="a-offscreen">${money(view, offer.priceMinor)}</span></span></div>`,
      offer.memberPriceMinor !== null
        ? `<div class="aod-member-price"><span class="member-badge">${escapeHtml(labels.memberPrice)}</span><span class="a-offscreen">${money(view, offer.memberPriceMinor)}</span></div>`
        : '',
      `<div class="aod-delivery-promise">${shippingText(view, offer)}</div>`,
      `<div class="aod-offer-shipsFrom"><span class="a-color-base">${escapeHtml(shipsFromName(catalogue, offer, seller))}</span></div>`,
      `<div class="aod-offer-soldBy">${sellerLink(view, seller)}<input type="hidden" name="sellerId" value="${seller.id}"></div>`,
      '</div>',
    ]
      .filter((line) => line !== '')
      .join('\n');
  });
  return layout(
    view,
    product.name,
    `<div id="aod-container" data-asin="${product.id}">\n<input type="hidden" id="currencyOfPreference" value="${locale.currency}">\n<div id="aod-offer-list">\n${rows.join('\n')}\n</div>\n<div id="aod-total-offer-count" data-count="${product.offers.length}"></div>\n</div>`,
  );
}
