import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ConfigError } from '../src/config.ts';
import { createDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { migrateToLatest, serverMigrations } from '../src/db/migrations.ts';
import {
  createRateLimitStore,
  RATE_LIMIT_TABLE,
  type RateLimitStore,
} from '../src/lib/rate-limit-store.ts';
import { ROLES } from '@laurel/contract/roles';

import { createTestApp, type TestApp } from './helpers/app.ts';
import { createOrganization } from './helpers/builders.ts';
import { createTestDatabase, DIALECTS, type TestDatabase } from './helpers/database.ts';

const silent = { warn: () => undefined };

/**
 * Two instances of Laurel each open their own store on the same PostgreSQL database or Redis
 * server; what one counts, the other must see.
 */
interface SharedSetting {
  kind: 'postgres' | 'redis';
  open(): Promise<{ first: RateLimitStore; second: RateLimitStore; close(): Promise<void> }>;
}

const settings: SharedSetting[] = [];
if (process.env.TEST_DATABASE_URL)
  settings.push({
    kind: 'postgres',
    async open() {
      const database = await createTestDatabase('postgres');
      // The counters' table comes with the migrations, as at a server's start.
      await migrateToLatest(database.handle.db, [serverMigrations]);
      const other: DatabaseHandle = createDatabase(database.url);
      const first = await createRateLimitStore({
        redisUrl: undefined,
        pool: database.handle.pool,
        log: silent,
      });
      const second = await createRateLimitStore({
        redisUrl: undefined,
        pool: other.pool,
        log: silent,
      });
      return {
        first,
        second,
        async close() {
          await other.destroy();
          await database.drop();
        },
      };
    },
  });
if (process.env.TEST_REDIS_URL)
  settings.push({
    kind: 'redis',
    async open() {
      const redisUrl = process.env.TEST_REDIS_URL!;
      const redisKeyPrefix = `laurel-test-${randomUUID()}:`;
      const first = await createRateLimitStore({ redisUrl, redisKeyPrefix, log: silent });
      const second = await createRateLimitStore({ redisUrl, redisKeyPrefix, log: silent });
      return {
        first,
        second,
        async close() {
          await first.close();
          await second.close();
        },
      };
    },
  });

describe('rate limits in one instance', () => {
  it('count in memory on SQLite and refuse beyond the limit until the window ends', async () => {
    const store = await createRateLimitStore({ redisUrl: undefined, log: silent });
    expect(store.kind).toBe('memory');
    const limiter = store.limiter(`test:${randomUUID()}`, 2, 60);
    // Counted in memory, the answer comes at once, without a promise.
    const first = limiter.hit('ip:203.0.113.9');
    expect(first).not.toBeInstanceOf(Promise);
    expect(first).toMatchObject({ allowed: true });
    expect(limiter.hit('ip:203.0.113.9')).toMatchObject({ allowed: true });
    const refused = limiter.hit('ip:203.0.113.9') as { allowed: boolean; retryAfterMs: number };
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterMs).toBeGreaterThan(0);
    expect(refused.retryAfterMs).toBeLessThanOrEqual(60_000);
    // Another address has its own count, and another limiter of the same key its own.
    expect(limiter.hit('ip:203.0.113.10')).toMatchObject({ allowed: true });
    expect(store.limiter(`test:${randomUUID()}`, 2, 60).hit('ip:203.0.113.9')).toMatchObject({
      allowed: true,
    });
  });

  it('stop the start with a message naming REDIS_URL when Redis cannot be reached', async () => {
    const attempt = createRateLimitStore({
      redisUrl: 'redis://:hunter2@127.0.0.1:9/0',
      log: silent,
    });
    await expect(attempt).rejects.toThrow(ConfigError);
    await expect(attempt).rejects.toThrow(
      'REDIS_URL: cannot reach Redis at 127.0.0.1:9 (ECONNREFUSED)',
    );
    await expect(attempt).rejects.not.toThrow(/hunter2/);
  });
});

