/**
 * The table of actions: every action it lists answers over the wire, and refuses with the Cognito
 * errors its module declares (an action added to the table is checked here without more).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { ACTIONS } from '../src/actions/index.ts';
import { startTestPool, type TestPool } from './helpers.ts';

describe('the table of actions', () => {
  let pool: TestPool;
  beforeAll(async () => {
    pool = await startTestPool();
  });
  afterAll(async () => pool.close());

  test.each(Object.keys(ACTIONS))(
    '%s refuses an empty call and one of another client or token with errors it declares',
    async (name) => {
      const declared = Object.keys(ACTIONS[name]!.errors);
      for (const body of [{}, { ClientId: 'another-client', AccessToken: 'not-a-token' }]) {
        const answer = await pool.call(name, body);
        expect(answer.status).toBe(400);
        expect(declared).toContain(answer.body.__type);
        expect(answer.headers.get('x-amzn-errortype')).toBe(answer.body.__type);
      }
    },
  );

  test('an empty call is refused in Cognito words, naming the first field missing', async () => {
    expect((await pool.call('InitiateAuth', {})).body).toEqual({
      __type: 'InvalidParameterException',
      message:
        "1 validation error detected: Value null at 'ClientId' failed to satisfy constraint: Member must not be null",
    });
    expect((await pool.call('ChangePassword', {})).body).toEqual({
      __type: 'InvalidParameterException',
      message:
        "1 validation error detected: Value null at 'AccessToken' failed to satisfy constraint: Member must not be null",
    });
  });
});
