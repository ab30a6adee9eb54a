/**
 * Robust price-outlier detection over the offers of one result.
 *
 * Prices are compared on a log scale, because a price is a ratio quantity: a tenth of the usual
 * price is as suspicious as ten times it, and a log scale makes both equally far from the median.
 *
 * - n ≥ {@link MIN_OFFERS_FOR_Z}: the modified z-score of Iglewicz and Hoaglin,
 *   `z = 0.6745 · (ln p − median) / MAD`, flags `|z| > 3.5`. When more than half of the prices are
 *   equal the MAD is 0; the score then uses the mean absolute deviation instead,
 *   `z = (ln p − median) / (1.253314 · MeanAD)`; when that is 0 too every price is the same and
 *   nothing is flagged.
 * - n < {@link MIN_OFFERS_FOR_Z}: a dispersion estimate from 3 or 4 prices means little, so a
 *   price is flagged when it is at least {@link SMALL_N_RATIO} times the median or at most its
 *   inverse. With 2 prices the median lies between them and neither can be told from the other, so
 *   nothing is flagged; with 1 price there is nothing to compare.
 * - In both cases a price within {@link MIN_RELATIVE_DEVIATION} of the median is never flagged:
 *   in a tight cluster (prices within a few percent) a price 20 % off can be statistically extreme
 *   and still commercially ordinary.
 */

/** Modified z-score above which a price is an outlier (Iglewicz and Hoaglin). */
export const MODIFIED_Z_THRESHOLD = 3.5;
/** Offer count from which the MAD-based modified z-score is used. */
export const MIN_OFFERS_FOR_Z = 5;
/** Ratio to the median that flags a price when there are fewer than {@link MIN_OFFERS_FOR_Z} offers. */
export const SMALL_N_RATIO = 2;
/** A price within this relative distance of the median (as `|p/median − 1|`, either side) is never flagged. */
export const MIN_RELATIVE_DEVIATION = 0.25;

const MAD_SCALE = 0.6745;
const MEAN_AD_SCALE = 1.253314;

/** Median of a non-empty list (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? Number.NaN;
  if (sorted.length % 2 === 1) return upper;
  return ((sorted[middle - 1] ?? Number.NaN) + upper) / 2;
}

function isFarFromMedian(price: number, center: number): boolean {
  const ratio = price / center;
  return ratio >= 1 + MIN_RELATIVE_DEVIATION || ratio <= 1 / (1 + MIN_RELATIVE_DEVIATION);
}

/** Modified z-scores of log prices; all 0 when every price is the same. */
export function modifiedZScores(prices: readonly number[]): number[] {
  const logs = prices.map((price) => Math.log(price));
  const center = median(logs);
  const deviations = logs.map((value) => Math.abs(value - center));
  const mad = median(deviations);
  if (mad > 0) return logs.map((value) => (MAD_SCALE * (value - center)) / mad);
  const meanAd = deviations.reduce((sum, value) => sum + value, 0) / deviations.length;
  if (meanAd > 0) return logs.map((value) => (value - center) / (MEAN_AD_SCALE * meanAd));
  return logs.map(() => 0);
}

/**
 * Positions (into `prices`) of the outlying prices, by the rules in this module's comment.
 * Prices must be positive and finite; the caller leaves other offers out of the list.
 */
export function findPriceOutliers(prices: readonly number[]): number[] {
  if (prices.length < 3) return [];
  const center = median(prices);
  const flagged: number[] = [];
  if (prices.length < MIN_OFFERS_FOR_Z) {
    prices.forEach((price, index) => {
      const ratio = price / center;
      if (ratio >= SMALL_N_RATIO || ratio <= 1 / SMALL_N_RATIO) flagged.push(index);
    });
    return flagged;
  }
  const scores = modifiedZScores(prices);
  prices.forEach((price, index) => {
    const score = scores[index] ?? 0;
    if (Math.abs(score) > MODIFIED_Z_THRESHOLD && isFarFromMedian(price, center)) flagged.push(index);
  });
  return flagged;
}
