import { pageFromBytes } from '../../src/crawl/fetcher/fetcher.page.ts';
import type { FetchedPage } from '../../src/crawl/vocabulary/crawl.types.ts';

/**
 * `page` as the fetcher hands it over: its UTF-8 bytes in chunks of `chunkBytes`, read in pieces,
 * so that a parser's scan may leave script bodies undecoded (a page made of text never does).
 */
export function arrivedPage(page: FetchedPage, chunkBytes = 16 * 1024): FetchedPage {
  const bytes = Buffer.from(page.body, 'utf8');
  const chunks: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += chunkBytes) {
    chunks.push(bytes.subarray(start, start + chunkBytes));
  }
  return pageFromBytes({
    url: page.url,
    status: page.status,
    headers: page.headers,
    contentType: page.headers['content-type'] ?? 'text/html; charset=utf-8',
    chunks,
  });
}
