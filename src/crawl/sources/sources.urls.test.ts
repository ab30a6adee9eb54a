import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { resolveBaseUrl, storefrontOf } from './sources.urls.ts';

describe('source base URLs', () => {
  it('serves gb from the uk storefront and source_02 at/ch from de', () => {
    assert.equal(storefrontOf('source_01', 'gb'), 'uk');
    assert.equal(storefrontOf('source_02', 'at'), 'de');
    assert.equal(storefrontOf('source_02', 'ch'), 'de');
    assert.equal(storefrontOf('source_04', 'at'), 'at');
  });

  it('defaults to the sandbox and prefers the most specific operator override', () => {
    const origin = 'http://127.0.0.1:8081';
    assert.equal(resolveBaseUrl({}, origin, 'source_03', 'de'), 'http://127.0.0.1:8081/source_03/de');
    const overrides = {
      source_01: 'https://compare.example/{storefront}/',
      'source_01.fr': 'https://fr.compare.example',
    };
    assert.equal(resolveBaseUrl(overrides, origin, 'source_01', 'gb'), 'https://compare.example/uk');
    assert.equal(resolveBaseUrl(overrides, origin, 'source_01', 'fr'), 'https://fr.compare.example');
  });
});
