/**
 * A forgiving JSON reader for JSON that shops embed in pages: JSON-LD blocks and script state.
 *
 * Real pages ship raw line breaks inside strings, trailing commas, `//` comments, CDATA wrappers,
 * several objects back to back and blocks cut short. Strict `JSON.parse` is tried first (fast and
 * exact); only when it fails is the text repaired character by character and parsed again.
 */

/** Wrappers that CMSs put around script content so old browsers or XHTML parsers ignore it. */
const WRAPPER =
  /^\s*(?:<!--|\/\/\s*<!\[CDATA\[|\/\*\s*<!\[CDATA\[\s*\*\/|<!\[CDATA\[)|(?:-->|\/\/\s*\]\]>|\/\*\s*\]\]>\s*\*\/|\]\]>)\s*$/gu;

/** Entities that turn up when a CMS HTML-escapes a JSON-LD block. */
const ENTITIES: Record<string, string> = {
  '&quot;': '"',
  '&#34;': '"',
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
};

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

/** State of the repairing scan: the text written so far and the brackets still open. */
interface RepairState {
  out: string[];
  open: string[];
  inString: boolean;
  chunks: string[];
}

/**
 * Rewrites near-JSON into JSON chunks, one per top-level value: escapes control characters in
 * strings, drops comments and trailing commas, and closes strings and brackets left open at the end.
 */
function repairJson(source: string): string[] {
  const state: RepairState = { out: [], open: [], inString: false, chunks: [] };
  for (let i = 0; i < source.length; i++) {
    const ch = source.charAt(i);
    if (state.inString) {
      i = repairStringChar(source, i, ch, state);
      continue;
    }
    if (ch === '/' && source.charAt(i + 1) === '/') {
      const end = source.indexOf('\n', i);
      i = end === -1 ? source.length : end;
      continue;
    }
    if (ch === '/' && source.charAt(i + 1) === '*') {
      const end = source.indexOf('*/', i + 2);
      i = end === -1 ? source.length : end + 1;
      continue;
    }
    repairStructureChar(ch, state);
  }
  closeOpenValue(state);
  return state.chunks;
}

/** Handles one character inside a string literal; returns the index of the last character consumed. */
function repairStringChar(source: string, i: number, ch: string, state: RepairState): number {
  if (ch === '\\') {
    const next = source.charAt(i + 1);
    // JSON knows only these escapes; `\'` and friends become the bare character.
    state.out.push('"\\/bfnrtu'.includes(next) && next !== '' ? ch + next : next === '' ? '' : next);
    return i + 1;
  }
  if (ch === '"') state.inString = false;
  if (ch === '\n') state.out.push('\\n');
  else if (ch === '\r') state.out.push('\\r');
  else if (ch === '\t') state.out.push('\\t');
  else if (ch < ' ') state.out.push(' ');
  else state.out.push(ch);
  return i;
}

/** Handles one character outside strings: tracks nesting, drops trailing commas, splits values. */
function repairStructureChar(ch: string, state: RepairState): void {
  if (state.open.length === 0 && ch !== '{' && ch !== '[') return; // text between top-level values
  if (ch === '"') state.inString = true;
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
  while (j >= 0 && /^\s$/u.test(out[j] ?? '')) j--;
  if (out[j] === ',') out.splice(j, 1);
}

/** A value cut short at the end of the text is closed so the part that arrived can still be read. */
function closeOpenValue(state: RepairState): void {
  if (state.open.length === 0) return;
  if (state.inString) state.out.push('"');
  dropTrailingComma(state.out);
  // A dangling `"key":` or `"key"` cannot be closed into valid JSON; cut back to the last comma.
  const text = state.out.join('').replace(/,\s*"[^"]*"\s*:?\s*$/u, '');
  state.chunks.push(text + state.open.reverse().join(''));
}
