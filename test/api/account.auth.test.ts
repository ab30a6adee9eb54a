import assert from 'node:assert/strict';
import { createHook } from 'node:async_hooks';
import { after, before, describe, it } from 'node:test';
import {
  createLegacyCredentials,
  requireAccount,
} from '../../src/accounts/provisioning/provisioning.service.ts';
import { disableUser } from '../../src/accounts/identity/identity.users.ts';
import { startHarness, type Harness } from '../support/harness.ts';
import { restartRuntime } from '../support/restart.ts';
import { jwtParts, signInNewUser } from '../support/sessions.ts';

describe('dashboard sign-in and sessions (decisions G17, G30)', () => {
  let harness: Harness;
  let accountId: string;
  let apiKey: string;

  before(async () => {
    harness = await startHarness({
      worker: false,
      env: { LOGIN_MAX_FAILURES_PER_EMAIL: '3', LOGIN_MAX_FAILURES_PER_ADDRESS: '6' },
    });
    ({ accountId, key: apiKey } = await harness.account());
  });
  after(async () => harness.close());

  const login = (payload: Record<string, unknown>, remoteAddress = '127.0.0.1') =>
    harness.app.inject({ method: 'POST', url: '/v1/auth/login', payload, remoteAddress });
  const me = (headers: Record<string, string>) =>
    harness.app.inject({ method: 'GET', url: '/v1/account/me', headers });

  it('issues an ES256 session token for the dashboard audience living at most 15 minutes', async () => {
    const user = await signInNewUser(harness, accountId);
    const { header, payload } = jwtParts(user.token);
    assert.equal(header.alg, 'ES256');
    assert.equal(header.kid, 'session-1');
    assert.equal(payload.aud, 'pricecrawl-dashboard');
    assert.ok(payload.exp - payload.iat <= 900);
    const response = await login({ email: user.email, password: user.password });
    const body = response.json();
    assert.equal(body.error, false);
    assert.equal(body.token_type, 'Bearer');
    assert.equal(body.expires_in, 900);
    assert.match(body.refresh_token, /^rt_/);
    assert.equal((await me(user.headers)).json().user.email, user.email);
  });

  it('answers a wrong password and an unknown email with the same 401 body', async () => {
    const user = await signInNewUser(harness, accountId);
    const wrong = await login({ email: user.email, password: 'not-the-password' }, '10.1.0.1');
    const unknown = await login({ email: 'nobody@example.test', password: 'whatever1' }, '10.1.0.2');
    assert.equal(wrong.statusCode, 401);
    assert.equal(unknown.statusCode, 401);
    assert.deepEqual(wrong.json(), { error: 'unauthorized', message: 'wrong email or password' });
    assert.deepEqual(unknown.json(), wrong.json());
  });

  it('spends the same scrypt work on an unknown email as on a wrong password', async () => {
    const user = await signInNewUser(harness, accountId);
    // Counted, not timed: each scrypt run is one SCRYPTREQUEST in libuv's pool. Without the hash
    // verified in place of a missing user's, an unknown email would run none.
    const scryptRunsOf = async (email: string, address: string) => {
      let runs = 0;
      const hook = createHook({ init: (_id, type) => void (type === 'SCRYPTREQUEST' && (runs += 1)) });
      hook.enable();
      try {
        const response = await login({ email, password: 'not-the-password' }, address);
        assert.equal(response.statusCode, 401);
      } finally {
        hook.disable();
      }
      return runs;
    };
    assert.equal(await scryptRunsOf(user.email, '10.2.0.1'), 1, 'a wrong password runs scrypt once');
    assert.equal(await scryptRunsOf('ghost@example.test', '10.2.0.2'), 1, 'so does an unknown email');
  });

  it('answers 429 after repeated failures for one email, and for one client address', async () => {
    const user = await signInNewUser(harness, accountId);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      assert.equal(
        (await login({ email: user.email, password: 'bad-password' }, `10.3.0.${attempt}`)).statusCode,
        401,
      );
    }
    const limited = await login({ email: user.email, password: user.password }, '10.3.0.9');
    assert.equal(limited.statusCode, 429);
    assert.equal(limited.json().error, true);
    assert.ok(Number(limited.headers['retry-after']) > 0);

    for (let attempt = 0; attempt < 6; attempt += 1) {
      await login({ email: `guess${attempt}@example.test`, password: 'bad-password' }, '10.4.0.1');
    }
    const other = await signInNewUser(harness, accountId);
    assert.equal((await login({ email: other.email, password: other.password }, '10.4.0.1')).statusCode, 429);
    assert.equal((await login({ email: other.email, password: other.password }, '10.4.0.2')).statusCode, 200);
  });

  it('checks no more concurrent wrong passwords for one email, or from one address, than the limit', async () => {
    // Issue 22, defect 2: the limit was read before the password check and counted after it.
    const user = await signInNewUser(harness, accountId);
    const byEmail = await Promise.all(
      Array.from({ length: 16 }, (_, attempt) =>
        login({ email: user.email, password: 'bad-password' }, `10.7.0.${attempt}`),
      ),
    );
    const emailStatuses = byEmail.map((response) => response.statusCode).sort();
    assert.deepEqual(emailStatuses, [...Array(3).fill(401), ...Array(13).fill(429)]);

    const byAddress = await Promise.all(
      Array.from({ length: 16 }, (_, attempt) =>
        login({ email: `crowd${attempt}@example.test`, password: 'bad-password' }, '10.8.0.1'),
      ),
    );
    const addressStatuses = byAddress.map((response) => response.statusCode).sort();
    assert.deepEqual(addressStatuses, [...Array(6).fill(401), ...Array(10).fill(429)]);
  });

  it('gives a successful sign-in its reservation back: it counts as no failure', async () => {
    const user = await signInNewUser(harness, accountId);
    for (let round = 0; round < 5; round += 1) {
      const answer = await login({ email: user.email, password: user.password }, '10.9.0.1');
      assert.equal(answer.statusCode, 200, `sign-in ${round + 1}: ${answer.body}`);
    }
  });

  it('rotates the refresh token on use and ends the login when a used one comes back', async () => {
    const user = await signInNewUser(harness, accountId);
    const refresh = (token: string) =>
      harness.app.inject({ method: 'POST', url: '/v1/auth/refresh', payload: { refresh_token: token } });
    const first = await refresh(user.refreshToken);
    assert.equal(first.statusCode, 200, first.body);
    const renewed = first.json();
    assert.notEqual(renewed.refresh_token, user.refreshToken);
    assert.equal((await me({ authorization: `Bearer ${renewed.token}` })).statusCode, 200);

    const replayed = await refresh(user.refreshToken);
    assert.equal(replayed.statusCode, 401);
    assert.equal(replayed.json().error, 'unauthorized');
    // The reuse revoked the whole login: its newest refresh token and its sessions die too.
    assert.equal((await refresh(renewed.refresh_token)).statusCode, 401);
    assert.equal((await me({ authorization: `Bearer ${renewed.token}` })).statusCode, 401);
  });

  it('ends the login on logout: refresh token and session token are refused afterwards', async () => {
    const user = await signInNewUser(harness, accountId);
    const logout = await harness.app.inject({
      method: 'POST',
      url: '/v1/auth/logout',
      payload: { refresh_token: user.refreshToken },
    });
    assert.deepEqual(logout.json(), { error: false });
    const refresh = await harness.app.inject({
      method: 'POST',
      url: '/v1/auth/refresh',
      payload: { refresh_token: user.refreshToken },
    });
    assert.equal(refresh.statusCode, 401);
    assert.equal((await me(user.headers)).statusCode, 401);
  });

  it('refuses a disabled user at once', async () => {
    const user = await signInNewUser(harness, accountId);
    await disableUser(harness.runtime.deps.db, user.email, 'test');
    assert.equal((await me(user.headers)).statusCode, 401);
    assert.equal((await login({ email: user.email, password: user.password }, '10.5.0.1')).statusCode, 401);
  });

  it('never mixes the planes', async () => {
    const user = await signInNewUser(harness, accountId);
    const job = (headers: Record<string, string>) =>
      harness.app.inject({ method: 'GET', url: '/job/0123456789abcdef01234567', headers });
    assert.equal((await job(user.headers)).statusCode, 401, 'a session token on the data plane');
    assert.equal((await job({ 'x-api-key': apiKey })).statusCode, 404, 'the key itself works there');
    const apiKeyForms: Record<string, string>[] = [
      { 'x-api-key': apiKey },
      { authorization: `Bearer ${apiKey}` },
      {},
    ];
    for (const headers of apiKeyForms) {
      const response = await me(headers);
      assert.equal(response.statusCode, 401);
      assert.equal(response.json().error, 'unauthorized');
      assert.equal(typeof response.json().message, 'string');
    }
    await harness.account({ name: 'legacy-co', plan: 'enterprise', sources: 'source_01.de' });
    const legacy = await createLegacyCredentials(
      harness.runtime.deps.db,
      await requireAccount(harness.runtime.deps.db, 'legacy-co'),
    );
    assert.equal((await job({ authorization: `Bearer ${legacy.jwt}` })).statusCode, 404);
    assert.equal(
      (await me({ authorization: `Bearer ${legacy.jwt}` })).statusCode,
      401,
      'a service JWT is no session',
    );
  });

  it('keeps the dashboard session in HttpOnly SameSite=Strict cookies and refuses changes without the CSRF token', async () => {
    const user = await signInNewUser(harness, accountId);
    const response = await login({ email: user.email, password: user.password, cookie: true }, '10.6.0.1');
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { error: false, token_type: 'cookie', expires_in: 900 });
    const cookies = Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie]));
    for (const name of ['pc_session', 'pc_refresh']) {
      assert.equal(cookies[name]?.httpOnly, true, name);
      assert.equal(cookies[name]?.sameSite, 'Strict', name);
    }
    assert.notEqual(cookies.pc_csrf?.httpOnly, true, 'the script reads the CSRF cookie');
    const cookieHeader = `pc_session=${cookies.pc_session?.value}; pc_csrf=${cookies.pc_csrf?.value}`;
    assert.equal((await me({ cookie: cookieHeader })).statusCode, 200);
    const change = (headers: Record<string, string>) =>
      harness.app.inject({ method: 'POST', url: '/v1/account/api-keys', headers, payload: { name: 'csrf' } });
    const refused = await change({ cookie: cookieHeader });
    assert.equal(refused.statusCode, 403);
    assert.deepEqual(refused.json(), { error: true, message: 'missing or wrong CSRF token' });
    assert.equal((await change({ cookie: cookieHeader, 'x-csrf-token': 'forged' })).statusCode, 403);
    // Issue 22, defect 4: as many characters as the cookie, more bytes (one is not ASCII).
    const csrf = cookies.pc_csrf?.value ?? '';
    const sameLength = `é${csrf.slice(1)}`;
    for (const url of ['/v1/account/api-keys', '/v1/auth/logout', '/v1/auth/refresh']) {
      const refusedForged = await harness.app.inject({
        method: 'POST',
        url,
        headers: {
          cookie: `${cookieHeader}; pc_refresh=${cookies.pc_refresh?.value}`,
          'x-csrf-token': sameLength,
        },
        payload: url === '/v1/account/api-keys' ? { name: 'csrf' } : {},
      });
      assert.equal(refusedForged.statusCode, 403, `${url}: ${refusedForged.body}`);
      assert.deepEqual(refusedForged.json(), { error: true, message: 'missing or wrong CSRF token' });
    }
    const accepted = await change({ cookie: cookieHeader, 'x-csrf-token': cookies.pc_csrf?.value ?? '' });
    assert.equal(accepted.json().error, false);
  });

  it('publishes the signing keys and rotates them by configuration without ending sessions', async () => {
    const user = await signInNewUser(harness, accountId);
    const jwks = (await harness.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json();
    assert.deepEqual(
      jwks.keys.map((key: any) => [key.kid, key.alg, key.kty, 'd' in key]),
      [['session-1', 'ES256', 'EC', false]],
    );
    const rotated = await restartRuntime(
      {
        ...harness,
        runtime: {
          ...harness.runtime,
          deps: {
            ...harness.runtime.deps,
            config: { ...harness.runtime.deps.config, sessionSigningKeyId: 'session-2' },
          },
        },
      },
      { worker: false },
    );
    harness = rotated;
    const kids = (await harness.app.inject({ method: 'GET', url: '/.well-known/jwks.json' }))
      .json()
      .keys.map((key: any) => key.kid);
    assert.deepEqual(kids.sort(), ['session-1', 'session-2']);
    assert.equal((await me(user.headers)).statusCode, 200, 'a token of the retired key still verifies');
    const fresh = await signInNewUser(harness, accountId);
    assert.equal(jwtParts(fresh.token).header.kid, 'session-2');
  });
});
