/**
 * The pool's settings, store and keys: what every service of the embedded pool reads (made once
 * per service, see deps.ts).
 */
import { createHash, createHmac } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { createCryptoBox } from './crypto-box.ts';
import {
  DEFAULT_LIMITS,
  type FirstAuthFactor,
  type IdentityLimits,
  type IdentityServiceOptions,
} from './options.ts';
import { DEFAULT_PASSWORD_POLICY, type PasswordPolicy } from './password-policy.ts';
import { createMemoryRateLimiter } from './rate-limit.ts';
import { createIdentityRepository } from './repository.ts';
import { kidOf, loadKeyRing } from './signing-keys.ts';
import { acquireSrpPool } from './srp-pool.ts';
import type { SignInEvent } from './sign-in-events.ts';

/** How often every instance reads the signing keys again, and how often at most on demand. */
const KEY_REREAD_MS = 60_000;

const KEY_REREAD_MIN_MS = 1_000;

export const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');

/** The values and key handling every part of the pool shares (made once per service). */
export async function createPool(options: IdentityServiceOptions) {
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

export type Pool = Awaited<ReturnType<typeof createPool>>;