describe.each(settings)('rate limits shared through $kind', (setting) => {
  let stores: Awaited<ReturnType<SharedSetting['open']>>;

  beforeAll(async () => {
    stores = await setting.open();
  });
  afterAll(() => stores?.close());

  it('are counted once across two instances', async () => {
    expect(stores.first.kind).toBe(setting.kind);
    const name = `test:${randomUUID()}`;
    const onFirst = stores.first.limiter(name, 3, 60);
    const onSecond = stores.second.limiter(name, 3, 60);
    const allowed = [];
    for (const limiter of [onFirst, onSecond, onFirst])
      allowed.push((await limiter.hit('ip:198.51.100.1')).allowed);
    expect(allowed).toEqual([true, true, true]);
    const refused = await onSecond.hit('ip:198.51.100.1');
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterMs).toBeGreaterThan(0);
    expect(refused.retryAfterMs).toBeLessThanOrEqual(60_000);
  });

  it('counted ahead, let a key well under its limit on at once and still refuse exactly beyond it', async () => {
    const name = `test:${randomUUID()}`;
    const ahead = stores.first.limiter(name, 10, 60, { countAhead: true });
    const key = 'ip:198.51.100.2';
    // The key's first hit waits for its count.
    const first = ahead.hit(key);
    expect(first).toBeInstanceOf(Promise);
    expect((await first).allowed).toBe(true);
    // Four more stay within half the limit whatever the store answers: they go on at once. The
    // next would not: it and those after it wait for the earlier hits' answers, then for their own.
    const hits = Array.from({ length: 11 }, () => ahead.hit(key));
    expect(hits.map((hit) => hit instanceof Promise)).toEqual([
      ...Array(4).fill(false),
      ...Array(7).fill(true),
    ]);
    const verdicts = await Promise.all(hits);
    // Refused from the eleventh hit on: the four that went on at once were counted in the store.
    expect(verdicts.map((verdict) => verdict.allowed)).toEqual([
      ...Array(9).fill(true),
      false,
      false,
    ]);
    expect(verdicts[9]!.retryAfterMs).toBeGreaterThan(0);
    // What this instance counted, the other instance sees.
    expect((await stores.second.limiter(name, 10, 60).hit(key)).allowed).toBe(false);
  });

  it('counted ahead, wait for the store again once the window has ended', async () => {
    const ahead = stores.first.limiter(`test:${randomUUID()}`, 5, 1, { countAhead: true });
    const key = 'ip:198.51.100.3';
    expect((await ahead.hit(key)).allowed).toBe(true);
    expect(ahead.hit(key)).not.toBeInstanceOf(Promise);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const next = ahead.hit(key);
    expect(next).toBeInstanceOf(Promise);
    expect((await next).allowed).toBe(true);
  });

  it("share the identity service's counters, long keys included", async () => {
    const key = `sign-in:${'a'.repeat(300)}-${randomUUID()}@example.org`;
    const results = [];
    for (const store of [stores.first, stores.second, stores.first])
      results.push(await store.identityLimiter().hit(key, 2, 60_000));
    expect(results.map((r) => r.allowed)).toEqual([true, true, false]);
    expect(results[2]!.retryAfterMs).toBeGreaterThan(0);
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('rate limits when Redis goes away', () => {
  it('are counted in this instance until it is back, with one warning', async () => {
    const warnings: string[] = [];
    const store = await createRateLimitStore({
      redisUrl: process.env.TEST_REDIS_URL,
      redisKeyPrefix: `laurel-test-${randomUUID()}:`,
      log: { warn: (_details, message) => warnings.push(message) },
    });
    const limiter = store.limiter('test:away', 2, 60);
    expect(await limiter.hit('ip:192.0.2.7')).toMatchObject({ allowed: true });
    await store.close();
    const allowed = [];
    for (let i = 0; i < 3; i += 1) allowed.push((await limiter.hit('ip:192.0.2.7')).allowed);
    expect(allowed).toEqual([true, true, false]);
    expect(warnings).toEqual([
      'rate limit store unreachable; counting in this instance only until it is back',
    ]);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('rate limit housekeeping on PostgreSQL', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    await migrateToLatest(database.handle.db, [serverMigrations]);
  });
  afterAll(() => database?.drop());

  it('removes counters that expired over an hour ago and keeps the others', async () => {
    const store = await createRateLimitStore({
      redisUrl: undefined,
      pool: database.handle.pool,
      log: silent,
    });
    await store.limiter('test:live', 5, 60).hit('ip:192.0.2.1');
    await database.handle.pool!.query(
      `insert into ${RATE_LIMIT_TABLE} (key, points, expire) values ('test:old', 1, $1)`,
      [Date.now() - 2 * 3_600_000],
    );
    await store.purgeExpired();
    const { rows } = await database.handle.pool!.query<{ key: string }>(
      `select key from ${RATE_LIMIT_TABLE} order by key`,
    );
    expect(rows.map((row) => row.key)).toEqual(['test:live:ip:192.0.2.1']);
  });
});

describe('a server instance', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite', {
      env: process.env.TEST_REDIS_URL
        ? {
            REDIS_URL: process.env.TEST_REDIS_URL,
            REDIS_KEY_PREFIX: `laurel-test-${randomUUID()}:`,
          }
        : {},
    });
  });
  afterAll(() => t?.close());

  it('limits its public endpoints through the deployment store', async () => {
    const address = '192.0.2.44';
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/check_federated',
        remoteAddress: address,
        payload: { email: `someone${i}@example.org` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status < 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe.each(DIALECTS)('limits of every API route on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, {
      env: {
        API_RATE_LIMIT_PER_USER: '5',
        API_RATE_LIMIT_PER_ADDRESS: '12',
        ...(process.env.TEST_REDIS_URL
          ? {
              REDIS_URL: process.env.TEST_REDIS_URL,
              REDIS_KEY_PREFIX: `laurel-test-${randomUUID()}:`,
            }
          : {}),
      },
    });
  });
  afterAll(() => t?.close());

  it('refuse a signed-in user beyond the limit with 429 and Retry-After, and only that user', async () => {
    const organizationId = (await createOrganization(t.database.handle.db)).id;
    const [busy, other] = [
      await t.createUser(organizationId, { roleId: ROLES.USER }),
      await t.createUser(organizationId, { roleId: ROLES.USER }),
    ];
    const call = async (token: string, remoteAddress: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/users/profile',
        remoteAddress,
        headers: { authorization: `Bearer ${token}` },
      });
    const busyToken = await t.tokenFor(busy);
    const statuses: number[] = [];
    // From several addresses: the user's own count decides.
    for (let i = 0; i < 6; i += 1)
      statuses.push((await call(busyToken, `203.0.113.${i + 1}`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await call(busyToken, '203.0.113.99');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(/^Too many requests\. Try again in \d+ seconds?\.$/);
    expect((await call(await t.tokenFor(other), '203.0.113.99')).statusCode).toBe(200);
  });

  it('refuse an address beyond the limit before its tokens are even checked', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 13; i += 1) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/credentials',
        remoteAddress: '198.51.100.200',
        headers: { authorization: 'Bearer made-up' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 12).every((status) => status === 401)).toBe(true);
    expect(statuses[12]).toBe(429);
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: '/api/credentials',
      remoteAddress: '198.51.100.201',
      headers: { authorization: 'Bearer made-up' },
    });
    expect(elsewhere.statusCode).toBe(401);
  });
});
