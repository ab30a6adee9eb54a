/**
 * Currency markers as shops print them next to prices, and the ISO 4217 code each one stands for
 * where that is unambiguous (`$`, `¥`, `kr` and `Rs` are used by several countries and are
 * reported as printed).
 */
import { lookupTable } from '../../platform/lib/lookup.ts';
const SYMBOL_CODES: Record<string, string | null> = lookupTable({
  '€': 'EUR',
  '£': 'GBP',
  '₹': 'INR',
  '₽': 'RUB',
  руб: 'RUB',
  'р.': 'RUB',
  'б.р.': 'BYN',
  br: 'BYN',
  '₺': 'TRY',
  '₩': 'KRW',
  '₪': 'ILS',
  '₫': 'VND',
  '₴': 'UAH',
  грн: 'UAH',
  '₸': 'KZT',
  тг: 'KZT',
  '฿': 'THB',
  '₱': 'PHP',
  '₦': 'NGN',
  zł: 'PLN',
  kč: 'CZK',
  ft: 'HUF',
  lei: 'RON',
  kn: 'HRK',
  лв: 'BGN',
  r$: 'BRL',
  'ر.س': 'SAR',
  'د.إ': 'AED',
  円: 'JPY',
  元: null,
  nt$: 'TWD',
  us$: 'USD',
  ca$: 'CAD',
  au$: 'AUD',
  a$: 'AUD',
  nz$: 'NZD',
  hk$: 'HKD',
  s$: 'SGD',
  mx$: 'MXN',
  rm: 'MYR',
  rp: 'IDR',
  's/': 'PEN',
  'fr.': 'CHF',
  zl: 'PLN',
  kc: 'CZK',
  ден: 'MKD',
  дин: 'RSD',
  din: 'RSD',
  '₾': 'GEL',
  '₼': 'AZN',
  '৳': 'BDT',
  '₡': 'CRC',
  '₲': 'PYG',
  '₵': 'GHS',
  сум: 'UZS',
  'د.ك': 'KWD',
  'ر.ق': 'QAR',
  'ج.م': 'EGP',
  'د.م.': 'MAD',
  $: null,
  '¥': null,
  '￥': null,
  kr: null,
  rs: null,
  '₨': null,
});

/** The ISO codes an ambiguous symbol can stand for. */
const AMBIGUOUS_SYMBOL_CODES: Record<string, readonly string[]> = lookupTable({
  $: ['USD', 'CAD', 'AUD', 'NZD', 'MXN', 'CLP', 'ARS', 'COP', 'UYU', 'SGD', 'HKD', 'TWD'],
  '¥': ['JPY', 'CNY'],
  '￥': ['JPY', 'CNY'],
  元: ['CNY', 'TWD'],
  kr: ['SEK', 'NOK', 'DKK', 'ISK'],
  rs: ['INR', 'PKR', 'LKR', 'NPR'],
  '₨': ['INR', 'PKR', 'LKR', 'NPR'],
});

/**
 * The ISO codes a currency marker as {@link detectCurrency} reports it may stand for: every
 * candidate of an ambiguous symbol (`$` → USD, CAD, …), else none.
 */
export function symbolCurrencies(marker: string): readonly string[] {
  return AMBIGUOUS_SYMBOL_CODES[marker.toLowerCase()] ?? [];
}

/** ISO codes that commonly appear beside prices. */
const ISO_CODES = new Set(
  (
    'EUR USD GBP CHF CAD AUD NZD JPY CNY INR RUB PLN CZK HUF RON BGN HRK SEK NOK DKK TRY BRL MXN ARS CLP ' +
    'COP PEN ZAR ILS AED SAR KZT UAH BYN TWD HKD SGD MYR THB IDR PHP VND KRW PKR NGN EGP RSD ISK ' +
    'LKR NPR UYU BAM MKD GEL AZN BDT QAR KWD BHD OMR JOD MAD TND KES GHS BOB PYG CRC GTQ DOP UZS'
  ).split(' '),
);

const SYMBOLS = Object.keys(SYMBOL_CODES).sort((a, b) => b.length - a.length);
/** Escapes a marker for a pattern; markers made of letters must stand apart from other letters. */
function markerPattern(marker: string): string {
  const body = marker.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
  const before = /^\p{L}/u.test(marker) ? '(?<!\\p{L})' : '';
  const after = /\p{L}$/u.test(marker) ? '(?!\\p{L})' : '';
  return before + body + after;
}

/** Currency symbols and words (`€`, `zł`, `руб`), in any letter case. */
const SYMBOL_MARKER = new RegExp(SYMBOLS.map(markerPattern).join('|'), 'iu');

/** ISO codes as separate upper-case words, so `pen` or `try` in a sentence do not count. */
const ISO_MARKER = new RegExp(`(?<!\\p{L})(?:${[...ISO_CODES].join('|')})(?!\\p{L})`, 'u');

/** The first currency marker in a text (the earlier of a symbol and an ISO code), or null. */
function firstMarker(text: string): string | null {
  const symbol = SYMBOL_MARKER.exec(text);
  const iso = ISO_MARKER.exec(text);
  if (symbol === null) return iso?.[0] ?? null;
  if (iso === null) return symbol[0];
  return iso.index < symbol.index ? iso[0] : symbol[0];
}

/**
 * Finds the currency a price text is written in. Returns the ISO code when the text holds one or
 * an unambiguous symbol, the symbol as printed when it is ambiguous (`$`), or null.
 */
export function detectCurrency(text: string): string | null {
  const marker = firstMarker(text);
  if (marker === null) return null;
  if (ISO_CODES.has(marker)) return marker;
  return SYMBOL_CODES[marker.toLowerCase()] ?? marker;
}

/** True when a piece of text carries a currency marker. */
export function hasCurrency(text: string): boolean {
  return SYMBOL_MARKER.test(text) || ISO_MARKER.test(text);
}

/** Every ISO 4217 code the runtime knows (ICU's list), beyond the common ones above. */
const ALL_ISO_CODES = new Set(Intl.supportedValuesOf('currency'));

/** True for an ISO 4217 code (`EUR`, `XOF`), false for symbols (`$`) and other text. */
export function isIsoCurrency(text: string): boolean {
  return ISO_CODES.has(text) || ALL_ISO_CODES.has(text);
}
