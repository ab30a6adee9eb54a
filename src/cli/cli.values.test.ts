import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseValues, sniffDelimiter, UsageError } from './cli.values.ts';

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

describe('CLI input CSV delimiters', () => {
  it('reads a semicolon file as German Excel writes it, commas inside cells kept', () => {
    const csv = '\ufeffArtikel;EAN;Preis\r\n"Bohrer, 18V";4006381333931;19,99\r\nSäge;4054278533728;7,50\r\n';
    assert.equal(sniffDelimiter(csv), ';');
    assert.deepEqual(parseValues(csv, 'EAN', 'artikel.csv'), ['4006381333931', '4054278533728']);
    assert.deepEqual(parseValues(csv, 'Preis', 'artikel.csv'), ['19,99', '7,50']);
  });

  it('reads a tab-separated file and a comma file whose header quotes a semicolon', () => {
    assert.deepEqual(parseValues('name\tgtin\nDrill; cordless\t4006381333931\n', 'gtin', 'x.tsv'), [
      '4006381333931',
    ]);
    assert.equal(sniffDelimiter('"a;b;c",gtin\n1,2\n'), ',');
    assert.equal(sniffDelimiter('gtin\n4006381333931\n'), ',');
  });

  it('drops a UTF-8 BOM in one-value-a-line input', () => {
    assert.deepEqual(parseValues('\ufeff4006381333931\n8401952\n', undefined, 'ids.txt'), [
      '4006381333931',
      '8401952',
    ]);
  });
});
