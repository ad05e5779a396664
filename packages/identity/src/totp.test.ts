import { describe, expect, test } from 'vitest';

import {
  base32Decode,
  base32Encode,
  generateTotpSecret,
  hotp,
  matchTotpStep,
  totpCode,
  totpStep,
} from './totp.ts';

// RFC 6238 Appendix B: the SHA-1 seed is "12345678901234567890"; the table gives 8-digit values.
const SEED = Buffer.from('12345678901234567890', 'ascii');
const RFC6238_SHA1: Array<[number, string]> = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP', () => {
  test.each(RFC6238_SHA1)('RFC 6238 vector at T=%i', (seconds, expected) => {
    expect(hotp(SEED, Math.floor(seconds / 30), 8)).toBe(expected);
  });

  test('6-digit codes are the last six digits of the RFC values', () => {
    const secret = base32Encode(SEED);
    expect(totpCode(secret, 59_000)).toBe('287082');
    expect(totpCode(secret, 1111111109_000)).toBe('081804');
  });

  test('RFC 4226 HOTP vectors', () => {
    expect([0, 1, 2, 9].map((c) => hotp(SEED, c))).toEqual([
      '755224',
      '287082',
      '359152',
      '520489',
    ]);
  });

  test('accepts ±1 step and reports which step matched', () => {
    const secret = generateTotpSecret();
    const now = 1_700_000_000_000;
    const step = totpStep(now);
    expect(matchTotpStep(secret, totpCode(secret, now - 30_000), now)).toBe(step - 1);
    expect(matchTotpStep(secret, totpCode(secret, now), now)).toBe(step);
    expect(matchTotpStep(secret, totpCode(secret, now + 30_000), now)).toBe(step + 1);
    expect(matchTotpStep(secret, totpCode(secret, now - 90_000), now)).toBeUndefined();
    expect(matchTotpStep(secret, 'abcdef', now)).toBeUndefined();
  });

  test('base32 round-trips and matches RFC 4648', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI').toString()).toBe('foobar');
    const secret = generateTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Encode(base32Decode(secret))).toBe(secret);
  });
});
