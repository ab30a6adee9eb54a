import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CrawlRecord } from '../../crawl/vocabulary/crawl.types.ts';
import { queryFor } from '../../../test/support/value-query.ts';
import { buildResultItem, type ValueResolution } from './results.item.ts';

const crawl: CrawlRecord = {
  crawl_id: 'c1',
  url: 'http://127.0.0.1/product/1',
  http_status: 200,
  duration_ms: 12,
  observed_at: '2026-01-01T00:00:00.000Z',
  geo: 'de',
  job_type: 'batch',
};
const crawled: ValueResolution = {
  kind: 'crawled',
  outcome: {
    status: 'found',
    content: { product_id: '1', name: 'Lamp', offers: [] },
    partial: true,
    billable: { extraResultPages: 0, sellerPages: 0 },
  },
  crawls: [crawl],
};
const options = { includeMeta: true, now: new Date('2026-01-01T00:01:00Z') };

describe('a crawled result item', () => {
  it('carries meta.partial for a source that reports it, and not for the others (spec 2.6)', () => {
    assert.deepEqual(buildResultItem(queryFor('source_03', 'id', '1'), crawled, options).meta, {
      crawls: [crawl],
      partial: true,
    });
    assert.deepEqual(buildResultItem(queryFor('source_05', 'id', '1'), crawled, options).meta, {
      crawls: [crawl],
    });
  });
});
