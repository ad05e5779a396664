/**
 * Answers a sign-in's challenge: the SRP proof, the chosen first factor, an e-mailed code, a
 * passkey, a new password, an authenticator code or MFA choice, MFA set-up, a device's SRP proof.
 */
import { z } from 'zod';
import type { IdentityDeps } from '../deps.ts';
import { IdentityError, invalidParameter, MESSAGES, notAuthorized } from '../errors.ts';
import { mapField, optionalField, requireString, requiredField } from '../input.ts';
import { matchTotpStep } from '../totp.ts';
import type { Call } from './action.ts';

export const access = 'client';

export const input = z.object({
  ClientId: requiredField,
  ChallengeName: requiredField,
  ChallengeResponses: mapField,
  Session: optionalField,
});

export const errors = {
  InvalidParameterException:
    'a parameter missing or malformed, an unsupported challenge, a first factor or MFA type not available, MFA set-up not verified, a passkey answer that is not an assertion',
  ResourceNotFoundException: 'another app client; a device key the user does not have',
  NotAuthorizedException:
    'a wrong password or device proof, an expired or used session, a disabled or locked user, a refused passkey, too many wrong codes',
  CodeMismatchException: 'a wrong authenticator or e-mailed code',
  ExpiredCodeException: 'an e-mailed code answered late',
  InvalidPasswordException: 'a new password the policy refuses',
  UserNotFoundException: 'a user deleted during the sign-in',
  PasswordResetRequiredException: 'a user whose password must be reset',
  TooManyRequestsException: 'too many challenge answers from the address',
  LimitExceededException: 'too many e-mailed codes for the person',
} as const;

