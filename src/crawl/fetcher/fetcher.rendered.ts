/**
 * The rendered fetch (issue 20): pages whose prices appear only after scripts run are loaded in
 * headless Chromium (playwright-core driving Debian's `chromium`) and the rendered DOM is handed to
 * the same parsers as a plain fetch's body. It replaces only the exchange of one hop: politeness,
 * retries, block-page detection, sessions (user agent, cookies, proxy) and the host guard are the
 * fetcher's as for every page. Images, fonts and media are never loaded; every request the page
 * makes must pass the host guard; at most `concurrency` pages render at once per process.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import type { RenderSettings } from '../../platform/config/config.render.ts';
import { WorkSlots } from '../../platform/lib/slots.ts';
import type { ExchangeResponse } from './fetcher.exchange.ts';
import { ResponseBody } from './fetcher.page.ts';
import { abortError, classifyTransportError, FetchFailure } from './fetcher.failures.ts';
import type { HostGuard } from './fetcher.hosts.ts';
import type { Session } from './fetcher.session.ts';

export interface RenderRequest {
  source: string;
  url: URL;
  headers: Readonly<Record<string, string>>;
  session: Session;
  signal: AbortSignal;
  hostGuard?: HostGuard;
  acceptLanguage: string;
}

/** Renders pages in Chromium for the sources and hosts configured to need it. */
export interface PageRenderer {
  /** Whether this page is rendered rather than fetched plainly. */
  wants(source: string, url: URL): boolean;
  render(
    request: RenderRequest,
    onAnswer: (answer: Omit<ExchangeResponse, 'headers' | 'body'>) => void,
  ): Promise<ExchangeResponse>;
  close(): Promise<void>;
}

const SKIPPED_RESOURCES = new Set(['image', 'font', 'media']);
/**
 * Chromium's flags: headless, without the background traffic a desktop browser makes (the test kit
 * `test/support/chromium.ts` launches it the same way).
 */
export const BROWSER_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Whether `host` is named by `patterns` (`shop.example`, or `*.example.org` for its subdomains). */
export function hostMatches(host: string, patterns: readonly string[]): boolean {
  const lower = host.toLowerCase();
  return patterns.some((pattern) => {
    const name = pattern.toLowerCase();
    return name.startsWith('*.') ? lower.endsWith(name.slice(1)) : lower === name;
  });
}

/** A renderer over `settings`; the browser starts with the first rendered page. */
export function createPageRenderer(settings: RenderSettings): PageRenderer {
  const slots = new WorkSlots(settings.concurrency);
  let browser: Promise<Browser> | undefined;
  const launch = async (): Promise<Browser> => {
    const { chromium } = await import('playwright-core');
    return chromium.launch({ executablePath: settings.chromiumPath, args: [...BROWSER_ARGS] });
  };

  async function renderNow(
    request: RenderRequest,
    onAnswer: (answer: Omit<ExchangeResponse, 'headers' | 'body'>) => void,
  ): Promise<ExchangeResponse> {
    if (request.signal.aborted) throw abortError(request.signal);
    const startedMs = Date.now();
    let context: BrowserContext | undefined;
    try {
      browser ??= launch();
      context = await (await browser).newContext(contextOptions(request));
      await context.route('**/*', (route) => {
        const asked = route.request();
        const refused = request.hostGuard?.(new URL(asked.url()));
        return SKIPPED_RESOURCES.has(asked.resourceType()) || refused !== undefined
          ? route.abort()
          : route.continue();
      });
      const page = await context.newPage();
      const closeOnAbort = () => void context?.close();
      request.signal.addEventListener('abort', closeOnAbort, { once: true });
      try {
        const response = await page.goto(request.url.href, {
          timeout: settings.timeoutMs,
          waitUntil: 'load',
        });
        // Scripts that fetch prices after `load` get the rest of the time limit to go quiet.
        const leftMs = settings.timeoutMs - (Date.now() - startedMs);
        if (leftMs > 0)
          await page.waitForLoadState('networkidle', { timeout: leftMs }).catch(() => undefined);
        const status = response?.status() ?? 0;
        const answer = { status, observedAt: new Date(), durationMs: Date.now() - startedMs };
        onAnswer(answer);
        return {
          ...answer,
          headers: { 'content-type': 'text/html; charset=utf-8' },
          body: ResponseBody.ofText(await page.content()),
        };
      } finally {
        request.signal.removeEventListener('abort', closeOnAbort);
      }
    } catch (error) {
      if (error instanceof FetchFailure) throw error;
      if (request.signal.aborted) throw abortError(request.signal);
      const message = (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
      if (/Timeout/i.test(message)) throw new FetchFailure('timeout', `rendering timed out: ${message}`);
      throw classifyTransportError(new Error(`rendering failed: ${message}`, { cause: error }));
    } finally {
      await context?.close().catch(() => undefined);
    }
  }

  return {
    wants: (source, url) => settings.sources.includes(source) || hostMatches(url.hostname, settings.hosts),
    render: (request, onAnswer) => slots.run(() => renderNow(request, onAnswer)),
    async close() {
      const started = browser;
      browser = undefined;
      if (started) await (await started.catch(() => undefined))?.close();
    },
  };
}

/** The session's identity in the browser: user agent, proxy, language and cookies. */
function contextOptions(request: RenderRequest) {
  const cookie = [request.headers.cookie, request.session.cookies.header(request.url)]
    .filter(Boolean)
    .join('; ');
  const extraHTTPHeaders: Record<string, string> = { 'accept-language': request.acceptLanguage };
  if (cookie) extraHTTPHeaders.cookie = cookie;
  return {
    userAgent: request.session.userAgent,
    extraHTTPHeaders,
    ...(request.session.proxyUrl ? { proxy: { server: request.session.proxyUrl } } : {}),
  };
}
