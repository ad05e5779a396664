import { z } from 'zod';

export const ZHealth = z.object({ status: z.literal('ok') }).meta({ id: 'Health' });

/**
 * `starting` while migrations, the demo world and its first matching run; `stopping` once a
 * shutdown began (a load balancer takes the instance out of rotation); `unavailable` when the
 * database does not answer.
 */
export const ZReadiness = z
  .object({
    status: z.enum(['ok', 'starting', 'stopping', 'unavailable']),
    database: z.enum(['ok', 'unavailable']).optional(),
  })
  .meta({ id: 'Readiness' });
