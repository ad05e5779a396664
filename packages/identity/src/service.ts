/**
 * The embedded user pool: Cognito's user pool actions implemented over Kysely, SRP-6a, TOTP,
 * WebAuthn and RS256 tokens. The Fastify plugin (plugin.ts) only translates HTTP to `handle()`.
 * The actions live in parts (service-events, -helpers, -sessions, -tokens, -sign-in, -choice,
 * -passkeys, -challenges, -account), each made over one shared context (service-context.ts,
 * `PoolContext`) through which they reach the settings, the keys and each other; this file puts
 * them together, dispatches actions and holds the administration the server calls in-process.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  createFederation,
  type IdentityProviderInput,
  type IdentityProviderRecord,
  type OAuthResult,
} from './federation.ts';
import { IdentityError, invalidParameter, MESSAGES, notAuthorized } from './errors.ts';
import type { IdentityServiceOptions } from './options.ts';
import type { UserRecord, UserStatus } from './repository.ts';
import { type Jwks, newSigningKey } from './signing-keys.ts';
import { matchTotpStep } from './totp.ts';
import { signInFailureReason } from './sign-in-events.ts';
import {
  type Input,
  type Output,
  type PoolContext,
  createPoolBase,
  isSignIn,
  refuseControlCharacters,
  toIdentityUser,
} from './service-context.ts';
import { createEvents } from './service-events.ts';
import { createHelpers } from './service-helpers.ts';
import { createSessions } from './service-sessions.ts';
import { createTokens } from './service-tokens.ts';
import { createSignInFlow } from './service-sign-in.ts';
import { createChoiceSignIn } from './service-choice.ts';
import { createPasskeys } from './service-passkeys.ts';
import { createChallenges } from './service-challenges.ts';
import { createAccountActions } from './service-account.ts';

export interface RequestContext {
  /** Client address, used for rate limits and told with account events. */
  ip: string;
  /** The HTTP request's id, told with account events. */
  requestId?: string;
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
  /** Answered at once when the session's state is cached, else after reading it. */
  isSessionActive(claims: {
    sub: string;
    originJti?: string;
    iat?: number;
  }): boolean | Promise<boolean>;
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

/**
 * Creates the user pool service over a migrated database.
 * @example const service = await createIdentityService({ db, poolId: 'eu-west-1_Laurel', clientId, publicUrl, secretKey, sendEmail })
 */
