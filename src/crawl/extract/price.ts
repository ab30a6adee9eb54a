/**
 * Locale-tolerant price parsing shared by the generic extractor and the site drivers.
 *
 * Shops write the same amount as `1.299,00`, `1,299.00`, `1 299,00`, `1'299.00` or `Rs 23,450`;
 * these helpers turn such text into a plain decimal string (`"1299.00"`) without going through a
 * float, so the digits the page shows are the digits we report.
 */

/** Characters that shops use to group thousands: dot, comma, spaces of several widths, apostrophes. */
const GROUP_SEPARATORS = ".,' \u00a0\u202f\u2009\u2019";

/**
 * A number with thousands groups (`1.299`, `1 299,00`, `12,345,678.9`), a number grouped the
 * Indian way (`1,23,456.00`: groups of two above the thousands), or a plain number with an
 * optional decimal part (`12,50`, `1299.00`). Grouped numbers are tried first at each position so
 * `1,299.00` is not read as `1,299` followed by junk.
 */
const NUMBER_PATTERN = new RegExp(
  String.raw`(?<![\d.,])(?:` +
    String.raw`(?<lakhHead>[1-9]\d?)(?<lakhTail>(?:,\d{2})+,\d{3})(?:\.(?<lakhDecimals>\d{1,2}))?(?![\d,])` +
    String.raw`|(?<groupHead>[1-9]\d{0,2})(?<groupTail>(?:[${GROUP_SEPARATORS}]\d{3})+)(?:(?<decimalMark>[.,])(?<groupDecimals>\d{1,2}))?(?![\d])` +
    String.raw`|(?<plainInt>\d+)(?:[.,](?<plainDecimals>\d+))?)`,
  'u',
);

/** A machine-written amount as schema.org asks for it: digits with an optional dot decimal part. */
const MACHINE_DECIMAL = /^[+]?(\d+(?:\.\d+)?|\.\d+)$/;

/**
 * Reads the first amount in a piece of text and returns it as a plain decimal string
 * (`"1299.00"`, `"23450"`), or null when the text holds no number.
 *
 * A single `.` or `,` followed by exactly three digits is read as a thousands separator (`1.299`
 * is 1299, as shops in most locales mean it); any other single separator is the decimal mark.
 * When both marks occur, the last one is the decimal mark.
 */
export function parsePriceDecimal(text: string): string | null {
  return findAmounts(text.replace(/\s+/gu, ' '))[0]?.decimal ?? null;
}

/** An amount found in a text: its decimal form and where it stands in the text. */
export interface AmountMatch {
  decimal: string;
  start: number;
  end: number;
}

/**
 * Every amount in a text, in order, read as {@link parsePriceDecimal} reads the first one.
 * Give it whitespace-collapsed text: a line break is not a thousands separator.
 */
export function findAmounts(text: string): AmountMatch[] {
  const found: AmountMatch[] = [];
  const pattern = new RegExp(NUMBER_PATTERN.source, 'gu');
  for (const match of text.matchAll(pattern)) {
    const decimal = decimalOf(match);
    if (decimal !== null) found.push({ decimal, start: match.index, end: match.index + match[0].length });
  }
  return found;
}

/** Turns one match of {@link NUMBER_PATTERN} into a plain decimal string. */
function decimalOf(match: RegExpMatchArray): string | null {
  const groups = match.groups ?? {};
  const { lakhHead, lakhTail, lakhDecimals, groupHead, groupTail, decimalMark, groupDecimals } = groups;
  if (lakhHead !== undefined && lakhTail !== undefined) {
    const digits = lakhHead + lakhTail.replace(/\D/gu, '');
    return lakhDecimals === undefined ? digits : `${digits}.${lakhDecimals}`;
  }
  if (groupHead !== undefined && groupTail !== undefined) {
    const separator = groupTail.charAt(0);
    // `1.299.00` is not a grouped number: the decimal mark must differ from the group separator.
    if (decimalMark !== undefined && decimalMark === separator) return null;
    if (!groupTail.split(/\d{3}/u).every((sep) => sep === '' || sep === separator)) return null;
    const digits = groupHead + groupTail.replace(/\D/gu, '');
    return groupDecimals === undefined ? digits : `${digits}.${groupDecimals}`;
  }
  const { plainInt, plainDecimals } = groups;
  if (plainInt === undefined) return null;
  return plainDecimals === undefined ? plainInt : `${plainInt}.${plainDecimals}`;
}

/**
 * Parses a price written for people, in any common locale, into a number.
 *
 * Handles decimal commas, thousands separators (`1.299,00`, `1,299.00`, `1 299,00`, `1'299.00`),
 * currency symbols and codes around the amount (`€ 12,50`, `Rs 23,450`, `12.50 EUR`) and trailing
 * dashes (`15,-`). Returns the first amount in the text, or null when there is none.
 *
 * @example parsePrice('1.299,00 €') // 1299
 * @example parsePrice('Rs 23,450') // 23450
 */
export function parsePrice(text: string): number | null {
  const decimal = parsePriceDecimal(text);
  return decimal === null ? null : Number(decimal);
}

/**
 * Reads a price from a structured source (JSON-LD, microdata `content`, meta tags, JSON state).
 * Numbers and dot-decimal strings are taken as written, because schema.org prescribes that form;
 * anything else (`"1.299,00"`, `"€12"`) falls back to the locale-tolerant reading.
 */
export function parseStructuredPrice(value: unknown): string | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? String(value) : null;
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (MACHINE_DECIMAL.test(trimmed)) return trimmed.replace(/^\+/u, '');
  return parsePriceDecimal(trimmed);
}

/** Normalises a decimal string for output: no leading zeros, at most the digits the page gave. */
export function formatPriceDecimal(decimal: string): string {
  const [intPart = '0', fraction] = decimal.split('.');
  const integer = intPart.replace(/^0+(?=\d)/u, '') || '0';
  return fraction === undefined || fraction === '' ? integer : `${integer}.${fraction}`;
}

/**
 * Like {@link parseStructuredPrice}, but a zero amount counts as no price: shops put `0` or
 * `0.00` in markup when a product has no price to show (sold out, price on request).
 */
export function parseOfferPrice(value: unknown): string | null {
  const decimal = parseStructuredPrice(value);
  return decimal !== null && Number(decimal) > 0 ? decimal : null;
}
