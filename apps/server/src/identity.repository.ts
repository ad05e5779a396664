import type { Kysely } from 'kysely';

import type { TLanguage } from '@laurel/contract/profile';
import type { Database } from './db/schema.ts';

/** What `identity.ts` reads of the application's tables: its stored secret, the sign-in factors. */
export function createIdentityRepository(db: Kysely<Database>) {
  const readSetting = async (key: string) =>
    (await db.selectFrom('appSettings').select('value').where('key', '=', key).executeTakeFirst())
      ?.value;

  return {
    /** The stored demo secret key; the first caller's value when two instances start at once. */
    /** The language of the person with this e-mail address: English for an address of nobody. */
    async languageOfAddress(email: string): Promise<TLanguage> {
      const row = await db
        .selectFrom('users')
        .select('language')
        .where('email', '=', email)
        .executeTakeFirst();
      return row?.language === 'es' ? 'es' : 'en';
    },

    async secretKey(create: () => string): Promise<string> {
      const existing = await readSetting('secret_key');
      if (existing !== undefined) return existing;
      await db
        .insertInto('appSettings')
        .values({ key: 'secret_key', value: create() })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      const stored = await readSetting('secret_key');
      if (stored === undefined) throw new Error('The secret key was not stored');
      return stored;
    },

    /** What a person's organization allows beside the password (nothing for people without one). */
    async organizationSignInFactors(
      identityUsername: string,
    ): Promise<{ webAuthn: boolean; emailOtp: boolean }> {
      const row = await db
        .selectFrom('users')
        .innerJoin('organizations', 'organizations.id', 'users.organizationId')
        .select(['organizations.passkeysAllowed', 'organizations.emailCodesAllowed'])
        .where('users.identityUsername', '=', identityUsername)
        .executeTakeFirst();
      return {
        webAuthn: Boolean(row?.passkeysAllowed),
        emailOtp: Boolean(row?.emailCodesAllowed),
      };
    },
  };
}
