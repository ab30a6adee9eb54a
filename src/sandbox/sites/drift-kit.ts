/**
 * The second template of every site's product page, served under the `markupDrift` fault: what a
 * shop looks like after a redesign its driver was not written for. It is one generic shop page for
 * all twelve sites — its own classes and ids, no JSON-LD, microdata, RDFa or script state, the price
 * only as visible text in the storefront's format, codes as labelled text ("EAN: …") — fed by each
 * site with the same product and prices as its first template.
 */
import type { AvailabilityCode, Catalogue, Offer, Product } from '../catalogue/catalogue.types.ts';
import type { Language } from '../catalogue/locale.ts';
import { formatMoney } from '../catalogue/locale.ts';
import { escapeHtml, htmlDocument } from '../html.ts';
import type { SiteContext } from '../sandbox.types.ts';
import { cheapestOffer, isCleanOffer } from './site-kit.ts';

/** Label of the shop's own item number, as shops in each language print it. */
const ITEM_NUMBER_LABEL: Readonly<Record<Language, string>> = {
  en: 'Item no.',
  de: 'Art.-Nr.',
  fr: 'Réf.',
  it: 'Cod. articolo',
  es: 'Ref.',
  nl: 'Artikelnummer',
  pl: 'Nr kat.',
  sv: 'Artikelnr',
  pt: 'Ref.',
  ja: '商品番号',
  tr: 'Ürün kodu',
  da: 'Varenr.',
  nb: 'Varenr.',
};

/** A labelled code the drifted page prints, e.g. `{ label: 'EAN', value: '4006381333931' }`. */
export interface ShownCode {
  label: string;
  value: string;
}

/** What a drifted product page shows. */
export interface DriftedPage {
  catalogue: Catalogue;
  /** Shop name in the header. */
  siteName: string;
  /** Absolute URL of the page in the site's first template (the canonical link). */
  canonicalUrl: string;
  name: string;
  brand: string;
  /** The headline price as the storefront writes it (`1.299,00 €`). */
  priceText: string;
  availability: AvailabilityCode;
  codes: readonly ShownCode[];
}

/** The generic shop page of the second template. */
export function driftedPageHtml(page: DriftedPage): string {
  const { catalogue } = page;
  const codes = page.codes.map(
    (code) => `<li class="spec-line">${escapeHtml(code.label)}: ${escapeHtml(code.value)}</li>`,
  );
  return htmlDocument({
    lang: catalogue.locale.language,
    title: `${page.name} – ${page.siteName}`,
    head: `<link rel="canonical" href="${escapeHtml(page.canonicalUrl)}">`,
    body: [
      `<header id="top-bar"><a class="brand-mark" href="/">${escapeHtml(page.siteName)}</a></header>`,
      '<main id="content" class="layout-main">',
      '<section class="item-view">',
      `<h1 class="item-view__heading">${escapeHtml(page.name)}</h1>`,
      `<div class="item-view__maker">${escapeHtml(page.brand)}</div>`,
      '<div class="item-view__purchase">',
      `<div class="amount-now">${escapeHtml(page.priceText)}</div>`,
      `<div class="stock-note">${escapeHtml(catalogue.labels.availability[page.availability])}</div>`,
      '</div>',
      `<ul class="item-view__specs">\n${codes.join('\n')}\n</ul>`,
      '</section>',
      '</main>',
    ].join('\n'),
  });
}

/** How a site shows one product in the second template, for {@link driftedProductHtml}. */
export interface DriftedProductOptions {
  siteName: string;
  canonicalUrl: string;
  /** Whether the page prints the GTIN (as the first template has it somewhere). */
  showGtin: boolean;
  /** The site's price in the storefront's words (default: `formatMoney` of the storefront). */
  formatPrice?: (minor: number) => string;
  /** The offers the first template lists (its top offers), whose figures its truth states; default all. */
  listedOffers?: readonly Offer[];
  /** False for a site whose truth states its lowest price over every offer (source_02's buy box); default true. */
  cleanOffersOnly?: boolean;
}

/**
 * A product's drifted page: headline price and availability of its cheapest offer (the
 * `price_min` of every site), the shop's item number and, where the site shows it, the GTIN.
 */
export function driftedProductHtml(
  catalogue: Catalogue,
  product: Product,
  options: DriftedProductOptions,
): string {
  // The headline price is the lowest clean listed offer's, the price_min of G38's figures (any
  // listed offer if none is clean).
  const listed = options.listedOffers ?? product.offers;
  const clean = options.cleanOffersOnly === false ? [] : listed.filter(isCleanOffer);
  const cheapest = cheapestOffer({ ...product, offers: clean.length > 0 ? clean : [...listed] });
  if (!cheapest) throw new Error(`product ${product.id} has no offers`);
  const formatPrice = options.formatPrice ?? ((minor: number) => formatMoney(minor, catalogue.locale));
  return driftedPageHtml({
    catalogue,
    siteName: options.siteName,
    canonicalUrl: options.canonicalUrl,
    name: product.name,
    brand: product.brand,
    priceText: formatPrice(cheapest.priceMinor),
    availability: cheapest.availability,
    codes: productCodes(catalogue, product.id, options.showGtin ? product.gtin : null),
  });
}

/** The shop's item number and, when given, the GTIN (`EAN` outside English storefronts). */
export function productCodes(catalogue: Catalogue, itemNumber: string, gtin: string | null): ShownCode[] {
  const language = catalogue.locale.language;
  const codes: ShownCode[] = [{ label: ITEM_NUMBER_LABEL[language], value: itemNumber }];
  if (gtin !== null) codes.push({ label: language === 'en' ? 'GTIN' : 'EAN', value: gtin });
  return codes;
}

/**
 * A product page in the template the `markupDrift` fault picks for it: the drifted page, or
 * `firstTemplate()` (the site's own page).
 */
export function productPageIn(
  context: SiteContext,
  catalogue: Catalogue,
  product: Product,
  drifted: DriftedProductOptions,
  firstTemplate: () => string,
): string {
  return context.drifted(catalogue.storefront, product.id)
    ? driftedProductHtml(catalogue, product, drifted)
    : firstTemplate();
}
