import { z } from 'zod';

const ZMessageValues = z.record(z.string(), z.union([z.string(), z.number()]));

/**
 * The one error shape of every /api response that is not a success. `message` and `fieldErrors`
 * are in the request's language (`Accept-Language`: English or Spanish); `messageKey`,
 * `messageValues` and `fieldErrorKeys` name the same messages by their stable catalogue keys
 * (`@laurel/contract/i18n/api.en`) for clients that translate themselves (decision 066).
 */
export const ZErrorResponse = z
  .object({
    message: z.string(),
    fieldErrors: z.record(z.string(), z.string()).optional(),
    messageKey: z.string().optional(),
    messageValues: ZMessageValues.optional(),
    fieldErrorKeys: z
      .record(z.string(), z.object({ key: z.string(), values: ZMessageValues.optional() }))
      .optional(),
  })
  .meta({ id: 'ErrorResponse' });
export type TErrorResponse = z.infer<typeof ZErrorResponse>;
