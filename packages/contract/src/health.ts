import { z } from 'zod';

export const ZHealth = z.object({ status: z.literal('ok') }).meta({ id: 'Health' });
export type THealth = z.infer<typeof ZHealth>;

export const ZReadiness = z
  .object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['ok', 'unavailable']) })
  .meta({ id: 'Readiness' });
export type TReadiness = z.infer<typeof ZReadiness>;
