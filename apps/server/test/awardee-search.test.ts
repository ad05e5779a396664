import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ACTING_ORGANIZATION_HEADER } from '@laurel/contract/paths';
import type { TSearchResult } from '@laurel/contract/search';

import { sql } from 'kysely';

import { containsText, firstMatches, textFilter } from '../src/db/text-search.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { type BuiltUser, createCredential } from './helpers/builders.ts';
import { DIALECTS } from './helpers/database.ts';
import { createWorld, type World } from './helpers/world.ts';

describe.each(DIALECTS)('awardees in global search and the person view on %s', (dialect) => {
  let t: TestApp;
  let w: World;
  /** Jordan Whitfield of Alpha: two awards of two credentials. */
  const jordan = { older: 0, newer: 0 };
  /** Alpha's awardee Whitfield has a namesake at Beta, with the same external id. */
  let namesakeAtBeta = 0;
  let secondCredentialA = 0;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await createWorld(t);
    const db = t.database.handle.db;
    secondCredentialA = await createCredential(db, w.a.id, {
      code: 'ALPHA-2',
      name: 'Alpha Plumbing Diploma',
    });
    const now = new Date().toISOString();
    const award = async (
      organizationId: number,
      credentialId: number,
      fields: { externalId: string; firstName: string; lastName: string; email: string | null },
      awardDate: string,
      matchStatus = 'PENDING',
    ) =>
      (
        await db
          .insertInto('awards')
          .values({
            organizationId,
            credentialId,
            ...fields,
            dateOfBirth: null,
            awardDate,
            awardYear: Number(awardDate.slice(0, 4)),
            uploadId: null,
            matchStatus,
            createdAt: now,
            updatedAt: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const jordanFields = {
      externalId: 'NEW-10001',
      firstName: 'Jordan',
      lastName: 'Whitfield',
      email: 'jordan.whitfield@example.test',
    };
    jordan.older = await award(w.a.id, w.credentialA, jordanFields, '2019-05-20', 'MATCHED');
    jordan.newer = await award(w.a.id, secondCredentialA, jordanFields, '2023-12-01');
    namesakeAtBeta = await award(
      w.b.id,
      w.credentialB,
      { externalId: 'NEW-10001', firstName: 'Casey', lastName: 'Whitfield', email: null },
      '2022-06-30',
      'NOT_MATCHED',
    );
  });
  afterAll(() => t?.close());

  async function get(user: BuiltUser, url: string, headers: Record<string, string> = {}) {
    return t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${await w.token(user)}`, ...headers },
    });
  }
  async function awardees(user: BuiltUser, q: string, headers: Record<string, string> = {}) {
    const response = await get(user, `/api/search?q=${encodeURIComponent(q)}`, headers);
    expect(response.statusCode).toBe(200);
    return (response.json() as { results: TSearchResult[] }).results.filter(
      (r) => r.itemType === 'awardees',
    );
  }

  describe('global search', () => {
    it('finds an awardee by external id, once, with their newest award', async () => {
      expect(await awardees(w.userA, 'NEW-10001')).toEqual([
        {
          itemType: 'awardees',
          itemId: jordan.newer,
          title: 'Jordan Whitfield',
          subtitle: 'NEW-10001 · jordan.whitfield@example.test · Alpha College',
          organizationId: w.a.id,
        },
      ]);
    });

    it('finds an awardee by surname, by full name and by e-mail address, in any case', async () => {
      for (const q of ['whitf', 'Jordan Whitfield', 'JORDAN.WHITFIELD@example', 'new-10001'])
        expect((await awardees(w.adminA, q)).map((r) => r.itemId)).toEqual([jordan.newer]);
    });

    it("never finds another organization's awardee", async () => {
      // Beta's Whitfield holds the same external id and surname: Alpha's people never see them.
      for (const user of [w.userA, w.adminA])
        for (const q of ['Whitfield', 'NEW-10001', 'Casey'])
          expect(
            (await awardees(user, q)).every((r) => r.organizationId === w.a.id),
            `${q}`,
          ).toBe(true);
      expect(await awardees(w.userA, 'Casey')).toEqual([]);
      const fromB = await awardees(w.userB, 'Whitfield');
      expect(fromB.map((r) => [r.itemId, r.title])).toEqual([[namesakeAtBeta, 'Casey Whitfield']]);
      expect(await awardees(w.userB, 'jordan.whitfield')).toEqual([]);
    });

    it("finds every organization's awardees for a platform admin, and only the acting organization's while acting", async () => {
      const all = await awardees(w.platformAdmin, 'Whitfield');
      expect(all.map((r) => r.organizationId).sort()).toEqual([w.a.id, w.b.id].sort());
      const actingInB = await awardees(w.platformAdmin, 'Whitfield', {
        [ACTING_ORGANIZATION_HEADER]: String(w.b.id),
      });
      expect(actingInB.map((r) => r.itemId)).toEqual([namesakeAtBeta]);
    });

    it('keeps the search index in step with changed and removed awards', async () => {
      const db = t.database.handle.db;
      const extra = (
        await db
          .insertInto('awards')
          .values({
            organizationId: w.a.id,
            credentialId: w.credentialA,
            externalId: 'NEW-77777',
            firstName: 'Robin',
            lastName: 'Okonkwo',
            email: null,
            dateOfBirth: null,
            awardDate: '2024-01-10',
            awardYear: 2024,
            uploadId: null,
            createdAt: new Date().toISOString(),
            updatedAt: new Date().toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      expect((await awardees(w.userA, 'okonkwo')).map((r) => r.itemId)).toEqual([extra]);
      // A match status written by matching leaves the texts as they were.
      await db
        .updateTable('awards')
        .set({ matchStatus: 'MATCHED' })
        .where('id', '=', extra)
        .execute();
      expect((await awardees(w.userA, 'okonkwo')).map((r) => r.itemId)).toEqual([extra]);
      await db
        .updateTable('awards')
        .set({ lastName: 'Adeyemi', email: 'robin@example.test' })
        .where('id', '=', extra)
        .execute();
      expect(await awardees(w.userA, 'okonkwo')).toEqual([]);
      expect((await awardees(w.userA, 'adeyemi')).map((r) => r.title)).toEqual(['Robin Adeyemi']);
      expect((await awardees(w.userA, 'robin@example')).map((r) => r.itemId)).toEqual([extra]);
      await db.deleteFrom('awards').where('id', '=', extra).execute();
      expect(await awardees(w.userA, 'adeyemi')).toEqual([]);
    });

    it('finds one and two characters of the texts through the text indexes, as a substring match does', async () => {
      const db = t.database.handle.db;
      for (const text of ['wh', 'W', '-1', '@', 'zq']) {
        const pattern = `%${text.toLowerCase()}%`;
        const expected = (
          await db
            .selectFrom('awards')
            .select('id')
            .where((eb) =>
              eb.or([
                eb(eb.fn('lower', [eb.ref('firstName')]), 'like', pattern),
                eb(eb.fn('lower', [eb.ref('lastName')]), 'like', pattern),
                eb(eb.fn('lower', [eb.ref('email')]), 'like', pattern),
                eb(eb.fn('lower', [eb.ref('externalId')]), 'like', pattern),
              ]),
            )
            .orderBy('id')
            .execute()
        ).map((r) => r.id);
        const viaCondition = await db
          .selectFrom('awards as a')
          .select('a.id')
          .where(containsText(db, 'awards', 'a', text))
          .orderBy('a.id')
          .execute();
        expect(
          viaCondition.map((r) => r.id),
          text,
        ).toEqual(expected);
        const filter = textFilter(db, 'awards', 'a', text);
        const viaIds = await db
          .selectFrom('awards as a')
          .select('a.id')
          .where('a.id', 'in', filter.ids as never)
          .orderBy('a.id')
          .execute();
        expect(
          viaIds.map((r) => r.id),
          text,
        ).toEqual(expected);
        const first = await db
          .selectFrom('awards as a')
          .select('a.id')
          .where('a.id', 'in', firstMatches(db, 'awards', 'a', text, 1000))
          .orderBy('a.id')
          .execute();
        expect(
          first.map((r) => r.id),
          text,
        ).toEqual(expected);
        const ofBeta = await db
          .selectFrom('awards as a')
          .select('a.id')
          .where(
            'a.id',
            'in',
            firstMatches(db, 'awards', 'a', text, 1000, sql`a.organization_id = ${w.b.id}`),
          )
          .orderBy('a.id')
          .execute();
        const expectedOfBeta = (
          await db
            .selectFrom('awards')
            .select('id')
            .where('id', 'in', expected.length ? expected : [0])
            .where('organizationId', '=', w.b.id)
            .orderBy('id')
            .execute()
        ).map((r) => r.id);
        expect(
          ofBeta.map((r) => r.id),
          text,
        ).toEqual(expectedOfBeta);
      }
      // At most `limit` of them.
      const one = await db
        .selectFrom('awards as a')
        .select('a.id')
        .where('a.id', 'in', firstMatches(db, 'awards', 'a', 'whitfield', 1))
        .execute();
      expect(one).toHaveLength(1);
    });

    it('still refuses a text shorter than three characters', async () => {
      const response = await get(w.userA, '/api/search?q=wh');
      expect(response.statusCode).toBe(400);
    });
  });

  describe('the person view', () => {
    it("lists the awardee's awards in the organization, newest first, from any of them", async () => {
      for (const id of [jordan.older, jordan.newer]) {
        const response = await get(w.userA, `/api/awards/${id}/awardee`);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({
          organizationId: w.a.id,
          organizationName: 'Alpha College',
          insightsEntitled: true,
          externalId: 'NEW-10001',
          firstName: 'Jordan',
          lastName: 'Whitfield',
          email: 'jordan.whitfield@example.test',
          awards: [
            {
              id: jordan.newer,
              credentialId: secondCredentialA,
              credentialName: 'Alpha Plumbing Diploma',
              credentialCode: 'ALPHA-2',
              awardDate: '2023-12-01',
              matchStatus: 'PENDING',
              signedCredential: { state: 'NOT_ISSUED', verificationUrl: null },
            },
            {
              id: jordan.older,
              credentialId: w.credentialA,
              credentialName: 'Alpha Welding Certificate',
              credentialCode: 'ALPHA-1',
              awardDate: '2019-05-20',
              matchStatus: 'MATCHED',
              signedCredential: { state: 'NOT_ISSUED', verificationUrl: null },
            },
          ],
        });
      }
    });

    it("shows the organization's own people and platform admins only", async () => {
      // Beta's namesake with the same external id is another person.
      const atBeta = await get(w.adminB, `/api/awards/${namesakeAtBeta}/awardee`);
      expect(atBeta.json().awards.map((a: { id: number }) => a.id)).toEqual([namesakeAtBeta]);
      for (const user of [w.userB, w.adminB]) {
        const refused = await get(user, `/api/awards/${jordan.newer}/awardee`);
        expect(refused.statusCode).toBe(404);
        expect(refused.body).not.toContain('Whitfield');
      }
      expect((await get(w.userA, `/api/awards/${namesakeAtBeta}/awardee`)).statusCode).toBe(404);
      const admin = await get(w.platformAdmin, `/api/awards/${jordan.older}/awardee`);
      expect(admin.statusCode).toBe(200);
      expect(admin.json().awards).toHaveLength(2);
    });

    it('answers 404 for an award that does not exist and 400 for a malformed id', async () => {
      expect((await get(w.userA, '/api/awards/987654/awardee')).statusCode).toBe(404);
      expect((await get(w.userA, '/api/awards/abc/awardee')).statusCode).toBe(400);
      const unsigned = await t.app.inject({
        method: 'GET',
        url: `/api/awards/${jordan.older}/awardee`,
      });
      expect(unsigned.statusCode).toBe(401);
    });
  });
});
