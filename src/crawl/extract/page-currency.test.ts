import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseHtml } from './dom.ts';
import { extractProduct } from './extract.ts';
import { currencySignals, resolveCurrency, type CurrencySignals } from './page-currency.ts';

const none: CurrencySignals = { declared: [], locale: null, host: null };

describe('resolveCurrency', () => {
  it('keeps ISO codes and names unambiguous symbols by their code', () => {
    assert.equal(resolveCurrency('EUR', { ...none, host: 'shop.com' }), 'EUR');
    assert.equal(resolveCurrency('€', none), 'EUR');
    assert.equal(resolveCurrency('zł', none), 'PLN');
  });

  it('reads an ambiguous symbol by the country of the domain', () => {
    assert.equal(resolveCurrency('￥', { ...none, host: 'www.amazon.co.jp' }), 'JPY');
    assert.equal(resolveCurrency('$', { ...none, host: 'www.bestbuy.ca' }), 'CAD');
    assert.equal(resolveCurrency('kr', { ...none, host: 'www.elgiganten.dk' }), 'DKK');
    assert.equal(resolveCurrency('$', { ...none, host: 'www.paris.cl' }), 'CLP');
  });

  it('reads $ on a .com page as US dollars', () => {
    assert.equal(resolveCurrency('$', { ...none, host: 'www.amazon.com' }), 'USD');
    assert.equal(resolveCurrency('$', { ...none, host: 'www.target.com', locale: 'en' }), 'USD');
  });

  it("takes the page's own signals before its domain: declared codes, then the locale's region", () => {
    const com = { ...none, host: 'shop.com' };
    assert.equal(resolveCurrency('$', { ...com, declared: ['AUD'] }), 'AUD');
    assert.equal(resolveCurrency('$', { ...com, locale: 'es-MX' }), 'MXN');
    assert.equal(resolveCurrency('$', { ...none, host: 'shop.ca', locale: 'en_US' }), 'USD');
    // A declared code the symbol cannot stand for is no answer for it.
    assert.equal(resolveCurrency('$', { ...none, declared: ['EUR'], host: 'shop.com.au' }), 'AUD');
  });

  it("uses the page's language after its domain", () => {
    assert.equal(resolveCurrency('¥', { ...none, host: 'shop.com', locale: 'zh-Hans' }), 'CNY');
    assert.equal(resolveCurrency('¥', { ...none, host: 'shop.com', locale: 'ja' }), 'JPY');
    assert.equal(resolveCurrency('kr', { ...none, locale: 'nb' }), 'NOK');
    assert.equal(resolveCurrency('$', { ...none, host: 'shop.co.nz', locale: 'en' }), 'NZD');
  });

  it('gives an amount without a marker the currency the page signals, and none without signals', () => {
    assert.equal(resolveCurrency(null, { ...none, host: 'www.otto.de' }), 'EUR');
    assert.equal(resolveCurrency(null, { ...none, declared: ['CHF'], host: 'www.otto.de' }), 'CHF');
    assert.equal(resolveCurrency(null, { ...none, host: 'shop.com', locale: 'pl-PL' }), 'PLN');
    assert.equal(resolveCurrency(null, { ...none, host: 'shop.com' }), null);
  });

  it("falls back to a symbol's most common currency, and keeps a marker it does not know", () => {
    assert.equal(resolveCurrency('$', none), 'USD');
    assert.equal(resolveCurrency('Rs', { ...none, host: 'shop.com' }), 'INR');
    assert.equal(resolveCurrency('Rs', { ...none, host: 'www.olx.com.pk' }), 'PKR');
    assert.equal(resolveCurrency('Taka', none), 'Taka');
  });
});

describe('currencySignals', () => {
  it('reads the locale from <html lang> or og:locale, and the host from the canonical address', () => {
    const page =
      parseHtml(`<html lang="fr-CA"><head><link rel="canonical" href="https://boutique.example.ca/p/1">
      <meta property="og:locale" content="en_US"></head><body></body></html>`);
    assert.deepEqual(currencySignals(page, ['CAD', '$', null]), {
      declared: ['CAD'],
      locale: 'fr-CA',
      host: 'boutique.example.ca',
    });
    const og = parseHtml('<html><head><meta property="og:locale" content="en_AU"></head></html>');
    assert.equal(currencySignals(og, []).locale, 'en_AU');
    assert.equal(currencySignals(og, [], 'https://www.shop.com.au/x').host, 'www.shop.com.au');
  });
});

describe('extractProduct currency', () => {
  const page = (head: string, price: string, lang = ''): string =>
    `<html${lang}><head><title>Lamp</title>${head}</head><body><h1>Lamp</h1><span class="price">${price}</span></body></html>`;

  it('names the currency by an ISO code on every page that shows a price', () => {
    assert.equal(extractProduct(page('', '$19.99'), { url: 'https://lamps.com/p/1' }).currency, 'USD');
    assert.equal(extractProduct(page('', '￥1,980'), { url: 'https://lamps.co.jp/p/1' }).currency, 'JPY');
    assert.equal(extractProduct(page('', '$19.99', ' lang="en-CA"')).currency, 'CAD');
    assert.equal(extractProduct(page('', '19,99'), { url: 'https://lampen.de/p/1' }).currency, 'EUR');
  });

  it("prefers the page's structured currency to its domain for a $ price", () => {
    const meta = '<meta property="product:price:currency" content="AUD">';
    assert.equal(extractProduct(page(meta, '$19.99'), { url: 'https://lamps.com/p/1' }).currency, 'AUD');
  });
});
