/**
 * What the streaming scan of a source_02 product page keeps (`source-02.product.ts` reads it): a
 * superset of the elements its selectors can match or look through, and nothing else, so that a
 * 1.5 MB page leaves a few dozen elements.
 */
import { classPattern, type KeepElement, type ScannedElement } from '../../parse/scan.ts';
import { keepCurrencyMarkup } from './source-02.markup.ts';

/** Ids of the elements the parser reads, or inside which it reads. */
const KEPT_IDS = new Set([
  'dp',
  'buybox',
  'productTitle',
  'corePrice_feature_div',
  'corePriceDisplay_desktop_feature_div',
  'priceblock_dealprice',
  'priceblock_ourprice',
  'price_inside_buybox',
  'newBuyBoxPrice',
  'priceValue',
  'usedBuySection',
  'memberPrice_feature_div',
  'merchantInfoFeature_feature_div',
  'merchant-info',
  'sellerProfileTriggerId',
  'merchantID',
  'usedOnlyBuybox',
  'fulfillerInfoFeature_feature_div',
  'ASIN',
  'bylineInfo',
  'wayfinding-breadcrumbs_feature_div',
]);

/** Containers whose insides the selectors read, and the classes they read there. */
const CONTAINERS = new Set([
  'corePrice_feature_div',
  'corePriceDisplay_desktop_feature_div',
  'usedBuySection',
  'memberPrice_feature_div',
  'merchantInfoFeature_feature_div',
  'merchant-info',
  'fulfillerInfoFeature_feature_div',
  'wayfinding-breadcrumbs_feature_div',
]);
const INNER_CLASSES = classPattern([
  'a-price',
  'priceToPay',
  'a-offscreen',
  'a-color-price',
  'offer-price',
  'offer-display-feature-text-message',
  'po-break-word',
]);

const PO_BRAND = classPattern(['po-brand']);

/** True when `parent` or a kept element around it is a container the selectors read inside. */
function inContainer(parent: ScannedElement | undefined): boolean {
  for (let current = parent; current !== undefined; current = current.parent) {
    const id = current.attribs.id;
    if (
      (id !== undefined && CONTAINERS.has(id)) ||
      (current.name === 'tr' && current.classes.includes('po-brand'))
    )
      return true;
  }
  return false;
}

const hasInnerClass = (value: string | undefined): boolean =>
  value !== undefined && INNER_CLASSES.test(value);

/**
 * Keeps a superset of what the selectors can match: the elements by id, `tr.po-brand`, and inside
 * the containers the links, list items and classes the selectors name there.
 */
export const keepProductElement: KeepElement = (name, attribs, parent) => {
  const id = attribs.id;
  if (id !== undefined && KEPT_IDS.has(id)) return true;
  if (keepCurrencyMarkup(name, attribs, parent)) return true;
  if (name === 'tr' && attribs.class !== undefined && PO_BRAND.test(attribs.class)) return true;
  // Most elements of a page are outside every container: that walk is cheaper than splitting classes.
  if ((name !== 'a' && name !== 'li' && attribs.class === undefined) || !inContainer(parent)) return false;
  return name === 'a' || name === 'li' || hasInnerClass(attribs.class);
};
