/**
 * Product identifiers written into product URLs (`/dp/B07FW264WL`, `/itm/302474151804`,
 * `/product/9249556`, `...-iid-1021493409`, `?sku=1049084`). Shops put their own id there so
 * that the address stays stable when the title changes, which makes it a fair last resort.
 */

/** Query parameters that name the product or the chosen variant. */
const ID_PARAMETERS = /^(?:sku|childsku|pid|productid|product_id|itemid|item_id|item|id|articleid|art)$/iu;

/** An id-like token: five or more digits, or a code of upper-case letters and digits (ASIN style). */
const NUMERIC_ID = /^\d{5,20}$/u;
const CODE_ID = /^(?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])[A-Z0-9]{8,14}$/u;

/** Reduces a path token to the id it carries, or null. `x3410048` and `p4781720` carry the digits. */
function idOfToken(token: string): string | null {
  if (NUMERIC_ID.test(token) || CODE_ID.test(token)) return token;
  // Lower-case letters glued to a long number are a type prefix (`p4781720`, `c7200a278526196`).
  if (/^[a-z\d]+$/u.test(token)) {
    const runs = token.match(/\d{5,20}/gu) ?? [];
    const longest = runs.reduce<string | null>((a, b) => (a === null || b.length > a.length ? b : a), null);
    if (longest !== null && token.replace(/\d+/gu, '').length <= 3) return longest;
  }
  return null;
}

/**
 * Finds the product identifier in a page URL: an id query parameter if there is one, otherwise
 * the last id-like token of the path. Returns null when the URL carries none (or is not a URL).
 */
export function identifierFromUrl(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  for (const [key, value] of parsed.searchParams) {
    if (ID_PARAMETERS.test(key)) {
      const id = idOfToken(value) ?? (/^\d{4,}$/u.test(value) ? value : null);
      if (id !== null) return id;
    }
  }
  const path = decodeURIComponentSafe(parsed.pathname).replace(/\.(?:html?|php|aspx?|jsp)$/iu, '');
  const tokens = path.split(/[/_\-.,;=+~]+/u).filter((t) => t !== '');
  for (let i = tokens.length - 1; i >= 0; i--) {
    const id = idOfToken(tokens[i] ?? '');
    if (id !== null) return id;
  }
  return null;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
