/**
 * HTML of source_03, modelled on Google Shopping's server-rendered pages as the community's scrapers
 * read them (decisions G34; repositories, commits and files in docs/drivers.md). Search
 * (`/search?tbm=shop&q=`): a product grid of `div.sh-dgr__grid-result[data-docid]` cards (title
 * `h3.tAxDx` in the `a.Lq5OHe` product link, price `span.a8Pemb`, merchant `div.aULzUe`, rating
 * `span.Rsc7Yb` and its review count beside it, "compare prices" link `a.iXEZD`), a sponsored block
 * `div.sh-np__click-target` above the grid, and `a#pnnext` paging with `start=`. Product page
 * (`/shopping/product/<id>`): title `span.BvQan.sh-t__title`, rating `div.uYNZm` and `span.HiT7Id`,
 * description `span.sh-ds__full-txt`, the sellers table `#sh-osd__online-sellers-cont` of
 * `tr.sh-osd__offer-row` rows (merchant `a.b5ycib` through `/url?q=<landing page>`, item price
 * `span.g9WBQb`, total `div.drzWO`, the offer id in the row's `prds=eto:<offer id>_0` link) and the
 * "more stores" button `#sh-fp__pagination-button-wrapper`. Links carry `hl` and `gl` as Google's do.
 */
import type { Catalogue, Offer, Product, Seller } from '../catalogue/catalogue.types.ts';
import { fillLabel } from '../catalogue/labels.ts';
import { formatMoney } from '../catalogue/locale.ts';
import { escapeHtml, htmlDocument } from '../html.ts';
import { cheapestOffer } from './site-kit.ts';

/** Cards per result page, and sellers a product page lists before "N more stores". */
export const CARD_LIMIT = 20;
export const SELLER_LIMIT = 10;

export const productPath = (product: Product): string => `/shopping/product/${product.id}`;
export const offerUrl = (seller: Seller, offer: Offer): string => `${seller.homepage ?? ''}offer/${offer.id}`;
export const descriptionOf = (product: Product): string =>
  `${product.name}. ${product.brand} ${product.series}, MPN ${product.mpn}.`;

/** Google's country parameter: `gb`, never `uk`. */
const glOf = (catalogue: Catalogue): string => (catalogue.storefront === 'uk' ? 'gb' : catalogue.storefront);

/** `hl` and `gl` as Google's own links carry them. */
const localeQuery = (catalogue: Catalogue): string => `hl=${catalogue.locale.language}&gl=${glOf(catalogue)}`;

/** The storefront's path prefix in the sandbox (`/source_03/de`); `/` on the real host. */
const mountOf = (catalogue: Catalogue): string => `/source_03/${catalogue.storefront}`;

const money = (minor: number, catalogue: Catalogue): string =>
  escapeHtml(formatMoney(minor, catalogue.locale));

const count = (value: number): string => value.toLocaleString('en-US');

const sellerOf = (offer: Offer, catalogue: Catalogue): Seller =>
  catalogue.sellers.get(offer.sellerId) as Seller;

function gridCard(product: Product, catalogue: Catalogue, term: string): string {
  const cheapest = cheapestOffer(product) as Offer;
  const mount = mountOf(catalogue);
  const q = `q=${encodeURIComponent(term)}&${localeQuery(catalogue)}`;
  return [
    `<div class="sh-dgr__gr-auto sh-dgr__grid-result" data-docid="${escapeHtml(product.id)}" data-hveid="CA${escapeHtml(product.id.slice(-4))}">`,
    '<div class="sh-dgr__content">',
    `<a class="Lq5OHe eaGTj translate-content" href="${escapeHtml(`${mount}${productPath(product)}?${q}`)}"><h3 class="tAxDx">${escapeHtml(product.name)}</h3></a>`,
    `<div class="zLPF4b"><span class="a8Pemb OFFNJ">${money(cheapest.priceMinor, catalogue)}</span>`,
    `<div class="aULzUe IuHnof">${escapeHtml(sellerOf(cheapest, catalogue).name)}</div></div>`,
    `<div class="NzUzee"><span class="Rsc7Yb">${product.rating}</span> <span class="QIrs8">(${count(product.ratingCount)})</span></div>`,
    `<a class="iXEZD" href="${escapeHtml(`${mount}${productPath(product)}/offers?${q}`)}">Compare prices from ${product.offers.length} stores</a>`,
    '</div></div>',
  ].join('');
}

/** A shopping ad: the same product promoted by one merchant; not a result. */
function sponsoredCard(product: Product, catalogue: Catalogue): string {
  const offer = cheapestOffer(product) as Offer;
  const seller = sellerOf(offer, catalogue);
  const landing = encodeURIComponent(offerUrl(seller, offer));
  return [
    '<div class="sh-sr__shop-result-group"><div class="ljqwrc">',
    `<a class="sh-np__click-target" href="/aclk?sa=l&amp;ai=DChcS&amp;adurl=${escapeHtml(landing)}">`,
    `<h3 class="sh-np__product-title">${escapeHtml(product.name)}</h3>`,
    `<span class="T14wmb"><b>${money(offer.priceMinor, catalogue)}</b></span>`,
    `<div class="sh-np__seller-container"><span class="E5ocAb">${escapeHtml(seller.name)}</span></div>`,
    '<span class="VqeGe">Sponsored</span></a></div></div>',
  ].join('');
}

