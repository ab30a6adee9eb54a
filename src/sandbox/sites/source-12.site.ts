/**
 * source_12 "ネダン比較" (Nedan): a Japanese price-comparison site (jp), modelled on kakaku.com
 * (decisions G34; sources in docs/drivers.md). Pages are Shift_JIS, as kakaku's are, and so is the
 * search term in the path `/search_results/<term>/`; result items `p-result_item` (a PR item among
 * them links out through `/redirect/`, not to a product), product pages `/item/K<10 digits>/` with
 * the `p-priceTable` of every shop's offer, each shop linked as `/shop/<id>/`. Yen without decimals
 * written `￥12,980`; free shipping `送料無料`; stock `在庫あり` / `お取り寄せ` / `在庫なし`.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Catalogue, CatalogueProfile, Offer, Product } from '../catalogue/catalogue.types.ts';
import { randomNumericId } from '../catalogue/identifiers.ts';
import { fillLabel } from '../catalogue/labels.ts';
import { formatMoney } from '../catalogue/locale.ts';
import { escapeHtml, htmlDocument } from '../html.ts';
import type { SandboxSite, SiteContext, SiteTruth, TruthInput } from '../sandbox.types.ts';
import { listedOffersShopTruth, lowestPriceMinor, sellerOf } from './shop-kit.ts';
import { catalogueOf, sendNotFound, siteBaseUrl } from './site-kit.ts';
import { searchCatalogue } from '../catalogue/catalogue.ts';
import {
  decodeShiftJisPercent,
  encodeShiftJis,
  encodeShiftJisPercent,
} from '../../platform/lib/shift-jis.ts';
import { weighedPage } from './weigh-kit.ts';
import { productPageIn } from './drift-kit.ts';

const SEARCH_PAGE_SIZE = 40;

const profile: CatalogueProfile = {
  source: 'source_12',
  productCount: 300,
  makeProductId: (rng) => `K${randomNumericId(10, rng).replace(/^./, '0')}`,
  makeOfferId: (rng) => randomNumericId(12, rng),
  makeSellerId: (rng) => randomNumericId(4, rng),
  offersPerProduct: { min: 2, max: 20 },
  shopCount: 40,
  marketplaceSellerCount: 20,
  marketplaces: ['楽天市場', 'Yahoo!ショッピング'],
  marketplaceShare: 0.35,
  memberPriceShare: 0,
  pznStorefronts: [],
};

/** Stock labels of the site (its own wording, not the catalogue's). */
const STOCK_TEXT = { green: '在庫あり', orange: 'お取り寄せ', red: '在庫なし' } as const;

const productPath = (product: Product): string => `/item/${product.id}/`;
const searchPath = (term: string): string => `/search_results/${encodeShiftJisPercent(term)}/`;
const CONTENT_TYPE = 'text/html; charset=Shift_JIS';
const FOOTING = { realBytes: 500_000, trailer: '<!-- kakaku: rendered -->\n' };

function layout(title: string, body: string, head = ''): string {
  return htmlDocument({
    lang: 'ja',
    title: `${title} 価格比較 - ネダン比較`,
    head,
    body: `<div id="header">ネダン比較</div>\n<div id="main">\n${body}\n</div>`,
  }).replace(
    '<meta charset="utf-8">',
    '<meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS">',
  );
}

function resultItemHtml(catalogue: Catalogue, prefix: string, product: Product, ad: boolean): string {
  // A PR item leads out through the site's redirect, never to the product page.
  const href = ad ? `${prefix}/redirect/?pr=${product.id}` : `${prefix}${productPath(product)}`;
  return [
    `<div class="c-list1_cell p-result_item${ad ? ' p-result_item-pr' : ''}"><div class="p-result_item_row">`,
    `<div class="p-result_item_cell-1"><div class="c-positioning s-biggerlink p-item">`,
    ad ? '<span class="p-result_prLabel">PR</span>' : '',
    `<p class="p-item_visual"><a class="p-item_visual_entity" href="${escapeHtml(href)}"><img src="/images/${product.id}.jpg" alt="${escapeHtml(product.name)}"></a></p>`,
    `<div class="p-item_detail"><p class="p-item_maker">${escapeHtml(product.brand)}</p>`,
    `<p class="p-item_name s-biggerlinkHover_underline"><a href="${escapeHtml(href)}">${escapeHtml(product.name)}</a></p></div></div></div>`,
    `<div class="p-result_item_cell-2"><p class="p-item_price">最安価格(税込): <span class="p-item_price_num">${escapeHtml(formatMoney(lowestPriceMinor(product), catalogue.locale))}</span>～</p>`,
    `<p class="p-item_shopCount">${product.offers.length}店舗</p></div>`,
    `<p class="p-result_item_btn"><a href="${escapeHtml(href)}">詳細を見る</a></p>`,
    '</div></div>',
  ]
    .filter((line) => line !== '')
    .join('\n');
}

function searchPageHtml(
  catalogue: Catalogue,
  prefix: string,
  term: string,
  results: readonly Product[],
  ad: Product | undefined,
): string {
  const items = results.map((product) => resultItemHtml(catalogue, prefix, product, false));
  if (ad) items.unshift(resultItemHtml(catalogue, prefix, ad, true));
  const body =
    results.length === 0
      ? `<p class="p-result_none">${escapeHtml(fillLabel(catalogue.labels.noResults, { term }))}</p>`
      : items.join('\n');
  return layout(
    term,
    `<div class="p-result_list_wrap"><div class="p-result_list" data-hits="${results.length}">\n${body}\n</div></div>`,
  );
}

