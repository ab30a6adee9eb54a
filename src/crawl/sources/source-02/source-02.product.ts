/**
 * The product page of source_02 (Amazon's detail page, G34). Read the way the real pages hold
 * their facts (checked against the fixture pages of `../shared/fixtures/marketplace-pages/`):
 * the item code in `input#ASIN` (there is no `data-asin` on `#dp`), the buy-box price in the
 * hidden `input#priceValue` of current pages or the price blocks of older ones, the seller in the
 * first "sold by" message (the feature repeats it up to six times) or `#merchant-info`.
 */
import type { CheerioAPI } from 'cheerio/slim';
import { PageParseError } from '../../vocabulary/crawl.errors.ts';
import type { FetchedPage } from '../../vocabulary/crawl.types.ts';
import { absoluteUrl, loadPage, type Selection } from '../../parse/page.ts';
import { cleanText, parseAmount } from '../../parse/values.ts';
import { amazonCurrency, firstText, type SellerType } from './source-02.markup.ts';

export interface ProductPage {
  product_id: string;
  name: string;
  url: string;
  brand_name: string | null;
  category: string | null;
  currency: string;
  buybox: {
    price: number;
    seller_name: string;
    seller_id: string;
    /** `new`, or `used` where only a used offer holds the buy box. */
    condition: string;
  } | null;
  seller_type: SellerType | null;
  is_premium: boolean;
  premium_price: number | null;
}

/** Price blocks in the order the page generations put the buy-box price in them. */
const PRICE_BLOCKS = [
  '#corePrice_feature_div .a-price:not(.a-text-price) .a-offscreen',
  '#corePriceDisplay_desktop_feature_div .priceToPay .a-offscreen',
  '#priceblock_dealprice',
  '#priceblock_ourprice',
  '#price_inside_buybox',
  '#newBuyBoxPrice',
];

/** The price text people see in the buy box, and the amount (hidden inputs first). */
function buyBoxPrice($: CheerioAPI): { text: string; amount: number | null } {
  const text = firstText($, PRICE_BLOCKS);
  const hidden = $('#buybox input#priceValue, input#priceValue').first().attr('value');
  const amount = hidden !== undefined && hidden.trim() !== '' ? Number(hidden) : parseAmount(text);
  if (amount !== null && Number.isFinite(amount) && amount > 0) return { text, amount };
  const used = parseAmount(
    cleanText($('#usedBuySection .a-color-price, #usedBuySection .offer-price').first().text()),
  );
  return { text, amount: used };
}

/** Sold-by text of the 2021 pages: `Ships from and sold by Amazon.`, `Expédié et vendu par Amazon.` */
const SOLD_BY = /(?:sold by|vendu par|verkauft von|venduto da|vendido por|verkocht door)\s+(.+?)\.?$/iu;

/**
 * The buy box's seller and its profile link (none when the operator sells): the first "sold by"
 * message of current pages, the `#merchant-info` line of older ones, else the tabular buy box's
 * profile link. A profile link elsewhere on the page (Amazon Warehouse's used offer) is not the
 * buy box's.
 */
function sellerOf($: CheerioAPI): { name: string; profile: Selection } {
  const feature = $('#merchantInfoFeature_feature_div').first();
  const message = cleanText(feature.find('.offer-display-feature-text-message').first().text());
  if (message !== '') return { name: message, profile: feature.find(PROFILE_LINK).first() };
  const info = $('#merchant-info').first();
  const infoText = cleanText(info.text());
  if (infoText !== '') {
    const profile = info.find(PROFILE_LINK).first();
    const name = profile.length > 0 ? cleanText(profile.text()) : (SOLD_BY.exec(infoText)?.[1] ?? infoText);
    return { name, profile };
  }
  const profile = $('#sellerProfileTriggerId').first();
  return { name: cleanText(profile.text()), profile };
}

const PROFILE_LINK = 'a#sellerProfileTriggerId, a[href*="seller="]';

