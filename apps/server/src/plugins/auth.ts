import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type JWTPayload, type JWTVerifyGetKey, errors as joseErrors, jwtVerify } from 'jose';

import { API_KEY_PREFIX, type ApiKeyScope } from '@laurel/contract/api-keys';
import { ACTING_ORGANIZATION_HEADER } from '@laurel/contract/paths';
import { ADMINS_GROUP } from '@laurel/contract/constants';
import { MESSAGES } from '@laurel/contract/messages';
import { parseId } from '@laurel/contract/pagination';
import { ROLES, type RoleId } from '@laurel/contract/roles';

import { badRequest, forbidden, HttpError, unauthorized } from '../lib/http-error.ts';
import { KeySetUnavailableError } from '../lib/remote-key-set.ts';
import { isApiCall } from './openapi.ts';

/** Who is calling: resolved from a verified id token and the user's row. */
export interface Principal {
  userId: number;
  identityUsername: string;
  email: string;
  roleId: RoleId;
  organizationId: number;
  /** Access token groups include Admins (spec §6); mirrored here from the id token's groups. */
  isAdmin: boolean;
  /** The organization the caller acts in: their own, or the one a platform admin impersonates. */
  actingOrganizationId: number;
  impersonating: boolean;
  /**
   * The sign-in the token belongs to: its `origin_jti`, or `<sub>@<auth_time>` for a token without
   * one; null for a principal that does not come from a token (the command line, an API key).
   */
  sessionId: string | null;
  /**
   * The organization API key that calls (docs/api.md): it acts for its organization with the role
   * of an organization admin, on the routes its scopes cover only; `userId` is its creator's.
   */
  apiKey?: { id: number; name: string; scopes: readonly ApiKeyScope[] };
  /**
   * The SCIM token that calls (`/scim/v2/…` only, never `/api`): it provisions its organization's
   * people; `userId` is its creator's.
   */
  scimToken?: { id: number; name: string };
}

export interface IdTokenClaims extends JWTPayload {
  sub: string;
  token_use: 'id';
  'cognito:username'?: string;
  'cognito:groups'?: string[];
  origin_jti?: string;
  auth_time?: number;
  email?: string;
}

/** The sign-in session an id token belongs to (one per sign-in, the same for refreshed tokens). */
export function sessionIdOf(claims: IdTokenClaims): string {
  return typeof claims.origin_jti === 'string' && claims.origin_jti
    ? claims.origin_jti
    : `${claims.sub}@${String(claims.auth_time ?? claims.iat ?? 0)}`;
}

const WHITE_SPACE = /\s/;

export interface TokenVerifierOptions {
  issuer: string;
  audience: string;
  getKey: JWTVerifyGetKey;
  /** Seconds since the epoch; tests move the clock. */
  now?: () => number;
  /** Whether a verified session has since been revoked (GlobalSignOut, RevokeToken, disabled user). */
  isRevoked?: (claims: IdTokenClaims) => Promise<boolean> | boolean;
  cacheSize?: number;
}

/**
 * Verifies Cognito-style id tokens (RS256, `kid`, issuer, audience, expiry, `token_use`, no white
 * space). A verified token is remembered until it expires, so repeated calls skip the signature
 * check and the scan for white space; revocation is still asked on every call. The memory is keyed
 * by the last 32 characters of the token's signature (192 bits of an RSA signature: hashing the
 * whole signature, a third of the token, cost about a microsecond a call) and holds the whole
 * token, which must match as well.
 */
