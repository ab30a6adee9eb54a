/** Helpers to compare driver content with sandbox ground truth. */
import assert from 'node:assert/strict';

const FIGURES = ['price_min', 'price_max', 'price_avg', 'offers_count'] as const;

/**
 * Ground-truth content as a driver reports it: without the planted offer flags, which drivers do
 * not report, and with the figures over every offer under their plain names. Truth carries the
 * figures a result carries (decisions G38: the plain names over the clean offers, `…_all` over
 * every offer); the clean ones are computed after the driver, from trust (`withTrustedFigures`),
 * so a driver's own figures are the `…_all` ones.
 */
export function withoutPlantedFlags(content: unknown): Record<string, unknown> {
  const copy = resultContentOf(content);
  if (!Object.hasOwn(copy, 'price_min_all')) return copy;
  for (const field of FIGURES) {
    copy[field] = copy[`${field}_all`];
    delete copy[`${field}_all`];
  }
  return copy;
}

/** Ground-truth content as a result carries it (decisions G38's figures included), without the planted flags. */
export function resultContentOf(content: unknown): Record<string, unknown> {
  const copy = structuredClone(content) as Record<string, unknown>;
  if (Array.isArray(copy.offers)) {
    copy.offers = copy.offers.map((offer: Record<string, unknown>) => {
      const { outlier: _outlier, wrong_product: _wrongProduct, ...rest } = offer;
      return rest;
    });
  }
  return copy;
}

/** What {@link assertResultMatchesTruth} reads of a downloaded result item. */
interface ComparedResult {
  content: Record<string, unknown> | null;
  trust: { flagged_offers: number[]; wrong_product_offers?: number[] };
}

/** Indices of the offers truth planted a flag on. */
function plantedIndices(content: Record<string, unknown>, flag: 'outlier' | 'wrong_product'): number[] {
  const offers = Array.isArray(content.offers) ? (content.offers as Record<string, unknown>[]) : [];
  return offers.flatMap((offer, index) => (offer[flag] === true ? [index] : []));
}

/**
 * Asserts a result's content against ground truth. Everything must match, except that decisions
 * G38's figures over the clean offers are held to truth only where trust set apart exactly the
 * offers truth planted (trust reads pages, truth knows: on a page that shows nothing of a used
 * unit, trust cannot find it). Where trust found something else, the figures must still be the
 * figures over the offers it left clean, which `withTrustedFigures`' own tests cover.
 */
export function assertResultMatchesTruth(
  downloaded: unknown,
  truthContent: Record<string, unknown>,
  label: string,
): void {
  const result = downloaded as ComparedResult;
  assert.ok(result?.trust, `${label}: a result item with trust`);
  const expected = resultContentOf(truthContent);
  const actual = { ...(result.content ?? {}) };
  const sameFindings =
    JSON.stringify(result.trust.flagged_offers) === JSON.stringify(plantedIndices(truthContent, 'outlier')) &&
    JSON.stringify(result.trust.wrong_product_offers ?? []) ===
      JSON.stringify(plantedIndices(truthContent, 'wrong_product'));
  if (!sameFindings) {
    for (const field of FIGURES) {
      delete actual[field];
      delete expected[field];
    }
  }
  assert.deepEqual(actual, expected, label);
}
