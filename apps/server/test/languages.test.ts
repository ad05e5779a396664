import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { API_PATHS } from '@laurel/contract/paths';

import { createTestApp, type TestApp } from './helpers/app.ts';
import type { BuiltUser } from './helpers/builders.ts';
import { DIALECTS } from './helpers/database.ts';
import { createWorld, type World } from './helpers/world.ts';

describe.each(DIALECTS)('the language a person reads Laurel in, on %s', (dialect) => {
  let t: TestApp;
  let w: World;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await createWorld(t);
  });
  afterAll(() => t?.close());

  const setLanguage = async (user: BuiltUser | null, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: API_PATHS.profileLanguage,
      headers: user ? { authorization: `Bearer ${await w.token(user)}` } : {},
      payload: payload as object,
    });

  it('is English until the person chooses, then the chosen one, kept and audited', async () => {
    const person = await t.createUser(w.a.id, { firstName: 'Lucía', lastName: 'Reyes' });
    const token = await w.token(person);
    const profile = () =>
      t.app.inject({ url: API_PATHS.profile, headers: { authorization: `Bearer ${token}` } });
    expect((await profile()).json()).toMatchObject({ id: person.id, language: 'en' });

    const chosen = await setLanguage(person, { language: 'es' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toMatchObject({ id: person.id, email: person.email, language: 'es' });
    expect((await profile()).json()).toMatchObject({ language: 'es' });

    const entries = await t.database.handle.db
      .selectFrom('auditEntries')
      .select(['summary', 'actorUserId'])
      .where('resourceType', '=', 'user')
      .where('resourceId', '=', String(person.id))
      .execute();
    expect(entries).toEqual([
      { summary: `Profile of ${person.email}: language: "en" → "es"`, actorUserId: person.id },
    ]);

    // The same language again changes nothing and records nothing.
    expect((await setLanguage(person, { language: 'es' })).statusCode).toBe(200);
    const after = await t.database.handle.db
      .selectFrom('auditEntries')
      .select('id')
      .where('resourceType', '=', 'user')
      .where('resourceId', '=', String(person.id))
      .execute();
    expect(after).toHaveLength(1);
  });

  it('refuses a language Laurel does not speak, an unknown field, and nobody signed in', async () => {
    const unknown = await setLanguage(w.userA, { language: 'fr' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fieldErrors).toHaveProperty('language');
    expect((await setLanguage(w.userA, { language: 'es', userId: w.adminA.id })).statusCode).toBe(
      400,
    );
    expect((await setLanguage(null, { language: 'es' })).statusCode).toBe(401);
  });
});
