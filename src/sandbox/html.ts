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
