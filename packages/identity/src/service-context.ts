/**
 * What the parts of the embedded pool share: the parameters of the protocol, the helpers every
 * action uses, and `PoolContext`, the one object through which the parts (service-*.ts) reach
 * the pool's settings, keys and each other.
 */
import type { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, createHmac } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { createCryptoBox } from './crypto-box.ts';
import { type IdentityError, invalidParameter } from './errors.ts';
import {
  DEFAULT_LIMITS,
  type FirstAuthFactor,
  type IdentityLimits,
  type IdentityServiceOptions,
} from './options.ts';
import {
  DEFAULT_PASSWORD_POLICY,
  type PasswordAction,
  type PasswordPolicy,
} from './password-policy.ts';
import { createMemoryRateLimiter } from './rate-limit.ts';
import {
  type AuthSessionRecord,
  createIdentityRepository,
  type DeviceRecord,
  type IdentityRepository,
  type UserRecord,
} from './repository.ts';
import type { EventOrigin, IdentityEvent, IdentityEventDetail } from './identity-events.ts';
import { kidOf, loadKeyRing } from './signing-keys.ts';
import { acquireSrpPool } from './srp-pool.ts';
import type { SignInEvent, SignInMethod } from './sign-in-events.ts';
import type { IdentityUser, RequestContext } from './service.ts';

export type Input = Record<string, unknown>;

export type Output = Record<string, unknown>;

/** A call that starts or continues a sign-in at the pool (a refresh is not a sign-in). */
export function isSignIn(action: string, input: Input): boolean {
  if (action === 'RespondToAuthChallenge') return true;
  return (
    action === 'InitiateAuth' &&
    (input.AuthFlow === 'USER_SRP_AUTH' ||
      input.AuthFlow === 'USER_PASSWORD_AUTH' ||
      input.AuthFlow === 'USER_AUTH')
  );
}

/** The first factors of choice-based sign-in, in the order they are offered. */
export const FIRST_FACTORS = ['PASSWORD', 'PASSWORD_SRP', 'EMAIL_OTP', 'WEB_AUTHN'] as const;

export type FirstFactorChallenge = (typeof FIRST_FACTORS)[number];

export const isFirstFactor = (value: unknown): value is FirstFactorChallenge =>
  typeof value === 'string' && (FIRST_FACTORS as readonly string[]).includes(value);

/** COSE algorithms a passkey may use: ES256 and RS256, as Cognito. */
export const PASSKEY_ALGORITHMS = [-7, -257];

/** E-mailed sign-in codes: eight digits, valid three minutes. */
export const EMAIL_CODE_TTL_MS = 3 * 60_000;

/** What one protocol call knows about itself: where it came from and whose account it concerns. */
export interface CallState {
  origin: EventOrigin;
  /** The known user a sign-in concerns, once the call has found them. */
  subject?: string;
  /** How the sign-in this call continues proves who it is (a password unless told otherwise). */
  method?: SignInMethod;
}

export interface SecretBlock {
  kind: 'user' | 'device' | 'fake';
  username: string;
  deviceKey?: string;
  A: string;
  B: string;
  b: string;
  exp: number;
}

export interface SignInContext {
  clientId: string;
  deviceKey: string | null;
  /** Whether the device already proved itself (DEVICE_PASSWORD_VERIFIER), which skips MFA. */
  deviceVerified: boolean;
}

/** How often every instance reads the signing keys again, and how often at most on demand. */
export const KEY_REREAD_MS = 60_000;

export const KEY_REREAD_MIN_MS = 1_000;

export const USERNAME_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');

