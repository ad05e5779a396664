import { afterAll, describe, expect, test } from 'vitest';

import {
  computeVerifier,
  computeX,
  createClientSession,
  N,
  randomSaltHex,
  srpEngine,
  useSrpEngine,
  modPowN,
  g,
} from './srp.ts';
import { acquireSrpPool, closeSrpPool, srpPoolStatus } from './srp-pool.ts';

const salt = randomSaltHex();
const verifierHex = computeVerifier('LaurelTest', 'user', 'Pass-word-12345', salt);
const x = computeX('LaurelTest', 'user', 'Pass-word-12345', salt);

async function until(condition: () => boolean, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

afterAll(() => closeSrpPool());

describe('SRP engines', () => {
  test('the fast modp15 engine is in use and agrees with the key-object engine', () => {
    expect(srpEngine()).toBe('modp15-group');
    const base = modPowN(3n, 12345678901234567890n);
    const exponent = (1n << 255n) + 987654321n;
    const fast = modPowN(base, exponent);
    const fastG = modPowN(g, exponent);
    try {
      expect(useSrpEngine('key-objects')).toBe('key-objects');
      expect(modPowN(base, exponent)).toBe(fast);
      expect(modPowN(g, exponent)).toBe(fastG);
    } finally {
      useSrpEngine('modp15-group');
    }
  });
});

describe('SRP worker pool', () => {
  test('challenges and keys from the workers match the client, inline before they are ready', async () => {
    const pool = acquireSrpPool(2);
    try {
      for (let round = 0; round < 2; round++) {
        const client = createClientSession();
        const { b, B } = await pool.challenge(verifierHex);
        expect(B > 0n && B < N).toBe(true);
        const key = await pool.key({ A: client.A, B, b, verifierHex });
        expect(key.equals(client.key({ B, x }))).toBe(true);
        // The first round ran inline while the workers started; the second uses them.
        await until(() => srpPoolStatus().ready === 2 && srpPoolStatus().buffered > 0);
      }
      const results = await Promise.all(
        Array.from({ length: 20 }, async () => {
          const client = createClientSession();
          const { b, B } = await pool.challenge(verifierHex);
          return (await pool.key({ A: client.A, B, b, verifierHex })).equals(client.key({ B, x }));
        }),
      );
      expect(results.every(Boolean)).toBe(true);
    } finally {
      await pool.release();
    }
    expect(srpPoolStatus().workers).toBe(0);
  });

  test('a degenerate A is refused by the worker as by the inline code', async () => {
    const pool = acquireSrpPool(1);
    try {
      await pool.challenge(verifierHex);
      await until(() => srpPoolStatus().ready === 1);
      const { b, B } = await pool.challenge(verifierHex);
      await expect(pool.key({ A: N, B, b, verifierHex })).rejects.toThrow(RangeError);
    } finally {
      await pool.release();
    }
  });

  test('work in flight when the workers end is finished inline', async () => {
    const pool = acquireSrpPool(1);
    try {
      await pool.challenge(verifierHex);
      await until(() => srpPoolStatus().ready === 1);
      const client = createClientSession();
      const { b, B } = await pool.challenge(verifierHex);
      const pending = pool.key({ A: client.A, B, b, verifierHex });
      await closeSrpPool();
      expect((await pending).equals(client.key({ B, x }))).toBe(true);
      // The pool starts again on next use.
      const again = await pool.challenge(verifierHex);
      expect(again.B > 0n).toBe(true);
      expect(srpPoolStatus().workers).toBe(1);
    } finally {
      await pool.release();
    }
  });

  test('0 workers computes on the calling thread', async () => {
    const pool = acquireSrpPool(0);
    const client = createClientSession();
    const { b, B } = await pool.challenge(verifierHex);
    expect((await pool.key({ A: client.A, B, b, verifierHex })).equals(client.key({ B, x }))).toBe(
      true,
    );
    expect(srpPoolStatus().workers).toBe(0);
  });
});
