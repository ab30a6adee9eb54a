/** Item conditions as marketplaces label them, in the storefront languages. */
import { lookupTable } from '../../platform/lib/lookup.ts';

/** Condition words, checked in this order (a refurbished unit may also say "used"). */
const CONDITIONS: readonly [string, RegExp][] = [
  [
    'refurbished',
    /refurb|generalüberholt|reconditionn|ricondizionat|reacondicionad|recondicionad|gereviseerd|odnowion|renover|整備済み|yenilenmiş/iu,
  ],
  [
    'used',
    /used|pre-owned|gebraucht|occasion|usato|usado|gebruikt|używany|begagnad|中古|ikinci el|brugt|brukt/iu,
  ],
];

/** A condition label (`Gebraucht - Gut`, `Reconditionné`) as `new`, `used` or `refurbished`. */
export function conditionOf(label: string): string {
  return CONDITIONS.find(([, pattern]) => pattern.test(label))?.[0] ?? 'new';
}

/**
 * The condition an offer's title states in a closing parenthesis, as price-comparison sites list a
 * used unit (`Akku-Bohrschrauber 18V (Gebraucht - Gut)`); a title without one is a new unit.
 */
export function conditionOfTitle(title: string): string {
  const label = /\(([^()]+)\)\s*$/u.exec(title)?.[1];
  return label === undefined ? 'new' : conditionOf(label);
}

const SCHEMA_CONDITIONS: Record<string, string> = lookupTable({
  NewCondition: 'new',
  UsedCondition: 'used',
  RefurbishedCondition: 'refurbished',
  DamagedCondition: 'used',
});

/** A schema.org `itemCondition` (`https://schema.org/UsedCondition`) as `new`, `used` or `refurbished`. */
export function conditionOfSchema(value: string | undefined): string | null {
  const name = value?.replace(/^.*[/:#]/u, '');
  return name === undefined ? null : (SCHEMA_CONDITIONS[name] ?? null);
}
