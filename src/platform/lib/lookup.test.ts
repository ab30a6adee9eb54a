import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lookupTable, ownValue } from './lookup.ts';

const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype);

describe('lookup tables of outside names', () => {
  it('answers only the names a table holds, never an Object.prototype name', () => {
    const table = lookupTable({ in_stock: 'green', out_of_stock: 'red' });
    assert.equal(table.in_stock, 'green');
    for (const name of PROTOTYPE_NAMES) {
      assert.equal((table as Record<string, unknown>)[name], undefined, name);
      assert.equal(name in table, false, name);
    }
    assert.ok(Object.isFrozen(table));
  });

  it('reads a plain object by its own names only', () => {
    const parsed = JSON.parse('{"a":1,"__proto__":2}') as Record<string, number>;
    assert.equal(ownValue(parsed, 'a'), 1);
    assert.equal(ownValue(parsed, '__proto__'), 2, 'an own __proto__ from JSON is data');
    for (const name of PROTOTYPE_NAMES.filter((name) => name !== '__proto__'))
      assert.equal(ownValue(parsed, name), undefined, name);
  });
});
