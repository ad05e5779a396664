/** Authenticated encryption of small secrets at rest (AES-256-GCM, key derived from the service's secretKey). */
import {
  createCipheriv,
  createDecipheriv,
  createSecretKey,
  hkdfSync,
  randomBytes,
} from 'node:crypto';

/** A sealed value could not be opened: it was sealed with another secret key (or altered). */
export class SecretKeyMismatchError extends Error {
  override name = 'SecretKeyMismatchError';
  readonly purpose: string;
  constructor(purpose: string) {
    super(`A stored secret (${purpose}) was sealed with another secret key`);
    this.purpose = purpose;
  }
}

export interface CryptoBox {
  /** Standard base64 of IV | tag | ciphertext. */
  seal(plaintext: string): string;
  /** Throws when the value was not sealed with this key and purpose. */
  open(sealed: string): string;
}

/**
 * @example const box = createCryptoBox(secretKey, 'signing-keys'); box.open(box.seal('x')) === 'x'
 */
export function createCryptoBox(secretKey: string, purpose: string): CryptoBox {
  // A KeyObject, made once: node:crypto turns a Buffer key into one on every call (≈3× the cost
  // of sealing a sign-in's state).
  const key = createSecretKey(
    Buffer.from(hkdfSync('sha256', Buffer.from(secretKey, 'utf8'), 'laurel-identity', purpose, 32)),
  );
  return {
    seal(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
    },
    open(sealed) {
      const raw = Buffer.from(sealed, 'base64');
      if (raw.length < 28) throw new Error('Sealed value too short');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      try {
        return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        // GCM's tag check failed: another key sealed it, since nothing else writes these columns.
        throw new SecretKeyMismatchError(purpose);
      }
    },
  };
}
