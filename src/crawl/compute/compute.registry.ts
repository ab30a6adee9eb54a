/**
 * The pure functions a compute thread may run (`compute.pool.ts`), by name: trust scoring (and the
 * G38 assessment of clean offers) and the
 * page parsers each source declares in its module (`computeParsers`, named `<source id>.<name>`).
 * A worker thread cannot receive a function, only its name: the pool looks the name up here by the
 * function's identity, and the thread runs the same function from its own copy of this module. A
 * function not listed runs in place, so listing one is only ever a speed choice. Every entry must be
 * synchronous and pure, its input and result plain data (structured clone), and its only errors the
 * crawl errors.
 */
import { sourceModules } from '../sources/sources.registry.ts';
import { assessResult, computeTrust } from '../trust/trust.ts';

/** A registered function's name: `trust.compute`, or `<source id>.<parser name>`. */
export type ComputeName = string;

type Registered = (input: unknown) => unknown;

// Product pages are what a crawl parses most and what costs most to parse (docs/performance.md).
const functions = new Map<ComputeName, Registered>([
  ['trust.compute', computeTrust as Registered],
  ['trust.assess', assessResult as Registered],
  ...Object.values(sourceModules).flatMap((module) =>
    Object.entries(module.computeParsers ?? {}).map(
      ([name, parse]) => [`${module.spec.id}.${name}`, parse as Registered] as const,
    ),
  ),
]);

/** The registered function of `name`, or undefined for a name this build does not know. */
export function computeFunctionNamed(name: string): Registered | undefined {
  return functions.get(name);
}

const namesByFunction = new Map<unknown, ComputeName>([...functions].map(([name, run]) => [run, name]));

/** The name `run` is registered under, or undefined when it must run in place. */
export function computeNameOf(run: unknown): ComputeName | undefined {
  return namesByFunction.get(run);
}
