import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { request } from 'undici';
import { classifyAddress, createAllowList } from '../../platform/lib/ip-address.ts';
import {
  assertCallbackAllowed,
  CallbackRefusedError,
  createCallbackPolicy,
  literalRefusal,
  type Resolver,
} from './webhooks.callback-url.ts';
import { createWebhookAgent } from './webhooks.sender.ts';

describe('callback address classification (G28)', () => {
  const cases: Array<[string, string | undefined]> = [
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::127.0.0.1', 'loopback'],
    ['::ffff:0:7f00:1', 'loopback'],
    ['::ffff:0:127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['::ffff:192.168.1.1', 'private'],
    ['::ffff:0:c0a8:101', 'private'],
    ['64:ff9b::c0a8:101', 'private'],
    ['2002:c0a8:0101::1', 'private'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['169.254.1.1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['100.64.0.1', 'cgnat'],
    ['100.127.255.254', 'cgnat'],
    ['224.0.0.251', 'multicast'],
    ['ff02::1', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['169.254.169.254', 'metadata'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['::ffff:0:169.254.169.254', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['255.255.255.255', 'reserved'],
    ['8.8.8.8', undefined],
    ['172.32.0.1', undefined],
    ['100.128.0.1', undefined],
    ['2606:4700:4700::1111', undefined],
    ['::ffff:8.8.8.8', undefined],
    ['::ffff:0:808:808', undefined],
  ];
  for (const [address, expected] of cases) {
    it(`${address} is ${expected ?? 'public'}`, () => assert.equal(classifyAddress(address), expected));
  }

  it('allow-list entries: host names, addresses and CIDR ranges, mapped forms included', () => {
    const allow = createAllowList(['LocalHost', '127.0.0.1', '10.0.0.0/8', '::1']);
    assert.equal(allow.allowsHost('localhost'), true);
    assert.equal(allow.allowsAddress('::1'), true);
    assert.equal(allow.allowsAddress('127.0.0.1'), true);
    assert.equal(allow.allowsAddress('::ffff:127.0.0.1'), true);
    assert.equal(allow.allowsAddress('127.0.0.2'), false);
    assert.equal(allow.allowsAddress('10.200.1.1'), true);
    assert.equal(allow.allowsAddress('11.0.0.1'), false);
  });
});

describe('callback_url submission check (G28)', () => {
  const fakeDns: Record<string, string[]> = {
    'public.example': ['93.184.215.14'],
    'internal.example': ['10.0.0.7'],
    'mixed.example': ['93.184.215.14', '192.168.0.2'],
    'metadata.example': ['169.254.169.254'],
    'v6loop.example': ['::1'],
  };
  const resolve: Resolver = async (hostname) => {
    const addresses = fakeDns[hostname];
    if (!addresses) throw Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  const policy = createCallbackPolicy([], resolve);
  const refused = { message: 'callback_url not allowed' };

  it('accepts a public host over http and https', async () => {
    await assertCallbackAllowed(policy, 'https://public.example/hook');
    await assertCallbackAllowed(policy, 'http://public.example:8080/hook?x=1');
    await assertCallbackAllowed(policy, 'https://8.8.8.8/hook');
  });

  it('refuses hosts resolving to forbidden addresses, any one of them', async () => {
    for (const url of [
      'https://internal.example/h',
      'https://mixed.example/h',
      'https://metadata.example/h',
      'https://v6loop.example/h',
      'http://127.0.0.1:9/h',
      'http://[::1]/h',
      'http://[::ffff:127.0.0.1]/h',
      'http://2130706433/h', // 127.0.0.1 written as one number
      'http://0x7f.1/h',
      'http://169.254.169.254/latest/meta-data',
      'http://[fd00:ec2::254]/h',
      'http://0.0.0.0/h',
    ]) {
      await assert.rejects(assertCallbackAllowed(policy, url), refused, url);
    }
  });

  it('names the problem of a URL that is not http(s), not absolute, has credentials or no DNS', async () => {
    await assert.rejects(
      assertCallbackAllowed(policy, 'ftp://public.example/'),
      /absolute http or https URL/,
    );
    await assert.rejects(assertCallbackAllowed(policy, 'file:///etc/passwd'), /absolute http or https URL/);
    await assert.rejects(assertCallbackAllowed(policy, '/relative'), /absolute http or https URL/);
    await assert.rejects(assertCallbackAllowed(policy, 'https://u:p@public.example/'), /credentials/);
    await assert.rejects(assertCallbackAllowed(policy, 'https://nowhere.example/'), /cannot be resolved/);
  });

  it('lets the operator allow-list a host or a range', async () => {
    const allowing = createCallbackPolicy(['127.0.0.1', 'internal.example', '192.168.0.0/16'], resolve);
    await assertCallbackAllowed(allowing, 'http://127.0.0.1:9/h');
    await assertCallbackAllowed(allowing, 'http://internal.example/h');
    await assertCallbackAllowed(allowing, 'http://mixed.example/h');
    await assert.rejects(assertCallbackAllowed(allowing, 'http://127.0.0.2/h'), refused);
    assert.equal(literalRefusal(allowing, new URL('http://127.0.0.1/')), undefined);
    assert.match(literalRefusal(policy, new URL('http://[::1]/')) ?? '', /::1 is loopback/);
  });
});

describe('connect-time re-check (G28)', () => {
  it('refuses the resolved address when the socket connects, even if submission passed', async () => {
    const server = createServer((_req, res) => res.end('reached'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    // DNS rebinding: at submission the name was public; now it answers loopback.
    const rebinding = createCallbackPolicy([], async () => [{ address: '127.0.0.1', family: 4 }]);
    const agent = await createWebhookAgent(rebinding, 1000);
    try {
      await assert.rejects(
        request(`http://rebind.example:${port}/`, { dispatcher: agent, method: 'POST', body: '{}' }),
        (error: unknown) =>
          error instanceof CallbackRefusedError && /127\.0\.0\.1 is loopback/.test(error.message),
      );
      const allowed = await createWebhookAgent(
        createCallbackPolicy(['rebind.example'], async () => [{ address: '127.0.0.1', family: 4 }]),
        1000,
      );
      const answer = await request(`http://rebind.example:${port}/`, { dispatcher: allowed });
      assert.equal(await answer.body.text(), 'reached');
      await allowed.close();
    } finally {
      await agent.close();
      server.close();
    }
  });
});
