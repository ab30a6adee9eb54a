import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { FetchedPage } from '../../src/crawl/vocabulary/crawl.types.ts';
import { buildSandboxApp } from '../../src/sandbox/app.ts';
import {
  parseProductPage as parseSource02Product,
  parseSearchPage as parseSource02Search,
} from '../../src/crawl/sources/source-02/source-02.parse.ts';
import { parseItemPage as parseSource04Item } from '../../src/crawl/sources/source-04/source-04.parse.ts';
import { parseProductPage as parseSource09Product } from '../../src/crawl/sources/source-09/source-09.parse.ts';

interface Truth {
  base_url: string;
  products: Array<Record<string, unknown>>;
  terms: Array<{ term: string }>;
}

interface Kind {
  name: string;
  source: string;
  country: string;
  /** Real size the page is padded to, in bytes. */
  realBytes: number;
  paths(truth: Truth): string[];
  parse(page: FetchedPage): unknown;
}

const KINDS: Kind[] = [
  {
    name: 'source_02 product pages',
    source: 'source_02',
    country: 'de',
    realBytes: 1_500_000,
    paths: (truth) => truth.products.slice(0, 3).map((product) => `/dp/${String(product.item_code)}`),
    parse: parseSource02Product,
  },
  {
    name: 'source_02 search pages',
    source: 'source_02',
    country: 'de',
    realBytes: 1_300_000,
    paths: (truth) => truth.terms.slice(0, 3).map(({ term }) => `/s?k=${encodeURIComponent(term)}`),
    parse: parseSource02Search,
  },
  {
    name: 'source_04 item pages',
    source: 'source_04',
    country: 'de',
    realBytes: 1_600_000,
    paths: (truth) =>
      truth.products
        .slice(0, 3)
        .map((product) => `/itm/${(product.listings as Array<{ item_id: string }>)[0]?.item_id}`),
    parse: parseSource04Item,
  },
  {
    name: 'source_09 product pages',
    source: 'source_09',
    country: 'us',
    realBytes: 480_000,
    paths: (truth) => truth.products.slice(0, 3).map((product) => `/ip/${String(product.product_id)}`),
    parse: parseSource09Product,
  },
];

describe('SANDBOX_PAGE_WEIGHT=real', () => {
  let light: FastifyInstance;
  let real: FastifyInstance;
  before(() => {
    light = buildSandboxApp();
    real = buildSandboxApp({ pageWeight: 'real' });
  });
  after(async () => {
    await light.close();
    await real.close();
  });

  const pageOf = async (app: FastifyInstance, url: string): Promise<FetchedPage> => {
    const response = await app.inject({ url });
    assert.equal(response.statusCode, 200, url);
    return { url: `http://127.0.0.1${url}`, status: 200, body: response.body, headers: {} };
  };

  for (const kind of KINDS) {
    it(`pads ${kind.name} to the real size and the driver reads the same content as from the light page`, async () => {
      const truth = (
        await light.inject({ url: `/catalog.json?source=${kind.source}&country=${kind.country}` })
      ).json() as Truth;
      const base = new URL(truth.base_url).pathname;
      const paths = kind.paths(truth);
      assert.equal(paths.length, 3);
      for (const path of paths) {
        const [lightPage, realPage] = await Promise.all([
          pageOf(light, base + path),
          pageOf(real, base + path),
        ]);
        assert.ok(lightPage.body.length < kind.realBytes / 10, `light ${path}: ${lightPage.body.length}`);
        assert.ok(
          Math.abs(realPage.body.length - kind.realBytes) < kind.realBytes * 0.02,
          `real ${path}: ${realPage.body.length}`,
        );
        const content = kind.parse(lightPage);
        assert.ok(JSON.stringify(content).length > 200, `little read from ${path}`);
        assert.deepEqual(kind.parse(realPage), content, path);
      }
    });
  }
});
