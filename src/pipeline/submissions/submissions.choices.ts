/**
 * The choices of a submission that the source decides: the source itself, its country, key, topic
 * and sort order. Each is a closed set, so a refusal says what would be accepted (decisions G37):
 * the message of spec part 7 verbatim, and `details: {field, value, allowed}`.
 */
import { AppError, invalid, type ErrorDetails } from '../../platform/errors/app-error.ts';
import { isSortBy, type SourceCatalogue } from '../../crawl/sources/sources.catalogue.ts';
import type { KeySpec, SourceSpec } from '../../crawl/sources/sources.module.ts';
import {
  SORT_ORDERS,
  SOURCE_ID_RANGE,
  type SortBy,
  type Topic,
  type ValueKey,
} from '../../crawl/vocabulary/sources.types.ts';
import type { SubmissionBody } from './submissions.schema.ts';

/** The source-dependent choices of a valid submission. */
export interface SourceChoices {
  spec: SourceSpec;
  /** Lowercase, whatever case was sent. */
  country: string;
  key: ValueKey;
  keySpec: KeySpec;
  topic: Topic;
  sortBy: SortBy;
}

/** `details` of a refusal against a closed set (decisions G37). */
export function closedSet(field: string, value: unknown, allowed: readonly string[]): ErrorDetails {
  return { field, value: value ?? null, allowed: [...allowed] };
}

function sourceOf(body: SubmissionBody, catalogue: SourceCatalogue): SourceSpec {
  const spec = catalogue.get(body.source);
  if (spec) return spec;
  const ids = catalogue.all().map((source) => source.id);
  throw invalid(
    `source must be one of ${SOURCE_ID_RANGE} (got ${JSON.stringify(body.source)})`,
    closedSet('source', body.source, ids),
  );
}

function keyOf(body: SubmissionBody, spec: SourceSpec, country: string): { key: ValueKey; keySpec: KeySpec } {
  const key = (body.key ?? 'term') as ValueKey;
  const keySpec = spec.keys[key];
  if (!keySpec) {
    throw invalid(
      `key ${JSON.stringify(body.key)} not supported by ${spec.id}`,
      closedSet('key', body.key, Object.keys(spec.keys)),
    );
  }
  if (keySpec.countries && !keySpec.countries.includes(country)) {
    const here = Object.entries(spec.keys).filter(([, other]) => other.countries?.includes(country) ?? true);
    throw invalid(
      `key ${key} not supported by ${spec.id} in country ${country}`,
      closedSet(
        'key',
        key,
        here.map(([name]) => name),
      ),
    );
  }
  return { key, keySpec };
}

function topicOf(body: SubmissionBody, spec: SourceSpec, key: ValueKey): Topic {
  const topic = (body.topic ?? 'search') as Topic;
  if (!spec.topics.includes(topic)) {
    throw invalid(
      `topic ${JSON.stringify(body.topic)} not supported by ${spec.id}`,
      closedSet('topic', body.topic, spec.topics),
    );
  }
  const topicKeys = spec.topicKeys[topic];
  if (topicKeys && !topicKeys.includes(key)) {
    throw invalid(`key ${key} not supported for topic ${topic}`, closedSet('key', key, topicKeys));
  }
  return topic;
}

/** Checks the source, country, key, topic and sort order of a submission against the catalogue. */
export function sourceChoices(body: SubmissionBody, catalogue: SourceCatalogue): SourceChoices {
  const spec = sourceOf(body, catalogue);
  // decisions G37: a country code in any letter case, answered in lowercase.
  const country = body.country.toLowerCase();
  if (!spec.countries.includes(country)) {
    throw new AppError('country_not_supported', undefined, {
      details: closedSet('country', body.country, spec.countries),
    });
  }
  const { key, keySpec } = keyOf(body, spec, country);
  const topic = topicOf(body, spec, key);
  const sortBy = body.sort_by ?? 'ranking_descending';
  if (!isSortBy(sortBy)) {
    throw invalid(
      `sort_by ${JSON.stringify(sortBy)} is not a supported sort order`,
      closedSet('sort_by', sortBy, SORT_ORDERS),
    );
  }
  return { spec, country, key, keySpec, topic, sortBy };
}
