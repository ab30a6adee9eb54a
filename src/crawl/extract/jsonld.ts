import type { ScriptBlock } from './dom.ts';
import { parseLenientJson } from './lenient-json.ts';
import { ScriptReader, scriptBlocks, type ScriptPattern } from './script-blocks.ts';

/** A JSON object as found in JSON-LD or script state. */
export type JsonObject = Record<string, unknown>;

/**
 * `<script type="application/ld+json">` elements, as one regular expression over the page's text
 * found them (`/<script\b[^>]*?\btype\s*=\s*["']?\s*application\/ld\+json[^>]*>([\s\S]*?)<\/script\s*>/giu`),
 * found in its pieces: site drivers read them without a DOM and without decoding the page whole.
 */
const JSON_LD_OPEN_TAG = /^<script\b[^>]*?\btype\s*=\s*["']?\s*application\/ld\+json[^>]*>$/iu;
/** Where the readers find JSON-LD script elements (exported for script-blocks.test.ts). */
export const JSON_LD_SCRIPT: ScriptPattern = {
  start: /<script\b/iuy,
  wanted: (openTag) => JSON_LD_OPEN_TAG.test(openTag),
  end: /<\/script\s*>/iuy,
};

/** True for a plain JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Returns every JSON-LD object of a page, in document order.
 *
 * Scans the raw HTML for `<script type="application/ld+json">` blocks without building a DOM,
 * reads each block leniently (raw line breaks in strings, trailing commas, comments, CDATA
 * wrappers, blocks cut short), and flattens top-level arrays and `@graph` lists so that each
 * entry is one node. Blocks that cannot be read at all are skipped; never throws.
 */
export function extractJsonLd(html: string): unknown[] {
  return jsonLdOfPieces([html]);
}

/**
 * Like {@link extractJsonLd}, for a text given in pieces whose concatenation is the page's text
 * (a fetched page's `textPieces`): the page is never decoded whole for its JSON-LD.
 */
export function jsonLdOfPieces(pieces: Iterable<string>): unknown[] {
  return nodesOf(scriptBlocks(pieces, JSON_LD_SCRIPT).map((script) => script.text));
}

/** Reads JSON-LD from a text given piece by piece (see {@link ScriptReader}). */
export interface JsonLdReader {
  /** Reads the next piece of the text. */
  write(piece: string): void;
  /** The JSON-LD nodes of the pieces read, as {@link extractJsonLd} reads them from their text. */
  nodes(): unknown[];
  /** True when the next piece may leave out text without a `<` (no JSON-LD block is open). */
  quiet(): boolean;
}

/** A {@link JsonLdReader}, for a parser that reads the page's pieces anyway. */
export function jsonLdReader(): JsonLdReader {
  const reader = new ScriptReader(JSON_LD_SCRIPT);
  return {
    write: (piece) => reader.write(piece),
    nodes: () => nodesOf(reader.found.map((script) => script.text)),
    quiet: () => reader.quiet,
  };
}

/**
 * Like {@link extractJsonLd}, for a page already parsed: the JSON-LD objects of its script
 * blocks, so that the extractor reads the page's text once.
 */
export function jsonLdOfScripts(scripts: readonly ScriptBlock[]): unknown[] {
  const blocks = scripts.filter((s) => /application\/ld\+json/iu.test(s.attrs['type'] ?? ''));
  return nodesOf(blocks.map((s) => s.text));
}

/** The nodes of JSON-LD blocks, each read leniently, arrays and `@graph` lists unpacked. */
function nodesOf(blocks: readonly string[]): unknown[] {
  const nodes: unknown[] = [];
  for (const block of blocks) for (const value of parseLenientJson(block)) flattenGraph(value, nodes, 0);
  return nodes;
}

/** Appends a JSON-LD value's nodes: arrays and `@graph` lists are unpacked, at any depth. */
function flattenGraph(value: unknown, nodes: unknown[], depth: number): void {
  if (depth > 8) return;
  if (Array.isArray(value)) {
    for (const item of value) flattenGraph(item, nodes, depth + 1);
    return;
  }
  if (!isJsonObject(value)) return;
  const graph = value['@graph'];
  if (graph === undefined) {
    nodes.push(value);
    return;
  }
  // A wrapper with its own @type is a node too, not just a container.
  if (value['@type'] !== undefined) nodes.push(value);
  flattenGraph(graph, nodes, depth + 1);
}

/**
 * The `@type` of a node as a list of bare, lower-cased type names (`schema:Product`, URLs and the
 * `product` some shops write all become `product`).
 */
export function typesOf(node: JsonObject): string[] {
  const raw = node['@type'];
  const list = Array.isArray(raw) ? raw : [raw];
  return list
    .filter((t): t is string => typeof t === 'string')
    .map((t) => t.replace(/^.*[/:#]/u, '').toLowerCase());
}

/** Types that describe a thing one can buy; shops mark books, cars and product models this way too. */
const PRODUCT_TYPES = new Set([
  'product',
  'productgroup',
  'productmodel',
  'individualproduct',
  'someproducts',
  'book',
  'vehicle',
  'car',
]);

/**
 * Finds the product nodes among JSON-LD nodes, searching nested values too (a `WebPage` whose
 * `mainEntity` is the product, an `ItemPage` with `about`). Returned in document order, outer first.
 */
export function findProductNodes(nodes: readonly unknown[]): JsonObject[] {
  const found: JsonObject[] = [];
  const visit = (value: unknown, depth: number): void => {
    if (depth > 10) return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1);
      return;
    }
    if (!isJsonObject(value)) return;
    if (typesOf(value).some((t) => PRODUCT_TYPES.has(t))) found.push(value);
    for (const [key, child] of Object.entries(value)) {
      // Offers of other products and breadcrumb items are not the page's product.
      if (key !== 'isSimilarTo' && key !== 'isRelatedTo' && key !== 'itemListElement')
        visit(child, depth + 1);
    }
  };
  visit(nodes, 0);
  return found;
}
