import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startHarness, type Harness } from '../support/harness.ts';

// decisions G28 as amended: the listening HOST decides whether a local receiver needs the allow-list.
const LOCAL_RECEIVERS = ['http://127.0.0.1:9/hook', 'http://localhost:9/hook', 'http://[::1]:9/hook'];

async function submitStream(harness: Harness, headers: Record<string, string>, callbackUrl: string) {
  const answer = await harness.app.inject({
    method: 'POST',
    url: '/stream',
    headers,
    payload: { source: 'source_01', country: 'de', key: 'term', values: ['a'], callback_url: callbackUrl },
  });
  return answer.json() as { error: boolean; message?: string };
}

describe('local callback receivers by listening HOST (G28)', () => {
  let loopback: Harness;
  let wide: Harness;
  let widelisted: Harness;

  before(async () => {
    loopback = await startHarness({ worker: false, env: { HOST: '127.0.0.1' } });
    wide = await startHarness({ worker: false, env: { HOST: '0.0.0.0' } });
    widelisted = await startHarness({
      worker: false,
      env: { HOST: '0.0.0.0', CALLBACK_ALLOW_HOSTS: '127.0.0.1,localhost,::1' },
    });
  });
  after(async () => {
    await loopback.close();
    await wide.close();
    await widelisted.close();
  });

  it('accepts a local receiver without configuration while HOST is loopback', async () => {
    const { headers } = await loopback.account();
    for (const url of LOCAL_RECEIVERS) {
      assert.equal((await submitStream(loopback, headers, url)).error, false, url);
    }
    const privateHost = await submitStream(loopback, headers, 'http://192.168.1.10/hook');
    assert.deepEqual(privateHost, { error: true, message: 'callback_url not allowed' });
  });

  it('refuses a local receiver on a non-loopback HOST unless it is allow-listed', async () => {
    const { headers } = await wide.account();
    for (const url of LOCAL_RECEIVERS) {
      assert.deepEqual(await submitStream(wide, headers, url), {
        error: true,
        message: 'callback_url not allowed',
      });
    }
    const listed = await widelisted.account();
    for (const url of LOCAL_RECEIVERS) {
      assert.equal((await submitStream(widelisted, listed.headers, url)).error, false, url);
    }
  });
});
