/** Public shapes of the sandbox: options, fault profiles and the contract of one simulated site. */
import type { FastifyInstance } from 'fastify';
import type { SourceId } from '../crawl/vocabulary/sources.types.ts';
import type { Catalogue, CatalogueProfile } from './catalogue/catalogue.types.ts';

/**
 * Injected misbehaviour of one source. Rates are probabilities (0..1): the transport faults per
 * request (one draw picks at most one), `markupDrift` per product (see {@link SiteContext.drifted}).
 */
export interface FaultProfile {
  latencyMs?: { min: number; max: number };
  rates?: {
    tooManyRequests?: number;
    serverError?: number;
    hang?: number;
    blockPage?: number;
    truncated?: number;
    dropConnection?: number;
    /** Share of products whose product page comes in the site's second template. */
    markupDrift?: number;
  };
  /** `Retry-After` sent with 429 answers (default 1). */
  retryAfterSeconds?: number;
}

export type FaultKind = keyof NonNullable<FaultProfile['rates']>;

/** The faults drawn per request; `markupDrift` is decided per product instead. */
export type RequestFaultKind = Exclude<FaultKind, 'markupDrift'>;

export interface SandboxOptions {
  /** Seed of the catalogue and of fault draws (default `DEFAULT_SEED`). */
  seed?: number;
  faults?: Partial<Record<SourceId, FaultProfile>>;
  logger?: boolean;
  /** `light` (default) serves small pages of each site's markup; `real` pads them to a real site's size. */
  pageWeight?: PageWeight;
}

/** How heavy the sandbox's pages are (`SANDBOX_PAGE_WEIGHT`, decisions G34). */
export type PageWeight = 'light' | 'real';

/** What a site's routes and truth get from the app. */
export interface SiteContext {
  seed: number;
  /** `real`: pages carry scripts and styles up to a real page's size ({@link weighPage}). */
  pageWeight: PageWeight;
  /** The catalogue of a storefront this site serves, or undefined for any other path segment. */
  catalogue(storefront: string): Catalogue | undefined;
  /**
   * Whether the page of `productId` on `storefront` comes in the second template (the
   * `markupDrift` fault). The same for every request of that product and seed, so a page never
   * flips between templates; counted in the source's stats when true.
   */
  drifted(storefront: string, productId: string): boolean;
}

/** Input of a site's ground truth for one submitted country. */
export interface TruthInput {
  /** Country as submitted (`gb`, `at`, ...). */
  country: string;
  catalogue: Catalogue;
  /** Absolute base URL of the storefront, as drivers are configured with it. */
  baseUrl: string;
}

/** Ground truth of one (source, country) as `/catalog.json` lists it. */
export interface SiteTruth {
  /** One entry per product: identifiers, and the content a complete crawl returns. */
  products: unknown[];
  /** Results of key `term` for known terms. */
  terms: unknown[];
  /** Values that must come back `not found`, per key. */
  not_found: Record<string, string[]>;
}

/** One simulated site: its catalogue profile, storefronts, routes and ground truth. */
export interface SandboxSite {
  source: SourceId;
  /** Storefront path segments the site serves (`uk`, never `gb`). */
  storefronts: readonly string[];
  /** Countries served by another storefront of this site (e.g. source_02 `at` → `de`); `gb` → `uk` is global. */
  countryStorefronts?: Readonly<Record<string, string>>;
  profile: CatalogueProfile;
  /** Registers routes relative to `/<source>`; every route starts with `/:storefront`. */
  register(app: FastifyInstance, context: SiteContext): void;
  truth(input: TruthInput): SiteTruth;
}
