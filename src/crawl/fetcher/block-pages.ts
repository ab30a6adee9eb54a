/**
 * Block pages of real sites, told apart from product pages and from markup changes (issue 20): a
 * block answers `source currently unavailable` and rotates the session; it must never read as
 * `not found` or as a product. Each rule keys on a marker a real block page carries and a product
 * page does not — a form, a script host or a title — never on a single common word: real product
 * pages mention "captcha" in their scripts and "cookies" in their banners. Markers come from the
 * pages themselves as open-source scrapers record them (docs/crawl-engine.md, "Block pages").
 */

/** What kind of wall stood between the crawler and the page. */
export type BlockKind = 'captcha' | 'interstitial' | 'consent' | 'robot_check';

export const BLOCK_KINDS: readonly BlockKind[] = ['captcha', 'interstitial', 'consent', 'robot_check'];

interface BlockRule {
  kind: BlockKind;
  /** Every pattern must match. */
  all: readonly RegExp[];
}

const TITLE = (text: string): RegExp => new RegExp(`<title[^>]*>[^<]*${text}[^<]*</title>`, 'i');

const RULES: readonly BlockRule[] = [
  // Amazon: "Robot Check" / "Amazon.com" with the validateCaptcha form.
  { kind: 'captcha', all: [/action="[^"]*\/errors\/validateCaptcha/i] },
  { kind: 'captcha', all: [TITLE('robot check'), /captcha/i] },
  // Google: "unusual traffic from your computer network" over a reCAPTCHA form (/sorry/index).
  { kind: 'captcha', all: [/id="captcha-form"|action="[^"]*\/sorry\/index/i] },
  // DataDome (Kaufland, MediaMarkt …) and hCaptcha / reCAPTCHA-only pages.
  { kind: 'captcha', all: [/geo\.captcha-delivery\.com|ct\.captcha-delivery\.com/i] },
  // Walmart (PerimeterX): "Robot or human?" with the press-and-hold captcha.
  { kind: 'captcha', all: [TITLE('robot or human'), /px-captcha/i] },
  // Google's JavaScript interstitial: "Please click here if you are not redirected".
  { kind: 'interstitial', all: [/\/httpservice\/retry\/enablejs/i] },
  // Cloudflare's browser check ("Just a moment...").
  { kind: 'interstitial', all: [TITLE('just a moment'), /cf[-_]chl/i] },
  // A page that is nothing but a refresh to itself under JavaScript.
  { kind: 'interstitial', all: [/<noscript>[^<]*<meta[^>]+http-equiv="refresh"/i, /enable ?javascript/i] },
  // Google's consent wall ("Before you continue to Google"), a form posting to consent.google.*.
  { kind: 'consent', all: [/action="https:\/\/consent\.(google|youtube)\.[a-z.]+\/save"/i] },
  { kind: 'consent', all: [TITLE('before you continue'), /consent\./i] },
  // eBay and others behind Akamai/Distil: "Pardon Our Interruption…".
  { kind: 'robot_check', all: [TITLE('pardon our interruption')] },
  // Akamai's edge refusal: "Access Denied … Reference #18.…".
  { kind: 'robot_check', all: [TITLE('access denied'), /Reference&#32;#|Reference #\d/i] },
];

/** Only the head of a page can be a block page's; this bounds the scan on 3 MB product pages. */
const SCAN_CHARS = 64 * 1024;

/** The kind of block page `body` is, or undefined for any other page. */
export function detectBlockPage(page: { status: number; body: string }): BlockKind | undefined {
  const head = page.body.length > SCAN_CHARS ? page.body.slice(0, SCAN_CHARS) : page.body;
  return RULES.find((rule) => rule.all.every((pattern) => pattern.test(head)))?.kind;
}
