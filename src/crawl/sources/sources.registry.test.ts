import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sourceModules } from './sources.registry.ts';
import { SOURCE_IDS } from '../vocabulary/sources.types.ts';

describe('the source registry', () => {
  it('has one module per source id, whose catalogue row and driver name that same source', () => {
    assert.deepEqual(Object.keys(sourceModules), [...SOURCE_IDS]);
    for (const [id, module] of Object.entries(sourceModules)) {
      assert.equal(module.spec.id, id, `${id}'s catalogue row`);
      assert.equal(module.driver.source, id, `${id}'s driver`);
    }
  });

  it('serves a storefront only from a storefront the source itself has', () => {
    for (const { spec } of Object.values(sourceModules)) {
      for (const [country, storefront] of Object.entries(spec.servedFrom)) {
        assert.ok(spec.countries.includes(country), `${spec.id} accepts ${country}`);
        assert.ok(spec.countries.includes(storefront), `${spec.id} has the ${storefront} storefront`);
      }
    }
  });
});
