import { createRemoteJWKSet, jwtVerify, SignJWT, type JWTVerifyGetKey } from 'jose';
import { SESSION_ALG, type SessionKeyring } from './identity.keys.ts';

/** Issuer and audience of built-in session tokens; the data plane's service JWTs use others. */
export const SESSION_ISSUER = 'pricecrawl-identity';
export const SESSION_AUDIENCE = 'pricecrawl-dashboard';

/** What a verified session token says. `familyId` is absent for OIDC tokens. */
export type SessionClaims =
  { kind: 'builtin'; userId: string; familyId: string } | { kind: 'oidc'; email: string };

/** Signs a session token for a user's login (`sid` names the login's refresh-token family). */
export async function signSessionToken(
  keyring: SessionKeyring,
  claims: { userId: string; accountId: string; email: string; familyId: string },
  ttlSeconds: number,
  now: Date = new Date(),
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ sid: claims.familyId, acc: claims.accountId, email: claims.email })
    .setProtectedHeader({ alg: SESSION_ALG, kid: keyring.kid, typ: 'JWT' })
    .setIssuer(SESSION_ISSUER)
    .setAudience(SESSION_AUDIENCE)
    .setSubject(claims.userId)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ttlSeconds)
    .sign(keyring.privateKey);
}

/** Verifies a built-in session token: signature by a published key, issuer, audience, expiry. */
export async function verifyBuiltinSession(keyring: SessionKeyring, token: string): Promise<SessionClaims> {
  const { payload } = await jwtVerify(token, (header) => keyring.verificationKey(header.kid), {
    issuer: SESSION_ISSUER,
    audience: SESSION_AUDIENCE,
    algorithms: [SESSION_ALG],
    requiredClaims: ['sub', 'sid', 'exp'],
  });
  return { kind: 'builtin', userId: String(payload.sub), familyId: String(payload.sid) };
}

/** An external OpenID Connect provider (decisions G30): its tokens' `email` claim names the user. */
export interface OidcVerifier {
  verify(token: string): Promise<SessionClaims>;
}

/** Verifies provider tokens against its JWKS (fetched and cached by jose), issuer and audience. */
export function createOidcVerifier(settings: {
  issuer: string;
  audience: string;
  jwksUrl: string;
}): OidcVerifier {
  const keys: JWTVerifyGetKey = createRemoteJWKSet(new URL(settings.jwksUrl));
  return {
    async verify(token) {
      const { payload } = await jwtVerify(token, keys, {
        issuer: settings.issuer,
        audience: settings.audience,
        requiredClaims: ['exp'],
      });
      if (typeof payload.email !== 'string' || payload.email === '')
        throw new Error('token has no email claim');
      return { kind: 'oidc', email: payload.email.toLowerCase() };
    },
  };
}
