/**
 * Parsers of source_10 (Nordhaus) pages: search tiles from their classes, product pages from
 * schema.org RDFa Lite.
 */
import type { CheerioAPI } from 'cheerio/slim';
import { PageParseError } from '../../vocabulary/crawl.errors.ts';
import type { FetchedPage } from '../../vocabulary/crawl.types.ts';
import { absoluteUrl, loadPage, required, type Selection } from '../../parse/page.ts';
import { rdfaItems, rdfaProperty, rdfaValue } from '../../parse/rdfa.ts';
import { cleanText, parseAmount, parseNumberAttribute } from '../../parse/values.ts';
import { coreOffer, priceStats, schemaAvailability, type SearchCard } from '../kit/shop-driver.kit.ts';

/** Result tiles of a search page; a page without the result grid is not a search page. */
export function parseSearchPage(page: FetchedPage): SearchCard[] {
  const $ = loadPage(page);
  if ($('main.z-grid').length === 0) throw new PageParseError(`no result grid on ${page.url}`);
  return $('.z-tile')
    .toArray()
    .map((element) => {
      const tile = $(element);
      return {
        product_id: required(tile.attr('data-sku'), 'tile sku', page),
        name: cleanText(tile.find('.z-tile__name').text()),
        url: absoluteUrl(required(tile.find('a.z-tile__link').attr('href'), 'tile link', page), page),
        price: required(parseAmount(tile.find('.z-tile__price').text()), 'tile price', page),
      };
    });
}

/** A required RDFa value. */
function value($: CheerioAPI, item: Selection, name: string, page: FetchedPage): string {
  return required(rdfaValue($, item, name), name, page);
}

/** A required RDFa number (`content="19.99"`). */
function numberValue($: CheerioAPI, item: Selection, name: string, page: FetchedPage): number {
  return required(parseNumberAttribute(rdfaValue($, item, name)), name, page);
}

function offerOf($: CheerioAPI, offer: Selection, index: number, page: FetchedPage) {
  const seller = rdfaProperty($, offer, 'seller').first();
  const rate = rdfaProperty($, rdfaProperty($, offer, 'shippingDetails').first(), 'shippingRate').first();
  return {
    ...coreOffer(
      index + 1,
      numberValue($, offer, 'price', page),
      value($, offer, 'priceCurrency', page),
      numberValue($, rate, 'value', page),
    ),
    offer_id: required(offer.attr('data-offer-id'), 'offer id', page),
    seller_name: value($, seller, 'name', page),
    availability: required(schemaAvailability(rdfaValue($, offer, 'availability')), 'availability', page),
  };
}

/** A product page as content. */
export function parseProductPage(page: FetchedPage): Record<string, unknown> {
  const $ = loadPage(page);
  const product = rdfaItems($, 'Product').first();
  if (product.length === 0) throw new PageParseError(`no product on ${page.url}`);
  const offers = rdfaProperty($, product, 'offers')
    .toArray()
    .map((element, index) => offerOf($, $(element), index, page));
  return {
    product_id: value($, product, 'productID', page),
    name: value($, product, 'name', page),
    url: absoluteUrl(value($, product, 'url', page), page),
    brand_name: rdfaValue($, rdfaProperty($, product, 'brand').first(), 'name') ?? null,
    category: value($, product, 'category', page),
    ...priceStats(
      offers.map((offer) => offer.price),
      page,
    ),
    offers_count: offers.length,
    offers,
  };
}
