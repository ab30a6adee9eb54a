/**
 * The registry of sources: one module per source id. Typed `Record<SourceId, SourceModule>`, so a
 * source id without a module (or a module without an id) fails the type check.
 */
import type { SourceModule } from './sources.module.ts';
import type { SourceId } from '../vocabulary/sources.types.ts';
import { source01 } from './source-01/source-01.module.ts';
import { source02 } from './source-02/source-02.module.ts';
import { source03 } from './source-03/source-03.module.ts';
import { source04 } from './source-04/source-04.module.ts';
import { source05 } from './source-05/source-05.module.ts';
import { source06 } from './source-06/source-06.module.ts';
import { source07 } from './source-07/source-07.module.ts';
import { source08 } from './source-08/source-08.module.ts';
import { source09 } from './source-09/source-09.module.ts';
import { source10 } from './source-10/source-10.module.ts';
import { source11 } from './source-11/source-11.module.ts';
import { source12 } from './source-12/source-12.module.ts';
import { web } from './web/web.module.ts';

/** Every source's module, by id. */
export const sourceModules: Readonly<Record<SourceId, SourceModule>> = {
  source_01: source01,
  source_02: source02,
  source_03: source03,
  source_04: source04,
  source_05: source05,
  source_06: source06,
  source_07: source07,
  source_08: source08,
  source_09: source09,
  source_10: source10,
  source_11: source11,
  source_12: source12,
  web,
};