function priceRowHtml(catalogue: Catalogue, prefix: string, offer: Offer, rank: number): string {
  const { locale } = catalogue;
  const seller = sellerOf(offer, catalogue);
  const shipping =
    offer.shippingMinor === 0 ? '送料無料' : `送料 ${formatMoney(offer.shippingMinor, locale)}`;
  const mall = seller.marketplaceName
    ? `<span class="p-PTShopData_mall">${escapeHtml(seller.marketplaceName)}</span>`
    : '';
  return [
    `<tr class="p-priceTable_row">`,
    `<td class="p-priceTable_col -rank">${rank}位</td>`,
    `<td class="p-priceTable_col p-priceTable_col-priceBG"><div><p class="p-PTPrice_price">${escapeHtml(formatMoney(offer.priceMinor, locale))}</p></div></td>`,
    `<td class="p-priceTable_col -shipping"><p class="p-PTShipping">${escapeHtml(shipping)}</p></td>`,
    `<td class="p-priceTable_col -stock"><span class="p-PTStock">${STOCK_TEXT[offer.availability]}</span></td>`,
    `<td class="p-priceTable_col -shop"><div class="p-PTShop"><p class="p-PTShopData_name"><a class="p-PTShopData_name_link" href="${escapeHtml(`${prefix}/shop/${seller.id}/`)}">${escapeHtml(seller.name)}</a></p>${mall}`,
    `<p class="p-PTComment">${escapeHtml(offer.title)}</p>`,
    `<div class="p-PTShop_btn"><a href="${escapeHtml(`${prefix}/forwarder/forward.aspx?ShopCD=${seller.id}&PrdKey=${offer.id}`)}">売り場へ行く</a></div></div></td>`,
    '</tr>',
  ].join('\n');
}

function productPageHtml(catalogue: Catalogue, baseUrl: string, product: Product): string {
  const prefix = new URL(baseUrl).pathname;
  const rows = product.offers.map((offer, index) => priceRowHtml(catalogue, prefix, offer, index + 1));
  return layout(
    product.name,
    [
      `<div id="titleBox"><div class="boxL"><h2 itemprop="name">${escapeHtml(product.name)}</h2></div></div>`,
      `<dl class="p-spec"><dt>メーカー</dt><dd class="p-spec_maker">${escapeHtml(product.brand)}</dd><dt>カテゴリ</dt><dd class="p-spec_category">${escapeHtml(product.category.noun[catalogue.locale.language])}</dd></dl>`,
      `<p class="p-main_lowest">最安価格(税込): ${escapeHtml(formatMoney(lowestPriceMinor(product), catalogue.locale))}</p>`,
      `<div id="mainLeft"><table class="p-priceTable">\n<tr><th>順位</th><th>価格</th><th>送料</th><th>在庫</th><th>ショップ</th></tr>\n${rows.join('\n')}\n</table></div>`,
    ].join('\n'),
    `<link rel="canonical" href="${escapeHtml(baseUrl + productPath(product))}">`,
  );
}

/** The search term of a `/search_results/<term>/` path, read as kakaku sends it: Shift_JIS. */
function termOfPath(url: string): string | undefined {
  const segment = /\/search_results\/([^/?#]*)\/?/.exec(url)?.[1];
  return segment === undefined ? undefined : decodeShiftJisPercent(segment);
}

function register(app: FastifyInstance, context: SiteContext): void {
  // Pages are written as strings (faults cut and reshape them as such), then sent as Shift_JIS.
  app.addHook('onSend', async (_request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    return typeof payload === 'string' && /shift_jis/i.test(type) ? encodeShiftJis(payload) : payload;
  });
  const send = (reply: FastifyReply, html: string | undefined, seed: string): FastifyReply =>
    html === undefined
      ? sendNotFound(reply)
      : reply
          .code(200)
          .type(CONTENT_TYPE)
          .send(weighedPage(context, html, FOOTING, seed));
  app.get('/:storefront/search_results/:term/', async (request, reply) => {
    const catalogue = catalogueOf(request, context);
    const term = termOfPath(request.originalUrl);
    if (!catalogue || term === undefined) return sendNotFound(reply);
    const all = searchCatalogue(catalogue, term);
    const results = all.slice(0, SEARCH_PAGE_SIZE);
    const ad = all.length > 1 ? all[all.length - 1] : undefined;
    const prefix = new URL(siteBaseUrl(request, catalogue)).pathname;
    return send(reply, searchPageHtml(catalogue, prefix, term, results, ad), `source_12/${term}`);
  });
  app.get('/:storefront/item/:id/', async (request, reply) => {
    const catalogue = catalogueOf(request, context);
    const product = catalogue?.productById.get((request.params as { id: string }).id);
    if (!catalogue || !product) return send(reply, undefined, '');
    const options = {
      siteName: 'ネダン比較',
      canonicalUrl: siteBaseUrl(request, catalogue) + productPath(product),
      showGtin: false,
    };
    const html = productPageIn(context, catalogue, product, options, () =>
      productPageHtml(catalogue, siteBaseUrl(request, catalogue), product),
    );
    return send(reply, html, `source_12/${product.id}`);
  });
}

function truth({ catalogue, baseUrl }: TruthInput): SiteTruth {
  return listedOffersShopTruth({
    catalogue,
    baseUrl,
    productPath,
    searchPath,
    searchPageSize: SEARCH_PAGE_SIZE,
    details: (product) => ({ category: product.category.noun[catalogue.locale.language] }),
    offerFields: (offer) => {
      const seller = sellerOf(offer, catalogue);
      return { title: offer.title, seller_id: seller.id, marketplace_name: seller.marketplaceName };
    },
  });
}

export const source12Site: SandboxSite = {
  source: 'source_12',
  storefronts: ['jp'],
  profile,
  register,
  truth,
};
