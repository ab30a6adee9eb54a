/**
 * The product page of source_02 (Amazon's detail page, G34). Read the way the real pages hold
 * their facts (checked against the fixture pages of `../shared/fixtures/marketplace-pages/`):
 * the item code in `input#ASIN` (there is no `data-asin` on `#dp`), the buy-box price in the
 * hidden `input#priceValue` of current pages or the price blocks of older ones, the seller in the
 * first "sold by" message (the feature repeats it up to six times) or `#merchant-info`.
 *
 * The page is read in one streaming pass (`parse/scan.ts`) that keeps the elements the selectors
 * below name, no DOM: real pages weigh 1.2 to 3 MB. Each selector is a path of tests
 * (`parse/scan-select.ts`) that answers as the cheerio selector written beside it did.
 */
import { PageParseError } from '../../vocabulary/crawl.errors.ts';
import type { FetchedPage } from '../../vocabulary/crawl.types.ts';
import { absoluteUrl, assertCompletePage } from '../../parse/page.ts';
import { skippablePieces } from '../../parse/page-text.ts';
import { scanElements, type ScannedElement } from '../../parse/scan.ts';
import {
  attributeOf,
  findFirst,
  selectAll,
  selectFirst,
  textOf,
  withClassName,
  withId,
  withTag,
  type ElementTest,
} from '../../parse/scan-select.ts';
import { cleanText, parseAmount } from '../../parse/values.ts';
import { amazonCurrency, scannedCurrencyMarkup, type SellerType } from './source-02.markup.ts';
import { keepProductElement } from './source-02.product-keep.ts';

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

const MESSAGE = withClassName('offer-display-feature-text-message');
const A_OFFSCREEN = withClassName('a-offscreen');

/** Price blocks in the order the page generations put the buy-box price in them. */
const PRICE_BLOCKS: readonly (readonly ElementTest[])[] = [
  // #corePrice_feature_div .a-price:not(.a-text-price) .a-offscreen
  [withId('corePrice_feature_div'), withClassName('a-price', undefined, 'a-text-price'), A_OFFSCREEN],
  // #corePriceDisplay_desktop_feature_div .priceToPay .a-offscreen
  [withId('corePriceDisplay_desktop_feature_div'), withClassName('priceToPay'), A_OFFSCREEN],
  [withId('priceblock_dealprice')],
  [withId('priceblock_ourprice')],
  [withId('price_inside_buybox')],
  [withId('newBuyBoxPrice')],
];

/** The first non-empty text among the elements of `paths`, tried in order (empty when none has text). */
function firstText(kept: readonly ScannedElement[], paths: readonly (readonly ElementTest[])[]): string {
  for (const path of paths) {
    for (const element of selectAll(kept, path)) {
      const text = cleanText(element.text);
      if (text !== '') return text;
    }
  }
  return '';
}

const PRICE_VALUE = [withId('priceValue', 'input')];
const USED_PRICE = (element: ScannedElement): boolean =>
  element.classes.includes('a-color-price') || element.classes.includes('offer-price');

/** The price text people see in the buy box, and the amount (hidden inputs first). */
function buyBoxPrice(kept: readonly ScannedElement[]): { text: string; amount: number | null } {
  const text = firstText(kept, PRICE_BLOCKS);
  // `#buybox input#priceValue, input#priceValue`: the first of the second is the first of both.
  const hidden = attributeOf(selectFirst(kept, PRICE_VALUE), 'value');
  const amount = hidden !== undefined && hidden.trim() !== '' ? Number(hidden) : parseAmount(text);
  if (amount !== null && Number.isFinite(amount) && amount > 0) return { text, amount };
  // #usedBuySection .a-color-price, #usedBuySection .offer-price
  const used = parseAmount(cleanText(textOf(selectFirst(kept, [withId('usedBuySection'), USED_PRICE]))));
  return { text, amount: used };
}

/** Sold-by text of the 2021 pages: `Ships from and sold by Amazon.`, `Expédié et vendu par Amazon.` */
const SOLD_BY = /(?:sold by|vendu par|verkauft von|venduto da|vendido por|verkocht door)\s+(.+?)\.?$/iu;

/** `a#sellerProfileTriggerId, a[href*="seller="]` */
const PROFILE_LINK: ElementTest = (element) =>
  element.name === 'a' &&
  (element.attribs.id === 'sellerProfileTriggerId' || element.attribs.href?.includes('seller=') === true);

/**
 * The buy box's seller and its profile link (none when the operator sells): the first "sold by"
 * message of current pages, the `#merchant-info` line of older ones, else the tabular buy box's
 * profile link. A profile link elsewhere on the page (Amazon Warehouse's used offer) is not the
 * buy box's.
 */
function sellerOf(kept: readonly ScannedElement[]): { name: string; profile: ScannedElement | undefined } {
  const feature = kept.find(withId('merchantInfoFeature_feature_div'));
  const message = feature === undefined ? '' : cleanText(textOf(findFirst(feature, [MESSAGE])));
  if (message !== '') return { name: message, profile: feature && findFirst(feature, [PROFILE_LINK]) };
  const info = kept.find(withId('merchant-info'));
  const infoText = cleanText(textOf(info));
  if (info !== undefined && infoText !== '') {
    const profile = findFirst(info, [PROFILE_LINK]);
    const name = profile !== undefined ? cleanText(profile.text) : (SOLD_BY.exec(infoText)?.[1] ?? infoText);
    return { name, profile };
  }
  const profile = kept.find(withId('sellerProfileTriggerId'));
  return { name: cleanText(textOf(profile)), profile };
}

