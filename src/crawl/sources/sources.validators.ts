/**
 * Per-value validators (decisions G22): a malformed value does not fail the submission, it gets a
 * `parameter_invalid` result. Each validator answers null when the value is fine, or the problem.
 */

export type ValueValidator = (value: string) => string | null;

/** GS1 check digit over all digits but the last (GTIN-8/12/13/14 alike). */
export function gs1CheckDigitValid(digits: string): boolean {
  let sum = 0;
  const body = digits.slice(0, -1);
  for (let i = 0; i < body.length; i += 1) {
    const weight = (body.length - i) % 2 === 1 ? 3 : 1;
    sum += Number(body[i]) * weight;
  }
  return (10 - (sum % 10)) % 10 === Number(digits.at(-1));
}

function gtinOfLengths(lengths: readonly number[], label: string): ValueValidator {
  return (value) => {
    if (!/^\d+$/.test(value) || !lengths.includes(value.length)) {
      return `${label} must be ${lengths.join(', ')} digits`;
    }
    return gs1CheckDigitValid(value) ? null : `${label} check digit is wrong`;
  };
}

/** EAN/GTIN-13 (sources whose table says EAN/GTIN-13). */
export const gtin13 = gtinOfLengths([13], 'GTIN-13');
/** EAN-8, UPC-12, GTIN-13 or GTIN-14 (source_09: "EAN/UPC/GTIN"). */
export const anyGtin = gtinOfLengths([8, 12, 13, 14], 'GTIN');

/** PZN: 8 digits (a 7-digit PZN is the same number with a leading zero), mod-11 check digit. */
export const pzn: ValueValidator = (value) => {
  if (!/^\d{7,8}$/.test(value)) return 'PZN must be 7 or 8 digits';
  const digits = value.padStart(8, '0');
  let sum = 0;
  for (let i = 0; i < 7; i += 1) sum += Number(digits[i]) * (i + 1);
  const check = sum % 11;
  return check !== 10 && check === Number(digits[7]) ? null : 'PZN check digit is wrong';
};

/** 10-character alphanumeric item code (source_02). */
export const itemCode: ValueValidator = (value) =>
  /^[A-Za-z0-9]{10}$/.test(value) ? null : 'item code must be 10 letters or digits';

export const numericId: ValueValidator = (value) => (/^\d{1,20}$/.test(value) ? null : 'id must be numeric');

export const productId: ValueValidator = (value) =>
  /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(value)
    ? null
    : 'id must be 1 to 64 letters, digits, dots, dashes or underscores';

export const term: ValueValidator = (value) =>
  value.length <= 300 ? null : 'term must be at most 300 characters';

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
