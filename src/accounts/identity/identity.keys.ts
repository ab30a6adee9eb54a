import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import type { Db } from '../../platform/db/database.ts';
import { isoNow, isoPlus } from '../../platform/lib/time.ts';
import {
  findSigningKey,
  insertSigningKeyIfAbsent,
  listVerifyingKeys,
  retireOtherSigningKeys,
} from './identity.repository.ts';

/** Session tokens are signed with ECDSA P-256 (asymmetric: verifiers need only the public JWKS). */
export const SESSION_ALG = 'ES256';

/**
 * The session signing keys. The key named by `SESSION_SIGNING_KEY_ID` signs; it is made on first
 * use and kept in the database so every API process signs and verifies alike. Naming another id
 * rotates: the new key signs from then on, and the older ones stay published and verifying for
 * as long as a token they signed can live, so nobody is logged out by a rotation.
 */
export class SessionKeyring {
  private readonly publicKeys = new Map<string, CryptoKey | Uint8Array>();

  private constructor(
    private readonly db: Db,
    readonly kid: string,
    private readonly signingKey: CryptoKey | Uint8Array,
    private readonly maxTokenLifeMs: number,
  ) {}

  /** Ensures the configured key exists and is the one signing; answers the keyring. */
  static async open(db: Db, kid: string, maxTokenLifeSeconds: number): Promise<SessionKeyring> {
    if (!(await findSigningKey(db, kid))) {
      const pair = await generateKeyPair(SESSION_ALG, { extractable: true });
      await insertSigningKeyIfAbsent(db, {
        kid,
        alg: SESSION_ALG,
        public_jwk: JSON.stringify(await exportJWK(pair.publicKey)),
        private_jwk: JSON.stringify(await exportJWK(pair.privateKey)),
        created_at: isoNow(),
        retired_at: null,
      });
    }
    await retireOtherSigningKeys(db, kid, isoNow());
    const stored = await findSigningKey(db, kid);
    if (!stored) throw new Error(`signing key ${kid} vanished`);
    const signingKey = await importJWK(JSON.parse(stored.private_jwk) as JWK, stored.alg);
    return new SessionKeyring(db, kid, signingKey, maxTokenLifeSeconds * 1000);
  }

  /** The private key that signs new session tokens. */
  get privateKey(): CryptoKey | Uint8Array {
    return this.signingKey;
  }

  /** The public key of `kid` when it may still verify; public keys never change, so they are cached. */
  async verificationKey(kid: string | undefined): Promise<CryptoKey | Uint8Array> {
    if (kid === undefined) throw new Error('token has no kid');
    const cached = this.publicKeys.get(kid);
    if (cached) return cached;
    const stored = await findSigningKey(this.db, kid);
    const stillVerifying =
      stored &&
      (stored.retired_at === null || Date.parse(stored.retired_at) + this.maxTokenLifeMs > Date.now());
    if (!stored || !stillVerifying) throw new Error(`unknown signing key ${kid}`);
    const key = await importJWK(JSON.parse(stored.public_jwk) as JWK, stored.alg);
    this.publicKeys.set(kid, key);
    return key;
  }

  /** The public JWKS (`/.well-known/jwks.json`): every key whose tokens may still be alive. */
  async jwks(): Promise<{ keys: Array<JWK & { kty: string; kid: string; alg: string; use: string }> }> {
    const rows = await listVerifyingKeys(this.db, isoPlus(new Date(), -this.maxTokenLifeMs));
    return {
      keys: rows.map((row) => ({
        ...(JSON.parse(row.public_jwk) as JWK & { kty: string }),
        kid: row.kid,
        alg: row.alg,
        use: 'sig',
      })),
    };
  }
}
