import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildSandboxApp } from '../../src/sandbox/app.ts';
import { extractJsonLd } from '../../src/crawl/extract/jsonld.ts';
import { scanWithJsonLd } from '../../src/crawl/parse/page.ts';
import { skippablePieces, type SkippablePieces } from '../../src/crawl/parse/page-text.ts';
import {
  classPattern,
  scanElements,
  type KeepElement,
  type ScannedElement,
} from '../../src/crawl/parse/scan.ts';
import type { FetchedPage } from '../../src/crawl/vocabulary/crawl.types.ts';
import { pageFromBytes } from '../../src/crawl/fetcher/fetcher.page.ts';
import { arrivedPage } from '../support/arrived-page.ts';
import {
  marketplaceFetched,
  marketplacePages,
  skipWithoutMarketplacePages,
} from '../support/marketplace-pages.ts';

const KEEPS_SCRIPTS = 'scripts and the spans inside kept elements';
/** Keep rules of the kinds the drivers use: by class, by id, by tag, scripts themselves. */
const PRICE_CLASSES = classPattern(['a-price', 'a-offscreen', 's-item__price', 'x-price-primary', 'price']);
const RULES: Record<string, KeepElement> = {
  'price classes': (_name, attribs) => attribs.class !== undefined && PRICE_CLASSES.test(attribs.class),
  'ids of titles and prices': (_name, attribs) => /title|price/i.test(attribs.id ?? ''),
  headings: (name) => name === 'h1' || name === 'title',
  [KEEPS_SCRIPTS]: (name, _attribs, parent) => name === 'script' || (parent !== undefined && name === 'span'),
};

const reading = (elements: readonly ScannedElement[]) =>
  elements.map((element) => ({
    name: element.name,
    attribs: element.attribs,
    text: element.text,
    shownText: element.shownText,
    inner: element.inner.length,
  }));

/** `pieces` that count the characters they hand out. */
function counted(pieces: SkippablePieces, count: { chars: number }): SkippablePieces {
  return function* (skipRawText) {
    for (const piece of pieces(skipRawText)) {
      count.chars += piece.length;
      yield piece;
    }
  };
}

/** The real pages of the marketplace fixtures (every source and the reference-only sites). */
function fixturePages(): FetchedPage[] {
  return (
    marketplacePages()
      .filter((page) => page.file.endsWith('.html.gz'))
      // Addressed by file, so that each page's assertion names it (several share a site's address).
      .map((page) => marketplaceFetched(page, `https://${page.site.split(' ')[0]}/${page.file}`))
  );
}

type Product = Record<string, unknown> & { listings?: { item_id: string }[] };

/** Real-size sandbox pages of the four sources the speed goals name, two products each. */
async function sandboxPages(): Promise<FetchedPage[]> {
  const app = buildSandboxApp({ pageWeight: 'real' });
  const targets = [
    {
      source: 'source_01',
      country: 'de',
      path: (p: Product) => `/preisvergleich/OffersOfProduct/${String(p.id)}.html`,
    },
    { source: 'source_02', country: 'de', path: (p: Product) => `/dp/${String(p.item_code)}` },
    { source: 'source_04', country: 'de', path: (p: Product) => `/itm/${p.listings?.[0]?.item_id ?? ''}` },
    { source: 'source_09', country: 'us', path: (p: Product) => `/ip/${String(p.product_id)}` },
  ];
  try {
    const pages: FetchedPage[] = [];
    for (const target of targets) {
      const catalog = await app.inject({
        url: `/catalog.json?source=${target.source}&country=${target.country}`,
      });
      const truth = catalog.json<{ base_url: string; products: Product[] }>();
      const base = new URL(truth.base_url).pathname.replace(/\/$/, '');
      for (const product of truth.products.slice(0, 2)) {
        const url = base + target.path(product);
        const response = await app.inject({ url });
        assert.equal(response.statusCode, 200, url);
        pages.push({
          url,
          status: 200,
          body: response.body,
          headers: { 'content-type': 'text/html; charset=utf-8' },
        });
      }
    }
    return pages;
  } finally {
    await app.close();
  }
}

/**
 * Scans every page whole and as the fetcher hands it over (bytes in pieces, cut at several sizes,
 * script and style bodies left undecoded while nothing kept is open): the same elements, texts and
 * JSON-LD each time. Answers the characters decoded against the pages' length.
 */
