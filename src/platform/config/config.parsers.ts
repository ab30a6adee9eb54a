/**
 * Parsers of the configuration's variables (`config.ts`): each turns the raw text of one variable
 * into its value or throws a `ConfigValueError` that names what is wrong.
 */
import { availableParallelism } from 'node:os';
import { readCrawlLimits, type CrawlLimits } from './config.crawl-limits.ts';
import { readRenderSettings, type RenderSettings } from './config.render.ts';

export type Parser<T> = (raw: string) => T;

/** A bad value: one reason, or (`details`) several, each reported as a problem of its own. */
export class ConfigValueError extends Error {
  constructor(
    message: string,
    readonly details: readonly string[] = [],
  ) {
    super(message);
  }
}

export function integer(min: number, max: number): Parser<number> {
  return (raw) => {
    const parsed = Number(raw);
    if (!/^-?\d+$/.test(raw.trim()) || !Number.isSafeInteger(parsed) || parsed < min || parsed > max) {
      throw new ConfigValueError(`must be an integer from ${min} to ${max}`);
    }
    return parsed;
  };
}

/** Compute threads at most, whatever the machine (`COMPUTE_THREADS`). */
export const MAX_COMPUTE_THREADS = 16;

/**
 * `COMPUTE_THREADS=auto`: one thread per core beyond the main thread's, at most 4 (a crawl's parsing
 * and trust use about a third of the main thread's time, so more rarely pays); 0 on one core.
 */
export function autoComputeThreads(cores = availableParallelism()): number {
  return Math.max(0, Math.min(4, cores - 1));
}

/** `COMPUTE_THREADS`: `auto`, or a thread count from 0 (parse and score on the main thread). */
export function computeThreads(raw: string): number {
  if (raw.trim().toLowerCase() === 'auto') return autoComputeThreads();
  try {
    return integer(0, MAX_COMPUTE_THREADS)(raw);
  } catch {
    throw new ConfigValueError(`must be auto or an integer from 0 to ${MAX_COMPUTE_THREADS}`);
  }
}

export function positiveNumber(raw: string): number {
  const parsed = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(parsed) || parsed <= 0) {
    throw new ConfigValueError('must be a number above 0');
  }
  return parsed;
}

export function text(raw: string): string {
  if (raw.trim() === '') throw new ConfigValueError('must not be empty');
  return raw.trim();
}

export function oneOf<const T extends string>(...allowed: T[]): Parser<T> {
  return (raw) => {
    if (!(allowed as string[]).includes(raw))
      throw new ConfigValueError(`must be one of ${allowed.join(', ')}`);
    return raw as T;
  };
}

export function boolean(raw: string): boolean {
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  throw new ConfigValueError('must be true or false');
}

export function jsonObject<T>(describe: string, check: (value: unknown) => value is T): Parser<T> {
  return (raw) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw new ConfigValueError(`must be JSON: ${describe}`);
    }
    if (!check(parsed)) throw new ConfigValueError(`must be JSON: ${describe}`);
    return parsed;
  };
}

export function isRecordOf<V>(isValue: (v: unknown) => v is V) {
  return (value: unknown): value is Record<string, V> =>
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((entry) => isValue(entry));
}
export const isString = (v: unknown): v is string => typeof v === 'string';
export const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.every(isString);
export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The test-only group-commit fault: after `afterGroups` groups, pause once in the first writing `minValues` or more. */
export interface GroupCommitFault {
  afterGroups: number;
  minValues: number;
  pauseMs: number;
}
export const isCount = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0;
export const isGroupCommitFault = (v: unknown): v is GroupCommitFault =>
  isObject(v) &&
  isCount(v.afterGroups) &&
  isCount(v.minValues) &&
  (v.minValues as number) > 0 &&
  isCount(v.pauseMs);

export function list(raw: string): string[] {
  return raw
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

export const API_KEY_PATTERN = /^svc_live_[A-Za-z0-9_-]{48}$/;
export function apiKey(raw: string): string {
  if (!API_KEY_PATTERN.test(raw))
    throw new ConfigValueError('must be svc_live_ followed by 48 base64url characters');
  return raw;
}

export function databaseUrl(raw: string): string {
  if (!/^postgres(ql)?:\/\//.test(raw))
    throw new ConfigValueError('must be a postgres:// or postgresql:// URL');
  return raw;
}

export function httpUrl(raw: string): string {
  if (!/^https?:\/\/[^\s]+$/.test(raw)) throw new ConfigValueError('must be an http:// or https:// URL');
  return raw;
}

export function email(raw: string): string {
  if (!/^[^\s@]+@[^\s@]+$/.test(raw)) throw new ConfigValueError('must be an email address');
  return raw.toLowerCase();
}

export function password(raw: string): string {
  if (raw.length < 8) throw new ConfigValueError('must be at least 8 characters');
  return raw;
}

export function keyId(raw: string): string {
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(raw))
    throw new ConfigValueError('must be 1 to 64 letters, digits, dots, dashes or underscores');
  return raw;
}

export function redisUrl(raw: string): string {
  if (!/^rediss?:\/\//.test(raw)) throw new ConfigValueError('must be a redis:// or rediss:// URL');
  return raw;
}

/**
 * Which hops in front of the service are trusted to name the client in `X-Forwarded-For`: `false`
 * (the socket's peer is the client), `true` (every hop), or addresses/CIDRs of the load balancers
 * (Fastify's `trustProxy`).
 */
export function trustProxy(raw: string): boolean | string[] {
  const lower = raw.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(lower)) return true;
  if (['0', 'false', 'no', 'off'].includes(lower)) return false;
  const entries = list(raw);
  const address = /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-f:]+)(\/\d{1,3})?$/i;
  if (entries.length === 0 || !entries.every((entry) => address.test(entry))) {
    throw new ConfigValueError('must be true, false or a list of proxy addresses/CIDRs');
  }
  return entries;
}

export const crawlLimitsJson = jsonObject(
  'an object of "source_NN" or "source_NN.cc" to {"rps": number, "concurrency": integer}',
  isObject,
);

export function crawlLimits(raw: string): CrawlLimits {
  const { limits, problems } = readCrawlLimits(crawlLimitsJson(raw));
  if (problems.length > 0) throw new ConfigValueError(problems.join('; '), problems);
  return limits;
}

export function countryCode(raw: string): string {
  const lower = raw.trim().toLowerCase();
  if (!/^[a-z]{2}$/.test(lower)) throw new ConfigValueError('must be a two-letter country code');
  return lower;
}

export function renderSettings(raw: string): RenderSettings {
  const { settings, problems } = readRenderSettings(jsonObject('a JSON object', isObject)(raw));
  if (problems.length > 0) throw new ConfigValueError(problems.join('; '), problems);
  return settings;
}
