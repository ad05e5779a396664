/**
 * Company sign-in through OpenID Connect providers, as a Cognito user pool with OIDC identity
 * providers does it: `GET /oauth2/authorize?identity_provider=…` sends the person to their
 * company's provider (authorization code with PKCE and a nonce), `GET /oauth2/idpresponse` takes
 * them back, and the app redeems the one-time code it receives at `POST /oauth2/token`.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

import { CamelCasePlugin, type Kysely } from 'kysely';
import * as oidc from 'openid-client';

import type { CryptoBox } from './crypto-box.ts';
import { type SamlFederation, SamlRefusal } from './saml.ts';

/** A configured OIDC provider, without its secret. */
export interface IdentityProviderRecord {
  name: string;
  issuer: string;
  clientId: string;
  hasClientSecret: boolean;
  scopes: string;
  updatedAt: Date;
}

export interface IdentityProviderInput {
  /** Cognito's provider name, e.g. `org-12`: letters, digits and `-`, at most 32 characters. */
  name: string;
  issuer: string;
  clientId: string;
  /** Left as it is when undefined; removed when null. */
  clientSecret?: string | null | undefined;
  scopes?: string | undefined;
}

/** What the pool knows of a person coming back from their company's provider. */
export interface FederatedSignIn {
  provider: string;
  email: string;
  claims: Record<string, unknown>;
}

export interface FederationOptions {
  /** Addresses the app client may be sent back to (Cognito's "allowed callback URLs"). */
  callbackUrls: string[];
  /**
   * Runs before tokens are issued for a person a provider vouched for (Cognito's pre sign-up and
   * pre authentication triggers): it may create or update the pool user with that e-mail, and
   * refuses the sign-in by throwing a `FederationRefusal` whose message the person sees.
   */
  onSignIn(input: FederatedSignIn): Promise<void>;
  /** How providers are reached (discovery, token, userinfo), e.g. refusing private addresses. */
  fetch?: oidc.CustomFetch;
  /**
   * Told of every SAML answer the pool refused, with the reason in plain words (never the
   * assertion), so that the app can put it on the organization's audit trail.
   */
  onRefused?(input: { provider: string; reason: string }): Promise<void>;
}

/** A refused company sign-in; the message is shown to the person. */
export class FederationRefusal extends Error {
  override name = 'FederationRefusal';
}

/** An OAuth 2.0 error answer (RFC 6749 §5.2). */
export class OAuthError extends Error {
  readonly error: string;
  readonly description: string;
  readonly statusCode: number;

  constructor(error: string, description: string, statusCode = 400) {
    super(description);
    this.name = 'OAuthError';
    this.error = error;
    this.description = description;
    this.statusCode = statusCode;
  }
}

export type OAuthResult = { redirect: string } | { json: Record<string, unknown> };

interface ProvidersTable {
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string | null;
  scopes: string;
  createdAt: number | string;
  updatedAt: number | string;
}

interface RequestsTable {
  idHash: string;
  provider: string;
  clientId: string;
  redirectUri: string;
  clientState: string | null;
  codeChallenge: string | null;
  codeChallengeMethod: string | null;
  pkceVerifier: string;
  nonce: string;
  expiresAt: number | string;
}

interface CodesTable {
  codeHash: string;
  username: string;
  clientId: string;
  redirectUri: string;
  codeChallenge: string | null;
  codeChallengeMethod: string | null;
  provider: string;
  expiresAt: number | string;
}

interface FederationDatabase {
  identityProviders: ProvidersTable;
  identityOauthRequests: RequestsTable;
  identityOauthCodes: CodesTable;
}

export interface FederationDeps {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any app schema: the tables are typed above
  db: Kysely<any>;
  clientId: string;
  /** `<publicUrl>/identity`: where the provider sends people back (`…/oauth2/idpresponse`). */
  baseUrl: string;
  secretBox: CryptoBox;
  now: () => number;
  options: FederationOptions | undefined;
  findUserByEmail(email: string): Promise<{ username: string; enabled: boolean } | undefined>;
  /** Tokens of a new sign-in of the user, in Cognito's AuthenticationResult shape. */
  issueTokens(username: string, clientId: string): Promise<Record<string, unknown>>;
  /** SAML 2.0 providers (saml.ts). */
  saml: SamlFederation;
}

