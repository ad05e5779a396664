/** RFC 6238 TOTP (HMAC-SHA-1, 30-second steps, 6 digits) and RFC 4648 base32, as authenticator apps use them. */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(data: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of data) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/=+$/, '').replace(/\s/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = ALPHABET.indexOf(char);
    if (index < 0) throw new RangeError('invalid base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new shared secret: 20 random bytes (160 bits, the RFC 4226 recommendation), base32 text. */
export function generateTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

const TOTP_STEP_SECONDS = 30;

export function totpStep(nowMs: number): number {
  return Math.floor(nowMs / 1000 / TOTP_STEP_SECONDS);
}

/** HOTP value for a counter (RFC 4226), `digits` long, with the key as raw bytes. */
export function hotp(
  key: Buffer,
  counter: number,
  digits = 6,
  algorithm: 'sha1' | 'sha256' | 'sha512' = 'sha1',
): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The code for a base32 secret at a time. @example totpCode(secret, Date.now()) */
export function totpCode(secretBase32: string, nowMs: number): string {
  return hotp(base32Decode(secretBase32), totpStep(nowMs));
}

/**
 * Finds the time step a code belongs to within ±`window` steps of now, or undefined.
 * Callers refuse a step at or before the last one accepted, so a code works only once.
 */
export function matchTotpStep(
  secretBase32: string,
  code: string,
  nowMs: number,
  window = 1,
): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const key = base32Decode(secretBase32);
  const current = totpStep(nowMs);
  let found: number | undefined;
  for (let step = current - window; step <= current + window; step++) {
    // Compare every candidate so the timing does not reveal which step matched.
    if (timingSafeEqual(Buffer.from(hotp(key, step)), Buffer.from(code)) && found === undefined)
      found = step;
  }
  return found;
}
