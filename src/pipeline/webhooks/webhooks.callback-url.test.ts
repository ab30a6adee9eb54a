import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { classifyAddress, isLoopbackHost } from '../../platform/lib/ip-address.ts';
import {
  assertCallbackAllowed,
  createCallbackPolicy,
  localReceiversAllowed,
  type Resolver,
} from './webhooks.callback-url.ts';

const fakeDns: Record<string, string[]> = {
  localhost: ['127.0.0.1', '::1'],
  'internal.example': ['10.0.0.7'],
  'mapped.example': ['::ffff:127.0.0.1'],
};
const resolve: Resolver = async (hostname) => {
  const addresses = fakeDns[hostname];
  if (!addresses) throw Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};
const refused = { message: 'callback_url not allowed' };
const LOCAL_RECEIVERS = [
  'http://127.0.0.1:9/h',
  'http://127.8.0.1/h',
  'http://localhost:3000/h',
  'http://[::1]:9/h',
];

describe('local receivers while the API listens on loopback (G28 as amended)', () => {
  it('names loopback listening hosts: 127.0.0.0/8, ::1 and localhost, nothing wider', () => {
    for (const host of ['127.0.0.1', '127.0.0.2', '::1', '[::1]', 'localhost', 'LOCALHOST']) {
      assert.equal(isLoopbackHost(host), true, host);
    }
    for (const host of ['0.0.0.0', '::', '10.0.0.1', '192.168.1.5', 'example.com', '::ffff:127.0.0.1']) {
      assert.equal(isLoopbackHost(host), false, host);
    }
  });

  it('grants local receivers only to a single process on a loopback HOST without a proxy in front', () => {
    const embedded = { host: '127.0.0.1', role: 'all', trustProxy: false } as const;
    assert.equal(localReceiversAllowed(embedded), true);
    assert.equal(localReceiversAllowed({ ...embedded, host: 'localhost' }), true);
    assert.equal(localReceiversAllowed({ ...embedded, host: '0.0.0.0' }), false);
    // A worker's HOST says nothing about who submits: it must not pass a rebinding to loopback.
    assert.equal(localReceiversAllowed({ ...embedded, role: 'worker' }), false);
    assert.equal(localReceiversAllowed({ ...embedded, role: 'api' }), false);
    // Behind a reverse proxy on the same machine, the API is reachable from elsewhere.
    assert.equal(localReceiversAllowed({ ...embedded, trustProxy: true }), false);
    assert.equal(localReceiversAllowed({ ...embedded, trustProxy: ['10.0.0.1'] }), false);
  });

  it('accepts 127.0.0.1, localhost and [::1] without any allow-list', async () => {
    const policy = createCallbackPolicy([], resolve, { allowLoopback: true });
    for (const url of LOCAL_RECEIVERS) await assertCallbackAllowed(policy, url);
  });

  it('still refuses every other private form, mapped loopback included', async () => {
    const policy = createCallbackPolicy([], resolve, { allowLoopback: true });
    for (const url of [
      'http://10.0.0.5/h',
      'http://internal.example/h',
      'http://169.254.169.254/latest',
      'http://[::ffff:127.0.0.1]/h',
      'http://mapped.example/h',
      'http://0.0.0.0/h',
    ]) {
      await assert.rejects(assertCallbackAllowed(policy, url), refused, url);
    }
  });

  it('refuses local receivers on a non-loopback HOST unless they are allow-listed', async () => {
    const policy = createCallbackPolicy([], resolve, { allowLoopback: false });
    for (const url of LOCAL_RECEIVERS) await assert.rejects(assertCallbackAllowed(policy, url), refused, url);
    const listed = createCallbackPolicy(['127.0.0.1', '::1'], resolve, { allowLoopback: false });
    for (const url of LOCAL_RECEIVERS.filter((url) => !url.includes('127.8'))) {
      await assertCallbackAllowed(listed, url);
    }
  });
});

describe('IPv6 forms that carry an IPv4 address (G28)', () => {
  const cases: Array<[string, string | undefined]> = [
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:0a01:0203', 'private'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'reserved'], // Teredo
    ['2001::1', 'reserved'],
    ['2001:0:ffff::1', 'reserved'],
    ['2002:0a00:0001::1', 'private'], // 6to4 of 10.0.0.1
    ['2002:7f00:0001::1', 'loopback'], // 6to4 of 127.0.0.1
    ['2002:0808:0808::1', undefined], // 6to4 of 8.8.8.8
    ['2001:4860:4860::8888', undefined], // a public address just outside Teredo's 2001::/32
  ];
  for (const [address, expected] of cases) {
    it(`${address} is ${expected ?? 'public'}`, () => assert.equal(classifyAddress(address), expected));
  }
});
