import { createHmac } from 'node:crypto';

/**
 * RFC 6238 TOTP as authenticator apps compute it (HMAC-SHA-1, 30-second steps, 6 digits),
 * written independently of the identity service so that the tests check it rather than reuse it.
 */
export const TOTP_STEP_MS = 30_000;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32ToBytes(text: string): Buffer {
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of text.replace(/[\s=]/g, '').toUpperCase()) {
    const value = BASE32.indexOf(char);
    if (value < 0) throw new Error(`"${char}" is not a base32 character`);
    buffer = (buffer << 5) | value;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

export function totpStep(nowMs = Date.now()): number {
  return Math.floor(nowMs / TOTP_STEP_MS);
}

/** The 6-digit code for a base32 secret (spaces allowed, as the setup screen groups it) at a step. */
export function totpCode(secret: string, step = totpStep()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32ToBytes(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}

/**
 * A code from a step later than `usedStep`, waiting for the next 30-second window if needed:
 * the identity service accepts each step's code only once.
 */
export async function freshTotpCode(
  secret: string,
  usedStep: number,
): Promise<{ code: string; step: number }> {
  const wait = (usedStep + 1) * TOTP_STEP_MS - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait + 50));
  const step = totpStep();
  return { code: totpCode(secret, step), step };
}
