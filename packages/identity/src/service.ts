/**
 * The embedded user pool: Cognito's user pool actions implemented over Kysely, SRP-6a, TOTP,
 * WebAuthn and RS256 tokens. The Fastify plugin (plugin.ts) only translates HTTP to `handle()`.
 * Each action is one module of actions/, listed in actions/index.ts; the services they share
 * (deps.ts) are made once and handed to them. This file dispatches actions and holds the
 * administration the server calls in-process.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { ACTIONS } from './actions/index.ts';
import { createDeps } from './deps.ts';
import {
  createFederation,
  type IdentityProviderInput,
  type IdentityProviderRecord,
  type OAuthResult,
} from './federation.ts';
import {
  createSaml,
  type SamlProviderInput,
  type SamlProviderRecord,
  type SamlServiceProvider,
  type SamlTestOutcome,
} from './saml.ts';
import { IdentityError, invalidParameter, MESSAGES, notAuthorized } from './errors.ts';
import { refuseControlCharacters } from './input.ts';
import type { IdentityServiceOptions } from './options.ts';
import type { UserRecord } from './repository.ts';
import { type Jwks, newSigningKey } from './signing-keys.ts';
import { matchTotpStep } from './totp.ts';
import { signInFailureReason } from './sign-in-events.ts';
import type {
  CreateUserInput,
  FactorProof,
  IdentityUser,
  Input,
  Output,
  Passkey,
  RequestContext,
} from './types.ts';

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
  /** Adds or changes a company SAML 2.0 provider from its metadata. */
  upsertSamlProvider(input: SamlProviderInput): Promise<SamlProviderRecord>;
  deleteSamlProvider(name: string): Promise<void>;
  getSamlProvider(name: string): Promise<SamlProviderRecord | undefined>;
  /** The pool as that provider's service provider: entity id, ACS, certificate, signed metadata. */
  samlServiceProvider(name: string): Promise<SamlServiceProvider>;
  /** A SAML sign-in that signs nobody in: see `federation.startSamlTest`. */
  startSamlTest(name: string, returnUrl: string): Promise<{ url: string; testId: string }>;
  samlTestOutcome(testId: string): Promise<SamlTestOutcome | undefined>;
  /** The OAuth 2.0 endpoints of company sign-in (see federation.ts and plugin.ts). */
  readonly oauth: {
    authorize(query: Record<string, string | undefined>): Promise<OAuthResult>;
    idpResponse(query: Record<string, string | undefined>): Promise<OAuthResult>;
    /** `POST /saml2/idpresponse`, the SAML assertion consumer service. */
    samlResponse(form: Record<string, string | undefined>): Promise<OAuthResult>;
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
  const deps = await createDeps(options);
  const { pool, events, guards, users, tokens } = deps;

  // ---------------------------------------------------------------- admin

  async function adminUser(username: string): Promise<UserRecord> {
    return users.requireUser(username);
  }

  function generateTemporaryPassword(): string {
    // Satisfies the policy by construction: lower, upper, digit, plus random base64url body.
    return `Tmp-${randomBytes(12).toString('base64url')}a1B`;
  }

  const saml = createSaml({
    db: pool.options.db,
    baseUrl: `${pool.options.publicUrl.replace(/\/+$/, '')}/identity`,
    secretBox: pool.providerBox,
    now: pool.now,
  });
  const federation = createFederation({
    saml,
    db: pool.options.db,
    clientId: pool.options.clientId,
    baseUrl: `${pool.options.publicUrl.replace(/\/+$/, '')}/identity`,
    secretBox: pool.providerBox,
    now: pool.now,
    options: pool.options.federation,
    findUserByEmail: async (email) => {
      const user = await pool.repo.findUserByEmail(email);
      return user && { username: user.username, enabled: user.enabled };
    },
    // As Cognito's hosted UI: a company sign-in is not a device sign-in and skips MFA (the
    // company's provider is in charge of the second factor).
    issueTokens: async (username, clientId) => {
      const user = await users.requireUser(username);
      if (!user.enabled) throw notAuthorized(MESSAGES.userDisabled);
      const result = await tokens.issueTokens(
        user,
        { clientId, deviceKey: null, deviceVerified: false },
        'company',
        false,
      );
      return result.AuthenticationResult as Record<string, unknown>;
    },
  });

  return {
    poolId: pool.options.poolId,
    clientId: pool.options.clientId,
    issuer: pool.issuer,

    upsertIdentityProvider: (input) => federation.upsertProvider(input),
    deleteIdentityProvider: (name) => federation.deleteProvider(name),
    getIdentityProvider: (name) => federation.getProvider(name),
    upsertSamlProvider: (input) => saml.upsertProvider(input),
    deleteSamlProvider: (name) => saml.deleteProvider(name),
    getSamlProvider: (name) => saml.getProvider(name),
    samlServiceProvider: (name) => saml.serviceProvider(name),
    startSamlTest: (name, returnUrl) => federation.startSamlTest(name, returnUrl),
    samlTestOutcome: (testId) => saml.testOutcome(testId),
    oauth: {
      authorize: (query) => federation.authorize(query),
      async idpResponse(query) {
        const result = await federation.idpResponse(query);
        // The provider's answer was refused: the person goes back to the app with an error.
        if ('redirect' in result && new URL(result.redirect).searchParams.has('error'))
          pool.observe({ method: 'company', outcome: 'failure', reason: 'company_refused' });
        return result;
      },
      async samlResponse(form) {
        const result = await federation.samlResponse(form);
        if ('redirect' in result && new URL(result.redirect).searchParams.has('error'))
          pool.observe({ method: 'company', outcome: 'failure', reason: 'company_refused' });
        return result;
      },
      async token(form, context) {
        try {
          const tokens = await events.asCall(context, () => federation.token(form));
          pool.observe({ method: 'company', outcome: 'success' });
          return tokens;
        } catch (error) {
          pool.observe({ method: 'company', outcome: 'failure', reason: 'invalid_request' });
          throw error;
        }
      },
    },

    async handle(action, input, context) {
      // Own operations only: a name like `constructor` or `__proto__` must not reach Object.prototype.
      const found = Object.hasOwn(ACTIONS, action) ? ACTIONS[action] : undefined;
      if (!found)
        throw new IdentityError('UnknownOperationException', `Unknown operation ${action}`);
      const signIn = isSignIn(action, input);
      return events.asCall(context, async () => {
        try {
          await guards.rateLimit(
            `all:${context.ip}`,
            pool.limits.requestsPerIpPerMinute,
            60_000,
            'TooManyRequestsException',
          );
          refuseControlCharacters(input);
          const output = await found.run(input, deps, context);
          if (signIn && output.AuthenticationResult)
            pool.observe({
              method: events.calls.getStore()?.method ?? 'password',
              outcome: 'success',
            });
          return output;
        } catch (error) {
          if (signIn) {
            const reason = signInFailureReason(error);
            const method = events.calls.getStore()?.method ?? 'password';
            pool.observe({ method, outcome: 'failure', reason });
            const subject = events.calls.getStore()?.subject;
            if (subject) await events.tell(subject, { type: 'SIGN_IN_FAILED', method, reason });
          }
          throw error;
        }
      });
    },

    getJwks: () => pool.keys.jwks(),

    async refreshSigningKeys() {
      await pool.refreshKeys();
      return pool.keys.jwks();
    },

    async rotateSigningKey() {
      const created = newSigningKey(pool.keyBox, pool.now);
      await pool.repo.insertSigningKey(created);
      // A key that stopped signing longer ago than the longest token lifetime signs nothing that
      // still verifies: stop publishing it.
      const rows = await pool.repo.listSigningKeys();
      const expired = rows
        .filter((row, index) => {
          const successor = rows[index + 1];
          return successor !== undefined && successor.createdAt < pool.now() - pool.tokenTtl * 1000;
        })
        .map((row) => row.kid);
      await pool.repo.retireSigningKeys(expired, pool.now());
      await pool.readKeys();
      return { kid: created.kid, retired: expired };
    },

    openIdConfiguration: () => ({
      issuer: pool.issuer,
      authorization_endpoint: `${pool.options.publicUrl.replace(/\/+$/, '')}/identity/oauth2/authorize`,
      token_endpoint: `${pool.options.publicUrl.replace(/\/+$/, '')}/identity/oauth2/token`,
      jwks_uri: `${pool.issuer}/.well-known/jwks.json`,
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
    isSessionActive: ({ originJti }) => (originJti ? tokens.sessionActive(originJti) : false),

    async createUser(input) {
      const email = input.email.trim().toLowerCase();
      if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw invalidParameter('Invalid email address format.');
      if (await pool.repo.findUserByEmail(email))
        throw new IdentityError(
          'UsernameExistsException',
          'An account with the given email already exists.',
        );
      const generated =
        input.password === undefined && input.temporaryPassword === undefined
          ? generateTemporaryPassword()
          : undefined;
      const password = input.password ?? input.temporaryPassword ?? generated!;
      users.assertPolicy(password, 'AdminCreateUser');
      const username = randomUUID();
      const fields = users.passwordFields(username, password);
      await pool.repo.insertUser({
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
        now: pool.now(),
      });
      if (input.federated) return { username };
      return generated ? { username, temporaryPassword: generated } : { username };
    },

    async setPassword(username, password, permanent) {
      await adminUser(username);
      users.assertPolicy(password, 'AdminSetUserPassword');
      await pool.repo.updateUser(
        username,
        {
          ...users.passwordFields(username, password),
          status: permanent ? 'CONFIRMED' : 'FORCE_CHANGE_PASSWORD',
          failedAttempts: 0,
          lockedUntil: null,
        },
        pool.now(),
      );
      await pool.repo.deleteResetCode(username);
      await tokens.revokeAll(username);
    },

    async disableUser(username) {
      await adminUser(username);
      await pool.repo.updateUser(username, { enabled: false }, pool.now());
      await tokens.revokeAll(username);
    },

    async enableUser(username) {
      await adminUser(username);
      await pool.repo.updateUser(username, { enabled: true }, pool.now());
    },

    async resetMfa(username) {
      await adminUser(username);
      await pool.repo.updateUser(
        username,
        {
          totpSecret: null,
          totpPendingSecret: null,
          totpEnabled: false,
          totpPreferred: false,
          totpLastStep: null,
          totpDeviceName: null,
        },
        pool.now(),
      );
      // Remembered devices skip MFA, so they go too.
      await pool.repo.deleteUserDevices(username);
    },

    async verifyFactor(username, proof) {
      const user = await users.requireUser(username);
      if (user.status === 'EXTERNAL_PROVIDER')
        throw invalidParameter('This user signs in through a company provider and has no password');
      users.assertCanSignIn(user);
      if ('password' in proof) {
        if (!users.passwordMatches(user, proof.password)) await users.recordFailedPassword(user);
        await users.recordPasswordSuccess(user);
        return;
      }
      if (!user.totpSecret) throw invalidParameter('User has not verified software token mfa');
      const step = matchTotpStep(pool.totpBox.open(user.totpSecret), proof.code, pool.now());
      if (step === undefined || !(await pool.repo.claimTotpStep(user.username, step, pool.now())))
        throw new IdentityError('CodeMismatchException', MESSAGES.totpMismatch);
    },

    async setMfaRequired(username, required) {
      await adminUser(username);
      await pool.repo.updateUser(username, { mfaRequired: required }, pool.now());
    },

    async globalSignOut(username) {
      await adminUser(username);
      await tokens.revokeAll(username);
    },

    async setGroups(username, groups) {
      await adminUser(username);
      await pool.repo.updateUser(username, { groups: [...new Set(groups)] }, pool.now());
    },

    async getUserByEmail(email) {
      const user = await pool.repo.findUserByEmail(email.trim().toLowerCase());
      return user && toIdentityUser(user);
    },

    async deleteUser(username) {
      await adminUser(username);
      await tokens.revokeAll(username);
      await pool.repo.deleteUser(username);
    },

    async listPasskeys(username) {
      const credentials = await pool.repo.listWebAuthnCredentials(username);
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
      const user = await pool.repo.findUserByUsername(username);
      return user && toIdentityUser(user);
    },

    async purgeExpired() {
      await pool.repo.deleteExpired(pool.now());
      await federation.purgeExpired();
    },

    close: async () => {
      clearInterval(pool.keyRefresh);
      await pool.srp.release();
    },
  };
}
