import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ZCredentialPatchBody } from '@laurel/contract/credentials';
import { ZOrganizationPatchBody } from '@laurel/contract/organizations';
import { API_PATHS } from '@laurel/contract/paths';
import { ZUpdateProfileBody } from '@laurel/contract/profile';

import { createTestApp, type TestApp } from './helpers/app.ts';
import { type BuiltUser, createCredential, createOrganization } from './helpers/builders.ts';
import { DIALECTS } from './helpers/database.ts';
import { createWorld, type World } from './helpers/world.ts';

/**
 * An edit of a credential, an organization or a profile is told on the audit trail as the fields
 * whose stored value changed, each as `field: old → new`, in the words the trail has always used.
 */
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe.each(DIALECTS)('what an edit records on the audit trail on %s', (dialect) => {
  let t: TestApp;
  let w: World;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await createWorld(t);
  });
  afterAll(() => t?.close());

  const db = () => t.database.handle.db;

  /** Sends the change and answers the summary of the one entry it wrote. */
  async function summaryOf(user: BuiltUser, url: string, body: unknown): Promise<string> {
    // Signed in first, so that the sign-in's own entry comes before the watch.
    const token = await w.token(user);
    const { max } = await db()
      .selectFrom('auditEntries')
      .select((eb) => eb.fn.max('id').as('max'))
      .executeTakeFirstOrThrow();
    const response = await t.app.inject({
      method: 'PATCH',
      url,
      headers: { authorization: `Bearer ${token}` },
      payload: body as object,
    });
    expect(response.statusCode, response.body).toBe(200);
    const entries = await db()
      .selectFrom('auditEntries')
      .select('summary')
      .where('id', '>', Number(max ?? 0))
      .execute();
    expect(entries).toHaveLength(1);
    return entries[0]!.summary;
  }

  describe('a credential', () => {
    let id: number;
    const name = 'Audited Welding Certificate';
    const edit = (body: unknown) => summaryOf(w.adminA, API_PATHS.credential(id), body);

    beforeAll(async () => {
      id = await createCredential(db(), w.a.id, { code: 'AUD-1', name });
    });

    it('names each changed field with its old and new value, an empty one as a dash', async () => {
      expect(await edit({ program_code: '15.0503' })).toBe(
        `Updated credential "${name}": program_code: — → "15.0503"`,
      );
      expect(await edit({ type_id: 2, description: 'Welding, the basics.' })).toBe(
        `Updated credential "${name}": type_id: 1 → 2, description: — → "Welding, the basics."`,
      );
      expect(await edit({ description: null })).toBe(
        `Updated credential "${name}": description: "Welding, the basics." → —`,
      );
    });

    it('leaves out a field sent with the value it has, trimmed as it is stored', async () => {
      expect(
        await edit({ code: 'AUD-1', program_code: ' 15.0503 ', name: 'Audited Welding' }),
      ).toBe(`Updated credential "${name}": name: "${name}" → "Audited Welding"`);
      expect(await edit({ name: `  ${name} ` })).toBe(
        `Updated credential "Audited Welding": name: "Audited Welding" → "${name}"`,
      );
      expect(await edit({ code: 'AUD-1', type_id: 2 })).toBe(
        `Updated credential "${name}": no changes`,
      );
    });

    it('tells an archiving in words, and a return to active as a change of status', async () => {
      expect(await edit({ status: 'ARCHIVED' })).toBe(`Archived credential "${name}"`);
      expect(await edit({ status: 'ACTIVE' })).toBe(
        `Updated credential "${name}": status: "ARCHIVED" → "ACTIVE"`,
      );
    });
  });

  describe('an organization', () => {
    it('names changed text and switches, and leaves out those sent unchanged', async () => {
      const organization = await createOrganization(db(), { name: 'Audited Technical College' });
      const edit = (body: unknown) =>
        summaryOf(w.platformAdmin, API_PATHS.organization(organization.id), body);
      expect(await edit({ city: 'Duluth', state: 'MN' })).toBe(
        `Updated organization "${organization.name}": city: — → "Duluth", state: — → "MN"`,
      );
      expect(await edit({ city: 'Saint Paul', state: 'MN' })).toBe(
        `Updated organization "${organization.name}": city: "Duluth" → "Saint Paul"`,
      );
      expect(await edit({ insights_entitled: false, mfa_required: false, type_id: 2 })).toBe(
        `Updated organization "${organization.name}": type_id: 3 → 2, insights_entitled: true → false`,
      );
    });
  });

  describe('a profile', () => {
    it('names the changed fields of the person whose profile it is', async () => {
      const person = await t.createUser(w.a.id, { firstName: 'Grace', lastName: 'Hopper' });
      const edit = (body: unknown) => summaryOf(person, API_PATHS.updateProfile(person.id), body);
      expect(
        await edit({
          first_name: 'Grace',
          last_name: 'Murray Hopper',
          salutation: null,
          pronoun: null,
          title: 'Rear Admiral',
        }),
      ).toBe(
        `Profile of ${person.email}: last_name: "Hopper" → "Murray Hopper", title: — → "Rear Admiral"`,
      );
      expect(
        await edit({ first_name: 'Grace', last_name: 'Murray Hopper', title: 'Rear Admiral' }),
      ).toBe(`Profile of ${person.email}: no changes`);
    });

    it('tells an optional field left out as cleared, as it is stored', async () => {
      const person = await t.createUser(w.a.id, { firstName: 'Ada', lastName: 'Lovelace' });
      const edit = (body: unknown) => summaryOf(person, API_PATHS.updateProfile(person.id), body);
      await edit({ first_name: 'Ada', last_name: 'Lovelace', title: 'Analyst' });
      expect(await edit({ first_name: 'Ada', last_name: 'Lovelace' })).toBe(
        `Profile of ${person.email}: title: "Analyst" → —`,
      );
      const profile = await t.app.inject({
        method: 'GET',
        url: API_PATHS.profile,
        headers: { authorization: `Bearer ${await w.token(person)}` },
      });
      expect(profile.json()).toMatchObject({ title: null });
    });
  });
  /**
   * The step a new field of an edit's body needs and that is easy to forget: a column that stores
   * it and a record that reads it back, so that the trail tells its change. Every field of the
   * contract's body is changed alone here; a field this table has no new value for fails first.
   */
  describe('every field of an edit body', () => {
    const CHANGES = {
      credential: {
        schema: ZCredentialPatchBody,
        values: {
          name: 'Renamed Certificate',
          code: 'AUD-RENAMED',
          type_id: 2,
          program_code: '15.0503',
          description: 'Welding, the basics.',
          status: 'ACTIVE',
        },
      },
      organization: {
        schema: ZOrganizationPatchBody,
        values: {
          name: 'Renamed Technical College',
          type_id: 2,
          login_mode_id: 2,
          website: 'https://renamed.example.edu',
          city: 'Duluth',
          state: 'MN',
          status: 'INACTIVE',
          salesforce_account_id: 'a0B5e00000AbCdE',
          insights_entitled: false,
          mfa_required: true,
          passkeys_allowed: false,
          email_codes_allowed: false,
        },
      },
      profile: {
        schema: ZUpdateProfileBody,
        values: {
          first_name: 'Amazing',
          last_name: 'Grace',
          salutation: 'DR',
          pronoun: 'SHE_HER',
          title: 'Rear Admiral',
        },
      },
    } as const;

    it.each(Object.keys(CHANGES) as (keyof typeof CHANGES)[])(
      'has a new value for each field of the %s body',
      (entity) => {
        const { schema, values } = CHANGES[entity];
        expect(Object.keys(values).sort()).toEqual(Object.keys(schema.shape).sort());
      },
    );

    /** A fresh record of `entity`: the URL its edit goes to, who may edit it, and the body's base. */
    async function fresh(entity: keyof typeof CHANGES, n: number) {
      if (entity === 'credential') {
        const id = await createCredential(db(), w.a.id, { code: `AUD-F${n}`, name: `Field ${n}` });
        // Stored archived, so that making it active again is told as a change of status.
        await db()
          .updateTable('credentials')
          .set({ status: 'ARCHIVED' })
          .where('id', '=', id)
          .execute();
        return { url: API_PATHS.credential(id), by: w.adminA, base: {} };
      }
      if (entity === 'organization') {
        const organization = await createOrganization(db(), { name: `Field College ${n}` });
        return { url: API_PATHS.organization(organization.id), by: w.platformAdmin, base: {} };
      }
      const person = await t.createUser(w.a.id, { firstName: 'Grace', lastName: 'Hopper' });
      return {
        url: API_PATHS.updateProfile(person.id),
        by: person,
        base: { first_name: 'Grace', last_name: 'Hopper' },
      };
    }

    let n = 0;
    for (const [entity, { schema, values }] of Object.entries(CHANGES) as [
      keyof typeof CHANGES,
      (typeof CHANGES)[keyof typeof CHANGES],
    ][])
      for (const field of Object.keys(schema.shape))
        it(`stores a change of the ${entity}'s ${field} and tells it`, async () => {
          const value = (values as Record<string, unknown>)[field];
          expect(value, `a new value for ${field} in CHANGES.${entity}`).toBeDefined();
          const { url, by, base } = await fresh(entity, ++n);
          const summary = await summaryOf(by, url, { ...base, [field]: value });
          expect(summary).toMatch(
            new RegExp(`: ${field}: [^,]+ → ${escape(JSON.stringify(value))}$`),
          );
        });
  });
});
