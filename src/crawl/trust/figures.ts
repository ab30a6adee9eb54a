/**
 * The price figures of a result (decisions G38): `price_min`, `price_max`, `price_avg` and
 * `offers_count` over the clean offers, the same figures over every offer beside them
 * (`price_min_all`, `price_max_all`, `price_avg_all`, `offers_count_all`). A driver reports the
 * figures over every offer it saw; trust knows which offers are clean, so the figures are finished
 * here, after trust, for every source alike. docs/trust.md explains them to API users.
 *
 * Finishing is idempotent: content that already carries `price_min_all` keeps its figures over
 * every offer, and the clean figures are computed again from its offers (a re-serve from the cache
 * gets the current analysis).
 */
import { summarizePrices } from '../engine/crawl.offers.ts';
import { isRecord, isResultList, numberOf } from './content.ts';

/** The offers trust set apart: indices into `content.offers`, each list ascending. */
export interface SetApartOffers {
  /** Offers for another product (accessory, used, refurbished, another name). */
  wrong: readonly number[];
  /** Price outliers among the rest (`flagged_offers`). */
  outliers: readonly number[];
}

/** Conditions that make an offer unclean even where trust's words did not catch it (G38: "new"). */
const NOT_NEW = new Set(['used', 'refurbished']);

const FIGURES = ['price_min', 'price_max', 'price_avg'] as const;

/** True for an offer whose own `condition` says it is not new; an offer without one counts as new. */
function isNotNew(offer: unknown): boolean {
  if (!isRecord(offer)) return false;
  const condition = offer['condition'];
  return typeof condition === 'string' && NOT_NEW.has(condition.trim().toLowerCase());
}

/** Indices of the clean offers: new (or no condition shown), the requested product, no price outlier. */
export function cleanOfferIndices(offers: readonly unknown[], setApart: SetApartOffers): number[] {
  const unclean = new Set([...setApart.wrong, ...setApart.outliers]);
  return offers.flatMap((offer, index) => (unclean.has(index) || isNotNew(offer) ? [] : [index]));
}

/** The figures over every offer: the driver's own where it gave them (it may have seen more offers than it lists). */
function allFigures(content: Record<string, unknown>, offers: readonly unknown[]): Record<string, unknown> {
  if (Object.hasOwn(content, 'price_min_all')) {
    return {
      price_min_all: content['price_min_all'] ?? null,
      price_max_all: content['price_max_all'] ?? null,
      price_avg_all: content['price_avg_all'] ?? null,
      offers_count_all: content['offers_count_all'] ?? offers.length,
    };
  }
  const computed = summarizePrices(offers.filter(isRecord));
  const stated = (field: (typeof FIGURES)[number]): number | null =>
    numberOf(content[field]) ?? computed[field];
  return {
    price_min_all: stated('price_min'),
    price_max_all: stated('price_max'),
    price_avg_all: stated('price_avg'),
    offers_count_all: numberOf(content['offers_count']) ?? offers.length,
  };
}

/**
 * Places `figures` in `content`: fields it already has keep their place, new ones go before
 * `offers`, so a reader finds the figures together above the offer list.
 */
function placeFigures(
  content: Record<string, unknown>,
  figures: Record<string, unknown>,
): Record<string, unknown> {
  const placed: Record<string, unknown> = {};
  const pending = Object.keys(figures).filter((field) => !Object.hasOwn(content, field));
  for (const [field, value] of Object.entries(content)) {
    if (field === 'offers') for (const added of pending.splice(0)) placed[added] = figures[added];
    placed[field] = Object.hasOwn(figures, field) ? figures[field] : value;
  }
  for (const added of pending) placed[added] = figures[added];
  return placed;
}

/** Whether the source reports price figures in this content (not every content has them: spec 2.4). */
function reportsFigures(content: Record<string, unknown>): boolean {
  return [...FIGURES, 'offers_count', 'price_min_all'].some((field) => Object.hasOwn(content, field));
}

/**
 * The content with decisions G38's figures. Content without an offer list, a search result list
 * (cards of different products, whose prices say nothing about each other) and content without
 * figures of its own (source_02's offers, one source_04 listing) are returned as they are.
 */
export function withTrustedFigures(
  key: string,
  content: Record<string, unknown>,
  setApart: SetApartOffers,
): Record<string, unknown> {
  const offers = content['offers'];
  if (!Array.isArray(offers) || offers.length === 0) return content;
  if (isResultList(key, content) || !reportsFigures(content)) return content;
  const clean = cleanOfferIndices(offers, setApart).map((index) => offers[index]);
  const { price_min, price_max, price_avg } = summarizePrices(clean.filter(isRecord));
  return placeFigures(content, {
    price_min,
    price_max,
    price_avg,
    offers_count: clean.length,
    ...allFigures(content, offers),
  });
}