export async function createIdentityService(
  options: IdentityServiceOptions,
): Promise<IdentityService> {
  const ctx = (await createPoolBase(options)) as PoolContext;
  // Each part adds its functions to the one context; they call each other through it.
  Object.assign(ctx, createEvents(ctx));
  Object.assign(ctx, createHelpers(ctx));
  Object.assign(ctx, createSessions(ctx));
  Object.assign(ctx, createTokens(ctx));
  Object.assign(ctx, createSignInFlow(ctx));
  Object.assign(ctx, createChoiceSignIn(ctx));
  Object.assign(ctx, createPasskeys(ctx));
  Object.assign(ctx, createChallenges(ctx));
  Object.assign(ctx, createAccountActions(ctx));

  // ---------------------------------------------------------------- admin

  async function adminUser(username: string): Promise<UserRecord> {
    return ctx.requireUser(username);
  }

  function generateTemporaryPassword(): string {
    // Satisfies the policy by construction: lower, upper, digit, plus random base64url body.
    return `Tmp-${randomBytes(12).toString('base64url')}a1B`;
  }

  const federation = createFederation({
    db: ctx.options.db,
    clientId: ctx.options.clientId,
    baseUrl: `${ctx.options.publicUrl.replace(/\/+$/, '')}/identity`,
    secretBox: ctx.providerBox,
    now: ctx.now,
    options: ctx.options.federation,
    findUserByEmail: async (email) => {
      const user = await ctx.repo.findUserByEmail(email);
      return user && { username: user.username, enabled: user.enabled };
    },
    // As Cognito's hosted UI: a company sign-in is not a device sign-in and skips MFA (the
    // company's provider is in charge of the second factor).
    issueTokens: async (username, clientId) => {
      const user = await ctx.requireUser(username);
      if (!user.enabled) throw notAuthorized(MESSAGES.userDisabled);
      const result = await ctx.issueTokens(
        user,
        { clientId, deviceKey: null, deviceVerified: false },
        'company',
        false,
      );
      return result.AuthenticationResult as Record<string, unknown>;
    },
  });

  return {
    poolId: ctx.options.poolId,
    clientId: ctx.options.clientId,
    issuer: ctx.issuer,

    upsertIdentityProvider: (input) => federation.upsertProvider(input),
    deleteIdentityProvider: (name) => federation.deleteProvider(name),
    getIdentityProvider: (name) => federation.getProvider(name),
    oauth: {
      authorize: (query) => federation.authorize(query),
      async idpResponse(query) {
        const result = await federation.idpResponse(query);
        // The provider's answer was refused: the person goes back to the app with an error.
        if ('redirect' in result && new URL(result.redirect).searchParams.has('error'))
          ctx.observe({ method: 'company', outcome: 'failure', reason: 'company_refused' });
        return result;
      },
      async token(form, context) {
        try {
          const tokens = await ctx.asCall(context, () => federation.token(form));
          ctx.observe({ method: 'company', outcome: 'success' });
          return tokens;
        } catch (error) {
          ctx.observe({ method: 'company', outcome: 'failure', reason: 'invalid_request' });
          throw error;
        }
      },
    },

    async handle(action, input, context) {
      // Own operations only: a name like `constructor` or `__proto__` must not reach Object.prototype.
      const run = Object.hasOwn(ctx.actions, action) ? ctx.actions[action] : undefined;
      if (!run) throw new IdentityError('UnknownOperationException', `Unknown operation ${action}`);
      const signIn = isSignIn(action, input);
      return ctx.asCall(context, async () => {
        try {
          await ctx.rateLimit(
            `all:${context.ip}`,
            ctx.limits.requestsPerIpPerMinute,
            60_000,
            'TooManyRequestsException',
          );
          refuseControlCharacters(input);
          const output = await run(input, context);
          if (signIn && output.AuthenticationResult)
            ctx.observe({ method: ctx.calls.getStore()?.method ?? 'password', outcome: 'success' });
          return output;
        } catch (error) {
          if (signIn) {
            const reason = signInFailureReason(error);
            const method = ctx.calls.getStore()?.method ?? 'password';
            ctx.observe({ method, outcome: 'failure', reason });
            const subject = ctx.calls.getStore()?.subject;
            if (subject) await ctx.tell(subject, { type: 'SIGN_IN_FAILED', method, reason });
          }
          throw error;
        }
      });
    },

    getJwks: () => ctx.keys.jwks(),

    async refreshSigningKeys() {
      await ctx.refreshKeys();
      return ctx.keys.jwks();
    },

    async rotateSigningKey() {
      const created = newSigningKey(ctx.keyBox, ctx.now);
      await ctx.repo.insertSigningKey(created);
      // A key that stopped signing longer ago than the longest token lifetime signs nothing that
      // still verifies: stop publishing it.
      const rows = await ctx.repo.listSigningKeys();
      const expired = rows
        .filter((row, index) => {
          const successor = rows[index + 1];
          return successor !== undefined && successor.createdAt < ctx.now() - ctx.tokenTtl * 1000;
        })
        .map((row) => row.kid);
      await ctx.repo.retireSigningKeys(expired, ctx.now());
      await ctx.readKeys();
      return { kid: created.kid, retired: expired };
    },

    openIdConfiguration: () => ({
      issuer: ctx.issuer,
      authorization_endpoint: `${ctx.options.publicUrl.replace(/\/+$/, '')}/identity/oauth2/authorize`,
      token_endpoint: `${ctx.options.publicUrl.replace(/\/+$/, '')}/identity/oauth2/token`,
      jwks_uri: `${ctx.issuer}/.well-known/jwks.json`,
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
    isSessionActive: ({ originJti }) => (originJti ? ctx.sessionActive(originJti) : false),

    async createUser(input) {
      const email = input.email.trim().toLowerCase();
      if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw invalidParameter('Invalid email address format.');
      if (await ctx.repo.findUserByEmail(email))
        throw new IdentityError(
          'UsernameExistsException',
          'An account with the given email already exists.',
        );
      const generated =
        input.password === undefined && input.temporaryPassword === undefined
          ? generateTemporaryPassword()
          : undefined;
      const password = input.password ?? input.temporaryPassword ?? generated!;
      ctx.assertPolicy(password, 'AdminCreateUser');
      const username = randomUUID();
      const fields = ctx.passwordFields(username, password);
      await ctx.repo.insertUser({
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
        now: ctx.now(),
      });
      if (input.federated) return { username };
      return generated ? { username, temporaryPassword: generated } : { username };
    },

    async setPassword(username, password, permanent) {
      await adminUser(username);
      ctx.assertPolicy(password, 'AdminSetUserPassword');
      await ctx.repo.updateUser(
        username,
        {
          ...ctx.passwordFields(username, password),
          status: permanent ? 'CONFIRMED' : 'FORCE_CHANGE_PASSWORD',
          failedAttempts: 0,
          lockedUntil: null,
        },
        ctx.now(),
      );
      await ctx.repo.deleteResetCode(username);
      await ctx.revokeAll(username);
    },

    async disableUser(username) {
      await adminUser(username);
      await ctx.repo.updateUser(username, { enabled: false }, ctx.now());
      await ctx.revokeAll(username);
    },

    async enableUser(username) {
      await adminUser(username);
      await ctx.repo.updateUser(username, { enabled: true }, ctx.now());
    },

    async resetMfa(username) {
      await adminUser(username);
      await ctx.repo.updateUser(
        username,
        {
          totpSecret: null,
          totpPendingSecret: null,
          totpEnabled: false,
          totpPreferred: false,
          totpLastStep: null,
          totpDeviceName: null,
        },
        ctx.now(),
      );
      // Remembered devices skip MFA, so they go too.
      await ctx.repo.deleteUserDevices(username);
    },

    async verifyFactor(username, proof) {
      const user = await ctx.requireUser(username);
      if (user.status === 'EXTERNAL_PROVIDER')
        throw invalidParameter('This user signs in through a company provider and has no password');
      ctx.assertCanSignIn(user);
      if ('password' in proof) {
        if (!ctx.passwordMatches(user, proof.password)) await ctx.recordFailedPassword(user);
        await ctx.recordPasswordSuccess(user);
        return;
      }
      if (!user.totpSecret) throw invalidParameter('User has not verified software token mfa');
      const step = matchTotpStep(ctx.totpBox.open(user.totpSecret), proof.code, ctx.now());
      if (step === undefined || !(await ctx.repo.claimTotpStep(user.username, step, ctx.now())))
        throw new IdentityError('CodeMismatchException', MESSAGES.totpMismatch);
    },

    async setMfaRequired(username, required) {
      await adminUser(username);
      await ctx.repo.updateUser(username, { mfaRequired: required }, ctx.now());
    },

    async globalSignOut(username) {
      await adminUser(username);
      await ctx.revokeAll(username);
    },

    async setGroups(username, groups) {
      await adminUser(username);
      await ctx.repo.updateUser(username, { groups: [...new Set(groups)] }, ctx.now());
    },

    async getUserByEmail(email) {
      const user = await ctx.repo.findUserByEmail(email.trim().toLowerCase());
      return user && toIdentityUser(user);
    },

    async deleteUser(username) {
      await adminUser(username);
      await ctx.revokeAll(username);
      await ctx.repo.deleteUser(username);
    },

    async listPasskeys(username) {
      const credentials = await ctx.repo.listWebAuthnCredentials(username);
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
      const user = await ctx.repo.findUserByUsername(username);
      return user && toIdentityUser(user);
    },

    async purgeExpired() {
      await ctx.repo.deleteExpired(ctx.now());
      await federation.purgeExpired();
    },

    close: async () => {
      clearInterval(ctx.keyRefresh);
      await ctx.srp.release();
    },
  };
}
