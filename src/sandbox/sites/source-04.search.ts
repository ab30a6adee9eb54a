/**
 * source_04's search page in eBay's current layout (G34: `li.s-card`, 2025 on), modelled on the
 * 2026 ebay.com fixture page (`understudy_ebay_search.html.gz`): the listing id in
 * `data-listingid`, the catalogue product in the link's `epid` parameter, the price in
 * `.s-card__price`, bids, delivery and seller as `.s-card__attribute-row` texts, eBay's obfuscated
 * "Sponsored" footer on every card, the two hidden "Shop on eBay" template cards before the list
 * and the pagination after it.
 */
import type { Offer, Product, Seller } from '../catalogue/catalogue.types.ts';
import { fillLabel } from '../catalogue/labels.ts';
import { formatMoney } from '../catalogue/locale.ts';
import { escapeHtml } from '../html.ts';
import { hashString } from '../random.ts';
import { AUCTION_EPOCH_MS, itemPath, listingTerms, positivePercent } from './source-04.model.ts';
import { layout, shippingHtml, textOf, type Source04View } from './source-04.pages.ts';
import { lookupTable } from '../../platform/lib/lookup.ts';

/** eBay's "Sponsored" label, per language (the footer spells it backwards in a transparent span). */
const SPONSORED: Record<string, string> = lookupTable({
  de: 'Gesponsert',
  en: 'Sponsored',
  fr: 'Sponsorisé',
  it: 'Sponsorizzato',
  es: 'Patrocinado',
});
/**
 * The hidden label elements the footers point at with `aria-labelledby`: a card is sponsored when
 * one of its ids holds the label. As on the real page, two hold it, two are empty and one id a
 * footer names exists nowhere. No catalogue listing is an advertisement, so organic cards only
 * name the empty ones.
 */
const LABEL_IDS = {
  empty: ['s-3i8m464', 's-thk9084'],
  sponsored: ['s-klbr684', 's-zgsm644'],
  none: 's-n5pj814',
};

const sponsoredOf = (view: Source04View): string =>
  SPONSORED[view.catalogue.locale.language] ?? (SPONSORED.en as string);

function hiddenLabels(view: Source04View): string {
  const label = escapeHtml(sponsoredOf(view));
  const [empty1, empty2] = LABEL_IDS.empty;
  const [sponsored1, sponsored2] = LABEL_IDS.sponsored;
  return `<div hidden=""><div id="${empty1}"></div><div id="${sponsored1}">${label}</div><div id="${empty2}"></div><div id="${sponsored2}">${label}</div></div>`;
}

function footerHtml(view: Source04View, labelledBy: string): string {
  const reversed = escapeHtml([...sponsoredOf(view)].reverse().join(''));
  return `<div class="su-card-container__footer"><div class="s-card__footer"><div class="s-card__footer--row"><div class="s-card__sep"><b aria-labelledby="${labelledBy}" role="heading" aria-level="6"><span aria-hidden="true" style="color: transparent !important">${reversed}</span></b></div></div></div></div>`;
}

const row = (inner: string): string => `<div class="s-card__attribute-row">${inner}</div>`;
const styled = (kind: string, text: string): string =>
  `<span class="su-styled-text ${kind}">${escapeHtml(text)}</span>`;

/** Days and hours an auction has left, counted from the fixed instant the sandbox's pages show. */
function timeLeft(endsAt: string): string {
  const hours = Math.floor((Date.parse(endsAt) - AUCTION_EPOCH_MS) / 3_600_000);
  return `${Math.floor(hours / 24)}d ${hours % 24}h`;
}

/**
 * The bids row of an auction or the "Buy It Now" row. eBay writes the end as a local clock time
 * only (`(Today 09:10 AM)`); the sandbox adds the instant in a `<time datetime>` so its ground
 * truth (`ends_at`) can be read back.
 */
