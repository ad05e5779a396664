/** The embedded pool's tokens: issuing, refreshing and checking them, and revoking sign-ins. */
import { randomBytes, randomUUID } from 'node:crypto';
import { IdentityError, MESSAGES, notAuthorized } from './errors.ts';
import type { IdentityRepository, UserRecord } from './repository.ts';
import type { RenewalFailureReason } from './identity-events.ts';
import type { SignInMethod } from './sign-in-events.ts';
import { type Pool, sha256Hex } from './pool.ts';
import type { Events } from './service-events.ts';
import type { Output, SignInContext } from './types.ts';

export type Tokens = ReturnType<typeof createTokens>;

/** Who an access token signs in: its user, sign-in, device and app client. */
export type Caller = Awaited<ReturnType<Tokens['authenticate']>>;

export function createTokens(pool: Pool, events: Events) {
  async function issueTokens(
    user: UserRecord,
    context: SignInContext,
    method: SignInMethod = events.calls.getStore()?.method ?? 'password',
    trackDevice = true,
  ): Promise<Output> {
    const nowMs = pool.now();
    let deviceKey = context.deviceKey;
    let newDevice: { DeviceKey: string; DeviceGroupKey: string } | undefined;
    const originJti = randomUUID();
    const refreshToken = randomBytes(64).toString('base64url');
    await events.changeTold(
      { username: user.username, detail: { type: 'SIGN_IN', method, sessionId: originJti } },
      async (repository) => {
        if (!deviceKey && pool.deviceTracking !== 'off' && trackDevice) {
          deviceKey = `${pool.region}_${randomUUID()}`;
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
          expiresAt: nowMs + pool.refreshTtlMs,
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
    const iat = Math.floor(pool.now() / 1000);
    const exp = iat + pool.tokenTtl;
    const groups = user.groups.length > 0 ? { 'cognito:groups': user.groups } : {};
    const eventId = randomUUID();
    const idClaims = {
      sub: user.username,
      ...groups,
      email_verified: user.emailVerified,
      iss: pool.issuer,
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
      iss: pool.issuer,
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
      pool.keys.signJwt(idClaims),
      pool.keys.signJwt(accessClaims),
    ]);
    return { AccessToken, ExpiresIn: pool.tokenTtl, TokenType: 'Bearer', IdToken };
  }

  async function refresh(refreshToken: string, clientId: string): Promise<Output> {
    const session = await pool.repo.findSessionByRefreshHash(sha256Hex(refreshToken));
    if (!session || session.clientId !== clientId)
      throw notAuthorized(MESSAGES.invalidRefreshToken);
    const refused = async (reason: RenewalFailureReason, message: string): Promise<never> => {
      await events.tell(session.username, {
        type: 'SESSION_RENEWAL_FAILED',
        sessionId: session.originJti,
        reason,
      });
      throw notAuthorized(message);
    };
    if (session.revokedAt !== null) return refused('revoked', MESSAGES.revokedRefreshToken);
    if (session.expiresAt <= pool.now()) return refused('expired', 'Refresh Token has expired');
    const user = await pool.repo.findUserByUsername(session.username);
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
    const cached = pool.sessionCache.get(originJti);
    if (cached && cached.until > pool.now()) return cached.active;
    return readSessionActive(originJti);
  }

  async function readSessionActive(originJti: string): Promise<boolean> {
    const session = await pool.repo.findSession(originJti);
    const active = !!session && session.revokedAt === null && session.expiresAt > pool.now();
    if (pool.sessionCache.size > 50_000) pool.sessionCache.clear();
    pool.sessionCache.set(originJti, { active, until: pool.now() + pool.sessionCacheMs });
    return active;
  }

  /** Validates an access token the way Cognito does for user-facing actions and returns its user. */
  async function authenticate(token: string): Promise<{
    user: UserRecord;
    originJti: string;
    deviceKey: string | null;
    clientId: string;
  }> {
    const claims = await pool.verifyToken(token);
    if (
      !claims ||
      claims.token_use !== 'access' ||
      claims.iss !== pool.issuer ||
      typeof claims.origin_jti !== 'string' ||
      typeof claims.sub !== 'string'
    ) {
      throw notAuthorized(MESSAGES.invalidAccessToken);
    }
    if (typeof claims.exp !== 'number' || claims.exp * 1000 <= pool.now())
      throw notAuthorized(MESSAGES.expiredAccessToken);
    if (!(await sessionActive(claims.origin_jti))) throw notAuthorized(MESSAGES.revokedAccessToken);
    const user = await pool.repo.findUserByUsername(claims.sub);
    if (!user) throw new IdentityError('UserNotFoundException', MESSAGES.userDoesNotExist);
    if (!user.enabled) throw notAuthorized(MESSAGES.userDisabled);
    return {
      user,
      originJti: claims.origin_jti,
      deviceKey: typeof claims.device_key === 'string' ? claims.device_key : null,
      clientId: typeof claims.client_id === 'string' ? claims.client_id : '',
    };
  }

  function invalidateCache(originJtis: string[]): void {
    for (const jti of originJtis) pool.sessionCache.delete(jti);
  }

  async function revokeAll(
    username: string,
    repository: IdentityRepository = pool.repo,
  ): Promise<void> {
    invalidateCache(await repository.revokeUserSessions(username, pool.now()));
  }

  return {
    issueTokens,
    refresh,
    sessionActive,
    authenticate,
    invalidateCache,
    revokeAll,
  };
}
