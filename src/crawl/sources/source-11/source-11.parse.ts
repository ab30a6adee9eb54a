/**
 * Parsers of source_11 answers: Target's RedSky JSON API (G34), as the fixture answers of
 * `pdp_client_v1` and `plp_search_v2` show it. Money comes in dollars (`price.current_retail`, or
 * `current_retail_min` for a product with variants); the API names no currency, Target sells in
 * US dollars only. A product answer has no offers list: its one offer is Target's own, unless the
 * answer lists partner offers (`offers`, the sandbox's Target Plus sellers, docs/sandbox.md).
 */
import type { FetchedPage } from '../../vocabulary/crawl.types.ts';
import { isJsonObject, type JsonObject } from '../../extract/jsonld.ts';
import { StateReader } from '../../parse/state.ts';
import { PageParseError } from '../../vocabulary/crawl.errors.ts';
import { required } from '../../parse/page.ts';
import {
  coreOffer,
  jsonBody,
  priceStats,
  type SearchCard,
  type ShopAvailability,
} from '../kit/shop-driver.kit.ts';
import { lookupTable } from '../../../platform/lib/lookup.ts';

/** Target's prices are in US dollars; RedSky answers carry no currency field. */
const CURRENCY = 'USD';
const SELLER = 'Target';

const ENTITIES: Readonly<Record<string, string>> = lookupTable({
  amp: '&',
  quot: '"',
  apos: "'",
  lt: '<',
  gt: '>',
  nbsp: '\u00a0',
  trade: '\u2122',
  reg: '\u00ae',
});

/** Titles come HTML-escaped (`USB &#38; USB-C`, `up&#38;up&#8482;`): the text people read. */
export function decodeEntities(text: string): string {
  return text.replace(
    /&(?:#(\d+)|#x([\da-f]+)|([a-z]+));/giu,
    (whole, dec?: string, hex?: string, name?: string) => {
      if (dec !== undefined) return String.fromCodePoint(Number(dec));
      if (hex !== undefined) return String.fromCodePoint(Number.parseInt(hex, 16));
      return ENTITIES[(name ?? '').toLowerCase()] ?? whole;
    },
  );
}

/** The current price of a `price` object: `current_retail`, else the low end of a variant range. */
function currentPrice(price: JsonObject, page: FetchedPage): number {
  for (const key of ['current_retail', 'current_retail_min']) {
    const value = price[key];
    if (typeof value === 'number' && Number.isFinite(value) && value > 0) return value;
  }
  throw new PageParseError(`price.current_retail missing in ${page.url}`);
}

function priceObject(node: JsonObject, page: FetchedPage): JsonObject {
  const price = node['price'];
  if (!isJsonObject(price)) throw new PageParseError(`price missing in ${page.url}`);
  return price;
}

/** Products of a search answer (`data.search.products`), in the API's order. */
export function parseSearchAnswer(page: FetchedPage): SearchCard[] {
  const body = jsonBody(page);
  const search = new StateReader(body, page.url).object('data').object('search');
  const raw = objectList(body, page);
  return search.array('products').map((product, index) => {
    const item = product.object('item');
    return {
      product_id: product.string('tcin'),
      name: decodeEntities(item.object('product_description').string('title')),
      url: item.object('enrichment').string('buy_url'),
      price: currentPrice(priceObject(raw[index] ?? {}, page), page),
    };
  });
}

function objectList(body: JsonObject, page: FetchedPage): JsonObject[] {
  const data = body['data'];
  const search = isJsonObject(data) ? data['search'] : undefined;
  const products = isJsonObject(search) ? search['products'] : undefined;
  if (!Array.isArray(products)) throw new PageParseError(`data.search.products missing in ${page.url}`);
  return products.filter(isJsonObject);
}

const AVAILABILITY: Readonly<Record<string, ShopAvailability>> = lookupTable({
  IN_STOCK: 'in_stock',
  LIMITED_STOCK: 'limited',
  OUT_OF_STOCK: 'out_of_stock',
});

/** A partner offer of the answer's `offers` list. */
function partnerOffer(raw: JsonObject, index: number, page: FetchedPage) {
  const offer = new StateReader(raw, page.url);
  const seller = offer.object('seller');
  const availability = offer.object('fulfillment').string('availability');
  const shipping = offer.object('shipping').number('current_retail');
  return {
    ...coreOffer(index + 1, currentPrice(priceObject(raw, page), page), CURRENCY, shipping),
    offer_id: offer.string('offer_id'),
    condition: offer.string('condition').toLowerCase(),
    seller_name: seller.string('name'),
    seller_id: seller.string('id'),
    seller_rating: seller.number('rating'),
    availability: required(AVAILABILITY[availability], `availability ${availability}`, page),
  };
}

/** A product answer (`data.product`) as content. */
export function parseProductAnswer(page: FetchedPage): Record<string, unknown> {
  const body = jsonBody(page);
  const product = new StateReader(body, page.url).object('data').object('product');
  const raw = (body['data'] as JsonObject)['product'] as JsonObject;
  const item = product.object('item');
  const listed = Array.isArray(raw['offers']) ? raw['offers'].filter(isJsonObject) : undefined;
  const offers = listed
    ? listed.map((offer, index) => partnerOffer(offer, index, page))
    : [{ ...coreOffer(1, currentPrice(priceObject(raw, page), page), CURRENCY, 0), seller_name: SELLER }];
  const itemType = item.object('product_classification').optionalString('product_type_name');
  return {
    product_id: product.string('tcin'),
    name: decodeEntities(item.object('product_description').string('title')),
    url: item.object('enrichment').string('buy_url'),
    brand_name: item.object('primary_brand').string('name'),
    category: categoryOf(raw) ?? itemType,
    ...priceStats(
      offers.map((offer) => offer.price),
      page,
    ),
    offers_count: offers.length,
    offers,
  };
}

/** The product's item type (`Power Banks`), where the answer classifies it. */
function categoryOf(product: JsonObject): string | null {
  const item = product['item'];
  const classification = isJsonObject(item) ? item['product_classification'] : undefined;
  const type = isJsonObject(classification) ? classification['item_type'] : undefined;
  const name = isJsonObject(type) ? type['name'] : undefined;
  return typeof name === 'string' ? name : null;
}
