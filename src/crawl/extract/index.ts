/**
 * The generic product extractor and the helpers site drivers share. See docs/extraction.md.
 */
export { extractProduct, type ExtractOptions } from './extract.ts';
export type { ExtractedProduct } from './types.ts';
export { parseHtml, type ParsedPage } from './dom.ts';
export { extractJsonLd, findProductNodes, isJsonObject, type JsonObject } from './jsonld.ts';
export { parseLenientJson } from './lenient-json.ts';
export {
  parsePrice,
  parsePriceDecimal,
  parseStructuredPrice,
  findAmounts,
  type AmountMatch,
} from './price.ts';
export { normalizeAvailability, type Availability } from './availability.ts';
export { detectCurrency } from './currency.ts';
export { decodeHtml } from './decode.ts';
