/** Small HTML-writing helpers shared by the simulated sites. */

/** Escapes text for element content and double-quoted attributes. */
export function escapeHtml(text: string | number): string {
  return String(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** JSON for a `<script>` element: `<` is escaped so no `</script>` can end it early. */
export function scriptJson(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/** A complete HTML document. */
export function htmlDocument(options: { lang: string; title: string; head?: string; body: string }): string {
  return [
    '<!DOCTYPE html>',
    `<html lang="${escapeHtml(options.lang)}">`,
    '<head>',
    '<meta charset="utf-8">',
    `<title>${escapeHtml(options.title)}</title>`,
    options.head ?? '',
    '</head>',
    `<body>`,
    options.body,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** The captcha interstitial real marketplaces serve to suspected robots (HTTP 200). */
export function blockPageHtml(): string {
  return htmlDocument({
    lang: 'en',
    title: 'Robot Check',
    body: [
      '<div class="a-container"><h4>Enter the characters you see below</h4>',
      "<p>Sorry, we just need to make sure you're not a robot. For best results, please make sure your browser is accepting cookies.</p>",
      '<form method="get" action="/errors/validateCaptcha"><img src="/captcha/Captcha_abcdef.jpg" alt="captcha">',
      '<input type="text" id="captchacharacters" name="field-keywords" autocomplete="off">',
      '<button type="submit">Continue shopping</button></form></div>',
    ].join('\n'),
  });
}

/** Google's JavaScript interstitial (HTTP 200): no results until a script runs. */
export function interstitialPageHtml(): string {
  return htmlDocument({
    lang: 'en',
    title: 'Google Search',
    head: '<noscript><meta content="0;url=/httpservice/retry/enablejs?sei=a1b2c3" http-equiv="refresh"></noscript>',
    body: [
      '<div style="display:block">Please click <a href="/httpservice/retry/enablejs?sei=a1b2c3">here</a>',
      'if you are not redirected within a few seconds.</div>',
      '<script nonce="x">(function(){var u="/search?q=x&sei=a1b2c3";window.location.replace(u)})();</script>',
    ].join('\n'),
  });
}

/** A consent wall ("Before you continue"), a form posting to the consent host (HTTP 200). */
export function consentPageHtml(): string {
  return htmlDocument({
    lang: 'en',
    title: 'Before you continue to Google',
    body: [
      '<h1>Before you continue to Google</h1><p>We use cookies and data to deliver and maintain services.</p>',
      '<form action="https://consent.google.com/save" method="POST"><input type="hidden" name="set_eom" value="true">',
      '<button>Reject all</button><button>Accept all</button></form>',
    ].join('\n'),
  });
}

/** The "Pardon Our Interruption" robot check of an edge bot manager (HTTP 200). */
export function robotCheckPageHtml(): string {
  return htmlDocument({
    lang: 'en',
    title: 'Pardon Our Interruption...',
    body: [
      '<h1>Pardon Our Interruption...</h1>',
      '<p>As you were browsing, something about your browser made us think you were a bot.</p>',
    ].join('\n'),
  });
}

/** A plain error page. */
export function errorPageHtml(status: number, message: string): string {
  return htmlDocument({
    lang: 'en',
    title: `${status} ${message}`,
    body: `<h1>${status}</h1><p>${escapeHtml(message)}</p>`,
  });
}

/** Query-string parameter as one string (first of repeated ones), or ''. */
export function queryParam(query: unknown, name: string): string {
  const value = (query as Record<string, unknown> | undefined)?.[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : '';
}

/** A 1-based page number from the query (`page`), clamped to >= 1. */
export function pageParam(query: unknown, name = 'page'): number {
  const page = Number.parseInt(queryParam(query, name), 10);
  return Number.isFinite(page) && page >= 1 ? page : 1;
}
