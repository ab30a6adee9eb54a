/**
 * Block pages of real sites, told apart from product pages and from markup changes (issue 20): a
 * block answers `source currently unavailable` and rotates the session; it must never read as
 * `not found` or as a product. Each rule keys on a marker a real block page carries and a product
 * page does not — a form, a script host or a title — never on a single common word: real product
 * pages mention "captcha" in their scripts and "cookies" in their banners. Markers come from the
 * pages themselves as open-source scrapers record them (docs/crawl-engine.md, "Block pages").
 */
import { matchTagAt } from '../../platform/lib/tag-match.ts';

/** What kind of wall stood between the crawler and the page. */
export type BlockKind = 'captcha' | 'interstitial' | 'consent' | 'robot_check';

export const BLOCK_KINDS: readonly BlockKind[] = ['captcha', 'interstitial', 'consent', 'robot_check'];

interface BlockRule {
  kind: BlockKind;
  /** Words (lower case) the text of a `<title>` element must hold, when the rule has a title. */
  title?: string;
  /**
   * Literal parts of the patterns (lower case), one of which the page must hold for them to match:
   * looked up in the lower-cased head first, so a product page runs almost no pattern at all.
   */
  markers?: readonly string[];
  /** Every pattern must match. */
  all: readonly RegExp[];
}

const RULES: readonly BlockRule[] = [
  // Amazon: "Robot Check" / "Amazon.com" with the validateCaptcha form.
  { kind: 'captcha', markers: ['/errors/validatecaptcha'], all: [/action="[^"]*\/errors\/validateCaptcha/i] },
  { kind: 'captcha', title: 'robot check', all: [/captcha/i] },
  // Google: "unusual traffic from your computer network" over a reCAPTCHA form (/sorry/index).
  {
    kind: 'captcha',
    markers: ['id="captcha-form"', '/sorry/index'],
    all: [/id="captcha-form"|action="[^"]*\/sorry\/index/i],
  },
  // DataDome (Kaufland, MediaMarkt …) and hCaptcha / reCAPTCHA-only pages.
  {
    kind: 'captcha',
    markers: ['.captcha-delivery.com'],
    all: [/geo\.captcha-delivery\.com|ct\.captcha-delivery\.com/i],
  },
  // Walmart (PerimeterX): "Robot or human?" with the press-and-hold captcha.
  { kind: 'captcha', title: 'robot or human', all: [/px-captcha/i] },
  // Google's JavaScript interstitial: "Please click here if you are not redirected".
  {
    kind: 'interstitial',
    markers: ['/httpservice/retry/enablejs'],
    all: [/\/httpservice\/retry\/enablejs/i],
  },
  // Cloudflare's browser check ("Just a moment...").
  { kind: 'interstitial', title: 'just a moment', all: [/cf[-_]chl/i] },
  // A page that is nothing but a refresh to itself under JavaScript.
  {
    kind: 'interstitial',
    markers: ['http-equiv="refresh"'],
    all: [/<noscript>[^<]*<meta[^>]+http-equiv="refresh"/i, /enable ?javascript/i],
  },
  // Google's consent wall ("Before you continue to Google"), a form posting to consent.google.*.
  {
    kind: 'consent',
    markers: ['action="https://consent.'],
    all: [/action="https:\/\/consent\.(google|youtube)\.[a-z.]+\/save"/i],
  },
  { kind: 'consent', title: 'before you continue', all: [/consent\./i] },
  // eBay and others behind Akamai/Distil: "Pardon Our Interruption…".
  { kind: 'robot_check', title: 'pardon our interruption', all: [] },
  // Akamai's edge refusal: "Access Denied … Reference #18.…".
  { kind: 'robot_check', title: 'access denied', all: [/Reference&#32;#|Reference #\d/i] },
];

/** Only the head of a page can be a block page's; this bounds the scan on 3 MB product pages. */
export const BLOCK_SCAN_CHARS = 64 * 1024;

/**
 * A `<title>` element whose text holds no markup, as the rules' titles are matched against: tried
 * at each `<` (found by `indexOf`), which finds what the same expression searching the head finds
 * at a tenth of its cost.
 */
const TITLE_ELEMENT = /<title[^>]*>([^<]*)<\/title>/iy;

/**
 * The texts of the `<title>` elements of `head`, lower case: read once for every rule with a title,
 * where a regular expression per rule scanned the head once each (most of this check's cost).
 */
function titlesOf(head: string): string[] {
  const titles: string[] = [];
  for (
    let match = matchTagAt(head, 0, TITLE_ELEMENT);
    match !== null;
    match = matchTagAt(head, TITLE_ELEMENT.lastIndex, TITLE_ELEMENT)
  ) {
    titles.push((match[1] ?? '').toLowerCase());
  }
  return titles;
}

/**
 * Every rule's markers: printable ASCII, lower case, none with a `k` or ending in `i` (a lower-cased
 * head has `k` for the Kelvin sign and `i` for `İ`, which a case-insensitive search does not take;
 * block-pages.test.ts holds them to it).
 */
export const BLOCK_MARKERS: readonly string[] = RULES.flatMap((rule) => rule.markers ?? []);

/** Every rule's markers in one case-insensitive search. */
const MARKERS = new RegExp(
  BLOCK_MARKERS.map((marker) => marker.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|'),
  'gi',
);

/**
 * The markers `head` holds, lower case: what `head.toLowerCase().includes(marker)` says of each,
 * from one search instead of a lower-cased copy of 64 KB searched once per marker (two thirds of
 * this check's cost). The search goes on one character after each match, so a marker that begins
 * inside another one's match is found too.
 */
export function markersIn(head: string): Set<string> {
  const found = new Set<string>();
  MARKERS.lastIndex = 0;
  for (let match = MARKERS.exec(head); match !== null; match = MARKERS.exec(head)) {
    found.add(match[0].toLowerCase());
    MARKERS.lastIndex = match.index + 1;
  }
  return found;
}

/** The kind of block page `body` is, or undefined for any other page. */
export function detectBlockPage(page: { status: number; body: string }): BlockKind | undefined {
  const head = page.body.length > BLOCK_SCAN_CHARS ? page.body.slice(0, BLOCK_SCAN_CHARS) : page.body;
  const titles = titlesOf(head);
  const markers = markersIn(head);
  return RULES.find(
    (rule) =>
      (rule.title === undefined || titles.some((title) => title.includes(rule.title as string))) &&
      (rule.markers === undefined || rule.markers.some((marker) => markers.has(marker))) &&
      rule.all.every((pattern) => pattern.test(head)),
  )?.kind;
}
