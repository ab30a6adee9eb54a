import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { classifyAddress, createAllowList, isPlainLoopback, parseIp } from './ip-address.ts';

describe('IP address rules', () => {
  it('parses only the standard literal forms, brackets and zone ids allowed', () => {
    assert.deepEqual(parseIp('10.1.2.3'), [10, 1, 2, 3]);
    assert.deepEqual(parseIp('[::1]')?.slice(14), [0, 1]);
    assert.equal(parseIp('fe80::1%eth0')?.length, 16);
    for (const loose of ['127.1', '0x7f.0.0.1', '2130706433', 'localhost', '']) {
      assert.equal(parseIp(loose), undefined, loose);
    }
  });

  it('judges an IPv6 form by the IPv4 address it reaches', () => {
    assert.equal(classifyAddress('::ffff:127.0.0.1'), 'loopback');
    assert.equal(classifyAddress('64:ff9b::a9fe:a9fe'), 'metadata');
    assert.equal(classifyAddress('2002:0a00:0001::'), 'private');
    assert.equal(classifyAddress('2001:4860:4860::8888'), undefined);
    assert.equal(classifyAddress('8.8.8.8'), undefined);
    assert.equal(classifyAddress('not an address'), 'reserved');
  });

  it('counts only 127.0.0.0/8 and ::1 as plain loopback', () => {
    assert.ok(isPlainLoopback('127.5.6.7') && isPlainLoopback('::1'));
    assert.ok(!isPlainLoopback('::ffff:127.0.0.1') && !isPlainLoopback('10.0.0.1'));
  });

  it('allows listed hosts, addresses and ranges, also through an embedding form', () => {
    const list = createAllowList(['hooks.example', '10.20.0.0/16', '2001:db8::5']);
    assert.ok(list.allowsHost('HOOKS.example') && !list.allowsHost('other.example'));
    assert.ok(list.allowsAddress('10.20.3.4') && list.allowsAddress('::ffff:10.20.3.4'));
    assert.ok(list.allowsAddress('2001:db8::5') && !list.allowsAddress('2001:db8::6'));
    assert.ok(!list.allowsAddress('10.21.0.1'));
  });
});
