/**
 * A page as many shops send it now: an empty document whose script builds what people see. The
 * original page travels base64-encoded inside the script and replaces the document once it runs, so
 * only a client that runs scripts (a rendered fetch) sees the product, its price and its JSON-LD.
 */
export function scriptShellHtml(page: string): string {
  const encoded = Buffer.from(page, 'utf8').toString('base64');
  return [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8"><title>Loading…</title></head>',
    '<body><div id="app">Loading…</div>',
    '<script>(function(){',
    `var bytes=Uint8Array.from(atob("${encoded}"),function(c){return c.charCodeAt(0)});`,
    'var html=new TextDecoder().decode(bytes);',
    'var doc=new DOMParser().parseFromString(html,"text/html");',
    'document.replaceChild(document.adoptNode(doc.documentElement),document.documentElement);',
    '})();</script>',
    '</body></html>',
    '',
  ].join('\n');
}
