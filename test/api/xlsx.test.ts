import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { fetchTruth, startHarness, type Harness } from '../support/harness.ts';
import { runJob } from '../support/run-job.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The first sheet of a workbook as rows of cell values (header included). */
async function readSheet(bytes: Buffer): Promise<{ rows: unknown[][]; types: number[][] }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  assert.ok(sheet, 'the workbook has a sheet');
  const rows: unknown[][] = [];
  const types: number[][] = [];
  const width = sheet.columnCount;
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const values: unknown[] = [];
    const cellTypes: number[] = [];
    for (let column = 1; column <= width; column += 1) {
      const cell = row.getCell(column);
      values.push(cell.value);
      cellTypes.push(cell.type);
    }
    rows.push(values);
    types.push(cellTypes);
  });
  return { rows, types };
}

/** The text the CSV shows for a typed cell. */
function asCsvText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

describe('XLSX downloads', () => {
  let harness: Harness;
  let headers: Record<string, string>;
  let jobId: string;

  const get = (url: string) => harness.app.inject({ method: 'GET', url, headers });

  before(async () => {
    harness = await startHarness();
    ({ headers } = await harness.account());
    const truth = await fetchTruth(harness, 'source_01', 'de');
    const values = truth.products.slice(0, 3).map((product) => String(product.id));
    ({ jobId } = await runJob(harness, headers, { source: 'source_01', country: 'de', key: 'id', values }));
  });
  after(async () => harness.close());

  it('holds the rows of the CSV, numbers as numbers and times as dates', async () => {
    const csv = parse((await get(`/job/${jobId}/download.csv`)).body) as string[][];
    for (const url of [`/job/${jobId}/download?format=xlsx`, `/job/${jobId}/download.xlsx`]) {
      const response = await get(url);
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['content-type'], XLSX);
      assert.match(String(response.headers['content-disposition']), /filename="job-[0-9a-f]{24}\.xlsx"/);
      const { rows } = await readSheet(response.rawPayload);
      assert.deepEqual(
        rows.map((row) => row.map(asCsvText)),
        csv,
      );
      const header = csv[0] ?? [];
      const column = (name: string) => rows.slice(1).map((row) => row[header.indexOf(name)]);
      assert.ok(column('line_price').every((cell) => typeof cell === 'number'));
      assert.ok(column('trust_score').every((cell) => typeof cell === 'number'));
      assert.ok(column('success').every((cell) => cell === true));
      assert.ok(column('observed_at').every((cell) => cell instanceof Date));
      assert.ok(csv.length > 4, 'one row per offer');
    }
  });

  it('neutralises text a spreadsheet would run as a formula, and keeps text XML cannot hold', async () => {
    const { jobId: termJob } = await runJob(harness, headers, {
      source: 'source_01',
      country: 'de',
      key: 'term',
      values: ['=HYPERLINK("http://evil.example","x")', '@SUM(A1)', 'odd\uFFFE\uFFFF\u0001text'],
    });
    const { rows, types } = await readSheet((await get(`/job/${termJob}/download.xlsx`)).rawPayload);
    const keyColumn = rows[0]?.indexOf('key') ?? -1;
    const keys = rows.slice(1).map((row) => row[keyColumn]);
    assert.ok(keys.includes(`'=HYPERLINK("http://evil.example","x")`));
    assert.ok(keys.includes(`'@SUM(A1)`));
    // Issue 22, defect 3: U+FFFE and U+FFFF made the workbook unreadable; controls were dropped.
    assert.ok(keys.includes('odd\uFFFE\uFFFF\u0001text'), JSON.stringify(keys));
    assert.ok(
      types.flat().every((type) => type !== ExcelJS.ValueType.Formula),
      'no cell is a formula',
    );
  });

  it('downloads a price history as XLSX with the rows of its CSV', async () => {
    const truth = await fetchTruth(harness, 'source_01', 'de');
    const query = `/history?source=source_01&country=de&key=id&value=${String(truth.products[0]?.id)}`;
    const csv = parse((await get(`${query}&format=csv`)).body) as string[][];
    const response = await get(`${query}&format=xlsx`);
    assert.equal(response.headers['content-type'], XLSX);
    const { rows } = await readSheet(response.rawPayload);
    assert.deepEqual(
      rows.map((row) => row.map(asCsvText)),
      csv,
    );
    assert.equal(typeof rows[1]?.[3], 'number', 'price_min is a number');
    assert.ok(rows[1]?.[0] instanceof Date, 'observed_at is a date');
  });

  it('refuses an unknown history format, naming the choices', async () => {
    const response = await get('/history?source=source_01&country=de&key=id&value=1&format=ods');
    assert.deepEqual(response.json(), {
      error: true,
      message: 'format must be json, csv or xlsx (got "ods")',
    });
  });
});