export async function handler(
  { ClientId, ChallengeName, ChallengeResponses, Session }: z.output<typeof input>,
  { pool, events, guards, users, sessions, tokens, codes, signIn, choice, passkeys }: IdentityDeps,
  { context }: Call,
) {
  await guards.signInLimit(context.ip, 2);

  switch (ChallengeName) {
    case 'PASSWORD_VERIFIER':
      return signIn.passwordVerifier(ChallengeResponses, ClientId);

    case 'SELECT_CHALLENGE':
      return choice.selectChallenge(Session, ChallengeResponses, ClientId);

    case 'EMAIL_OTP':
      return choice.answerEmailCode(Session, ChallengeResponses);

    case 'WEB_AUTHN':
      return passkeys.answerPasskey(Session, ChallengeResponses);

    case 'NEW_PASSWORD_REQUIRED': {
      const session = await sessions.loadAuthSession(Session, ['NEW_PASSWORD_REQUIRED']);
      const user = await users.requireUser(session.username);
      sessions.assertSameUser(user, ChallengeResponses);
      const password = requireString(ChallengeResponses, 'NEW_PASSWORD');
      users.assertPolicy(password, 'RespondToAuthChallenge');
      await sessions.consume(session.idHash);
      const attributes = { ...user.attributes };
      for (const [name, value] of Object.entries(ChallengeResponses)) {
        if (name.startsWith('userAttributes.') && typeof value === 'string') {
          const attribute = name.slice('userAttributes.'.length);
          if (attribute !== 'email' && attribute !== 'sub' && attribute !== 'email_verified')
            attributes[attribute] = value;
        }
      }
      await events.changeTold(
        { username: user.username, detail: { type: 'PASSWORD_CHANGE', firstPassword: true } },
        (repository) =>
          repository.updateUser(
            user.username,
            { ...users.passwordFields(user.username, password), status: 'CONFIRMED', attributes },
            pool.now(),
          ),
      );
      const updated = await users.requireUser(user.username);
      return signIn.afterPassword(updated, sessions.contextFromState(session.state));
    }

    case 'SOFTWARE_TOKEN_MFA': {
      const session = await sessions.loadAuthSession(Session, ['SOFTWARE_TOKEN_MFA']);
      const user = await users.requireUser(session.username);
      sessions.assertSameUser(user, ChallengeResponses);
      const code = requireString(ChallengeResponses, 'SOFTWARE_TOKEN_MFA_CODE');
      if (!user.totpSecret) throw notAuthorized(MESSAGES.invalidSession);
      const step = matchTotpStep(pool.totpBox.open(user.totpSecret), code, pool.now());
      if (step === undefined || !(await pool.repo.claimTotpStep(user.username, step, pool.now()))) {
        return sessions.wrongCode(
          session.idHash,
          session.attempts,
          new IdentityError('CodeMismatchException', MESSAGES.totpMismatch),
        );
      }
      await sessions.consume(session.idHash);
      return tokens.issueTokens(user, sessions.contextFromState(session.state));
    }

    case 'SELECT_MFA_TYPE': {
      const session = await sessions.loadAuthSession(Session, ['SELECT_MFA_TYPE']);
      const user = await users.requireUser(session.username);
      sessions.assertSameUser(user, ChallengeResponses);
      const answer = requireString(ChallengeResponses, 'ANSWER');
      if (answer === 'SOFTWARE_TOKEN_MFA' && user.totpEnabled && user.totpSecret) {
        await sessions.consume(session.idHash);
        return signIn.totpChallenge(user, session.state);
      }
      if (answer === 'EMAIL_OTP' && user.emailMfaEnabled) {
        await sessions.consume(session.idHash);
        return codes.sendSignInCode(user, { ...session.state, firstFactor: false });
      }
      throw invalidParameter(`${answer} is not an MFA type available to this user`);
    }

    case 'MFA_SETUP': {
      const session = await sessions.loadAuthSession(Session, ['MFA_SETUP', 'MFA_SETUP_VERIFIED']);
      if (session.step !== 'MFA_SETUP_VERIFIED')
        throw invalidParameter('Software token MFA has not been verified for this session');
      const user = await users.requireUser(session.username);
      sessions.assertSameUser(user, ChallengeResponses);
      await sessions.consume(session.idHash);
      return tokens.issueTokens(user, sessions.contextFromState(session.state));
    }

    case 'DEVICE_SRP_AUTH': {
      const session = await sessions.loadAuthSession(Session, ['DEVICE_SRP_AUTH']);
      const context = sessions.contextFromState(session.state);
      const deviceKey = requireString(ChallengeResponses, 'DEVICE_KEY');
      if (deviceKey !== context.deviceKey)
        throw new IdentityError('ResourceNotFoundException', MESSAGES.deviceNotFound);
      const device = await users.requireDevice(deviceKey, session.username);
      if (!device.srpVerifier || !device.srpSalt)
        throw new IdentityError('ResourceNotFoundException', MESSAGES.deviceNotFound);
      const A = signIn.parseA(requireString(ChallengeResponses, 'SRP_A'));
      const { b, B } = await pool.srp.challenge(device.srpVerifier);
      await sessions.consume(session.idHash);
      const next = await sessions.createAuthSession(
        session.username,
        'DEVICE_PASSWORD_VERIFIER',
        session.state,
      );
      const block = signIn.sealBlock({
        kind: 'device',
        username: session.username,
        deviceKey,
        A: A.toString(16),
        B: B.toString(16),
        b: b.toString(16),
        exp: pool.now() + pool.authSessionTtlMs,
      });
      return {
        ChallengeName: 'DEVICE_PASSWORD_VERIFIER',
        Session: next,
        ChallengeParameters: {
          SALT: device.srpSalt,
          SRP_B: B.toString(16),
          SECRET_BLOCK: block,
          USERNAME: session.username,
          DEVICE_KEY: deviceKey,
        },
      };
    }

    case 'DEVICE_PASSWORD_VERIFIER': {
      const session = await sessions.loadAuthSession(Session, ['DEVICE_PASSWORD_VERIFIER']);
      const secretBlock = requireString(ChallengeResponses, 'PASSWORD_CLAIM_SECRET_BLOCK');
      const block = signIn.openBlock(secretBlock);
      const deviceKey = requireString(ChallengeResponses, 'DEVICE_KEY');
      if (
        block.kind !== 'device' ||
        block.username !== session.username ||
        block.deviceKey !== deviceKey
      )
        throw notAuthorized(MESSAGES.invalidSession);
      const device = await users.requireDevice(deviceKey, session.username);
      const user = await users.requireUser(session.username);
      if (!user.enabled) throw notAuthorized(MESSAGES.userDisabled);
      if (
        !device.srpVerifier ||
        !(await signIn.verifyClaim(
          block,
          device.srpVerifier,
          device.deviceGroupKey,
          device.deviceKey,
          ChallengeResponses,
          secretBlock,
        ))
      ) {
        await sessions.consume(session.idHash);
        throw notAuthorized('Incorrect device credentials.');
      }
      await sessions.consume(session.idHash);
      return signIn.afterPassword(user, {
        ...sessions.contextFromState(session.state),
        deviceVerified: true,
      });
    }

    default:
      throw invalidParameter(`Unsupported challenge ${ChallengeName}`);
  }
}
