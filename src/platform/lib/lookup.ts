/**
 * Lookup tables of names that come from outside: request fields, crawled pages, configuration.
 * A plain object answers every `Object.prototype` name (`toString`, `constructor`, `__proto__` …)
 * as if it held it, so `table[name]` on a plain object turns a hostile name into a function, and
 * `name in table` into true. Tables built here have no prototype; `ownValue` reads any object the
 * same way when it was not built here (parsed JSON, a library's record).
 */

/** A frozen copy of `entries` without a prototype: only its own names answer. */
export function lookupTable<T extends object>(entries: T): Readonly<T> {
  return Object.freeze(Object.assign(Object.create(null) as T, entries));
}

/** The value `table` holds under `name` itself, never one it inherits. */
export function ownValue<T>(table: Readonly<Partial<Record<string, T>>>, name: string): T | undefined {
  return Object.hasOwn(table, name) ? table[name] : undefined;
}
