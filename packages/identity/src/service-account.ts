/** The embedded pool: account actions (service.ts puts the parts together). */
import { randomInt, timingSafeEqual } from 'node:crypto';
import { IdentityError, invalidParameter, MESSAGES, notAuthorized } from './errors.ts';
import { generateTotpSecret, matchTotpStep } from './totp.ts';
import type { UserRecord } from './repository.ts';
import type { RequestContext } from './service.ts';
import {
  type Input,
  type Output,
  type PoolContext,
  type PoolParts,
  maskEmail,
  optionalString,
  record,
  requireString,
  sha256Hex,
} from './service-context.ts';

/** The pool's account actions, over the shared context. */
export function createAccountActions(
  ctx: PoolContext,
): Pick<
  PoolParts,
  | 'getUserAction'
  | 'changePassword'
  | 'forgotPassword'
  | 'confirmForgotPassword'
  | 'associateSoftwareToken'
  | 'verifySoftwareToken'
  | 'setUserMfaPreference'
  | 'confirmDevice'
  | 'updateDeviceStatus'
  | 'forgetDevice'
  | 'listDevices'
  | 'globalSignOutAction'
  | 'revokeToken'
  | 'actions'
> {
  /** `UserMFASettingList` and `PreferredMfaSetting` as GetUser and GetUserAuthFactors answer them. */
  function mfaSettings(user: UserRecord): Output {
    return {
      ...(user.totpEnabled || user.emailMfaEnabled
        ? {
            UserMFASettingList: [
              ...(user.totpEnabled ? ['SOFTWARE_TOKEN_MFA'] : []),
              ...(user.emailMfaEnabled ? ['EMAIL_OTP'] : []),
            ],
          }
        : {}),
      ...(user.totpEnabled && user.totpPreferred
        ? { PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA' }
        : user.emailMfaEnabled && user.emailMfaPreferred
          ? { PreferredMfaSetting: 'EMAIL_OTP' }
          : {}),
    };
  }

  async function getUserAction(input: Input): Promise<Output> {
    const { user } = await ctx.authenticate(input);
    const attributes = [
      { Name: 'sub', Value: user.username },
      { Name: 'email', Value: user.email },
      { Name: 'email_verified', Value: String(user.emailVerified) },
      ...Object.entries(user.attributes).map(([Name, Value]) => ({ Name, Value })),
    ];
    return { Username: user.username, UserAttributes: attributes, ...mfaSettings(user) };
  }

  /**
   * The user's MFA settings and the factors they have for signing in: what `USER_AUTH` offers
   * them now (PASSWORD_SRP is the password too) and their second steps. SOFTWARE_TOKEN is an
   * authenticator app, a second step only; SMS_OTP never (the pool sends no text messages).
   */
  async function getUserAuthFactors(input: Input): Promise<Output> {
    const { user } = await ctx.authenticate(input);
    const firstFactors = await ctx.availableFactors(user);
    const factors = [
      ...(user.status === 'EXTERNAL_PROVIDER' ? [] : ['PASSWORD']),
      ...(firstFactors.includes('EMAIL_OTP') || user.emailMfaEnabled ? ['EMAIL_OTP'] : []),
      ...(firstFactors.includes('WEB_AUTHN') ? ['WEB_AUTHN'] : []),
      ...(user.totpEnabled ? ['SOFTWARE_TOKEN'] : []),
    ];
    return { Username: user.username, ...mfaSettings(user), ConfiguredUserAuthFactors: factors };
  }

  async function changePassword(input: Input): Promise<Output> {
    const { user } = await ctx.authenticate(input);
    const previous = requireString(input, 'PreviousPassword');
    const proposed = requireString(input, 'ProposedPassword');
    if (user.lockedUntil !== null && user.lockedUntil > ctx.now())
      throw notAuthorized(MESSAGES.attemptsExceeded);
    if (!ctx.passwordMatches(user, previous)) return ctx.recordFailedPassword(user);
    ctx.assertPolicy(proposed, 'ChangePassword');
    await ctx.changeTold(
      { username: user.username, detail: { type: 'PASSWORD_CHANGE', firstPassword: false } },
      (repository) =>
        repository.updateUser(
          user.username,
          { ...ctx.passwordFields(user.username, proposed), failedAttempts: 0, lockedUntil: null },
          ctx.now(),
        ),
    );
    return {};
  }

  async function forgotPassword(input: Input, context: RequestContext): Promise<Output> {
    const clientId = requireString(input, 'ClientId');
    ctx.checkClient(clientId);
    const login = requireString(input, 'Username');
    await ctx.rateLimit(
      `forgot-ip:${context.ip}`,
      ctx.limits.forgotPasswordPerIpPerHour,
      3600_000,
      'LimitExceededException',
    );
    await ctx.rateLimit(
      `forgot-user:${login.trim().toLowerCase()}`,
      ctx.limits.forgotPasswordPerUserPerHour,
      3600_000,
      'LimitExceededException',
    );
    const user = await ctx.findUser(login);
    const delivery = (email: string) => ({
      CodeDeliveryDetails: {
        Destination: maskEmail(email),
        DeliveryMedium: 'EMAIL',
        AttributeName: 'email',
      },
    });
    if (!user || !user.enabled) {
      if (ctx.preventExistenceErrors)
        return delivery(login.includes('@') ? login.trim().toLowerCase() : 'user@example.com');
      if (!user) throw new IdentityError('UserNotFoundException', MESSAGES.userDoesNotExist);
      throw notAuthorized(MESSAGES.userDisabled);
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await ctx.changeTold(
      { username: user.username, detail: { type: 'PASSWORD_RESET', step: 'code_sent' } },
      (repository) =>
        repository.upsertResetCode(
          user.username,
          ctx.hashCode(user.username, code),
          ctx.now(),
          ctx.now() + 3600_000,
        ),
    );
    await ctx.options.sendEmail({
      to: user.email,
      subject: 'Your password reset code',
      text: `Your password reset code is ${code}. It expires in 1 hour. If you did not ask to reset your password, ignore this message.`,
      html: `<p>Your password reset code is <strong>${code}</strong>.</p><p>It expires in 1 hour. If you did not ask to reset your password, ignore this message.</p>`,
      template: { name: 'reset-code', code, expiresInMinutes: 60 },
    });
    return delivery(user.email);
  }

  async function confirmForgotPassword(input: Input): Promise<Output> {
    const clientId = requireString(input, 'ClientId');
    ctx.checkClient(clientId);
    const login = requireString(input, 'Username');
    const code = requireString(input, 'ConfirmationCode');
    const password = requireString(input, 'Password');
    const user = await ctx.findUser(login);
    if (!user) {
      if (ctx.preventExistenceErrors)
        throw new IdentityError('CodeMismatchException', MESSAGES.codeMismatch);
      throw new IdentityError('UserNotFoundException', MESSAGES.userDoesNotExist);
    }
    const stored = await ctx.repo.findResetCode(user.username);
    if (!stored || stored.expiresAt <= ctx.now())
      throw new IdentityError('ExpiredCodeException', MESSAGES.codeExpired);
    if (stored.attempts >= ctx.limits.codeAttempts) {
      await ctx.repo.deleteResetCode(user.username);
      throw new IdentityError('LimitExceededException', MESSAGES.limitExceeded);
    }
    const candidate = ctx.hashCode(user.username, code.trim());
    if (
      candidate.length !== stored.codeHash.length ||
      !timingSafeEqual(Buffer.from(candidate), Buffer.from(stored.codeHash))
    ) {
      await ctx.repo.incrementResetCodeAttempts(user.username);
      throw new IdentityError('CodeMismatchException', MESSAGES.codeMismatch);
    }
    ctx.assertPolicy(password, 'ConfirmForgotPassword');
    if (!(await ctx.repo.consumeResetCode(user.username, candidate)))
      throw new IdentityError('ExpiredCodeException', MESSAGES.codeExpired);
    await ctx.changeTold(
      { username: user.username, detail: { type: 'PASSWORD_RESET', step: 'completed' } },
      async (repository) => {
        await repository.updateUser(
          user.username,
          {
            ...ctx.passwordFields(user.username, password),
            status: 'CONFIRMED',
            failedAttempts: 0,
            lockedUntil: null,
          },
          ctx.now(),
        );
        await ctx.revokeAll(user.username, repository);
      },
    );
    return {};
  }

  async function associateSoftwareToken(input: Input): Promise<Output> {
    const secret = generateTotpSecret();
    if (optionalString(input, 'AccessToken')) {
      const { user } = await ctx.authenticate(input);
      await ctx.repo.updateUser(
        user.username,
        { totpPendingSecret: ctx.totpBox.seal(secret) },
        ctx.now(),
      );
      return { SecretCode: secret };
    }
    const session = await ctx.loadAuthSession(optionalString(input, 'Session'), ['MFA_SETUP']);
    await ctx.consume(session.idHash);
    const next = await ctx.createAuthSession(session.username, 'MFA_SETUP', {
      ...session.state,
      pendingSecret: ctx.totpBox.seal(secret),
    });
    return { SecretCode: secret, Session: next };
  }

  async function verifySoftwareToken(input: Input): Promise<Output> {
    const code = requireString(input, 'UserCode');
    const mismatch = new IdentityError(
      'EnableSoftwareTokenMFAException',
      'Code mismatch and fail enable Software Token MFA',
    );
    if (optionalString(input, 'AccessToken')) {
      const { user } = await ctx.authenticate(input);
      if (!user.totpPendingSecret)
        throw invalidParameter('User has not associated a software token');
      const step = matchTotpStep(ctx.totpBox.open(user.totpPendingSecret), code, ctx.now());
      if (step === undefined) throw mismatch;
      const pending = user.totpPendingSecret;
      // A new app for a second factor already on replaces it now; otherwise it waits for
      // SetUserMFAPreference to turn it on.
      await ctx.changeTold(
        user.totpEnabled
          ? {
              username: user.username,
              detail: { type: 'MFA_SET_UP', duringSignIn: false, replaced: true },
            }
          : undefined,
        (repository) =>
          repository.updateUser(
            user.username,
            {
              totpSecret: pending,
              totpPendingSecret: null,
              totpLastStep: step,
              totpDeviceName: optionalString(input, 'FriendlyDeviceName') ?? null,
            },
            ctx.now(),
          ),
      );
      return { Status: 'SUCCESS' };
    }
    const session = await ctx.loadAuthSession(optionalString(input, 'Session'), ['MFA_SETUP']);
    const pending = session.state.pendingSecret;
    if (typeof pending !== 'string')
      throw invalidParameter('User has not associated a software token');
    const step = matchTotpStep(ctx.totpBox.open(pending), code, ctx.now());
    if (step === undefined) return ctx.wrongCode(session.idHash, session.attempts, mismatch);
    await ctx.consume(session.idHash);
    // Set up during sign-in: the token becomes the user's MFA at once (Cognito pools with MFA required do the same).
    await ctx.changeTold(
      {
        username: session.username,
        detail: { type: 'MFA_SET_UP', duringSignIn: true, replaced: false },
      },
      (repository) =>
        repository.updateUser(
          session.username,
          {
            totpSecret: pending,
            totpPendingSecret: null,
            totpEnabled: true,
            totpPreferred: true,
            totpLastStep: step,
            totpDeviceName: optionalString(input, 'FriendlyDeviceName') ?? null,
          },
          ctx.now(),
        ),
    );
    const { pendingSecret: _pending, ...state } = session.state;
    const next = await ctx.createAuthSession(session.username, 'MFA_SETUP_VERIFIED', state);
    return { Status: 'SUCCESS', Session: next };
  }

  async function setUserMfaPreference(input: Input): Promise<Output> {
    let { user } = await ctx.authenticate(input);
    const sms = record(input, 'SMSMfaSettings');
    if (sms.Enabled === true || sms.PreferredMfa === true)
      throw invalidParameter('User does not have delivery config set to turn on SMS_MFA');
    const email = input.EmailMfaSettings;
    if (typeof email === 'object' && email !== null) {
      const { Enabled, PreferredMfa } = email as Input;
      if (Enabled === true || PreferredMfa === true) {
        await ctx.changeTold(
          user.emailMfaEnabled
            ? undefined
            : { username: user.username, detail: { type: 'EMAIL_MFA_CHANGED', enabled: true } },
          (repository) =>
            repository.updateUser(
              user.username,
              {
                emailMfaEnabled: true,
                emailMfaPreferred:
                  PreferredMfa === true || (PreferredMfa === undefined && user.emailMfaPreferred),
                ...(PreferredMfa === true ? { totpPreferred: false } : {}),
              },
              ctx.now(),
            ),
        );
      } else if (Enabled === false) {
        if (user.mfaRequired && !user.totpEnabled)
          throw invalidParameter('MFA is required for this user and cannot be disabled');
        await ctx.changeTold(
          user.emailMfaEnabled
            ? { username: user.username, detail: { type: 'EMAIL_MFA_CHANGED', enabled: false } }
            : undefined,
          (repository) =>
            repository.updateUser(
              user.username,
              { emailMfaEnabled: false, emailMfaPreferred: false },
              ctx.now(),
            ),
        );
      } else if (PreferredMfa === false) {
        await ctx.repo.updateUser(user.username, { emailMfaPreferred: false }, ctx.now());
      }
      user = (await ctx.repo.findUserByUsername(user.username)) ?? user;
    }
    const totp = input.SoftwareTokenMfaSettings;
    if (typeof totp !== 'object' || totp === null) return {};
    const { Enabled, PreferredMfa } = totp as Input;
    if (Enabled === true || PreferredMfa === true) {
      if (!user.totpSecret) throw invalidParameter('User has not verified software token mfa');
      await ctx.changeTold(
        user.totpEnabled
          ? undefined
          : {
              username: user.username,
              detail: { type: 'MFA_SET_UP', duringSignIn: false, replaced: false },
            },
        (repository) =>
          repository.updateUser(
            user.username,
            {
              totpEnabled: true,
              totpPreferred:
                PreferredMfa === true || (PreferredMfa === undefined && user.totpPreferred),
              ...(PreferredMfa === true ? { emailMfaPreferred: false } : {}),
            },
            ctx.now(),
          ),
      );
    } else if (Enabled === false) {
      if (user.mfaRequired && !user.emailMfaEnabled)
        throw invalidParameter('MFA is required for this user and cannot be disabled');
      await ctx.changeTold(
        user.totpEnabled ? { username: user.username, detail: { type: 'MFA_REMOVED' } } : undefined,
        (repository) =>
          repository.updateUser(
            user.username,
            { totpEnabled: false, totpPreferred: false },
            ctx.now(),
          ),
      );
    } else if (PreferredMfa === false) {
      await ctx.repo.updateUser(user.username, { totpPreferred: false }, ctx.now());
    }
    return {};
  }

  async function confirmDevice(input: Input): Promise<Output> {
    const { user } = await ctx.authenticate(input);
    const deviceKey = requireString(input, 'DeviceKey');
    const device = await ctx.requireDevice(deviceKey, user.username);
    const config = record(input, 'DeviceSecretVerifierConfig');
    const verifier = requireString(config, 'PasswordVerifier');
    const salt = requireString(config, 'Salt');
    const verifierHex = Buffer.from(verifier, 'base64').toString('hex');
    const saltHex = Buffer.from(salt, 'base64').toString('hex');
    if (!verifierHex || !saltHex) throw invalidParameter('DeviceSecretVerifierConfig is invalid');
    await ctx.repo.updateDevice(device.deviceKey, {
      srpSalt: saltHex,
      srpVerifier: verifierHex,
      name: optionalString(input, 'DeviceName') ?? null,
      confirmed: true,
      remembered: ctx.deviceTracking === 'always',
    });
    return { UserConfirmationNecessary: ctx.deviceTracking === 'opt-in' };
  }

  async function updateDeviceStatus(input: Input): Promise<Output> {
    const { user } = await ctx.authenticate(input);
    const device = await ctx.requireDevice(requireString(input, 'DeviceKey'), user.username);
    const status = requireString(input, 'DeviceRememberedStatus');
    if (status !== 'remembered' && status !== 'not_remembered')
      throw invalidParameter('DeviceRememberedStatus must be remembered or not_remembered');
    await ctx.repo.updateDevice(device.deviceKey, { remembered: status === 'remembered' });
    return {};
  }

  async function forgetDevice(input: Input): Promise<Output> {
    const { user, deviceKey: tokenDevice } = await ctx.authenticate(input);
    const deviceKey = optionalString(input, 'DeviceKey') ?? tokenDevice;
    if (!deviceKey) throw invalidParameter('Missing required parameter DeviceKey');
    await ctx.requireDevice(deviceKey, user.username);
    await ctx.repo.deleteDevice(deviceKey);
    return {};
  }

  async function listDevices(input: Input): Promise<Output> {
    const { user } = await ctx.authenticate(input);
    const devices = (await ctx.repo.listDevices(user.username)).filter(
      (device) => device.confirmed,
    );
    return {
      Devices: devices.map((device) => ({
        DeviceKey: device.deviceKey,
        DeviceAttributes: [
          { Name: 'device_status', Value: device.remembered ? 'valid' : 'not_remembered' },
          ...(device.name ? [{ Name: 'device_name', Value: device.name }] : []),
        ],
        DeviceCreateDate: device.createdAt / 1000,
        DeviceLastModifiedDate: device.lastUsedAt / 1000,
        DeviceLastAuthenticatedDate: device.lastUsedAt / 1000,
      })),
    };
  }

  async function globalSignOutAction(input: Input): Promise<Output> {
    const { user, originJti } = await ctx.authenticate(input);
    await ctx.changeTold(
      {
        username: user.username,
        detail: { type: 'SIGN_OUT', sessionId: originJti, everywhere: true },
      },
      (repository) => ctx.revokeAll(user.username, repository),
    );
    return {};
  }

  async function revokeToken(input: Input): Promise<Output> {
    const clientId = requireString(input, 'ClientId');
    ctx.checkClient(clientId);
    const token = requireString(input, 'Token');
    if (await ctx.keys.verifyJwt(token))
      throw new IdentityError(
        'UnsupportedTokenTypeException',
        'Only refresh tokens can be revoked.',
      );
    const session = await ctx.repo.findSessionByRefreshHash(sha256Hex(token));
    if (session && session.clientId === clientId) {
      await ctx.changeTold(
        session.revokedAt === null
          ? {
              username: session.username,
              detail: { type: 'SIGN_OUT', sessionId: session.originJti, everywhere: false },
            }
          : undefined,
        (repository) => repository.revokeSession(session.originJti, ctx.now()),
      );
      ctx.invalidateCache([session.originJti]);
    }
    return {};
  }

  const actions: Record<string, (input: Input, context: RequestContext) => Promise<Output>> = {
    InitiateAuth: ctx.initiateAuth,
    RespondToAuthChallenge: ctx.respondToAuthChallenge,
    GetTokensFromRefreshToken: async (input) => {
      const clientId = requireString(input, 'ClientId');
      ctx.checkClient(clientId);
      const result = await ctx.refresh(requireString(input, 'RefreshToken'), clientId);
      return { AuthenticationResult: result.AuthenticationResult };
    },
    GetUser: getUserAction,
    GetUserAuthFactors: getUserAuthFactors,
    GlobalSignOut: globalSignOutAction,
    RevokeToken: revokeToken,
    ChangePassword: changePassword,
    ForgotPassword: forgotPassword,
    ConfirmForgotPassword: confirmForgotPassword,
    SetUserMFAPreference: setUserMfaPreference,
    AssociateSoftwareToken: associateSoftwareToken,
    VerifySoftwareToken: verifySoftwareToken,
    ConfirmDevice: confirmDevice,
    UpdateDeviceStatus: updateDeviceStatus,
    ForgetDevice: forgetDevice,
    ListDevices: listDevices,
    StartWebAuthnRegistration: ctx.startWebAuthnRegistration,
    CompleteWebAuthnRegistration: ctx.completeWebAuthnRegistration,
    ListWebAuthnCredentials: ctx.listWebAuthnCredentials,
    DeleteWebAuthnCredential: ctx.deleteWebAuthnCredential,
  };

  return {
    getUserAction,
    changePassword,
    forgotPassword,
    confirmForgotPassword,
    associateSoftwareToken,
    verifySoftwareToken,
    setUserMfaPreference,
    confirmDevice,
    updateDeviceStatus,
    forgetDevice,
    listDevices,
    globalSignOutAction,
    revokeToken,
    actions,
  };
}