export function requireString(input: Input, name: string, context = ''): string {
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
export const CONTROL_CHARACTER = /[^\P{Cc}\t\n\r]/u;

interface Visit {
  value: unknown;
  /** The member's own name (unescaped) and the visit of the object holding it; none at the top. */
  name?: string;
  parent?: Visit;
}

/** `AuthParameters.PASSWORD`, control characters of the names shown as `?`. */
function pathOf(visit: Visit): string {
  const names: string[] = [];
  for (let at: Visit | undefined = visit; at?.name !== undefined; at = at.parent)
    names.push(at.name.replace(new RegExp(CONTROL_CHARACTER.source, 'gu'), '?'));
  return names.reverse().join('.');
}

/**
 * Refuses an input with a control character in any string or key (a NUL cannot even be stored in
 * PostgreSQL text). Walks with an explicit stack, so no nesting can exhaust the call stack; the
 * path for the message is put together only when something is refused.
 */
export function refuseControlCharacters(input: Input): void {
  const stack: Visit[] = [{ value: input }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const { value } = visit;
    if (typeof value === 'string') {
      if (CONTROL_CHARACTER.test(value))
        throw invalidParameter(
          `1 validation error detected: Value at '${pathOf(visit)}' failed to satisfy constraint: Member must not contain control characters`,
        );
    } else if (typeof value === 'object' && value !== null) {
      for (const key of Object.keys(value)) {
        // The key is checked under its own path, as its value is.
        stack.push({ value: key, name: key, parent: visit });
        stack.push({ value: (value as Record<string, unknown>)[key], name: key, parent: visit });
      }
    }
  }
}

export function optionalString(input: Input, name: string): string | undefined {
  const value = input[name];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

export function record(input: Input, name: string): Input {
  const value = input[name];
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Input)
    : {};
}

export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain.slice(0, 1)}***`;
}

export function toIdentityUser(user: UserRecord): IdentityUser {
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

/** The values and key handling every part of the pool shares (made once per service). */
export async function createPoolBase(options: IdentityServiceOptions) {
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

  return {
    options,
    now,
    limits,
    policy,
    tokenTtl,
    refreshTtlMs,
    authSessionTtlMs,
    temporaryValidityMs,
    preventExistenceErrors,
    deviceTracking,
    sessionCacheMs,
    issuer,
    poolFactors,
    publicUrl,
    relyingParty,
    repo,
    limiter,
    keyBox,
    stateBox,
    totpBox,
    providerBox,
    codeKey,
    get keys() {
      return keys;
    },
    get keysReadAt() {
      return keysReadAt;
    },
    readKeys,
    refreshKeys,
    verifyToken,
    keyRefresh,
    srp,
    sessionCache,
    observe,
    region,
    poolName,
  };
}

/** The functions the parts give each other (service-*.ts), by name. */
export interface PoolParts {
  calls: AsyncLocalStorage<CallState>;
  asCall: <T>(context: Partial<RequestContext> | undefined, work: () => Promise<T>) => Promise<T>;
  concerns: (username: string) => void;
  signingInWith: (method: SignInMethod) => void;
  told: (username: string, detail: IdentityEventDetail) => IdentityEvent;
  changeTold: <T>(
    event: { username: string; detail: IdentityEventDetail } | undefined,
    change: (repository: IdentityRepository) => Promise<T>,
  ) => Promise<T>;
  tell: (username: string, detail: IdentityEventDetail) => Promise<void>;
  hashCode: (username: string, code: string) => string;
  checkClient: (clientId: string) => void;
  rateLimit: (
    key: string,
    limit: number,
    windowMs: number,
    type: 'TooManyRequestsException' | 'LimitExceededException',
  ) => Promise<void>;
  findUser: (login: string) => Promise<UserRecord | undefined>;
  requireUser: (username: string) => Promise<UserRecord>;
  assertCanSignIn: (user: UserRecord) => void;
  recordFailedPassword: (user: UserRecord) => Promise<never>;
  recordPasswordSuccess: (user: UserRecord) => Promise<void>;
  assertPolicy: (password: string, action: PasswordAction) => void;
  passwordFields: (
    username: string,
    password: string,
  ) => { srpSalt: string; srpVerifier: string; passwordSetAt: number };
  passwordMatches: (user: UserRecord, password: string) => boolean;
  invalidateCache: (originJtis: string[]) => void;
  revokeAll: (username: string, repository?: IdentityRepository) => Promise<void>;
  createAuthSession: (
    username: string,
    step: string,
    state: Record<string, unknown>,
    ttlMs?: number,
  ) => Promise<string>;
  loadAuthSession: (
    session: string | undefined,
    steps: string[],
  ) => Promise<AuthSessionRecord & { idHash: string }>;
  consume: (idHash: string) => Promise<void>;
  wrongCode: (idHash: string, attempts: number, error: IdentityError) => Promise<never>;
  contextFromState: (state: Record<string, unknown>) => SignInContext;
  assertSameUser: (user: UserRecord, responses: Input) => void;
  issueTokens: (
    user: UserRecord,
    context: SignInContext,
    method?: SignInMethod,
    trackDevice?: boolean,
  ) => Promise<Output>;
  signTokens: (
    user: UserRecord,
    session: { originJti: string; authTime: number; deviceKey: string | null; clientId: string },
  ) => Promise<{ AccessToken: string; ExpiresIn: number; TokenType: string; IdToken: string }>;
  refresh: (refreshToken: string, clientId: string) => Promise<Output>;
  sessionActive: (originJti: string) => boolean | Promise<boolean>;
  authenticate: (
    input: Input,
  ) => Promise<{ user: UserRecord; originJti: string; deviceKey: string | null; clientId: string }>;
  sealBlock: (block: SecretBlock) => string;
  openBlock: (secretBlock: string) => SecretBlock;
  parseA: (hex: string) => bigint;
  startSrp: (params: Input) => Promise<Output>;
  passwordVerifierChallenge: (input: {
    kind: SecretBlock['kind'];
    username: string;
    A: bigint;
    B: bigint;
    b: bigint;
    salt: string;
  }) => Output;
  verifyClaim: (
    block: SecretBlock,
    verifierHex: string,
    poolNameForClaim: string,
    usernameForClaim: string,
    responses: Input,
    secretBlock: string,
  ) => Promise<boolean>;
  passwordVerifier: (responses: Input, clientId: string) => Promise<Output>;
  userPasswordAuth: (params: Input, clientId: string) => Promise<Output>;
  requireDevice: (deviceKey: string, username: string) => Promise<DeviceRecord>;
  afterPassword: (user: UserRecord, context: SignInContext) => Promise<Output>;
  totpChallenge: (user: UserRecord, state: Record<string, unknown>) => Promise<Output>;
  availableFactors: (user: UserRecord) => Promise<FirstFactorChallenge[]>;
  unknownUserSession: (login: string, step: string) => string;
  openUnknownUserSession: (
    session: string | undefined,
    step: string,
  ) => { login: string } | undefined;
  startUserAuth: (params: Input, clientId: string) => Promise<Output>;
  unknownUserChoice: (
    login: string,
    choice: FirstFactorChallenge | undefined,
    params: Input,
  ) => Promise<Output> | Output;
  startFirstFactor: (
    user: UserRecord,
    challenge: FirstFactorChallenge,
    params: Input,
    clientId: string,
  ) => Promise<Output>;
  sendSignInCode: (user: UserRecord, state: Record<string, unknown>) => Promise<Output>;
  answerEmailCode: (sessionId: string | undefined, responses: Input) => Promise<Output>;
  selectChallenge: (
    sessionId: string | undefined,
    responses: Input,
    clientId: string,
  ) => Promise<Output>;
  relyingPartyProblem: () => string | undefined;
  requireRelyingParty: () => void;
  assertPasskeysEnabled: (user: UserRecord) => Promise<void>;
  webAuthnRefusal: (error: unknown, fallback: IdentityError) => IdentityError;
  credentialJson: <T>(value: unknown, name: string) => T;
  passkeyChallenge: (user: UserRecord, clientId: string) => Promise<Output>;
  answerPasskey: (sessionId: string | undefined, responses: Input) => Promise<Output>;
  registrationKey: (username: string) => string;
  passkeyName: (transports: string[], attachment: string | null) => string;
  startWebAuthnRegistration: (input: Input) => Promise<Output>;
  completeWebAuthnRegistration: (input: Input) => Promise<Output>;
  listWebAuthnCredentials: (input: Input) => Promise<Output>;
  deleteWebAuthnCredential: (input: Input) => Promise<Output>;
  respondToAuthChallenge: (input: Input, context: RequestContext) => Promise<Output>;
  initiateAuth: (input: Input, context: RequestContext) => Promise<Output>;
  getUserAction: (input: Input) => Promise<Output>;
  changePassword: (input: Input) => Promise<Output>;
  forgotPassword: (input: Input, context: RequestContext) => Promise<Output>;
  confirmForgotPassword: (input: Input) => Promise<Output>;
  associateSoftwareToken: (input: Input) => Promise<Output>;
  verifySoftwareToken: (input: Input) => Promise<Output>;
  setUserMfaPreference: (input: Input) => Promise<Output>;
  confirmDevice: (input: Input) => Promise<Output>;
  updateDeviceStatus: (input: Input) => Promise<Output>;
  forgetDevice: (input: Input) => Promise<Output>;
  listDevices: (input: Input) => Promise<Output>;
  globalSignOutAction: (input: Input) => Promise<Output>;
  revokeToken: (input: Input) => Promise<Output>;
  actions: Record<string, (input: Input, context: RequestContext) => Promise<Output>>;
}

type PoolBase = Awaited<ReturnType<typeof createPoolBase>>;

/** The pool as every part sees it: the shared base and the functions of all parts. */
export interface PoolContext extends PoolBase, PoolParts {}
