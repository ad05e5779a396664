/**
 * The embedded user pool: Cognito's user pool actions implemented over Kysely, SRP-6a, TOTP and
 * RS256 tokens. The Fastify plugin (plugin.ts) only translates HTTP to `handle()`.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import {
  createHash,
  createHmac,
  randomBytes,
  randomInt,
  randomUUID,
  timingSafeEqual,
} from 'node:crypto';
import { isIP } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';

import { createCryptoBox } from './crypto-box.ts';
import {
  createFederation,
  type IdentityProviderInput,
  type IdentityProviderRecord,
  type OAuthResult,
} from './federation.ts';
import { IdentityError, invalidParameter, MESSAGES, notAuthorized } from './errors.ts';
import {
  DEFAULT_LIMITS,
  type FirstAuthFactor,
  type IdentityLimits,
  type IdentityServiceOptions,
} from './options.ts';
import {
  DEFAULT_PASSWORD_POLICY,
  passwordProblem,
  type PasswordPolicy,
} from './password-policy.ts';
import { createMemoryRateLimiter } from './rate-limit.ts';
import {
  createIdentityRepository,
  type DeviceRecord,
  type IdentityRepository,
  type UserRecord,
  type UserStatus,
  type WebAuthnCredentialRecord,
} from './repository.ts';
import type { EventOrigin, IdentityEventDetail, RenewalFailureReason } from './identity-events.ts';
import { type Jwks, kidOf, loadKeyRing, newSigningKey } from './signing-keys.ts';
import {
  bigIntFromHex,
  claimSignature,
  computeVerifier,
  N,
  padHex,
  parseTimestamp,
  randomSaltHex,
  signaturesEqual,
} from './srp.ts';
import { acquireSrpPool } from './srp-pool.ts';
import { generateTotpSecret, matchTotpStep } from './totp.ts';
import { type SignInEvent, type SignInMethod, signInFailureReason } from './sign-in-events.ts';

type Input = Record<string, unknown>;
type Output = Record<string, unknown>;

/** A call that starts or continues a sign-in at the pool (a refresh is not a sign-in). */
function isSignIn(action: string, input: Input): boolean {
  if (action === 'RespondToAuthChallenge') return true;
  return (
    action === 'InitiateAuth' &&
    (input.AuthFlow === 'USER_SRP_AUTH' ||
      input.AuthFlow === 'USER_PASSWORD_AUTH' ||
      input.AuthFlow === 'USER_AUTH')
  );
}

/** The first factors of choice-based sign-in, in the order they are offered. */
const FIRST_FACTORS = ['PASSWORD', 'PASSWORD_SRP', 'EMAIL_OTP', 'WEB_AUTHN'] as const;
type FirstFactorChallenge = (typeof FIRST_FACTORS)[number];
const isFirstFactor = (value: unknown): value is FirstFactorChallenge =>
  typeof value === 'string' && (FIRST_FACTORS as readonly string[]).includes(value);

/** COSE algorithms a passkey may use: ES256 and RS256, as Cognito. */
const PASSKEY_ALGORITHMS = [-7, -257];
/** E-mailed sign-in codes: eight digits, valid three minutes. */
const EMAIL_CODE_TTL_MS = 3 * 60_000;

export interface RequestContext {
  /** Client address, used for rate limits and told with account events. */
  ip: string;
  /** The HTTP request's id, told with account events. */
  requestId?: string;
}

/** What one protocol call knows about itself: where it came from and whose account it concerns. */
interface CallState {
  origin: EventOrigin;
  /** The known user a sign-in concerns, once the call has found them. */
  subject?: string;
  /** How the sign-in this call continues proves who it is (a password unless told otherwise). */
  method?: SignInMethod;
}

/** A passkey of a user, as the profile lists it. */
export interface Passkey {
  credentialId: string;
  name: string | null;
  relyingPartyId: string;
  attachment: string | null;
  transports: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
}

export interface IdentityUser {
  username: string;
  email: string;
  enabled: boolean;
  status: UserStatus;
  groups: string[];
  attributes: Record<string, string>;
  mfaRequired: boolean;
  mfaEnabled: boolean;
  /** Codes e-mailed at sign-in are a second factor of this user. */
  emailMfaEnabled: boolean;
  createdAt: Date;
}

export interface CreateUserInput {
  email: string;
  /** The user must choose a new password at first sign-in (NEW_PASSWORD_REQUIRED). */
  temporaryPassword?: string;
  /** A permanent password (status CONFIRMED). When neither is given a temporary one is generated. */
  password?: string;
  groups?: string[];
  /** Standard or `custom:` attributes, e.g. `{ given_name: 'Ada' }`. */
  attributes?: Record<string, string>;
  mfaRequired?: boolean;
  /**
   * Signs in only through a company provider (status EXTERNAL_PROVIDER): no password is set and
   * password sign-in and reset treat the user as unknown.
   */
  federated?: boolean;
}

/** What a user shows to prove it is them before a security change. */
export type FactorProof = { password: string } | { code: string };

export interface IdentityService {
  readonly poolId: string;
  readonly clientId: string;
  readonly issuer: string;
  /** Runs one Cognito action (`InitiateAuth`, …) and returns its JSON result or throws IdentityError. */
  handle(action: string, input: Input, context: RequestContext): Promise<Output>;
  /** The pool's public keys, as served at `<issuer>/.well-known/jwks.json`. */
  getJwks(): Jwks;
  /** Reads the key set again if it may have changed (at most once a second) and returns it. */
  refreshSigningKeys(): Promise<Jwks>;
  /**
   * A new signing key: every instance signs with it once it has read it (within a minute);
   * tokens signed with the previous keys keep verifying until they expire.
   */
  rotateSigningKey(): Promise<{ kid: string; retired: string[] }>;
  openIdConfiguration(): Record<string, unknown>;
  /**
   * Whether tokens of this sign-in (`origin_jti`) are still valid: false after RevokeToken,
   * GlobalSignOut, an admin sign-out or disabling the user. Cached for `sessionCacheMs`.
   */
  isSessionActive(claims: { sub: string; originJti?: string; iat?: number }): Promise<boolean>;
  createUser(input: CreateUserInput): Promise<{ username: string; temporaryPassword?: string }>;
  setPassword(username: string, password: string, permanent: boolean): Promise<void>;
  disableUser(username: string): Promise<void>;
  enableUser(username: string): Promise<void>;
  resetMfa(username: string): Promise<void>;
  /**
   * Checks a factor the user has now (step-up before a security change): the password, counted
   * against the same lockout as sign-in, or a current authenticator code, which cannot be used
   * twice. Throws `NotAuthorizedException` or `CodeMismatchException` when it does not match.
   */
  verifyFactor(username: string, proof: FactorProof): Promise<void>;
  setMfaRequired(username: string, required: boolean): Promise<void>;
  globalSignOut(username: string): Promise<void>;
  setGroups(username: string, groups: string[]): Promise<void>;
  getUserByEmail(email: string): Promise<IdentityUser | undefined>;
  getUser(username: string): Promise<IdentityUser | undefined>;
  /** The user's passkeys, oldest first, with when each was last used. */
  listPasskeys(username: string): Promise<Passkey[]>;
  deleteUser(username: string): Promise<void>;
  /** Adds or changes a company (OIDC) provider; its client secret is stored sealed. */
  upsertIdentityProvider(input: IdentityProviderInput): Promise<void>;
  deleteIdentityProvider(name: string): Promise<void>;
  getIdentityProvider(name: string): Promise<IdentityProviderRecord | undefined>;
  /** The OAuth 2.0 endpoints of company sign-in (see federation.ts and plugin.ts). */
  readonly oauth: {
    authorize(query: Record<string, string | undefined>): Promise<OAuthResult>;
    idpResponse(query: Record<string, string | undefined>): Promise<OAuthResult>;
    /** `context` names the client the tokens go to, for the sign-in's event. */
    token(
      form: Record<string, string | undefined>,
      context?: Partial<RequestContext>,
    ): Promise<Record<string, unknown>>;
  };
  /** Deletes expired sign-in sessions, reset codes, token families and OAuth requests and codes. */
  purgeExpired(): Promise<void>;
  /** Lets go of the SRP worker threads (they end when no service in the process uses them). */
  close(): Promise<void>;
}

interface SecretBlock {
  kind: 'user' | 'device' | 'fake';
  username: string;
  deviceKey?: string;
  A: string;
  B: string;
  b: string;
  exp: number;
}

interface SignInContext {
  clientId: string;
  deviceKey: string | null;
  /** Whether the device already proved itself (DEVICE_PASSWORD_VERIFIER), which skips MFA. */
  deviceVerified: boolean;
}

/** How often every instance reads the signing keys again, and how often at most on demand. */
const KEY_REREAD_MS = 60_000;
const KEY_REREAD_MIN_MS = 1_000;
const USERNAME_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');

function requireString(input: Input, name: string, context = ''): string {
  const value = input[name];
  if (typeof value !== 'string' || value.length === 0) {
    throw invalidParameter(
      context
        ? `Missing required parameter ${name}`
        : `1 validation error detected: Value null at '${name}' failed to satisfy constraint: Member must not be null`,
    );
  }
  return value;
}

/** Control characters other than tab and line breaks: no parameter of the protocol carries them. */
const CONTROL_CHARACTER = /[^\P{Cc}\t\n\r]/u;

/**
 * Refuses an input with a control character in any string or key (a NUL cannot even be stored in
 * PostgreSQL text). Walks with an explicit stack, so no nesting can exhaust the call stack.
 */
function refuseControlCharacters(input: Input): void {
  const stack: Array<{ value: unknown; path: string }> = [{ value: input, path: '' }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (CONTROL_CHARACTER.test(value))
        throw invalidParameter(
          `1 validation error detected: Value at '${path}' failed to satisfy constraint: Member must not contain control characters`,
        );
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value)) {
        const name = key.replace(new RegExp(CONTROL_CHARACTER.source, 'gu'), '?');
        stack.push({ value: key, path: path ? `${path}.${name}` : name });
        stack.push({ value: child, path: path ? `${path}.${name}` : name });
      }
    }
  }
}

function optionalString(input: Input, name: string): string | undefined {
  const value = input[name];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

function record(input: Input, name: string): Input {
  const value = input[name];
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Input)
    : {};
}

