import assert from 'node:assert/strict';

/**
 * Asserts that `value` has exactly the fields `keys`, which the compiler checks are fields of `T`:
 * ties a client type to what the service really answers.
 */
export function assertShape<T>(value: unknown, keys: ReadonlyArray<keyof T & string>, what: string): void {
  assert.ok(typeof value === 'object' && value !== null, `${what} is an object`);
  assert.deepEqual(Object.keys(value).sort(), [...keys].sort(), what);
}
