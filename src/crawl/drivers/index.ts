import type { SourceId } from '../../sources/sources.types.ts';
import type { SourceDriver } from '../crawl.types.ts';

/** Drivers by source; each source's driver registers here. */
const DRIVERS: Partial<Record<SourceId, SourceDriver>> = {};

/** The driver of a source; throws for a source that has none yet. */
export function getDriver(source: SourceId): SourceDriver {
  const driver = DRIVERS[source];
  if (!driver) throw new Error(`no driver for ${source}`);
  return driver;
}
