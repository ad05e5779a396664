import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { API_PATHS } from '@laurel/contract/paths';

import type { Database } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import type { BuiltUser } from './helpers/builders.ts';
import { DIALECTS } from './helpers/database.ts';
import { createWorld, type World } from './helpers/world.ts';

const AWARDS = 10_000;
/** One award in this many has an e-mail address (its holder is sent the link). */
const WITH_EMAIL_EVERY = 1_000;

describe.each(DIALECTS)('issuing the signed credentials of 10,000 awards on %s', (dialect) => {
  let t: TestApp;
  let w: World;
  let db: Kysely<Database>;
  let awardIds: number[] = [];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await createWorld(t);
    db = t.database.handle.db;
    await db.deleteFrom('awards').where('credentialId', '=', w.credentialA).execute();
    const now = new Date().toISOString();
    for (let start = 0; start < AWARDS; start += 500) {
      await db
        .insertInto('awards')
        .values(
          Array.from({ length: Math.min(500, AWARDS - start) }, (_, k) => {
            const i = start + k;
            return {
              organizationId: w.a.id,
              credentialId: w.credentialA,
              externalId: `S-${String(i).padStart(5, '0')}`,
              firstName: `Holder${i}`,
              lastName: `Person-${i % 97}`,
              email: i % WITH_EMAIL_EVERY === 0 ? `holder${i}@example.test` : null,
              dateOfBirth: null,
              awardDate: `20${20 + (i % 5)}-06-${String(1 + (i % 28)).padStart(2, '0')}`,
              awardYear: 2020 + (i % 5),
              uploadId: null,
              createdAt: now,
              updatedAt: now,
            };
          }),
        )
        .execute();
    }
    awardIds = (
      await db
        .selectFrom('awards')
        .select('id')
        .where('credentialId', '=', w.credentialA)
        .orderBy('id')
        .execute()
    ).map((row) => Number(row.id));
  }, 120_000);
  afterAll(() => t?.close());

  const call = async (user: BuiltUser, method: 'PUT' | 'POST', url: string, payload: object) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${await w.token(user)}` },
      payload,
    });
  const issueAll = async () => {
    const queued = await call(w.adminA, 'POST', API_PATHS.credentialIssue(w.credentialA), {});
    expect(queued.statusCode, queued.body).toBe(202);
    await t.runJobs();
  };
  const rows = () =>
    db
      .selectFrom('issuedCredentials')
      .select([
        'id',
        'awardId',
        'status',
        'statusListId',
        'statusIndex',
        'holderName',
        'revocationReason',
      ])
      .where('credentialId', '=', w.credentialA)
      .execute();
  const countOf = async (code: string) =>
    Number(
      (
        await db
          .selectFrom('auditEntries as e')
          .innerJoin('auditTypes as y', 'y.id', 'e.typeId')
          .where('y.code', '=', code)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const outboxCount = async () =>
    Number(
      (
        await db
          .selectFrom('outboxEmails')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('subject', 'like', 'Your credential from%')
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('issues every award once, and a second run issues nothing new', async () => {
    expect(awardIds).toHaveLength(AWARDS);
    expect(
      (
        await call(w.platformAdmin, 'PUT', API_PATHS.organizationIssuing(w.a.id), {
          issuingAllowed: true,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await call(w.adminA, 'PUT', API_PATHS.credentialIssuing(w.credentialA), { enabled: true }))
        .statusCode,
    ).toBe(200);
    await issueAll();
    const first = await rows();
    expect(first).toHaveLength(AWARDS);
    expect(first.every((row) => row.status === 'ISSUED')).toBe(true);
    expect(new Set(first.map((row) => Number(row.awardId))).size).toBe(AWARDS);
    expect(new Set(first.map((row) => `${row.statusListId}:${row.statusIndex}`)).size).toBe(AWARDS);
    expect(await countOf('CREDENTIAL_ISSUED')).toBe(AWARDS);
    expect(await outboxCount()).toBe(AWARDS / WITH_EMAIL_EVERY);

    // A sample checks out with Laurel's verifier (the independent one is in open-badges.test.ts).
    for (const row of [first[0]!, first[4_321]!, first.at(-1)!]) {
      const { verificationId } = await db
        .selectFrom('issuedCredentials')
        .select('verificationId')
        .where('id', '=', row.id)
        .executeTakeFirstOrThrow();
      const document = await t.app.inject({
        method: 'GET',
        url: `/verify/${verificationId}/credential.json`,
      });
      const report = await t.app.inject({
        method: 'POST',
        url: API_PATHS.verify,
        payload: document.json(),
      });
      expect(report.json().verified, report.body).toBe(true);
    }

    await issueAll();
    const second = await rows();
    expect(second).toHaveLength(AWARDS);
    expect(await countOf('CREDENTIAL_ISSUED')).toBe(AWARDS);
    expect(await outboxCount()).toBe(AWARDS / WITH_EMAIL_EVERY);
  }, 240_000);

  it('revokes and issues again the corrected awards and revokes the deleted ones', async () => {
    const corrected = awardIds.filter((_, i) => i % 331 === 7).slice(0, 30);
    const deleted = awardIds
      .filter((id, i) => i % 997 === 3 && !corrected.includes(id))
      .slice(0, 5);
    expect(corrected).toHaveLength(30);
    expect(deleted).toHaveLength(5);
    await db
      .updateTable('awards')
      .set({ lastName: 'Corrected' })
      .where('id', 'in', corrected)
      .execute();
    await db.deleteFrom('awards').where('id', 'in', deleted).execute();
    await issueAll();

    const after = await rows();
    const live = after.filter((row) => row.status === 'ISSUED');
    const revoked = after.filter((row) => row.status === 'REVOKED');
    expect(live).toHaveLength(AWARDS - deleted.length);
    expect(revoked).toHaveLength(corrected.length + deleted.length);
    expect(after).toHaveLength(AWARDS + corrected.length);
    expect(revoked.filter((row) => row.revocationReason === 'The award was deleted.')).toHaveLength(
      deleted.length,
    );
    expect(
      revoked.filter(
        (row) =>
          row.revocationReason === 'The award was corrected; a new credential replaces this one.',
      ),
    ).toHaveLength(corrected.length);
    const correctedLive = live.filter((row) => corrected.includes(Number(row.awardId)));
    expect(correctedLive).toHaveLength(corrected.length);
    expect(correctedLive.every((row) => row.holderName.endsWith(' Corrected'))).toBe(true);
    expect(await countOf('CREDENTIAL_REVOKED')).toBe(corrected.length + deleted.length);
    expect(await countOf('CREDENTIAL_ISSUED')).toBe(AWARDS + corrected.length);
  }, 240_000);
});
