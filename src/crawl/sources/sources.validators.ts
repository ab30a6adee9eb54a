/**
 * Per-value validators (decisions G22): a malformed value does not fail the submission, it gets a
 * `parameter_invalid` result. Each validator answers null when the value is fine, or the problem.
 */

export type ValueValidator = (value: string) => string | null;

/** The GS1 check digit of a GTIN's digits but the last (GTIN-8/12/13/14 alike). */
export function gs1CheckDigit(digits: string): number {
  let sum = 0;
  const body = digits.slice(0, -1);
  for (let i = 0; i < body.length; i += 1) {
    const weight = (body.length - i) % 2 === 1 ? 3 : 1;
    sum += Number(body[i]) * weight;
  }
  return (10 - (sum % 10)) % 10;
}

/** Whether a GTIN's last digit is its GS1 check digit. */
export function gs1CheckDigitValid(digits: string): boolean {
  return gs1CheckDigit(digits) === Number(digits.at(-1));
}

/** "12 characters" or "1 character": how long a value is, for a problem sentence. */
function lengthOf(value: string): string {
  const length = [...value].length;
  return `${length} character${length === 1 ? '' : 's'}`;
}

function gtinOfLengths(lengths: readonly number[], label: string): ValueValidator {
  const allowed =
    lengths.length === 1 ? String(lengths[0]) : `${lengths.slice(0, -1).join(', ')} or ${lengths.at(-1)}`;
  return (value) => {
    if (!/^\d+$/.test(value))
      return `${label} must be ${allowed} digits, and this value has other characters`;
    if (!lengths.includes(value.length)) return `${label} must be ${allowed} digits, not ${value.length}`;
    const expected = gs1CheckDigit(value);
    return expected === Number(value.at(-1))
      ? null
      : `${label} check digit is ${expected}, not ${value.at(-1)}`;
  };
}

/** EAN/GTIN-13 (sources whose table says EAN/GTIN-13). */
export const gtin13 = gtinOfLengths([13], 'GTIN-13');
/** EAN-8, UPC-12, GTIN-13 or GTIN-14 (source_09: "EAN/UPC/GTIN"). */
export const anyGtin = gtinOfLengths([8, 12, 13, 14], 'GTIN');

/** PZN: 8 digits (a 7-digit PZN is the same number with a leading zero), mod-11 check digit. */
export const pzn: ValueValidator = (value) => {
  if (!/^\d+$/.test(value)) return 'PZN must be 7 or 8 digits, and this value has other characters';
  if (value.length < 7 || value.length > 8) return `PZN must be 7 or 8 digits, not ${value.length}`;
  const digits = value.padStart(8, '0');
  let sum = 0;
  for (let i = 0; i < 7; i += 1) sum += Number(digits[i]) * (i + 1);
  const check = sum % 11;
  if (check === 10) return 'PZN has no valid check digit: its first seven digits leave 10 (mod 11)';
  return check === Number(digits[7]) ? null : `PZN check digit is ${check}, not ${digits[7]}`;
};

/** 10-character alphanumeric item code (source_02). */
export const itemCode: ValueValidator = (value) => {
  if (!/^[A-Za-z0-9]*$/.test(value))
    return 'item code must be 10 letters or digits, and this value has other characters';
  return value.length === 10 ? null : `item code must be 10 letters or digits, not ${lengthOf(value)}`;
};

export const numericId: ValueValidator = (value) => {
  if (!/^\d*$/.test(value)) return 'id must be numeric (digits only), and this value has other characters';
  return value.length <= 20 ? null : `id must be at most 20 digits, not ${value.length}`;
};

export const productId: ValueValidator = (value) => {
  if (value.length > 64) return `id must be 1 to 64 characters, not ${lengthOf(value)}`;
  return /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(value)
    ? null
    : 'id must start with a letter or digit and hold only letters, digits, dots, dashes or underscores';
};

export const term: ValueValidator = (value) =>
  value.length <= 300 ? null : `term must be at most 300 characters, not ${value.length}`;

/**
 * A source_03 `product` record (decisions G4): `gtin|brand|name|mpn`, empty segments allowed, at
 * least a gtin, an mpn, or brand and name.
 */
export const productRecord: ValueValidator = (value) => {
  const segments = value.split('|').map((segment) => segment.trim());
  if (segments.length > 4) return 'product record has more than 4 segments (gtin|brand|name|mpn)';
  const [gtin = '', brand = '', name = '', mpn = ''] = segments;
  if (gtin !== '') {
    const problem = anyGtin(gtin);
    if (problem) return `product record: ${problem}`;
  }
  if (gtin === '' && mpn === '' && (brand === '' || name === '')) {
    return 'product record needs a gtin, an mpn, or brand and name';
  }
  return null;
};
