import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SourceCatalogue } from '../../crawl/sources/sources.catalogue.ts';
import { LIMITS, normalizeSubmission, worstCaseCredits } from './submissions.rules.ts';

const catalogue = new SourceCatalogue();
const base = { source: 'source_01', country: 'de', key: 'gtin', values: ['4006381333931'] };

describe('the rules of a submission (spec 2.1, decisions G20–G22)', () => {
  it('fills defaults and keeps the first occurrence of each value in order', () => {
    const submission = normalizeSubmission(
      { ...base, values: [' 4006381333931 ', '4054278533728', '4006381333931'] },
      'batch',
      catalogue,
    );
    assert.deepEqual(submission.values, ['4006381333931', '4054278533728']);
    assert.equal(submission.topic, 'search');
    assert.equal(submission.maxPages, 1);
    assert.equal(submission.maxAgeSeconds, 1200);
    assert.equal(submission.timeoutMinutes, 1440);
    assert.equal(submission.callbackUrl, null);
  });

  it('clamps max_age to its limit and marks malformed values instead of refusing them', () => {
    const submission = normalizeSubmission(
      { ...base, values: ['4006381333931', '4006381333932'], max_age: 10_000_000 },
      'batch',
      catalogue,
    );
    assert.equal(submission.maxAgeSeconds, LIMITS.maxAgeSeconds);
    assert.deepEqual([...submission.invalidValues.keys()], [1]);
    assert.equal(worstCaseCredits(submission, false), 1);
  });

  it('refuses what only the other route accepts, naming the field', () => {
    assert.throws(
      () => normalizeSubmission({ ...base, wait: 5 }, 'stream', catalogue),
      /wait is only accepted by POST \/job/,
    );
    assert.throws(
      () => normalizeSubmission(base, 'stream', catalogue),
      /missing required field callback_url/,
    );
    assert.throws(
      () => normalizeSubmission({ ...base, values: ['a', 'b'], wait: true }, 'batch', catalogue),
      /wait accepts exactly one value/,
    );
  });

  it('refuses unknown sources, keys and empty values', () => {
    assert.throws(
      () => normalizeSubmission({ ...base, source: 'source_99' }, 'batch', catalogue),
      /source must/,
    );
    assert.throws(() => normalizeSubmission({ ...base, key: 'nope' }, 'batch', catalogue), /key "nope"/);
    assert.throws(
      () => normalizeSubmission({ ...base, values: ['x', ''] }, 'batch', catalogue),
      /empty value/,
    );
  });

  it('limits topics to the keys the source module names for them (G22)', () => {
    for (const [key, topic, values] of [
      ['id', 'convert', ['123']],
      ['term', 'remove_conversions', ['drill']],
    ] as const) {
      assert.throws(
        () => normalizeSubmission({ ...base, key, topic, values: [...values] }, 'batch', catalogue),
        new RegExp(`key ${key} not supported for topic ${topic}`),
      );
    }
    assert.equal(normalizeSubmission({ ...base, topic: 'convert' }, 'batch', catalogue).topic, 'convert');
    assert.equal(
      normalizeSubmission({ ...base, source: 'source_02', topic: 'remove_conversions' }, 'batch', catalogue)
        .key,
      'gtin',
    );
  });
});
