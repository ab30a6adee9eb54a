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
