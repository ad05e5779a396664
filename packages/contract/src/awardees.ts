import { z } from 'zod';

import { AWARD_MATCH_STATUSES } from './credentials.ts';

/** One award of an awardee, with the credential it is of. */
export const ZAwardeeAward = z
  .object({
    id: z.number().int(),
    credentialId: z.number().int(),
    credentialName: z.string(),
    credentialCode: z.string(),
    awardDate: z.string(),
    matchStatus: z.enum(AWARD_MATCH_STATUSES),
  })
  .meta({ id: 'AwardeeAward' });
export type TAwardeeAward = z.infer<typeof ZAwardeeAward>;

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
