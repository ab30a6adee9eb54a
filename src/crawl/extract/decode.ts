import { gunzipSync } from 'node:zlib';

/** `charset=` in a `<meta>` tag or an XML declaration near the top of a page. */
const DECLARED_CHARSET =
  /<meta[^>]+charset\s*=\s*["']?\s*([\w:.-]+)|<\?xml[^>]+encoding\s*=\s*["']([\w:.-]+)/iu;

/**
 * Turns the bytes of a saved page into text. Gzip files (`.html.gz`) are unpacked first. UTF-8 is
 * tried strictly; a page that is not valid UTF-8 is decoded with the charset it declares, or as
 * windows-1252 (what browsers assume) when it declares none the runtime knows.
 */
export function decodeHtml(bytes: Uint8Array): string {
  const raw = bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes;
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(raw);
  } catch {
    const head = new TextDecoder('latin1').decode(raw.subarray(0, 4096));
    const declared = DECLARED_CHARSET.exec(head);
    const label = declared?.[1] ?? declared?.[2] ?? 'windows-1252';
    try {
      return new TextDecoder(label).decode(raw);
    } catch {
      return new TextDecoder('windows-1252').decode(raw);
    }
  }
}
