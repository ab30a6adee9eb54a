/**
 * Scoring of extractor output against the product-page benchmark's ground truth, following the
 * benchmark's own `evaluate.py`: per attribute TP/FP/FN summed over pages, then precision,
 * recall and F1. Shared by `scripts/score-extractor.ts` and the regression test.
 */

import { detectCurrency, symbolCurrencies } from './currency.ts';

/** The scored attributes. */
export type ScoredField = 'price' | 'currency' | 'sku' | 'gtin' | 'availability';
/** The scored attributes, in the order reports list them. */
export const SCORED_FIELDS: readonly ScoredField[] = ['price', 'currency', 'sku', 'gtin', 'availability'];

/**
 * Attributes whose truth was recorded only on some pages (the benchmark does not score them):
 * a page without a value for them is left out rather than read as "the page has none".
 */
export const PARTIAL_TRUTH_FIELDS: ReadonlySet<ScoredField> = new Set(['currency', 'gtin']);

/** Counts of one attribute over many pages. */
export interface Counts {
  tp: number;
  fp: number;
  fn: number;
  /** Pages whose truth has a value for the attribute. */
  support: number;
}

/** Precision, recall and F1 with the counts they come from. */
export interface Metrics extends Counts {
  precision: number;
  recall: number;
  f1: number;
}

/**
 * A decimal number as Python's `Decimal` reads it, reduced to a canonical form so that `"450"`,
 * `"450.0"` and `" 450.00 "` compare equal. Returns null for text that is not a number
 * (`"1,299.00"`, `"€12"`), which then matches nothing.
 */
export function canonicalDecimal(text: string): string | null {
  const match = /^([+-]?)(\d+(?:_\d+)*)?(?:\.(\d+(?:_\d+)*)?)?(?:[eE]([+-]?\d+))?$/u.exec(text.trim());
  if (match === null) return null;
  const [, sign = '', intRaw = '', fracRaw = '', expRaw = '0'] = match;
  if (intRaw === '' && fracRaw === '') return null;
  const digits = (intRaw + fracRaw).replace(/_/gu, '');
  const exponent = Number(expRaw) - fracRaw.replace(/_/gu, '').length;
  const trimmed = digits.replace(/^0+/u, '');
  if (trimmed === '') return '0';
  // Strip trailing zeros into the exponent so 4500e-1 and 450 agree.
  const significant = trimmed.replace(/0+$/u, '');
  const scale = exponent + (trimmed.length - significant.length);
  return `${sign === '-' ? '-' : ''}${significant}e${scale}`;
}

/** How one predicted value is judged against the acceptable values: TP, FP and FN (0 or 1 each). */
export function judge(field: ScoredField, truth: readonly string[], predicted: string | null): Counts {
  const support = truth.length > 0 ? 1 : 0;
  if (support === 0 && PARTIAL_TRUTH_FIELDS.has(field)) return { tp: 0, fp: 0, fn: 0, support };
  if (predicted === null) return { tp: 0, fp: 0, fn: support, support };
  if (truth.some((t) => sameValue(field, t, predicted))) return { tp: 1, fp: 0, fn: 0, support };
  return { tp: 0, fp: 1, fn: support, support };
}

/**
 * Price as decimals; currency as the currency meant (`€` is `EUR`, and a `$` of the truth
 * accepts any dollar or peso code); GTIN as the number (`099482467999` is `0099482467999`);
 * the rest as exact strings, as the benchmark does.
 */
function sameValue(field: ScoredField, truth: string, predicted: string): boolean {
  switch (field) {
    case 'price': {
      const p = canonicalDecimal(predicted);
      return p !== null && canonicalDecimal(truth) === p;
    }
    case 'currency':
      return sameCurrency(truth, predicted);
    case 'gtin':
      return /^\d+$/u.test(predicted) && truth.replace(/^0+/u, '') === predicted.replace(/^0+/u, '');
    default:
      return truth === predicted;
  }
}

/** True when two currency markers name the same currency (see {@link sameValue}). */
function sameCurrency(truth: string, predicted: string): boolean {
  const wanted = detectCurrency(truth) ?? truth.trim().toUpperCase();
  const got = detectCurrency(predicted) ?? predicted.trim().toUpperCase();
  return wanted === got || symbolCurrencies(wanted).includes(got);
}

/** Sums counts and derives the metrics, with the benchmark's conventions for empty cases. */
export function metricsOf(counts: readonly Counts[]): Metrics {
  const sum = counts.reduce(
    (a, c) => ({ tp: a.tp + c.tp, fp: a.fp + c.fp, fn: a.fn + c.fn, support: a.support + c.support }),
    { tp: 0, fp: 0, fn: 0, support: 0 },
  );
  const perfect = sum.fp === 0 && sum.fn === 0;
  const precision = perfect ? 1 : sum.tp + sum.fp === 0 ? 0 : sum.tp / (sum.tp + sum.fp);
  const recall = perfect ? 1 : sum.tp + sum.fn === 0 ? 0 : sum.tp / (sum.tp + sum.fn);
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return { ...sum, precision, recall, f1 };
}
