/**
 * Currency markers as shops print them next to prices, and the ISO 4217 code each one stands for
 * where that is unambiguous (`$`, `¥`, `kr` and `Rs` are used by several countries and are
 * reported as printed).
 */
const SYMBOL_CODES: Record<string, string | null> = {
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
  $: null,
  '¥': null,
  '￥': null,
  kr: null,
  rs: null,
  '₨': null,
};

/** ISO codes that commonly appear beside prices. */
const ISO_CODES = new Set(
  (
    'EUR USD GBP CHF CAD AUD NZD JPY CNY INR RUB PLN CZK HUF RON BGN HRK SEK NOK DKK TRY BRL MXN ARS CLP ' +
    'COP PEN ZAR ILS AED SAR KZT UAH BYN TWD HKD SGD MYR THB IDR PHP VND KRW PKR NGN EGP RSD ISK'
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
