/**
 * The pure functions a compute thread may run (`compute.pool.ts`), by name. A worker thread cannot
 * receive a function, only its name: the pool looks the name up here by the function's identity, and
 * the thread runs the same function from its own copy of this module. A function not listed runs in
 * place, so listing one is only ever a speed choice. Every entry must be synchronous and pure, its
 * input and result plain data (structured clone), and its only errors the crawl errors.
 */
import { assessResult, computeTrust } from '../trust/trust.ts';
import { parseProductPage as parseSource01Product } from '../sources/source-01/source-01.parse.ts';
import { parseProductPage as parseSource02Product } from '../sources/source-02/source-02.parse.ts';
import { parseProduct as parseSource03Product } from '../sources/source-03/source-03.parse.ts';
import {
  parseItemPage as parseSource04Item,
  parseProductPage as parseSource04Product,
} from '../sources/source-04/source-04.parse.ts';
import { parseProductPage as parseSource05Product } from '../sources/source-05/source-05.parse.ts';
import { parseProductPage as parseSource06Product } from '../sources/source-06/source-06.parse.ts';
import { parseProductPage as parseSource07Product } from '../sources/source-07/source-07.parse.ts';
import { parseProductPage as parseSource08Product } from '../sources/source-08/source-08.parse.ts';
import { parseProductPage as parseSource09Product } from '../sources/source-09/source-09.parse.ts';
import { parseProductPage as parseSource10Product } from '../sources/source-10/source-10.parse.ts';
import { parseProductAnswer as parseSource11Product } from '../sources/source-11/source-11.parse.ts';
import { parseProductPage as parseSource12Product } from '../sources/source-12/source-12.parse.ts';

// Product pages are what a crawl parses most and what costs most to parse (docs/performance.md).
const functions = {
  'trust.compute': computeTrust,
  'trust.assess': assessResult,
  'source_01.product': parseSource01Product,
  'source_02.product': parseSource02Product,
  'source_03.product': parseSource03Product,
  'source_04.item': parseSource04Item,
  'source_04.product': parseSource04Product,
  'source_05.product': parseSource05Product,
  'source_06.product': parseSource06Product,
  'source_07.product': parseSource07Product,
  'source_08.product': parseSource08Product,
  'source_09.product': parseSource09Product,
  'source_10.product': parseSource10Product,
  'source_11.product': parseSource11Product,
  'source_12.product': parseSource12Product,
} as const satisfies Record<string, (input: never) => unknown>;

/** A registered function's name. */
export type ComputeName = keyof typeof functions;

/** The registered function of `name`, or undefined for a name this build does not know. */
export function computeFunctionNamed(name: string): ((input: unknown) => unknown) | undefined {
  return Object.hasOwn(functions, name)
    ? (functions[name as ComputeName] as (input: unknown) => unknown)
    : undefined;
}

const namesByFunction = new Map<unknown, ComputeName>(
  Object.entries(functions).map(([name, run]) => [run, name as ComputeName]),
);

/** The name `run` is registered under, or undefined when it must run in place. */
export function computeNameOf(run: unknown): ComputeName | undefined {
  return namesByFunction.get(run);
}
