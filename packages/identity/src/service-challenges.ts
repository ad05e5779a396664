/** The embedded pool: challenges (service.ts puts the parts together). */
import { IdentityError, invalidParameter, MESSAGES, notAuthorized } from './errors.ts';
import { matchTotpStep } from './totp.ts';
import type { RequestContext } from './service.ts';
import {
  type Input,
  type Output,
  type PoolContext,
  type PoolParts,
  optionalString,
  record,
  requireString,
} from './service-context.ts';

/** The pool's challenges, over the shared context. */
export function createChallenges(
  ctx: PoolContext,
): Pick<PoolParts, 'respondToAuthChallenge' | 'initiateAuth'> {
  async function respondToAuthChallenge(input: Input, context: RequestContext): Promise<Output> {
    const clientId = requireString(input, 'ClientId');
    ctx.checkClient(clientId);
    const challenge = requireString(input, 'ChallengeName');
    const responses = record(input, 'ChallengeResponses');
    const sessionId = optionalString(input, 'Session');
    await ctx.rateLimit(
      `signin:${context.ip}`,
      ctx.limits.signInsPerIpPerMinute * 2,
      60_000,
      'TooManyRequestsException',
    );

    switch (challenge) {
      case 'PASSWORD_VERIFIER':
        return ctx.passwordVerifier(responses, clientId);

      case 'SELECT_CHALLENGE':
        return ctx.selectChallenge(sessionId, responses, clientId);

      case 'EMAIL_OTP':
        return ctx.answerEmailCode(sessionId, responses);

      case 'WEB_AUTHN':
        return ctx.answerPasskey(sessionId, responses);

      case 'NEW_PASSWORD_REQUIRED': {
        const session = await ctx.loadAuthSession(sessionId, ['NEW_PASSWORD_REQUIRED']);
        const user = await ctx.requireUser(session.username);
        ctx.assertSameUser(user, responses);
        const password = requireString(responses, 'NEW_PASSWORD', 'challenge');
        ctx.assertPolicy(password, 'RespondToAuthChallenge');
        await ctx.consume(session.idHash);
        const attributes = { ...user.attributes };
        for (const [name, value] of Object.entries(responses)) {
          if (name.startsWith('userAttributes.') && typeof value === 'string') {
            const attribute = name.slice('userAttributes.'.length);
            if (attribute !== 'email' && attribute !== 'sub' && attribute !== 'email_verified')
              attributes[attribute] = value;
          }
        }
        await ctx.changeTold(
          { username: user.username, detail: { type: 'PASSWORD_CHANGE', firstPassword: true } },
          (repository) =>
            repository.updateUser(
              user.username,
              { ...ctx.passwordFields(user.username, password), status: 'CONFIRMED', attributes },
              ctx.now(),
            ),
        );
        const updated = await ctx.requireUser(user.username);
        return ctx.afterPassword(updated, ctx.contextFromState(session.state));
      }

      case 'SOFTWARE_TOKEN_MFA': {
        const session = await ctx.loadAuthSession(sessionId, ['SOFTWARE_TOKEN_MFA']);
        const user = await ctx.requireUser(session.username);
        ctx.assertSameUser(user, responses);
        const code = requireString(responses, 'SOFTWARE_TOKEN_MFA_CODE', 'challenge');
        if (!user.totpSecret) throw notAuthorized(MESSAGES.invalidSession);
        const step = matchTotpStep(ctx.totpBox.open(user.totpSecret), code, ctx.now());
        if (step === undefined || !(await ctx.repo.claimTotpStep(user.username, step, ctx.now()))) {
          return ctx.wrongCode(
            session.idHash,
            session.attempts,
            new IdentityError('CodeMismatchException', MESSAGES.totpMismatch),
          );
        }
        await ctx.consume(session.idHash);
        return ctx.issueTokens(user, ctx.contextFromState(session.state));
      }

      case 'SELECT_MFA_TYPE': {
        const session = await ctx.loadAuthSession(sessionId, ['SELECT_MFA_TYPE']);
        const user = await ctx.requireUser(session.username);
        ctx.assertSameUser(user, responses);
        const answer = requireString(responses, 'ANSWER', 'challenge');
        if (answer === 'SOFTWARE_TOKEN_MFA' && user.totpEnabled && user.totpSecret) {
          await ctx.consume(session.idHash);
          return ctx.totpChallenge(user, session.state);
        }
        if (answer === 'EMAIL_OTP' && user.emailMfaEnabled) {
          await ctx.consume(session.idHash);
          return ctx.sendSignInCode(user, { ...session.state, firstFactor: false });
        }
        throw invalidParameter(`${answer} is not an MFA type available to this user`);
      }

      case 'MFA_SETUP': {
        const session = await ctx.loadAuthSession(sessionId, ['MFA_SETUP', 'MFA_SETUP_VERIFIED']);
        if (session.step !== 'MFA_SETUP_VERIFIED')
          throw invalidParameter('Software token MFA has not been verified for this session');
        const user = await ctx.requireUser(session.username);
        ctx.assertSameUser(user, responses);
        await ctx.consume(session.idHash);
        return ctx.issueTokens(user, ctx.contextFromState(session.state));
      }

      case 'DEVICE_SRP_AUTH': {
        const session = await ctx.loadAuthSession(sessionId, ['DEVICE_SRP_AUTH']);
        const context = ctx.contextFromState(session.state);
        const deviceKey = requireString(responses, 'DEVICE_KEY', 'challenge');
        if (deviceKey !== context.deviceKey)
          throw new IdentityError('ResourceNotFoundException', MESSAGES.deviceNotFound);
        const device = await ctx.requireDevice(deviceKey, session.username);
        if (!device.srpVerifier || !device.srpSalt)
          throw new IdentityError('ResourceNotFoundException', MESSAGES.deviceNotFound);
        const A = ctx.parseA(requireString(responses, 'SRP_A', 'challenge'));
        const { b, B } = await ctx.srp.challenge(device.srpVerifier);
        await ctx.consume(session.idHash);
        const next = await ctx.createAuthSession(
          session.username,
          'DEVICE_PASSWORD_VERIFIER',
          session.state,
        );
        const block = ctx.sealBlock({
          kind: 'device',
          username: session.username,
          deviceKey,
          A: A.toString(16),
          B: B.toString(16),
          b: b.toString(16),
          exp: ctx.now() + ctx.authSessionTtlMs,
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
        const session = await ctx.loadAuthSession(sessionId, ['DEVICE_PASSWORD_VERIFIER']);
        const secretBlock = requireString(responses, 'PASSWORD_CLAIM_SECRET_BLOCK', 'challenge');
        const block = ctx.openBlock(secretBlock);
        const deviceKey = requireString(responses, 'DEVICE_KEY', 'challenge');
        if (
          block.kind !== 'device' ||
          block.username !== session.username ||
          block.deviceKey !== deviceKey
        )
          throw notAuthorized(MESSAGES.invalidSession);
        const device = await ctx.requireDevice(deviceKey, session.username);
        const user = await ctx.requireUser(session.username);
        if (!user.enabled) throw notAuthorized(MESSAGES.userDisabled);
        if (
          !device.srpVerifier ||
          !(await ctx.verifyClaim(
            block,
            device.srpVerifier,
            device.deviceGroupKey,
            device.deviceKey,
            responses,
            secretBlock,
          ))
        ) {
          await ctx.consume(session.idHash);
          throw notAuthorized('Incorrect device credentials.');
        }
        await ctx.consume(session.idHash);
        return ctx.afterPassword(user, {
          ...ctx.contextFromState(session.state),
          deviceVerified: true,
        });
      }

      default:
        throw invalidParameter(`Unsupported challenge ${challenge}`);
    }
  }

  async function initiateAuth(input: Input, context: RequestContext): Promise<Output> {
    const clientId = requireString(input, 'ClientId');
    ctx.checkClient(clientId);
    const flow = requireString(input, 'AuthFlow');
    const params = record(input, 'AuthParameters');
    switch (flow) {
      case 'USER_SRP_AUTH':
        await ctx.rateLimit(
          `signin:${context.ip}`,
          ctx.limits.signInsPerIpPerMinute,
          60_000,
          'TooManyRequestsException',
        );
        return ctx.startSrp(params);
      case 'USER_PASSWORD_AUTH':
        await ctx.rateLimit(
          `signin:${context.ip}`,
          ctx.limits.signInsPerIpPerMinute,
          60_000,
          'TooManyRequestsException',
        );
        return ctx.userPasswordAuth(params, clientId);
      case 'USER_AUTH':
        await ctx.rateLimit(
          `signin:${context.ip}`,
          ctx.limits.signInsPerIpPerMinute,
          60_000,
          'TooManyRequestsException',
        );
        return ctx.startUserAuth(params, clientId);
      case 'REFRESH_TOKEN_AUTH':
      case 'REFRESH_TOKEN':
        return ctx.refresh(requireString(params, 'REFRESH_TOKEN', 'auth'), clientId);
      default:
        throw invalidParameter(`Unsupported AuthFlow ${flow}`);
    }
  }

  return {
    respondToAuthChallenge,
    initiateAuth,
  };
}
