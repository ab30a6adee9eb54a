/**
 * The product universe every site draws from. A base product is a pure function of (seed, index),
 * so two sites selling the same base product agree on its GTIN, brand and model, as real sites do.
 */
import { rngFor, type Rng } from '../random.ts';
import { gtin13CheckDigit, randomPzn } from './identifiers.ts';
import type { StorefrontLocale } from './locale.ts';
import { CATEGORIES, COLOURS, type CategoryDefinition } from './vocabulary.ts';

/** Size of the universe; each storefront sells a few hundred of these. */
export const UNIVERSE_SIZE = 4000;

/** GS1 prefixes of the countries brands are registered in (never the 200-299 in-store range). */
const GS1_PREFIXES = [
  '400',
  '401',
  '402',
  '405',
  '409',
  '426',
  '300',
  '321',
  '800',
  '841',
  '500',
  '502',
  '871',
  '761',
];

/** A product independent of any site or language. */
export interface BaseProduct {
  index: number;
  gtin: string;
  mpn: string;
  brand: string;
  series: string;
  modelNumber: number;
  category: CategoryDefinition;
  colourIndex: number;
  /** PZN if the product is sold in pharmacies. */
  pzn: string | null;
  basePriceEuroCents: number;
  rating: number;
  ratingCount: number;
  availableSince: string;
}

/** The base product at `index` (0 <= index < UNIVERSE_SIZE). */
export function baseProduct(seed: number, index: number): BaseProduct {
  const rng = rngFor(seed, 'base-product', index);
  const category = rng.pick(CATEGORIES);
  const brand = rng.pick(category.brands);
  const series = rng.pick(category.series);
  const modelNumber = rng.int(10, 99) * 10;
  const colourIndex = rng.int(0, COLOURS.length - 1);
  const company = String(1000 + (index % 9000)).slice(-4);
  const first12 = rng.pick(GS1_PREFIXES) + company + String(index).padStart(5, '0');
  const { min, max } = category.priceCents;
  return {
    index,
    gtin: first12 + String(gtin13CheckDigit(first12)),
    mpn: `${brand.slice(0, 3).toUpperCase()}-${series.slice(0, 2).toUpperCase()}${modelNumber}-${colourIndex + 1}${index % 100}`,
    brand,
    series,
    modelNumber,
    category,
    colourIndex,
    pzn: category.pharmacy ? randomPzn(rng) : null,
    basePriceEuroCents: Math.round(rng.int(min, max) / 100) * 100,
    rating: rng.int(28, 50) / 10,
    ratingCount: Math.floor(Math.pow(rng.next(), 3) * 20000) + rng.int(1, 40),
    availableSince: randomDate(rng),
  };
}

function randomDate(rng: Rng): string {
  const year = rng.int(2019, 2025);
  return `${year}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`;
}

/** The product's name in the storefront's language, e.g. `Sonora Aria 300 Kabellose Kopfhörer, schwarz`. */
export function localizedName(product: BaseProduct, locale: StorefrontLocale): string {
  const colour = COLOURS[product.colourIndex]?.[locale.language] ?? '';
  return `${product.brand} ${product.series} ${product.modelNumber} ${product.category.noun[locale.language]}, ${colour}`;
}

/** The local price level of a euro price, in minor units, before shop-style rounding. */
export function euroToLocalMinor(euroCents: number, locale: StorefrontLocale): number {
  const units = (euroCents / 100) * locale.unitsPerEuro;
  return Math.round(locale.fractionDigits === 0 ? units : units * 100);
}

/**
 * A shop-style price near `minor` (local minor units): whole units ending in .99/.95/.49/.00 for
 * two-decimal currencies, round tens for yen.
 */
export function shopPrice(minor: number, locale: StorefrontLocale, rng: Rng): number {
  if (locale.fractionDigits === 0) return Math.max(10, Math.round(minor / 10) * 10 - rng.pick([0, 0, 2]));
  const whole = Math.max(1, Math.floor(minor / 100));
  return whole * 100 + rng.pick([99, 99, 95, 49, 0]);
}

/** A shipping cost picked from typical euro tariffs and converted; 0 means free delivery. */
export function localShipping(euroCents: number, locale: StorefrontLocale): number {
  if (euroCents === 0) return 0;
  const units = Math.max(1, Math.round((euroCents / 100) * locale.unitsPerEuro));
  return locale.fractionDigits === 0 ? Math.round(units / 10) * 10 : units * 100 - 1;
}
