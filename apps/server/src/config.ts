import { isIP } from 'node:net';
import { z } from 'zod';
import { INSIGHTS_DEFAULT_EARNINGS_FLOOR } from '@laurel/contract/insights';

const booleanFromString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], {
    error: 'must be true or false',
  })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** Names proxy-addr understands for whole address ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * `false` (believe no forwarded header), a hop count (the N nearest proxies are trusted), or a
 * comma-separated list of proxy addresses, CIDR ranges, or loopback/linklocal/uniquelocal.
 */
const ZTrustProxy = z
  .string()
  .trim()
  .transform((value, ctx): TrustProxy => {
    if (/^(false|0|no)$/i.test(value)) return false;
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops <= 100) return hops;
    }
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const invalid = entries.filter((entry) => !isAddressOrCidr(entry));
    if (entries.length === 0 || invalid.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `must be false, a number of proxy hops (1-100), or a comma-separated list of proxy addresses or CIDR ranges (not understood: ${invalid.join(', ') || value})`,
      });
      return z.NEVER;
    }
    return entries;
  });

export type TrustProxy = false | number | string[];

/** Sign-in methods beside the password: codes e-mailed at sign-in, and passkeys. */
const SIGN_IN_FACTORS = ['EMAIL_OTP', 'WEB_AUTHN'] as const;
export type SignInFactor = (typeof SIGN_IN_FACTORS)[number];

/** A metrics token shorter than this is refused: the endpoint reveals how the service is used. */
export const METRICS_TOKEN_MIN_LENGTH = 24;

const ZEnvironment = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    TRUST_PROXY: ZTrustProxy.default(false),
    DATABASE_URL: z
      .string()
      .default('sqlite:./data/laurel.db')
      .refine(
        (url) => /^(sqlite:.+|postgres(ql)?:\/\/.+)$/.test(url),
        'must be sqlite:<path> or postgres://user@host:port/database',
      ),
    DEMO_MODE: booleanFromString.default(true),
    INSIGHTS_DIGEST: booleanFromString.default(true),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\/.+/, 'must be redis://host:6379 or rediss://… (TLS)')
      .optional(),
    REDIS_KEY_PREFIX: z.string().max(64).default('laurel:'),
    WEB_SOURCEMAPS: booleanFromString.default(false),
    API_RATE_LIMIT_PER_USER: z.coerce
      .number({ error: 'must be a number of requests per minute (0 turns the limit off)' })
      .int()
      .min(0)
      .default(600),
    API_RATE_LIMIT_PER_ADDRESS: z.coerce
      .number({ error: 'must be a number of requests per minute (0 turns the limit off)' })
      .int()
      .min(0)
      .default(6000),
    SHUTDOWN_DRAIN_SECONDS: z.coerce
      .number({ error: 'must be a number of seconds' })
      .int('must be a whole number of seconds')
      .min(0)
      .max(120)
      .default(3),
    PUBLIC_URL: z
      .url({ error: 'must be an absolute URL such as https://laurel.example.org' })
      .optional(),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    IDENTITY: z.enum(['embedded', 'cognito']).default('embedded'),
    COGNITO_POOL_ID: z
      .string()
      .regex(
        /^[a-z0-9-]+_[A-Za-z0-9]+$/,
        'must look like <region>_<name>, e.g. eu-west-1_AbCdEf123',
      )
      .optional(),
    COGNITO_CLIENT_ID: z.string().min(1).optional(),
    COGNITO_REGION: z.string().min(1).optional(),
    SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
    SALESFORCE_BASE_URL: z.url().default('https://laurel-demo.lightning.force.com'),
    SUPPORT_EMAIL: z.email().default('support@laurel.demo'),
    INSIGHTS_EARNINGS_FLOOR: z.coerce
      .number({ error: 'must be a number of dollars' })
      .min(0, 'must not be negative')
      .default(INSIGHTS_DEFAULT_EARNINGS_FLOOR),
    EARNINGS_PROVIDER: z.enum(['demo', 'file'], { error: 'must be demo or file' }).optional(),
    WEB_DIST: z.string().optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/.+/, 'must be smtp://user:password@host:port or smtps://…')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Laurel <no-reply@laurel.demo>'),
    DEMO_IDP_URL: z.url().default('http://localhost:4010'),
    DEMO_SAML_IDP_URL: z.url().default('http://localhost:4011'),
    SSO_ALLOW_PRIVATE_ISSUERS: booleanFromString.default(false),
    SIGN_IN_FACTORS: z
      .string()
      .trim()
      .transform((value, ctx): SignInFactor[] => {
        const entries = value
          .split(',')
          .map((entry) => entry.trim().toUpperCase())
          .filter(Boolean);
        const unknown = entries.filter(
          (entry) => entry !== 'PASSWORD' && !SIGN_IN_FACTORS.includes(entry as SignInFactor),
        );
        if (unknown.length > 0) {
          ctx.addIssue({
            code: 'custom',
            message: `must list EMAIL_OTP and/or WEB_AUTHN, comma-separated (not understood: ${unknown.join(', ')})`,
          });
          return z.NEVER;
        }
        return SIGN_IN_FACTORS.filter((factor) => entries.includes(factor));
      })
      .optional(),
    METRICS_TOKEN: z
      .string()
      .min(METRICS_TOKEN_MIN_LENGTH, `must be at least ${METRICS_TOKEN_MIN_LENGTH} characters`)
      .regex(
        /^[\x21-\x7e]+$/,
        'must be printable ASCII without spaces (it is sent as `Authorization: Bearer <token>`)',
      )
      .optional(),
    COGNITO_DOMAIN: z
      .url({
        error: 'must be the user pool domain, e.g. https://laurel.auth.eu-west-1.amazoncognito.com',
      })
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (env.IDENTITY === 'cognito') {
      for (const key of ['COGNITO_POOL_ID', 'COGNITO_CLIENT_ID'] as const) {
        if (!env[key])
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: 'is required when IDENTITY=cognito',
          });
      }
      // The demo world would create accounts with a published password in the real user pool.
      if (env.DEMO_MODE)
        ctx.addIssue({
          code: 'custom',
          path: ['DEMO_MODE'],
          message:
            'DEMO_MODE=true cannot be used with IDENTITY=cognito (the demo accounts, whose password is public, would be created in the AWS user pool); set DEMO_MODE=false',
        });
    }
    if (!env.DEMO_MODE && env.IDENTITY === 'embedded' && !env.SECRET_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['SECRET_KEY'],
        message: 'is required when DEMO_MODE=false (it encrypts the identity signing keys)',
      });
    }
  });

