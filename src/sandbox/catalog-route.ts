/** `GET /catalog.json`: the ground truth tests compare crawl results against. */
import type { FastifyInstance } from 'fastify';
import type { SourceId } from '../crawl/vocabulary/sources.types.ts';
import { getCatalogue } from './catalogue/catalogue.ts';
import { queryParam } from './html.ts';
import type { PriceMoves } from './price-moves.ts';
import type { SandboxSite } from './sandbox.types.ts';
import { countriesOf, siteFor, storefrontFor } from './storefronts.ts';
import { SANDBOX_SITES } from './sites/index.ts';

/** Registers `/catalog.json`: a summary without query, one (source, country) with `?source=&country=`. */
export function registerCatalogRoute(app: FastifyInstance, seed: number, priceMoves: PriceMoves): void {
  app.get('/catalog.json', async (request, reply) => {
    const source = queryParam(request.query, 'source');
    const country = queryParam(request.query, 'country').toLowerCase();
    if (!source && !country) return summary(seed);
    const site = siteFor(source);
    const storefront = site ? storefrontFor(site.source, country) : undefined;
    if (!site || !storefront) {
      return reply.code(404).send({ error: true, message: `no sandbox storefront for ${source} ${country}` });
    }
    const catalogue = priceMoves.apply(site.source, getCatalogue(site.profile, storefront, seed));
    const baseUrl = `${request.protocol}://${request.host}/${site.source}/${storefront}`;
    return {
      source: site.source,
      country,
      storefront,
      seed,
      base_url: baseUrl,
      currency: catalogue.locale.currency,
      language: catalogue.locale.language,
      ...site.truth({ country, catalogue, baseUrl }),
    };
  });
}

function summary(seed: number): unknown {
  return {
    seed,
    sources: SANDBOX_SITES.map((site: SandboxSite) => {
      const first = site.storefronts[0] as string;
      const notFound = getCatalogue(site.profile, first, seed).notFound;
      return {
        source: site.source as SourceId,
        storefronts: site.storefronts,
        countries: countriesOf(site),
        country_storefronts: {
          ...(site.storefronts.includes('uk') ? { gb: 'uk' } : {}),
          ...site.countryStorefronts,
        },
        products_per_storefront: site.profile.productCount,
        not_found_examples: {
          storefront: first,
          gtin: notFound.gtin.slice(0, 3),
          id: notFound.id.slice(0, 3),
          term: notFound.term.slice(0, 3),
        },
      };
    }),
  };
}
