import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { countEventLoopTurns } from '../../../test/support/event-loop.ts';
import { SourceCatalogue } from '../../crawl/sources/sources.catalogue.ts';
import { LIMITS, VALIDATE_CHUNK, normalizeSubmission, worstCaseCredits } from './submissions.rules.ts';

const catalogue = new SourceCatalogue();
const base = { source: 'source_01', country: 'de', key: 'gtin', values: ['4006381333931'] };

describe('the rules of a submission (spec 2.1, decisions G20–G22)', () => {
  it('fills defaults and keeps the first occurrence of each value in order', async () => {
    const submission = await normalizeSubmission(
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

  it('clamps max_age to its limit and marks malformed values instead of refusing them', async () => {
    const submission = await normalizeSubmission(
      { ...base, values: ['4006381333931', '4006381333932'], max_age: 10_000_000 },
      'batch',
      catalogue,
    );
    assert.equal(submission.maxAgeSeconds, LIMITS.maxAgeSeconds);
    assert.deepEqual([...submission.invalidValues.keys()], [1]);
    assert.equal(worstCaseCredits(submission, false), 1);
  });

  it('refuses what only the other route accepts, naming the field', async () => {
    await assert.rejects(
      async () => normalizeSubmission({ ...base, wait: 5 }, 'stream', catalogue),
      /wait is only accepted by POST \/job/,
    );
    await assert.rejects(
      async () => normalizeSubmission(base, 'stream', catalogue),
      /missing required field callback_url/,
    );
    await assert.rejects(
      async () => normalizeSubmission({ ...base, values: ['a', 'b'], wait: true }, 'batch', catalogue),
      /wait accepts exactly one value/,
    );
  });

  it('refuses unknown sources, keys and empty values', async () => {
    await assert.rejects(
      async () => normalizeSubmission({ ...base, source: 'source_99' }, 'batch', catalogue),
      /source must/,
    );
    await assert.rejects(
      async () => normalizeSubmission({ ...base, key: 'nope' }, 'batch', catalogue),
      /key "nope"/,
    );
    await assert.rejects(
      async () => normalizeSubmission({ ...base, values: ['x', ''] }, 'batch', catalogue),
      /empty value/,
    );
  });

  it('limits topics to the keys the source module names for them (G22)', async () => {
    for (const [key, topic, values] of [
      ['id', 'convert', ['123']],
      ['term', 'remove_conversions', ['drill']],
    ] as const) {
      await assert.rejects(
        async () => normalizeSubmission({ ...base, key, topic, values: [...values] }, 'batch', catalogue),
        new RegExp(`key ${key} not supported for topic ${topic}`),
      );
    }
    assert.equal(
      (await normalizeSubmission({ ...base, topic: 'convert' }, 'batch', catalogue)).topic,
      'convert',
    );
    assert.equal(
      (
        await normalizeSubmission(
          { ...base, source: 'source_02', topic: 'remove_conversions' },
          'batch',
          catalogue,
        )
      ).key,
      'gtin',
    );
  });

  it('checks 100 000 malformed values in chunks, yielding to the event loop between them', async () => {
    const count = 100_000;
    const values = Array.from({ length: count }, (_, n) => `${400_000_000_000 + n}x`);
    const { submission, turns } = await normalizeCountingTurns(values);
    assert.equal(submission.invalidValues.size, count);
    const chunks = Math.ceil(count / VALIDATE_CHUNK);
    assert.ok(turns >= chunks - 1, `${turns} turns of the event loop for ${chunks} chunks of values`);
  });

  it('de-duplicates 100 000 values in chunks too, yielding before their checks begin', async () => {
    const count = 100_000;
    // Long distinct values: hashing them is what held the event loop (docs/performance.md, third round).
    const values = Array.from({ length: count }, (_, n) => `${String(n).padStart(8, '0')}${'x'.repeat(992)}`);
    const { submission, turns } = await normalizeCountingTurns(values);
    assert.equal(submission.values.length, count);
    const chunks = Math.ceil(count / VALIDATE_CHUNK);
    // chunks - 1 turns while de-duplicating, as many again while checking.
    assert.ok(turns >= 2 * (chunks - 1), `${turns} turns of the event loop for twice ${chunks} chunks`);
  });
});

/**
 * Normalizes a stream submission of `values` while counting turns of the event loop: each turn is a
 * moment a health probe could have run, so the count shows whether the work yielded between chunks.
 */
async function normalizeCountingTurns(values: string[]) {
  const loop = countEventLoopTurns();
  const submission = await normalizeSubmission(
    { ...base, values, callback_url: 'http://127.0.0.1:9/hook' },
    'stream',
    catalogue,
  );
  loop.stop();
  return { submission, turns: loop.turns };
}
