/**
 * Serving a page at the weight the sandbox runs with (decisions G34): the markup alone by default,
 * padded to its real counterpart's size with `SANDBOX_PAGE_WEIGHT=real`, plus the bytes real sites
 * send after `</html>` (tracking comments), which a parser must never depend on.
 */
import type { SiteContext } from '../sandbox.types.ts';
import { weighPage } from './page-weight.ts';

/** What a site appends after `</html>`, and how large its real pages are. */
export interface PageFooting {
  /** Bytes after `</html>`, e.g. an HTML comment with a render id. */
  trailer: string;
  /** Size of the real page of this kind, in bytes. */
  realBytes: number;
}

/** The page as the sandbox serves it: weighed for `context`, then the trailer after `</html>`. */
export function weighedPage(context: SiteContext, html: string, footing: PageFooting, seed: string): string {
  const weighed = weighPage(html, { weight: context.pageWeight, targetBytes: footing.realBytes, seed });
  return weighed.endsWith('\n') ? weighed + footing.trailer : `${weighed}\n${footing.trailer}`;
}