/** The seller's id: the buy box's `merchantID`, else the `seller=` of its profile link. */
function sellerIdOf(
  kept: readonly ScannedElement[],
  profile: ScannedElement | undefined,
  page: FetchedPage,
): string {
  const hidden =
    attributeOf(selectFirst(kept, [withId('buybox'), withId('merchantID', 'input')]), 'value') ??
    attributeOf(selectFirst(kept, [withId('merchantID', 'input')]), 'value');
  if (hidden) return hidden;
  const href = attributeOf(profile, 'href');
  const fromLink = href === undefined ? null : new URL(href, page.url).searchParams.get('seller');
  return fromLink ?? '';
}

/**
 * Who sells and ships: the operator sells without a seller-profile link; a third party that ships
 * itself names itself as "ships from", otherwise the operator fulfils.
 */
function sellerTypeOf(
  profile: ScannedElement | undefined,
  shipsFrom: string,
  sellerName: string,
): SellerType {
  if (profile === undefined) return 'marketplace_operator';
  if (shipsFrom === '')
    return /isAmazonFulfilled=1/u.test(attributeOf(profile, 'href') ?? '')
      ? 'fulfilled_by_operator'
      : 'fulfilled_by_seller';
  return shipsFrom === sellerName ? 'fulfilled_by_seller' : 'fulfilled_by_operator';
}

/** The item code: `input#ASIN` (the first: other widgets carry other codes in `name="ASIN"`). */
function itemCodeOf(kept: readonly ScannedElement[], page: FetchedPage): string {
  const code =
    attributeOf(kept.find(withId('ASIN', 'input')), 'value') ??
    attributeOf(kept.find(withId('dp')), 'data-asin');
  if (!code) throw new PageParseError(`item code missing on ${page.url}`);
  return code;
}

/** The buy box as the page shows it, or null when nothing can be bought. */
function buyBoxOf(
  kept: readonly ScannedElement[],
  price: { text: string; amount: number | null },
  page: FetchedPage,
): { buybox: ProductPage['buybox']; sellerType: SellerType | null } {
  if (price.amount === null) return { buybox: null, sellerType: null };
  const seller = sellerOf(kept);
  const usedOnly = kept.some(withId('usedOnlyBuybox')) && price.text === '';
  const buybox = {
    price: price.amount,
    seller_name: seller.name,
    seller_id: sellerIdOf(kept, seller.profile, page),
    condition: usedOnly ? 'used' : 'new',
  };
  const shipsFrom = cleanText(
    textOf(selectFirst(kept, [withId('fulfillerInfoFeature_feature_div'), MESSAGE])),
  );
  return { buybox, sellerType: sellerTypeOf(seller.profile, shipsFrom, seller.name) };
}

/** Reads a product page and its buy box (null when no offer can be bought). */
export function parseProductPage(page: FetchedPage): ProductPage {
  assertCompletePage(page);
  const kept = scanElements(skippablePieces(page), keepProductElement);
  if (!kept.some(withId('dp')) || !kept.some(withId('buybox')))
    throw new PageParseError(`no product on ${page.url}`);
  const name = cleanText(textOf(kept.find(withId('productTitle', 'span'))));
  if (name === '') throw new PageParseError(`product title missing on ${page.url}`);
  const markup = scannedCurrencyMarkup(kept);
  const price = buyBoxPrice(kept);
  const memberPrice = parseAmount(
    textOf(selectFirst(kept, [withId('memberPrice_feature_div'), A_OFFSCREEN])),
  );
  const { buybox, sellerType } = buyBoxOf(kept, price, page);
  const category = selectFirst(kept, [
    withId('wayfinding-breadcrumbs_feature_div'),
    withTag('li'),
    withTag('a'),
  ]);
  return {
    product_id: itemCodeOf(kept, page),
    name,
    url: markup.canonical ? absoluteUrl(markup.canonical, page) : page.url,
    brand_name: brandOf(kept),
    category: cleanText(textOf(category)) || null,
    currency: amazonCurrency(markup, page, price.text),
    buybox,
    seller_type: sellerType,
    is_premium: buybox !== null && memberPrice !== null,
    premium_price: buybox === null ? null : memberPrice,
  };
}

/** Byline texts around a brand: `Visit the Tefal Store`, `Besuche den Odys-Store`, `Marke: Oceana`. */
const BYLINE =
  /^(?:visit the|besuche den|visiter la boutique|visita lo store di|visita la tienda de)\s+(.+?)(?:-store|\s+store)?$|^(?:brand|marke|marque|marca|merk):\s*(.+)$/iu;

function brandOf(kept: readonly ScannedElement[]): string | null {
  const table = cleanText(
    textOf(selectFirst(kept, [withClassName('po-brand', 'tr'), withClassName('po-break-word')])),
  );
  if (table !== '') return table;
  const byline = cleanText(textOf(kept.find(withId('bylineInfo'))));
  const match = BYLINE.exec(byline);
  return match?.[1] ?? match?.[2] ?? null;
}
