import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { secretsEqual } from './secrets.ts';

describe('secretsEqual', () => {
  it('tells equal secrets from different ones of any length or encoding', () => {
    assert.equal(secretsEqual('token-1', 'token-1'), true);
    assert.equal(secretsEqual('token-1', 'token-2'), false);
    assert.equal(secretsEqual('', 'token-1'), false);
    assert.equal(secretsEqual('éoken-1', 'token-1'), false, 'same characters, more bytes');
    assert.equal(secretsEqual('t'.repeat(10_000), 'token-1'), false);
  });
});
