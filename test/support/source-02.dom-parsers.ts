/**
 * The DOM parsers of source_02's search and product pages as they were before the streaming scan
 * (issue 23 point 2): `cheerio.load` and CSS selectors. Kept only for the parity test, which runs
 * them and the scan parsers over every sandbox and fixture page and asserts the same answers, and
 * for bench/parse-pages.ts, which times both.
 */
import type { CheerioAPI } from 'cheerio/slim';
import { resolveCurrency } from '../../src/crawl/extract/page-currency.ts';
import { PageParseError } from '../../src/crawl/vocabulary/crawl.errors.ts';
import type { FetchedPage } from '../../src/crawl/vocabulary/crawl.types.ts';
import { absoluteUrl, loadPage, required, type Selection } from '../../src/crawl/parse/page.ts';
import { cleanText, parseAmount } from '../../src/crawl/parse/values.ts';
import type { SellerType } from '../../src/crawl/sources/source-02/source-02.markup.ts';
import type { ProductPage, SearchPage } from '../../src/crawl/sources/source-02/source-02.parse.ts';

/** The first non-empty text among selectors, tried in order (empty when none has text). */
function firstText($: CheerioAPI, selectors: readonly string[]): string {
  for (const selector of selectors) {
    for (const element of $(selector).toArray()) {
      const text = cleanText($(element).text());
      if (text !== '') return text;
    }
  }
  return '';
}

/**
 * The ISO code of the page's prices: the storefront's `currencyOfPreference` or the buy form's
 * `customerVisiblePrice` code where the page has them (current pages), else the price's symbol read
 * with the page's language and host (`£` → GBP, `$` on amazon.com → USD).
 */
function amazonCurrency($: CheerioAPI, page: FetchedPage, priceText: string): string {
  const declared =
    $('input#currencyOfPreference').attr('value') ??
    $('input[name="items[0.base][customerVisiblePrice][currencyCode]"]').attr('value');
  if (declared) return declared;
  const lang = $('html').attr('lang') ?? null;
  const canonical = $('link[rel="canonical"]').attr('href');
  const host = (() => {
    try {
      return new URL(canonical ?? page.url).hostname;
    } catch {
      return null;
    }
  })();
  const code = resolveCurrency(priceText === '' ? null : priceText, { declared: [], locale: lang, host });
  if (code === null) throw new PageParseError(`currency missing on ${page.url}`);
  return code;
}

/** A result card is an ad when the page marks it so, in any of the markings Amazon has used. */
function isSponsored(card: Selection): boolean {
  return (
    card.is('.AdHolder') ||
    card.attr('data-component-type') === 'sp-sponsored-result' ||
    card.find('.puis-sponsored-label-text, .s-sponsored-label-text').length > 0
  );
}

/**
 * Reads a search page. Cards are `[data-component-type="s-search-result"]` with the item code in
 * `data-asin`; the title is the card's title `h2` (in current markup the `a-text-normal` class sits
 * on the `h2` itself, in 2022 on a link and a span inside it, so the `h2`'s text is read once).
 */
export function parseSearchPageDom(page: FetchedPage): SearchPage {
  const $ = loadPage(page);
  if ($('.s-result-list, .s-main-slot').length === 0)
    throw new PageParseError(`no result list on ${page.url}`);
  const all = $('div[data-component-type="s-search-result"], div[data-component-type="sp-sponsored-result"]')
    .toArray()
    .filter((element) => ($(element).attr('data-asin') ?? '') !== '')
    .map((element) => {
      const card = $(element);
      const title = card.find('[data-cy="title-recipe"] h2').first();
      const priceText = cleanText(
        card.find('.a-price:not(.a-text-price) .a-offscreen').first().text() ||
          card.find('.a-price .a-offscreen').first().text(),
      );
      return {
        sponsored: isSponsored(card),
        priceText,
        card: {
          product_id: required(card.attr('data-asin'), 'result item code', page),
          name: cleanText((title.length > 0 ? title : card.find('h2').first()).text()),
          price: parseAmount(priceText),
        },
      };
    });
  const next = $('a.s-pagination-next').attr('href') ?? $('.a-pagination .a-last a').attr('href');
  const shownPrice = all.find((entry) => entry.priceText !== '')?.priceText ?? '';
  return {
    cards: all.filter((entry) => !entry.sponsored).map((entry) => entry.card),
    sponsored: all.filter((entry) => entry.sponsored).map((entry) => entry.card),
    firstOnPage: all[0]?.card,
    currency: shownPrice === '' ? null : amazonCurrency($, page, shownPrice),
    nextUrl: next ? absoluteUrl(next, page) : undefined,
  };
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
export function parseProductPageDom(page: FetchedPage): ProductPage {
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
