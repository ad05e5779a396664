import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { createIdentityService, type IdentityService } from '../src/index.ts';
import { CLIENT_ID, PASSWORD, POOL_ID, startTestPool, type TestPool } from './helpers.ts';

/** A token naming a key nobody has (its signature is never checked: the key is unknown). */
function tokenOfUnknownKey(): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'RS256', kid: randomUUID() })}.${part({ token_use: 'access' })}.c2ln`;
}

/**
 * Two instances of the pool on one database, as behind a load balancer: a key one of them makes
 * (`npm run admin -- rotate-signing-key` does the same) must be accepted by the other at once.
 */
describe('signing keys made by another instance', () => {
  let pool: TestPool;
  let other: IdentityService;
  const readsOfKeys = () =>
    pool.queries.filter((query) => /from "identity_signing_keys"/.test(query)).length;

  beforeAll(async () => {
    pool = await startTestPool();
    other = await createIdentityService({
      db: pool.db,
      poolId: POOL_ID,
      clientId: CLIENT_ID,
      publicUrl: 'http://127.0.0.1',
      secretKey: 'test-secret-key-with-enough-entropy',
      sendEmail: async () => undefined,
    });
  });
  afterAll(async () => {
    await other?.close();
    await pool?.close();
  });

  test('a token of a key made a moment after this instance read the keys is accepted, after a short wait', async () => {
    const email = `keys-${randomUUID()}@example.org`;
    await pool.service.createUser({ email, password: PASSWORD });
    // This instance reads the key set now (a token of an unknown key), so the next read is a
    // second away when the new key's token arrives.
    expect((await pool.call('GetUser', { AccessToken: tokenOfUnknownKey() })).status).toBe(400);

    await other.rotateSigningKey();
    const signedIn = (await other.handle(
      'InitiateAuth',
      {
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: CLIENT_ID,
        AuthParameters: { USERNAME: email, PASSWORD },
      },
      { ip: '192.0.2.1' },
    )) as { AuthenticationResult: { AccessToken: string } };
    const started = Date.now();
    const answer = await pool.call('GetUser', {
      AccessToken: signedIn.AuthenticationResult.AccessToken,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.UserAttributes).toContainEqual({ Name: 'email', Value: email });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  test('a flood of tokens of made-up keys reads the key set at most once a second', async () => {
    await sleep(1_100);
    const before = readsOfKeys();
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => pool.call('GetUser', { AccessToken: tokenOfUnknownKey() })),
    );
    const seconds = (Date.now() - started) / 1000;
    expect(answers.every((answer) => answer.status === 400)).toBe(true);
    expect(answers[0]!.body.__type).toBe('NotAuthorizedException');
    // One read at once, and one shared by every token that came while it ran.
    expect(readsOfKeys() - before).toBeGreaterThanOrEqual(1);
    expect(readsOfKeys() - before).toBeLessThanOrEqual(1 + Math.ceil(seconds));
  });
});