export function createTokenVerifier(options: TokenVerifierOptions) {
  const cache = new Map<string, { token: string; claims: IdTokenClaims }>();
  const limit = options.cacheSize ?? 10_000;
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const keyOf = (token: string) => token.slice(-32);

  /**
   * The token's claims: at once (or its refusal thrown) when the token is remembered and its
   * session's state is known without a read, else a promise.
   */
  function verify(token: string): IdTokenClaims | Promise<IdTokenClaims> {
    const claims = remembered(token);
    return claims ? unlessRevoked(token, claims) : verifySignature(token, keyOf(token));
  }

  async function verifySignature(token: string, key: string): Promise<IdTokenClaims> {
    // base64url decoding skips white space, so a signature with a space in it would still verify.
    // A remembered token equals one that was scanned here, so only a new token is scanned.
    if (WHITE_SPACE.test(token)) throw new joseErrors.JWSInvalid('white space in the token');
    const { payload } = await jwtVerify(token, options.getKey, {
      issuer: options.issuer,
      audience: options.audience,
      algorithms: ['RS256'],
      requiredClaims: ['exp', 'iat', 'sub'],
      currentDate: new Date(now() * 1000),
    });
    if (payload.token_use !== 'id' || typeof payload.sub !== 'string') {
      throw new joseErrors.JWTClaimValidationFailed(
        'not an id token',
        payload,
        'token_use',
        'check_failed',
      );
    }
    const claims = payload as IdTokenClaims;
    if (cache.size >= limit) cache.delete(cache.keys().next().value!);
    cache.set(key, { token, claims });
    return unlessRevoked(token, claims);
  }

  function unlessRevoked(
    token: string,
    claims: IdTokenClaims,
  ): IdTokenClaims | Promise<IdTokenClaims> {
    const revoked = options.isRevoked?.(claims) ?? false;
    const answer = (yes: boolean) => {
      if (!yes) return claims;
      forget(token);
      throw new joseErrors.JWTExpired('token revoked', claims, 'exp', 'check_failed');
    };
    return typeof revoked === 'boolean' ? answer(revoked) : revoked.then(answer);
  }

  /**
   * The claims of a token whose signature was checked and which has not expired (an expired one is
   * forgotten), without asking whether its session was revoked since (which `verify` does): for
   * work that can start while that is asked, and counts only if the answer is no.
   */
  function remembered(token: string): IdTokenClaims | undefined {
    const key = keyOf(token);
    const cached = cache.get(key);
    if (!cached || cached.token !== token) return undefined;
    if ((cached.claims.exp ?? 0) > now()) return cached.claims;
    cache.delete(key);
    return undefined;
  }

  function forget(token: string): boolean {
    const key = keyOf(token);
    return cache.get(key)?.token === token && cache.delete(key);
  }

  return { verify, remembered, forget };
}
export type TokenVerifier = ReturnType<typeof createTokenVerifier>;

export type StoredPrincipal = Omit<
  Principal,
  'isAdmin' | 'actingOrganizationId' | 'impersonating' | 'sessionId'
>;

export interface PrincipalSource {
  /** The active user linked to an identity username, or undefined. */
  findByIdentityUsername(username: string): Promise<StoredPrincipal | undefined>;
  /** Whether an organization with this id exists (the one a platform admin would act within). */
  organizationExists(id: number): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    /** Routes that answer without a signed-in user. */
    public?: boolean;
    /**
     * The API key scopes that reach this route (any of them). A route without any is closed to
     * API keys: keys reach only what is declared for them (docs/api.md).
     */
    apiKeyScopes?: readonly ApiKeyScope[];
  }
}

const BEARER_PREFIX = /^Bearer\s+/i;

/** Every instance sees a role change, deactivation or sign-out within this time. */
export const PRINCIPAL_TTL_MS = 1_000;

export interface AuthPluginOptions {
  verifier: TokenVerifier;
  /** Resolves an organization API key (`laurel_live_…`) to its principal; without it keys are refused. */
  apiKeys?: { principalFor(secret: string, ip: string): Principal | Promise<Principal> };
  principals: PrincipalSource;
  /**
   * How long a resolved principal is reused before its row is read again (default 1 s). It bounds
   * how long another instance acts on a role change or deactivation: every instance reads the
   * row again within this time, with nothing to broadcast and no notice to miss. A burst of calls
   * from one page still costs one read.
   */
  principalTtlMs?: number;
}

/**
 * Every /api route requires `Authorization: Bearer <id token>` unless its config says `public`.
 * The token resolves to a principal: the user's id, role and organization.
 */
