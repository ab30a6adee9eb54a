/**
 * `web`: any shop by URL (decisions G35). Key `url` only (one product page per value; a
 * comma-separated `values` string is one URL), topic `search`, any country; the cache and history
 * key a value by its canonical URL. The crawl follows the rules of targets the user chose
 * (`openTargets`): address rules, robots.txt, per-host politeness. See docs/monitor.md.
 */
import { PLAIN_ROW } from '../kit/catalogue.kit.ts';
import type { ExpectedFields, SourceModule } from '../sources.module.ts';
import { WEB_COUNTRIES } from './web.countries.ts';
import { webDriver } from './web.driver.ts';
import { readWebPage } from './web.parse.ts';
import { canonicalUrl, validateUrl } from './web.url.ts';

/** A product page of any shop: a name and a price, one offer with price and currency. */
function expectedFields(): ExpectedFields {
  return {
    product: ['name', 'price', 'currency', 'product_id|gtin', 'offers'],
    offer: ['price', 'currency', 'seller_name'],
  };
}

export const web: SourceModule = {
  spec: {
    ...PLAIN_ROW,
    id: 'web',
    label: 'web (any shop by URL)',
    keys: { url: { validate: validateUrl, unsplit: true, lengthChecked: true, canonical: canonicalUrl } },
    countries: WEB_COUNTRIES,
    topics: ['search'],
    openTargets: true,
  },
  driver: webDriver,
  expectedFields,
  computeParsers: { page: readWebPage },
};
