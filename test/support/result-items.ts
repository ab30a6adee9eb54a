import type { ResultItem } from '../../src/pipeline/work/work.table.ts';

/** A live `not found` result for `key`, as a crawl records it: the smallest valid result item. */
export function notFoundItem(key: string): ResultItem {
  return {
    key,
    success: true,
    reason: 'not found',
    content: null,
    served_from: 'live',
    observed_at: new Date().toISOString(),
    trust: {
      score: 0,
      components: { identity: 0, completeness: 0, price_integrity: 0, offer_contamination: 0, freshness: 1 },
      flagged_offers: [],
      wrong_product_offers: [],
    },
  };
}