export const authPlugin = fp<AuthPluginOptions>(async (app: FastifyInstance, options) => {
  const ttl = options.principalTtlMs ?? PRINCIPAL_TTL_MS;
  const principals = new Map<string, { value: StoredPrincipal; until: number }>();
  /** Counts forgotten rows: a read that a forget overtook is used once, not remembered. */
  let forgets = 0;

  app.decorateRequest('principal', null);
  // The OpenAPI document says which operations an API key reaches, and with which scopes.
  app.addHook('onRoute', (route) => {
    const scopes = route.config?.apiKeyScopes;
    if (!scopes?.length || !route.schema) return;
    const schema = route.schema as { security?: Array<Record<string, string[]>> };
    schema.security = [...(schema.security ?? [{ bearer: [] }]), { apiKey: [...scopes] }];
  });
  app.decorate('forgetPrincipal', (identityUsername: string) => {
    principals.delete(identityUsername);
    forgets += 1;
  });

  /**
   * The signed-in user an id token belongs to, acting in their own organization: at once when the
   * token, its session's state and the user's row are all remembered (most calls), else a promise.
   */
  function principalForToken(token: string, log: FastifyRequest['log']): Resolved<Principal> {
    let claims: IdTokenClaims | Promise<IdTokenClaims>;
    try {
      claims = options.verifier.verify(token);
    } catch (error) {
      throw refusal(error, log);
    }
    if (!(claims instanceof Promise)) return principalOfClaims(claims);
    // The session's state is being read: when the token itself is known, the user's row (if it is
    // due) is read at the same time, and used once the session turns out active.
    const known = options.verifier.remembered(token);
    const early = known ? principalOfClaims(known) : undefined;
    if (early instanceof Promise) early.catch(() => undefined);
    return claims.then(
      (verified) =>
        early !== undefined && verified === known ? early : principalOfClaims(verified),
      (error: unknown) => {
        throw refusal(error, log);
      },
    );
  }
  app.decorate('principalForToken', async (token: string, log: FastifyRequest['log']) =>
    principalForToken(token, log),
  );

  /** Why a token is refused, as the caller is told it. */
  function refusal(error: unknown, log: FastifyRequest['log']): Error {
    // No token can be checked, valid or not: the caller is not at fault. The error handler logs
    // a 503 at error level, with this cause (the key set's address and what went wrong).
    if (error instanceof KeySetUnavailableError)
      return Object.assign(new HttpError(503, MESSAGES.identityUnavailable), { cause: error });
    log.debug({ err: error }, 'token refused');
    return unauthorized('Invalid or expired token');
  }

  /**
   * What a verified token says of its caller, worked out once per token, and the principal last
   * built from it with the user's row then remembered. The claims object is the verifier's own,
   * kept while the token is remembered, so this goes with it.
   */
  const signedIn = new WeakMap<IdTokenClaims, TokenCaller>();

  function callerOf(claims: IdTokenClaims): TokenCaller {
    let caller = signedIn.get(claims);
    if (!caller) {
      caller = {
        username: claims['cognito:username'] ?? claims.sub,
        isAdmin: (claims['cognito:groups'] ?? []).includes(ADMINS_GROUP),
        sessionId: sessionIdOf(claims),
        built: undefined,
      };
      signedIn.set(claims, caller);
    }
    return caller;
  }

  function principalOfClaims(claims: IdTokenClaims): Resolved<Principal> {
    const caller = callerOf(claims);
    const cached = principals.get(caller.username);
    const now = Date.now();
    if (cached && cached.until > now) return principalFor(caller, cached.value);
    const forgetsBefore = forgets;
    return options.principals.findByIdentityUsername(caller.username).then((base) => {
      if (!base) throw unauthorized('No active Laurel user for this sign-in');
      // The row may be as old as the read's start: it is reused until a TTL after that start,
      // so a change is seen within the TTL of its being made, however long the read took.
      if (forgets === forgetsBefore)
        principals.set(caller.username, { value: base, until: now + ttl });
      return principalFor(caller, base);
    });
  }

  /**
   * The caller acting in their own organization. While the user's row read last is still the one
   * remembered, the same (frozen) principal serves every request of the token; a new read of the
   * row, or its being forgotten, builds a new one.
   */
  function principalFor(caller: TokenCaller, base: StoredPrincipal): Principal {
    if (caller.built?.base === base) return caller.built.principal;
    const principal: Principal = Object.freeze({
      ...base,
      isAdmin: caller.isAdmin,
      actingOrganizationId: base.organizationId,
      impersonating: false,
      sessionId: caller.sessionId,
    });
    caller.built = { base, principal };
    return principal;
  }

  function resolve(request: FastifyRequest): Resolved<Principal> {
    // `Bearer <token>`: the prefix is matched on its own, so the token (about a kilobyte) is not
    // scanned here; the verifier refuses white space in a token it has not seen.
    const header = request.headers.authorization ?? '';
    const prefix = BEARER_PREFIX.exec(header);
    const token = prefix ? header.slice(prefix[0].length) : '';
    if (token === '') throw unauthorized();
    if (token.startsWith(API_KEY_PREFIX)) return keyPrincipal(request, token);
    const principal = principalForToken(token, request.log);
    const acting = request.headers[ACTING_ORGANIZATION_HEADER];
    if (typeof acting !== 'string' || acting === '') return principal;
    return Promise.resolve(principal).then((signedIn) => actingWithin(signedIn, acting));
  }

  /** An API key's principal, on a route its scopes reach, in its own organization only. */
  function keyPrincipal(request: FastifyRequest, secret: string): Resolved<Principal> {
    if (!options.apiKeys) throw unauthorized(MESSAGES.unauthorized);
    const principal = options.apiKeys.principalFor(secret, request.ip);
    return principal instanceof Promise
      ? principal.then((resolved) => keyOnRoute(request, resolved))
      : keyOnRoute(request, principal);
  }

  function keyOnRoute(request: FastifyRequest, principal: Principal): Principal {
    if (request.headers[ACTING_ORGANIZATION_HEADER] !== undefined)
      throw forbidden('An API key acts within its own organization only');
    const scopes = request.routeOptions.config?.apiKeyScopes;
    if (!scopes?.length) throw forbidden('API keys cannot call this endpoint');
    if (!scopes.some((scope) => principal.apiKey!.scopes.includes(scope)))
      throw forbidden(`This API key needs the scope ${scopes.join(' or ')} for this endpoint`);
    return principal;
  }

  async function actingWithin(principal: Principal, acting: string): Promise<Principal> {
    const id = parseId(acting);
    if (id === undefined)
      throw badRequest(`${ACTING_ORGANIZATION_HEADER} must be an organization id`);
    if (id !== principal.organizationId) {
      if (principal.roleId !== ROLES.PLATFORM_ADMIN)
        throw forbidden('Only platform admins can act within another organization');
      // Everything done while acting is recorded against this organization: it must exist.
      if (!(await options.principals.organizationExists(id)))
        throw badRequest(`${ACTING_ORGANIZATION_HEADER} names no organization`);
      // The signed-in principal is shared by the token's requests: this one gets its own copy.
      return { ...principal, actingOrganizationId: id, impersonating: true };
    }
    return principal;
  }

  // A callback hook: a caller whose token, session and row are remembered passes without a
  // promise; anything read on the way resolves first.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!isApiCall(request.url) || request.routeOptions.config?.public || request.is404)
      return done();
    let principal: Resolved<Principal>;
    try {
      principal = resolve(request);
    } catch (error) {
      return done(error as Error);
    }
    if (!(principal instanceof Promise)) {
      request.principal = principal;
      return done();
    }
    principal.then(
      (resolved) => {
        request.principal = resolved;
        done();
      },
      (error: unknown) => done(error as Error),
    );
  });
});

/** A value at once, or a promise of it when something had to be read first. */
type Resolved<T> = T | Promise<T>;

/** The caller a verified token names, and the principal last built for it. */
interface TokenCaller {
  username: string;
  isAdmin: boolean;
  sessionId: string;
  built: { base: StoredPrincipal; principal: Principal } | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    forgetPrincipal(identityUsername: string): void;
    /** Resolves an id token to its principal; throws 401 when it is invalid or its user inactive. */
    principalForToken(token: string, log: FastifyRequest['log']): Promise<Principal>;
  }
}

/** The principal of an authenticated route (the auth hook guarantees it). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}
