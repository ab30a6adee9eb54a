/** Typed reading of embedded JSON state: a missing required field is a `PageParseError`. */
import { isJsonObject, type JsonObject } from '../extract/jsonld.ts';
import { PageParseError } from '../vocabulary/crawl.errors.ts';

/** Reads fields of one JSON object; `where` names the page in errors. */
export class StateReader {
  constructor(
    private readonly node: JsonObject,
    private readonly where: string,
  ) {}

  private fail(key: string, kind: string): never {
    throw new PageParseError(`state field ${key} is not ${kind} on ${this.where}`);
  }

  string(key: string): string {
    const value = this.node[key];
    return typeof value === 'string' ? value : this.fail(key, 'a string');
  }

  optionalString(key: string): string | null {
    const value = this.node[key];
    return typeof value === 'string' ? value : null;
  }

  number(key: string): number {
    const value = this.node[key];
    return typeof value === 'number' && Number.isFinite(value) ? value : this.fail(key, 'a number');
  }

  object(key: string): StateReader {
    const value = this.node[key];
    return isJsonObject(value) ? new StateReader(value, this.where) : this.fail(key, 'an object');
  }

  array(key: string): StateReader[] {
    const value = this.node[key];
    if (!Array.isArray(value)) return this.fail(key, 'an array');
    return value.map((item) =>
      isJsonObject(item) ? new StateReader(item, this.where) : this.fail(key, 'a list of objects'),
    );
  }

  strings(key: string): string[] {
    const value = this.node[key];
    if (!Array.isArray(value) || !value.every((item) => typeof item === 'string'))
      return this.fail(key, 'a list of strings');
    return value;
  }
}

/** Integer micros of a currency unit as an amount rounded to cents. */
export function fromMicros(micros: number): number {
  return Math.round(micros / 10_000) / 100;
}
