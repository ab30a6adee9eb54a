/** The trust object of a result (spec 2.5) and what it is computed from. */
import type { ValueQuery } from '../vocabulary/crawl.types.ts';

/** The five trust components, each in 0..1 rounded to 3 decimals. */
export interface TrustComponents {
  identity: number;
  completeness: number;
  price_integrity: number;
  offer_contamination: number;
  freshness: number;
}

/** The trust object carried by every result (spec 2.5). */
export interface Trust {
  /** Weighted average of the components ({@link TrustComponents}), 0..1. */
  score: number;
  components: TrustComponents;
  /** Indices into `content.offers` of the offers flagged as price outliers, ascending. */
  flagged_offers: number[];
  /**
   * Indices into `content.offers` of offers for another product than the one asked for (an
   * accessory, a used or refurbished unit, another model), ascending (decisions G38).
   */
  wrong_product_offers: number[];
}

/** Everything trust is computed from: the query, the result's outcome and the clock. */
export interface TrustInput {
  query: ValueQuery;
  success: boolean;
  reason: string | null;
  content: Record<string, unknown> | null;
  /** When the content was observed (`observed_at`); null when unknown. */
  observedAt: Date | null;
  now: Date;
}

/** The trust object plus the analysis behind it, for callers and tests that want the detail. */
export interface TrustAssessment {
  trust: Trust;
  /** Indices into `content.offers` of offers that are price outliers (same as `flagged_offers`). */
  outlierOffers: number[];
  /** Indices into `content.offers` of offers for another product: accessory, used, refurbished, other name. */
  wrongProductOffers: number[];
}

/** A result's trust and its content with the price figures of decisions G38 (`withTrustedFigures`). */
export interface AssessedResult {
  trust: Trust;
  content: Record<string, unknown> | null;
}
