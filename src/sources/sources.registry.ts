/** The registry of source drivers. A source without a driver yet makes `getDriver` throw. */
import type { SourceId } from './sources.types.ts';
import type { SourceDriver } from '../crawl/crawl.types.ts';
import { source01Driver } from './source-01/source-01.driver.ts';
import { source02Driver } from './source-02/source-02.driver.ts';
import { source03Driver } from './source-03/source-03.driver.ts';
import { source04Driver } from './source-04/source-04.driver.ts';
import { source05Driver } from './source-05/source-05.driver.ts';
import { source06Driver } from './source-06/source-06.driver.ts';
import { source07Driver } from './source-07/source-07.driver.ts';
import { source08Driver } from './source-08/source-08.driver.ts';
import { source09Driver } from './source-09/source-09.driver.ts';
import { source10Driver } from './source-10/source-10.driver.ts';
import { source11Driver } from './source-11/source-11.driver.ts';
import { source12Driver } from './source-12/source-12.driver.ts';

const DRIVERS: Partial<Record<SourceId, SourceDriver>> = {
  source_01: source01Driver,
  source_02: source02Driver,
  source_03: source03Driver,
  source_04: source04Driver,
  source_05: source05Driver,
  source_06: source06Driver,
  source_07: source07Driver,
  source_08: source08Driver,
  source_09: source09Driver,
  source_10: source10Driver,
  source_11: source11Driver,
  source_12: source12Driver,
};

/** The driver of a source; throws for a source that has none yet. */
export function getDriver(source: SourceId): SourceDriver {
  const driver = DRIVERS[source];
  if (!driver) throw new Error(`no crawl driver for ${source}`);
  return driver;
}

/** Sources that have a driver. */
export function sourcesWithDriver(): SourceId[] {
  return Object.keys(DRIVERS) as SourceId[];
}
