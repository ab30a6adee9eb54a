import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { resultsTable, resultsToCsv } from './jobs.csv.ts';
import { DOWNLOAD_COLUMNS } from './jobs.columns.ts';
import type { ResultItem } from '../../pipeline/work/work.table.ts';

const trust = {
  score: 0.9,
  components: { identity: 1, completeness: 1, price_integrity: 1, offer_contamination: 1, freshness: 0.5 },
  flagged_offers: [1],
  wrong_product_offers: [0],
};

function item(overrides: Partial<ResultItem>): ResultItem {
  return {
    key: 'v',
    success: true,
    reason: null,
    content: null,
    served_from: 'live',
    observed_at: '2026-11-22T10:00:00.000Z',
    trust,
    ...overrides,
  };
}

/** The rows of a CSV as objects by column name. */
function recordsOf(csv: string): Record<string, string>[] {
  return parse(csv, { columns: true }) as Record<string, string>[];
}

describe('CSV download (decisions G10, G36)', () => {
  it('writes one row per offer with the result fields repeated, the row kind and the position', () => {
    const csv = resultsToCsv([
      item({
        key: '4006381333931',
        content: {
          id: '1',
          name: 'Pen, blue "fine"',
          category_ids: ['a', 'b'],
          buybox: { price: 9.5 },
          offers: [
            { position: 1, price: 10, seller_name: 'Shop A', condition: 'used' },
            { position: 2, price: 99, seller_name: 'Shop B' },
          ],
        },
      }),
    ]);
    const lines = csv.trimEnd().split('\r\n');
    assert.equal(lines.length, 3);
    assert.equal(lines[0], DOWNLOAD_COLUMNS.join(','));
    const [first, second] = recordsOf(csv);
    assert.deepEqual(
      [first?.row_kind, first?.position, first?.key, first?.name, first?.category_ids, first?.buybox_price],
      ['offer', '1', '4006381333931', 'Pen, blue "fine"', 'a|b', '9.5'],
    );
    assert.deepEqual(
      [first?.line_price, first?.line_seller_name, first?.line_condition, first?.line_wrong_product],
      ['10', 'Shop A', 'used', 'true'],
    );
    assert.deepEqual(
      [second?.position, second?.line_price, second?.line_flagged, second?.line_wrong_product],
      ['2', '99', 'true', 'false'],
    );
  });

  it('keeps every search result as a row after the offers, and a result row where there are no offers', () => {
    const csv = resultsToCsv([
      item({
        key: 'kettle',
        content: {
          product_id: 'B1',
          offers: [{ position: 1, price: 20 }],
          search_results: [
            { product_id: 'B1', name: 'Kettle', price: 20 },
            { product_id: 'B2', name: 'Kettle XL', price: 25 },
          ],
        },
      }),
      item({
        key: 'pan',
        content: { product_id: 'P1', offers: [], search_results: [{ product_id: 'P1', name: 'Pan' }] },
      }),
      item({ key: 'bad', success: false, reason: 'parameter_invalid', reason_detail: 'id must be numeric' }),
    ]);
    assert.deepEqual(
      recordsOf(csv).map((row) => [row.key, row.row_kind, row.position, row.line_product_id]),
      [
        ['kettle', 'offer', '1', ''],
        ['kettle', 'search_result', '1', 'B1'],
        ['kettle', 'search_result', '2', 'B2'],
        ['pan', 'result', '1', ''],
        ['pan', 'search_result', '1', 'P1'],
        ['bad', 'result', '1', ''],
      ],
    );
    assert.equal(recordsOf(csv)[5]?.reason_detail, 'id must be numeric');
  });

  it('has the same columns whatever the results hold, so files of different jobs stack', () => {
    const shop = resultsTable([
      item({ content: { product_id: 'x', buybox: { price: 3 }, offers: [{ price: 3 }] } }),
    ]);
    const failed = resultsTable([item({ success: false, reason: 'timeout' })]);
    const none = resultsTable([]);
    assert.deepEqual(shop.columns, failed.columns);
    assert.deepEqual(none.columns, [...DOWNLOAD_COLUMNS]);
    assert.ok(shop.rows.concat(failed.rows).every((row) => row.length === DOWNLOAD_COLUMNS.length));
  });

  it('neutralises cells that a spreadsheet would run as formulas, full-width forms included', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r', '＝', '＋', '－', '＠']) {
      const csv = resultsToCsv([item({ key: `${start}1+1`, content: { name: `${start}cmd`, price: -2 } })]);
      const [row] = recordsOf(csv);
      assert.equal(row?.key, `'${start}1+1`, `key starting with ${JSON.stringify(start)}`);
      assert.equal(row?.name, `'${start}cmd`, `name starting with ${JSON.stringify(start)}`);
      assert.equal(row?.price, '-2', 'a negative number is a value, not a formula');
    }
  });
});
