import type { ScriptBlock } from './dom.ts';
import { parseLenientJson } from './lenient-json.ts';

/** Script state larger than this is skipped: reading it would cost more than it is likely worth. */
const MAX_SCRIPT_CHARS = 3_000_000;

/**
 * Places in inline scripts where a state object starts: `window.__INITIAL_STATE__ = {`,
 * `var productData = {`, `dataLayer.push({`, `gtag('event', 'view_item', {`.
 */
const STATE_START =
  /(?:__[A-Z][A-Z0-9_]*__|\b[\w$.]*(?:state|State|STATE|data|Data|DATA|product|Product|PRODUCT|config|Config)[\w$]*)\s*=\s*(?=[{[])|\b(?:dataLayer|digitalData)\s*(?:\.push\s*\(\s*|=\s*)(?=[{[])|\bgtag\s*\(\s*['"]event['"]\s*,\s*['"][\w-]+['"]\s*,\s*(?=\{)/gu;

/**
 * Index just past the object or array that starts at `start`, following strings of either quote
 * so that brackets inside them do not count. Returns the text's length when it never closes.
 */
export function endOfLiteral(text: string, start: number): number {
  let depth = 0;
  let quote: string | null = null;
  for (let i = start; i < text.length; i++) {
    const ch = text.charAt(i);
    if (quote !== null) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = null;
      continue;
    }
    if (ch === '"' || ch === "'" || ch === '`') quote = ch;
    else if (ch === '{' || ch === '[') depth++;
    else if (ch === '}' || ch === ']') {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return text.length;
}

/** JSON values assigned or pushed in one inline script. */
function valuesInScript(text: string): unknown[] {
  const values: unknown[] = [];
  for (const match of text.matchAll(STATE_START)) {
    const start = match.index + match[0].length;
    const end = endOfLiteral(text, start);
    values.push(...parseLenientJson(text.slice(start, end)));
  }
  return values;
}

/**
 * Reads the JSON state a page embeds for its scripts: `<script type="application/json">` blocks
 * (`__NEXT_DATA__`, Nuxt/Apollo payloads, shop configs) and objects assigned or pushed in inline
 * scripts (`window.__INITIAL_STATE__ = {...}`, `dataLayer.push({...})`). JSON-LD is read elsewhere.
 */
export function extractStateValues(scripts: readonly ScriptBlock[]): unknown[] {
  const values: unknown[] = [];
  for (const script of scripts) {
    if (script.text.length === 0 || script.text.length > MAX_SCRIPT_CHARS) continue;
    const type = (script.attrs['type'] ?? '').toLowerCase();
    if (type.includes('ld+json')) continue;
    if (type.includes('json')) values.push(...parseLenientJson(script.text));
    else if (type === '' || type.includes('javascript')) values.push(...valuesInScript(script.text));
  }
  return values;
}
