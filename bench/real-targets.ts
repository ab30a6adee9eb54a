/**
 * The pages the real-size benches crawl (issue 23): one target per source and page kind, each with
 * the sandbox values it crawls, the URL of each value's page, the query the engine and the service
 * crawl it with, and what Crawlee's handler reads from the same page (the fields the driver reads:
 * name, prices, sellers, ids), with the selectors the driver uses.
 */
import type { CheerioAPI } from 'cheerio';
import type { SourceDriver } from '../src/crawl/vocabulary/crawl.types.ts';
import type { SourceId, ValueKey } from '../src/crawl/vocabulary/sources.types.ts';
import { PageParseError } from '../src/crawl/vocabulary/crawl.errors.ts';
import { cleanText, parseAmount } from '../src/crawl/parse/values.ts';
import { parseSearchPage as parseSource02Search } from '../src/crawl/sources/source-02/source-02.parse.ts';

/** One source and page kind. */
export interface BenchTarget {
  name: string;
  source: SourceId;
  country: string;
  /** Query key the engine's real driver and the service crawl a value with (one page per value). */
  key: ValueKey;
  /** The page of a value below the storefront's base URL. */
  path(value: string): string;
  /** The values, from `/catalog.json` of the source and country. */
  valuesOf(truth: Truth): string[];
  /**
   * A bench driver for page kinds no key reads alone (search pages): fetches the page and runs the
   * source's own parser of that kind. Absent: the source's real driver crawls `key`.
   */
  pageDriver?: SourceDriver;
  /** Crawlee's handler: reads the fields from cheerio's DOM; answers how many offers or cards it read. */
  read($: CheerioAPI): number;
  /**
   * Values beyond the catalogue's, for streams longer than it (a stream removes duplicates): the
   * bench's page server answers the n-th one with the page of pool value n mod the pool size, that
   * value's code replaced by the stand-in's (bench/crawl.ts `--stand-ins`).
   */
  standIns?: StandIns;
}

/** How a target's stand-in values are written and recognised in a page's path. */
export interface StandIns {
  /** The n-th stand-in value (a valid value of the target's key, in no catalogue). */
  value(n: number): string;
  /** The n of a stand-in value, or undefined for any other value. */
  numberOf(value: string): number | undefined;
}

/** The parts of `/catalog.json` the targets read. */
export interface Truth {
  base_url: string;
  products: Array<Record<string, unknown>>;
  terms?: Array<string | { term: string }>;
  not_found: Record<string, string[] | undefined>;
}

const ids = (truth: Truth, field: string): string[] =>
  truth.products.map((product) => String(product[field]));
const price = (text: string) => parseAmount(cleanText(text));

/** Reads a value's page through the engine and runs `parse` on it: a search page as content. */
function pageDriver(source: SourceId, path: (value: string) => string, parse: (page: never) => unknown) {
  const driver: SourceDriver = {
    source,
    async crawl(context, query) {
      const billable = { extraResultPages: 0, sellerPages: 0 };
      const page = await context.fetchPage({ url: context.baseUrl + path(query.value), jobType: 'search' });
      if (page.status === 404) return { status: 'not_found', billable };
      const content = parse(page as never);
      if (content === undefined) throw new PageParseError('nothing read');
      return { status: 'found', content: { results: content }, billable };
    },
  };
  return driver;
}

const source02SearchPath = (term: string) => `/s?k=${encodeURIComponent(term)}`;

