/** Pieces of Amazon's markup (G34: source_02) that its search, product and offer pages share. */
import type { CheerioAPI } from 'cheerio/slim';
import { resolveCurrency } from '../../extract/page-currency.ts';
import { PageParseError } from '../../vocabulary/crawl.errors.ts';
import type { FetchedPage } from '../../vocabulary/crawl.types.ts';
import type { KeepElement, ScannedElement } from '../../parse/scan.ts';
import { attributeOf, withId, type ElementTest } from '../../parse/scan-select.ts';

export type SellerType = 'marketplace_operator' | 'fulfilled_by_operator' | 'fulfilled_by_seller';

/** What a page says about its prices' currency, wherever it is read from (scan or DOM). */
export interface CurrencyMarkup {
  /** `input#currencyOfPreference`'s value, else the buy form's `customerVisiblePrice` code. */
  declared: string | undefined;
  /** The first `html` element's `lang`, or null. */
  lang: string | null;
  /** The first `link[rel="canonical"]`'s `href`. */
  canonical: string | undefined;
}

/** The buy form's hidden currency code on current pages. */
export const VISIBLE_PRICE_CURRENCY = 'items[0.base][customerVisiblePrice][currencyCode]';

/**
 * The ISO code of the page's prices: the storefront's `currencyOfPreference` or the buy form's
 * `customerVisiblePrice` code where the page has them (current pages), else the price's symbol read
 * with the page's language and host (`£` → GBP, `$` on amazon.com → USD).
 */
export function amazonCurrency(markup: CurrencyMarkup, page: FetchedPage, priceText: string): string {
  if (markup.declared) return markup.declared;
  const host = (() => {
    try {
      return new URL(markup.canonical ?? page.url).hostname;
    } catch {
      return null;
    }
  })();
  const code = resolveCurrency(priceText === '' ? null : priceText, {
    declared: [],
    locale: markup.lang,
    host,
  });
  if (code === null) throw new PageParseError(`currency missing on ${page.url}`);
  return code;
}

/** The currency markup of a cheerio document (the all-offers listing, a small page). */
export function currencyMarkupOf($: CheerioAPI): CurrencyMarkup {
  return {
    declared:
      $('input#currencyOfPreference').attr('value') ??
      $(`input[name="${VISIBLE_PRICE_CURRENCY}"]`).attr('value'),
    lang: $('html').attr('lang') ?? null,
    canonical: $('link[rel="canonical"]').attr('href'),
  };
}

/** `link[rel="canonical"]` (`rel` compares case-insensitively in HTML). */
const isCanonicalLink = (name: string, attribs: Readonly<Record<string, string>>): boolean =>
  name === 'link' && attribs.rel?.toLowerCase() === 'canonical';

/** What a scan keeps for {@link scannedCurrencyMarkup}. */
export const keepCurrencyMarkup: KeepElement = (name, attribs) =>
  name === 'html' ||
  isCanonicalLink(name, attribs) ||
  (name === 'input' && (attribs.id === 'currencyOfPreference' || attribs.name === VISIBLE_PRICE_CURRENCY));

const PREFERENCE: ElementTest = withId('currencyOfPreference', 'input');
const VISIBLE_PRICE: ElementTest = (element) =>
  element.name === 'input' && element.attribs.name === VISIBLE_PRICE_CURRENCY;

/** The currency markup among a scan's kept elements (kept with {@link keepCurrencyMarkup}). */
export function scannedCurrencyMarkup(kept: readonly ScannedElement[]): CurrencyMarkup {
  const canonical = kept.find((element) => isCanonicalLink(element.name, element.attribs));
  return {
    declared: attributeOf(kept.find(PREFERENCE), 'value') ?? attributeOf(kept.find(VISIBLE_PRICE), 'value'),
    lang:
      attributeOf(
        kept.find((element) => element.name === 'html'),
        'lang',
      ) ?? null,
    canonical: attributeOf(canonical, 'href'),
  };
}
