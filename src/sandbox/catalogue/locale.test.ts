import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatMoney, localeFor } from './locale.ts';

describe('storefront money formats', () => {
  it('writes prices as each storefront does', () => {
    const cases: [string, number, string][] = [
      ['de', 129999, '1.299,99 €'],
      ['at', 1999, '€ 19,99'],
      ['fr', 129999, '1\u00a0299,99 €'],
      ['uk', 129999, '£1,299.99'],
      ['us', 99, '$0.99'],
      ['ch', 129990, "CHF 1'299.90"],
      ['jp', 12800, '￥12,800'],
      ['br', 4990, 'R$ 49,90'],
      ['se', 19900, '199,00 kr'],
      ['no', 129900, 'kr 1\u00a0299,00'],
    ];
    for (const [storefront, minor, expected] of cases) {
      assert.equal(formatMoney(minor, localeFor(storefront)), expected, storefront);
    }
  });

  it('refuses storefronts it has no locale for', () => {
    assert.throws(() => localeFor('gb'));
  });
});
