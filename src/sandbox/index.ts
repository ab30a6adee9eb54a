/** Public entry points of the sandbox marketplaces. */
export { buildSandboxApp } from './app.ts';
export { DEFAULT_SEED } from './catalogue/catalogue.ts';
export { storefrontFor, countriesOf } from './storefronts.ts';
export { SANDBOX_SITES } from './sites/index.ts';
export type { FaultProfile, FaultKind, PageWeight, SandboxOptions, SandboxSite } from './sandbox.types.ts';