/** A search result page: cards `start`..`start + CARD_LIMIT` of `results`, an ad on the first page. */
export function searchPageHtml(
  catalogue: Catalogue,
  term: string,
  results: readonly Product[],
  start: number,
): string {
  const cards = results.slice(start, start + CARD_LIMIT);
  const sponsored = start === 0 && results.length > 1 ? results[results.length - 1] : undefined;
  const next =
    start + CARD_LIMIT < results.length
      ? `<table class="AaVjTc"><tr><td class="d6cvqb"><a id="pnnext" href="${escapeHtml(`${mountOf(catalogue)}/search?tbm=shop&q=${encodeURIComponent(term)}&start=${start + CARD_LIMIT}&${localeQuery(catalogue)}`)}">Next</a></td></tr></table>`
      : '';
  const grid = cards.length
    ? `<div class="sh-pr__product-results-grid sh-pr__product-results">${cards.map((product) => gridCard(product, catalogue, term)).join('\n')}</div>`
    : `<p class="sh-empty">${escapeHtml(fillLabel(catalogue.labels.noResults, { term }))}</p>`;
  return htmlDocument({
    lang: catalogue.locale.language,
    title: `${term} - Google Shopping`,
    body: `<div id="rcnt"><div id="center_col">${sponsored ? sponsoredCard(sponsored, catalogue) : ''}\n${grid}\n${next}</div></div>`,
  });
}

const STOCK = { green: 'IN_STOCK', orange: 'LIMITED', red: 'OUT_OF_STOCK' } as const;

function offerRow(offer: Offer, product: Product, catalogue: Catalogue): string {
  const seller = sellerOf(offer, catalogue);
  const details = `${mountOf(catalogue)}${productPath(product)}/offers?${localeQuery(catalogue)}&prds=eto:${offer.id}_0,pid:${product.id}`;
  return [
    `<tr class="sh-osd__offer-row" data-hveid="CB${escapeHtml(offer.id.slice(-4))}">`,
    `<td class="SH30Lb"><div class="kPMwsc"><a class="b5ycib shntl" href="/url?q=${escapeHtml(encodeURIComponent(offerUrl(seller, offer)))}&amp;sa=U">${escapeHtml(seller.name)}<span class="VfPpkd-vQzf8d">Opens in a new window</span></a></div>`,
    `<div class="sh-osd__seller-rating"><span class="QIrs8">${seller.rating}</span> <span class="HiT7Id">(${count(seller.ratingCount)})</span></div></td>`,
    `<td class="SH30Lb"><span class="sh-osd__offer-title">${escapeHtml(offer.title)}</span>`,
    `<div class="sh-osd__stock" data-stock="${STOCK[offer.availability]}">${escapeHtml(catalogue.labels.availability[offer.availability])}</div></td>`,
    `<td class="SH30Lb"><span class="g9WBQb">${money(offer.priceMinor, catalogue)}</span></td>`,
    `<td class="SH30Lb"><div class="drzWO">${money(offer.priceMinor + offer.shippingMinor, catalogue)}</div></td>`,
    `<td class="SH30Lb"><a class="shntl sh-osd__details" href="${escapeHtml(details)}">Details</a></td>`,
    '</tr>',
  ].join('');
}

/** A product page: identity, rating, description, details and the first SELLER_LIMIT sellers. */
export function productPageHtml(catalogue: Catalogue, product: Product, canonicalUrl: string): string {
  const listed = product.offers.slice(0, SELLER_LIMIT);
  const hidden = product.offers.length - listed.length;
  const more =
    hidden > 0
      ? `<div id="sh-fp__pagination-button-wrapper"><button data-url="${escapeHtml(`${mountOf(catalogue)}${productPath(product)}/offers?start=${SELLER_LIMIT}&${localeQuery(catalogue)}`)}" data-count="${hidden}">${escapeHtml(fillLabel(catalogue.labels.moreSellers, { count: hidden }))}</button></div>`
      : '';
  const spec = (label: string, value: string): string =>
    `<div class="sh-dp__spec"><span class="sh-dp__spec-name">${label}</span><span class="sh-dp__spec-value">${escapeHtml(value)}</span></div>`;
  return htmlDocument({
    lang: catalogue.locale.language,
    title: `${product.name} - Google Shopping`,
    head: `<link rel="canonical" href="${escapeHtml(canonicalUrl)}">`,
    body: [
      '<div class="sg-product__dpdp-c">',
      `<span class="BvQan sh-t__title sh-t__title-pdp translate-content">${escapeHtml(product.name)}</span>`,
      `<div class="sh-rt__product"><div class="uYNZm">${product.rating}</div> <span class="HiT7Id">(${count(product.ratingCount)})</span></div>`,
      `<div class="sh-ds__desc"><span class="sh-ds__full-txt">${escapeHtml(descriptionOf(product))}</span></div>`,
      `<div class="sh-dp__cont">${spec('Brand', product.brand)}${spec('GTIN', product.gtin)}${spec('MPN', product.mpn)}</div>`,
      `<table id="sh-osd__online-sellers-cont"><tbody>${listed.map((offer) => offerRow(offer, product, catalogue)).join('\n')}</tbody></table>`,
      more,
      '</div>',
    ].join('\n'),
  });
}
