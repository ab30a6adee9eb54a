/**
 * Real pages weigh 0.3 to 3 MB, most of it inline scripts and styles (decisions G34): parsers and
 * benches that only ever see 10 KB pages measure the wrong thing. With `SANDBOX_PAGE_WEIGHT=real`
 * a site's page is padded with deterministic filler of that kind up to the size of its real
 * counterpart; the light default serves the markup alone. The filler never holds anything a parser
 * reads: no prices, currency signs, JSON-LD, embedded state or closing script tags.
 */
import type { PageWeight } from '../sandbox.types.ts';
import { hashString, rngFor, type Rng } from '../random.ts';

/** Where the filler goes and how much of it. */
export interface WeightSpec {
  weight: PageWeight;
  /** Size the whole page should reach, in bytes (UTF-8 ≈ characters for the filler). */
  targetBytes: number;
  /** Makes the filler differ per page yet stay the same for the same page. */
  seed: string;
}

/** Share of the padding that goes into the head's style block; the rest is script. */
const STYLE_SHARE = 0.3;
/** Inline scripts are split into blocks of about this size, as bundlers emit them. */
const SCRIPT_BLOCK_BYTES = 64 * 1024;

/**
 * The page padded up to `targetBytes` when the weight is `real`: a `<style>` block before
 * `</head>`, `<script>` blocks before `</body>`. A page already that large, a light weight or a
 * page without those tags is answered unchanged.
 */
export function weighPage(html: string, spec: WeightSpec): string {
  const missing = spec.targetBytes - html.length;
  if (spec.weight !== 'real' || missing <= 0) return html;
  const headEnd = html.indexOf('</head>');
  const bodyEnd = html.lastIndexOf('</body>');
  if (headEnd < 0 || bodyEnd < headEnd) return html;
  const rng = rngFor(hashString(spec.seed), 'page-weight');
  const style = `<style>${cssFiller(rng, Math.floor(missing * STYLE_SHARE))}</style>\n`;
  const scripts = scriptBlocks(rng, missing - style.length);
  return html.slice(0, headEnd) + style + html.slice(headEnd, bodyEnd) + scripts + html.slice(bodyEnd);
}

function scriptBlocks(rng: Rng, bytes: number): string {
  const blocks: string[] = [];
  let left = bytes;
  while (left > 40) {
    const size = Math.min(left, SCRIPT_BLOCK_BYTES);
    blocks.push(`<script>${jsFiller(rng, size - 19)}</script>\n`);
    left -= size;
  }
  return blocks.join('');
}

const WORDS = [
  'nav',
  'card',
  'grid',
  'item',
  'media',
  'title',
  'badge',
  'btn',
  'row',
  'col',
  'icon',
  'panel',
];

function word(rng: Rng): string {
  return rng.pick(WORDS);
}

function hex(rng: Rng): string {
  return Math.floor(rng.next() * 0xffffff)
    .toString(16)
    .padStart(6, '0');
}

/** CSS rules with hashed class names, like a CSS-in-JS bundle. */
function cssFiller(rng: Rng, bytes: number): string {
  const parts: string[] = [];
  let size = 0;
  while (size < bytes) {
    const rule = `.${word(rng)}-${word(rng)}_${hex(rng)}{margin:${Math.floor(rng.next() * 24)}px;color:#${hex(rng)};display:flex}`;
    parts.push(rule);
    size += rule.length;
  }
  return parts.join('').slice(0, Math.max(0, bytes));
}

/** Minified-looking module code: assignments and calls over hashed names, integers only. */
function jsFiller(rng: Rng, bytes: number): string {
  const parts: string[] = [];
  let size = 0;
  while (size < bytes) {
    const statement = `var ${word(rng)}_${hex(rng)}=function(e,t){return e.${word(rng)}(t,${Math.floor(rng.next() * 999)})};`;
    parts.push(statement);
    size += statement.length;
  }
  return parts.join('').slice(0, Math.max(0, bytes));
}
