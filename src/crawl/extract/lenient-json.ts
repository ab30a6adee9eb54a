/**
 * A forgiving JSON reader for JSON that shops embed in pages: JSON-LD blocks and script state.
 *
 * Real pages ship raw line breaks inside strings, trailing commas, `//` comments, CDATA wrappers,
 * several objects back to back, blocks cut short, and JavaScript object literals (unquoted keys,
 * single quotes, `undefined`). Strict `JSON.parse` is tried first (fast and exact); only when it
 * fails is the text rewritten character by character and parsed again.
 */
import { lookupTable } from '../../platform/lib/lookup.ts';

/** Wrappers that CMSs put around script content so old browsers or XHTML parsers ignore it. */
const WRAPPER =
  /^\s*(?:<!--|\/\/\s*<!\[CDATA\[|\/\*\s*<!\[CDATA\[\s*\*\/|<!\[CDATA\[)|(?:-->|\/\/\s*\]\]>|\/\*\s*\]\]>\s*\*\/|\]\]>)\s*$/gu;

/** Entities that turn up when a CMS HTML-escapes a JSON-LD block. */
const ENTITIES: Record<string, string> = lookupTable({
  '&quot;': '"',
  '&#34;': '"',
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
});

/** JSON's own escapes; any other escaped character stands for itself. */
const JSON_ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't', 'u']);

/**
 * Parses text that should hold one or more JSON values; returns every value it could read.
 * Never throws: text that cannot be repaired yields an empty list.
 */
export function parseLenientJson(text: string): unknown[] {
  let source = text.replace(WRAPPER, '').trim();
  if (source === '') return [];
  try {
    return [JSON.parse(source)];
  } catch {
    // Fall through to the repairing reader.
  }
  if (/^[{[]\s*&quot;/u.test(source))
    source = source.replace(/&(?:quot|#34|amp|lt|gt);/gu, (e) => ENTITIES[e] ?? e);
  const values: unknown[] = [];
  for (const chunk of repairJson(source)) {
    try {
      values.push(JSON.parse(chunk));
    } catch {
      // A chunk beyond repair is dropped; the others still count.
    }
  }
  return values;
}

/** State of the repairing scan: output so far, brackets still open, the open string's quote. */
interface RepairState {
  out: string[];
  open: string[];
  quote: string | null;
  chunks: string[];
}

/**
 * Rewrites near-JSON into JSON chunks, one per top-level value: escapes control characters in
 * strings, turns single-quoted strings and bare keys into JSON ones, drops comments and trailing
 * commas, and closes strings and brackets left open at the end.
 */
function repairJson(source: string): string[] {
  const state: RepairState = { out: [], open: [], quote: null, chunks: [] };
  for (let i = 0; i < source.length; i++) {
    const ch = source.charAt(i);
    if (state.quote !== null) i = repairStringChar(source, i, state);
    else if (ch === '/' && source.charAt(i + 1) === '/') i = skipTo(source, '\n', i) - 1;
    else if (ch === '/' && source.charAt(i + 1) === '*') i = skipTo(source, '*/', i + 2);
    else if (isWordStart(source, i) && state.open.length > 0) i = repairWord(source, i, state);
    else repairStructureChar(ch, state);
  }
  closeOpenValue(state);
  return state.chunks;
}

/** A bare word starts here (not the exponent of a number such as `1e5`). */
function isWordStart(source: string, i: number): boolean {
  return /[A-Za-z_$]/u.test(source.charAt(i)) && !/[\d.]/u.test(source.charAt(i - 1));
}

/** Index of the last character of the next `marker` at or after `from`, or the text's length. */
function skipTo(source: string, marker: string, from: number): number {
  const index = source.indexOf(marker, from);
  return index === -1 ? source.length : index + marker.length - 1;
}

/** Handles one character inside a string literal; returns the index of the last character consumed. */
function repairStringChar(source: string, i: number, state: RepairState): number {
  const ch = source.charAt(i);
  if (ch === '\\') {
    const next = source.charAt(i + 1);
    if (next === '') return i;
    state.out.push(JSON_ESCAPES.has(next) ? ch + next : next === "'" ? "'" : next);
    return i + 1;
  }
  if (ch === state.quote) {
    state.quote = null;
    state.out.push('"');
  } else if (ch === '"') state.out.push('\\"');
  else if (ch === '\n') state.out.push('\\n');
  else if (ch === '\r') state.out.push('\\r');
  else if (ch === '\t') state.out.push('\\t');
  else if (ch < ' ') state.out.push(' ');
  else state.out.push(ch);
  return i;
}

/**
 * Handles a bare word outside strings: a key becomes a quoted key, `true`/`false`/`null` stay,
 * and anything else JavaScript would compute (`undefined`, a variable) becomes `null`.
 */
function repairWord(source: string, i: number, state: RepairState): number {
  const word = /^[A-Za-z_$][\w$]*/u.exec(source.slice(i, i + 200))?.[0] ?? source.charAt(i);
  const rest = source.slice(i + word.length, i + word.length + 40);
  const previous = lastSignificant(state.out);
  if (/^\s*:/u.test(rest) && (previous === '{' || previous === ',')) state.out.push(`"${word}"`);
  else if (word === 'true' || word === 'false' || word === 'null') state.out.push(word);
  else state.out.push('null');
  return i + word.length - 1;
}

/** The last non-blank character written. */
function lastSignificant(out: readonly string[]): string {
  for (let j = out.length - 1; j >= 0; j--) {
    const piece = (out[j] ?? '').trim();
    if (piece !== '') return piece.charAt(piece.length - 1);
  }
  return '';
}

/** Handles one character outside strings: tracks nesting, drops trailing commas, splits values. */
function repairStructureChar(ch: string, state: RepairState): void {
  if (state.open.length === 0 && ch !== '{' && ch !== '[') return; // text between top-level values
  if (ch === '"' || ch === "'") {
    state.quote = ch;
    state.out.push('"');
    return;
  }
  if (ch === '{' || ch === '[') state.open.push(ch === '{' ? '}' : ']');
  if (ch === '}' || ch === ']') {
    dropTrailingComma(state.out);
    if (state.open.pop() === undefined) return;
  }
  state.out.push(ch);
  if (state.open.length === 0 && (ch === '}' || ch === ']')) {
    state.chunks.push(state.out.join(''));
    state.out = [];
  }
}

/** Removes a comma (and the blanks after it) that directly precedes a closing bracket. */
function dropTrailingComma(out: string[]): void {
  let j = out.length - 1;
  while (j >= 0 && /^\s*$/u.test(out[j] ?? '')) j--;
  if (out[j] === ',') out.splice(j, 1);
}

/** A value cut short at the end of the text is closed so the part that arrived can still be read. */
function closeOpenValue(state: RepairState): void {
  if (state.open.length === 0) return;
  if (state.quote !== null) state.out.push('"');
  dropTrailingComma(state.out);
  // A dangling `"key":` or `"key"` cannot be closed into valid JSON; cut back to the last comma.
  const text = state.out.join('').replace(/,\s*"[^"]*"\s*:?\s*$/u, '');
  state.chunks.push(text + state.open.reverse().join(''));
}
