/* eslint-disable @typescript-eslint/no-explicit-any -- the options are the JSON a browser would receive */
/**
 * A software WebAuthn authenticator for tests: real ES256 (or Ed25519) keys from node:crypto,
 * attestation `none`, and assertions signed over authenticator data and the client data hash, as
 * a platform authenticator with user verification produces them.
 */
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

type CborValue = number | string | Uint8Array | Map<CborValue, CborValue> | Record<string, never>;

function cborHead(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  if (length < 65536) {
    const head = Buffer.alloc(3);
    head[0] = (major << 5) | 25;
    head.writeUInt16BE(length, 1);
    return head;
  }
  const head = Buffer.alloc(5);
  head[0] = (major << 5) | 26;
  head.writeUInt32BE(length, 1);
  return head;
}

/** Encodes the few CBOR types attestation objects and COSE keys use. */
function cbor(value: CborValue): Buffer {
  if (typeof value === 'number') return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([cborHead(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([cborHead(2, value.length), value]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([
    cborHead(5, entries.length),
    ...entries.flatMap(([key, item]) => [cbor(key), cbor(item)]),
  ]);
}

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest();

interface StoredKey {
  privateKey: KeyObject;
  algorithm: 'ES256' | 'EdDSA';
  counter: number;
  userHandle: string;
}

export interface CeremonyOptions {
  /** The page's origin as the browser would put it in client data. */
  origin: string;
  /** The relying party id the authenticator hashes (defaults to the one the options name). */
  rpId?: string;
  /** An Ed25519 key instead of ES256 (an algorithm the pool does not accept). */
  algorithm?: 'ES256' | 'EdDSA';
}

export class SoftwareAuthenticator {
  readonly keys = new Map<string, StoredKey>();

  /** `navigator.credentials.create()` for the pool's CredentialCreationOptions (JSON form). */
  create(options: any, ceremony: CeremonyOptions): Record<string, unknown> {
    const rpId: string = ceremony.rpId ?? options.rp.id;
    const algorithm = ceremony.algorithm ?? 'ES256';
    const { privateKey, publicKey } =
      algorithm === 'ES256'
        ? generateKeyPairSync('ec', { namedCurve: 'P-256' })
        : generateKeyPairSync('ed25519');
    const jwk = publicKey.export({ format: 'jwk' });
    const coseKey =
      algorithm === 'ES256'
        ? new Map<CborValue, CborValue>([
            [1, 2],
            [3, -7],
            [-1, 1],
            [-2, Buffer.from(jwk.x!, 'base64url')],
            [-3, Buffer.from(jwk.y!, 'base64url')],
          ])
        : new Map<CborValue, CborValue>([
            [1, 1],
            [3, -8],
            [-1, 6],
            [-2, Buffer.from(jwk.x!, 'base64url')],
          ]);
    const credentialId = randomBytes(32);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length);
    const flags = 0x01 | 0x04 | 0x40; // user present, user verified, attested credential data
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([flags]),
      Buffer.alloc(4), // counter 0
      Buffer.alloc(16), // AAGUID
      idLength,
      credentialId,
      cbor(coseKey),
    ]);
    const attestationObject = cbor(
      new Map<CborValue, CborValue>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    const clientDataJSON = JSON.stringify({
      type: 'webauthn.create',
      challenge: options.challenge,
      origin: ceremony.origin,
      crossOrigin: false,
    });
    const id = b64url(credentialId);
    this.keys.set(id, { privateKey, algorithm, counter: 0, userHandle: options.user.id });
    return {
      id,
      rawId: id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ['internal', 'hybrid'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /**
   * `navigator.credentials.get()` for the pool's CREDENTIAL_REQUEST_OPTIONS: signs with `id` (the
   * first allowed credential it holds by default) and counts up unless `counter` says otherwise.
   */
  get(
    options: any,
    ceremony: CeremonyOptions & { id?: string; counter?: number },
  ): Record<string, unknown> {
    const allowed: string[] = (options.allowCredentials ?? []).map((c: { id: string }) => c.id);
    const id = ceremony.id ?? allowed.find((candidate) => this.keys.has(candidate));
    const key = id && this.keys.get(id);
    if (!id || !key) throw new Error('no credential for these options');
    key.counter = ceremony.counter ?? key.counter + 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(key.counter);
    const authenticatorData = Buffer.concat([
      sha256(ceremony.rpId ?? options.rpId),
      Buffer.from([0x01 | 0x04]),
      counter,
    ]);
    const clientDataJSON = JSON.stringify({
      type: 'webauthn.get',
      challenge: options.challenge,
      origin: ceremony.origin,
      crossOrigin: false,
    });
    const signed = Buffer.concat([authenticatorData, sha256(clientDataJSON)]);
    const signature =
      key.algorithm === 'ES256'
        ? sign('sha256', signed, key.privateKey)
        : sign(null, signed, key.privateKey);
    return {
      id,
      rawId: id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
        userHandle: key.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
