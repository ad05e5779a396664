import { z } from 'zod';

import { MESSAGES } from './messages.ts';
import { ROLE_IDS } from './roles.ts';
import { oneTimeCode, ZPassword } from './sign-in.ts';

export const ZRoleId = z.union(ROLE_IDS.map((id) => z.literal(id)));

/** The languages Laurel speaks; English is the default (decision 066). */
export const LANGUAGES = ['en', 'es'] as const;
export const ZLanguage = z.enum(LANGUAGES).meta({ id: 'Language' });
export type TLanguage = z.infer<typeof ZLanguage>;

/** The signed-in person's profile (spec §3). */
export const ZProfile = z
  .object({
    id: z.number().int(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    salutation: z.string().nullable(),
    pronoun: z.string().nullable(),
    title: z.string().nullable(),
    nameConfirmed: z.boolean(),
    roleId: ZRoleId,
    organizationId: z.number().int(),
    organizationName: z.string(),
    /**
     * The language the person chose to read Laurel in (screens, e-mails, reports); null until they
     * choose, when the browser's language holds and e-mails are in English.
     */
    language: ZLanguage.nullable(),
    /**
     * Whether the person receives the monthly insights digest by e-mail (organization admins only;
     * false until they opt in).
     */
    insightsDigest: z.boolean(),
  })
  .meta({ id: 'Profile' });
export type TProfile = z.infer<typeof ZProfile>;

const name = z.string().trim().min(1, 'Required').max(100, 'At most 100 characters');
/** Text a person may leave empty; left out of the body, it is cleared. */
const optionalText = z.string().trim().max(100, 'At most 100 characters').nullable().default(null);

/**
 * Body of PATCH /api/users/{id}/profile, in the server's snake_case (spec §3): the whole profile,
 * so that an optional field left out is cleared.
 */
export const ZUpdateProfileBody = z
  .strictObject({
    first_name: name,
    last_name: name,
    salutation: optionalText,
    pronoun: optionalText,
    title: optionalText,
  })
  .meta({ id: 'UpdateProfileBody' });
export type TUpdateProfileBody = z.infer<typeof ZUpdateProfileBody>;

/**
 * Body of POST /api/users/profile/authenticator/remove: a current authenticator code or the
 * password, checked by the server before the authenticator app is removed.
 */
export const ZRemoveAuthenticatorBody = z
  .strictObject({
    code: oneTimeCode().optional(),
    password: ZPassword.max(256).optional(),
  })
  .refine((body) => (body.code === undefined) !== (body.password === undefined), {
    message: MESSAGES.stepUpRequired,
  })
  .meta({ id: 'RemoveAuthenticatorBody' });
export type TRemoveAuthenticatorBody = z.infer<typeof ZRemoveAuthenticatorBody>;

/** Body of PUT /api/users/profile/language: the signed-in person's language, kept. */
export const ZProfileLanguageBody = z
  .strictObject({ language: ZLanguage })
  .meta({ id: 'ProfileLanguageBody' });
export type TProfileLanguageBody = z.infer<typeof ZProfileLanguageBody>;

/**
 * Body of PUT /api/users/profile/insights-digest: whether the signed-in organization admin receives
 * the monthly insights digest by e-mail.
 */
export const ZProfileInsightsDigestBody = z
  .strictObject({ insightsDigest: z.boolean() })
  .meta({ id: 'ProfileInsightsDigestBody' });
export type TProfileInsightsDigestBody = z.infer<typeof ZProfileInsightsDigestBody>;
