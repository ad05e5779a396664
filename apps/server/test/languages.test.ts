import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { MESSAGES } from '@laurel/contract/messages';
import { API_PATHS } from '@laurel/contract/paths';
import { ROLES } from '@laurel/contract/roles';

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

  it('is none until the person chooses, then the chosen one, kept and audited', async () => {
    const person = await t.createUser(w.a.id, { firstName: 'Lucía', lastName: 'Reyes' });
    const token = await w.token(person);
    const profile = () =>
      t.app.inject({ url: API_PATHS.profile, headers: { authorization: `Bearer ${token}` } });
    expect((await profile()).json()).toMatchObject({ id: person.id, language: null });

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
      { summary: `Profile of ${person.email}: language: — → "es"`, actorUserId: person.id },
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

  describe('errors', () => {
    const call = async (
      language: string | undefined,
      method: 'GET' | 'POST' | 'PATCH',
      url: string,
      payload?: object,
    ) =>
      t.app.inject({
        method,
        url,
        headers: {
          authorization: `Bearer ${await w.token(w.adminA)}`,
          ...(language ? { 'accept-language': language } : {}),
        },
        ...(payload ? { payload } : {}),
      });

    it('answer in English exactly as before, with their keys beside', async () => {
      const missing = await call(undefined, 'GET', '/api/credentials/999999');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: MESSAGES.notFound, messageKey: 'access.notFound' });
      const french = await call('fr-FR', 'GET', '/api/credentials/999999');
      expect(french.json()).toEqual(missing.json());
    });

    it('answer in Spanish when the request prefers it, keys and arguments unchanged', async () => {
      const missing = await call('es-MX,es;q=0.9,en;q=0.5', 'GET', '/api/credentials/999999');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: 'No se encontró', messageKey: 'access.notFound' });

      const body = { email: 'not-an-address', first_name: '', last_name: 'Reyes', role_id: 100 };
      const url = API_PATHS.organizationInvitations(w.a.id);
      const english = await call('en', 'POST', url, body);
      const spanish = await call('es', 'POST', url, body);
      expect([english.statusCode, spanish.statusCode]).toEqual([400, 400]);
      expect(english.json()).toEqual({
        message: 'Invalid body',
        messageKey: 'request.invalid',
        messageValues: { where: 'body' },
        fieldErrors: { email: 'Enter a valid e-mail address', first_name: 'Enter the first name' },
        fieldErrorKeys: {
          email: { key: 'field.enterEmail' },
          first_name: { key: 'field.enterFirstName' },
        },
      });
      expect(spanish.json()).toEqual({
        ...english.json(),
        message: 'Cuerpo de la solicitud no válido',
        fieldErrors: {
          email: 'Ingrese una dirección de correo electrónico válida',
          first_name: 'Ingrese el nombre',
        },
      });
    });

    it('say a composed message in Spanish with its arguments', async () => {
      const response = await call('es', 'POST', API_PATHS.bookmarks, {
        item_id: 999999,
        item_type: 'credentials',
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        message: 'No existe ninguna credencial con el id 999999',
        messageKey: 'bookmarks.noItem',
        messageValues: { itemType: 'credential', id: 999999 },
      });
    });
  });

  it("writes an invitation to a new person in the inviting request's language", async () => {
    const email = 'nueva.persona@example.org';
    const response = await t.app.inject({
      method: 'POST',
      url: API_PATHS.organizationInvitations(w.a.id),
      headers: {
        authorization: `Bearer ${await w.token(w.adminA)}`,
        'accept-language': 'es-419',
      },
      payload: {
        email,
        first_name: 'Lucía',
        last_name: 'Reyes',
        role_id: ROLES.USER,
        approve_additional_seat: true,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const [sent] = await t.database.handle.db
      .selectFrom('outboxEmails')
      .selectAll()
      .where('toAddress', '=', email)
      .execute();
    expect(sent).toMatchObject({ subject: 'Lo invitan a unirse a Alpha College en Laurel' });
  });
});