export const BENCH_TARGETS: readonly BenchTarget[] = [
  {
    name: 'source_01',
    source: 'source_01',
    country: 'de',
    key: 'id',
    path: (id) => `/preisvergleich/OffersOfProduct/${id}.html`,
    valuesOf: (truth) => [...ids(truth, 'id'), ...(truth.not_found.id ?? []).slice(0, 20)],
    read: ($) => {
      const jsonLd = JSON.parse($('script[type="application/ld+json"]').first().text() || '{}') as {
        name?: string;
      };
      const name = cleanText($('.oopStage-title').text()) || String(jsonLd.name ?? '');
      const rows = $('li.productOffers-listItem').toArray();
      const offers = rows.map((element) => {
        const row = $(element);
        return {
          title: cleanText(row.find('.productOffers-listItemTitleInner').text()),
          price: price(row.find('.productOffers-listItemOfferPrice').text()),
          shipping: price(row.find('.productOffers-listItemOfferShippingDetails').text()),
          seller: row.find('.productOffers-listItemOfferShopV2LogoImage').attr('alt') ?? null,
          availability: cleanText(row.find('.productOffers-listItemOfferDeliveryStatus').text()),
        };
      });
      return name === '' ? 0 : offers.filter((offer) => offer.price !== null).length;
    },
  },
  {
    name: 'source_02 product',
    source: 'source_02',
    country: 'de',
    key: 'item_code',
    path: (code) => `/dp/${code}`,
    valuesOf: (truth) => ids(truth, 'item_code'),
    // Ten letters and digits like the catalogue's `B0` codes; `B0Z` and seven digits are in none.
    standIns: {
      value: (n) => `B0Z${String(n).padStart(7, '0')}`,
      numberOf: (code) => {
        const digits = /^B0Z(\d{7})$/.exec(code)?.[1];
        return digits === undefined ? undefined : Number(digits);
      },
    },
    read: ($) => {
      const name = cleanText($('span#productTitle').first().text());
      const buyBox = $('#buybox input#priceValue, input#priceValue').first().attr('value');
      const feature = $('#merchantInfoFeature_feature_div').first();
      const seller = cleanText(feature.find('.offer-display-feature-text-message').first().text());
      const fields = {
        code: $('input#ASIN').first().attr('value') ?? $('#dp').attr('data-asin'),
        brand: cleanText($('tr.po-brand .po-break-word').first().text()),
        category: cleanText($('#wayfinding-breadcrumbs_feature_div li a').first().text()),
        member: price($('#memberPrice_feature_div .a-offscreen').first().text()),
        canonical: $('link[rel="canonical"]').attr('href'),
        merchant: $('#buybox input#merchantID').first().attr('value'),
      };
      return name === '' || fields.code === undefined ? 0 : Number(buyBox !== undefined || seller !== '');
    },
  },
  {
    name: 'source_02 search',
    source: 'source_02',
    country: 'de',
    key: 'term',
    path: source02SearchPath,
    valuesOf: (truth) => (truth.terms ?? []).map((term) => (typeof term === 'string' ? term : term.term)),
    pageDriver: pageDriver('source_02', source02SearchPath, parseSource02Search),
    read: ($) => {
      if ($('.s-result-list, .s-main-slot').length === 0) return 0;
      const cards = $(
        'div[data-component-type="s-search-result"], div[data-component-type="sp-sponsored-result"]',
      )
        .toArray()
        .map((element) => {
          const card = $(element);
          return {
            code: card.attr('data-asin'),
            name: cleanText(card.find('[data-cy="title-recipe"] h2').first().text()),
            price: price(card.find('.a-price .a-offscreen').first().text()),
            sponsored: card.find('.puis-sponsored-label-text, .s-sponsored-label-text').length > 0,
          };
        });
      const next = $('a.s-pagination-next').attr('href');
      return cards.filter((card) => card.code !== undefined || next !== undefined).length;
    },
  },
  {
    name: 'source_04 item',
    source: 'source_04',
    country: 'de',
    key: 'id',
    path: (id) => `/itm/${id}`,
    valuesOf: (truth) =>
      truth.products.flatMap((product) =>
        ((product.listings as Array<{ item_id: string }> | undefined) ?? []).map(
          (listing) => listing.item_id,
        ),
      ),
    read: ($) => {
      // The sandbox's item page holds the listing component, as the driver reads it first.
      const row = $('.x-item').find('.x-item__listing li.s-item');
      if (row.length === 1) {
        const listing = {
          title: cleanText(row.find('.s-item__title').first().text()),
          price: price(row.find('.s-item__price').first().text()),
          shipping: price(row.find('.s-item__shipping').text()),
          currency: $('meta[itemprop="priceCurrency"]').first().attr('content'),
          identity: ['productID', 'gtin13', 'mpn'].map((name) =>
            $(`meta[itemprop="${name}"]`).attr('content'),
          ),
          bids: row.find('.s-item__bids').attr('data-bids'),
          ends: row.find('.s-item__time-end time').attr('datetime'),
          seller: cleanText(row.find('.s-item__seller-name').first().text()),
          positive: row.find('.s-item__seller-positive').attr('data-percent'),
          feedback: cleanText(row.find('.s-item__seller-feedback-count').text()),
        };
        return listing.price === null ? 0 : 1;
      }
      const fields = {
        title: cleanText($('#itemTitle, h1.x-item-title__mainTitle').first().text()),
        price: price($('#prcIsum_bidPrice, #prcIsum, #mm-saleDscPrc').first().text()),
        item: cleanText($('#descItemNumber').first().text()),
        gtin: $('[itemprop="gtin13"]').first().attr('content'),
        brand: cleanText($('[itemprop="brand"] [itemprop="name"]').first().text()),
        mpn: cleanText($('[itemprop="mpn"]').first().text()),
        condition: cleanText($('#vi-itm-cond, .x-item-condition-text .ux-textspans').first().text()),
        seller: cleanText($('.mbg-nw, .x-sellercard-atf__info__about-seller .ux-textspans').first().text()),
        feedback: cleanText($('#si-fb, .x-sellercard-atf__data-item').first().text()),
      };
      return fields.price === null ? 0 : 1;
    },
  },
  {
    name: 'source_09 product',
    source: 'source_09',
    country: 'us',
    key: 'id',
    path: (id) => `/ip/${id}`,
    valuesOf: (truth) => ids(truth, 'product_id'),
    read: ($) => {
      // Walmart's pages carry the product in Next.js state, as the driver reads it.
      const state = JSON.parse($('#__NEXT_DATA__').text()) as {
        props?: { pageProps?: { initialData?: { data?: { product?: Record<string, unknown> } } } };
      };
      const product = state.props?.pageProps?.initialData?.data?.product;
      if (product === undefined) return 0;
      const secondary = Array.isArray(product.secondaryOffers) ? product.secondaryOffers : [];
      const offers = [product, ...secondary] as Array<{
        sellerName?: string;
        priceInfo?: { currentPrice?: { price?: number } };
      }>;
      return offers.filter((offer) => typeof offer.priceInfo?.currentPrice?.price === 'number').length;
    },
  },
];

