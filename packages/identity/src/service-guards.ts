/** The embedded pool's guards of every call: the app client named, and the rate limits. */
import { IdentityError, MESSAGES } from './errors.ts';
import type { Pool } from './pool.ts';

export type Guards = ReturnType<typeof createGuards>;

export function createGuards(pool: Pool) {
  function checkClient(clientId: string): void {
    if (clientId !== pool.options.clientId)
      throw new IdentityError(
        'ResourceNotFoundException',
        `User pool client ${clientId} does not exist.`,
      );
  }

  async function rateLimit(
    key: string,
    limit: number,
    windowMs: number,
    type: 'TooManyRequestsException' | 'LimitExceededException',
  ): Promise<void> {
    const { allowed } = await pool.limiter.hit(key, limit, windowMs);
    if (!allowed)
      throw new IdentityError(
        type,
        type === 'LimitExceededException' ? MESSAGES.limitExceeded : MESSAGES.tooManyRequests,
      );
  }

  /** Counts a password sign-in (started or continued) from `ip`, `factor` times the start limit. */
  const signInLimit = (ip: string, factor = 1) =>
    rateLimit(
      `signin:${ip}`,
      pool.limits.signInsPerIpPerMinute * factor,
      60_000,
      'TooManyRequestsException',
    );

  return { checkClient, rateLimit, signInLimit };
}
