/** Registry of the simulated sites. Adding a site: write `source-NN.site.ts`, then list it here. */
import type { SandboxSite } from '../sandbox.types.ts';

export const SANDBOX_SITES: readonly SandboxSite[] = [];
