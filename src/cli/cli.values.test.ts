import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseValues, UsageError } from './cli.values.ts';

describe('CLI input values', () => {
  it('takes one value a line, trimmed, skipping blank lines', () => {
    assert.deepEqual(parseValues(' 4006381333931\r\n\n8401952 \n', undefined, 'ids.txt'), [
      '4006381333931',
      '8401952',
    ]);
  });

  it('takes a named column of a CSV with a header row, quoted cells and a BOM', () => {
    const csv = '\ufeffname,gtin\n"Drill, cordless",4006381333931\nSaw,\nHammer,4054278533728\n';
    assert.deepEqual(parseValues(csv, 'gtin', 'products.csv'), ['4006381333931', '4054278533728']);
  });

  it('names the columns it has when the requested one is missing', () => {
    assert.throws(
      () => parseValues('name,ean\nx,1\n', 'gtin', 'products.csv'),
      (error: unknown) =>
        error instanceof UsageError &&
        error.message === 'column "gtin" not in products.csv (columns: name, ean)',
    );
  });
});