function termsRow(view: Source04View, offer: Offer): string {
  const text = textOf(view.catalogue);
  const terms = listingTerms(view.catalogue, offer);
  if (terms.listingType === 'fixed_price' || terms.endsAt === null)
    return row(styled('secondary large', text.buyNow));
  const clock = terms.endsAt.slice(0, 16).replace('T', ' ');
  return row(
    `${styled('secondary large', fillLabel(text.bids, { count: terms.bids ?? 0 }))}${styled('secondary small', ' · ')}<span class="s-card__time"><span class="clipped">${escapeHtml(text.endsAt)}</span><span class="s-card__time-left">${timeLeft(terms.endsAt)}</span> <span class="s-card__time-end">(<time datetime="${terms.endsAt}">${clock}</time>)</span></span>`,
  );
}

/** The seller line: name, share of positive feedback and the exact feedback count. */
function sellerRow(view: Source04View, seller: Seller): string {
  const percent = positivePercent(seller).toFixed(1);
  const shown = view.catalogue.locale.decimalSeparator === ',' ? percent.replace('.', ',') : percent;
  const feedback = `${fillLabel(textOf(view.catalogue).positive, { percent: shown })} (${seller.ratingCount})`;
  return row(`${styled('primary large', `${seller.name} `)}${styled('primary large', feedback)}`);
}

function cardHtml(view: Source04View, term: string, product: Product, offer: Offer, index: number): string {
  const { catalogue } = view;
  const seller = catalogue.sellers.get(offer.sellerId) as Seller;
  const hash = hashString(`${catalogue.seed}:${offer.id}`).toString(16).padStart(8, '0');
  const query = `_skw=${encodeURIComponent(term).replace(/%20/g, '+')}&epid=${product.id}&hash=item${hash}`;
  const href = escapeHtml(`${view.baseUrl}${itemPath(offer)}?${query}`);
  const [empty1, empty2] = LABEL_IDS.empty;
  const labelledBy = index % 2 === 0 ? `${empty1} ${LABEL_IDS.none}` : `${LABEL_IDS.none} ${empty2}`;
  return [
    `<li class="s-card s-card--horizontal s-card--pagination-below" data-view="mi:1686|iid:${index + 1}" id="item${hash}" data-listingid="${offer.id}"><div class="su-card-container su-card-container--horizontal">`,
    `<div class="su-card-container__media"><div class="su-media-container s-card__media-wrapper"><div class="su-image"><a class="s-card__link image-treatment" href="${href}" target="_blank" tabindex="-1"><img class="s-card__image" loading="lazy" src="/img/${offer.id}.webp" alt="${escapeHtml(offer.title)}"></a></div></div></div>`,
    `<div class="su-card-container__content"><div class="su-card-container__header"><a class="s-card__link" target="_blank" href="${href}"><div role="heading" aria-level="3" class="s-card__title">${styled('primary default', offer.title)}<span class="clipped">Opens in a new window or tab</span></div></a>`,
    `<div class="s-card__subtitle-row"><div class="s-card__subtitle">${styled('secondary default', `${catalogue.labels.condition[offer.condition]} · `)}${styled('secondary default', product.brand)}</div></div></div>`,
    `<div class="su-card-container__attributes su-card-container__attributes--has-secondary"><div class="su-card-container__attributes__primary">`,
    row(
      `<span class="su-styled-text primary bold large-1 s-card__price">${escapeHtml(formatMoney(offer.priceMinor, catalogue.locale))}</span>`,
    ),
    termsRow(view, offer),
    row(`<span class="su-styled-text secondary large">${shippingHtml(view, offer)}</span>`),
    `</div><div class="su-card-container__attributes__secondary">${sellerRow(view, seller)}</div></div>`,
    `${footerHtml(view, labelledBy)}</div></div></li>`,
  ].join('\n');
}

/**
 * eBay's invisible "Shop on eBay" template card (item 123456), twice before the result list as on
 * the 2026 page, the second one labelled sponsored. A parser must count neither as a listing.
 */
