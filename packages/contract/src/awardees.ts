import { z } from 'zod';

import { AWARD_MATCH_STATUSES } from './credentials.ts';
import { BADGE_STATES } from './open-badges.ts';

/** One award of an awardee, with the credential it is of. */
const ZAwardeeAward = z
  .object({
    id: z.number().int(),
    credentialId: z.number().int(),
    credentialName: z.string(),
    credentialCode: z.string(),
    awardDate: z.string(),
    matchStatus: z.enum(AWARD_MATCH_STATUSES),
    /** The award's signed credential: its live one, else the latest revoked, else not issued. */
    signedCredential: z.object({
      state: z.enum(BADGE_STATES),
      /** Its public page; null when not issued. */
      verificationUrl: z.string().nullable(),
    }),
  })
  .meta({ id: 'AwardeeAward' });

/**
 * A person holding awards: one organization's awards with the same external id, newest first; the
 * name and e-mail address are those of the newest. Personal data: visible inside the organization
 * and to platform admins.
 */
export const ZAwardee = z
  .object({
    organizationId: z.number().int(),
    organizationName: z.string(),
    /** Whether the organization's contract includes earnings data (match statuses mean something). */
    insightsEntitled: z.boolean(),
    externalId: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().nullable(),
    awards: z.array(ZAwardeeAward),
  })
  .meta({ id: 'Awardee' });
export type TAwardee = z.infer<typeof ZAwardee>;