function assertSameScans(pages: readonly FetchedPage[]): { decoded: number; total: number } {
  const count = { chars: 0 };
  let total = 0;
  for (const page of pages) {
    for (const [ruleName, keep] of Object.entries(RULES)) {
      const whole = reading(scanElements(page.body, keep));
      const hidden = reading(scanElements(page.body, keep, { hide: (name) => name === 'span' }));
      for (const chunkBytes of [1000, 4096, 65536]) {
        const arrived = arrivedPage(page, chunkBytes);
        const label = `${ruleName} on ${page.url} in chunks of ${chunkBytes}`;
        // A rule that keeps scripts reads their bodies: only the others are counted.
        const tally = keep === RULES[KEEPS_SCRIPTS] ? { chars: 0 } : count;
        if (tally === count) total += page.body.length;
        assert.deepEqual(reading(scanElements(counted(skippablePieces(arrived), tally), keep)), whole, label);
        const hiding = scanElements(skippablePieces(arrived), keep, { hide: (name) => name === 'span' });
        assert.deepEqual(reading(hiding), hidden, `${label}, hiding spans`);
        const both = scanWithJsonLd(arrivedPage(page, chunkBytes), keep);
        assert.deepEqual(reading(both.kept), whole, `${label}, with JSON-LD`);
        assert.deepEqual(both.jsonLd, extractJsonLd(page.body), `JSON-LD of ${label}`);
      }
    }
  }
  return { decoded: count.chars, total };
}

describe('a scan that leaves script bodies undecoded', () => {
  it(
    'keeps the same elements, texts and JSON-LD on every real marketplace page',
    { skip: skipWithoutMarketplacePages() },
    () => {
      const { decoded, total } = assertSameScans(fixturePages());
      assert.ok(decoded < total * 0.8, `decoded ${decoded} of ${total} characters: little was skipped`);
    },
  );

  it('keeps the same elements, texts and JSON-LD on real-size sandbox pages, decoding a tenth of them at most', async () => {
    const { decoded, total } = assertSameScans(await sandboxPages());
    assert.ok(decoded < total * 0.1, `decoded ${decoded} of ${total} characters`);
  });

  it('skips nothing past a closing tag cut between two chunks, nor a script body a kept element holds', () => {
    const kept = (pieces: SkippablePieces | string) =>
      scanElements(pieces, (_name, attribs) => attribs.class === 'k').map((element) => element.text);
    const chunks = (...texts: string[]) =>
      skippablePieces(
        pageFromBytes({
          url: 'https://shop.example/p',
          status: 200,
          headers: {},
          contentType: 'text/html; charset=utf-8',
          chunks: texts.map((text) => Buffer.from(text)),
        }),
      );
    const filler = 'y'.repeat(5000);
    const cut = ['<p class="k">a</p><script>var a = 1;</scr', `ipt>${filler}<p class="k">b</p>`];
    assert.deepEqual(kept(chunks(...cut)), ['a', 'b']);
    assert.deepEqual(kept(chunks(...cut)), kept(cut.join('')));
    const inside = [`<div class="k">a<script>${filler}`, `${filler}</script>b</div>`];
    assert.deepEqual(kept(chunks(...inside)), [`a${filler}${filler}b`]);
  });

  it('reads a small page in chunks of 1 to 7 bytes as it reads it whole', () => {
    const body =
      '<html><head><script type="application/ld+json">{"@type":"Product","name":"Käse €"}</script>' +
      `<style>${'p{color:red}'.repeat(200)}</style></head><body><p class="k">ä<b>ö</b></p>` +
      `<script>var s = "${'x'.repeat(3000)}"; if (a < b) {}</script>` +
      `<div class="k">€<script>${'y'.repeat(2000)}</script>z</div><p class="k">end</p></body></html>`;
    const keep: KeepElement = (_name, attribs) => attribs.class === 'k';
    const whole = reading(scanElements(body, keep));
    const page = { url: 'https://shop.example/p', status: 200, body, headers: {} };
    for (let chunkBytes = 1; chunkBytes <= 7; chunkBytes += 1) {
      const both = scanWithJsonLd(arrivedPage(page, chunkBytes), keep);
      assert.deepEqual(reading(both.kept), whole, `chunks of ${chunkBytes}`);
      assert.deepEqual(both.jsonLd, extractJsonLd(body), `JSON-LD in chunks of ${chunkBytes}`);
    }
  });

  it("starts no piece on a U+001C, which htmlparser2 takes for a < at a piece's start in a script", () => {
    const body =
      `<html><body><script>${'a'.repeat(65536 - 20)}<${'a'.repeat(4095)}` +
      '\u001c/script><p class="k">x</p></body></html>';
    const keep: KeepElement = (_name, attribs) => attribs.class === 'k';
    const page = { url: 'https://shop.example/p', status: 200, body, headers: {} };
    assert.deepEqual(
      reading(scanElements(skippablePieces(arrivedPage(page, body.length)), keep)),
      reading(scanElements(body, keep)),
    );
  });
});