function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain.slice(0, 1)}***`;
}

function toIdentityUser(user: UserRecord): IdentityUser {
  return {
    username: user.username,
    email: user.email,
    enabled: user.enabled,
    status: user.status,
    groups: user.groups,
    attributes: user.attributes,
    mfaRequired: user.mfaRequired,
    mfaEnabled: user.totpEnabled,
    emailMfaEnabled: user.emailMfaEnabled,
    createdAt: new Date(user.createdAt),
  };
}

/**
 * Creates the user pool service over a migrated database.
 * @example const service = await createIdentityService({ db, poolId: 'eu-west-1_Laurel', clientId, publicUrl, secretKey, sendEmail })
 */
export async function createIdentityService(
  options: IdentityServiceOptions,
): Promise<IdentityService> {
  const now = options.now ?? Date.now;
  const limits: IdentityLimits = { ...DEFAULT_LIMITS, ...options.limits };
  const policy: PasswordPolicy = { ...DEFAULT_PASSWORD_POLICY, ...options.passwordPolicy };
  const tokenTtl = options.tokenTtlSeconds ?? 3600;
  const refreshTtlMs = (options.refreshTokenTtlSeconds ?? 30 * 24 * 3600) * 1000;
  const authSessionTtlMs = (options.authSessionTtlSeconds ?? 180) * 1000;
  const temporaryValidityMs = (options.temporaryPasswordValidityDays ?? 7) * 24 * 3600 * 1000;
  const preventExistenceErrors = options.preventUserExistenceErrors ?? true;
  const deviceTracking = options.deviceTracking ?? 'opt-in';
  const sessionCacheMs = options.sessionCacheMs ?? 5000;
  const [region, poolName] = options.poolId.split('_');
  if (!region || !poolName)
    throw new Error(`poolId "${options.poolId}" must look like <region>_<name>`);
  const issuer = `${options.publicUrl.replace(/\/+$/, '')}/identity/${options.poolId}`;
  const poolFactors = new Set<FirstAuthFactor>([
    'PASSWORD',
    ...(options.allowedFirstAuthFactors ?? []),
  ]);
  const publicUrl = new URL(options.publicUrl);
  const relyingParty = {
    id: options.webAuthn?.relyingPartyId ?? publicUrl.hostname,
    name: options.webAuthn?.relyingPartyName ?? poolName,
    origins: options.webAuthn?.origins ?? [publicUrl.origin],
  };

  const repo = createIdentityRepository(options.db);
  const limiter = options.rateLimiter ?? createMemoryRateLimiter(now);
  const keyBox = createCryptoBox(options.secretKey, 'signing-keys');
  const stateBox = createCryptoBox(options.secretKey, 'srp-state');
  const totpBox = createCryptoBox(options.secretKey, 'totp-secrets');
  const providerBox = createCryptoBox(options.secretKey, 'identity-providers');
  const codeKey = createHmac('sha256', options.secretKey).update('reset-codes').digest();
  let keys = await loadKeyRing(repo, keyBox, now);
  let keysReadAt = now();
  /** The next read for unknown keys, not started yet: everyone who asks before it starts shares it. */
  let nextRead: Promise<void> | null = null;

  /** Reads the key set now (another instance or `npm run admin -- rotate-signing-key` may have added a key). */
  async function readKeys(): Promise<void> {
    keysReadAt = now();
    const rows = await repo.listSigningKeys();
    const published = new Set(keys.jwks().keys.map((key) => key.kid));
    if (
      rows.length === published.size &&
      rows.every((row) => published.has(row.kid)) &&
      rows[rows.length - 1]?.kid === keys.activeKid
    )
      return;
    keys = await loadKeyRing(repo, keyBox, now);
  }

  /**
   * Reads the key set again for a token that names an unknown key, at most once a second: within
   * that second the caller waits for the next read instead of being refused, so a token of a key
   * made a moment ago verifies after a short wait, while a flood of made-up keys costs the
   * database one read a second (every waiter shares it).
   */
  function refreshKeys(): Promise<void> {
    if (nextRead) return nextRead;
    const waitMs = Math.max(0, keysReadAt + KEY_REREAD_MIN_MS - now());
    const read = (async () => {
      // Always suspends first, so that `nextRead` is set before it is cleared here.
      await (waitMs > 0 ? sleep(waitMs) : Promise.resolve());
      nextRead = null;
      await readKeys();
    })();
    nextRead = read;
    return read;
  }

  /** Verifies one of this pool's tokens, reading the key set again when it names an unknown key. */
  async function verifyToken(token: string) {
    const kid = kidOf(token);
    if (kid && !keys.hasKey(kid)) await refreshKeys();
    return keys.verifyJwt(token);
  }
  const keyRefresh = setInterval(() => {
    readKeys().catch(() => undefined);
  }, KEY_REREAD_MS);
  keyRefresh.unref();
  // Started on first use, not here: start-up stays a few milliseconds.
  const srp = acquireSrpPool(options.srpWorkers);

  const sessionCache = new Map<string, { active: boolean; until: number }>();

  function observe(event: SignInEvent) {
    try {
      options.onSignIn?.(event);
    } catch {
      // An observer (metrics) must never change how a sign-in ends.
    }
  }

  // ---------------------------------------------------------------- account events

  const calls = new AsyncLocalStorage<CallState>();

  /** Runs `work` as one call from `context`, so that its events carry where it came from. */
  function asCall<T>(context: Partial<RequestContext> | undefined, work: () => Promise<T>) {
    const origin: EventOrigin = {
      ...(context?.ip ? { ip: context.ip } : {}),
      ...(context?.requestId ? { requestId: context.requestId } : {}),
    };
    return calls.run({ origin }, work);
  }

  /** The current call concerns this user (a refused sign-in is then told as theirs). */
  function concerns(username: string) {
    const state = calls.getStore();
    if (state) state.subject = username;
  }

  /** The sign-in this call continues proves who it is with `method`. */
  function signingInWith(method: SignInMethod) {
    const state = calls.getStore();
    if (state) state.method = method;
  }

  function told(username: string, detail: IdentityEventDetail) {
    return { ...detail, username, origin: calls.getStore()?.origin ?? {} };
  }

  /**
   * Makes a change and tells its event in one transaction, so that the application's record of
   * it commits with it. Without a hook (or an event) the change is made as it is.
   */
  async function changeTold<T>(
    event: { username: string; detail: IdentityEventDetail } | undefined,
    change: (repository: IdentityRepository) => Promise<T>,
  ): Promise<T> {
    const hook = options.onEvent;
    if (!hook || !event) return change(repo);
    return options.db.transaction().execute(async (trx) => {
      const result = await change(createIdentityRepository(trx));
      await hook(told(event.username, event.detail), trx);
      return result;
    });
  }

  /** Tells an event that comes without a change (a refusal). */
  async function tell(username: string, detail: IdentityEventDetail): Promise<void> {
    await options.onEvent?.(told(username, detail), options.db);
  }

  // ---------------------------------------------------------------- helpers

  const hashCode = (username: string, code: string) =>
    createHmac('sha256', codeKey).update(`${username}:${code}`).digest('hex');

  function checkClient(clientId: string) {
    if (clientId !== options.clientId)
      throw new IdentityError(
        'ResourceNotFoundException',
        `User pool client ${clientId} does not exist.`,
      );
  }

  async function rateLimit(
    key: string,
    limit: number,
    windowMs: number,
    type: 'TooManyRequestsException' | 'LimitExceededException',
  ) {
    const { allowed } = await limiter.hit(key, limit, windowMs);
    if (!allowed)
      throw new IdentityError(
        type,
        type === 'LimitExceededException' ? MESSAGES.limitExceeded : MESSAGES.tooManyRequests,
      );
  }

  /** The user a password flow names; users of company sign-in have no password and count as unknown. */
  async function findUser(login: string): Promise<UserRecord | undefined> {
    const trimmed = login.trim();
    let user: UserRecord | undefined;
    if (trimmed.includes('@')) user = await repo.findUserByEmail(trimmed.toLowerCase());
    else if (USERNAME_PATTERN.test(trimmed.toLowerCase()))
      user = await repo.findUserByUsername(trimmed.toLowerCase());
    if (!user || user.status === 'EXTERNAL_PROVIDER') return undefined;
    concerns(user.username);
    return user;
  }

  async function requireUser(username: string): Promise<UserRecord> {
    const user = await repo.findUserByUsername(username);
    if (!user) throw new IdentityError('UserNotFoundException', MESSAGES.userDoesNotExist);
    concerns(user.username);
    return user;
  }

  function assertCanSignIn(user: UserRecord) {
    if (!user.enabled) throw notAuthorized(MESSAGES.userDisabled);
    if (user.lockedUntil !== null && user.lockedUntil > now())
      throw notAuthorized(MESSAGES.attemptsExceeded);
    if (user.status === 'RESET_REQUIRED')
      throw new IdentityError('PasswordResetRequiredException', MESSAGES.passwordResetRequired);
  }

  async function recordFailedPassword(user: UserRecord): Promise<never> {
    const count = await repo.incrementFailedAttempts(user.username, now());
    if (count >= limits.lockoutThreshold) {
      const delay = Math.min(
        limits.lockoutMaxMs,
        limits.lockoutBaseMs * 2 ** (count - limits.lockoutThreshold),
      );
      await repo.updateUser(user.username, { lockedUntil: now() + delay }, now());
    }
    throw notAuthorized(MESSAGES.incorrectCredentials);
  }

  async function recordPasswordSuccess(user: UserRecord) {
    if (user.failedAttempts !== 0 || user.lockedUntil !== null) {
      await repo.updateUser(user.username, { failedAttempts: 0, lockedUntil: null }, now());
    }
  }

  function assertPolicy(password: string) {
    const problem = passwordProblem(password, policy);
    if (problem) throw new IdentityError('InvalidPasswordException', problem);
  }

  function passwordFields(username: string, password: string) {
    const srpSalt = randomSaltHex();
    return {
      srpSalt,
      srpVerifier: computeVerifier(poolName!, username, password, srpSalt),
      passwordSetAt: now(),
    };
  }

  function passwordMatches(user: UserRecord, password: string): boolean {
    const candidate = Buffer.from(
      computeVerifier(poolName!, user.username, password, user.srpSalt),
    );
    const stored = Buffer.from(user.srpVerifier);
    return candidate.length === stored.length && timingSafeEqual(candidate, stored);
  }

  function invalidateCache(originJtis: string[]) {
    for (const jti of originJtis) sessionCache.delete(jti);
  }

  async function revokeAll(username: string, repository: IdentityRepository = repo) {
    invalidateCache(await repository.revokeUserSessions(username, now()));
  }

  // ---------------------------------------------------------------- sign-in sessions

  async function createAuthSession(
    username: string,
    step: string,
    state: Record<string, unknown>,
    ttlMs = authSessionTtlMs,
  ): Promise<string> {
    const id = randomBytes(48).toString('base64url');
    await repo.insertAuthSession(sha256Hex(id), {
      username,
      step,
      state,
      attempts: 0,
      expiresAt: now() + ttlMs,
    });
    return id;
  }

  async function loadAuthSession(session: string | undefined, steps: string[]) {
    if (!session) throw invalidParameter('Missing required parameter Session');
    const idHash = sha256Hex(session);
    const found = await repo.findAuthSession(idHash);
    if (found) concerns(found.username);
    if (!found || found.expiresAt <= now() || !steps.includes(found.step))
      throw notAuthorized(MESSAGES.invalidSession);
    return { idHash, ...found };
  }

  async function consume(idHash: string) {
    if (!(await repo.consumeAuthSession(idHash))) throw notAuthorized(MESSAGES.invalidSession);
  }

  /** Counts a wrong code on a sign-in session; the session ends once the allowance is used up. */
  async function wrongCode(idHash: string, attempts: number, error: IdentityError): Promise<never> {
    if (attempts + 1 >= limits.codeAttempts) await repo.consumeAuthSession(idHash);
    else await repo.incrementAuthSessionAttempts(idHash);
    throw error;
  }

  function contextFromState(state: Record<string, unknown>): SignInContext {
    return {
      clientId: String(state.clientId ?? options.clientId),
      deviceKey: typeof state.deviceKey === 'string' ? state.deviceKey : null,
      deviceVerified: state.deviceVerified === true,
    };
  }

  function assertSameUser(user: UserRecord, responses: Input) {
    const login = optionalString(responses, 'USERNAME');
    if (
      login &&
      login.toLowerCase() !== user.username &&
      login.trim().toLowerCase() !== user.email
    ) {
      throw notAuthorized(MESSAGES.invalidSession);
    }
  }

  // ---------------------------------------------------------------- tokens

  async function issueTokens(
    user: UserRecord,
    context: SignInContext,
    method: SignInMethod = calls.getStore()?.method ?? 'password',
    trackDevice = true,
  ): Promise<Output> {
    const nowMs = now();
    let deviceKey = context.deviceKey;
    let newDevice: { DeviceKey: string; DeviceGroupKey: string } | undefined;
    const originJti = randomUUID();
    const refreshToken = randomBytes(64).toString('base64url');
    await changeTold(
      { username: user.username, detail: { type: 'SIGN_IN', method, sessionId: originJti } },
      async (repository) => {
        if (!deviceKey && deviceTracking !== 'off' && trackDevice) {
          deviceKey = `${region}_${randomUUID()}`;
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
          expiresAt: nowMs + refreshTtlMs,
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
    const iat = Math.floor(now() / 1000);
    const exp = iat + tokenTtl;
    const groups = user.groups.length > 0 ? { 'cognito:groups': user.groups } : {};
    const eventId = randomUUID();
    const idClaims = {
      sub: user.username,
      ...groups,
      email_verified: user.emailVerified,
      iss: issuer,
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
      iss: issuer,
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
      keys.signJwt(idClaims),
      keys.signJwt(accessClaims),
    ]);
    return { AccessToken, ExpiresIn: tokenTtl, TokenType: 'Bearer', IdToken };
  }

  async function refresh(refreshToken: string, clientId: string): Promise<Output> {
    const session = await repo.findSessionByRefreshHash(sha256Hex(refreshToken));
    if (!session || session.clientId !== clientId)
      throw notAuthorized(MESSAGES.invalidRefreshToken);
    const refused = async (reason: RenewalFailureReason, message: string): Promise<never> => {
      await tell(session.username, {
        type: 'SESSION_RENEWAL_FAILED',
        sessionId: session.originJti,
        reason,
      });
      throw notAuthorized(message);
    };
    if (session.revokedAt !== null) return refused('revoked', MESSAGES.revokedRefreshToken);
    if (session.expiresAt <= now()) return refused('expired', 'Refresh Token has expired');
    const user = await repo.findUserByUsername(session.username);
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

  async function sessionActive(originJti: string): Promise<boolean> {
    const cached = sessionCache.get(originJti);
    if (cached && cached.until > now()) return cached.active;
    const session = await repo.findSession(originJti);
    const active = !!session && session.revokedAt === null && session.expiresAt > now();
    if (sessionCache.size > 50_000) sessionCache.clear();
    sessionCache.set(originJti, { active, until: now() + sessionCacheMs });
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
    const claims = await verifyToken(token);
    if (
      !claims ||
      claims.token_use !== 'access' ||
      claims.iss !== issuer ||
      typeof claims.origin_jti !== 'string' ||
      typeof claims.sub !== 'string'
    ) {
      throw notAuthorized(MESSAGES.invalidAccessToken);
    }
    if (typeof claims.exp !== 'number' || claims.exp * 1000 <= now())
      throw notAuthorized(MESSAGES.expiredAccessToken);
    if (!(await sessionActive(claims.origin_jti))) throw notAuthorized(MESSAGES.revokedAccessToken);
    const user = await repo.findUserByUsername(claims.sub);
    if (!user) throw new IdentityError('UserNotFoundException', MESSAGES.userDoesNotExist);
    if (!user.enabled) throw notAuthorized(MESSAGES.userDisabled);
    return {
      user,
      originJti: claims.origin_jti,
      deviceKey: typeof claims.device_key === 'string' ? claims.device_key : null,
      clientId: typeof claims.client_id === 'string' ? claims.client_id : '',
    };
  }

  // ---------------------------------------------------------------- sign-in flow

  function sealBlock(block: SecretBlock): string {
    return stateBox.seal(JSON.stringify(block));
  }

  function openBlock(secretBlock: string): SecretBlock {
    try {
      const block = JSON.parse(stateBox.open(secretBlock)) as SecretBlock;
      if (block.exp <= now()) throw notAuthorized(MESSAGES.invalidSession);
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
    const login = requireString(params, 'USERNAME', 'auth');
    const A = parseA(requireString(params, 'SRP_A', 'auth'));
    const user = await findUser(login);
    if (!user) {
      if (!preventExistenceErrors)
        throw new IdentityError('UserNotFoundException', MESSAGES.userDoesNotExist);
      // A challenge indistinguishable from a real one; the verifier step then fails as a wrong password would.
      const fakeSalt = padHex(
        bigIntFromHex(
          createHmac('sha256', codeKey)
            .update(`salt:${login.toLowerCase()}`)
            .digest('hex')
            .slice(0, 32),
        ),
      );
      const fakeVerifier = createHmac('sha256', codeKey)
        .update(`v:${login.toLowerCase()}`)
        .digest('hex');
      const { b, B } = await srp.challenge(fakeVerifier);
      const username = randomUUID();
      return passwordVerifierChallenge({ kind: 'fake', username, A, B, b, salt: fakeSalt });
    }
    assertCanSignIn(user);
    const { b, B } = await srp.challenge(user.srpVerifier);
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
      exp: now() + authSessionTtlMs,
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
    const timestamp = requireString(responses, 'TIMESTAMP', 'challenge');
    if (!parseTimestamp(timestamp)) throw invalidParameter('TIMESTAMP format is invalid');
    const signature = requireString(responses, 'PASSWORD_CLAIM_SIGNATURE', 'challenge');
    const key = await srp.key({
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
    const secretBlock = requireString(responses, 'PASSWORD_CLAIM_SECRET_BLOCK', 'challenge');
    const block = openBlock(secretBlock);
    if (block.kind === 'fake') {
      // The work of a wrong password (lookup, SRP key), so timing does not tell the user is unknown.
      await repo.findUserByUsername(block.username);
      const decoy = createHmac('sha256', codeKey).update(`v:${block.username}`).digest('hex');
      await verifyClaim(block, decoy, poolName!, block.username, responses, secretBlock);
      throw notAuthorized(MESSAGES.incorrectCredentials);
    }
    if (block.kind !== 'user') throw notAuthorized(MESSAGES.invalidSession);
    const user = await repo.findUserByUsername(block.username);
    if (!user) throw notAuthorized(MESSAGES.incorrectCredentials);
    concerns(user.username);
    assertSameUser(user, responses);
    assertCanSignIn(user);
    const deviceKey = optionalString(responses, 'DEVICE_KEY') ?? null;
    if (deviceKey) await requireDevice(deviceKey, user.username);
    if (
      !(await verifyClaim(
        block,
        user.srpVerifier,
        poolName!,
        user.username,
        responses,
        secretBlock,
      ))
    )
      return recordFailedPassword(user);
    await recordPasswordSuccess(user);
    return afterPassword(user, { clientId, deviceKey, deviceVerified: false });
  }

  async function userPasswordAuth(params: Input, clientId: string): Promise<Output> {
    const login = requireString(params, 'USERNAME', 'auth');
    const password = requireString(params, 'PASSWORD', 'auth');
    const user = await findUser(login);
    if (!user) {
      if (preventExistenceErrors) throw notAuthorized(MESSAGES.incorrectCredentials);
      throw new IdentityError('UserNotFoundException', MESSAGES.userDoesNotExist);
    }
    assertCanSignIn(user);
    const deviceKey = optionalString(params, 'DEVICE_KEY') ?? null;
    if (deviceKey) await requireDevice(deviceKey, user.username);
    if (!passwordMatches(user, password)) return recordFailedPassword(user);
    await recordPasswordSuccess(user);
    return afterPassword(user, { clientId, deviceKey, deviceVerified: false });
  }

  async function requireDevice(deviceKey: string, username: string): Promise<DeviceRecord> {
    const device = await repo.findDevice(deviceKey);
    if (!device || device.username !== username)
      throw new IdentityError('ResourceNotFoundException', MESSAGES.deviceNotFound);
    return device;
  }

  /** What follows a verified password: a new password, device proof, MFA, or tokens. */
  async function afterPassword(user: UserRecord, context: SignInContext): Promise<Output> {
    const state = {
      clientId: context.clientId,
      deviceKey: context.deviceKey,
      deviceVerified: context.deviceVerified,
    };
    if (user.status === 'FORCE_CHANGE_PASSWORD') {
      if (user.passwordSetAt + temporaryValidityMs <= now())
        throw notAuthorized(MESSAGES.temporaryPasswordExpired);
      const session = await createAuthSession(user.username, 'NEW_PASSWORD_REQUIRED', state);
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
      const device = await repo.findDevice(context.deviceKey);
      if (device?.confirmed && device.remembered && device.srpVerifier) {
        const session = await createAuthSession(user.username, 'DEVICE_SRP_AUTH', state);
        return { ChallengeName: 'DEVICE_SRP_AUTH', Session: session, ChallengeParameters: {} };
      }
    }
    if (!context.deviceVerified) {
      const totp = user.totpEnabled && user.totpSecret !== null;
      if (totp && user.emailMfaEnabled && !user.totpPreferred && !user.emailMfaPreferred) {
        const session = await createAuthSession(user.username, 'SELECT_MFA_TYPE', state);
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
      if (user.emailMfaEnabled) return sendSignInCode(user, { ...state, firstFactor: false });
      if (user.mfaRequired) {
        const session = await createAuthSession(user.username, 'MFA_SETUP', state);
        return {
          ChallengeName: 'MFA_SETUP',
          Session: session,
          ChallengeParameters: { MFAS_CAN_SETUP: '["SOFTWARE_TOKEN_MFA"]' },
        };
      }
    }
    return issueTokens(user, context);
  }

  async function totpChallenge(user: UserRecord, state: Record<string, unknown>): Promise<Output> {
    const session = await createAuthSession(user.username, 'SOFTWARE_TOKEN_MFA', state);
    return {
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: session,
      ChallengeParameters: {
        FRIENDLY_DEVICE_NAME: user.totpDeviceName ?? 'TOTP device',
        USER_ID_FOR_SRP: user.username,
      },
    };
  }

  // ---------------------------------------------------------------- choice-based sign-in

  /** The first factors `user` may choose now: the pool's, narrowed by the application's word. */
  async function availableFactors(user: UserRecord): Promise<FirstFactorChallenge[]> {
    const allowed = options.signInFactorsFor
      ? await options.signInFactorsFor(user.username)
      : { emailOtp: true, webAuthn: true };
    const factors: FirstFactorChallenge[] = ['PASSWORD', 'PASSWORD_SRP'];
    // Codes and passkeys sign in a person who chose their password already; a code alone does
    // not meet a second factor the user must have (as Cognito, where MFA is required).
    if (user.status !== 'CONFIRMED') return factors;
    if (poolFactors.has('EMAIL_OTP') && allowed.emailOtp && !user.mfaRequired)
      factors.push('EMAIL_OTP');
    if (
      poolFactors.has('WEB_AUTHN') &&
      allowed.webAuthn &&
      relyingPartyProblem() === undefined &&
      (await repo.countWebAuthnCredentials(user.username)) > 0
    )
      factors.push('WEB_AUTHN');
    return factors;
  }

  /** Session of a choice-based sign-in for a login the pool does not know (sealed, not stored). */
  function unknownUserSession(login: string, step: string): string {
    return `u.${stateBox.seal(JSON.stringify({ login, step, exp: now() + authSessionTtlMs }))}`;
  }

  function openUnknownUserSession(
    session: string | undefined,
    step: string,
  ): { login: string } | undefined {
    if (!session?.startsWith('u.')) return undefined;
    try {
      const opened = JSON.parse(stateBox.open(session.slice(2))) as {
        login: string;
        step: string;
        exp: number;
      };
      if (opened.step === step && opened.exp > now()) return { login: opened.login };
    } catch {
      // Not a session of this pool.
    }
    throw notAuthorized(MESSAGES.invalidSession);
  }

  async function startUserAuth(params: Input, clientId: string): Promise<Output> {
    const login = requireString(params, 'USERNAME', 'auth');
    const preferred = optionalString(params, 'PREFERRED_CHALLENGE');
    if (preferred !== undefined && !isFirstFactor(preferred))
      throw invalidParameter(`PREFERRED_CHALLENGE ${preferred} is not a first factor challenge`);
    const user = await findUser(login);
    if (!user) {
      if (!preventExistenceErrors)
        throw new IdentityError('UserNotFoundException', MESSAGES.userDoesNotExist);
      return unknownUserChoice(login, preferred, params);
    }
    assertCanSignIn(user);
    const available = await availableFactors(user);
    if (preferred && available.includes(preferred))
      return startFirstFactor(user, preferred, params, clientId);
    const session = await createAuthSession(user.username, 'SELECT_CHALLENGE', {
      clientId,
      available,
    });
    return {
      ChallengeName: 'SELECT_CHALLENGE',
      Session: session,
      ChallengeParameters: {},
      AvailableChallenges: available,
    };
  }

  /**
   * What an unknown login meets: the same choices as a person without a passkey, a code "sent"
   * to the address given, and a wrong password or code at the end, so that sign-in does not tell
   * who has an account.
   */
  function unknownUserChoice(
    login: string,
    choice: FirstFactorChallenge | undefined,
    params: Input,
  ): Promise<Output> | Output {
    const available: FirstFactorChallenge[] = ['PASSWORD', 'PASSWORD_SRP'];
    if (poolFactors.has('EMAIL_OTP')) available.push('EMAIL_OTP');
    if (choice === 'PASSWORD') {
      requireString(params, 'PASSWORD', 'auth');
      throw notAuthorized(MESSAGES.incorrectCredentials);
    }
    if (choice === 'PASSWORD_SRP') return startSrp({ ...params, USERNAME: login });
    if (choice === 'EMAIL_OTP' && available.includes('EMAIL_OTP')) {
      const address = login.includes('@') ? login.trim().toLowerCase() : 'user@example.com';
      return {
        ChallengeName: 'EMAIL_OTP',
        Session: unknownUserSession(login, 'EMAIL_OTP'),
        ChallengeParameters: {
          CODE_DELIVERY_DELIVERY_MEDIUM: 'EMAIL',
          CODE_DELIVERY_DESTINATION: maskEmail(address),
        },
      };
    }
    return {
      ChallengeName: 'SELECT_CHALLENGE',
      Session: unknownUserSession(login, 'SELECT_CHALLENGE'),
      ChallengeParameters: {},
      AvailableChallenges: available,
    };
  }

  async function startFirstFactor(
    user: UserRecord,
    challenge: FirstFactorChallenge,
    params: Input,
    clientId: string,
  ): Promise<Output> {
    switch (challenge) {
      case 'PASSWORD': {
        const password = requireString(params, 'PASSWORD', 'auth');
        const deviceKey = optionalString(params, 'DEVICE_KEY') ?? null;
        if (deviceKey) await requireDevice(deviceKey, user.username);
        if (!passwordMatches(user, password)) return recordFailedPassword(user);
        await recordPasswordSuccess(user);
        return afterPassword(user, { clientId, deviceKey, deviceVerified: false });
      }
      case 'PASSWORD_SRP':
        requireString(params, 'SRP_A', 'auth');
        return startSrp({ ...params, USERNAME: user.username });
      case 'EMAIL_OTP':
        signingInWith('email_code');
        return sendSignInCode(user, {
          clientId,
          deviceKey: null,
          deviceVerified: false,
          firstFactor: true,
        });
      case 'WEB_AUTHN':
        signingInWith('passkey');
        return passkeyChallenge(user, clientId);
    }
  }

  /** E-mails an eight-digit sign-in code and answers with the EMAIL_OTP challenge. */
  async function sendSignInCode(user: UserRecord, state: Record<string, unknown>): Promise<Output> {
    await rateLimit(
      `email-code:${user.username}`,
      limits.emailCodesPerUserPerHour,
      3600_000,
      'LimitExceededException',
    );
    const code = String(randomInt(0, 100_000_000)).padStart(8, '0');
    // The session outlives its code by a minute, so that a late code is told as expired.
    const session = await createAuthSession(
      user.username,
      'EMAIL_OTP',
      {
        ...state,
        codeHash: hashCode(user.username, `sign-in:${code}`),
        codeExpiresAt: now() + EMAIL_CODE_TTL_MS,
      },
      Math.max(authSessionTtlMs, EMAIL_CODE_TTL_MS + 60_000),
    );
    await options.sendEmail({
      to: user.email,
      subject: 'Your sign-in code',
      text: `Your sign-in code is ${code}. It expires in 3 minutes and works once. If you did not try to sign in, ignore this message.`,
      html: `<p>Your sign-in code is <strong>${code}</strong>.</p><p>It expires in 3 minutes and works once. If you did not try to sign in, ignore this message.</p>`,
      template: { name: 'sign-in-code', code, expiresInMinutes: 3 },
    });
    return {
      ChallengeName: 'EMAIL_OTP',
      Session: session,
      ChallengeParameters: {
        CODE_DELIVERY_DELIVERY_MEDIUM: 'EMAIL',
        CODE_DELIVERY_DESTINATION: maskEmail(user.email),
      },
    };
  }

  async function answerEmailCode(sessionId: string | undefined, responses: Input): Promise<Output> {
    if (openUnknownUserSession(sessionId, 'EMAIL_OTP')) {
      signingInWith('email_code');
      requireString(responses, 'EMAIL_OTP_CODE', 'challenge');
      throw new IdentityError('CodeMismatchException', MESSAGES.otpMismatch);
    }
    const session = await loadAuthSession(sessionId, ['EMAIL_OTP']);
    const firstFactor = session.state.firstFactor === true;
    if (firstFactor) signingInWith('email_code');
    const user = await requireUser(session.username);
    assertSameUser(user, responses);
    const code = requireString(responses, 'EMAIL_OTP_CODE', 'challenge');
    if (Number(session.state.codeExpiresAt) <= now()) {
      await repo.consumeAuthSession(session.idHash);
      throw new IdentityError('ExpiredCodeException', MESSAGES.codeExpired);
    }
    const candidate = Buffer.from(hashCode(user.username, `sign-in:${code.trim()}`));
    const stored = Buffer.from(String(session.state.codeHash));
    if (candidate.length !== stored.length || !timingSafeEqual(candidate, stored))
      return wrongCode(
        session.idHash,
        session.attempts,
        new IdentityError('CodeMismatchException', MESSAGES.otpMismatch),
      );
    await consume(session.idHash);
    if (firstFactor) assertCanSignIn(user);
    else if (!user.enabled) throw notAuthorized(MESSAGES.userDisabled);
    return issueTokens(user, contextFromState(session.state));
  }

  async function selectChallenge(
    sessionId: string | undefined,
    responses: Input,
    clientId: string,
  ): Promise<Output> {
    const answer = requireString(responses, 'ANSWER', 'challenge');
    if (!isFirstFactor(answer))
      throw invalidParameter(`ANSWER ${answer} is not a first factor challenge`);
    const unknown = openUnknownUserSession(sessionId, 'SELECT_CHALLENGE');
    if (unknown) return unknownUserChoice(unknown.login, answer, responses);
    const session = await loadAuthSession(sessionId, ['SELECT_CHALLENGE']);
    const user = await requireUser(session.username);
    assertSameUser(user, responses);
    const available = Array.isArray(session.state.available) ? session.state.available : [];
    if (!available.includes(answer)) throw invalidParameter(MESSAGES.challengeNotAvailable);
    await consume(session.idHash);
    assertCanSignIn(user);
    // The user's choices may have narrowed since (a passkey removed, the organization's rule).
    if (!(await availableFactors(user)).includes(answer))
      throw invalidParameter(MESSAGES.challengeNotAvailable);
    return startFirstFactor(user, answer, responses, clientId);
  }

  // ---------------------------------------------------------------- passkeys (WebAuthn)

  /** Why passkeys cannot work with this pool's public URL, if they cannot. */
  function relyingPartyProblem(): string | undefined {
    // A relying party is a domain; browsers refuse an IP address.
    if (!relyingParty.id || isIP(relyingParty.id.replace(/^\[|\]$/g, '')) !== 0)
      return MESSAGES.webAuthnConfigurationMissing;
    return undefined;
  }

  function requireRelyingParty() {
    const problem = relyingPartyProblem();
    if (problem) throw new IdentityError('WebAuthnConfigurationMissingException', problem);
  }

  /** Whether this user may register passkeys: the pool's and the application's word. */
  async function assertPasskeysEnabled(user: UserRecord) {
    const allowed = options.signInFactorsFor
      ? (await options.signInFactorsFor(user.username)).webAuthn
      : true;
    if (!poolFactors.has('WEB_AUTHN') || !allowed)
      throw new IdentityError('WebAuthnNotEnabledException', MESSAGES.webAuthnNotEnabled);
  }

  /** Cognito's error for what the WebAuthn verifier refused. */
  function webAuthnRefusal(error: unknown, fallback: IdentityError): IdentityError {
    if (error instanceof IdentityError) return error;
    const name = error instanceof Error ? error.name : '';
    const message = error instanceof Error ? error.message : '';
    if (name === 'UnexpectedRPIDHash')
      return new IdentityError(
        'WebAuthnRelyingPartyMismatchException',
        MESSAGES.webAuthnRelyingPartyMismatch,
      );
    if (/response origin/.test(message))
      return new IdentityError(
        'WebAuthnOriginNotAllowedException',
        MESSAGES.webAuthnOriginNotAllowed,
      );
    if (/response challenge/.test(message))
      return new IdentityError(
        'WebAuthnChallengeNotFoundException',
        MESSAGES.webAuthnChallengeNotFound,
      );
    if (/public key alg|Attestation Format/.test(message))
      return new IdentityError(
        'WebAuthnCredentialNotSupportedException',
        MESSAGES.webAuthnNotSupported,
      );
    return fallback;
  }

  /** A credential answer as JSON: an object (Cognito's document type) or its JSON text. */
  function credentialJson<T>(value: unknown, name: string): T {
    let parsed = value;
    if (typeof value === 'string') {
      try {
        parsed = JSON.parse(value) as unknown;
      } catch {
        throw invalidParameter(`${name} is not valid JSON`);
      }
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw invalidParameter(`${name} must be a public key credential object`);
    const { id, response } = parsed as { id?: unknown; response?: unknown };
    if (typeof id !== 'string' || typeof response !== 'object' || response === null)
      throw invalidParameter(`${name} must be a public key credential object`);
    return parsed as T;
  }

  async function passkeyChallenge(user: UserRecord, clientId: string): Promise<Output> {
    requireRelyingParty();
    const credentials = await repo.listWebAuthnCredentials(user.username);
    const requestOptions = await generateAuthenticationOptions({
      rpID: relyingParty.id,
      allowCredentials: credentials.map((credential) => ({
        id: credential.credentialId,
        transports: credential.transports as AuthenticatorTransport[],
      })),
      userVerification: 'required',
      timeout: authSessionTtlMs,
    });
    const session = await createAuthSession(user.username, 'WEB_AUTHN', {
      clientId,
      challenge: requestOptions.challenge,
    });
    return {
      ChallengeName: 'WEB_AUTHN',
      Session: session,
      ChallengeParameters: { CREDENTIAL_REQUEST_OPTIONS: JSON.stringify(requestOptions) },
    };
  }

  async function answerPasskey(sessionId: string | undefined, responses: Input): Promise<Output> {
    signingInWith('passkey');
    const session = await loadAuthSession(sessionId, ['WEB_AUTHN']);
    const user = await requireUser(session.username);
    assertSameUser(user, responses);
    const assertion = credentialJson<AuthenticationResponseJSON>(
      requireString(responses, 'CREDENTIAL', 'challenge'),
      'CREDENTIAL',
    );
    // The challenge is used once, whatever the answer.
    await consume(session.idHash);
    assertCanSignIn(user);
    const credential = await repo.findWebAuthnCredential(assertion.id);
    if (!credential || credential.username !== user.username)
      throw notAuthorized(MESSAGES.passkeyRefused);
    let newCounter: number;
    try {
      const result = await verifyAuthenticationResponse({
        response: assertion,
        expectedChallenge: String(session.state.challenge),
        expectedOrigin: relyingParty.origins,
        expectedRPID: relyingParty.id,
        credential: {
          id: credential.credentialId,
          publicKey: Buffer.from(credential.publicKey, 'base64url'),
          counter: credential.signCount,
          transports: credential.transports as AuthenticatorTransport[],
        },
        requireUserVerification: true,
      });
      if (!result.verified) throw notAuthorized(MESSAGES.passkeyRefused);
      newCounter = result.authenticationInfo.newCounter;
    } catch (error) {
      throw webAuthnRefusal(error, notAuthorized(MESSAGES.passkeyRefused));
    }
    // Only one sign-in moves the counter from where it was: a replayed assertion is refused.
    if (
      !(await repo.claimWebAuthnCounter(
        credential.credentialId,
        credential.signCount,
        newCounter,
        now(),
      ))
    )
      throw notAuthorized(MESSAGES.passkeyRefused);
    return issueTokens(user, contextFromState(session.state), 'passkey');
  }

  const registrationKey = (username: string) => sha256Hex(`webauthn-registration:${username}`);

  function passkeyName(transports: string[], attachment: string | null): string {
    if (transports.includes('hybrid')) return 'Passkey on a phone';
    if (attachment === 'platform' || transports.includes('internal'))
      return 'Passkey on this device';
    return 'Security key';
  }

  async function startWebAuthnRegistration(input: Input): Promise<Output> {
    const { user, clientId } = await authenticate(input);
    requireRelyingParty();
    await assertPasskeysEnabled(user);
    const existing = await repo.listWebAuthnCredentials(user.username);
    if (existing.length >= limits.passkeysPerUser)
      throw new IdentityError('LimitExceededException', MESSAGES.limitExceeded);
    const creationOptions = await generateRegistrationOptions({
      rpName: relyingParty.name,
      rpID: relyingParty.id,
      userName: user.email,
      userDisplayName: user.email,
      userID: new Uint8Array(Buffer.from(user.username)),
      attestationType: 'none',
      excludeCredentials: existing.map((credential) => ({
        id: credential.credentialId,
        transports: credential.transports as AuthenticatorTransport[],
      })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
      timeout: authSessionTtlMs,
    });
    await repo.replaceAuthSession(registrationKey(user.username), {
      username: user.username,
      step: 'WEBAUTHN_REGISTRATION',
      state: { challenge: creationOptions.challenge, clientId },
      attempts: 0,
      expiresAt: now() + authSessionTtlMs,
    });
    return { CredentialCreationOptions: creationOptions };
  }

  async function completeWebAuthnRegistration(input: Input): Promise<Output> {
    const { user, clientId } = await authenticate(input);
    requireRelyingParty();
    await assertPasskeysEnabled(user);
    const response = credentialJson<RegistrationResponseJSON>(input.Credential, 'Credential');
    const key = registrationKey(user.username);
    const pending = await repo.findAuthSession(key);
    if (!pending || pending.expiresAt <= now() || pending.step !== 'WEBAUTHN_REGISTRATION')
      throw new IdentityError(
        'WebAuthnChallengeNotFoundException',
        MESSAGES.webAuthnChallengeNotFound,
      );
    if (pending.state.clientId !== clientId)
      throw new IdentityError('WebAuthnClientMismatchException', MESSAGES.webAuthnClientMismatch);
    // One answer per started registration.
    if (!(await repo.consumeAuthSession(key)))
      throw new IdentityError(
        'WebAuthnChallengeNotFoundException',
        MESSAGES.webAuthnChallengeNotFound,
      );
    let verified;
    try {
      verified = await verifyRegistrationResponse({
        response,
        expectedChallenge: String(pending.state.challenge),
        expectedOrigin: relyingParty.origins,
        expectedRPID: relyingParty.id,
        requireUserVerification: true,
        supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
      });
    } catch (error) {
      throw webAuthnRefusal(error, invalidParameter(MESSAGES.passkeyRefused));
    }
    if (!verified.verified) throw invalidParameter(MESSAGES.passkeyRefused);
    const { credential } = verified.registrationInfo;
    if (await repo.findWebAuthnCredential(credential.id))
      throw invalidParameter('This passkey is already registered.');
    const transports = (credential.transports ?? []).map(String);
    const attachment =
      typeof response.authenticatorAttachment === 'string'
        ? response.authenticatorAttachment
        : null;
    const record: WebAuthnCredentialRecord = {
      credentialId: credential.id,
      username: user.username,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      signCount: credential.counter,
      transports,
      attachment,
      friendlyName: passkeyName(transports, attachment),
      relyingPartyId: relyingParty.id,
      createdAt: now(),
      lastUsedAt: null,
    };
    await changeTold(
      {
        username: user.username,
        detail: {
          type: 'PASSKEY_ADDED',
          credentialId: record.credentialId,
          name: record.friendlyName,
        },
      },
      (repository) => repository.insertWebAuthnCredential(record),
    );
    return {};
  }

  async function listWebAuthnCredentials(input: Input): Promise<Output> {
    const { user } = await authenticate(input);
    const max = input.MaxResults === undefined ? 20 : input.MaxResults;
    if (typeof max !== 'number' || !Number.isInteger(max) || max < 1 || max > 20)
      throw invalidParameter(
        `1 validation error detected: Value '${String(max)}' at 'maxResults' failed to satisfy constraint: Member must have value less than or equal to 20`,
      );
    const token = optionalString(input, 'NextToken');
    let start = 0;
    if (token) {
      start = Number.parseInt(Buffer.from(token, 'base64url').toString(), 10);
      if (!Number.isInteger(start) || start < 0) throw invalidParameter('NextToken is invalid');
    }
    const all = await repo.listWebAuthnCredentials(user.username);
    const page = all.slice(start, start + max);
    const next =
      start + max < all.length ? Buffer.from(String(start + max)).toString('base64url') : undefined;
    return {
      Credentials: page.map((credential) => ({
        CredentialId: credential.credentialId,
        ...(credential.friendlyName ? { FriendlyCredentialName: credential.friendlyName } : {}),
        RelyingPartyId: credential.relyingPartyId,
        ...(credential.attachment ? { AuthenticatorAttachment: credential.attachment } : {}),
        AuthenticatorTransports: credential.transports,
        CreatedAt: credential.createdAt / 1000,
        // Not in Cognito's shape (its clients ignore it): when the passkey last signed in.
        ...(credential.lastUsedAt !== null ? { LastUsedAt: credential.lastUsedAt / 1000 } : {}),
      })),
      ...(next ? { NextToken: next } : {}),
    };
  }

  async function deleteWebAuthnCredential(input: Input): Promise<Output> {
    const { user } = await authenticate(input);
    const credentialId = requireString(input, 'CredentialId');
    const credential = await repo.findWebAuthnCredential(credentialId);
    if (!credential || credential.username !== user.username)
      throw new IdentityError('ResourceNotFoundException', MESSAGES.passkeyNotFound);
    await changeTold(
      {
        username: user.username,
        detail: { type: 'PASSKEY_REMOVED', credentialId, name: credential.friendlyName },
      },
      (repository) => repository.deleteWebAuthnCredential(credentialId, user.username),
    );
    return {};
  }

  async function respondToAuthChallenge(input: Input, context: RequestContext): Promise<Output> {
    const clientId = requireString(input, 'ClientId');
    checkClient(clientId);
    const challenge = requireString(input, 'ChallengeName');
    const responses = record(input, 'ChallengeResponses');
    const sessionId = optionalString(input, 'Session');
    await rateLimit(
      `signin:${context.ip}`,
      limits.signInsPerIpPerMinute * 2,
      60_000,
      'TooManyRequestsException',
    );

    switch (challenge) {
      case 'PASSWORD_VERIFIER':
        return passwordVerifier(responses, clientId);

      case 'SELECT_CHALLENGE':
        return selectChallenge(sessionId, responses, clientId);

      case 'EMAIL_OTP':
        return answerEmailCode(sessionId, responses);

      case 'WEB_AUTHN':
        return answerPasskey(sessionId, responses);

      case 'NEW_PASSWORD_REQUIRED': {
        const session = await loadAuthSession(sessionId, ['NEW_PASSWORD_REQUIRED']);
        const user = await requireUser(session.username);
        assertSameUser(user, responses);
        const password = requireString(responses, 'NEW_PASSWORD', 'challenge');
        assertPolicy(password);
        await consume(session.idHash);
        const attributes = { ...user.attributes };
        for (const [name, value] of Object.entries(responses)) {
          if (name.startsWith('userAttributes.') && typeof value === 'string') {
            const attribute = name.slice('userAttributes.'.length);
            if (attribute !== 'email' && attribute !== 'sub' && attribute !== 'email_verified')
              attributes[attribute] = value;
          }
        }
        await changeTold(
          { username: user.username, detail: { type: 'PASSWORD_CHANGE', firstPassword: true } },
          (repository) =>
            repository.updateUser(
              user.username,
              { ...passwordFields(user.username, password), status: 'CONFIRMED', attributes },
              now(),
            ),
        );
        const updated = await requireUser(user.username);
        return afterPassword(updated, contextFromState(session.state));
      }

      case 'SOFTWARE_TOKEN_MFA': {
        const session = await loadAuthSession(sessionId, ['SOFTWARE_TOKEN_MFA']);
        const user = await requireUser(session.username);
        assertSameUser(user, responses);
        const code = requireString(responses, 'SOFTWARE_TOKEN_MFA_CODE', 'challenge');
        if (!user.totpSecret) throw notAuthorized(MESSAGES.invalidSession);
        const step = matchTotpStep(totpBox.open(user.totpSecret), code, now());
        if (step === undefined || !(await repo.claimTotpStep(user.username, step, now()))) {
          return wrongCode(
            session.idHash,
            session.attempts,
            new IdentityError('CodeMismatchException', MESSAGES.totpMismatch),
          );
        }
        await consume(session.idHash);
        return issueTokens(user, contextFromState(session.state));
      }

      case 'SELECT_MFA_TYPE': {
        const session = await loadAuthSession(sessionId, ['SELECT_MFA_TYPE']);
        const user = await requireUser(session.username);
        assertSameUser(user, responses);
        const answer = requireString(responses, 'ANSWER', 'challenge');
        if (answer === 'SOFTWARE_TOKEN_MFA' && user.totpEnabled && user.totpSecret) {
          await consume(session.idHash);
          return totpChallenge(user, session.state);
        }
        if (answer === 'EMAIL_OTP' && user.emailMfaEnabled) {
          await consume(session.idHash);
          return sendSignInCode(user, { ...session.state, firstFactor: false });
        }
        throw invalidParameter(`${answer} is not an MFA type available to this user`);
      }

      case 'MFA_SETUP': {
        const session = await loadAuthSession(sessionId, ['MFA_SETUP', 'MFA_SETUP_VERIFIED']);
        if (session.step !== 'MFA_SETUP_VERIFIED')
          throw invalidParameter('Software token MFA has not been verified for this session');
        const user = await requireUser(session.username);
        assertSameUser(user, responses);
        await consume(session.idHash);
        return issueTokens(user, contextFromState(session.state));
      }

      case 'DEVICE_SRP_AUTH': {
        const session = await loadAuthSession(sessionId, ['DEVICE_SRP_AUTH']);
        const context = contextFromState(session.state);
        const deviceKey = requireString(responses, 'DEVICE_KEY', 'challenge');
        if (deviceKey !== context.deviceKey)
          throw new IdentityError('ResourceNotFoundException', MESSAGES.deviceNotFound);
        const device = await requireDevice(deviceKey, session.username);
        if (!device.srpVerifier || !device.srpSalt)
          throw new IdentityError('ResourceNotFoundException', MESSAGES.deviceNotFound);
        const A = parseA(requireString(responses, 'SRP_A', 'challenge'));
        const { b, B } = await srp.challenge(device.srpVerifier);
        await consume(session.idHash);
        const next = await createAuthSession(
          session.username,
          'DEVICE_PASSWORD_VERIFIER',
          session.state,
        );
        const block = sealBlock({
          kind: 'device',
          username: session.username,
          deviceKey,
          A: A.toString(16),
          B: B.toString(16),
          b: b.toString(16),
          exp: now() + authSessionTtlMs,
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
        const session = await loadAuthSession(sessionId, ['DEVICE_PASSWORD_VERIFIER']);
        const secretBlock = requireString(responses, 'PASSWORD_CLAIM_SECRET_BLOCK', 'challenge');
        const block = openBlock(secretBlock);
        const deviceKey = requireString(responses, 'DEVICE_KEY', 'challenge');
        if (
          block.kind !== 'device' ||
          block.username !== session.username ||
          block.deviceKey !== deviceKey
        )
          throw notAuthorized(MESSAGES.invalidSession);
        const device = await requireDevice(deviceKey, session.username);
        const user = await requireUser(session.username);
        if (!user.enabled) throw notAuthorized(MESSAGES.userDisabled);
        if (
          !device.srpVerifier ||
          !(await verifyClaim(
            block,
            device.srpVerifier,
            device.deviceGroupKey,
            device.deviceKey,
            responses,
            secretBlock,
          ))
        ) {
          await consume(session.idHash);
          throw notAuthorized('Incorrect device credentials.');
        }
        await consume(session.idHash);
        return afterPassword(user, { ...contextFromState(session.state), deviceVerified: true });
      }

      default:
        throw invalidParameter(`Unsupported challenge ${challenge}`);
    }
  }

  async function initiateAuth(input: Input, context: RequestContext): Promise<Output> {
    const clientId = requireString(input, 'ClientId');
    checkClient(clientId);
    const flow = requireString(input, 'AuthFlow');
    const params = record(input, 'AuthParameters');
    switch (flow) {
      case 'USER_SRP_AUTH':
        await rateLimit(
          `signin:${context.ip}`,
          limits.signInsPerIpPerMinute,
          60_000,
          'TooManyRequestsException',
        );
        return startSrp(params);
      case 'USER_PASSWORD_AUTH':
        await rateLimit(
          `signin:${context.ip}`,
          limits.signInsPerIpPerMinute,
          60_000,
          'TooManyRequestsException',
        );
        return userPasswordAuth(params, clientId);
      case 'USER_AUTH':
        await rateLimit(
          `signin:${context.ip}`,
          limits.signInsPerIpPerMinute,
          60_000,
          'TooManyRequestsException',
        );
        return startUserAuth(params, clientId);
      case 'REFRESH_TOKEN_AUTH':
      case 'REFRESH_TOKEN':
        return refresh(requireString(params, 'REFRESH_TOKEN', 'auth'), clientId);
      default:
        throw invalidParameter(`Unsupported AuthFlow ${flow}`);
    }
  }

  // ---------------------------------------------------------------- account actions

  async function getUserAction(input: Input): Promise<Output> {
    const { user } = await authenticate(input);
    const attributes = [
      { Name: 'sub', Value: user.username },
      { Name: 'email', Value: user.email },
      { Name: 'email_verified', Value: String(user.emailVerified) },
      ...Object.entries(user.attributes).map(([Name, Value]) => ({ Name, Value })),
    ];
    return {
      Username: user.username,
      UserAttributes: attributes,
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

  async function changePassword(input: Input): Promise<Output> {
    const { user } = await authenticate(input);
    const previous = requireString(input, 'PreviousPassword');
    const proposed = requireString(input, 'ProposedPassword');
    if (user.lockedUntil !== null && user.lockedUntil > now())
      throw notAuthorized(MESSAGES.attemptsExceeded);
    if (!passwordMatches(user, previous)) return recordFailedPassword(user);
    assertPolicy(proposed);
    await changeTold(
      { username: user.username, detail: { type: 'PASSWORD_CHANGE', firstPassword: false } },
      (repository) =>
        repository.updateUser(
          user.username,
          { ...passwordFields(user.username, proposed), failedAttempts: 0, lockedUntil: null },
          now(),
        ),
    );
    return {};
  }

  async function forgotPassword(input: Input, context: RequestContext): Promise<Output> {
    const clientId = requireString(input, 'ClientId');
    checkClient(clientId);
    const login = requireString(input, 'Username');
    await rateLimit(
      `forgot-ip:${context.ip}`,
      limits.forgotPasswordPerIpPerHour,
      3600_000,
      'LimitExceededException',
    );
    await rateLimit(
      `forgot-user:${login.trim().toLowerCase()}`,
      limits.forgotPasswordPerUserPerHour,
      3600_000,
      'LimitExceededException',
    );
    const user = await findUser(login);
    const delivery = (email: string) => ({
      CodeDeliveryDetails: {
        Destination: maskEmail(email),
        DeliveryMedium: 'EMAIL',
        AttributeName: 'email',
      },
    });
    if (!user || !user.enabled) {
      if (preventExistenceErrors)
        return delivery(login.includes('@') ? login.trim().toLowerCase() : 'user@example.com');
      if (!user) throw new IdentityError('UserNotFoundException', MESSAGES.userDoesNotExist);
      throw notAuthorized(MESSAGES.userDisabled);
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await changeTold(
      { username: user.username, detail: { type: 'PASSWORD_RESET', step: 'code_sent' } },
      (repository) =>
        repository.upsertResetCode(
          user.username,
          hashCode(user.username, code),
          now(),
          now() + 3600_000,
        ),
    );
    await options.sendEmail({
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
    checkClient(clientId);
    const login = requireString(input, 'Username');
    const code = requireString(input, 'ConfirmationCode');
    const password = requireString(input, 'Password');
    const user = await findUser(login);
    if (!user) {
      if (preventExistenceErrors)
        throw new IdentityError('CodeMismatchException', MESSAGES.codeMismatch);
      throw new IdentityError('UserNotFoundException', MESSAGES.userDoesNotExist);
    }
    const stored = await repo.findResetCode(user.username);
    if (!stored || stored.expiresAt <= now())
      throw new IdentityError('ExpiredCodeException', MESSAGES.codeExpired);
    if (stored.attempts >= limits.codeAttempts) {
      await repo.deleteResetCode(user.username);
      throw new IdentityError('LimitExceededException', MESSAGES.limitExceeded);
    }
    const candidate = hashCode(user.username, code.trim());
    if (
      candidate.length !== stored.codeHash.length ||
      !timingSafeEqual(Buffer.from(candidate), Buffer.from(stored.codeHash))
    ) {
      await repo.incrementResetCodeAttempts(user.username);
      throw new IdentityError('CodeMismatchException', MESSAGES.codeMismatch);
    }
    assertPolicy(password);
    if (!(await repo.consumeResetCode(user.username, candidate)))
      throw new IdentityError('ExpiredCodeException', MESSAGES.codeExpired);
    await changeTold(
      { username: user.username, detail: { type: 'PASSWORD_RESET', step: 'completed' } },
      async (repository) => {
        await repository.updateUser(
          user.username,
          {
            ...passwordFields(user.username, password),
            status: 'CONFIRMED',
            failedAttempts: 0,
            lockedUntil: null,
          },
          now(),
        );
        await revokeAll(user.username, repository);
      },
    );
    return {};
  }

  async function associateSoftwareToken(input: Input): Promise<Output> {
    const secret = generateTotpSecret();
    if (optionalString(input, 'AccessToken')) {
      const { user } = await authenticate(input);
      await repo.updateUser(user.username, { totpPendingSecret: totpBox.seal(secret) }, now());
      return { SecretCode: secret };
    }
    const session = await loadAuthSession(optionalString(input, 'Session'), ['MFA_SETUP']);
    await consume(session.idHash);
    const next = await createAuthSession(session.username, 'MFA_SETUP', {
      ...session.state,
      pendingSecret: totpBox.seal(secret),
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
      const { user } = await authenticate(input);
      if (!user.totpPendingSecret)
        throw invalidParameter('User has not associated a software token');
      const step = matchTotpStep(totpBox.open(user.totpPendingSecret), code, now());
      if (step === undefined) throw mismatch;
      const pending = user.totpPendingSecret;
      // A new app for a second factor already on replaces it now; otherwise it waits for
      // SetUserMFAPreference to turn it on.
      await changeTold(
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
            now(),
          ),
      );
      return { Status: 'SUCCESS' };
    }
    const session = await loadAuthSession(optionalString(input, 'Session'), ['MFA_SETUP']);
    const pending = session.state.pendingSecret;
    if (typeof pending !== 'string')
      throw invalidParameter('User has not associated a software token');
    const step = matchTotpStep(totpBox.open(pending), code, now());
    if (step === undefined) return wrongCode(session.idHash, session.attempts, mismatch);
    await consume(session.idHash);
    // Set up during sign-in: the token becomes the user's MFA at once (Cognito pools with MFA required do the same).
    await changeTold(
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
          now(),
        ),
    );
    const { pendingSecret: _pending, ...state } = session.state;
    const next = await createAuthSession(session.username, 'MFA_SETUP_VERIFIED', state);
    return { Status: 'SUCCESS', Session: next };
  }

  async function setUserMfaPreference(input: Input): Promise<Output> {
    let { user } = await authenticate(input);
    const sms = record(input, 'SMSMfaSettings');
    if (sms.Enabled === true || sms.PreferredMfa === true)
      throw invalidParameter('User does not have delivery config set to turn on SMS_MFA');
    const email = input.EmailMfaSettings;
    if (typeof email === 'object' && email !== null) {
      const { Enabled, PreferredMfa } = email as Input;
      if (Enabled === true || PreferredMfa === true) {
        await changeTold(
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
              now(),
            ),
        );
      } else if (Enabled === false) {
        if (user.mfaRequired && !user.totpEnabled)
          throw invalidParameter('MFA is required for this user and cannot be disabled');
        await changeTold(
          user.emailMfaEnabled
            ? { username: user.username, detail: { type: 'EMAIL_MFA_CHANGED', enabled: false } }
            : undefined,
          (repository) =>
            repository.updateUser(
              user.username,
              { emailMfaEnabled: false, emailMfaPreferred: false },
              now(),
            ),
        );
      } else if (PreferredMfa === false) {
        await repo.updateUser(user.username, { emailMfaPreferred: false }, now());
      }
      user = (await repo.findUserByUsername(user.username)) ?? user;
    }
    const totp = input.SoftwareTokenMfaSettings;
    if (typeof totp !== 'object' || totp === null) return {};
    const { Enabled, PreferredMfa } = totp as Input;
    if (Enabled === true || PreferredMfa === true) {
      if (!user.totpSecret) throw invalidParameter('User has not verified software token mfa');
      await changeTold(
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
            now(),
          ),
      );
    } else if (Enabled === false) {
      if (user.mfaRequired && !user.emailMfaEnabled)
        throw invalidParameter('MFA is required for this user and cannot be disabled');
      await changeTold(
        user.totpEnabled ? { username: user.username, detail: { type: 'MFA_REMOVED' } } : undefined,
        (repository) =>
          repository.updateUser(user.username, { totpEnabled: false, totpPreferred: false }, now()),
      );
    } else if (PreferredMfa === false) {
      await repo.updateUser(user.username, { totpPreferred: false }, now());
    }
    return {};
  }

  async function confirmDevice(input: Input): Promise<Output> {
    const { user } = await authenticate(input);
    const deviceKey = requireString(input, 'DeviceKey');
    const device = await requireDevice(deviceKey, user.username);
    const config = record(input, 'DeviceSecretVerifierConfig');
    const verifier = requireString(config, 'PasswordVerifier');
    const salt = requireString(config, 'Salt');
    const verifierHex = Buffer.from(verifier, 'base64').toString('hex');
    const saltHex = Buffer.from(salt, 'base64').toString('hex');
    if (!verifierHex || !saltHex) throw invalidParameter('DeviceSecretVerifierConfig is invalid');
    await repo.updateDevice(device.deviceKey, {
      srpSalt: saltHex,
      srpVerifier: verifierHex,
      name: optionalString(input, 'DeviceName') ?? null,
      confirmed: true,
      remembered: deviceTracking === 'always',
    });
    return { UserConfirmationNecessary: deviceTracking === 'opt-in' };
  }

  async function updateDeviceStatus(input: Input): Promise<Output> {
    const { user } = await authenticate(input);
    const device = await requireDevice(requireString(input, 'DeviceKey'), user.username);
    const status = requireString(input, 'DeviceRememberedStatus');
    if (status !== 'remembered' && status !== 'not_remembered')
      throw invalidParameter('DeviceRememberedStatus must be remembered or not_remembered');
    await repo.updateDevice(device.deviceKey, { remembered: status === 'remembered' });
    return {};
  }

  async function forgetDevice(input: Input): Promise<Output> {
    const { user, deviceKey: tokenDevice } = await authenticate(input);
    const deviceKey = optionalString(input, 'DeviceKey') ?? tokenDevice;
    if (!deviceKey) throw invalidParameter('Missing required parameter DeviceKey');
    await requireDevice(deviceKey, user.username);
    await repo.deleteDevice(deviceKey);
    return {};
  }

  async function listDevices(input: Input): Promise<Output> {
    const { user } = await authenticate(input);
    const devices = (await repo.listDevices(user.username)).filter((device) => device.confirmed);
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
    const { user, originJti } = await authenticate(input);
    await changeTold(
      {
        username: user.username,
        detail: { type: 'SIGN_OUT', sessionId: originJti, everywhere: true },
      },
      (repository) => revokeAll(user.username, repository),
    );
    return {};
  }

  async function revokeToken(input: Input): Promise<Output> {
    const clientId = requireString(input, 'ClientId');
    checkClient(clientId);
    const token = requireString(input, 'Token');
    if (await keys.verifyJwt(token))
      throw new IdentityError(
        'UnsupportedTokenTypeException',
        'Only refresh tokens can be revoked.',
      );
    const session = await repo.findSessionByRefreshHash(sha256Hex(token));
    if (session && session.clientId === clientId) {
      await changeTold(
        session.revokedAt === null
          ? {
              username: session.username,
              detail: { type: 'SIGN_OUT', sessionId: session.originJti, everywhere: false },
            }
          : undefined,
        (repository) => repository.revokeSession(session.originJti, now()),
      );
      invalidateCache([session.originJti]);
    }
    return {};
  }

  const actions: Record<string, (input: Input, context: RequestContext) => Promise<Output>> = {
    InitiateAuth: initiateAuth,
    RespondToAuthChallenge: respondToAuthChallenge,
    GetTokensFromRefreshToken: async (input) => {
      const clientId = requireString(input, 'ClientId');
      checkClient(clientId);
      const result = await refresh(requireString(input, 'RefreshToken'), clientId);
      return { AuthenticationResult: result.AuthenticationResult };
    },
    GetUser: getUserAction,
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
    StartWebAuthnRegistration: startWebAuthnRegistration,
    CompleteWebAuthnRegistration: completeWebAuthnRegistration,
    ListWebAuthnCredentials: listWebAuthnCredentials,
    DeleteWebAuthnCredential: deleteWebAuthnCredential,
  };

  // ---------------------------------------------------------------- admin

  async function adminUser(username: string): Promise<UserRecord> {
    return requireUser(username);
  }

  function generateTemporaryPassword(): string {
    // Satisfies the policy by construction: lower, upper, digit, plus random base64url body.
    return `Tmp-${randomBytes(12).toString('base64url')}a1B`;
  }

  const federation = createFederation({
    db: options.db,
    clientId: options.clientId,
    baseUrl: `${options.publicUrl.replace(/\/+$/, '')}/identity`,
    secretBox: providerBox,
    now,
    options: options.federation,
    findUserByEmail: async (email) => {
      const user = await repo.findUserByEmail(email);
      return user && { username: user.username, enabled: user.enabled };
    },
    // As Cognito's hosted UI: a company sign-in is not a device sign-in and skips MFA (the
    // company's provider is in charge of the second factor).
    issueTokens: async (username, clientId) => {
      const user = await requireUser(username);
      if (!user.enabled) throw notAuthorized(MESSAGES.userDisabled);
      const result = await issueTokens(
        user,
        { clientId, deviceKey: null, deviceVerified: false },
        'company',
        false,
      );
      return result.AuthenticationResult as Record<string, unknown>;
    },
  });

  return {
    poolId: options.poolId,
    clientId: options.clientId,
    issuer,

    upsertIdentityProvider: (input) => federation.upsertProvider(input),
    deleteIdentityProvider: (name) => federation.deleteProvider(name),
    getIdentityProvider: (name) => federation.getProvider(name),
    oauth: {
      authorize: (query) => federation.authorize(query),
      async idpResponse(query) {
        const result = await federation.idpResponse(query);
        // The provider's answer was refused: the person goes back to the app with an error.
        if ('redirect' in result && new URL(result.redirect).searchParams.has('error'))
          observe({ method: 'company', outcome: 'failure', reason: 'company_refused' });
        return result;
      },
      async token(form, context) {
        try {
          const tokens = await asCall(context, () => federation.token(form));
          observe({ method: 'company', outcome: 'success' });
          return tokens;
        } catch (error) {
          observe({ method: 'company', outcome: 'failure', reason: 'invalid_request' });
          throw error;
        }
      },
    },

    async handle(action, input, context) {
      // Own operations only: a name like `constructor` or `__proto__` must not reach Object.prototype.
      const run = Object.hasOwn(actions, action) ? actions[action] : undefined;
      if (!run) throw new IdentityError('UnknownOperationException', `Unknown operation ${action}`);
      const signIn = isSignIn(action, input);
      return asCall(context, async () => {
        try {
          await rateLimit(
            `all:${context.ip}`,
            limits.requestsPerIpPerMinute,
            60_000,
            'TooManyRequestsException',
          );
          refuseControlCharacters(input);
          const output = await run(input, context);
          if (signIn && output.AuthenticationResult)
            observe({ method: calls.getStore()?.method ?? 'password', outcome: 'success' });
          return output;
        } catch (error) {
          if (signIn) {
            const reason = signInFailureReason(error);
            const method = calls.getStore()?.method ?? 'password';
            observe({ method, outcome: 'failure', reason });
            const subject = calls.getStore()?.subject;
            if (subject) await tell(subject, { type: 'SIGN_IN_FAILED', method, reason });
          }
          throw error;
        }
      });
    },

    getJwks: () => keys.jwks(),

    async refreshSigningKeys() {
      await refreshKeys();
      return keys.jwks();
    },

    async rotateSigningKey() {
      const created = newSigningKey(keyBox, now);
      await repo.insertSigningKey(created);
      // A key that stopped signing longer ago than the longest token lifetime signs nothing that
      // still verifies: stop publishing it.
      const rows = await repo.listSigningKeys();
      const expired = rows
        .filter((row, index) => {
          const successor = rows[index + 1];
          return successor !== undefined && successor.createdAt < now() - tokenTtl * 1000;
        })
        .map((row) => row.kid);
      await repo.retireSigningKeys(expired, now());
      await readKeys();
      return { kid: created.kid, retired: expired };
    },

    openIdConfiguration: () => ({
      issuer,
      authorization_endpoint: `${options.publicUrl.replace(/\/+$/, '')}/identity/oauth2/authorize`,
      token_endpoint: `${options.publicUrl.replace(/\/+$/, '')}/identity/oauth2/token`,
      jwks_uri: `${issuer}/.well-known/jwks.json`,
      // Only the authorization code flow is implemented (the authorize endpoint refuses others).
      response_types_supported: ['code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      scopes_supported: ['openid', 'email', 'profile', 'aws.cognito.signin.user.admin'],
      claims_supported: [
        'sub',
        'email',
        'email_verified',
        'cognito:username',
        'cognito:groups',
        'given_name',
        'family_name',
      ],
    }),

    // Every token this pool issues names its sign-in; one without origin_jti is not ours.
    isSessionActive: async ({ originJti }) => (originJti ? sessionActive(originJti) : false),

    async createUser(input) {
      const email = input.email.trim().toLowerCase();
      if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw invalidParameter('Invalid email address format.');
      if (await repo.findUserByEmail(email))
        throw new IdentityError(
          'UsernameExistsException',
          'An account with the given email already exists.',
        );
      const generated =
        input.password === undefined && input.temporaryPassword === undefined
          ? generateTemporaryPassword()
          : undefined;
      const password = input.password ?? input.temporaryPassword ?? generated!;
      assertPolicy(password);
      const username = randomUUID();
      const fields = passwordFields(username, password);
      await repo.insertUser({
        username,
        email,
        status: input.federated
          ? 'EXTERNAL_PROVIDER'
          : input.password !== undefined
            ? 'CONFIRMED'
            : 'FORCE_CHANGE_PASSWORD',
        srpSalt: fields.srpSalt,
        srpVerifier: fields.srpVerifier,
        groups: input.groups ?? [],
        attributes: input.attributes ?? {},
        mfaRequired: input.mfaRequired ?? false,
        now: now(),
      });
      if (input.federated) return { username };
      return generated ? { username, temporaryPassword: generated } : { username };
    },

    async setPassword(username, password, permanent) {
      await adminUser(username);
      assertPolicy(password);
      await repo.updateUser(
        username,
        {
          ...passwordFields(username, password),
          status: permanent ? 'CONFIRMED' : 'FORCE_CHANGE_PASSWORD',
          failedAttempts: 0,
          lockedUntil: null,
        },
        now(),
      );
      await repo.deleteResetCode(username);
      await revokeAll(username);
    },

    async disableUser(username) {
      await adminUser(username);
      await repo.updateUser(username, { enabled: false }, now());
      await revokeAll(username);
    },

    async enableUser(username) {
      await adminUser(username);
      await repo.updateUser(username, { enabled: true }, now());
    },

    async resetMfa(username) {
      await adminUser(username);
      await repo.updateUser(
        username,
        {
          totpSecret: null,
          totpPendingSecret: null,
          totpEnabled: false,
          totpPreferred: false,
          totpLastStep: null,
          totpDeviceName: null,
        },
        now(),
      );
      // Remembered devices skip MFA, so they go too.
      await repo.deleteUserDevices(username);
    },

    async verifyFactor(username, proof) {
      const user = await requireUser(username);
      if (user.status === 'EXTERNAL_PROVIDER')
        throw invalidParameter('This user signs in through a company provider and has no password');
      assertCanSignIn(user);
      if ('password' in proof) {
        if (!passwordMatches(user, proof.password)) await recordFailedPassword(user);
        await recordPasswordSuccess(user);
        return;
      }
      if (!user.totpSecret) throw invalidParameter('User has not verified software token mfa');
      const step = matchTotpStep(totpBox.open(user.totpSecret), proof.code, now());
      if (step === undefined || !(await repo.claimTotpStep(user.username, step, now())))
        throw new IdentityError('CodeMismatchException', MESSAGES.totpMismatch);
    },

    async setMfaRequired(username, required) {
      await adminUser(username);
      await repo.updateUser(username, { mfaRequired: required }, now());
    },

    async globalSignOut(username) {
      await adminUser(username);
      await revokeAll(username);
    },

    async setGroups(username, groups) {
      await adminUser(username);
      await repo.updateUser(username, { groups: [...new Set(groups)] }, now());
    },

    async getUserByEmail(email) {
      const user = await repo.findUserByEmail(email.trim().toLowerCase());
      return user && toIdentityUser(user);
    },

    async deleteUser(username) {
      await adminUser(username);
      await revokeAll(username);
      await repo.deleteUser(username);
    },

    async listPasskeys(username) {
      const credentials = await repo.listWebAuthnCredentials(username);
      return credentials.map((credential) => ({
        credentialId: credential.credentialId,
        name: credential.friendlyName,
        relyingPartyId: credential.relyingPartyId,
        attachment: credential.attachment,
        transports: credential.transports,
        createdAt: new Date(credential.createdAt),
        lastUsedAt: credential.lastUsedAt === null ? null : new Date(credential.lastUsedAt),
      }));
    },

    async getUser(username) {
      const user = await repo.findUserByUsername(username);
      return user && toIdentityUser(user);
    },

    async purgeExpired() {
      await repo.deleteExpired(now());
      await federation.purgeExpired();
    },

    close: async () => {
      clearInterval(keyRefresh);
      await srp.release();
    },
  };
}
