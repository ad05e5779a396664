import { createLocalJWKSet, exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { randomUUID } from 'node:crypto';

import type { JWTVerifyGetKey } from 'jose';

export const TEST_POOL_ID = 'local-1_LaurelTest';
export const TEST_CLIENT_ID = 'laurel-test-client';
export const TEST_PUBLIC_URL = 'http://localhost';
export const TEST_ISSUER = `${TEST_PUBLIC_URL}/identity/${TEST_POOL_ID}`;
export const TEST_KEY_ID = 'test-key-1';

export interface TestKeys {
  /** Resolves the test key for tokens minted here. */
  getKey: JWTVerifyGetKey;
  /** An id token as the pool would issue it; overrides change claims or the header. */
  mint(
    claims: { sub: string; groups?: string[] } & Record<string, unknown>,
    options?: MintOptions,
  ): Promise<string>;
}

export interface MintOptions {
  expiresInSeconds?: number;
  issuedAt?: number;
  issuer?: string;
  audience?: string;
  /** Sign with a key the verifier does not know. */
  foreignKey?: boolean;
  kid?: string;
}

/**
 * A test key pair served to the production verifier as a JWKS. Tokens minted here pass exactly the
 * checks a token of the identity service passes, and nothing else does.
 */
export async function createTestKeys(): Promise<TestKeys> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const foreign = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: TEST_KEY_ID, alg: 'RS256', use: 'sig' };
  const jwks = createLocalJWKSet({ keys: [jwk] });
  return {
    getKey: jwks,
    async mint({ sub, groups, ...rest }, options = {}) {
      const now = options.issuedAt ?? Math.floor(Date.now() / 1000);
      return new SignJWT({
        'cognito:username': sub,
        'cognito:groups': groups ?? [],
        token_use: 'id',
        origin_jti: randomUUID(),
        auth_time: now,
        ...rest,
      })
        .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? TEST_KEY_ID })
        .setSubject(sub)
        .setIssuer(options.issuer ?? TEST_ISSUER)
        .setAudience(options.audience ?? TEST_CLIENT_ID)
        .setIssuedAt(now)
        .setExpirationTime(now + (options.expiresInSeconds ?? 3600))
        .setJti(randomUUID())
        .sign(options.foreignKey ? foreign.privateKey : privateKey);
    },
  };
}
