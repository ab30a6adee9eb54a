/** Pieces of Amazon's markup (G34: source_02) that its search, product and offer pages share. */
import type { CheerioAPI } from 'cheerio/slim';
import { resolveCurrency } from '../../extract/page-currency.ts';
import { PageParseError } from '../../vocabulary/crawl.errors.ts';
import type { FetchedPage } from '../../vocabulary/crawl.types.ts';
import { cleanText } from '../../parse/values.ts';

export type SellerType = 'marketplace_operator' | 'fulfilled_by_operator' | 'fulfilled_by_seller';

/** The first non-empty text among selectors, tried in order (empty when none has text). */
export function firstText($: CheerioAPI, selectors: readonly string[]): string {
  for (const selector of selectors) {
    for (const element of $(selector).toArray()) {
      const text = cleanText($(element).text());
      if (text !== '') return text;
    }
  }
  return '';
}

/**
 * The ISO code of the page's prices: the storefront's `currencyOfPreference` or the buy form's
 * `customerVisiblePrice` code where the page has them (current pages), else the price's symbol read
 * with the page's language and host (`£` → GBP, `$` on amazon.com → USD).
 */
export function amazonCurrency($: CheerioAPI, page: FetchedPage, priceText: string): string {
  const declared =
    $('input#currencyOfPreference').attr('value') ??
    $('input[name="items[0.base][customerVisiblePrice][currencyCode]"]').attr('value');
  if (declared) return declared;
  const lang = $('html').attr('lang') ?? null;
  const canonical = $('link[rel="canonical"]').attr('href');
  const host = (() => {
    try {
      return new URL(canonical ?? page.url).hostname;
    } catch {
      return null;
    }
  })();
  const code = resolveCurrency(priceText === '' ? null : priceText, { declared: [], locale: lang, host });
  if (code === null) throw new PageParseError(`currency missing on ${page.url}`);
  return code;
}
