import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { resultsToCsv } from './jobs.csv.ts';
import type { ResultItem } from '../../pipeline/work/work.table.ts';

const trust = {
  score: 0.9,
  components: { identity: 1, completeness: 1, price_integrity: 1, offer_contamination: 1, freshness: 0.5 },
  flagged_offers: [1],
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

describe('CSV download', () => {
  it('writes one row per offer with the result fields repeated', () => {
    const csv = resultsToCsv([
      item({
        key: '4006381333931',
        content: {
          id: '1',
          name: 'Pen, blue "fine"',
          category_ids: ['a', 'b'],
          buybox: { price: 9.5 },
          offers: [
            { position: 1, price: 10, seller_name: 'Shop A' },
            { position: 2, price: 99, seller_name: 'Shop B' },
          ],
        },
      }),
    ]);
    const lines = csv.trimEnd().split('\r\n');
    assert.equal(lines.length, 3);
    assert.equal(
      lines[0],
      'key,success,reason,served_from,observed_at,trust_score,id,name,category_ids,buybox_price,offer_position,offer_price,offer_seller_name,offer_flagged',
    );
    assert.equal(
      lines[1],
      '4006381333931,true,,live,2026-11-22T10:00:00.000Z,0.9,1,"Pen, blue ""fine""",a|b,9.5,1,10,Shop A,false',
    );
    assert.match(lines[2] ?? '', /,2,99,Shop B,true$/);
  });

  it('writes one row for a result without offers and aligns columns across results', () => {
    const csv = resultsToCsv([
      item({ key: 'bad', success: false, reason: 'parameter_invalid' }),
      item({ key: 'ok', content: { id: '7', offers: [{ price: 1 }] } }),
    ]);
    const [header, first, second] = csv.trimEnd().split('\r\n');
    const width = (header ?? '').split(',').length;
    assert.equal((first ?? '').split(',').length, width);
    assert.equal((second ?? '').split(',').length, width);
    assert.match(first ?? '', /^bad,false,parameter_invalid,/);
  });

  it('neutralises cells that a spreadsheet would run as formulas, full-width forms included', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r', '＝', '＋', '－', '＠']) {
      const csv = resultsToCsv([item({ key: `${start}1+1`, content: { name: `${start}cmd`, price: -2 } })]);
      const [, row] = parse(csv) as string[][];
      assert.equal(row?.[0], `'${start}1+1`, `key starting with ${JSON.stringify(start)}`);
      assert.equal(row?.[6], `'${start}cmd`, `name starting with ${JSON.stringify(start)}`);
      assert.equal(row?.[7], '-2', 'a negative number is a value, not a formula');
    }
  });
});
