import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startSandbox, type RunningSandbox } from '../../../test/support/sandbox-server.ts';
import { SANDBOX_SITES } from '../../sandbox/sites/index.ts';
import { countriesOf } from '../../sandbox/storefronts.ts';
import { CONTENT_FIELDS, DOWNLOAD_COLUMNS, LINE_FIELDS } from './jobs.columns.ts';

type Content = Record<string, unknown>;

/** Flags the sandbox plants for tests; no driver reports them. */
const PLANTED = new Set(['outlier', 'wrong_product']);

/** The column names a content's own fields would have (`buybox.price` → `buybox_price`). */
function contentColumns(content: Content): string[] {
  return Object.entries(content).flatMap(([field, value]) => {
    if (field === 'offers' || field === 'search_results') return [];
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      return Object.keys(value).map((inner) => `${field}_${inner}`);
    }
    // An absent nested object (`buybox: null`) leaves its columns empty.
    if (value === null && CONTENT_FIELDS.some((column) => column.startsWith(`${field}_`))) return [];
    return [field];
  });
}

/** Fields of the offers and search results of a content, `position` aside (the row's own column). */
function lineFields(content: Content): string[] {
  const entries = [content['offers'], content['search_results']].flatMap((list) =>
    Array.isArray(list) ? (list as Content[]) : [],
  );
  return entries
    .flatMap((entry) => Object.keys(entry))
    .filter((field) => field !== 'position' && !PLANTED.has(field));
}

/** Every content of a site's truth: products (every topic), listings and terms. */
function contentsOf(truth: { products: Content[]; terms: Content[] }): Content[] {
  const ofEntry = (entry: Content): Content[] =>
    Object.entries(entry)
      .filter(([field]) => field === 'content' || field.startsWith('content_'))
      .map(([, content]) => content as Content);
  const listings = truth.products.flatMap((product) =>
    Array.isArray(product['listings']) ? (product['listings'] as Content[]) : [],
  );
  return [...truth.products, ...listings, ...truth.terms].flatMap(ofEntry);
}

/** Content no sandbox page makes: the generic extractor's fallback, conversions, and source `web` (G35). */
const OTHER_CONTENTS: readonly Content[] = [
  {
    product_id: '1',
    name: 'Kettle',
    url: 'https://shop.example/kettle',
    brand_name: 'Acme',
    gtin: '4006381333931',
    price_min: 10,
    price_max: 10,
    price_avg: 10,
    currency: 'EUR',
    availability: 'in_stock',
    extracted_by: 'generic_extractor',
  },
  { id: '1', product_id: '1', gtin: '4006381333931', pzn: '01234562' },
  { gtin: '4006381333931', removed: true, product_id: '1' },
  {
    url: 'https://shop.example/kettle',
    name: 'Kettle',
    brand_name: 'Acme',
    product_id: 'SKU-1',
    gtin: null,
    price: 10,
    currency: 'EUR',
    availability: 'in_stock',
    offers: [
      {
        position: 1,
        price: 10,
        currency: 'EUR',
        shipping: null,
        total: 10,
        seller_name: 'shop.example',
        availability_code: 'in_stock',
      },
    ],
    offers_count: 1,
    price_min: 10,
    price_max: 10,
    price_avg: 10,
  },
];

describe('the download columns (decisions G36)', () => {
  let sandbox: RunningSandbox;
  before(async () => {
    sandbox = await startSandbox();
  });
  after(async () => sandbox.close());

  it('are unique', () => {
    assert.equal(new Set(DOWNLOAD_COLUMNS).size, DOWNLOAD_COLUMNS.length);
  });

  it('have a column for every field any source reports, in every storefront of the sandbox', async () => {
    const contentFields = new Set<string>(CONTENT_FIELDS);
    const lineFieldSet = new Set<string>(LINE_FIELDS);
    const missing = new Set<string>();
    const contents: Content[] = [...OTHER_CONTENTS];
    for (const site of SANDBOX_SITES) {
      for (const country of countriesOf(site).slice(0, 2)) {
        contents.push(...contentsOf(await sandbox.truth(site.source, country)));
      }
    }
    for (const content of contents) {
      contentColumns(content)
        .filter((field) => !contentFields.has(field))
        .forEach((field) => missing.add(field));
      lineFields(content)
        .filter((field) => !lineFieldSet.has(field))
        .forEach((field) => missing.add(`line_${field}`));
    }
    assert.ok(contents.length > 1000, `read ${contents.length} contents`);
    assert.deepEqual([...missing], [], 'fields without a column in jobs.columns.ts');
  });
});