export interface AppConfig {
  port: number;
  host: string;
  /** Which peers' X-Forwarded-For / X-Forwarded-Proto are believed (client address, protocol). */
  trustProxy: TrustProxy;
  databaseUrl: string;
  /** Shared request counters (and, later, cross-instance notices) live here when set. */
  redisUrl: string | undefined;
  /** Prefix of every Redis key Laurel writes (several deployments may share one Redis). */
  redisKeyPrefix: string;
  demoMode: boolean;
  /** Whether the monthly insights digest is sent to the organization admins who opted in. */
  insightsDigest: boolean;
  publicUrl: string;
  logLevel: string;
  identity: {
    mode: 'embedded' | 'cognito';
    poolId: string;
    clientId: string;
    region: string;
  };
  /** Absent only in demo mode, where a key is generated and kept in the database. */
  secretKey: string | undefined;
  salesforceBaseUrl: string;
  supportEmail: string;
  /** Annual wages (nominal dollars) below this are left out of insight wage figures. */
  insightsEarningsFloor: number;
  /** How awards get earnings: the deterministic demo provider, or imported provider files only. */
  earningsProvider: 'demo' | 'file';
  webDist: string | undefined;
  /** Requests a minute every /api route allows, per signed-in user and per client address. */
  apiRateLimits: { perUser: number; perAddress: number };
  /**
   * After SIGTERM, how long the server keeps answering while `/readyz` says `stopping`, so that a
   * load balancer takes it out of rotation before it stops accepting connections.
   */
  shutdownDrainMs: number;
  /** Whether the web app's source maps are built and served (off: the sources stay private). */
  webSourceMaps: boolean;
  /** Sends e-mail through this SMTP server when set; otherwise messages stay in the outbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Hosted domain of the Cognito user pool (company sign-in with IDENTITY=cognito). */
  cognitoDomain: string | undefined;
  /** Issuer of the demo company provider (`npm run dev:idp`) the demo SSO organization uses. */
  demoIdpUrl: string;
  /** Demo mode: the SAML identity provider of the demo SAML organization (`npm run dev:saml-idp`). */
  demoSamlIdpUrl: string;
  /** Whether SSO issuers at private, loopback or link-local addresses may be contacted. */
  ssoAllowPrivateIssuers: boolean;
  /** Bearer token of `GET /metrics`; without it the endpoint does not exist. */
  metricsToken: string | undefined;
  /**
   * Ways to sign in beside the password that the embedded pool offers (organizations can turn
   * each off for their members): both in demo mode, none otherwise unless SIGN_IN_FACTORS says.
   */
  signInFactors: SignInFactor[];
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Reads and validates the environment once at start. A bad value throws a ConfigError naming
 * the variable, e.g. `PORT: Invalid input: expected number`.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const defined = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = ZEnvironment.safeParse(defined);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const poolId = e.COGNITO_POOL_ID ?? 'local-1_Laurel';
  return {
    port: e.PORT,
    host: e.HOST,
    trustProxy: e.TRUST_PROXY,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    demoMode: e.DEMO_MODE,
    insightsDigest: e.INSIGHTS_DIGEST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    logLevel: e.LOG_LEVEL,
    identity: {
      mode: e.IDENTITY,
      poolId,
      clientId: e.COGNITO_CLIENT_ID ?? 'laurel-web',
      region: e.COGNITO_REGION ?? poolId.split('_')[0]!,
    },
    secretKey: e.SECRET_KEY,
    salesforceBaseUrl: e.SALESFORCE_BASE_URL.replace(/\/+$/, ''),
    supportEmail: e.SUPPORT_EMAIL,
    insightsEarningsFloor: e.INSIGHTS_EARNINGS_FLOOR,
    earningsProvider: e.EARNINGS_PROVIDER ?? (e.DEMO_MODE ? 'demo' : 'file'),
    webDist: e.WEB_DIST,
    webSourceMaps: e.WEB_SOURCEMAPS,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_SECONDS * 1000,
    apiRateLimits: { perUser: e.API_RATE_LIMIT_PER_USER, perAddress: e.API_RATE_LIMIT_PER_ADDRESS },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    cognitoDomain: e.COGNITO_DOMAIN?.replace(/\/+$/, ''),
    demoIdpUrl: e.DEMO_IDP_URL.replace(/\/+$/, ''),
    demoSamlIdpUrl: e.DEMO_SAML_IDP_URL.replace(/\/+$/, ''),
    ssoAllowPrivateIssuers: e.SSO_ALLOW_PRIVATE_ISSUERS,
    metricsToken: e.METRICS_TOKEN,
    signInFactors: e.SIGN_IN_FACTORS ?? (e.DEMO_MODE ? [...SIGN_IN_FACTORS] : []),
  };
}
