/**
 * source_03, a shopping search engine whose pages carry their data as embedded JSON state. Key
 * `term` answers the product cards (`offers_count` = number of cards); `id` and `product` (record
 * `gtin|brand|name|mpn`, decisions G4) answer the product page with its listed seller offers, and
 * `partial: true` when the page announces more sellers than it lists.
 */
import { parseOrExtract } from '../kit/fallback.kit.ts';
import { parseProduct } from './source-03.parse.ts';
import type { CrawlContext, DriverOutcome, SourceDriver, ValueQuery } from '../../vocabulary/crawl.types.ts';
import { absoluteUrl, embeddedJson, loadPage } from '../../parse/page.ts';
import { fromMicros, StateReader } from '../../parse/state.ts';
import { fetchOrMissing, found, noExtraFetches, notFound } from '../kit/driver.kit.ts';

export const source03Driver: SourceDriver = {
  source: 'source_03',
  async crawl(context, query) {
    switch (query.key) {
      case 'term':
        return crawlTerm(context, query.value);
      case 'id':
        return crawlProduct(context, query.value);
      case 'product':
        return crawlRecord(context, query);
      default:
        throw new Error(`source_03 has no key ${query.key}`);
    }
  },
};

interface Card {
  position: number;
  id: string;
  name: string;
  url: string;
  price: number;
  currency: string;
  seller_name: string;
  sellers_count: number;
  rating: number;
  rating_count: number;
}

/** The product cards of a search, or undefined when the search page does not exist. */
async function searchCards(
  context: CrawlContext,
  text: string,
  jobType: string,
): Promise<Card[] | undefined> {
  const page = await fetchOrMissing(context, `/search?tbm=shop&q=${encodeURIComponent(text)}`, jobType);
  if (!page) return undefined;
  loadPage(page);
  const state = new StateReader(embeddedJson(page, '__STATE__'), page.url);
  return state.array('results').map((result, index) => {
    const offer = result.object('offer');
    const reviews = result.object('reviewSummary');
    return {
      position: index + 1,
      id: result.string('pid'),
      name: result.string('title'),
      url: absoluteUrl(result.string('link'), page),
      price: fromMicros(offer.number('amountMicros')),
      currency: offer.string('currencyCode'),
      seller_name: offer.string('merchantName'),
      sellers_count: result.number('merchantCount'),
      rating: reviews.number('stars'),
      rating_count: reviews.number('count'),
    };
  });
}

async function crawlTerm(context: CrawlContext, term: string): Promise<DriverOutcome> {
  const cards = await searchCards(context, term, 'search');
  if (!cards || cards.length === 0) return notFound();
  return found(
    { product_id: cards[0]?.id, query: term, offers_count: cards.length, offers: cards },
    noExtraFetches(),
  );
}

const normalized = (text: string): string => text.toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * Finds the product of a `gtin|brand|name|mpn` record: by GTIN, else by MPN, else by brand and name
 * (preferring the card whose title is exactly the name).
 */
async function crawlRecord(context: CrawlContext, query: ValueQuery): Promise<DriverOutcome> {
  const [gtin = '', brand = '', name = '', mpn = ''] = query.value
    .split('|')
    .map((segment) => segment.trim());
  let text: string;
  if (gtin !== '') text = gtin;
  else if (mpn !== '') text = mpn;
  else if (brand !== '' && name !== '')
    text = normalized(name).includes(normalized(brand)) ? name : `${brand} ${name}`;
  else throw new Error('product record needs a gtin, an mpn, or brand and name');
  const cards = await searchCards(context, text, 'lookup');
  const chosen =
    cards?.find((card) => name !== '' && normalized(card.name) === normalized(name)) ?? cards?.[0];
  return chosen ? crawlProduct(context, chosen.id) : notFound();
}

async function crawlProduct(context: CrawlContext, id: string): Promise<DriverOutcome> {
  const page = await fetchOrMissing(context, `/shopping/product/${encodeURIComponent(id)}`, 'product');
  if (!page) return notFound();
  const read = await parseOrExtract(context, page, { product_id: id, id }, parseProduct);
  if ('extracted' in read) return found(read.extracted, noExtraFetches());
  return found(read.parsed.content, noExtraFetches(), { partial: read.parsed.partial });
}
