import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startHarness, type Harness } from '../support/harness.ts';

/** Names every plain object answers for without owning them (issue 22, defect 1). */
const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype);

describe('Object.prototype names as user-supplied names', () => {
  let harness: Harness;
  let headers: Record<string, string>;

  before(async () => {
    harness = await startHarness({ worker: false, env: { CALLBACK_ALLOW_HOSTS: '127.0.0.1' } });
    ({ headers } = await harness.account());
  });
  after(async () => harness.close());

  const submission = { source: 'source_01', country: 'de', values: ['4006381333931'] };

  for (const url of ['/job', '/stream']) {
    it(`POST ${url} refuses each as key, topic, source, country and sort_by, naming the field`, async () => {
      for (const name of PROTOTYPE_NAMES) {
        for (const field of ['key', 'topic', 'source', 'sort_by', 'country']) {
          const response = await harness.app.inject({
            method: 'POST',
            url,
            headers,
            payload: { ...submission, callback_url: 'http://127.0.0.1:9/hook', [field]: name },
          });
          const body = response.json();
          // Spec 7.1: a refused submission is a 200 with `error: true` and a message.
          assert.equal(response.statusCode, 200, `${field}=${name}: ${response.body}`);
          assert.equal(body.error, true);
          assert.match(body.message, field === 'country' ? /^country not supported/ : new RegExp(field));
        }
      }
    });
  }

  it('GET /history refuses each as key instead of accepting it', async () => {
    for (const name of PROTOTYPE_NAMES) {
      const response = await harness.app.inject({
        method: 'GET',
        url: `/history?source=source_01&country=de&key=${encodeURIComponent(name)}&value=1`,
        headers,
      });
      assert.equal(response.statusCode, 200, `key=${name}: ${response.body}`);
      assert.equal(response.json().error, true);
      assert.match(response.json().message, /^key ".+" not supported by source_01$/);
    }
  });
});
