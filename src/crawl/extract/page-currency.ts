import countryToCurrency from 'country-to-currency';
import { lookupTable } from '../../platform/lib/lookup.ts';
import { detectCurrency, isIsoCurrency, symbolCurrencies } from './currency.ts';
import type { ParsedPage } from './dom.ts';

/**
 * What a page tells about where it sells, for naming a currency that its prices show only as an
 * ambiguous symbol (`$`, `¥`, `kr`) or not at all.
 */
export interface CurrencySignals {
  /** ISO codes the page's structured data gives (JSON-LD, microdata, meta tags), in that order. */
  declared: readonly string[];
  /** The page's locale as it declares it (`<html lang>`, `og:locale`, `Content-Language`): `en-CA`. */
  locale: string | null;
  /** The host the page came from: its given address, else the canonical one it names. */
  host: string | null;
}

/**
 * Reads the page's own signals: its declared locale and, when no address is given, the address
 * it names as canonical (`<link rel="canonical">`, `og:url`).
 */
export function currencySignals(
  page: ParsedPage,
  declared: readonly (string | null | undefined)[],
  url?: string,
): CurrencySignals {
  let locale: string | null = null;
  let canonical: string | null = null;
  for (const element of page.elements) {
    const { attrs, tag } = element;
    if (tag === 'html') locale ??= attrs['lang'] ?? attrs['xml:lang'] ?? null;
    else if (tag === 'meta') {
      const key = (attrs['property'] ?? attrs['name'] ?? attrs['http-equiv'] ?? '').toLowerCase();
      if (key === 'og:locale' || key === 'content-language') locale ??= attrs['content'] ?? null;
      if (key === 'og:url') canonical ??= attrs['content'] ?? null;
    } else if (tag === 'link' && /(?:^|\s)canonical(?:\s|$)/iu.test(attrs['rel'] ?? '')) {
      canonical ??= attrs['href'] ?? null;
    }
  }
  const codes = declared.filter((c): c is string => typeof c === 'string' && isIsoCurrency(c));
  return { declared: codes, locale: locale?.trim() || null, host: hostOf(url) ?? hostOf(canonical) };
}

/**
 * The ISO 4217 code of a price's currency marker, read with the page's signals:
 *
 * - an ISO code or an unambiguous symbol (`€`, `zł`) names itself;
 * - an ambiguous symbol (`$`, `￥`, `kr`, `Rs`) or a missing marker takes, in this order, a code
 *   the page's structured data declares, the currency of the region in the page's locale
 *   (`en-CA`), of the country of its domain (`.co.jp`), of the region its language is mostly
 *   spoken in (`ja`, `sv`); for an ambiguous symbol the first that the symbol can stand for;
 * - failing all, an ambiguous symbol takes its most common currency (`$` USD, `¥` JPY, `kr` SEK,
 *   `Rs` INR), and a missing marker stays null;
 * - a marker the extractor does not know is returned as printed.
 */
export function resolveCurrency(marker: string | null, signals: CurrencySignals): string | null {
  const detected = marker === null ? null : (detectCurrency(marker) ?? marker);
  if (detected !== null && isIsoCurrency(detected)) return detected;
  const options = detected === null ? null : symbolCurrencies(detected);
  if (options !== null && options.length === 0) return detected;
  const fits = (code: string | null): code is string =>
    code !== null && (options === null || options.includes(code));
  const inferred = [
    ...signals.declared,
    currencyOfRegion(explicitRegion(signals.locale)),
    currencyOfRegion(countryOfHost(signals.host)),
    currencyOfRegion(likelyRegion(signals.locale)),
  ].find(fits);
  return inferred ?? options?.[0] ?? null;
}

/** The host of an address, or null when it is not one. */
function hostOf(url: string | null | undefined): string | null {
  if (url === null || url === undefined) return null;
  try {
    return new URL(url).hostname.toLowerCase() || null;
  } catch {
    return null;
  }
}

/** Country-code domains whose code is not the country's ISO 3166 code. */
const DOMAIN_COUNTRIES: Readonly<Record<string, string>> = lookupTable({ uk: 'GB' });

/** The country of a host's country-code top-level domain (`amazon.co.jp` → JP); null for `.com`. */
function countryOfHost(host: string | null): string | null {
  const tld = host?.split('.').pop() ?? '';
  if (!/^[a-z]{2}$/u.test(tld)) return null;
  return DOMAIN_COUNTRIES[tld] ?? tld.toUpperCase();
}

/** The region a locale names itself (`en-CA`, `en_GB`), or null when it names none (`en`). */
function explicitRegion(locale: string | null): string | null {
  return localeOf(locale)?.region ?? null;
}

/** The region where a locale's language is mostly spoken (`ja` → JP, `sv` → SE), as CLDR has it. */
function likelyRegion(locale: string | null): string | null {
  return localeOf(locale)?.maximize().region ?? null;
}

function localeOf(locale: string | null): Intl.Locale | null {
  if (locale === null) return null;
  try {
    return new Intl.Locale(locale.replace(/_/gu, '-'));
  } catch {
    return null;
  }
}

/** The currency of an ISO 3166 country, or null. */
function currencyOfRegion(region: string | null): string | null {
  if (region === null) return null;
  return (countryToCurrency as Record<string, string | undefined>)[region.toUpperCase()] ?? null;
}
