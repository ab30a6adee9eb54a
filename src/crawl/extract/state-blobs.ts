import type { ScriptBlock } from './dom.ts';
import { parseLenientJson } from './lenient-json.ts';

/** Script state larger than this is skipped: reading it would cost more than it is likely worth. */
const MAX_SCRIPT_CHARS = 3_000_000;

/** An assignment of an object or array literal: `... = {` (found first, cheaply, then named). */
const ASSIGNMENT = /=\s*(?=[{[])/gu;

/** Names of variables that hold page state: `__INITIAL_STATE__`, `productData`, `window.pageConfig`. */
const STATE_NAME = /(?:__[A-Z][A-Z0-9_]*__|state|data|product|config)[\w$]*$/iu;

/** Calls that hand state to analytics: `dataLayer.push({`, `gtag('event', 'view_item', {`. */
const STATE_CALL =
  /\b(?:dataLayer|digitalData)\s*\.push\s*\(\s*(?=[{[])|\bgtag\s*\(\s*['"]event['"]\s*,\s*['"][\w-]+['"]\s*,\s*(?=\{)/gu;

/** Where state objects start in one script: after assignments to state-named variables and calls. */
function stateStarts(text: string): number[] {
  const starts: number[] = [];
  for (const match of text.matchAll(ASSIGNMENT)) {
    const before = text.slice(Math.max(0, match.index - 80), match.index);
    // `==`, `<=`, `!=` compare; only a plain `name =` assigns.
    const name = /(?:^|[^\w$.=!<>])([\w$.]+)\s*$/u.exec(before)?.[1];
    if (name !== undefined && STATE_NAME.test(name)) starts.push(match.index + match[0].length);
  }
  for (const match of text.matchAll(STATE_CALL)) starts.push(match.index + match[0].length);
  return starts.sort((a, b) => a - b);
}

/**
 * Index just past the object or array that starts at `start`, following strings of either quote
 * so that brackets inside them do not count. Returns the text's length when it never closes.
 */
function endOfLiteral(text: string, start: number): number {
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
  let readUpTo = 0;
  for (const start of stateStarts(text)) {
    // A literal nested in one already read (`a = {b: c = {...}}`) was read with it.
    if (start < readUpTo) continue;
    readUpTo = endOfLiteral(text, start);
    values.push(...parseLenientJson(text.slice(start, readUpTo)));
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
