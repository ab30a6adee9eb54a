/** Registry of the simulated sites. Adding a site: write `source-NN.site.ts`, then list it here. */
import type { SandboxSite } from '../sandbox.types.ts';
import { source01Site } from './source-01.site.ts';
import { source02Site } from './source-02.site.ts';
import { source03Site } from './source-03.site.ts';
import { source04Site } from './source-04.site.ts';
import { source05Site } from './source-05.site.ts';
import { source06Site } from './source-06.site.ts';
import { source07Site } from './source-07.site.ts';
import { source08Site } from './source-08.site.ts';
import { source09Site } from './source-09.site.ts';
import { source10Site } from './source-10.site.ts';
import { source11Site } from './source-11.site.ts';
import { source12Site } from './source-12.site.ts';

export const SANDBOX_SITES: readonly SandboxSite[] = [
  source01Site,
  source02Site,
  source03Site,
  source04Site,
  source05Site,
  source06Site,
  source07Site,
  source08Site,
  source09Site,
  source10Site,
  source11Site,
  source12Site,
];
