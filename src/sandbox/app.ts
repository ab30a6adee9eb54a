/** The sandbox marketplaces: one Fastify app serving every simulated site, its ground truth and faults. */
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { SOURCE_IDS, type SourceId } from '../crawl/vocabulary/sources.types.ts';
import { registerCatalogRoute } from './catalog-route.ts';
import { DEFAULT_SEED, getCatalogue } from './catalogue/catalogue.ts';
import { FaultInjector, parseFaultProfiles, type FaultDecision } from './faults.ts';
import {
  blockPageHtml,
  consentPageHtml,
  errorPageHtml,
  interstitialPageHtml,
  robotCheckPageHtml,
} from './html.ts';
import { parsePriceMoves, PriceMoves } from './price-moves.ts';
import { rngFor } from './random.ts';
import { scriptShellHtml } from './script-shell.ts';
import type { PageWeight, SandboxOptions, SandboxSite, SiteContext } from './sandbox.types.ts';
import { SANDBOX_SITES } from './sites/index.ts';

/** Builds (never listens) the sandbox app; the caller runs `listen`. */
export function buildSandboxApp(options: SandboxOptions = {}): FastifyInstance {
  const seed = options.seed ?? DEFAULT_SEED;
  // Hanging requests would otherwise keep `close()` waiting for ever.
  const app = Fastify({
    logger: options.logger ?? false,
    forceCloseConnections: true,
    rewriteUrl: keepRawEscapes,
  });
  const faults = new FaultInjector(seed, options.faults);
  const priceMoves = new PriceMoves();
  registerFaults(app, faults, seed);
  registerAdminRoutes(app, faults, priceMoves);
  registerCatalogRoute(app, seed, priceMoves);
  for (const site of SANDBOX_SITES) {
    const context = siteContext(site, seed, faults, priceMoves, options.pageWeight ?? 'light');
    void app.register(async (scope) => site.register(scope, context), { prefix: `/${site.source}` });
  }
  app.setNotFoundHandler((_request, reply) => {
    void reply.code(404).type('text/html; charset=utf-8').send(errorPageHtml(404, 'Page not found'));
  });
  return app;
}

/**
 * A path whose escapes are no UTF-8 (kakaku.com's Shift_JIS search terms) would be refused before
 * any route sees it; its escapes are escaped once more, so the route gets them as written and
 * decodes them itself (`request.originalUrl` keeps the path as sent).
 */
function keepRawEscapes(request: { url?: string }): string {
  const url = request.url ?? '/';
  try {
    decodeURI(url);
    return url;
  } catch {
    return url.replace(/%(?=[0-9A-Fa-f]{2})/g, '%25');
  }
}

function siteContext(
  site: SandboxSite,
  seed: number,
  faults: FaultInjector,
  priceMoves: PriceMoves,
  pageWeight: PageWeight,
): SiteContext {
  return {
    seed,
    pageWeight,
    catalogue: (storefront) =>
      site.storefronts.includes(storefront)
        ? priceMoves.apply(site.source, getCatalogue(site.profile, storefront, seed))
        : undefined,
    drifted: (storefront, productId) => faults.drifted(site.source, storefront, productId),
  };
}

/** The source a request path belongs to (`/source_01/de/...`), or undefined for root routes. */
function sourceOfPath(url: string): SourceId | undefined {
  const first = url.split('/')[1]?.split('?')[0];
  return (SOURCE_IDS as readonly string[]).includes(first ?? '') ? (first as SourceId) : undefined;
}

function registerFaults(app: FastifyInstance, faults: FaultInjector, seed: number): void {
  const truncated = new WeakSet<FastifyRequest>();
  const cutRng = rngFor(seed, 'truncation');
  app.addHook('onRequest', async (request, reply) => {
    const source = sourceOfPath(request.url);
    if (!source) return;
    const decision = faults.decide(source);
    if (decision.delayMs > 0) await sleep(decision.delayMs);
    if (decision.fault === 'truncated') truncated.add(request);
    else if (decision.fault) return applyFault(decision, request, reply);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const source = sourceOfPath(request.url);
    if (source && faults.scriptOnly(source) && typeof payload === 'string' && isHtml(reply)) {
      return scriptShellHtml(payload);
    }
    if (!truncated.has(request) || typeof payload !== 'string') return payload;
    // Cut somewhere in the middle: the head usually survives, the end of the document never does.
    const end = payload.toLowerCase().lastIndexOf('</html>');
    const limit = end > 0 ? end : payload.length;
    return payload.slice(0, Math.floor(limit * (0.3 + cutRng.next() * 0.6)));
  });
}

function isHtml(reply: FastifyReply): boolean {
  return String(reply.getHeader('content-type') ?? '').startsWith('text/html');
}

function applyFault(
  decision: FaultDecision,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply | undefined {
  switch (decision.fault) {
    case 'tooManyRequests':
      return reply
        .code(429)
        .header('retry-after', String(decision.retryAfterSeconds))
        .type('text/html; charset=utf-8')
        .send(errorPageHtml(429, 'Too Many Requests'));
    case 'serverError':
      return reply.code(503).type('text/html; charset=utf-8').send(errorPageHtml(503, 'Service Unavailable'));
    case 'blockPage':
      return reply.code(200).type('text/html; charset=utf-8').send(blockPageHtml());
    case 'jsInterstitial':
      return reply.code(200).type('text/html; charset=utf-8').send(interstitialPageHtml());
    case 'consentWall':
      return reply.code(200).type('text/html; charset=utf-8').send(consentPageHtml());
    case 'robotCheck':
      return reply.code(200).type('text/html; charset=utf-8').send(robotCheckPageHtml());
    case 'hang':
      // Never answer; the socket stays open until the client gives up (or the app closes).
      reply.hijack();
      return undefined;
    case 'dropConnection':
      reply.hijack();
      request.raw.socket.destroy();
      return undefined;
    default:
      return undefined;
  }
}

function registerAdminRoutes(app: FastifyInstance, faults: FaultInjector, priceMoves: PriceMoves): void {
  app.get('/_sandbox/price-moves', async () => ({ moves: priceMoves.current() }));
  app.put('/_sandbox/price-moves', async (request, reply) => {
    const parsed = parsePriceMoves(request.body);
    if ('error' in parsed) return reply.code(400).send({ error: true, message: parsed.error });
    priceMoves.replace(parsed.moves);
    return { moves: priceMoves.current() };
  });
  app.get('/_sandbox/faults', async () => faults.current());
  app.put('/_sandbox/faults', async (request, reply) => {
    const parsed = parseFaultProfiles(request.body);
    if ('error' in parsed) return reply.code(400).send({ error: true, message: parsed.error });
    faults.replace(parsed.profiles);
    return faults.current();
  });
  app.get('/_sandbox/stats', async () => faults.stats());
}
