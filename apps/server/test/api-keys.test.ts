import type { Kysely } from 'kysely';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ACTING_ORGANIZATION_HEADER, API_PATHS } from '@laurel/contract/paths';

import type { Database } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import type { BuiltUser } from './helpers/builders.ts';
import { DIALECTS } from './helpers/database.ts';
import { createWorld, type World } from './helpers/world.ts';

const BOUNDARY = 'laurel-api-key-boundary';
const csv = (rows: string[]) =>
  [
    'credential_code,external_id,first_name,last_name,email,date_of_birth,award_date',
    ...rows,
    '',
  ].join('\r\n');

describe.each(DIALECTS)('organization API keys on %s', (dialect) => {
  let t: TestApp;
  let w: World;
  let db: Kysely<Database>;
  let secret = '';
  let keyId = 0;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await createWorld(t);
    db = t.database.handle.db;
  });
  afterAll(() => t?.close());

  const asUser = async (
    user: BuiltUser,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${await w.token(user)}` },
      ...(payload ? { payload } : {}),
    });
  const asKey = (
    key: string,
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    options: { payload?: string | object; headers?: Record<string, string> } = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${key}`, ...options.headers },
      ...(options.payload === undefined ? {} : { payload: options.payload }),
    });
  const upload = (key: string, organizationId: number, rows: string[]) =>
    asKey(key, 'POST', `/api/organizations/${organizationId}/uploads`, {
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload:
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="nightly.csv"\r\n` +
        `Content-Type: text/csv\r\n\r\n${csv(rows)}\r\n--${BOUNDARY}--\r\n`,
    });

  it('is made by the organization’s admins and platform admins, and shows its secret once', async () => {
    const body = { name: 'Nightly SIS', scopes: ['awards:write'] };
    expect((await asUser(w.userA, 'POST', API_PATHS.apiKeys(w.a.id), body)).statusCode).toBe(403);
    // Another organization's keys answer as if they did not exist.
    expect((await asUser(w.adminB, 'POST', API_PATHS.apiKeys(w.a.id), body)).statusCode).toBe(404);
    expect((await asUser(w.userA, 'GET', API_PATHS.apiKeys(w.a.id))).statusCode).toBe(403);
    const refused = await asUser(w.adminA, 'POST', API_PATHS.apiKeys(w.a.id), {
      name: ' ',
      scopes: [],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toMatchObject({
      name: 'Name the key after what uses it, e.g. "Nightly SIS export".',
      scopes: 'Choose at least one scope.',
    });

    const created = await asUser(w.adminA, 'POST', API_PATHS.apiKeys(w.a.id), body);
    expect(created.statusCode, created.body).toBe(201);
    const key = created.json();
    secret = key.secret;
    keyId = key.id;
    expect(secret).toMatch(/^laurel_live_[0-9A-Za-z]{38}$/);
    expect(key).toMatchObject({
      name: 'Nightly SIS',
      scopes: ['awards:write'],
      status: 'ACTIVE',
      start: secret.slice(0, 16),
      lastFour: secret.slice(-4),
      createdByName: 'Ada Alpha',
      expiresAt: null,
    });
    const listed = await asUser(w.adminA, 'GET', API_PATHS.apiKeys(w.a.id));
    expect(listed.json().items).toHaveLength(1);
    expect(listed.body).not.toContain(secret);
    const stored = await db.selectFrom('apiKeys').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(secret.slice(12));
    // A platform admin makes one for an organization too.
    const byPlatform = await asUser(w.platformAdmin, 'POST', API_PATHS.apiKeys(w.b.id), {
      name: 'Beta CRM',
      scopes: ['credentials:read'],
    });
    expect(byPlatform.statusCode, byPlatform.body).toBe(201);
  });

  it('uploads awards and reads its upload, audited with the key as the actor', async () => {
    const uploaded = await upload(secret, w.a.id, [
      'ALPHA-1,K-1,Kim,Key,kim@example.test,,2024-05-01',
    ]);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const uploadId = uploaded.json().id as number;
    await t.runJobs();
    const read = await asKey(secret, 'GET', API_PATHS.upload(uploadId));
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ id: uploadId, status: 'COMPLETED' });

    const audits = await asUser(w.adminA, 'GET', `${API_PATHS.audits}?pageSize=50`);
    const entry = audits
      .json()
      .items.find((item: { typeCode: string }) => item.typeCode === 'UPLOAD');
    expect(entry).toMatchObject({ actorName: 'API key “Nightly SIS”', actorUserId: null });
    const everything = JSON.stringify(
      await db.selectFrom('auditEntries').select(['summary']).execute(),
    );
    expect(everything).not.toContain(secret);
  });

  it('uploads JSON rows or a CSV body, once per Idempotency-Key', async () => {
    const rows = {
      rows: [
        {
          credential_code: 'ALPHA-1',
          external_id: 'J-1',
          first_name: '-Jo',
          last_name: 'Doe, Jr.',
          email: 'jo@example.test',
          award_date: '2024-06-01',
        },
      ],
    };
    const send = (payload: object, key?: string) =>
      asKey(secret, 'POST', API_PATHS.organizationUploads(w.a.id), {
        payload,
        headers: key ? { 'idempotency-key': key } : {},
      });
    const first = await send({ ...rows, fileName: 'sis-nightly.json' }, 'nightly-2024-06-01');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ fileName: 'sis-nightly.json', status: 'PENDING' });
    const again = await send({ ...rows, fileName: 'sis-nightly.json' }, 'nightly-2024-06-01');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);
    await t.runJobs();
    const award = await db
      .selectFrom('awards')
      .select(['firstName', 'lastName'])
      .where('externalId', '=', 'J-1')
      .executeTakeFirstOrThrow();
    // The values arrive as sent: quoted, never made "formula-safe".
    expect(award).toEqual({ firstName: '-Jo', lastName: 'Doe, Jr.' });

    const csvBody = await asKey(secret, 'POST', API_PATHS.organizationUploads(w.a.id), {
      headers: { 'content-type': 'text/csv; charset=utf-8' },
      payload: csv(['ALPHA-1,J-2,Jan,Body,,,2024-06-02']),
    });
    expect(csvBody.statusCode, csvBody.body).toBe(201);
    await t.runJobs();
    expect((await asKey(secret, 'GET', API_PATHS.upload(csvBody.json().id))).json()).toMatchObject({
      status: 'COMPLETED',
      rowsOk: 1,
    });

    const bad = await send({ rows: [{ credential_code: 'ALPHA-1', nickname: 'x' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toMatchObject({
      'rows.0.nickname': 'Unknown field',
      'rows.0.external_id': expect.any(String),
    });
    const tooMany = await send({
      rows: Array.from({ length: 10_001 }, () => rows.rows[0]),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().fieldErrors).toEqual({ rows: 'Send at most 10,000 rows at a time.' });
    const badKey = await send(rows, 'has spaces in it');
    expect(badKey.statusCode).toBe(400);
  });

  it('lists the awards changed since a time, a page at a time, without missing or repeating one', async () => {
    const url = (query: string) => `${API_PATHS.organizationAwardChanges(w.a.id)}?${query}`;
    const all = await asKey(secret, 'GET', url('since=2000-01-01T00:00:00Z&limit=1000'));
    expect(all.statusCode, all.body).toBe(200);
    const everything = all.json();
    expect(everything.more).toBe(false);
    expect(everything.items.map((a: { externalId: string }) => a.externalId)).toEqual(
      expect.arrayContaining(['K-1', 'J-1', 'J-2']),
    );
    // Page by page, one award a page: the same awards in the same order.
    const paged: number[] = [];
    let query = 'since=2000-01-01T00:00:00Z&limit=1';
    for (let page = 0; page < 50; page++) {
      const response = (await asKey(secret, 'GET', url(query))).json();
      paged.push(...response.items.map((a: { id: number }) => a.id));
      query = `cursor=${response.nextCursor}&limit=1`;
      if (!response.more) break;
    }
    expect(paged).toEqual(everything.items.map((a: { id: number }) => a.id));
    // Nothing changed since the last page: an empty page, the same cursor for next time.
    const after = (await asKey(secret, 'GET', url(query))).json();
    expect(after).toMatchObject({ items: [], more: false });
    // A change (a corrected award) shows after the cursor.
    await db
      .updateTable('awards')
      .set({ lastName: 'Corrected', updatedAt: new Date(Date.now() + 1000).toISOString() })
      .where('externalId', '=', 'K-1')
      .execute();
    const changed = (await asKey(secret, 'GET', url(`cursor=${after.nextCursor}`))).json();
    expect(changed.items.map((a: { lastName: string }) => a.lastName)).toEqual(['Corrected']);
    const bad = await asKey(secret, 'GET', url('cursor=not-a-cursor'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({
      cursor: 'Give the nextCursor of the previous page as it was.',
    });
  });

  it('reaches nothing its scopes do not cover, nor another organization', async () => {
    const refusedWith = async (
      response: Awaited<ReturnType<typeof asKey>>,
      status: number,
      message: string,
    ) => {
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().message).toBe(message);
      expect(response.body).not.toContain(secret);
    };
    await refusedWith(
      await asKey(secret, 'GET', API_PATHS.users),
      403,
      'API keys cannot call this endpoint',
    );
    await refusedWith(
      await asKey(secret, 'GET', API_PATHS.profile),
      403,
      'API keys cannot call this endpoint',
    );
    await refusedWith(
      await asKey(secret, 'GET', API_PATHS.apiKeys(w.a.id)),
      403,
      'API keys cannot call this endpoint',
    );
    await refusedWith(
      await asKey(secret, 'GET', `${API_PATHS.insightsData}?organizationId=${w.a.id}`),
      403,
      'This API key needs the scope insights:read for this endpoint',
    );
    await refusedWith(
      await asKey(secret, 'GET', API_PATHS.credentials),
      403,
      'This API key needs the scope credentials:read for this endpoint',
    );
    const other = await upload(secret, w.b.id, ['BETA-1,K-2,Kai,Key,,,2024-05-01']);
    expect(other.statusCode).toBe(404);
    await refusedWith(
      await asKey(secret, 'GET', API_PATHS.upload(1), {
        headers: { [ACTING_ORGANIZATION_HEADER]: String(w.b.id) },
      }),
      403,
      'An API key acts within its own organization only',
    );
  });

  it('is refused when malformed, unknown, expired or revoked, and rotates without a gap', async () => {
    const unauthorized = async (key: string) => {
      const response = await asKey(key, 'GET', API_PATHS.organizationUploads(w.a.id));
      expect(response.statusCode, key).toBe(401);
      expect(response.json().message).toBe('Invalid, expired or revoked API key');
    };
    expect((await asKey(secret, 'GET', API_PATHS.organizationUploads(w.a.id))).statusCode).toBe(
      200,
    );
    await unauthorized(`${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`);
    await unauthorized('laurel_live_short');
    // The right shape and checksum, but no such key.
    const { generateApiKey } = await import('../src/modules/api-keys/key-format.ts');
    await unauthorized(generateApiKey());

    const soon = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    const rotated = await asUser(w.adminA, 'POST', API_PATHS.apiKeyRotate(w.a.id, keyId), {
      oldKeyExpiresAt: soon,
    });
    expect(rotated.statusCode, rotated.body).toBe(201);
    const fresh = rotated.json().secret as string;
    expect(fresh).not.toBe(secret);
    expect(rotated.json()).toMatchObject({ name: 'Nightly SIS', scopes: ['awards:write'] });
    for (const key of [secret, fresh])
      expect((await asKey(key, 'GET', API_PATHS.organizationUploads(w.a.id))).statusCode).toBe(200);

    // The old key's time runs out.
    await db
      .updateTable('apiKeys')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', keyId)
      .execute();
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await unauthorized(secret);
    const listed = (await asUser(w.adminA, 'GET', API_PATHS.apiKeys(w.a.id))).json().items;
    expect(listed.map((k: { status: string }) => k.status)).toEqual(['ACTIVE', 'EXPIRED']);

    const revoked = await asUser(w.adminA, 'DELETE', API_PATHS.apiKey(w.a.id, rotated.json().id));
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ status: 'REVOKED' });
    await unauthorized(fresh);
    const audits = await db
      .selectFrom('auditEntries')
      .select(['summary'])
      .where('resourceType', '=', 'api-key')
      .orderBy('id')
      .execute();
    expect(audits.map((a) => a.summary)).toEqual([
      'Created the API key "Nightly SIS" (awards:write)',
      'Created the API key "Beta CRM" (credentials:read)',
      expect.stringMatching(/^Rotated the API key "Nightly SIS": it works until /),
      expect.stringMatching(/^Created the API key "Nightly SIS" replacing laurel_live_/),
      expect.stringMatching(/^Revoked the API key "Nightly SIS" \(laurel_live_/),
    ]);
  });
});

describe('an API key in the log', () => {
  it('never appears in the log lines of its creation, its use, a refusal or its revocation', async () => {
    let logged = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged += chunk.toString('utf8');
        done();
      },
    });
    const t = await createTestApp('sqlite', { loggerInstance: pino({ level: 'trace' }, sink) });
    try {
      const w = await createWorld(t);
      const token = await w.token(w.adminA);
      const created = await t.app.inject({
        method: 'POST',
        url: API_PATHS.apiKeys(w.a.id),
        headers: { authorization: `Bearer ${token}` },
        payload: { name: 'Logged', scopes: ['awards:read'] },
      });
      const { id, secret } = created.json() as { id: number; secret: string };
      const use = (key: string, url = API_PATHS.organizationUploads(w.a.id)) =>
        t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } });
      expect((await use(secret)).statusCode).toBe(200);
      expect((await use(secret, API_PATHS.users)).statusCode).toBe(403);
      expect((await use(`${secret.slice(0, -2)}xx`)).statusCode).toBe(401);
      await t.app.inject({
        method: 'DELETE',
        url: API_PATHS.apiKey(w.a.id, id),
        headers: { authorization: `Bearer ${token}` },
      });
      expect((await use(secret)).statusCode).toBe(401);
      expect(logged.length).toBeGreaterThan(1000);
      // Neither the key nor its random part, whole or cut.
      expect(logged).not.toContain(secret.slice(12, 40));
      expect(logged).not.toContain(secret.slice(20));
    } finally {
      await t.close();
    }
  });
});