/** The target called `name` (its source, or source and page kind). */
export function benchTarget(name: string): BenchTarget {
  const target = BENCH_TARGETS.find((candidate) => candidate.name === name || candidate.source === name);
  if (!target)
    throw new Error(`no bench target ${name}; one of ${BENCH_TARGETS.map((t) => t.name).join(', ')}`);
  return target;
}

/**
 * A target's base URL and `count` values (its first `poolSize` values, or all with 0, repeated in
 * order), from the sandbox at `origin`.
 */
export async function targetValues(
  target: BenchTarget,
  origin: string,
  count: number,
  poolSize = 0,
): Promise<{ baseUrl: string; values: string[] }> {
  const response = await fetch(`${origin}/catalog.json?source=${target.source}&country=${target.country}`);
  const truth = (await response.json()) as Truth;
  const all = target.valuesOf(truth);
  const pool = poolSize > 0 ? all.slice(0, poolSize) : all;
  if (pool.length === 0) throw new Error(`no values for ${target.name}`);
  return {
    baseUrl: truth.base_url,
    values: Array.from({ length: count }, (_, i) => pool[i % pool.length] as string),
  };
}

/**
 * `count` distinct values of a target for a stream (bench/stream.ts `--weight real`): its first
 * `poolSize` values, then stand-ins, whose pages are those of the pool with the code replaced.
 */
export async function streamTargetValues(
  target: BenchTarget,
  origin: string,
  count: number,
  poolSize: number,
): Promise<string[]> {
  const { values: pool } = await targetValues(target, origin, Math.min(count, poolSize), poolSize);
  const { standIns } = target;
  if (count > pool.length && standIns === undefined)
    throw new Error(`${target.name} has ${pool.length} values and no stand-ins for a stream of ${count}`);
  const extra = Array.from({ length: count - pool.length }, (_, n) => standIns?.value(n) as string);
  return [...pool, ...extra];
}
