import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { CompactSign, compactVerify } from 'jose';
import { describe, expect, test } from 'vitest';

import { signCompactRs256 } from './signing-keys.ts';

describe('signCompactRs256', () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = randomUUID();
  const headerSegment = Buffer.from(JSON.stringify({ kid, alg: 'RS256' })).toString('base64url');
  const payload = {
    sub: randomUUID(),
    'cognito:groups': ['admins'],
    email_verified: true,
    token_use: 'id',
    name: 'Zoë Ågren 🌿',
    auth_time: 1_764_000_000,
    exp: 1_764_003_600,
    iat: 1_764_000_000,
  };

  test("makes the very token jose's CompactSign makes with the same header (PKCS#1 v1.5 is deterministic)", async () => {
    const ours = await signCompactRs256(headerSegment, payload, privateKey);
    const jose = await new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
      .setProtectedHeader({ kid, alg: 'RS256' })
      .sign(privateKey);
    expect(ours).toBe(jose);
  });

  test('verifies as RS256 with the public key, and a changed payload does not', async () => {
    const token = await signCompactRs256(headerSegment, payload, privateKey);
    const { payload: read, protectedHeader } = await compactVerify(token, publicKey, {
      algorithms: ['RS256'],
    });
    expect(protectedHeader).toEqual({ kid, alg: 'RS256' });
    expect(JSON.parse(new TextDecoder().decode(read))).toEqual(payload);

    const [header, , signature] = token.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...payload, sub: 'someone-else' })).toString('base64url')}.${signature}`;
    await expect(compactVerify(forged, publicKey, { algorithms: ['RS256'] })).rejects.toThrow();
  });
});
