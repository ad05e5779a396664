/** The embedded pool: tokens (service.ts puts the parts together). */
import { randomBytes, randomUUID } from 'node:crypto';
import { IdentityError, MESSAGES, notAuthorized } from './errors.ts';
import type { UserRecord } from './repository.ts';
import type { RenewalFailureReason } from './identity-events.ts';
import type { SignInMethod } from './sign-in-events.ts';
import {
  type Input,
  type Output,
  type PoolContext,
  type PoolParts,
  type SignInContext,
  requireString,
  sha256Hex,
} from './service-context.ts';

/** The pool's tokens, over the shared context. */
export function createTokens(
  ctx: PoolContext,
): Pick<PoolParts, 'issueTokens' | 'signTokens' | 'refresh' | 'sessionActive' | 'authenticate'> {
  async function issueTokens(
    user: UserRecord,
    context: SignInContext,
    method: SignInMethod = ctx.calls.getStore()?.method ?? 'password',
    trackDevice = true,
  ): Promise<Output> {
    const nowMs = ctx.now();
    let deviceKey = context.deviceKey;
    let newDevice: { DeviceKey: string; DeviceGroupKey: string } | undefined;
    const originJti = randomUUID();
    const refreshToken = randomBytes(64).toString('base64url');
    await ctx.changeTold(
      { username: user.username, detail: { type: 'SIGN_IN', method, sessionId: originJti } },
      async (repository) => {
        if (!deviceKey && ctx.deviceTracking !== 'off' && trackDevice) {
          deviceKey = `${ctx.region}_${randomUUID()}`;
          const deviceGroupKey = `-${randomBytes(6).toString('base64url')}`;
          await repository.insertDevice({
            deviceKey,
            username: user.username,
            deviceGroupKey,
            now: nowMs,
          });
          newDevice = { DeviceKey: deviceKey, DeviceGroupKey: deviceGroupKey };
        } else if (deviceKey) {
          await repository.updateDevice(deviceKey, { lastUsedAt: nowMs });
        }
        await repository.insertSession({
          originJti,
          username: user.username,
          clientId: context.clientId,
          refreshTokenHash: sha256Hex(refreshToken),
          deviceKey,
          authTime: nowMs,
          now: nowMs,
          expiresAt: nowMs + ctx.refreshTtlMs,
        });
      },
    );
    const tokens = await signTokens(user, {
      originJti,
      authTime: Math.floor(nowMs / 1000),
      deviceKey,
      clientId: context.clientId,
    });
    return {
      ChallengeParameters: {},
      AuthenticationResult: {
        ...tokens,
        RefreshToken: refreshToken,
        ...(newDevice ? { NewDeviceMetadata: newDevice } : {}),
      },
    };
  }

  async function signTokens(
    user: UserRecord,
    session: { originJti: string; authTime: number; deviceKey: string | null; clientId: string },
  ) {
    const iat = Math.floor(ctx.now() / 1000);
    const exp = iat + ctx.tokenTtl;
    const groups = user.groups.length > 0 ? { 'cognito:groups': user.groups } : {};
    const eventId = randomUUID();
    const idClaims = {
      sub: user.username,
      ...groups,
      email_verified: user.emailVerified,
      iss: ctx.issuer,
      'cognito:username': user.username,
      origin_jti: session.originJti,
      aud: session.clientId,
      event_id: eventId,
      token_use: 'id',
      auth_time: session.authTime,
      ...user.attributes,
      email: user.email,
      exp,
      iat,
      jti: randomUUID(),
    };
    const accessClaims = {
      sub: user.username,
      ...groups,
      iss: ctx.issuer,
      client_id: session.clientId,
      origin_jti: session.originJti,
      event_id: eventId,
      token_use: 'access',
      scope: 'aws.cognito.signin.user.admin',
      auth_time: session.authTime,
      ...(session.deviceKey ? { device_key: session.deviceKey } : {}),
      exp,
      iat,
      jti: randomUUID(),
      username: user.username,
    };
    const [IdToken, AccessToken] = await Promise.all([
      ctx.keys.signJwt(idClaims),
      ctx.keys.signJwt(accessClaims),
    ]);
    return { AccessToken, ExpiresIn: ctx.tokenTtl, TokenType: 'Bearer', IdToken };
  }

  async function refresh(refreshToken: string, clientId: string): Promise<Output> {
    const session = await ctx.repo.findSessionByRefreshHash(sha256Hex(refreshToken));
    if (!session || session.clientId !== clientId)
      throw notAuthorized(MESSAGES.invalidRefreshToken);
    const refused = async (reason: RenewalFailureReason, message: string): Promise<never> => {
      await ctx.tell(session.username, {
        type: 'SESSION_RENEWAL_FAILED',
        sessionId: session.originJti,
        reason,
      });
      throw notAuthorized(message);
    };
    if (session.revokedAt !== null) return refused('revoked', MESSAGES.revokedRefreshToken);
    if (session.expiresAt <= ctx.now()) return refused('expired', 'Refresh Token has expired');
    const user = await ctx.repo.findUserByUsername(session.username);
    if (!user) throw notAuthorized(MESSAGES.invalidRefreshToken);
    if (!user.enabled) return refused('user_disabled', MESSAGES.userDisabled);
    const tokens = await signTokens(user, {
      originJti: session.originJti,
      authTime: Math.floor(session.authTime / 1000),
      deviceKey: session.deviceKey,
      clientId: session.clientId,
    });
    return { ChallengeParameters: {}, AuthenticationResult: tokens };
  }

  /** Whether a sign-in session is active: at once from the cache, else after reading its row. */
  function sessionActive(originJti: string): boolean | Promise<boolean> {
    const cached = ctx.sessionCache.get(originJti);
    if (cached && cached.until > ctx.now()) return cached.active;
    return readSessionActive(originJti);
  }

  async function readSessionActive(originJti: string): Promise<boolean> {
    const session = await ctx.repo.findSession(originJti);
    const active = !!session && session.revokedAt === null && session.expiresAt > ctx.now();
    if (ctx.sessionCache.size > 50_000) ctx.sessionCache.clear();
    ctx.sessionCache.set(originJti, { active, until: ctx.now() + ctx.sessionCacheMs });
    return active;
  }

  /** Validates an access token the way Cognito does for user-facing actions and returns its user. */
  async function authenticate(input: Input): Promise<{
    user: UserRecord;
    originJti: string;
    deviceKey: string | null;
    clientId: string;
  }> {
    const token = requireString(input, 'AccessToken');
    const claims = await ctx.verifyToken(token);
    if (
      !claims ||
      claims.token_use !== 'access' ||
      claims.iss !== ctx.issuer ||
      typeof claims.origin_jti !== 'string' ||
      typeof claims.sub !== 'string'
    ) {
      throw notAuthorized(MESSAGES.invalidAccessToken);
    }
    if (typeof claims.exp !== 'number' || claims.exp * 1000 <= ctx.now())
      throw notAuthorized(MESSAGES.expiredAccessToken);
    if (!(await sessionActive(claims.origin_jti))) throw notAuthorized(MESSAGES.revokedAccessToken);
    const user = await ctx.repo.findUserByUsername(claims.sub);
    if (!user) throw new IdentityError('UserNotFoundException', MESSAGES.userDoesNotExist);
    if (!user.enabled) throw notAuthorized(MESSAGES.userDisabled);
    return {
      user,
      originJti: claims.origin_jti,
      deviceKey: typeof claims.device_key === 'string' ? claims.device_key : null,
      clientId: typeof claims.client_id === 'string' ? claims.client_id : '',
    };
  }

  return {
    issueTokens,
    signTokens,
    refresh,
    sessionActive,
    authenticate,
  };
}
