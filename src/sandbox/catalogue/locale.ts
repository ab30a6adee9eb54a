/**
 * Storefront localization: currency, number format and label language. Prices are formatted by hand
 * rather than with `Intl`, whose output differs between ICU versions: pages must be byte-identical
 * on every machine.
 */
import { lookupTable } from '../../platform/lib/lookup.ts';

/** Label languages the sandbox renders. */
export type Language =
  'en' | 'de' | 'fr' | 'it' | 'es' | 'nl' | 'pl' | 'sv' | 'pt' | 'ja' | 'tr' | 'da' | 'nb';

/** How one storefront writes money and which language its labels use. */
export interface StorefrontLocale {
  storefront: string;
  language: Language;
  /** ISO 4217 code, as the drivers report it. */
  currency: string;
  symbol: string;
  /** Where the symbol goes and whether a space separates it from the amount. */
  symbolPosition: 'before' | 'before_space' | 'after_space';
  decimalSeparator: ',' | '.';
  groupSeparator: string;
  /** Minor-unit digits: 2, or 0 for yen. */
  fractionDigits: 0 | 2;
  /** Local currency units per euro, to derive local price levels from one euro base price. */
  unitsPerEuro: number;
}

const NBSP = '\u00a0';

type LocaleRow = Omit<StorefrontLocale, 'storefront'>;
const eur = (language: Language, symbolPosition: LocaleRow['symbolPosition'], group = '.'): LocaleRow => ({
  language,
  currency: 'EUR',
  symbol: '€',
  symbolPosition,
  decimalSeparator: ',',
  groupSeparator: group,
  fractionDigits: 2,
  unitsPerEuro: 1,
});
const dot = (language: Language, currency: string, symbol: string, unitsPerEuro: number): LocaleRow => ({
  language,
  currency,
  symbol,
  symbolPosition: symbol.length > 2 ? 'before_space' : 'before',
  decimalSeparator: '.',
  groupSeparator: ',',
  fractionDigits: 2,
  unitsPerEuro,
});
const comma = (
  language: Language,
  currency: string,
  symbol: string,
  position: LocaleRow['symbolPosition'],
  group: string,
  unitsPerEuro: number,
): LocaleRow => ({
  language,
  currency,
  symbol,
  symbolPosition: position,
  decimalSeparator: ',',
  groupSeparator: group,
  fractionDigits: 2,
  unitsPerEuro,
});

const LOCALES: Record<string, LocaleRow> = lookupTable({
  de: eur('de', 'after_space'),
  at: eur('de', 'before_space'),
  fr: eur('fr', 'after_space', NBSP),
  it: eur('it', 'after_space'),
  es: eur('es', 'after_space'),
  nl: eur('nl', 'before_space'),
  be: eur('fr', 'after_space', NBSP),
  uk: dot('en', 'GBP', '£', 0.86),
  us: dot('en', 'USD', '$', 1.08),
  ca: dot('en', 'CAD', '$', 1.47),
  au: dot('en', 'AUD', '$', 1.65),
  mx: dot('es', 'MXN', '$', 18.5),
  in: dot('en', 'INR', '₹', 90),
  ae: dot('en', 'AED', 'AED', 4),
  sg: dot('en', 'SGD', 'S$', 1.45),
  jp: { ...dot('ja', 'JPY', '￥', 160), fractionDigits: 0 },
  ch: { ...dot('de', 'CHF', 'CHF', 0.95), groupSeparator: "'" },
  br: comma('pt', 'BRL', 'R$', 'before_space', '.', 5.4),
  pl: comma('pl', 'PLN', 'zł', 'after_space', NBSP, 4.3),
  se: comma('sv', 'SEK', 'kr', 'after_space', NBSP, 11.5),
  dk: comma('da', 'DKK', 'kr.', 'after_space', '.', 7.45),
  no: comma('nb', 'NOK', 'kr', 'before_space', NBSP, 11.7),
  tr: comma('tr', 'TRY', 'TL', 'after_space', '.', 35),
  // No Czech or Slovak vocabulary exists: labels and product names fall back to English, while
  // money is written the local way (source_05's own page texts are Czech and Slovak).
  cz: comma('en', 'CZK', 'Kč', 'after_space', NBSP, 25),
  sk: eur('en', 'after_space', NBSP),
});

/** Storefronts the sandbox knows how to localize. */
export const KNOWN_STOREFRONTS: readonly string[] = Object.keys(LOCALES);

/** The locale of a storefront (`uk`, not `gb`). Throws for an unknown storefront. */
export function localeFor(storefront: string): StorefrontLocale {
  const row = LOCALES[storefront];
  if (!row) throw new Error(`no sandbox locale for storefront ${storefront}`);
  return { storefront, ...row };
}

/** Minor units (cents, or yen) to a number with the locale's decimals. */
export function minorToAmount(minor: number, locale: StorefrontLocale): number {
  return locale.fractionDigits === 0 ? minor : minor / 100;
}

/** Formats an amount in minor units as the storefront shows it, e.g. `1.299,99 €` or `£1,299.99`. */
export function formatMoney(minor: number, locale: StorefrontLocale): string {
  const digits = locale.fractionDigits;
  const whole = digits === 0 ? minor : Math.floor(minor / 100);
  const grouped = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, locale.groupSeparator);
  const amount =
    digits === 0 ? grouped : `${grouped}${locale.decimalSeparator}${String(minor % 100).padStart(2, '0')}`;
  switch (locale.symbolPosition) {
    case 'before':
      return `${locale.symbol}${amount}`;
    case 'before_space':
      return `${locale.symbol} ${amount}`;
    case 'after_space':
      return `${amount} ${locale.symbol}`;
  }
}
