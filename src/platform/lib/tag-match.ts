/**
 * A tag found by trying a sticky expression at each `<` of a text (found by `indexOf`): several
 * times faster than a case-insensitive expression searching the text itself, for the same match.
 * The page scans use it for `<script` and `<title` elements on megabytes of markup.
 */

/**
 * The first match of the sticky expression `tag` (flag `y`, starting with `<`) at a `<` at or after
 * `from` in `text`, else null; after a match `tag.lastIndex` is its end.
 */
export function matchTagAt(text: string, from: number, tag: RegExp): RegExpExecArray | null {
  for (let at = text.indexOf('<', from); at >= 0; at = text.indexOf('<', at + 1)) {
    tag.lastIndex = at;
    const match = tag.exec(text);
    if (match !== null) return match;
  }
  return null;
}