function placeholderCard(view: Source04View, labelledBy: string): string {
  const href = 'https://ebay.com/itm/123456?itmmeta=012DEW30YG0MEEKND7NH&amp;hash=item123546:g:acwAA9KNiJowH';
  return `<div class="s-clipped" aria-hidden="true"><li class="s-card s-card--horizontal s-card--pagination-below" data-view="mi:1686|iid:1" id="" data-listingid="2500219655424533"><div class="su-card-container su-card-container--horizontal"><div class="su-card-container__content"><div class="su-card-container__header"><a class="s-card__link" target="_blank" tabindex="-1" href="${href}"><div role="heading" aria-level="3" class="s-card__title"><span class="su-styled-text primary default">Shop on eBay</span></div></a><div class="s-card__subtitle-row"><div class="s-card__subtitle"><span class="su-styled-text secondary default">Brand New</span></div></div></div><div class="su-card-container__attributes"><div class="su-card-container__attributes__primary"><div class="s-card__attribute-row"><span class="su-styled-text primary bold large-1 s-card__price">$20.00</span></div></div></div>${footerHtml(view, labelledBy)}</div></div></li></div>`;
}

/** eBay's pagination: every listing fits on page 1, so the next control is a disabled button. */
function paginationHtml(view: Source04View, term: string): string {
  const first = escapeHtml(`${view.baseUrl}/sch/i.html?_nkw=${encodeURIComponent(term)}&_pgn=1`);
  return `<div class="s-pagination"><div class="s-pagination__container"><nav role="navigation" class="pagination" aria-labelledby="srp-pagination-heading"><span aria-live="polite" role="status"><h2 id="srp-pagination-heading" class="clipped">Results Pagination - Page 1</h2></span><button type="previous" class="pagination__previous icon-btn" aria-disabled="true" aria-label="Go to previous search page"></button><ol class="pagination__items"><li><a href="${first}" class="pagination__item" aria-current="page">1</a></li></ol><button type="next" class="pagination__next icon-btn" aria-disabled="true" aria-label="Go to next search page"></button></nav></div></div>`;
}

/** The count heading as eBay splits it: the number in a bold span. */
function headingHtml(view: Source04View, count: number): string {
  const [before = '', after = ''] = view.catalogue.labels.results.split('{count}');
  return `<h1 id="srp-results-heading" class="srp-controls__count-heading" tabindex="-1">${escapeHtml(before)}<span class="BOLD">${count}</span>${escapeHtml(after)}</h1>`;
}

/** A search page: listings of the matching products as `li.s-card`, in ranking order. */
export function searchPageHtml(
  view: Source04View,
  term: string,
  listings: readonly { product: Product; offer: Offer }[],
): string {
  const { catalogue } = view;
  if (listings.length === 0)
    return layout(
      view,
      term,
      `<div class="srp-save-null-search"><h3>${escapeHtml(fillLabel(catalogue.labels.noResults, { term }))}</h3></div><ul class="srp-results srp-list clearfix"></ul>`,
    );
  const [empty1] = LABEL_IDS.empty;
  const [sponsored1] = LABEL_IDS.sponsored;
  const cards = listings.map(({ product, offer }, index) => cardHtml(view, term, product, offer, index));
  const body = [
    hiddenLabels(view),
    `<div class="srp-controls__count">${headingHtml(view, listings.length)}</div>`,
    `<div class="srp-river"><div id="srp-river-main" class="srp-river-main clearfix">`,
    placeholderCard(view, `${empty1} ${LABEL_IDS.none}`),
    placeholderCard(view, `${LABEL_IDS.none} ${sponsored1}`),
    `<div class="srp-river-results clearfix" id="srp-river-results"><div wire-region="results"><h2 id="results" class="clipped" tabindex="-1">Results</h2><ul class="srp-results srp-list clearfix">`,
    ...cards,
    `</ul></div>${paginationHtml(view, term)}</div></div></div>`,
  ].join('\n');
  return layout(view, term, body);
}
