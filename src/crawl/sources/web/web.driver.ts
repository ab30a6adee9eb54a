/**
 * The `web` source's driver (decisions G35): one value is the URL of one product page of any shop.
 * The page is fetched as a target the user chose (the engine applies address rules, robots.txt and
 * per-host politeness), read by the generic extractor on a compute thread, and reported with one
 * offer, the shop's own. HTTP 404/410 and pages that are not product pages are `not found`.
 */
import type { SourceDriver } from '../../vocabulary/crawl.types.ts';
import { found, noExtraFetches, notFound } from '../kit/driver.kit.ts';
import { readWebPage } from './web.parse.ts';

export const webDriver: SourceDriver = {
  source: 'web',
  async crawl(context, query) {
    const page = await context.fetchPage({ url: query.value, jobType: 'product' });
    if (page.status === 404 || page.status === 410) return notFound();
    const content = await context.offload(readWebPage, { url: page.url, body: page.body });
    return content === null ? notFound() : found(content, noExtraFetches());
  },
};
