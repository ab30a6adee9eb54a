/** Helpers every simulated site uses: storefront lookup, HTML replies, paging, money in truth form. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Catalogue, Offer, Product } from '../catalogue/catalogue.types.ts';
import { minorToAmount } from '../catalogue/locale.ts';
import { searchCatalogue } from '../catalogue/catalogue.ts';
import { errorPageHtml, queryParam } from '../html.ts';
import type { SiteContext } from '../sandbox.types.ts';

/** Sends an HTML page. */
export function sendHtml(reply: FastifyReply, html: string, status = 200): FastifyReply {
  return reply.code(status).type('text/html; charset=utf-8').send(html);
}

/** Sends the site's 404 page. */
export function sendNotFound(reply: FastifyReply): FastifyReply {
  return sendHtml(reply, errorPageHtml(404, 'Page not found'), 404);
}

/**
 * A GET handler for an HTML page of a storefront. `render` answers the page, or undefined for
 * something the storefront does not list (a bad id, an unknown product); that and an unknown
 * storefront get the site's 404 page, so routes state only how a page is found and drawn.
 */
export function htmlRoute(
  context: SiteContext,
  render: (request: FastifyRequest, catalogue: Catalogue) => string | undefined,
): (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply> {
  return async (request, reply) => {
    const catalogue = catalogueOf(request, context);
    const html = catalogue ? render(request, catalogue) : undefined;
    return html === undefined ? sendNotFound(reply) : sendHtml(reply, html);
  };
}

/** How a storefront's first search page is found and drawn, for {@link searchRoute}. */
export interface SearchRouteSpec {
  /** Query parameter that carries the term (`q`, `keyword` …). */
  param: string;
  pageSize: number;
  /** Draws the page; `prefix` is the path of the storefront's base URL (`/source_NN/cc`). */
  render(catalogue: Catalogue, prefix: string, term: string, results: readonly Product[]): string;
}

/** An `htmlRoute` for the first search page: the term's first `pageSize` catalogue matches. */
export function searchRoute(
  context: SiteContext,
  spec: SearchRouteSpec,
): (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply> {
  return htmlRoute(context, (request, catalogue) => {
    const term = queryParam(request.query, spec.param);
    const results = searchCatalogue(catalogue, term).slice(0, spec.pageSize);
    const prefix = new URL(siteBaseUrl(request, catalogue)).pathname;
    return spec.render(catalogue, prefix, term, results);
  });
}

/** The catalogue of the request's `:storefront`, or undefined (the caller answers 404). */
/** The absolute base URL of the site that serves `catalogue`, as the request reached it. */
export function siteBaseUrl(request: FastifyRequest, catalogue: Catalogue): string {
  return `${request.protocol}://${request.host}/${catalogue.profile.source}/${catalogue.storefront}`;
}

export function catalogueOf(request: FastifyRequest, context: SiteContext): Catalogue | undefined {
  const { storefront } = request.params as { storefront?: string };
  return storefront ? context.catalogue(storefront) : undefined;
}

/** A URL path segment from a product name: `sonora-aria-300-kabellose-kopfhoerer-schwarz`. */
export function slugOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** One page (1-based) of a list, and the number of pages. */
export function pageOf<T>(
  items: readonly T[],
  page: number,
  pageSize: number,
): { items: T[]; pages: number } {
  return {
    items: items.slice((page - 1) * pageSize, page * pageSize),
    pages: Math.ceil(items.length / pageSize),
  };
}

/** All pages of a list. */
export function allPages<T>(items: readonly T[], pageSize: number): T[][] {
  const pages: T[][] = [];
  for (let start = 0; start < items.length; start += pageSize)
    pages.push(items.slice(start, start + pageSize));
  return pages;
}

/** Minor units as the number a driver reports (`1299` cents → 12.99; yen stay whole). */
export function amount(minor: number, catalogue: Catalogue): number {
  return minorToAmount(minor, catalogue.locale);
}

/** Min/max/mean offer price as drivers report them: the mean is rounded to cents (also for yen). */
export function priceSummary(
  offers: readonly Offer[],
  catalogue: Catalogue,
): { price_min: number; price_max: number; price_avg: number } {
  const prices = offers.map((offer) => offer.priceMinor);
  const centsPerMinor = catalogue.locale.fractionDigits === 0 ? 100 : 1;
  const meanCents = (prices.reduce((sum, price) => sum + price, 0) * centsPerMinor) / prices.length;
  return {
    price_min: amount(Math.min(...prices), catalogue),
    price_max: amount(Math.max(...prices), catalogue),
    price_avg: Math.round(meanCents) / 100,
  };
}

/** An offer decisions G38's figures count: new, the product itself, not a planted price outlier. */
export function isCleanOffer(offer: Offer): boolean {
  return !offer.outlier && offer.wrongProduct === null && offer.condition === 'new';
}

/**
 * The price figures of decisions G38 as ground truth: `price_min`, `price_max`, `price_avg` and
 * `offers_count` over the clean offers among those the page lists (nulls when none is clean), and
 * the same over every offer as `…_all`. `every` is what a site's own statistics cover when it lists
 * only some offers (its top offers); by default the listed ones.
 */
export function trustedFiguresTruth(
  listed: readonly Offer[],
  catalogue: Catalogue,
  every: readonly Offer[] = listed,
): Record<string, unknown> {
  const clean = listed.filter(isCleanOffer);
  const all = priceSummary(every, catalogue);
  return {
    ...(clean.length > 0
      ? priceSummary(clean, catalogue)
      : { price_min: null, price_max: null, price_avg: null }),
    offers_count: clean.length,
    price_min_all: all.price_min,
    price_max_all: all.price_max,
    price_avg_all: all.price_avg,
    offers_count_all: every.length,
  };
}

/** Planted flags of an offer as ground truth lists them. */
export function offerFlags(offer: Offer): { outlier: boolean; wrong_product: boolean } {
  return { outlier: offer.outlier, wrong_product: offer.wrongProduct !== null };
}

/** The lowest-priced offer of a product. */
export function cheapestOffer(product: Product): Offer | undefined {
  return [...product.offers].sort((a, b) => a.priceMinor - b.priceMinor)[0];
}
