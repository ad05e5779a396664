import * as cognito from 'amazon-cognito-identity-js';
import { describe, expect, test } from 'vitest';

import {
  bigIntFromHex,
  claimSignature,
  computeVerifier,
  computeX,
  createClientSession,
  createServerChallenge,
  formatTimestamp,
  g,
  k,
  modPowN,
  N,
  padHex,
  parseTimestamp,
  serverKey,
} from './srp.ts';

/**
 * Vector derived by running amazon-cognito-identity-js's AuthenticationHelper (an independent
 * implementation of Cognito's client SRP) with a fixed a, against a fixed salt, password and b.
 */
const VECTOR = {
  poolName: 'LaurelTest',
  username: '4e7d0c6a-2f55-4b1e-9d3a-8c1b2a3f4e5d',
  password: 'Laurel-demo-2026!',
  salt: '7b6f1f0e0a3c4d2e1f5a6b7c8d9e0f11',
  a: '5d2a8e3c7b1f4a6e9c0d2b4f6a8c1e3d5f7a9b0c2d4e6f8a1b3c5d7e9f0a2b4c',
  b: '1f3e5d7c9b0a2c4e6f8d1b3a5c7e9f0d2b4a6c8e1f3d5b7a9c0e2f4d6b8a1c3e',
  k: '538282c4354742d7cbbde2359fcf67f9f5b3a6b08791e5011b43b8a5b66d9ee6',
  A: [
    'b87cfaefb9b8dfe41b6b636b45cc53569c15a53cadbedaa9437bbc378bdd63be607f9f761f14b784bfe26ed3ac25f904',
    'f4930d486c860441d1b560121a853d603fbf8f2a86c67da31c16160983e70c8e23de5be8074a464e2ad537e52028433c',
    '8ddce0cabf24fd14c23ce3d558e88cc84e70cb975317ab6a265aa3d270cf5142669a6e0f07abca16ea62dc4eac525dce',
    'a3200effe4c2412474af5840f571b425ec13db9b58b259e118617d6c4893604b6cbea5af7811027783bb7d440eb26c3d',
    'c8031e431e8206d66f11b99a348e9e1b1c2e21f156f4cb27b61cf9e5f3103e798e4c14e3628db73691767ef65023d4ef',
    'bffaabbb1ecacffac81f1f3c42e826d95aab1e7ec8559b6a1c693038700779ffe25e8b4648a2ae6c41b57444e991076f',
    '7cc435749564113952177e981519fdd4c2d5d1437620fb499f15396e8b093e268eb23cd6555b6bc4079ee37b560c9c0d',
    'd455f381a587902977cb913f53b3a6f190cf70646cfbed9aa474b7d2b2660fd54dc86d58895c7133cc7d5f204b020dfa',
  ].join(''),
  /** HKDF key AuthenticationHelper.getPasswordAuthenticationKey returned. */
  key: '10f8af842d52db5be0fa85ace3d40079',
};

type Helper = {
  N: { constructor: new (hex: string, radix: number) => unknown };
  smallAValue: unknown;
  largeAValue: unknown;
  getLargeAValue(
    callback: (error: unknown, value: { toString(radix: number): string }) => void,
  ): void;
  getPasswordAuthenticationKey(
    username: string,
    password: string,
    B: unknown,
    salt: unknown,
    callback: (error: unknown, key: Uint8Array) => void,
  ): void;
};
const AuthenticationHelper = (
  cognito as unknown as { AuthenticationHelper: new (pool: string) => Helper }
).AuthenticationHelper;

function helperKey(
  helper: Helper,
  username: string,
  password: string,
  B: bigint,
  saltHex: string,
): Promise<string> {
  const BigInteger = helper.N.constructor;
  return new Promise((resolve, reject) =>
    helper.getPasswordAuthenticationKey(
      username,
      password,
      new BigInteger(B.toString(16), 16),
      new BigInteger(saltHex, 16),
      (error, key) => (error ? reject(error) : resolve(Buffer.from(key).toString('hex'))),
    ),
  );
}

