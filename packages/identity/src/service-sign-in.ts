/** The embedded pool's password sign-in: SRP and plain passwords, and what follows them. */
import { createHmac, randomUUID } from 'node:crypto';
import { IdentityError, invalidParameter, MESSAGES, notAuthorized } from './errors.ts';
import { optionalString, requireString } from './input.ts';
import type { UserRecord } from './repository.ts';
import {
  bigIntFromHex,
  claimSignature,
  N,
  padHex,
  parseTimestamp,
  signaturesEqual,
} from './srp.ts';
import type { Pool } from './pool.ts';
import type { Codes } from './service-codes.ts';
import type { Events } from './service-events.ts';
import type { AuthSessions } from './service-sessions.ts';
import type { Tokens } from './service-tokens.ts';
import type { Users } from './service-users.ts';
import type { Input, Output, SecretBlock, SignInContext } from './types.ts';

export type SignInFlow = ReturnType<typeof createSignInFlow>;

export function createSignInFlow(
  pool: Pool,
  {
    events,
    users,
    sessions,
    tokens,
    codes,
  }: { events: Events; users: Users; sessions: AuthSessions; tokens: Tokens; codes: Codes },
) {
  function sealBlock(block: SecretBlock): string {
    return pool.stateBox.seal(JSON.stringify(block));
  }

  function openBlock(secretBlock: string): SecretBlock {
    try {
      const block = JSON.parse(pool.stateBox.open(secretBlock)) as SecretBlock;
      if (block.exp <= pool.now()) throw notAuthorized(MESSAGES.invalidSession);
      return block;
    } catch (error) {
      if (error instanceof IdentityError) throw error;
      throw notAuthorized(MESSAGES.incorrectCredentials);
    }
  }

  function parseA(hex: string): bigint {
    let A: bigint;
    try {
      A = bigIntFromHex(hex);
    } catch {
      throw invalidParameter('SRP_A is not a valid hex number');
    }
    if (A % N === 0n) throw invalidParameter('SRP_A mod N cannot be 0');
    return A;
  }

  async function startSrp(params: Input): Promise<Output> {
    const login = requireString(params, 'USERNAME');
    const A = parseA(requireString(params, 'SRP_A'));
    const user = await users.findUser(login);
    if (!user) {
      if (!pool.preventExistenceErrors)
        throw new IdentityError('UserNotFoundException', MESSAGES.userDoesNotExist);
      // A challenge indistinguishable from a real one; the verifier step then fails as a wrong password would.
      const fakeSalt = padHex(
        bigIntFromHex(
          createHmac('sha256', pool.codeKey)
            .update(`salt:${login.toLowerCase()}`)
            .digest('hex')
            .slice(0, 32),
        ),
      );
      const fakeVerifier = createHmac('sha256', pool.codeKey)
        .update(`v:${login.toLowerCase()}`)
        .digest('hex');
      const { b, B } = await pool.srp.challenge(fakeVerifier);
      const username = randomUUID();
      return passwordVerifierChallenge({ kind: 'fake', username, A, B, b, salt: fakeSalt });
    }
    users.assertCanSignIn(user);
    const { b, B } = await pool.srp.challenge(user.srpVerifier);
    return passwordVerifierChallenge({
      kind: 'user',
      username: user.username,
      A,
      B,
      b,
      salt: user.srpSalt,
    });
  }

  function passwordVerifierChallenge(input: {
    kind: SecretBlock['kind'];
    username: string;
    A: bigint;
    B: bigint;
    b: bigint;
    salt: string;
  }): Output {
    const block = sealBlock({
      kind: input.kind,
      username: input.username,
      A: input.A.toString(16),
      B: input.B.toString(16),
      b: input.b.toString(16),
      exp: pool.now() + pool.authSessionTtlMs,
    });
    return {
      ChallengeName: 'PASSWORD_VERIFIER',
      ChallengeParameters: {
        SALT: input.salt,
        SECRET_BLOCK: block,
        SRP_B: input.B.toString(16),
        USERNAME: input.username,
        USER_ID_FOR_SRP: input.username,
      },
    };
  }

  async function verifyClaim(
    block: SecretBlock,
    verifierHex: string,
    poolNameForClaim: string,
    usernameForClaim: string,
    responses: Input,
    secretBlock: string,
  ): Promise<boolean> {
    const timestamp = requireString(responses, 'TIMESTAMP');
    if (!parseTimestamp(timestamp)) throw invalidParameter('TIMESTAMP format is invalid');
    const signature = requireString(responses, 'PASSWORD_CLAIM_SIGNATURE');
    const key = await pool.srp.key({
      A: bigIntFromHex(block.A),
      B: bigIntFromHex(block.B),
      b: bigIntFromHex(block.b),
      verifierHex,
    });
    const expected = claimSignature(
      key,
      poolNameForClaim,
      usernameForClaim,
      secretBlock,
      timestamp,
    );
    return signaturesEqual(expected, signature);
  }

  async function passwordVerifier(responses: Input, clientId: string): Promise<Output> {
    const secretBlock = requireString(responses, 'PASSWORD_CLAIM_SECRET_BLOCK');
    const block = openBlock(secretBlock);
    if (block.kind === 'fake') {
      // The work of a wrong password (lookup, SRP key), so timing does not tell the user is unknown.
      await pool.repo.findUserByUsername(block.username);
      const decoy = createHmac('sha256', pool.codeKey).update(`v:${block.username}`).digest('hex');
      await verifyClaim(block, decoy, pool.poolName!, block.username, responses, secretBlock);
      throw notAuthorized(MESSAGES.incorrectCredentials);
    }
    if (block.kind !== 'user') throw notAuthorized(MESSAGES.invalidSession);
    const user = await pool.repo.findUserByUsername(block.username);
    if (!user) throw notAuthorized(MESSAGES.incorrectCredentials);
    events.concerns(user.username);
    sessions.assertSameUser(user, responses);
    users.assertCanSignIn(user);
    const deviceKey = optionalString(responses, 'DEVICE_KEY') ?? null;
    if (deviceKey) await users.requireDevice(deviceKey, user.username);
    if (
      !(await verifyClaim(
        block,
        user.srpVerifier,
        pool.poolName!,
        user.username,
        responses,
        secretBlock,
      ))
    )
      return users.recordFailedPassword(user);
    await users.recordPasswordSuccess(user);
    return afterPassword(user, { clientId, deviceKey, deviceVerified: false });
  }

  async function userPasswordAuth(params: Input, clientId: string): Promise<Output> {
    const login = requireString(params, 'USERNAME');
    const password = requireString(params, 'PASSWORD');
    const user = await users.findUser(login);
    if (!user) {
      if (pool.preventExistenceErrors) throw notAuthorized(MESSAGES.incorrectCredentials);
      throw new IdentityError('UserNotFoundException', MESSAGES.userDoesNotExist);
    }
    users.assertCanSignIn(user);
    const deviceKey = optionalString(params, 'DEVICE_KEY') ?? null;
    if (deviceKey) await users.requireDevice(deviceKey, user.username);
    if (!users.passwordMatches(user, password)) return users.recordFailedPassword(user);
    await users.recordPasswordSuccess(user);
    return afterPassword(user, { clientId, deviceKey, deviceVerified: false });
  }

  /** What follows a verified password: a new password, device proof, MFA, or tokens. */
  async function afterPassword(user: UserRecord, context: SignInContext): Promise<Output> {
    const state = {
      clientId: context.clientId,
      deviceKey: context.deviceKey,
      deviceVerified: context.deviceVerified,
    };
    if (user.status === 'FORCE_CHANGE_PASSWORD') {
      if (user.passwordSetAt + pool.temporaryValidityMs <= pool.now())
        throw notAuthorized(MESSAGES.temporaryPasswordExpired);
      const session = await sessions.createAuthSession(
        user.username,
        'NEW_PASSWORD_REQUIRED',
        state,
      );
      return {
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: session,
        ChallengeParameters: {
          USER_ID_FOR_SRP: user.username,
          requiredAttributes: '[]',
          userAttributes: JSON.stringify({
            email: user.email,
            email_verified: String(user.emailVerified),
            ...user.attributes,
          }),
        },
      };
    }
    if (context.deviceKey && !context.deviceVerified) {
      const device = await pool.repo.findDevice(context.deviceKey);
      if (device?.confirmed && device.remembered && device.srpVerifier) {
        const session = await sessions.createAuthSession(user.username, 'DEVICE_SRP_AUTH', state);
        return { ChallengeName: 'DEVICE_SRP_AUTH', Session: session, ChallengeParameters: {} };
      }
    }
    if (!context.deviceVerified) {
      const totp = user.totpEnabled && user.totpSecret !== null;
      if (totp && user.emailMfaEnabled && !user.totpPreferred && !user.emailMfaPreferred) {
        const session = await sessions.createAuthSession(user.username, 'SELECT_MFA_TYPE', state);
        return {
          ChallengeName: 'SELECT_MFA_TYPE',
          Session: session,
          ChallengeParameters: {
            MFAS_CAN_CHOOSE: '["SOFTWARE_TOKEN_MFA","EMAIL_OTP"]',
            USER_ID_FOR_SRP: user.username,
          },
        };
      }
      if (totp && (!user.emailMfaEnabled || !user.emailMfaPreferred))
        return totpChallenge(user, state);
      if (user.emailMfaEnabled) return codes.sendSignInCode(user, { ...state, firstFactor: false });
      if (user.mfaRequired) {
        const session = await sessions.createAuthSession(user.username, 'MFA_SETUP', state);
        return {
          ChallengeName: 'MFA_SETUP',
          Session: session,
          ChallengeParameters: { MFAS_CAN_SETUP: '["SOFTWARE_TOKEN_MFA"]' },
        };
      }
    }
    return tokens.issueTokens(user, context);
  }

  async function totpChallenge(user: UserRecord, state: Record<string, unknown>): Promise<Output> {
    const session = await sessions.createAuthSession(user.username, 'SOFTWARE_TOKEN_MFA', state);
    return {
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: session,
      ChallengeParameters: {
        FRIENDLY_DEVICE_NAME: user.totpDeviceName ?? 'TOTP device',
        USER_ID_FOR_SRP: user.username,
      },
    };
  }

  return {
    sealBlock,
    openBlock,
    parseA,
    startSrp,
    verifyClaim,
    passwordVerifier,
    userPasswordAuth,
    afterPassword,
    totpChallenge,
  };
}