/** The seller's id: the buy box's `merchantID`, else the `seller=` of its profile link. */
function sellerIdOf($: CheerioAPI, profile: Selection, page: FetchedPage): string {
  const hidden =
    $('#buybox input#merchantID').first().attr('value') ?? $('input#merchantID').first().attr('value');
  if (hidden) return hidden;
  const href = profile.attr('href');
  const fromLink = href === undefined ? null : new URL(href, page.url).searchParams.get('seller');
  return fromLink ?? '';
}

/**
 * Who sells and ships: the operator sells without a seller-profile link; a third party that ships
 * itself names itself as "ships from", otherwise the operator fulfils.
 */
function sellerTypeOf(profile: Selection, shipsFrom: string, sellerName: string): SellerType {
  if (profile.length === 0) return 'marketplace_operator';
  if (shipsFrom === '')
    return /isAmazonFulfilled=1/u.test(profile.attr('href') ?? '')
      ? 'fulfilled_by_operator'
      : 'fulfilled_by_seller';
  return shipsFrom === sellerName ? 'fulfilled_by_seller' : 'fulfilled_by_operator';
}

/** The item code: `input#ASIN` (the first: other widgets carry other codes in `name="ASIN"`). */
function itemCodeOf($: CheerioAPI, page: FetchedPage): string {
  const code = $('input#ASIN').first().attr('value') ?? $('#dp').attr('data-asin');
  if (!code) throw new PageParseError(`item code missing on ${page.url}`);
  return code;
}

/** Reads a product page and its buy box (null when no offer can be bought). */
export function parseProductPage(page: FetchedPage): ProductPage {
  const $ = loadPage(page);
  if ($('#dp').length === 0 || $('#buybox').length === 0)
    throw new PageParseError(`no product on ${page.url}`);
  const name = cleanText($('span#productTitle').first().text());
  if (name === '') throw new PageParseError(`product title missing on ${page.url}`);
  const canonical = $('link[rel="canonical"]').attr('href');
  const price = buyBoxPrice($);
  const memberPrice = parseAmount($('#memberPrice_feature_div .a-offscreen').first().text());
  let buybox: ProductPage['buybox'] = null;
  let sellerType: SellerType | null = null;
  if (price.amount !== null) {
    const seller = sellerOf($);
    const usedOnly = $('#usedOnlyBuybox').length > 0 && price.text === '';
    buybox = {
      price: price.amount,
      seller_name: seller.name,
      seller_id: sellerIdOf($, seller.profile, page),
      condition: usedOnly ? 'used' : 'new',
    };
    const shipsFrom = cleanText(
      $('#fulfillerInfoFeature_feature_div .offer-display-feature-text-message').first().text(),
    );
    sellerType = sellerTypeOf(seller.profile, shipsFrom, seller.name);
  }
  return {
    product_id: itemCodeOf($, page),
    name,
    url: canonical ? absoluteUrl(canonical, page) : page.url,
    brand_name: brandOf($),
    category: cleanText($('#wayfinding-breadcrumbs_feature_div li a').first().text()) || null,
    currency: amazonCurrency($, page, price.text),
    buybox,
    seller_type: sellerType,
    is_premium: buybox !== null && memberPrice !== null,
    premium_price: buybox === null ? null : memberPrice,
  };
}

/** Byline texts around a brand: `Visit the Tefal Store`, `Besuche den Odys-Store`, `Marke: Oceana`. */
const BYLINE =
  /^(?:visit the|besuche den|visiter la boutique|visita lo store di|visita la tienda de)\s+(.+?)(?:-store|\s+store)?$|^(?:brand|marke|marque|marca|merk):\s*(.+)$/iu;

function brandOf($: CheerioAPI): string | null {
  const table = cleanText($('tr.po-brand .po-break-word').first().text());
  if (table !== '') return table;
  const byline = cleanText($('#bylineInfo').first().text());
  const match = BYLINE.exec(byline);
  return match?.[1] ?? match?.[2] ?? null;
}
