/**
 * RS256 signing keys shared by every app instance through the database (private key sealed with
 * AES-256-GCM), and compact JWS signing and verification with jose.
 */
import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  randomUUID,
} from 'node:crypto';

import { CompactSign, compactVerify, decodeProtectedHeader } from 'jose';

import type { CryptoBox } from './crypto-box.ts';
import type { IdentityRepository } from './repository.ts';

export interface PublicJwk {
  kty: 'RSA';
  kid: string;
  alg: 'RS256';
  use: 'sig';
  n: string;
  e: string;
}

export interface Jwks {
  keys: PublicJwk[];
}

interface LoadedKey {
  kid: string;
  jwk: PublicJwk;
  publicKey: KeyObject;
}

export interface KeyRing {
  jwks(): Jwks;
  /** The key that signs new tokens. */
  activeKid: string;
  /** Whether a key with this id is published (a token naming another one needs a fresh read). */
  hasKey(kid: string): boolean;
  signJwt(payload: Record<string, unknown>): Promise<string>;
  /** Verifies an RS256 token of this pool and returns its payload; undefined when the signature or format is bad. */
  verifyJwt(token: string): Promise<Record<string, unknown> | undefined>;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A new RS256 key pair as it is stored: the public JWK in clear, the private key sealed. */
export function newSigningKey(box: CryptoBox, now: () => number) {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = randomUUID();
  const exported = publicKey.export({ format: 'jwk' }) as { n: string; e: string };
  const jwk: PublicJwk = {
    kty: 'RSA',
    kid,
    alg: 'RS256',
    use: 'sig',
    n: exported.n,
    e: exported.e,
  };
  return {
    kid,
    publicJwk: JSON.stringify(jwk),
    privateKey: box.seal(privateKey.export({ format: 'pem', type: 'pkcs8' }) as string),
    createdAt: now(),
  };
}

/** The key id a compact JWS names in its header, if it can be read. */
export function kidOf(token: string): string | undefined {
  try {
    const { kid } = decodeProtectedHeader(token);
    return typeof kid === 'string' ? kid : undefined;
  } catch {
    return undefined;
  }
}

/** Loads the pool's keys, generating and storing the first one when there is none. */
export async function loadKeyRing(
  repository: IdentityRepository,
  box: CryptoBox,
  now: () => number,
): Promise<KeyRing> {
  let rows = await repository.listSigningKeys();
  if (rows.length === 0) {
    try {
      await repository.insertSigningKey(newSigningKey(box, now));
    } catch (error) {
      // Another instance may have stored its key at the same moment; both keys stay published.
      if ((await repository.listSigningKeys()).length === 0) throw error;
    }
    rows = await repository.listSigningKeys();
  }
  const keys: LoadedKey[] = rows.map((row) => {
    const jwk = JSON.parse(row.publicJwk) as PublicJwk;
    return { kid: row.kid, jwk, publicKey: createPublicKey({ key: { ...jwk }, format: 'jwk' }) };
  });
  // Every instance signs with the newest key once it has read it (the list is ordered by creation
  // time, then id, so instances agree even after a race at first start); older keys stay
  // published, so the tokens they signed verify until they expire.
  const active = rows[rows.length - 1]!;
  const activePrivate = createPrivateKey(box.open(active.privateKey));
  const byKid = new Map(keys.map((key) => [key.kid, key]));
  const jwks: Jwks = { keys: keys.map((key) => key.jwk) };

  return {
    jwks: () => jwks,
    activeKid: active.kid,
    hasKey: (kid) => byKid.has(kid),
    signJwt: (payload) =>
      new CompactSign(encoder.encode(JSON.stringify(payload)))
        .setProtectedHeader({ kid: active.kid, alg: 'RS256' })
        .sign(activePrivate),
    async verifyJwt(token) {
      try {
        // Only RS256 with a key this pool publishes; the header names which.
        const { payload } = await compactVerify(
          token,
          (header) => {
            const key = header.kid === undefined ? undefined : byKid.get(header.kid);
            if (!key) throw new Error('unknown key');
            return key.publicKey;
          },
          { algorithms: ['RS256'] },
        );
        const parsed: unknown = JSON.parse(decoder.decode(payload));
        return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
          ? (parsed as Record<string, unknown>)
          : undefined;
      } catch {
        return undefined;
      }
    },
  };
}
