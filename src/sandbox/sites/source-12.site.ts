/**
 * source_12 "ネダン比較" (Nedan): a Japanese price-comparison site (jp). Classic server-rendered
 * tables with the site's own classes and Japanese labels; yen without decimals written `￥12,980`;
 * free shipping as `送料無料`; stock as `在庫あり` / `お取り寄せ` / `在庫なし`. A product page lists
 * every shop's offer, shops on a mall named beside them.
 */
import type { FastifyInstance } from 'fastify';
import type { Catalogue, CatalogueProfile, Offer, Product } from '../catalogue/catalogue.types.ts';
import { randomNumericId } from '../catalogue/identifiers.ts';
import { fillLabel } from '../catalogue/labels.ts';
import { formatMoney } from '../catalogue/locale.ts';
import { escapeHtml, htmlDocument } from '../html.ts';
import type { SandboxSite, SiteContext, SiteTruth, TruthInput } from '../sandbox.types.ts';
import { listedOffersShopTruth, lowestPriceMinor, sellerOf } from './shop-kit.ts';
import { htmlRoute, searchRoute, siteBaseUrl } from './site-kit.ts';
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
const searchPath = (term: string): string => `/search/?keyword=${encodeURIComponent(term)}`;

function layout(title: string, body: string, head = ''): string {
  return htmlDocument({
    lang: 'ja',
    title: `${title} 価格比較 - ネダン比較`,
    head,
    body: `<div id="header">ネダン比較</div>\n<div id="main">\n${body}\n</div>`,
  });
}

function searchPageHtml(
  catalogue: Catalogue,
  prefix: string,
  term: string,
  results: readonly Product[],
): string {
  const items = results.map((product) =>
    [
      `<div class="p-result_item" data-item-id="${product.id}">`,
      `<a class="p-item_name" href="${escapeHtml(prefix + productPath(product))}">${escapeHtml(product.name)}</a>`,
      `<p class="p-item_price">最安価格(税込): <span class="p-item_priceNum">${escapeHtml(formatMoney(lowestPriceMinor(product), catalogue.locale))}</span></p>`,
      `<span class="p-item_shopCount">${product.offers.length}店舗</span>`,
      '</div>',
    ].join('\n'),
  );
  const body =
    results.length === 0
      ? `<p class="p-result_none">${escapeHtml(fillLabel(catalogue.labels.noResults, { term }))}</p>`
      : items.join('\n');
  return layout(term, `<div class="p-result_list" data-hits="${results.length}">\n${body}\n</div>`);
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
    `<tr class="p-priceTable_row" data-shop-id="${seller.id}">`,
    `<td class="p-priceTable_col -rank">${rank}位</td>`,
    `<td class="p-priceTable_col -price"><p class="p-PTPrice_price">${escapeHtml(formatMoney(offer.priceMinor, locale))}</p></td>`,
    `<td class="p-priceTable_col -shipping"><p class="p-PTShipping">${escapeHtml(shipping)}</p></td>`,
    `<td class="p-priceTable_col -stock"><span class="p-PTStock">${STOCK_TEXT[offer.availability]}</span></td>`,
    `<td class="p-priceTable_col -shop"><a class="p-PTShopData_name_link" href="${escapeHtml(`${prefix}/shop/${seller.id}/`)}">${escapeHtml(seller.name)}</a>${mall}`,
    `<p class="p-PTComment">${escapeHtml(offer.title)}</p></td>`,
    '</tr>',
  ].join('\n');
}

function productPageHtml(catalogue: Catalogue, baseUrl: string, product: Product): string {
  const prefix = new URL(baseUrl).pathname;
  const rows = product.offers.map((offer, index) => priceRowHtml(catalogue, prefix, offer, index + 1));
  return layout(
    product.name,
    [
      `<div class="p-main_item" data-item-id="${product.id}">`,
      `<h2 class="p-main_title">${escapeHtml(product.name)}</h2>`,
      `<dl class="p-spec"><dt>メーカー</dt><dd class="p-spec_maker">${escapeHtml(product.brand)}</dd><dt>カテゴリ</dt><dd class="p-spec_category">${escapeHtml(product.category.noun[catalogue.locale.language])}</dd></dl>`,
      `<p class="p-main_lowest">最安価格(税込): ${escapeHtml(formatMoney(lowestPriceMinor(product), catalogue.locale))}</p>`,
      '</div>',
      `<table class="p-priceTable">\n<tr><th>順位</th><th>価格</th><th>送料</th><th>在庫</th><th>ショップ</th></tr>\n${rows.join('\n')}\n</table>`,
    ].join('\n'),
    `<link rel="canonical" href="${escapeHtml(baseUrl + productPath(product))}">`,
  );
}

function register(app: FastifyInstance, context: SiteContext): void {
  app.get(
    '/:storefront/search/',
    searchRoute(context, { param: 'keyword', pageSize: SEARCH_PAGE_SIZE, render: searchPageHtml }),
  );
  app.get(
    '/:storefront/item/:id/',
    htmlRoute(context, (request, catalogue) => {
      const product = catalogue.productById.get((request.params as { id: string }).id);
      return (
        product &&
        productPageIn(
          context,
          catalogue,
          product,
          {
            siteName: 'ネダン比較',
            canonicalUrl: siteBaseUrl(request, catalogue) + productPath(product),
            showGtin: false,
          },
          () => productPageHtml(catalogue, siteBaseUrl(request, catalogue), product),
        )
      );
    }),
  );
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
