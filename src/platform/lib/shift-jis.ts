/**
 * Shift_JIS bytes, as kakaku.com serves its pages and reads its search paths (decisions G34): the
 * sandbox's Japanese site writes them, its driver percent-encodes search terms with them. Node
 * encodes only UTF-8, but its WHATWG decoder knows Shift_JIS: the encoding table is that
 * decoder run backwards over every double-byte code, built once. A character Shift_JIS cannot hold
 * is written as an HTML character reference, which a page's reader decodes back (the sandbox never
 * puts such characters in scripts).
 */

let table: Map<string, number[]> | undefined;

/** Every double-byte Shift_JIS code by the character it decodes to (the first code wins). */
function encodingTable(): Map<string, number[]> {
  if (table) return table;
  const decoder = new TextDecoder('shift_jis', { fatal: true });
  const built = new Map<string, number[]>();
  for (let lead = 0x81; lead <= 0xfc; lead++) {
    if (lead > 0x9f && lead < 0xe0) continue;
    for (let trail = 0x40; trail <= 0xfc; trail++) {
      if (trail === 0x7f) continue;
      let char: string;
      try {
        char = decoder.decode(Uint8Array.of(lead, trail));
      } catch {
        continue; // an unassigned code
      }
      if (!built.has(char)) built.set(char, [lead, trail]);
    }
  }
  table = built;
  return built;
}

/** `text` in Shift_JIS; characters outside it become `&#x…;` references. */
export function encodeShiftJis(text: string): Buffer {
  const codes = encodingTable();
  const bytes: number[] = [];
  for (const char of text) {
    const point = char.codePointAt(0) ?? 0;
    if (point < 0x80) {
      bytes.push(point);
      continue;
    }
    // Half-width katakana are single bytes 0xA1-0xDF.
    if (point >= 0xff61 && point <= 0xff9f) {
      bytes.push(point - 0xff61 + 0xa1);
      continue;
    }
    const pair = codes.get(char);
    if (pair) bytes.push(...pair);
    else for (const ascii of `&#x${point.toString(16)};`) bytes.push(ascii.charCodeAt(0));
  }
  return Buffer.from(bytes);
}

/** Decodes `%XX` escapes to bytes and reads them as Shift_JIS (`+` is a space, as in kakaku's paths). */
export function decodeShiftJisPercent(segment: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < segment.length; i++) {
    const char = segment[i] as string;
    const hex = segment.slice(i + 1, i + 3);
    if (char === '%' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else if (char === '+') bytes.push(0x20);
    else bytes.push(...Buffer.from(char, 'utf8'));
  }
  return new TextDecoder('shift_jis').decode(Uint8Array.from(bytes));
}

/** `text` as a Shift_JIS percent-encoded path segment (letters, digits and `-_.~` stay as they are). */
export function encodeShiftJisPercent(text: string): string {
  let out = '';
  for (const byte of encodeShiftJis(text)) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}