const PROVIDER_NAME = /^[A-Za-z0-9][A-Za-z0-9-]{0,31}$/;
const REQUEST_TTL_MS = 10 * 60_000;
const CODE_TTL_MS = 5 * 60_000;
const DISCOVERY_TTL_MS = 10 * 60_000;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const num = (value: number | string) => Number(value);

function withQuery(base: string, params: Record<string, string | null | undefined>): string {
  const url = new URL(base);
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) url.searchParams.set(key, value);
  }
  return url.toString();
}

/** Insecure (http) issuers are allowed for loopback addresses only: local development and tests. */
export function isAllowedIssuer(issuer: string): boolean {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return false;
  }
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/**
 * Fetches an issuer's discovery document (`/.well-known/openid-configuration`) and checks it.
 * @example const config = await discoverIssuer('https://login.example.com', 'client-id', 'secret')
 */
export async function discoverIssuer(
  issuer: string,
  clientId: string,
  clientSecret?: string | null,
  /** The fetch to use, e.g. one that refuses private addresses. */
  fetchImpl?: oidc.CustomFetch,
): Promise<oidc.Configuration> {
  if (!isAllowedIssuer(issuer))
    throw new Error('The issuer must be an https:// address (http:// only for localhost).');
  const url = new URL(issuer);
  return oidc.discovery(
    url,
    clientId,
    undefined,
    clientSecret ? oidc.ClientSecretBasic(clientSecret) : oidc.None(),
    {
      ...(url.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : {}),
      ...(fetchImpl ? { [oidc.customFetch]: fetchImpl } : {}),
      timeout: 10,
    },
  );
}

