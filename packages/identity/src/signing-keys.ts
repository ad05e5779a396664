/**
 * RS256 signing keys shared by every app instance through the database (private key sealed with
 * AES-256-GCM), compact JWS signing with node:crypto and verification with jose.
 *
 * Signing is RSASSA-PKCS1-v1_5 with SHA-256 through `crypto.sign`'s callback form: OpenSSL signs
 * on libuv's thread pool, off the event loop, and the protected header's segment is encoded once
 * per key. PKCS#1 v1.5 signatures are deterministic, so the tokens are byte for byte the ones
 * jose's `CompactSign` makes with the same header (signing-keys.test.ts checks it); jose's own
 * path costs ≈0.07 ms more CPU a token (WebCrypto key checks, header validation, copies).
 */
import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  randomUUID,
  sign,
} from 'node:crypto';

import { compactVerify, decodeProtectedHeader } from 'jose';

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

const decoder = new TextDecoder();

/**
 * A compact JWS (RS256) of `payload` under the already encoded protected header segment; the
 * RSA signature is computed on libuv's thread pool.
 */
export function signCompactRs256(
  headerSegment: string,
  payload: Record<string, unknown>,
  privateKey: KeyObject,
): Promise<string> {
  const signingInput = `${headerSegment}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return new Promise((resolve, reject) => {
    sign('sha256', Buffer.from(signingInput), privateKey, (error, signature) => {
      if (error) reject(error);
      else resolve(`${signingInput}.${signature.toString('base64url')}`);
    });
  });
}

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
  // The header jose wrote for `setProtectedHeader({ kid, alg: 'RS256' })`, in that key order.
  const headerSegment = Buffer.from(JSON.stringify({ kid: active.kid, alg: 'RS256' })).toString(
    'base64url',
  );
  const byKid = new Map(keys.map((key) => [key.kid, key]));
  const jwks: Jwks = { keys: keys.map((key) => key.jwk) };

  return {
    jwks: () => jwks,
    activeKid: active.kid,
    hasKey: (kid) => byKid.has(kid),
    signJwt: (payload) => signCompactRs256(headerSegment, payload, activePrivate),
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
