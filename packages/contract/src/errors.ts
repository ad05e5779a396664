import { z } from 'zod';

/** The one error shape of every /api response that is not a success. */
export const ZErrorResponse = z
  .object({
    message: z.string(),
    fieldErrors: z.record(z.string(), z.string()).optional(),
  })
  .meta({ id: 'ErrorResponse' });
export type TErrorResponse = z.infer<typeof ZErrorResponse>;
