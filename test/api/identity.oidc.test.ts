import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { findAccountById } from '../../src/accounts/accounts/accounts.repository.ts';
import { createUser } from '../../src/accounts/identity/identity.users.ts';
import { startHarness, type Harness } from '../support/harness.ts';

const ISSUER = 'https://login.example.test/';
const AUDIENCE = 'pricecrawl-dashboard-oidc';

describe('identity through an external OpenID Connect provider (decisions G30)', () => {
  let harness: Harness;
  let jwksServer: Server;
  let providerKey: CryptoKey;
  let strangerKey: CryptoKey;
  const email = 'oidc-user@example.test';

  before(async () => {
    const provider = await generateKeyPair('RS256');
    providerKey = provider.privateKey;
    strangerKey = (await generateKeyPair('RS256')).privateKey;
    const jwks = {
      keys: [{ ...(await exportJWK(provider.publicKey)), kid: 'provider-1', alg: 'RS256', use: 'sig' }],
    };
    jwksServer = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(jwks));
    });
    await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
    const port = (jwksServer.address() as AddressInfo).port;
    harness = await startHarness({
      worker: false,
      env: {
        OIDC_ISSUER: ISSUER,
        OIDC_AUDIENCE: AUDIENCE,
        OIDC_JWKS_URL: `http://127.0.0.1:${port}/jwks.json`,
      },
    });
    const { accountId } = await harness.account();
    const account = await findAccountById(harness.runtime.deps.db, accountId);
    assert.ok(account);
    await createUser(harness.runtime.deps.db, { account, email, actor: 'test' });
  });
  after(async () => {
    await harness.close();
    await new Promise((resolve) => jwksServer.close(resolve));
  });

  const providerToken = (
    claims: Record<string, unknown>,
    options: { key?: CryptoKey; audience?: string } = {},
  ) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'provider-1' })
      .setIssuer(ISSUER)
      .setAudience(options.audience ?? AUDIENCE)
      .setSubject('provider-subject-1')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(options.key ?? providerKey);
  const me = (token: string) =>
    harness.app.inject({
      method: 'GET',
      url: '/v1/account/me',
      headers: { authorization: `Bearer ${token}` },
    });

  it('accepts a provider token whose email claim names a user', async () => {
    const response = await me(await providerToken({ email: 'OIDC-User@example.test' }));
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.json().user.email, email);
  });

  it('refuses tokens of another audience, another key, an unknown email or without email', async () => {
    for (const token of [
      await providerToken({ email }, { audience: 'someone-else' }),
      await providerToken({ email }, { key: strangerKey }),
      await providerToken({ email: 'unknown@example.test' }),
      await providerToken({}),
    ]) {
      const response = await me(token);
      assert.equal(response.statusCode, 401);
      assert.equal(response.json().error, 'unauthorized');
    }
  });

  it('turns password sign-in off', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email, password: 'whatever-password' },
    });
    assert.equal(response.statusCode, 404);
    assert.equal(response.json().error, true);
  });
});
