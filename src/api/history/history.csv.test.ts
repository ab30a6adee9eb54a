import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { historyToCsv } from './history.csv.ts';

const point = {
  observed_at: '2026-11-22T10:00:00.000Z',
  topic: 'search',
  found: true,
  price_min: -1.5,
  price_avg: 2,
  price_max: 3,
  offers_count: 4,
  buybox_price: null,
};

describe('history CSV', () => {
  it('neutralises formula starts in text cells, full-width forms included, and keeps numbers', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r', '＝', '＋', '－', '＠']) {
      const rows = parse(historyToCsv([{ ...point, currency: `${start}1+1` }])) as string[][];
      assert.deepEqual(rows[1], [
        point.observed_at,
        'search',
        'true',
        '-1.5',
        '2',
        '3',
        '4',
        '',
        `'${start}1+1`,
      ]);
    }
  });
});
