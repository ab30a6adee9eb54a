/**
 * The content of a `web` result (source `web`, key `url`: any shop by URL, decisions G35,
 * docs/monitor.md), for narrowing a `ResultItem.content` when the job's source is `web`.
 */

/** The one offer of a `web` result: the shop's own (decisions G35). */
export interface WebOffer {
  position: 1;
  price: number;
  /** ISO 4217, or null when the page tells none. */
  currency: string | null;
  shipping: number | null;
  total: number;
  /** The shop's host name. */
  seller_name: string;
  availability_code: 'in_stock' | 'limited' | 'out_of_stock' | null;
}

/**
 * `content` of a `web` result (source `web`, key `url`, decisions G35); the trust step adds
 * G38's `*_all` figures. Narrow a `ResultItem.content` to it when the job's source is `web`.
 */
export interface WebContent {
  /** The page as finally fetched (after redirects). */
  url: string;
  name: string | null;
  brand_name: string | null;
  /** The shop's SKU, or null. */
  product_id: string | null;
  gtin: string | null;
  price: number | null;
  /** ISO 4217 code, or null. */
  currency: string | null;
  availability: 'in_stock' | 'limited' | 'out_of_stock' | null;
  offers: WebOffer[];
  offers_count: number;
  price_min: number | null;
  price_max: number | null;
  price_avg: number | null;
}
