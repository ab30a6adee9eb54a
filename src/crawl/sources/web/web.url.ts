/**
 * The `url` key of the `web` source (decisions G35): what a valid value is, and its canonical form,
 * which the cache and the price history key it by so two spellings of one page are one value.
 */

/** Longest URL accepted; a longer one is that value's `parameter_invalid`. */
export const MAX_URL_LENGTH = 2048;

/** Query parameters that track a visit and never change the page: dropped from the canonical URL. */
const TRACKING_PARAMETER = /^(?:utm_[^=]*|gclid|fbclid)$/iu;

/** Validates one `url` value: null when fine, else the sentence `reason_detail` carries. */
export function validateUrl(value: string): string | null {
  if (value.length > MAX_URL_LENGTH) {
    return `url must be at most ${MAX_URL_LENGTH} characters, not ${value.length}`;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'url must be an absolute http or https URL (https://shop.example/product/1)';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return `url must be an http or https URL, not ${url.protocol.slice(0, -1)}`;
  }
  if (url.hostname === '') return 'url must name a host';
  // Credentials would end up in results, logs and provenance.
  if (url.username !== '' || url.password !== '') return 'url must not contain a user name or password';
  return null;
}

/**
 * The canonical URL (G35): scheme and host lowercased, the default port and the fragment dropped,
 * `utm_*`, `gclid` and `fbclid` dropped, every other query parameter kept as written and in order.
 * A value that is not a URL is returned as it is (it never reaches the cache: it is invalid).
 */
export function canonicalUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return value;
  }
  url.hash = '';
  const kept = url.search
    .slice(1)
    .split('&')
    .filter((pair) => pair !== '' && !TRACKING_PARAMETER.test(safeDecode(pair.split('=', 1)[0] ?? '')));
  url.search = kept.length === 0 ? '' : `?${kept.join('&')}`;
  return url.href;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/gu, ' '));
  } catch {
    return text;
  }
}