describe('SRP-6a as Cognito', () => {
  test('k = H(N | PAD(g)) matches the SDK', () => {
    expect(k.toString(16)).toBe(VECTOR.k);
  });

  test('A = g^a matches the SDK for a fixed a', () => {
    expect(modPowN(g, bigIntFromHex(VECTOR.a)).toString(16)).toBe(VECTOR.A);
  });

  test('the server derives the key the SDK derived (fixed vector)', () => {
    const verifierHex = computeVerifier(
      VECTOR.poolName,
      VECTOR.username,
      VECTOR.password,
      VECTOR.salt,
    );
    const b = bigIntFromHex(VECTOR.b);
    const B = (k * bigIntFromHex(verifierHex) + modPowN(g, b)) % N;
    const key = serverKey({ A: bigIntFromHex(VECTOR.A), B, b, verifierHex });
    expect(key.toString('hex')).toBe(VECTOR.key);
  });

  test('our client derives the same key', () => {
    const verifierHex = computeVerifier(
      VECTOR.poolName,
      VECTOR.username,
      VECTOR.password,
      VECTOR.salt,
    );
    const B = (k * bigIntFromHex(verifierHex) + modPowN(g, bigIntFromHex(VECTOR.b))) % N;
    const client = createClientSession(bigIntFromHex(VECTOR.a));
    const x = computeX(VECTOR.poolName, VECTOR.username, VECTOR.password, VECTOR.salt);
    expect(client.key({ B, x }).toString('hex')).toBe(VECTOR.key);
  });

  test('random sessions agree with a live AuthenticationHelper', async () => {
    for (let i = 0; i < 3; i++) {
      const helper = new AuthenticationHelper('LaurelTest');
      const A = await new Promise<string>((resolve, reject) =>
        helper.getLargeAValue((error, value) =>
          error ? reject(error) : resolve(value.toString(16)),
        ),
      );
      const salt = padHex(bigIntFromHex('f1e2d3c4b5a6978877665544332211' + i));
      const verifierHex = computeVerifier('LaurelTest', 'user-' + i, 'Pass-word-1234' + i, salt);
      const { b, B } = createServerChallenge(verifierHex);
      const ours = serverKey({ A: bigIntFromHex(A), B, b, verifierHex }).toString('hex');
      expect(await helperKey(helper, 'user-' + i, 'Pass-word-1234' + i, B, salt)).toBe(ours);
    }
  });

  test('a wrong password gives a different key, so the claim signature fails', async () => {
    const helper = new AuthenticationHelper('LaurelTest');
    const A = await new Promise<string>((resolve, reject) =>
      helper.getLargeAValue((error, value) =>
        error ? reject(error) : resolve(value.toString(16)),
      ),
    );
    const verifierHex = computeVerifier('LaurelTest', 'u', 'Right-password-1', VECTOR.salt);
    const { b, B } = createServerChallenge(verifierHex);
    const server = serverKey({ A: bigIntFromHex(A), B, b, verifierHex });
    const client = Buffer.from(
      await helperKey(helper, 'u', 'Wrong-password-1', B, VECTOR.salt),
      'hex',
    );
    const ts = 'Tue Aug 5 09:03:07 UTC 2025';
    expect(claimSignature(client, 'LaurelTest', 'u', 'AAAA', ts)).not.toBe(
      claimSignature(server, 'LaurelTest', 'u', 'AAAA', ts),
    );
  });

  test('padHex follows Java BigInteger.toByteArray', () => {
    expect(padHex(0x14n)).toBe('14');
    expect(padHex(0xecn)).toBe('00ec');
    expect(padHex(0x1ecn)).toBe('01ec');
    expect(padHex(N).startsWith('00ff')).toBe(true);
  });

  test('modPowN agrees with BigInt square-and-multiply, including edge bases', () => {
    const slow = (base: bigint, e: bigint) => {
      let r = 1n;
      let x = base % N;
      for (let y = e; y > 0n; y >>= 1n) {
        if (y & 1n) r = (r * x) % N;
        x = (x * x) % N;
      }
      return r;
    };
    const base = bigIntFromHex(VECTOR.A);
    const e = bigIntFromHex(VECTOR.b);
    expect(modPowN(base, e)).toBe(slow(base, e));
    expect(modPowN(1n, e)).toBe(1n);
    expect(modPowN(N - 1n, 2n)).toBe(1n);
  });
});

describe('TIMESTAMP', () => {
  test('formats like the SDKs: day not padded, UTC', () => {
    expect(formatTimestamp(new Date('2025-08-05T09:03:07Z'))).toBe('Tue Aug 5 09:03:07 UTC 2025');
    expect(formatTimestamp(new Date('2026-11-21T23:59:09Z'))).toBe('Sat Nov 21 23:59:09 UTC 2026');
  });

  test('matches DateHelper of amazon-cognito-identity-js', () => {
    const DateHelper = (cognito as unknown as { DateHelper: new () => { getNowString(): string } })
      .DateHelper;
    const before = formatTimestamp(new Date());
    const theirs = new DateHelper().getNowString();
    const after = formatTimestamp(new Date());
    expect([before, after]).toContain(theirs);
  });

  test('parses valid ones and refuses malformed or inconsistent ones', () => {
    expect(parseTimestamp('Tue Aug 5 09:03:07 UTC 2025')?.toISOString()).toBe(
      '2025-08-05T09:03:07.000Z',
    );
    expect(parseTimestamp('Tue Aug 05 09:03:07 UTC 2025')).toBeUndefined();
    expect(parseTimestamp('Wed Aug 5 09:03:07 UTC 2025')).toBeUndefined();
    expect(parseTimestamp('Tue Aug 5 9:03:07 UTC 2025')).toBeUndefined();
  });
});
