import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PricecrawlClient, type PricecrawlClientOptions } from './client.ts';

describe('PricecrawlClient', () => {
  it('refuses to be built without the service address, naming the option', () => {
    for (const options of [undefined, {}, { baseUrl: '' }]) {
      assert.throws(() => new PricecrawlClient(options as unknown as PricecrawlClientOptions), {
        name: 'TypeError',
        message: /needs baseUrl/,
      });
    }
  });

  it('sends its requests to the address it was given', async () => {
    const seen: string[] = [];
    const client = new PricecrawlClient({
      baseUrl: 'http://127.0.0.1:9',
      apiKey: 'k',
      fetch: async (input) => {
        seen.push(String(input));
        return new Response(JSON.stringify({ error: true, message: 'no such job' }), { status: 404 });
      },
    });
    await assert.rejects(client.jobs.get('abc'));
    assert.deepEqual(seen, ['http://127.0.0.1:9/job/abc']);
  });
});