function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function createFederation(deps: FederationDeps) {
  const db = deps.db.withPlugin(new CamelCasePlugin()) as unknown as Kysely<FederationDatabase>;
  const { now } = deps;
  const discovered = new Map<string, { config: oidc.Configuration; until: number; key: string }>();

  async function findProvider(name: string) {
    return db
      .selectFrom('identityProviders')
      .selectAll()
      .where('name', '=', name)
      .executeTakeFirst();
  }

  async function configurationOf(row: ProvidersTable): Promise<oidc.Configuration> {
    const key = `${row.issuer}|${row.clientId}|${num(row.updatedAt)}`;
    const cached = discovered.get(row.name);
    if (cached && cached.key === key && cached.until > now()) return cached.config;
    const secret = row.clientSecret ? deps.secretBox.open(row.clientSecret) : null;
    const config = await discoverIssuer(row.issuer, row.clientId, secret, deps.options?.fetch);
    discovered.set(row.name, { config, until: now() + DISCOVERY_TTL_MS, key });
    return config;
  }

  function checkClient(clientId: string | undefined, redirectUri: string | undefined) {
    if (clientId !== deps.clientId)
      throw new OAuthError('invalid_client', `User pool client ${clientId ?? ''} does not exist.`);
    if (!redirectUri || !deps.options?.callbackUrls.includes(redirectUri))
      throw new OAuthError('redirect_mismatch', 'The redirect_uri is not allowed for this client.');
  }

  const idpResponseUrl = `${deps.baseUrl}/oauth2/idpresponse`;

  type Back = (params: Record<string, string>) => OAuthResult;

  /** A provider vouched for a person: the app's hook decides, then a one-time code for the app. */
  async function finish(
    request: RequestsTable,
    back: Back,
    claims: Record<string, unknown>,
  ): Promise<OAuthResult> {
    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
    if (!email)
      return back({
        error: 'access_denied',
        error_description: "The company's sign-in did not share an e-mail address.",
      });
    if (claims.email_verified === false || claims.email_verified === 'false')
      return back({
        error: 'access_denied',
        error_description: `The company's sign-in has not verified ${email}.`,
      });
    try {
      if (!deps.options) throw new FederationRefusal('Company sign-in is not available.');
      await deps.options.onSignIn({ provider: request.provider, email, claims });
    } catch (error) {
      if (error instanceof FederationRefusal)
        return back({ error: 'access_denied', error_description: error.message });
      throw error;
    }
    const user = await deps.findUserByEmail(email);
    if (!user)
      return back({
        error: 'access_denied',
        error_description: `No account exists for ${email}.`,
      });
    if (!user.enabled)
      return back({ error: 'access_denied', error_description: 'User is disabled.' });
    const code = randomBytes(32).toString('base64url');
    await db
      .insertInto('identityOauthCodes')
      .values({
        codeHash: sha256(code),
        username: user.username,
        clientId: request.clientId,
        redirectUri: request.redirectUri,
        codeChallenge: request.codeChallenge,
        codeChallengeMethod: request.codeChallengeMethod,
        provider: request.provider,
        expiresAt: now() + CODE_TTL_MS,
      })
      .execute();
    return back({ code });
  }

  return {
    async upsertProvider(input: IdentityProviderInput): Promise<void> {
      if (!PROVIDER_NAME.test(input.name))
        throw new Error(`Provider name "${input.name}" must be 1-32 letters, digits or dashes`);
      if (!isAllowedIssuer(input.issuer))
        throw new Error('The issuer must be an https:// address (http:// only for localhost).');
      const existing = await findProvider(input.name);
      const sealed =
        input.clientSecret === undefined
          ? (existing?.clientSecret ?? null)
          : input.clientSecret === null
            ? null
            : deps.secretBox.seal(input.clientSecret);
      const values = {
        issuer: input.issuer,
        clientId: input.clientId,
        clientSecret: sealed,
        scopes: input.scopes ?? existing?.scopes ?? 'openid email profile',
        updatedAt: now(),
      };
      if (existing) {
        await db
          .updateTable('identityProviders')
          .set(values)
          .where('name', '=', input.name)
          .execute();
      } else {
        await db
          .insertInto('identityProviders')
          .values({ name: input.name, createdAt: now(), ...values })
          .execute();
      }
      discovered.delete(input.name);
    },

    async deleteProvider(name: string): Promise<void> {
      await db.deleteFrom('identityProviders').where('name', '=', name).execute();
      discovered.delete(name);
    },

    async getProvider(name: string): Promise<IdentityProviderRecord | undefined> {
      const row = await findProvider(name);
      return (
        row && {
          name: row.name,
          issuer: row.issuer,
          clientId: row.clientId,
          hasClientSecret: row.clientSecret !== null,
          scopes: row.scopes,
          updatedAt: new Date(num(row.updatedAt)),
        }
      );
    },

    /** `GET /oauth2/authorize`: on to the named provider, or back to the app with an error. */
    async authorize(query: Record<string, string | undefined>): Promise<OAuthResult> {
      checkClient(query.client_id, query.redirect_uri);
      const redirectUri = query.redirect_uri!;
      const back = (error: string, description: string) => ({
        redirect: withQuery(redirectUri, {
          error,
          error_description: description,
          state: query.state,
        }),
      });
      if (query.response_type !== 'code')
        return back('unsupported_response_type', 'Only response_type=code is supported.');
      if (query.code_challenge && (query.code_challenge_method ?? 'plain') !== 'S256')
        return back('invalid_request', 'Only code_challenge_method=S256 is supported.');
      const name = query.identity_provider;
      const provider = name ? await findProvider(name) : undefined;
      if (!provider && name && (await deps.saml.isProvider(name))) {
        const id = randomBytes(32).toString('base64url');
        let url: string;
        try {
          url = await deps.saml.authorizeUrl(name, id);
        } catch {
          return back('temporarily_unavailable', "The company's sign-in could not be started.");
        }
        await db
          .insertInto('identityOauthRequests')
          .values({
            idHash: sha256(id),
            provider: name,
            clientId: deps.clientId,
            redirectUri,
            clientState: query.state ?? null,
            codeChallenge: query.code_challenge ?? null,
            codeChallengeMethod: query.code_challenge ? 'S256' : null,
            pkceVerifier: '',
            nonce: 'saml',
            expiresAt: now() + REQUEST_TTL_MS,
          })
          .execute();
        return { redirect: url };
      }
      if (!provider || !name)
        return back('invalid_request', 'The identity provider is not configured.');
      let config: oidc.Configuration;
      try {
        config = await configurationOf(provider);
      } catch {
        return back('temporarily_unavailable', "The company's sign-in service did not answer.");
      }
      const id = randomBytes(32).toString('base64url');
      const pkceVerifier = oidc.randomPKCECodeVerifier();
      const nonce = oidc.randomNonce();
      await db
        .insertInto('identityOauthRequests')
        .values({
          idHash: sha256(id),
          provider: name,
          clientId: deps.clientId,
          redirectUri,
          clientState: query.state ?? null,
          codeChallenge: query.code_challenge ?? null,
          codeChallengeMethod: query.code_challenge ? 'S256' : null,
          pkceVerifier,
          nonce,
          expiresAt: now() + REQUEST_TTL_MS,
        })
        .execute();
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: idpResponseUrl,
        scope: provider.scopes,
        state: id,
        nonce,
        code_challenge: s256(pkceVerifier),
        code_challenge_method: 'S256',
        ...(query.login_hint ? { login_hint: query.login_hint } : {}),
      });
      return { redirect: url.toString() };
    },

    /** `GET /oauth2/idpresponse`: the provider's answer; back to the app with a one-time code. */
    async idpResponse(query: Record<string, string | undefined>): Promise<OAuthResult> {
      const id = query.state;
      if (!id) throw new OAuthError('invalid_request', 'The state parameter is missing.');
      // Single use: the row goes whatever happens next, so an answer cannot be replayed.
      const request = await db
        .deleteFrom('identityOauthRequests')
        .where('idHash', '=', sha256(id))
        .returningAll()
        .executeTakeFirst();
      if (!request || num(request.expiresAt) <= now())
        throw new OAuthError('invalid_request', 'This sign-in has expired or was already used.');
      const back = (params: Record<string, string>) => ({
        redirect: withQuery(request.redirectUri, { ...params, state: request.clientState }),
      });
      if (query.error)
        return back({
          error: 'access_denied',
          error_description: query.error_description || "The company's sign-in was cancelled.",
        });
      const provider = await findProvider(request.provider);
      if (!provider)
        return back({
          error: 'invalid_request',
          error_description: 'The identity provider is not configured.',
        });
      let claims: Record<string, unknown>;
      try {
        const config = await configurationOf(provider);
        const current = withQuery(idpResponseUrl, query);
        const tokens = await oidc.authorizationCodeGrant(config, new URL(current), {
          pkceCodeVerifier: request.pkceVerifier,
          expectedState: id,
          expectedNonce: request.nonce,
          idTokenExpected: true,
        });
        claims = { ...tokens.claims() };
        if (typeof claims.email !== 'string' && tokens.access_token) {
          const info = await oidc.fetchUserInfo(config, tokens.access_token, String(claims.sub));
          claims = { ...info, ...claims, email: info.email };
        }
      } catch {
        return back({
          error: 'access_denied',
          error_description: "The company's sign-in could not be completed.",
        });
      }
      return finish(request, back, claims);
    },

    /**
     * A test sign-in through the SAML provider `name`: the browser goes through the institution's
     * identity provider and comes back to `returnUrl` with `saml_test=<testId>`; the answer is
     * checked as a sign-in's is, but nobody is signed in or provisioned. What it held (or why it
     * was refused) is read with `testOutcome(testId)`.
     */
    async startSamlTest(name: string, returnUrl: string): Promise<{ url: string; testId: string }> {
      const id = randomBytes(32).toString('base64url');
      const testId = randomBytes(24).toString('base64url');
      const url = await deps.saml.authorizeUrl(name, id);
      await db
        .insertInto('identityOauthRequests')
        .values({
          idHash: sha256(id),
          provider: name,
          clientId: deps.clientId,
          redirectUri: returnUrl,
          clientState: testId,
          codeChallenge: null,
          codeChallengeMethod: null,
          pkceVerifier: '',
          nonce: 'saml-test',
          expiresAt: now() + REQUEST_TTL_MS,
        })
        .execute();
      return { url, testId };
    },

    /**
     * `POST /saml2/idpresponse`: the assertion consumer service (HTTP-POST binding). The
     * RelayState names the sign-in the pool started; the answer must be for it (InResponseTo).
     */
    async samlResponse(form: Record<string, string | undefined>): Promise<OAuthResult> {
      const id = form.RelayState;
      if (!id || !form.SAMLResponse)
        throw new OAuthError('invalid_request', 'The SAMLResponse or RelayState is missing.');
      const request = await db
        .deleteFrom('identityOauthRequests')
        .where('idHash', '=', sha256(id))
        .returningAll()
        .executeTakeFirst();
      if (
        !request ||
        num(request.expiresAt) <= now() ||
        (request.nonce !== 'saml' && request.nonce !== 'saml-test')
      )
        throw new OAuthError('invalid_request', 'This sign-in has expired or was already used.');
      if (request.nonce === 'saml-test') {
        // A test: checked as a sign-in is, kept for the admin who started it, nobody signed in.
        const testId = request.clientState ?? '';
        try {
          const signIn = await deps.saml.consume(request.provider, form.SAMLResponse);
          await deps.saml.keepTestOutcome(testId, { ok: true, provider: request.provider, signIn });
        } catch (error) {
          if (!(error instanceof SamlRefusal)) throw error;
          await deps.options?.onRefused?.({ provider: request.provider, reason: error.message });
          await deps.saml.keepTestOutcome(testId, {
            ok: false,
            provider: request.provider,
            reason: error.message,
          });
        }
        return { redirect: withQuery(request.redirectUri, { saml_test: testId }) };
      }
      const back = (params: Record<string, string>) => ({
        redirect: withQuery(request.redirectUri, { ...params, state: request.clientState }),
      });
      let signIn;
      try {
        signIn = await deps.saml.consume(request.provider, form.SAMLResponse);
      } catch (error) {
        if (!(error instanceof SamlRefusal)) throw error;
        await deps.options?.onRefused?.({ provider: request.provider, reason: error.message });
        return back({
          error: 'access_denied',
          error_description: `The company's sign-in was refused: ${error.message}.`,
        });
      }
      if (!signIn.email)
        return back({
          error: 'access_denied',
          error_description: "The company's sign-in did not share an e-mail address.",
        });
      return finish(request, back, signIn.claims);
    },

    /** `POST /oauth2/token` with grant_type=authorization_code: tokens for a one-time code. */
    async token(form: Record<string, string | undefined>): Promise<Record<string, unknown>> {
      if (form.grant_type !== 'authorization_code')
        throw new OAuthError('unsupported_grant_type', 'Only authorization_code is supported.');
      if (form.client_id !== deps.clientId)
        throw new OAuthError('invalid_client', 'Unknown client.', 401);
      if (!form.code) throw new OAuthError('invalid_request', 'The code is missing.');
      const row = await db
        .deleteFrom('identityOauthCodes')
        .where('codeHash', '=', sha256(form.code))
        .returningAll()
        .executeTakeFirst();
      if (
        !row ||
        num(row.expiresAt) <= now() ||
        row.clientId !== form.client_id ||
        row.redirectUri !== form.redirect_uri
      )
        throw new OAuthError('invalid_grant', 'The code is invalid, expired or already used.');
      if (row.codeChallenge) {
        if (!form.code_verifier || !sameText(s256(form.code_verifier), row.codeChallenge))
          throw new OAuthError('invalid_grant', 'The code_verifier does not match.');
      }
      const result = await deps.issueTokens(row.username, row.clientId);
      return {
        id_token: result.IdToken,
        access_token: result.AccessToken,
        refresh_token: result.RefreshToken,
        expires_in: result.ExpiresIn,
        token_type: 'Bearer',
      };
    },

    async purgeExpired(): Promise<void> {
      await db.deleteFrom('identityOauthRequests').where('expiresAt', '<', now()).execute();
      await db.deleteFrom('identityOauthCodes').where('expiresAt', '<', now()).execute();
      await deps.saml.purgeExpired();
    },
  };
}
