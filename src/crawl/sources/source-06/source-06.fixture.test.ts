import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { describe, it } from 'node:test';
import { parseProductPage } from './source-06.parse.ts';

// The real saved pages beside the checkout (decisions G34); never copied into the project.
const DIR = fileURLToPath(new URL('../../../../../shared/fixtures/marketplace-pages', import.meta.url));
const present = existsSync(join(DIR, 'manifest.json'));
const skip =
  present || process.env['CI'] === 'true'
    ? false
    : `real marketplace pages not found at ${DIR}; the source_06 fixture test needs them`;

interface Entry {
  file: string;
  source: string;
  captured?: string;
  facts?: Record<string, unknown>;
  expected?: Record<string, unknown>;
}

function ottoPages(): Entry[] {
  const manifest = JSON.parse(readFileSync(join(DIR, 'manifest.json'), 'utf8')) as { pages: Entry[] };
  return manifest.pages.filter((entry) => entry.source === 'source_06');
}

/** The leading token of a fact ("2800395267 (sku; …)" is 2800395267). */
const leading = (fact: unknown): string => String(fact).split(/\s/)[0] ?? '';

describe('source_06 parser on the real otto.de page of the fixtures', () => {
  it('reads the id, name, price, currency and availability the manifest states', { skip }, () => {
    const pages = ottoPages();
    assert.ok(pages.length > 0, 'the manifest lists a page of source_06');
    for (const entry of pages) {
      const facts = entry.facts ?? entry.expected ?? {};
      const raw = readFileSync(join(DIR, entry.file));
      const body = (entry.file.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8');
      const url =
        /source URL (https?:\/\/\S+?)\)?$/.exec(entry.captured ?? '')?.[1] ?? 'https://www.otto.de/';
      const content = parseProductPage({ url, status: 200, body, headers: {} });
      const offers = content['offers'] as Record<string, unknown>[];
      assert.equal(content['product_id'], leading(facts['product_id']), entry.file);
      assert.equal(content['name'], facts['product_name']);
      assert.equal(content['price_min'], facts['main_price']);
      assert.equal(offers.length, 1, 'one offer: the page shows no other sellers');
      assert.equal(offers[0]!['currency'], facts['currency']);
      assert.equal(offers[0]!['price'], facts['main_price'], 'the buy-box price, not the UVP');
      assert.equal(
        offers[0]!['availability'],
        /^InStock/.test(String(facts['availability'])) ? 'in_stock' : 'out_of_stock',
      );
      assert.equal(content['url'], url.replace(/#.*$/, ''), 'the canonical product URL');
    }
  });
});
