import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { MAX_OFFSET } from '../../src/api/http/http.paging.ts';
import { DIALECTS } from '../support/databases.ts';
import { startHarness, type Harness } from '../support/harness.ts';
import { signInNewUser } from '../support/sessions.ts';

/** Offsets and limits past what a database integer holds, or not integers at all (issue 22, defect 5). */
const HOSTILE_NUMBERS = ['1e19', '9223372036854775807', '9223372036854775808', '9007199254740993', '1e308'];

for (const dialect of DIALECTS) {
  describe(`paging parameters out of bounds (${dialect})`, () => {
    let harness: Harness;
    let headers: Record<string, string>;
    let session: Record<string, string>;
    let streamId: string;

    before(async () => {
      harness = await startHarness({ dialect, worker: false, env: { CALLBACK_ALLOW_HOSTS: '127.0.0.1' } });
      const account = await harness.account();
      headers = account.headers;
      session = (await signInNewUser(harness, account.accountId)).headers;
      const created = await harness.app.inject({
        method: 'POST',
        url: '/stream',
        headers,
        payload: {
          source: 'source_01',
          country: 'de',
          key: 'gtin',
          values: ['4006381333932'],
          callback_url: 'http://127.0.0.1:9/hook',
        },
      });
      streamId = created.json().job_id;
    });
    after(async () => harness.close());

    const pagingUrls = () => [
      { url: '/history?source=source_01&country=de&key=id&value=1', auth: headers },
      { url: `/stream/${streamId}/results?`, auth: headers },
      { url: `/stream/${streamId}/deliveries?`, auth: headers },
      { url: `/v1/account/streams/${streamId}/deliveries?`, auth: session },
      { url: '/v1/account/jobs?', auth: session },
      { url: '/v1/account/billing?', auth: session },
      { url: '/v1/account/audit?', auth: session },
    ];

    it('refuses an offset or limit no database integer holds with a message naming it, never a 5xx', async () => {
      for (const { url, auth } of pagingUrls()) {
        for (const name of ['offset', 'limit', 'batch']) {
          for (const number of HOSTILE_NUMBERS) {
            const separator = url.endsWith('?') ? '' : '&';
            const response = await harness.app.inject({
              method: 'GET',
              url: `${url}${separator}${name}=${number}`,
              headers: auth,
            });
            assert.ok(response.statusCode < 500, `${url} ${name}=${number}: ${response.body}`);
            assert.equal(
              response.json().error === false,
              false,
              `${url} ${name}=${number}: ${response.body}`,
            );
          }
        }
      }
    });

    it('answers the largest offset it accepts with an empty page', async () => {
      for (const { url, auth } of pagingUrls().filter(({ url }) => /history|results|deliveries/.test(url))) {
        const separator = url.endsWith('?') ? '' : '&';
        const response = await harness.app.inject({
          method: 'GET',
          url: `${url}${separator}offset=${MAX_OFFSET}`,
          headers: auth,
        });
        assert.equal(response.statusCode, 200, `${url}: ${response.body}`);
        assert.equal(response.json().error, false, `${url}: ${response.body}`);
        assert.equal(response.json().count, 0, url);
      }
    });
  });
}
